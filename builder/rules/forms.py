"""The two forms of a recruiting rule (SPEC §5 *Rules*): one amount for the whole list
(:func:`check_list`), or the models of each hired combatant that matches
(:func:`check_each`), each against the rule's bounds, with the finding a player reads."""

from __future__ import annotations

from itertools import compress
from operator import attrgetter, itemgetter
from typing import cast

from builder.i18n import N_, _
from builder.model import Combatant
from builder.model.system import Rule
from builder.model.template import fill, placeholders
from builder.model.text import display, quotation
from builder.rules.engine import (
    KINDS,
    Amount,
    Quantity,
    Roster,
    amount,
    extreme,
    quantity,
    selected,
    value,
)
from builder.rules.findings import Finding
from builder.rules.selectors import gives_keys

_COMBATANT, _MODELS, _ID = itemgetter(0), itemgetter(1), attrgetter("id")


def bounds_of(rule: Rule) -> list[tuple[str, Quantity]]:
    """("at_most" | "at_least", quantity) for each bound the rule sets, in the order they are
    checked (``exactly`` is both)."""
    if rule.exactly is not None:
        return [("at_most", rule.exactly), ("at_least", rule.exactly)]
    out: list[tuple[str, Quantity]] = []
    if rule.at_most is not None:
        out.append(("at_most", rule.at_most))
    if rule.at_least is not None:
        out.append(("at_least", rule.at_least))
    return out


def _broken(kind: str, have: int, bound: int) -> bool:
    return have > bound if kind == "at_most" else have < bound


_DEFAULT = {  # {why}: " (how the bound was reached)", or nothing
    ("list", "at_most"): N_("{rule}: {counted}; at most {bound} allowed{why}"),
    ("list", "at_least"): N_("{rule}: {counted}; at least {bound} needed{why}"),
    ("list", "exactly"): N_("{rule}: {counted}; exactly {bound} needed{why}"),
    ("each", "at_most"): N_("{rule}: {amount} × {combatant} hired; at most {bound} allowed{why}"),
    ("each", "at_least"): N_("{rule}: {amount} × {combatant} hired; at least {bound} "
                             "needed{why}"),
    ("each", "exactly"): N_("{rule}: {amount} × {combatant} hired; exactly {bound} "
                            "needed{why}"),
}


def _finding(rule: Rule, form: str, kind: str, have: Amount, bound: Amount,
             combatant: Combatant | None, ids: tuple[str, ...]) -> Finding:
    fields = {"amount": have.value, "bound": bound.value, "basis": bound.basis,
              "counted": have.counted or str(have.value), "rule": rule.label,
              "combatant": combatant.name if combatant else ""}
    if rule.message is not None:  # data: filled, never given to str.format
        message = fill(display(rule.message), fields)
    else:
        shape = "exactly" if rule.exactly is not None else kind
        why = f" ({bound.basis})" if bound.basis else ""
        message = _(_DEFAULT[(form, shape)]).format(why=why, **fields)
    cite, original = quotation(rule.cite)
    return Finding(rule.id, rule.severity, message, ids, have.value, bound.value,
                   cite or None, original)


def _shows(rule: Rule, field: str) -> bool:
    """Whether the rule's message shows ``field`` (the default messages show every field): the
    explanation of an amount ("2× Nek'Org PE 169, …") is built only for a message that shows
    it."""
    if rule.message is None:
        return True
    return field in placeholders(display(rule.message))


def check_list(rule: Rule, r: Roster) -> list[Finding]:
    """Form 1: one amount for the whole list against the rule's bounds; one finding at most."""
    assert rule.count is not None
    have = quantity(rule.count, r)
    if have is None:
        return []
    for kind, q in bounds_of(rule):
        bound = quantity(q, r)
        if bound is not None and _broken(kind, have, bound):
            counted = amount(rule.count, r, explain=False) if _shows(rule, "counted") \
                else Amount(have)
            explained = amount(q, r) if _shows(rule, "basis") else Amount(bound)
            assert counted is not None and explained is not None
            counting = KINDS.get(type(rule.count))
            sel = counting.looks_at(rule.count) if counting is not None else None
            # the combatants counted, when the rule counts some rather than the whole list
            ids = tuple(map(_ID, map(_COMBATANT, selected(r, sel)))) if gives_keys(sel) \
                else ()
            return [_finding(rule, "list", kind, counted, explained, None, ids)]
    return []


def check_each(rule: Rule, r: Roster) -> list[Finding]:
    """Form 2: the models of each hired combatant that matches, one finding per combatant
    that breaks a bound; with ``own_max`` a combatant's own ``max`` replaces ``at_most``."""
    assert rule.each is not None
    out = []
    bounds = [(kind, q, quantity(q, r)) for kind, q in bounds_of(rule)]
    for c, n in _suspects(rule, r, bounds):
        for kind, q, bound in bounds:
            if rule.own_max and kind == "at_most" and c.max is not None:
                if n > c.max:
                    out.append(_finding(rule, "each", kind, Amount(n),
                                        Amount(c.max, _("its own max")), c, (c.id,)))
                    break
                continue
            if bound is not None and _broken(kind, n, bound):
                explained = amount(q, r) if _shows(rule, "basis") else Amount(bound)
                assert explained is not None
                out.append(_finding(rule, "each", kind, Amount(n), explained, c, (c.id,)))
                break
    return out


def _suspects(rule: Rule, r: Roster, bounds: list[tuple[str, Quantity, int | None]]
              ) -> list[tuple[Combatant, int]]:
    """The members of a form-2 rule that may break a bound, in order: a combatant with no
    more models than the lowest ``at_most`` (its own ``max`` included) and no fewer than the
    highest ``at_least`` breaks none, and a long list is mostly such combatants."""
    members = selected(r, rule.each)
    if r.answers is None:
        return members
    most = [b for kind, _q, b in bounds if kind == "at_most" and b is not None]
    least = [b for kind, _q, b in bounds if kind == "at_least" and b is not None]
    if rule.own_max and any(kind == "at_most" for kind, _q, _b in bounds):
        own = r.answers.table(_OWN_MAX, lambda: _OWN_MAX, _own_max)
        lowest = extreme(r, own, "min", lambda found: min(
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


def check_rule(rule: Rule, r: Roster) -> list[Finding]:
    if rule.when is not None and value(rule.when, r) <= 0:
        return []
    return check_each(rule, r) if rule.each is not None else check_list(rule, r)
