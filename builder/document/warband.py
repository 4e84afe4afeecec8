"""The warband kind of list document (SPEC §2): :class:`WarbandList`, and how any warband is
checked in a context (:func:`check_warband`).

:class:`WarbandList` owns the :class:`~builder.model.Warband` and is the only thing that changes
it. Undo commands call its small editing API; whoever shows the list listens to its emitters
and never touches the warband. After every change it re-validates through
:func:`builder.rules.validate` (about 15 µs; after a count edit, :func:`~builder.rules.revalidate`
moves the last report on) and emits ``validated``, so totals and findings follow every edit
without holding any rule logic. Row changes come in ``…ing``/``…ed`` pairs so that a table
model can frame them (``beginInsertRows``/``endInsertRows``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from builder.data import Catalogue
from builder.document.base import Cost, ListDocument, PdfOptions
from builder.document.context import Context, ListCheck, event_findings, registration
from builder.document.emitter import Emitter
from builder.document.files import WARBAND_SUFFIXES
from builder.i18n import N_, _
from builder.model import Combatant, Entry, Faction, Warband
from builder.model.event import Event
from builder.model.system import Rule
from builder.rules import Report, revalidate, validate
from builder.rules.cache import rule_cache

if TYPE_CHECKING:
    from builder.export.summary import WarbandSummary
    from builder.play.plan import Plan

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


def check_warband(context: Context[Catalogue], warband: Warband) -> ListCheck[Report]:
    """``warband`` checked in ``context``: the system's rules with the context's limit, the
    event's rules for a list of its game, then the event's own checks; never raises."""
    catalogue, event = context.data, context.event
    faction = catalogue.get(warband.faction)
    report = validate(warband, faction, context.points_override,
                      extra_rules=context.extra_rules(faction), cache=rule_cache(catalogue))
    fingerprint = catalogue.list_fingerprint(warband, report.hired)
    if event is not None:
        extra = event_findings(event, warband, faction, fingerprint)
        if extra:
            report = Report(report.warband, report.points_limit, report.stats,
                            [*report.findings, *extra], report.hired)
    players, registered = registration(event, fingerprint)
    return ListCheck(report, fingerprint, catalogue.data_fingerprint(warband.faction), players,
                     registered)


class WarbandPrintout:
    """A warband's printout: its summary made now, the PDF made from it when asked."""

    def __init__(self, summary: WarbandSummary) -> None:
        self.summary = summary

    def pdf(self, options: PdfOptions) -> bytes:
        from builder.export.pdf import render_pdf  # (reportlab: a second to import, once)

        return render_pdf(self.summary, cards=options.cards, sheet=options.summary,
                          page=options.page, per_model=options.per_model,
                          opponent=options.opponent)


class WarbandList(ListDocument[Catalogue, Report]):
    """A warband, its faction data, its event context, its file and its latest report.

    Besides the emitters of every list document: ``entry_inserting(row)``,
    ``entry_inserted(row)``, ``entry_removing(row)``, ``entry_removed(row)`` and
    ``entry_changed(row)``.
    """

    kind = "warband"
    suffixes = WARBAND_SUFFIXES

    def __init__(self, catalogue: Catalogue, warband: Warband | None = None, *,
                 path: Path | None = None, event: Event | None = None,
                 points: int | None = None) -> None:
        super().__init__(catalogue, path=path, event=event, points=points)
        self.entry_inserting = Emitter()
        self.entry_inserted = Emitter()
        self.entry_removing = Emitter()
        self.entry_removed = Emitter()
        self.entry_changed = Emitter()
        self._warband = warband or new_warband(self.default_faction_id())
        self._report = self._validate()

    @classmethod
    def load(cls, path: str | Path, catalogue: Catalogue) -> WarbandList:
        """The list in ``path`` (:class:`~builder.data.DataError` when it cannot be read)."""
        from builder.data import load_warband

        return cls(catalogue, load_warband(path), path=Path(path))

    # -- reading -------------------------------------------------------------------------

    @property
    def warband(self) -> Warband:
        """The live warband (do not mutate it: go through the document's methods)."""
        return self._warband

    @property
    def catalogue(self) -> Catalogue:
        return self._context.data

    @property
    def faction(self) -> Faction | None:
        return self.catalogue.get(self._warband.faction)

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
        factions = self.catalogue.factions
        if "soimi" in factions:
            return "soimi"
        return next(iter(sorted(factions)), "soimi")

    @property
    def points_limit(self) -> int | None:
        """The limit the list is checked against: the event's, else its own."""
        return self._context.points_limit(self._warband.points_limit)

    def extra_rules(self, faction: Faction | None) -> tuple[Rule, ...]:
        """The event's rules a list of ``faction`` is checked against, as the list is."""
        return self._context.extra_rules(faction)

    # -- the protocol of every list --------------------------------------------------------

    @property
    def name(self) -> str:
        return self._warband.name

    @property
    def system(self) -> str | None:
        faction = self.faction
        return faction.system if faction is not None else None

    @property
    def factions(self) -> tuple[str, ...]:
        return (self._warband.faction,)

    def costs(self) -> list[Cost]:
        faction = self.faction
        cost = faction.game.cost if faction is not None and faction.attached else None
        if faction is None or cost is None:
            return []
        return [Cost(cost, faction.game.stat_label(cost), self._report.stats.points,
                     self._report.points_limit)]

    def check(self) -> ListCheck[Report]:
        return check_warband(self._context, self._warband)

    def fingerprint(self) -> str:
        return self.catalogue.list_fingerprint(self._warband, self._report.hired)

    def data_fingerprint(self) -> str | None:
        return self.catalogue.data_fingerprint(self._warband.faction)

    def save(self, path: Path, *, replace_read_only: bool = False) -> None:
        from builder.data import save_warband

        save_warband(self._warband, path, replace_read_only=replace_read_only)

    def summary(self) -> WarbandSummary:
        """Everything a printout shows of the list (:func:`builder.export.summary.summarise`)."""
        from builder.export.summary import summarise

        return summarise(self._warband, self.faction, data_fingerprint=self.data_fingerprint())

    def text(self, style: str = "plain") -> str:
        from builder.export.chat import list_text

        return list_text(self.summary(), style)

    def printout(self) -> WarbandPrintout:
        return WarbandPrintout(self.summary())

    def export_pdf(self, path: str | Path, options: PdfOptions) -> None:
        import builder.export

        builder.export.export_pdf(self._warband, self.catalogue, path, cards=options.cards,
                                  summary=options.summary, page=options.page,
                                  per_model=options.per_model, opponent=options.opponent)

    def play_plan(self) -> Plan | None:
        faction = self.faction
        if faction is None or not faction.attached:
            return None
        from builder.play.plan import make_plan

        return make_plan(self._warband, faction)

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

    def trial(self, warband: Warband) -> Report:
        """``warband`` (the list with one change tried) checked as the list itself is: under
        the same event, faction and limit. Nothing changes: for "what would this break"."""
        if self.event is not None:
            return check_warband(self._context, warband).report
        return validate(warband, self.faction, self._context.points_override,
                        cache=rule_cache(self.catalogue))

    def _validate(self, changes: dict[str, int] | None = None) -> Report:
        """``changes``: when only some combatants' models changed, by how many (id -> models
        added): the last report then moves on by them rather than being made again."""
        if self.event is not None:
            return check_warband(self._context, self._warband).report
        cache = rule_cache(self.catalogue)
        if changes is not None and self._context.points is None:
            return revalidate(self._report, self._warband, self.faction, changes, cache)
        return validate(self._warband, self.faction, self._context.points, cache=cache)

    def _changed(self, changes: dict[str, int] | None = None) -> None:
        self._report = self._validate(changes)
        self.validated.emit(self._report)
