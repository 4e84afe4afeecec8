"""The list document: one open list, Qt-free, whatever its kind.

- :class:`~builder.document.base.ListDocument` owns a list, the data it is read against, its
  event context, its file and its latest check, and tells listeners of every change through
  plain callbacks (:class:`~builder.document.emitter.Emitter`). What is not editing is the same
  protocol for every kind: name, game system, factions, costs against their limits, the report
  and its findings, the check with fingerprints, save, text, printout and play mode's plan.
- :class:`~builder.document.warband.WarbandList` is the warband kind: its editing API (entries,
  counts, options, picks, name, faction, limit, notes) is what the window's undo commands call.
- :class:`~builder.document.context.Context` is the rule context (data, event, a points limit
  for every list): the one place that decides how a list is checked, for the open document,
  ``validate``, an event's submissions and the catalogue's dimmed rows alike.
- :class:`~builder.document.roster.RosterList` is the roster kind (SPEC §10): a BattleScribe
  roster, its engine's editor and its linked data (imported only where a roster is read).
- :mod:`builder.document.files` says which kind a file holds, by its name.

Who talks to it: the window through its Qt adapter (:mod:`builder.gui.document`, which turns
the callbacks into Qt signals), the command line (:mod:`builder.cli`), events
(:mod:`builder.events`), printouts (:meth:`~builder.document.base.ListDocument.printout`) and
play mode (:meth:`~builder.document.base.ListDocument.play_plan`).
"""

from __future__ import annotations

from builder.document.base import Cost, ListDocument, PdfOptions, Printout, Verdict
from builder.document.context import Context, ListCheck
from builder.document.emitter import Emitter
from builder.document.warband import WarbandList, check_warband

__all__ = ["Context", "Cost", "Emitter", "ListCheck", "ListDocument", "PdfOptions", "Printout",
           "Verdict", "WarbandList", "check_warband"]
