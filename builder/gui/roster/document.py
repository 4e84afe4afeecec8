"""The open roster as the window sees it: a Qt face on the core's roster document.

:class:`RosterDocument` adapts a :class:`~builder.document.roster.RosterList` (the Qt-free
document that owns the roster, its linked data, its event context and its report) as
:class:`~builder.gui.document.WarbandDocument` adapts a warband: each of the list's plain
callbacks is re-emitted as the Qt signal of the same name and every call goes to the list.
Another roster (File → Open, New) is :meth:`RosterDocument.replace`: the panels stay, the list
underneath changes. Undo commands (:mod:`.commands`) call the editing API; nothing else
changes the roster.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from builder.gui.listface import ListFace

if TYPE_CHECKING:
    from builder.battlescribe.engine.editing import Offer
    from builder.battlescribe.engine.evaluate import Evaluation
    from builder.battlescribe.engine.roster import Force, Roster, Selection
    from builder.battlescribe.model import Entry
    from builder.document.roster import RosterList, RosterReport
    from builder.document.roster_edit import Chosen, Owner, Place

RELAYED = ("about_to_reset", "was_reset", "details_changed", "validated", "data_changed")
"""The list's emitters re-emitted as the signals of the same names."""


class RosterDocument(ListFace):
    """The roster being edited (:attr:`list`, the core document) with Qt signals:

    - ``about_to_reset`` / ``was_reset``: another roster (or other data) comes in;
    - ``details_changed``: the roster's name, a limit, its notes or the event changed;
    - ``validated(report)``: after every change, the new report (the panels follow it).
    """

    about_to_reset = Signal()
    was_reset = Signal()
    details_changed = Signal()
    data_changed = Signal()
    validated = Signal(object)

    def __init__(self, roster: RosterList, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.list: RosterList = roster
        self._connect(roster)

    def _connect(self, roster: RosterList) -> None:
        for name in RELAYED:
            getattr(roster, name).connect(getattr(self, name).emit)

    def _disconnect(self, roster: RosterList) -> None:
        for name in RELAYED:
            getattr(roster, name).disconnect(getattr(self, name).emit)

    def replace(self, roster: RosterList) -> None:
        """Another roster in the window (not undoable: the window clears its undo stack)."""
        self.about_to_reset.emit()
        self._disconnect(self.list)
        self.list = roster
        self._connect(roster)
        self.was_reset.emit()
        self.details_changed.emit()
        self.validated.emit(roster.report)

    # -- reading -------------------------------------------------------------------------

    @property
    def roster(self) -> Roster:
        return self.list.roster

    @property
    def evaluation(self) -> Evaluation:
        return self.list.editor.evaluation

    @property
    def report(self) -> RosterReport:
        return self.list.report

    def cost_limit(self, type_id: str) -> float | None:
        return self.list.cost_limit(type_id)

    def offers(self, container: Force | Selection) -> list[Offer]:
        return self.list.offers(container)

    def force_entries(self, catalogue_id: str | None = None,
                      parent: Force | None = None) -> list[Entry]:
        return self.list.force_entries(catalogue_id, parent)

    # -- editing (called by undo commands) -----------------------------------------------

    def add_force(self, entry_id: str, catalogue_id: str | None = None,
                  parent: Force | None = None) -> Force:
        return self.list.add_force(entry_id, catalogue_id, parent)

    def duplicate_force(self, force: Force) -> Force:
        return self.list.duplicate_force(force)

    def remove_force(self, force: Force) -> Place:
        return self.list.remove_force(force)

    def select(self, container: Force | Selection, entry_id: str) -> Chosen:
        return self.list.select(container, entry_id)

    def duplicate_selection(self, selection: Selection) -> Selection:
        return self.list.duplicate_selection(selection)

    def remove_selection(self, selection: Selection) -> Place:
        return self.list.remove_selection(selection)

    def set_count(self, selection: Selection, count: int) -> None:
        self.list.set_count(selection, count)

    def put_back(self, place: Place) -> None:
        self.list.put_back(place)

    def set_cost_limit(self, type_id: str, value: float | None) -> None:
        self.list.set_cost_limit(type_id, value)

    def set_name(self, target: Owner, name: str) -> None:
        self.list.set_name(target, name)

    def set_notes(self, target: Owner, notes: str) -> None:
        self.list.set_notes(target, notes)
