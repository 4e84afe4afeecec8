"""One function per recruiting rule of SPEC §3, each citing the rulebook sentence it enforces.

Source: the core rulebook, *Preparation to a Skirmish — Recruiting a Warband* and *Knowing your
combatants — Attributes*. Every function takes the :class:`Roster` (the list resolved against
its faction) and returns findings; none raises.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from builder.model import Combatant, Faction, Warband
from builder.rules.findings import Finding


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


@dataclass
class Roster:
    """A warband resolved against its faction: what every rule looks at."""

    warband: Warband
    faction: Faction
    points_limit: int | None
    totals: dict[str, int] = field(default_factory=dict)
    """Models per known combatant id, summed over all entries (caps count the total)."""
    unknown: dict[str, int] = field(default_factory=dict)
    """Models per combatant id the faction does not have."""

    @classmethod
    def resolve(cls, warband: Warband, faction: Faction, points_limit: int | None) -> Roster:
        roster = cls(warband, faction, points_limit)
        by_id = faction.by_id
        for entry in warband.entries:
            bucket = roster.totals if entry.combatant in by_id else roster.unknown
            bucket[entry.combatant] = bucket.get(entry.combatant, 0) + entry.count
        return roster

    def hired(self, kind: str | None = None) -> list[tuple[Combatant, int]]:
        """(combatant, models) for each known combatant hired, optionally of one type."""
        by_id = self.faction.by_id
        return [(by_id[cid], n) for cid, n in self.totals.items()
                if kind is None or by_id[cid].type == kind]

    @property
    def points(self) -> int:
        return sum(c.profile.PE * n for c, n in self.hired())

    @property
    def messengers(self) -> int:
        return sum(n for _c, n in self.hired("messenger"))

    @property
    def messenger_cap(self) -> int:
        per = self.faction.building.messengers_per_command
        return per * sum((c.profile.MAN or 0) * n for c, n in self.hired("leader"))


def check_unknown_combatants(r: Roster) -> list[Finding]:
    """SPEC `unknown-combatant`: an entry names a combatant the faction does not have; it is
    kept in the list but counts toward nothing else."""
    return [Finding("unknown-combatant", "error",
                    f"{plural(n, 'model')} of '{cid}', which the {r.faction.name} data does "
                    "not have: it counts toward nothing (update the data or remove the entry)",
                    (cid,))
            for cid, n in r.unknown.items()]


def check_leader_required(r: Roster) -> list[Finding]:
    """"Leader: the commander of the Warband" — every warband needs at least one."""
    if r.hired("leader"):
        return []
    return [Finding("leader-required", "error",
                    "No Leader hired: a warband needs a Leader, \"the commander of the Warband\"")]


def check_messenger_limit(r: Roster) -> list[Finding]:
    """"A Warband can only hire as many Messengers as the leader has command points"; MAN
    "dictates … the maximum number of messengers he can recruit": each leader hired recruits
    his own, so the cap is the sum of MAN over the leaders (times the faction's override)."""
    hired, cap = r.messengers, r.messenger_cap
    if hired <= cap:
        return []
    leaders = r.hired("leader")
    basis = ", ".join(f"{f'{n}× ' if n > 1 else ''}{c.name} MAN {c.profile.MAN or 0}"
                      for c, n in leaders) or "no Leader hired"
    per = r.faction.building.messengers_per_command
    if per != 1:
        basis = f"{per} per command point; {basis}"
    ids = tuple(c.id for c, _n in r.hired("messenger"))
    return [Finding("messenger-limit", "error",
                    f"{plural(hired, 'Messenger')} hired; the leaders' command allows "
                    f"{cap} ({basis})", ids)]


def check_same_combatant_limit(r: Roster) -> list[Finding]:
    """"A Warband can only hire a maximum of five of the same combatant" (or the faction's
    override, or the combatant's own ``max``)."""
    default = r.faction.building.max_same_combatant
    out = []
    for c, n in r.hired():
        cap = c.max if c.max is not None else default
        if n > cap:
            why = "its own maximum" if c.max is not None else "the most of one combatant"
            out.append(Finding("same-combatant-limit", "error",
                               f"{n} × {c.name} hired; {why} is {cap}", (c.id,)))
    return out


def check_squad_limit(r: Roster) -> list[Finding]:
    """"If the combatants of a particular type form a Squad however, only 3 units can be
    recruited" (or the faction's override)."""
    cap = r.faction.building.max_squad_units
    return [Finding("squad-limit", "error",
                    f"{n} × {c.name} hired; a squad may have at most {cap} units", (c.id,))
            for c, n in r.hired() if c.squad and n > cap]


def check_points_limit(r: Roster) -> list[Finding]:
    """Total PE ("Points to Enrol: cost to enroll the combatant") within the agreed limit."""
    if r.points_limit is None or r.points <= r.points_limit:
        return []
    return [Finding("points-limit", "error",
                    f"{r.points} points spent, the limit is {r.points_limit}")]


CHECKS: tuple[Callable[[Roster], list[Finding]], ...] = (
    check_unknown_combatants,
    check_leader_required,
    check_messenger_limit,
    check_same_combatant_limit,
    check_squad_limit,
    check_points_limit,
)
