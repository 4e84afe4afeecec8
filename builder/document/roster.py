"""The roster kind of list document (SPEC §10): :class:`RosterList`, a BattleScribe roster
with the data it is read against, checked in its context.

The roster engine (:mod:`builder.battlescribe.engine`) counts the costs and finds what is
wrong; the user's data (:mod:`builder.bsdata`) is where the roster's game system and
catalogues are found. What this adds is what every list document answers: its report (every
cost type against its limit, the findings with their owner, entry and constraint), SPEC §10's
fingerprint (:mod:`builder.battlescribe.fingerprint`), the event context (the event's limit
replaces the limit of the game's first cost type; its system and factions are compared with
the game system and the catalogues), save, text, and the printout
(:mod:`builder.export.roster`) and play plan (:mod:`builder.play.roster`) that the roster's
own modules make. A roster's editing is the engine's
:class:`~builder.battlescribe.engine.editing.Editor` (:attr:`RosterList.editor`); the app's
roster editor will call it through this document.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.battlescribe import DataSet, Problem
from builder.battlescribe.engine.editing import Editor
from builder.battlescribe.engine.evaluate import Evaluation
from builder.battlescribe.engine.roster import Roster
from builder.document.base import Cost, ListDocument
from builder.document.context import ListCheck, not_registered, registration
from builder.document.files import ROSTER_SUFFIXES
from builder.document.roster_edit import RosterEditing
from builder.model.event import Event
from builder.rules.findings import Finding
from builder.rules.wording import RosterEventCatalogue, RosterEventSystem

if TYPE_CHECKING:
    from builder.bsdata.store import Store
    from builder.export.roster import RosterPrintout
    from builder.export.roster.summary import RosterSummary
    from builder.play.plan import Plan



def number(value: float) -> int | float:
    """A cost as JSON and text show it: 114, not 114.0."""
    return int(value) if value == int(value) and abs(value) < 1e15 else value


@dataclass(frozen=True)
class RosterFinding:
    """One finding of a roster (SPEC §10): the engine's, with the owner it is raised on."""

    rule: str
    """``bs-constraint``, ``bs-cost-limit`` or ``bs-hidden``."""
    severity: str
    """``error``, ``warning`` or ``info`` (a modifier's message)."""
    message: str
    owner_type: str
    """``roster``, ``force``, ``category`` or ``selection``."""
    owner_entry: str | None
    entry: str | None
    constraint: str | None
    owner: Any = field(default=None, compare=False, repr=False)
    """The roster, force, category or selection itself (a view selects it)."""

    def to_json(self) -> dict[str, Any]:
        return {"rule": self.rule, "severity": self.severity, "message": self.message,
                "owner": {"type": self.owner_type, "entry": self.owner_entry},
                "entry": self.entry, "constraint": self.constraint}


@dataclass(frozen=True)
class RosterReport:
    """A roster checked: every cost type against its limit, the findings (the engine's, then
    the event's), and what ``validate`` reports of it (SPEC §10)."""

    name: str
    system: str
    system_name: str
    catalogues: tuple[tuple[str, str], ...]
    """(id, name) of the catalogues its forces are from, in roster order."""
    costs: tuple[Cost, ...]
    """Every cost type of the game, the game system's first."""
    findings: list[Any]
    forces: int
    selections: int
    evaluation: Evaluation | None = field(default=None, compare=False, repr=False)

    @property
    def legal(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)

    @property
    def errors(self) -> list[Any]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def faction(self) -> str:
        """The catalogues' names joined with `` + `` (``validate``'s ``faction``)."""
        return " + ".join(name for _id, name in self.catalogues)

    @property
    def points(self) -> int | float:
        return number(self.costs[0].value) if self.costs else 0

    @property
    def points_limit(self) -> int | float | None:
        limit = self.costs[0].limit if self.costs else None
        return None if limit is None else number(limit)

    def to_json(self, path: str) -> dict[str, Any]:
        return {"path": path, "name": self.name, "system": self.system,
                "faction": self.faction, "legal": self.legal, "points": self.points,
                "points_limit": self.points_limit,
                "costs": [{"id": c.id, "name": c.name, "value": number(c.value),
                           "limit": None if c.limit is None else number(c.limit)}
                          for c in self.costs],
                "stats": {"forces": self.forces, "selections": self.selections},
                "findings": [f.to_json() for f in self.findings]}


def event_findings(event: Event, report: RosterReport, fingerprint: str) -> list[Finding]:
    """An event's own checks of a roster: its game system, its catalogues, registration."""
    out: list[Finding] = []
    if event.system is not None and report.system != event.system:
        out.append(Finding("event-system", "error", RosterEventSystem(
            event.name, event.system, report.system_name, report.system)))
    if event.factions is not None:
        for ident, name in report.catalogues:
            if ident not in event.factions:
                out.append(Finding("event-faction", "error", RosterEventCatalogue(
                    name, ident, event.name, tuple(event.factions))))
    late = not_registered(event, fingerprint)
    if late is not None:
        out.append(late)
    return out


class RosterList(RosterEditing, ListDocument[DataSet, RosterReport]):
    """A BattleScribe roster, its linked data, its event context, its file and its latest
    report. ``notes``: what reading it said that does not stop it (an installed revision
    older than the roster's, a selection whose entry is gone and was left out). Its editing
    methods (what the app's undo commands call) are :class:`~builder.document.roster_edit.
    RosterEditing`'s."""

    kind = "roster"
    suffixes = ROSTER_SUFFIXES

    def __init__(self, data: DataSet, editor: Editor | None = None, *,
                 path: Path | None = None, event: Event | None = None,
                 points: int | None = None) -> None:
        super().__init__(data, path=path, event=event, points=points)
        self.editor = editor if editor is not None else Editor(data)
        self.notes: list[Problem] = []
        self._fingerprint: tuple[int, str] | None = None
        self._report = self._evaluate()

    @classmethod
    def load(cls, path: str | Path, folders: Sequence[str | Path] = (), *,
             event: Event | None = None, points: int | None = None,
             store: Store | None = None) -> RosterList:
        """The roster in ``path`` (``.ros`` or ``.rosz``) with its game system and
        catalogues, found in ``folders`` (``--bsdata``) and the installed data, checked
        under ``event`` and with ``points`` as its first cost type's limit when given. A
        :class:`~builder.battlescribe.ReadError` names what cannot be read, or what is not
        installed (:class:`~builder.battlescribe.rosterio.MissingData`); the file is only
        read."""
        from builder.battlescribe.rosterio import header, link_roster, parse_roster
        from builder.battlescribe.xmlsafe import read_bytes
        from builder.bsdata.finding import data_for_roster

        label = str(path)
        # once: its header, then linked; through the one guarded reader (a FIFO is refused,
        # not waited on)
        root = parse_roster(read_bytes(path, label), label)
        found = data_for_roster(header(root), folders, label=label, store=store)
        loaded = link_roster(root, label, found.data)
        doc = cls(found.data, Editor(found.data, roster=loaded.roster), path=Path(path),
                  event=event, points=points)
        doc.notes = [*found.notes, *loaded.warnings]
        return doc

    # -- reading -------------------------------------------------------------------------

    @property
    def roster(self) -> Roster:
        """The live roster (change it through :attr:`editor`, then :meth:`refresh`)."""
        return self.editor.roster

    @property
    def report(self) -> RosterReport:
        return self._report

    @property
    def first_cost(self) -> str | None:
        """The game's first cost type (its "points": what an event's limit replaces)."""
        types = self.roster.cost_types()
        return types[0].id if types else None

    # -- the protocol of every list --------------------------------------------------------

    @property
    def name(self) -> str:
        return self.roster.name

    @property
    def system(self) -> str:
        return self.roster.game_system.id

    @property
    def factions(self) -> tuple[str, ...]:
        return tuple(ident for ident, _name in self._report.catalogues)

    def costs(self) -> list[Cost]:
        return list(self._report.costs)

    def check(self) -> ListCheck[RosterReport]:
        fingerprint = self.fingerprint()
        players, registered = registration(self.event, fingerprint)
        return ListCheck(self._report, fingerprint, None, players, registered)

    def fingerprint(self) -> str:
        version = self.roster.version
        if self._fingerprint is None or self._fingerprint[0] != version:
            from builder.battlescribe.fingerprint import roster_fingerprint

            self._fingerprint = (version, roster_fingerprint(self.roster))
        return self._fingerprint[1]

    def data_fingerprint(self) -> str | None:
        return None  # (SPEC §6's data fingerprint is a SphereWars faction's)

    def save(self, path: Path, *, replace_read_only: bool = False) -> None:
        from builder.battlescribe.rosterio import roster_xml, roster_zip, write_roster
        from builder.plumbing.atomic import write_atomic

        if not replace_read_only:
            write_roster(path, self.roster, self.editor.evaluation)
            return
        # (write_roster's choice of zip, with a read-only file replaced: the app asked)
        xml = roster_xml(self.roster, self.editor.evaluation)
        data = roster_zip(xml, path.with_suffix(".ros").name) \
            if path.suffix.lower() == ".rosz" else xml
        write_atomic(path, data, replace_read_only=True)

    def text(self, style: str = "plain") -> str:
        from builder.export.roster_text import roster_text

        return roster_text(self.summary(), style)

    def summary(self) -> RosterSummary:
        """What its printouts show (:func:`builder.export.roster.summary.summarise_roster`),
        as checked in its context: an event's limit for the first cost type, the event's own
        findings."""
        from builder.export.roster.summary import FindingLine, owner_name, summarise_roster

        report = self._report
        summary = summarise_roster(self.roster, self.editor.evaluation)
        limits = {c.id: c.limit for c in report.costs}
        return dataclasses.replace(
            summary,
            costs=tuple(dataclasses.replace(c, limit=limits.get(c.id, c.limit))
                        for c in summary.costs),
            findings=tuple(FindingLine(f.message, f.severity, f.rule, owner_name(f))
                           for f in report.findings))

    def printout(self) -> RosterPrintout:
        """Its roster sheet, opponent's copy and unit cards (:mod:`builder.export.roster`)."""
        from builder.export.roster import RosterPrintout

        return RosterPrintout(self.roster)

    def play_plan(self, counter: str | None = None) -> Plan:
        """Its tiles, its models counted down by ``counter`` (else the characteristic
        remembered for its game system, or the likeliest: :mod:`builder.play.roster`)."""
        from builder.play.roster import plan_of_roster

        return plan_of_roster(self.roster, counter)

    # -- after a change ------------------------------------------------------------------

    def refresh(self) -> None:
        """Check the roster again after the editor changed it, and tell the listeners."""
        self._changed()

    def _changed(self) -> None:
        self._report = self._evaluate()
        self.validated.emit(self._report)

    def _evaluate(self) -> RosterReport:
        """The report in the document's context: with an event's limit (or ``--points``)
        for the first cost type, the roster is evaluated as if it had that limit (conditions
        may read limits), and its own limit is kept."""
        editor, roster = self.editor, self.editor.roster
        override = self._context.points_override
        first = self.first_cost
        if override is None or first is None or roster.cost_limits.get(first) == override:
            evaluation = editor.evaluation
            findings = list(evaluation.findings)
            limits = dict(roster.cost_limits)
        else:
            own = dict(roster.cost_limits)
            roster.cost_limits[first] = float(override)
            try:
                evaluation = Evaluation(roster)
                findings = list(evaluation.findings)
            finally:
                roster.cost_limits.clear()
                roster.cost_limits.update(own)
            limits = {**own, first: float(override)}
        catalogues: dict[str, str] = {}
        for force in roster.walk_forces():
            catalogues.setdefault(force.catalogue.id, force.catalogue.name)
        costs = tuple(Cost(t.id, t.name, evaluation.totals.get(t.id, 0.0),
                           limits[t.id] if limits.get(t.id, -1) >= 0 else None)
                      for t in roster.cost_types())
        report = RosterReport(
            roster.name, roster.game_system.id, roster.game_system.name,
            tuple(catalogues.items()), costs,
            [RosterFinding(f.rule, f.severity, f.message, f.owner_type, f.owner_entry_id,
                           f.entry_id, f.constraint_id, f.owner) for f in findings],
            len(evaluation.forces), len(evaluation.selections), evaluation)
        event = self.event
        if event is not None:
            report.findings.extend(event_findings(event, report, self.fingerprint()))
        return report


__all__ = ["RosterFinding", "RosterList", "RosterReport", "number"]
