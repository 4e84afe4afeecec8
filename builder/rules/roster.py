"""A list resolved against its faction (:class:`Roster`): what it hires, as every rule and
figure reads it. Plain data, made once per list; what the rules work out from it is kept
apart, in its :class:`~builder.rules.cache.Evaluation`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple

from builder.model import Combatant, Entry, Faction, System, Warband


class Roster(NamedTuple):
    warband: Warband
    faction: Faction
    system: System
    points_limit: int | None
    hired: list[tuple[Combatant, int]]
    """(combatant, models) per known combatant, totalled over entries, in first-named order."""
    totals: dict[str, int]
    """Models per known combatant id, in the order of ``hired``."""
    unknown: dict[str, int]
    """Models per combatant id the faction does not have: they count toward nothing."""
    optioned: list[tuple[Combatant, Entry]]
    """The entries of known combatants that took options (SPEC §9), in list order."""

    @property
    def models(self) -> int:
        return sum(self.totals.values())


def resolve(warband: Warband, faction: Faction, points_limit: int | None,
            by_id: Mapping[str, Combatant]) -> Roster:
    """``warband`` against ``faction`` (``by_id``: its combatants by id)."""
    totals = warband.totals()
    unknown: dict[str, int] = {}
    if not by_id.keys() >= totals.keys():
        unknown = {cid: n for cid, n in totals.items() if cid not in by_id}
        totals = {cid: n for cid, n in totals.items() if cid in by_id}
    hired = list(zip(map(by_id.__getitem__, totals), totals.values(), strict=True))
    optioned = [(by_id[e.combatant], e) for e in warband.entries
                if e.options and e.combatant in by_id]
    return Roster(warband, faction, faction.game, points_limit, hired, totals, unknown,
                  optioned)


def moved(r: Roster, warband: Warband, changes: Mapping[str, int],
          positions: Mapping[str, int]) -> Roster:
    """``r`` after the models of some combatants it hires changed (``changes``: id -> models
    added; each still hired, none joining) and nothing else (``positions``: where each id is
    in ``hired``)."""
    totals, hired = dict(r.totals), list(r.hired)
    for cid, n in changes.items():
        totals[cid] += n
        hired[positions[cid]] = (hired[positions[cid]][0], totals[cid])
    return Roster(warband, r.faction, r.system, r.points_limit, hired, totals, r.unknown, [])
