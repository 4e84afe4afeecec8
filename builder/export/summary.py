"""One view-independent summary of a warband, from which every printout is rendered.

Cards, the turn summary sheet (and any later plain-text export) read only this: the totals and
derived figures of the validation report, the findings, the roster and the profiles in print
order with their abilities resolved. Keeping it in one place is what stops two exporters from
drifting apart (STYLE.md, *Exporters share one summary*). Nothing here knows about PDF or Qt.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from dataclasses import dataclass, field

from builder.data.errors import DataError
from builder.data.fingerprint import list_fingerprint
from builder.data.share import encode_warband
from builder.export.reference import load_reference
from builder.i18n import _, ngettext
from builder.model import Ability, Combatant, Faction, System, Warband
from builder.model.text import display
from builder.rules import Finding, Stats, validate
from builder.rules.engine import shown_figures


@dataclass(frozen=True)
class AbilityLine:
    """An ability as printed: its entry resolved against the faction and universal glossaries."""

    name: str
    kind: str | None = None
    scope: str | None = None
    difficulty: int | str | None = None
    successes: int = 1
    text: str | None = None

    kind_name: str | None = None
    """The kind as the game calls it (its ``ability_kinds`` name); the id when it has none."""

    @property
    def label(self) -> str:
        """The kind as the card prints it, e.g. "feat 5, 2 successes" (SPEC §1: a feat's
        difficulty is its target value, "A" automatic; some need several successes)."""
        kind = self.kind_name or self.kind or ""
        needed = ngettext("{n} success", "{n} successes", self.successes).format(
            n=self.successes)
        if self.difficulty == "A":
            return _("{kind} A, automatic").format(kind=kind).strip()
        if self.difficulty is not None:
            return _("{kind} {difficulty}, {successes}").format(
                kind=kind, difficulty=self.difficulty, successes=needed).strip()
        if self.successes != 1:  # the data does not give the difficulty: only what is known
            return _("{kind}, {successes}").format(kind=kind, successes=needed) if kind \
                else needed
        return kind


@dataclass(frozen=True)
class ProfileSheet:
    """A combatant as a card prints it."""

    id: str
    name: str
    nickname: str | None
    type: str
    """The type as the game calls it ("Leader")."""
    rank: str | None
    """The rank as the game calls it ("Elite")."""
    base: int | None
    squad: bool
    wounds: int | None
    """None: the game has no wound track."""
    faction: str
    stats: tuple[tuple[str, str], ...]
    """(column, shown value) in the system's order; an ``only_when_set`` column only when the
    combatant has it."""
    abilities: tuple[AbilityLine, ...]
    equipment: tuple[str, ...]
    unique_equipment: tuple[str, ...]
    count: int
    """Models hired (over every entry naming this combatant)."""
    squad_note: str | None = None
    """What the game's reference says about squads, printed on a squad's card."""

    @property
    def display_name(self) -> str:
        return f"{self.name}, {self.nickname}" if self.nickname else self.name


@dataclass(frozen=True)
class RosterLine:
    """One line of the roster: a combatant and how many models of it are hired."""

    combatant_id: str
    count: int
    name: str
    known: bool
    type: str | None = None
    rank: str | None = None
    stats: tuple[tuple[str, str], ...] = ()
    """Every column of ``WarbandSummary.stat_columns``, "–" for none."""
    cost: int = 0
    """What one model costs (the system's cost stat)."""

    @property
    def points(self) -> int:
        return self.cost * self.count


@dataclass(frozen=True)
class FigureLine:
    """A derived figure of the game system, as the sheet prints it."""

    id: str
    name: str
    value: int
    help: str = ""
    cap: int | None = None
    """The bound of the rule that caps this figure, printed as "value / cap"."""

    @property
    def shown(self) -> str:
        return str(self.value) if self.cap is None else f"{self.value} / {self.cap}"


@dataclass(frozen=True)
class Game:
    """What a printout says about the game system: names, not rules."""

    id: str = ""
    name: str = ""
    source: str = ""
    list_name: str = "List"
    has_cost: bool = True
    has_ranks: bool = True
    cost: str = ""
    """The cost stat's id ("PE"), "" with no cost."""
    reference: str | None = None
    """The reference text printed on the sheet (``resources/reference/<id>.yaml``)."""
    type_plurals: tuple[tuple[str, str], ...] = ()
    """(type as a roster line names it, what several are called), in the system's order:
    ("Leader", "Leaders")."""


def game_of(system: System | None) -> Game:
    if system is None:
        return Game()
    return Game(id=system.id, name=display(system.name), source=display(system.source),
                list_name=display(system.list_name), has_cost=system.cost is not None,
                has_ranks=bool(system.ranks),
                cost=system.cost or "", reference=system.reference,
                type_plurals=tuple((t.label(1), t.label(2)) for t in system.types))


@dataclass(frozen=True)
class WarbandSummary:
    name: str
    faction_id: str
    faction_name: str | None
    """None when the faction is not in the loaded data."""
    points_limit: int | None
    legal: bool
    findings: tuple[Finding, ...]
    stats: Stats
    roster: tuple[RosterLine, ...]
    profiles: tuple[ProfileSheet, ...]
    """Known combatants in print order: by type in the system's order, then in the order the
    list first names them."""
    stat_columns: tuple[str, ...]
    """The roster's stat columns: the system's, an ``only_when_set`` one only when some
    combatant has it."""
    figures: tuple[FigureLine, ...] = ()
    game: Game = field(default_factory=Game)
    notes: str | None = None
    date: datetime.date = field(default_factory=datetime.date.today)
    fingerprint: str = ""
    """The list fingerprint (SPEC §6)."""
    data_fingerprint: str | None = None
    """The faction's data fingerprint (SPEC §6); None when the faction is not loaded."""
    share_code: str = ""
    """The list's share code (SPEC §7)."""

    @property
    def unknown(self) -> tuple[RosterLine, ...]:
        return tuple(line for line in self.roster if not line.known)


def squad_note(system: System) -> str | None:
    """The game reference's note on squads, when the game has one and it reads."""
    if system.reference is None:
        return None
    try:
        return load_reference(system.reference).squad_note
    except DataError:
        return None  # the sheet reports a broken reference; a card just goes without


def stat_columns(system: System, combatants: list[Combatant]) -> tuple[str, ...]:
    """The system's stat line; an ``only_when_set`` column only when one of ``combatants``
    has it (SphereWars' PRE: "only for those miniatures capable of ranged attacks")."""
    return tuple(s.id for s in system.stats
                 if not s.only_when_set or any(c.stat(s.id) is not None for c in combatants))


def resolve_ability(faction: Faction, ref: str | Ability,
                    universal: Mapping[str, Ability] | None = None) -> AbilityLine:
    a = faction.ability(ref, universal)
    kind_name = faction.game.kind_label(a.kind) if a.kind and faction.attached else None
    return AbilityLine(name=a.name, kind=a.kind, scope=a.scope, difficulty=a.difficulty,
                       successes=a.successes, text=a.text, kind_name=kind_name)


def profile_sheet(c: Combatant, faction: Faction, universal: Mapping[str, Ability] | None,
                  count: int, squad_note: str | None = None) -> ProfileSheet:
    system = faction.game
    columns = stat_columns(system, [c])
    return ProfileSheet(
        id=c.id, name=c.name, nickname=c.nickname, type=system.type_label(c.type),
        rank=system.rank_label(c.rank) or None, base=c.base,
        squad=c.squad, wounds=c.wounds, faction=faction.name,
        stats=tuple((n, c.shown(n)) for n in columns),
        abilities=tuple(resolve_ability(faction, ref, universal) for ref in c.abilities),
        equipment=tuple(c.equipment), unique_equipment=tuple(c.unique_equipment), count=count,
        squad_note=squad_note,
    )


def summarise(warband: Warband, faction: Faction | None,
              universal: Mapping[str, Ability] | None = None, *,
              points_override: int | None = None,
              date: datetime.date | None = None,
              data_fingerprint: str | None = None) -> WarbandSummary:
    """Everything a printout shows about ``warband``; never raises for a bad list.

    An unknown faction still gives a summary (name, findings, the entries as unknown lines),
    so that an organiser's printout says what is wrong instead of failing.
    """
    report = validate(warband, faction, points_override)
    totals = warband.totals()
    matches = faction is not None and faction.id == warband.faction and faction.attached
    known = faction.by_id if faction is not None and matches else {}
    system = faction.game if faction is not None and matches else None
    hired = [known[cid] for cid in totals if cid in known]
    order = {cid: i for i, cid in enumerate(totals)}
    columns: tuple[str, ...] = ()
    figures: tuple[FigureLine, ...] = ()
    roster: list[RosterLine] = []
    if faction is not None and system is not None:
        type_rank = {t: i for i, t in enumerate(system.type_order)}
        hired.sort(key=lambda c: (type_rank.get(c.type, len(type_rank)), order[c.id]))
        columns = stat_columns(system, hired)
        roster = [RosterLine(combatant_id=c.id, count=totals[c.id], name=c.display_name,
                             known=True, type=system.type_label(c.type),
                             rank=system.rank_label(c.rank) or None,
                             stats=tuple((n, c.shown(n)) for n in columns),
                             cost=faction.cost(c))
                  for c in hired]
        figures = tuple(FigureLine(f.id, display(f.name), report.stats.figures.get(f.id, 0),
                                   display(f.help), report.stats.caps.get(f.id))
                        for f in shown_figures(system))
    roster += [RosterLine(combatant_id=cid, count=n, name=cid, known=False)
               for cid, n in totals.items() if cid not in known]

    profiles: list[ProfileSheet] = []
    if faction is not None and system is not None:
        note = squad_note(system) if any(c.squad for c in hired) else None
        profiles = [profile_sheet(c, faction, universal, totals[c.id], note) for c in hired]

    return WarbandSummary(
        name=warband.name, faction_id=warband.faction,
        faction_name=faction.name if faction is not None and matches else None,
        points_limit=report.points_limit, legal=report.legal,
        findings=tuple(report.findings), stats=report.stats, roster=tuple(roster),
        profiles=tuple(profiles), stat_columns=columns, figures=figures,
        game=game_of(system), notes=warband.notes,
        date=date or datetime.date.today(),
        fingerprint=list_fingerprint(warband), data_fingerprint=data_fingerprint,
        share_code=encode_warband(warband),
    )
