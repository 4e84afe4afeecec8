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

from builder.model import STAT_NAMES, TYPE_ORDER, Ability, Combatant, Faction, Warband
from builder.rules import Finding, Stats, validate

SQUAD_REMINDER = 'placed together, within 2" of each other, at deployment'
"""*Recruiting a Warband*: "all the models composing a squad must be placed at the same time
and within 2\" of each other"."""


@dataclass(frozen=True)
class AbilityLine:
    """An ability as printed: its entry resolved against the faction and universal glossaries."""

    name: str
    kind: str | None = None
    scope: str | None = None
    difficulty: int | str | None = None
    successes: int = 1
    text: str | None = None

    @property
    def label(self) -> str:
        """The kind as the card prints it, e.g. "feat 5, 2 successes" (*Feats*: the target value
        follows the feat's name; 'A' means automatic; some feats need several successes)."""
        if self.kind != "feat":
            return self.kind or ""
        if self.difficulty == "A":
            return "feat A, automatic"
        needed = "1 success" if self.successes == 1 else f"{self.successes} successes"
        if self.difficulty is None:  # the data does not give it: say only what is known
            return "feat" if self.successes == 1 else f"feat, {needed}"
        return f"feat {self.difficulty}, {needed}"


@dataclass(frozen=True)
class ProfileSheet:
    """A combatant as a card prints it."""

    id: str
    name: str
    nickname: str | None
    type: str
    rank: str | None
    base: int | None
    squad: bool
    wounds: int
    faction: str
    stats: tuple[tuple[str, str], ...]
    """(column, shown value) in the book's order; PRE only when the combatant has it."""
    abilities: tuple[AbilityLine, ...]
    equipment: tuple[str, ...]
    unique_equipment: tuple[str, ...]
    count: int
    """Models hired (over every entry naming this combatant)."""

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
    pe: int = 0

    @property
    def points(self) -> int:
        return self.pe * self.count


@dataclass(frozen=True)
class StrategicRoll:
    """*Strategic roll*: "an opposition roll is made using the command (MAN) value of the
    leaders. If a player has suffered the loss of one or more leaders on a previous turn, then
    a single dice is for the roll." The book does not say how the MAN of several leaders
    combine, so with more than one leader the sheet lists each instead of inventing a sum."""

    leaders: tuple[tuple[str, int], ...] = ()
    """(leader name, MAN) for each leader model hired."""

    @property
    def dice(self) -> int | None:
        """The dice to roll when the reading is unambiguous (exactly one leader), else None."""
        return self.leaders[0][1] if len(self.leaders) == 1 else None


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
    """Known combatants in print order: by type (leader, avatar, messenger, troop), then in the
    order the list first names them."""
    stat_columns: tuple[str, ...]
    """The roster's stat columns: the book's, with PRE only when some combatant has it."""
    strategic_roll: StrategicRoll
    notes: str | None = None
    date: datetime.date = field(default_factory=datetime.date.today)

    @property
    def unknown(self) -> tuple[RosterLine, ...]:
        return tuple(line for line in self.roster if not line.known)


def stat_columns(combatants: list[Combatant]) -> tuple[str, ...]:
    """*Attributes*: Precision "will appear after the dexterity value but only for those
    miniatures capable of ranged attacks"."""
    with_pre = any(c.profile.PRE is not None for c in combatants)
    return tuple(n for n in STAT_NAMES if n != "PRE" or with_pre)


def resolve_ability(faction: Faction, ref: str | Ability,
                    universal: Mapping[str, Ability]) -> AbilityLine:
    a = faction.ability(ref, dict(universal))
    return AbilityLine(name=a.name, kind=a.kind, scope=a.scope, difficulty=a.difficulty,
                       successes=a.successes, text=a.text)


def profile_sheet(c: Combatant, faction: Faction, universal: Mapping[str, Ability],
                  count: int) -> ProfileSheet:
    columns = stat_columns([c])
    return ProfileSheet(
        id=c.id, name=c.name, nickname=c.nickname, type=c.type, rank=c.rank, base=c.base,
        squad=c.squad, wounds=c.wounds, faction=faction.name,
        stats=tuple((n, c.profile.shown(n)) for n in columns),
        abilities=tuple(resolve_ability(faction, ref, universal) for ref in c.abilities),
        equipment=tuple(c.equipment), unique_equipment=tuple(c.unique_equipment), count=count,
    )


def summarise(warband: Warband, faction: Faction | None,
              universal: Mapping[str, Ability] | None = None, *,
              points_override: int | None = None,
              date: datetime.date | None = None) -> WarbandSummary:
    """Everything a printout shows about ``warband``; never raises for a bad list.

    An unknown faction still gives a summary (name, findings, the entries as unknown lines),
    so that an organiser's printout says what is wrong instead of failing.
    """
    universal = universal or {}
    report = validate(warband, faction, points_override)
    totals = warband.totals()
    matches = faction is not None and faction.id == warband.faction
    known = faction.by_id if faction is not None and matches else {}
    hired = [known[cid] for cid in totals if cid in known]
    type_rank = {t: i for i, t in enumerate(TYPE_ORDER)}
    order = {cid: i for i, cid in enumerate(totals)}
    hired.sort(key=lambda c: (type_rank.get(c.type, len(TYPE_ORDER)), order[c.id]))
    columns = stat_columns(hired)

    roster = [RosterLine(combatant_id=c.id, count=totals[c.id], name=c.display_name, known=True,
                         type=c.type, rank=c.rank,
                         stats=tuple((n, c.profile.shown(n)) for n in columns),
                         pe=c.profile.PE)
              for c in hired]
    roster += [RosterLine(combatant_id=cid, count=n, name=cid, known=False)
               for cid, n in totals.items() if cid not in known]

    profiles: list[ProfileSheet] = []
    if faction is not None and matches:
        profiles = [profile_sheet(c, faction, universal, totals[c.id]) for c in hired]

    leaders = tuple((c.name, c.profile.MAN or 0) for c in hired if c.type == "leader"
                    for _ in range(totals[c.id]))
    return WarbandSummary(
        name=warband.name, faction_id=warband.faction,
        faction_name=faction.name if faction is not None and matches else None,
        points_limit=report.points_limit, legal=report.legal,
        findings=tuple(report.findings), stats=report.stats, roster=tuple(roster),
        profiles=tuple(profiles), stat_columns=columns,
        strategic_roll=StrategicRoll(leaders), notes=warband.notes,
        date=date or datetime.date.today(),
    )
