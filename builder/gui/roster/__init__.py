"""The roster editor: the panels the window shows for a BattleScribe roster (SPEC §10, issue
39), as it shows the warband panels for a warband. Loaded when a roster or a BattleScribe game
is first opened, never at start-up.

- :mod:`.document` — :class:`RosterDocument`, the Qt face of the core's roster document;
- :mod:`.commands` — every edit as an undo command calling the document's API.
"""
