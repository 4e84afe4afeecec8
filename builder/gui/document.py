"""The open warband as the GUI edits it.

:class:`WarbandDocument` owns the :class:`~builder.model.Warband` and is the only thing that
changes it. Undo commands (``commands.py``) call its small public API; Qt models and widgets
listen to its signals and never touch the warband themselves. After every change the document
re-validates through :func:`builder.rules.validate` (about 15 µs; after a count edit,
:func:`~builder.rules.revalidate` moves the last report on) and emits ``validated``, so
the totals and findings follow every edit without holding any rule logic.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from builder.data import Catalogue
from builder.events import check_list
from builder.i18n import N_, _
from builder.model import Combatant, Entry, Faction, Warband
from builder.model.event import Event
from builder.rules import Report, revalidate, validate
from builder.rules.cache import rule_cache

DEFAULT_NAME = N_("New warband")
"""The name of a new list (in the current language: ``_(DEFAULT_NAME)``)."""


def copy_entry(entry: Entry, **update: object) -> Entry:
    """A fresh entry like ``entry`` (its options kept; ``update``: combatant, count or
    options changed). Entries are replaced, never changed in place: an undo command keeps
    the one it removed."""
    values: dict[str, object] = {"combatant": entry.combatant, "count": entry.count}
    if entry.options:
        values["options"] = dict(entry.options)
    values.update(update)
    if not values.get("options"):
        values.pop("options", None)  # (a list without options writes none)
    return Entry(**values)  # type: ignore[arg-type]


def new_warband(faction_id: str, name: str | None = None,
                points_limit: int | None = None) -> Warband:
    return Warband(name=name or _(DEFAULT_NAME), faction=faction_id, points_limit=points_limit,
                   entries=[])


class WarbandDocument(QObject):
    """The warband being edited, its file and its latest validation report.

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
    """Name, faction, points limit or notes changed."""
    catalogue_changed = Signal()
    validated = Signal(object)
    """The new :class:`~builder.rules.Report`, after every change."""

    def __init__(self, catalogue: Catalogue, warband: Warband | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._catalogue = catalogue
        self._warband = warband or new_warband(self.default_faction_id())
        self.path: Path | None = None
        self.tournament: Event | None = None
        """The tournament event the list is checked against (not `event`: that is
        QObject.event(), which Qt calls for every event it delivers)."""
        """A tournament event the list is also checked against (File → Check against
        event…): its limit, rules and own checks join the findings."""
        self._report = self._validate()

    # -- reading -------------------------------------------------------------------------

    @property
    def warband(self) -> Warband:
        """The live warband (do not mutate it: go through the document's methods)."""
        return self._warband

    @property
    def catalogue(self) -> Catalogue:
        return self._catalogue

    @property
    def faction(self) -> Faction | None:
        return self._catalogue.get(self._warband.faction)

    @property
    def report(self) -> Report:
        return self._report

    @property
    def entries(self) -> list[Entry]:
        return self._warband.entries

    def entry(self, row: int) -> Entry:
        return self._warband.entries[row]

    def combatant(self, row: int) -> Combatant | None:
        """The combatant an entry names, or None when the faction data does not have it."""
        faction = self.faction
        return faction.combatant(self.entry(row).combatant) if faction else None

    def row_of(self, combatant_id: str) -> int | None:
        """The first entry naming a combatant (adding one more goes there)."""
        for row, entry in enumerate(self._warband.entries):
            if entry.combatant == combatant_id:
                return row
        return None

    def rows_for(self, combatant_ids: tuple[str, ...] | list[str]) -> list[int]:
        """Every entry naming one of the combatants (a finding selects all of them)."""
        wanted = set(combatant_ids)
        return [row for row, e in enumerate(self._warband.entries) if e.combatant in wanted]

    def default_faction_id(self) -> str:
        factions = self._catalogue.factions
        if "soimi" in factions:
            return "soimi"
        return next(iter(sorted(factions)), "soimi")

    # -- editing (called by undo commands) -----------------------------------------------

    def insert_entry(self, row: int, entry: Entry) -> None:
        row = max(0, min(row, len(self._warband.entries)))
        self.entry_inserting.emit(row)
        self._warband.entries.insert(row, entry)
        self.entry_inserted.emit(row)
        self._changed()

    def remove_entry(self, row: int) -> Entry:
        self.entry_removing.emit(row)
        entry = self._warband.entries.pop(row)
        self.entry_removed.emit(row)
        self._changed()
        return entry

    def set_count(self, row: int, count: int) -> None:
        if count < 1:
            raise ValueError("count must be at least 1 (remove the entry instead)")
        old = self._warband.entries[row]
        if old.count == count:
            return
        self._warband.entries[row] = copy_entry(old, count=count)
        self.entry_changed.emit(row)
        # (an entry's options may add per model: the whole list is checked again)
        self._changed(None if old.options else {old.combatant: count - old.count})

    def set_options(self, row: int, options: dict[str, int]) -> None:
        """What entry ``row`` took (option id -> times; SPEC §9)."""
        old = self._warband.entries[row]
        taken = {oid: n for oid, n in options.items() if n > 0}
        if taken == old.options:
            return
        self._warband.entries[row] = copy_entry(old, options=taken)
        self.entry_changed.emit(row)
        self._changed()

    def set_picks(self, picks: list[str]) -> None:
        """What the list takes once (pick ids, in the order taken; SPEC §9)."""
        if picks == self._warband.picks:
            return
        self._warband = self._warband.model_copy(update={"picks": list(picks)})
        self.details_changed.emit()
        self._changed()

    def set_name(self, name: str) -> None:
        if not name.strip():
            raise ValueError("a warband needs a name")
        self._set_detail("name", name)

    def set_faction(self, faction_id: str) -> None:
        """Entries stay as they are: combatants the new faction lacks show as unknown."""
        if faction_id == self._warband.faction:
            return
        self._warband = self._warband.model_copy(update={"faction": faction_id})
        # Every row's name, type and points may differ under another faction's data.
        self.about_to_reset.emit()
        self.was_reset.emit()
        self.details_changed.emit()
        self._changed()

    def set_points_limit(self, limit: int | None) -> None:
        if limit is not None and limit < 0:
            raise ValueError("the points limit cannot be negative")
        self._set_detail("points_limit", limit)

    def set_notes(self, notes: str | None) -> None:
        self._set_detail("notes", notes or None)

    def _set_detail(self, key: str, value: object) -> None:
        if getattr(self._warband, key) == value:
            return
        self._warband = self._warband.model_copy(update={key: value})
        self.details_changed.emit()
        self._changed()

    # -- whole-document changes (not undoable: the window clears the undo stack) -------

    def replace(self, warband: Warband, path: Path | None = None) -> None:
        self.about_to_reset.emit()
        self._warband = warband.model_copy(
            update={"entries": [copy_entry(e) for e in warband.entries],
                    "picks": list(warband.picks)})
        self.path = path
        self.was_reset.emit()
        self.details_changed.emit()
        self._changed()

    def set_catalogue(self, catalogue: Catalogue) -> None:
        """New faction data (after the faction editor saved): every row may read differently."""
        self.about_to_reset.emit()
        self._catalogue = catalogue
        self.was_reset.emit()
        self.catalogue_changed.emit()
        self.details_changed.emit()
        self._changed()

    def set_event(self, event: Event | None) -> None:
        self.tournament = event
        self.details_changed.emit()
        self._changed()

    def trial(self, warband: Warband) -> Report:
        """``warband`` (the list with one change tried) checked as the list itself is: under
        the same event, faction and limit. Nothing changes: for "what would this break"."""
        if self.tournament is not None:
            return check_list(self.tournament, warband, self._catalogue).report
        return validate(warband, self.faction, cache=rule_cache(self._catalogue))

    def _validate(self, changes: dict[str, int] | None = None) -> Report:
        """``changes``: when only some combatants' models changed, by how many (id -> models
        added): the last report then moves on by them rather than being made again."""
        if self.tournament is not None:
            return check_list(self.tournament, self._warband, self._catalogue).report
        cache = rule_cache(self._catalogue)
        if changes is not None:
            return revalidate(self._report, self._warband, self.faction, changes, cache)
        return validate(self._warband, self.faction, cache=cache)

    def _changed(self, changes: dict[str, int] | None = None) -> None:
        self._report = self._validate(changes)
        self.validated.emit(self._report)
