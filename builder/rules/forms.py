"""The two forms of a recruiting rule (SPEC §5 *Rules*): one amount for the whole list
(:func:`check_list`), or the models of each hired combatant that matches
(:func:`check_each`), each against the rule's bounds (:func:`builder.rules.kinds.breach`);
a finding carries the numbers, names and ids it is about (:class:`RuleBroken`, worded by
:mod:`.wording`)."""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, itemgetter
from typing import cast

from builder.model import Combatant
from builder.model.system import Rule
from builder.rules.cache import Evaluation
from builder.rules.engine import (
    basis,
    counted,
    extreme,
    quantity,
    selected,
    value,
)
from builder.rules.findings import Finding
from builder.rules.kinds import AT_LEAST, AT_MOST, Bound, applies, breach, shape_of
from builder.rules.wording import Basis, Counted, OwnMax, RuleBroken

_COMBATANT, _MODELS, _ID = itemgetter(0), itemgetter(1), attrgetter("id")


def _finding(rule: Rule, form: str, bound: Bound, have: int, limit: int,
             counted_: Counted | None, basis_: Basis | None, combatant: Combatant | None,
             ids: tuple[str, ...]) -> Finding:
    said = RuleBroken(rule, form, shape_of(rule, bound), have, limit, counted_, basis_,
                      combatant.name if combatant else "")
    return Finding(rule.id, rule.severity, said, ids, have, limit, rule.cite)


def check_list(rule: Rule, ev: Evaluation) -> list[Finding]:
    """Form 1: one amount for the whole list against the rule's bounds; one finding at most."""
    assert rule.count is not None
    have = quantity(rule.count, ev)
    if have is None:
        return []
    plan = ev.system.rule(rule)
    values = [quantity(q, ev) for _b, q in plan.bounds]
    found = breach(plan.kinds, values, have)
    if found is None:
        return []
    bound, q = plan.bounds[found[0]]
    # the combatants counted, when the rule counts some rather than the whole list
    selection = plan.counted
    ids = tuple(map(_ID, map(_COMBATANT, selected(ev, selection)))) \
        if selection is not None and selection.gives_keys else ()
    return [_finding(rule, "list", bound, have, cast(int, values[found[0]]),
                     counted(rule.count, ev) if "counted" in plan.shows else None,
                     basis(q, ev) if "basis" in plan.shows else None, None, ids)]


def check_each(rule: Rule, ev: Evaluation) -> list[Finding]:
    """Form 2: the models of each hired combatant that matches, one finding per combatant
    that breaks a bound; with ``own_max`` a combatant's own ``max`` replaces ``at_most``."""
    out = []
    plan = ev.system.rule(rule)
    kinds = plan.kinds
    values = [quantity(q, ev) for _b, q in plan.bounds]
    for c, n in _suspects(rule, ev, kinds, values):
        own = c.max if rule.own_max else None
        found = breach(kinds, values, n, own)
        if found is None:
            continue
        bound, q = plan.bounds[found[0]]
        if own is not None and bound is AT_MOST:
            out.append(_finding(rule, "each", bound, n, own, None, OwnMax(), c, (c.id,)))
        else:
            out.append(_finding(rule, "each", bound, n, cast(int, values[found[0]]), None,
                                basis(q, ev) if "basis" in plan.shows else None, c, (c.id,)))
    return out


def _suspects(rule: Rule, ev: Evaluation, kinds: list[Bound], values: list[int | None]
              ) -> list[tuple[Combatant, int]]:
    """The members of a form-2 rule that may break a bound, in order: a combatant with no
    more models than the lowest ``at_most`` (its own ``max`` included) and no fewer than the
    highest ``at_least`` breaks none, and a long list is mostly such combatants."""
    each = ev.system.rule(rule).each
    assert each is not None
    members = selected(ev, each)
    if ev.kept is None:
        return members
    most = [v for b, v in zip(kinds, values, strict=True) if b is AT_MOST and v is not None]
    least = [v for b, v in zip(kinds, values, strict=True) if b is AT_LEAST and v is not None]
    if rule.own_max and AT_MOST in kinds:
        own = ev.kept.table(_OWN_MAX, _own_max)
        lowest = extreme(ev, _OWN_MAX, own, "min", lambda found: min(
            (m for m in found if m is not None), default=None))
        if lowest is not None:
            most.append(cast(int, lowest))
    low, high = min(most, default=None), max(least, default=None)
    if low is None:
        return members if high is not None else []
    if high is None:  # (the usual case, in C: those with more models than the lowest cap)
        return list(compress(members, map(low.__lt__, map(_MODELS, members))))
    return [m for m in members if m[1] > low or m[1] < high]


_OWN_MAX = "own max"


def _own_max(c: Combatant) -> int | None:
    return c.max


def check_rule(rule: Rule, ev: Evaluation) -> list[Finding]:
    if rule.when is not None and not applies(rule, value(rule.when, ev)):
        return []
    return check_each(rule, ev) if rule.each is not None else check_list(rule, ev)
