"""The main window's panels, each a widget over the :class:`~builder.gui.document.WarbandDocument`:

- :mod:`.catalogue` (with :mod:`.catalogue_model`, :mod:`.catalogue_view`) — the faction's
  combatants to hire, with what room each has left;
- :mod:`.details` — the list's own fields (name, faction, points limit);
- :mod:`.roster` (with :mod:`.roster_model`, :mod:`.roster_view`, :mod:`.roster_groups`) —
  the hired combatants;
- :mod:`.totals` — the live totals and the verdict; :mod:`.guidance` — first steps;
- :mod:`.findings` (with :mod:`.findings_model`) — what breaks which rule;
- :mod:`.profile` (with :mod:`.profile_html`) — a combatant's profile and the list's notes.

A panel may import the document, the commands and the generic widgets of :mod:`builder.gui`,
never a dialog, a controller or the main window; a new panel (options, picks) goes here.
"""
