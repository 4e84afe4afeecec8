"""The open warband as the window sees it: a Qt face on the core's list document.

:class:`WarbandDocument` adapts a :class:`~builder.document.WarbandList` (the Qt-free document
that owns the warband, its data, its event context and its report): each of the list's plain
callbacks is re-emitted as the Qt signal of the same name, so Qt models and widgets connect
to signals as Qt wants, and every reading and editing call goes straight to the list. It holds
no state and no rule logic of its own (napari's ``_qt`` containers over its evented models are
the pattern). Undo commands (``commands.py``) call the editing API; nothing else changes the
list.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from builder.data import Catalogue
from builder.document.warband import DEFAULT_NAME, WarbandList, copy_entry, new_warband
from builder.document.warband import WarbandPrintout as _Printout
from builder.gui.listface import ListFace
from builder.model import Combatant, Entry, Faction, Warband
from builder.model.system import Rule
from builder.rules import Report

if TYPE_CHECKING:
    from builder.play.plan import Plan

__all__ = ["DEFAULT_NAME", "WarbandDocument", "copy_entry", "new_warband"]

RELAYED = ("about_to_reset", "was_reset", "entry_inserting", "entry_inserted", "entry_removing",
           "entry_removed", "entry_changed", "details_changed", "validated")
"""The list's emitters re-emitted as the signals of the same names."""


class WarbandDocument(ListFace):
    """The warband being edited (:attr:`list`, the core document) with Qt signals.

    Signals come in ``…ing``/``…ed`` pairs around row changes so that ``RosterModel`` can call
    ``beginInsertRows``/``endInsertRows`` at the right moments.
    """

    about_to_reset = Signal()
    was_reset = Signal()
    entry_inserting = Signal(int)
    entry_inserted = Signal(int)
    entry_removing = Signal(int)
    entry_removed = Signal(int)
    entry_changed = Signal(int)
    details_changed = Signal()
    """Name, faction, points limit, notes or event changed."""
    catalogue_changed = Signal()
    validated = Signal(object)
    """The new :class:`~builder.rules.Report`, after every change."""

    def __init__(self, catalogue: Catalogue, warband: Warband | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.list: WarbandList = WarbandList(catalogue, warband)
        for name in RELAYED:
            getattr(self.list, name).connect(getattr(self, name).emit)
        self.list.data_changed.connect(self.catalogue_changed.emit)

    # -- reading -------------------------------------------------------------------------

    @property
    def warband(self) -> Warband:
        """The live warband (do not mutate it: go through the document's methods)."""
        return self.list.warband

    @property
    def catalogue(self) -> Catalogue:
        return self.list.catalogue

    @property
    def faction(self) -> Faction | None:
        return self.list.faction

    @property
    def report(self) -> Report:
        return self.list.report

    @property
    def entries(self) -> list[Entry]:
        return self.list.entries

    @property
    def points_limit(self) -> int | None:
        """The limit the list is checked against: the event's, else its own."""
        return self.list.points_limit

    def extra_rules(self, faction: Faction | None) -> tuple[Rule, ...]:
        """The event's rules a list of ``faction`` is checked against, as the list is."""
        return self.list.extra_rules(faction)

    def entry(self, row: int) -> Entry:
        return self.list.entry(row)

    def combatant(self, row: int) -> Combatant | None:
        """The combatant an entry names, or None when the faction data does not have it."""
        return self.list.combatant(row)

    def row_of(self, combatant_id: str) -> int | None:
        """The first entry naming a combatant (adding one more goes there)."""
        return self.list.row_of(combatant_id)

    def rows_for(self, combatant_ids: tuple[str, ...] | list[str]) -> list[int]:
        """Every entry naming one of the combatants (a finding selects all of them)."""
        return self.list.rows_for(combatant_ids)

    def default_faction_id(self) -> str:
        return self.list.default_faction_id()

    def play_plan(self) -> Plan | None:
        return self.list.play_plan()

    def printout(self) -> _Printout:
        return self.list.printout()

    def trial(self, warband: Warband) -> Report:
        """``warband`` (the list with one change tried) checked as the list itself is: under
        the same event, faction and limit. Nothing changes: for "what would this break"."""
        return self.list.trial(warband)

    # -- editing (called by undo commands) -----------------------------------------------

    def insert_entry(self, row: int, entry: Entry) -> None:
        self.list.insert_entry(row, entry)

    def remove_entry(self, row: int) -> Entry:
        return self.list.remove_entry(row)

    def set_count(self, row: int, count: int) -> None:
        self.list.set_count(row, count)

    def set_options(self, row: int, options: dict[str, int]) -> None:
        """What entry ``row`` took (option id -> times; SPEC §9)."""
        self.list.set_options(row, options)

    def set_picks(self, picks: list[str]) -> None:
        """What the list takes once (pick ids, in the order taken; SPEC §9)."""
        self.list.set_picks(picks)

    def set_name(self, name: str) -> None:
        self.list.set_name(name)

    def set_faction(self, faction_id: str) -> None:
        """Entries stay as they are: combatants the new faction lacks show as unknown."""
        self.list.set_faction(faction_id)

    def set_points_limit(self, limit: int | None) -> None:
        self.list.set_points_limit(limit)

    def set_notes(self, notes: str | None) -> None:
        self.list.set_notes(notes)

    # -- whole-document changes (not undoable: the window clears the undo stack) -------

    def replace(self, warband: Warband, path: Path | None = None) -> None:
        self.list.replace(warband, path)

    def set_catalogue(self, catalogue: Catalogue) -> None:
        """New faction data (after the faction editor saved): every row may read differently."""
        self.list.set_data(catalogue)
