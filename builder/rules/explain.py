"""Why one more of a combatant, or a pick the list does not hold, would break a rule: the
findings behind :attr:`~builder.rules.headroom.Room.breaks` (and a pick's), from the engine
itself, the list checked with the change rule by rule, for the catalogue's tooltip. Only the
rules :mod:`.headroom` named are checked, so this costs one row, not a validation per
combatant."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from builder.model import Entry, Faction, Warband
from builder.model.system import Rule
from builder.rules.cache import Evaluation
from builder.rules.engine import evaluate, quantity
from builder.rules.findings import Finding
from builder.rules.forms import check_rule
from builder.rules.kinds import bounds_of


@dataclass(frozen=True)
class Breach:
    """What one more model does to a rule: its finding now (None: none) and after, and the
    amount and bound it compares now ("3 of 3")."""

    rule: Rule
    now: Finding | None
    after: Finding
    amount: int | None = None
    bound: int | None = None


def one_more(warband: Warband, combatant_id: str, count: int = 1) -> Warband:
    """The list with one more of a combatant: a new entry of ``count`` models (a unit's
    least, for a unit)."""
    return warband.model_copy(update={"entries": [*warband.entries,
                                                  Entry(combatant=combatant_id, count=count)]})


def step(faction: Faction, combatant_id: str) -> int:
    """Models one more of a combatant hires: a unit's least, else one."""
    c = faction.by_id.get(combatant_id)
    return c.unit.min if c is not None and c.unit is not None else 1


def explain(warband: Warband, faction: Faction, combatant_id: str, rules: Iterable[Rule],
            points_limit: int | None) -> list[Breach]:
    """The findings behind a combatant's :attr:`Room.breaks`, from the engine itself (the
    list checked with one more, rule by rule), for a tooltip: only the rules given are
    checked, so this costs one row, not a validation per combatant."""
    return _explained(warband, one_more(warband, combatant_id, step(faction, combatant_id)),
                      faction, rules, points_limit)


def explain_pick(warband: Warband, faction: Faction, pick_id: str, rules: Iterable[Rule],
                 points_limit: int | None) -> list[Breach]:
    """:func:`explain` for a pick the list does not hold (the rules :meth:`Headroom.picks`
    gives it)."""
    return _explained(warband, warband.model_copy(update={"picks": [*warband.picks, pick_id]}),
                      faction, rules, points_limit)


def _explained(warband: Warband, changed: Warband, faction: Faction, rules: Iterable[Rule],
               points_limit: int | None) -> list[Breach]:
    before = evaluate(warband, faction, points_limit)
    after = evaluate(changed, faction, points_limit)
    out = []
    for rule in rules:
        # form 1 has one finding (the combatants it names grow with the list), form 2 one
        # per combatant
        def key(f: Finding, rule: Rule = rule) -> tuple[str, ...]:
            return f.combatants if rule.each is not None else ()

        now = {key(f): f for f in check_rule(rule, before)}
        for finding in check_rule(rule, after):
            old = now.get(key(finding))
            if old is None or _distance(finding) > _distance(old):
                out.append(Breach(rule, old, finding, *_numbers_now(rule, before, finding)))
                break
    return out


def _numbers_now(rule: Rule, ev: Evaluation, after: Finding) -> tuple[int | None, int | None]:
    """The amount and the bound the finding ``after`` compares, as they are now."""
    if after.amount is None or after.bound is None:
        return None, None
    kind = "at_most" if after.amount > after.bound else "at_least"
    q = next((q for bound, q in bounds_of(rule) if bound.name == kind), None)
    if q is None:
        return None, None
    if rule.each is None:
        assert rule.count is not None
        return quantity(rule.count, ev), quantity(q, ev)
    r = ev.roster
    cid = after.combatants[0] if after.combatants else ""
    n = sum(k for c, k in r.hired if c.id == cid)
    own = r.faction.by_id[cid].max if rule.own_max and kind == "at_most" and \
        cid in r.faction.by_id else None
    return n, own if own is not None else quantity(q, ev)


def _distance(f: Finding) -> int:
    return abs((f.amount or 0) - (f.bound or 0))
