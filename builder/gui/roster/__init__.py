"""The roster editor: the panels the window shows for a BattleScribe roster (SPEC §10, issue
39), as it shows the warband panels for a warband. Loaded when a roster or a BattleScribe game
is first opened, never at start-up.

- :mod:`.editor` — :class:`RosterEditor`, the panels assembled and connected: the window's
  face for a roster;
- :mod:`.document` — :class:`RosterDocument`, the Qt face of the core's roster document;
- :mod:`.commands` — every edit as an undo command calling the document's API;
- :mod:`.outline` — the roster as a tree model (forces, categories, selections);
- :mod:`.tree` — that tree with *Add force…*, *Duplicate* and *Remove*;
- :mod:`.offers` — what can be added where the cursor is, with a filter;
- :mod:`.options` — a selection's options as the data shapes them;
- :mod:`.info` — profiles as tables per type, rules, own names and notes;
- :mod:`.header` — the roster's name, costs against limits and verdict;
- :mod:`.findings` — every finding, a click selecting its owner;
- :mod:`.forces` — choosing a force, and File → New's roster dialog.
"""
