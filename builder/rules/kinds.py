"""The rule logic in one table (SPEC §5 *Rules*, §9): one entry per kind of quantity and per
bound a rule sets, and the two things every rule form does with them.

- A :class:`Kind` says what a quantity looks at (its selector), what one model (or entry) of
  a combatant it looks at is worth (one, or a stat), how those values make its amount
  (:class:`Combine`: a total, or the highest), and what else of the list counts (the options
  and picks, for a sum; the picks taken, for ``{picks: …}``).
- A :class:`Bound` says how an amount compares with it; :func:`breach` is how a rule of either
  form finds the bound an amount breaks (a combatant's own ``max`` standing for ``at_most``
  in form 2) and :func:`applies` when a rule applies (``when``).

Everything else is derived from these few entries: the evaluation of a list (:mod:`.engine`,
in plain loops over a short list or through answers kept per faction for a long one), its
findings (:mod:`.forms`), and what one more of a combatant would break (:mod:`.headroom`). A
new kind of quantity is its model (:mod:`builder.model.quantity`), one :class:`Kind` in
:data:`KINDS`, and how it reads in a message (:mod:`.wording`). Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from itertools import compress
from operator import itemgetter, mul
from typing import Any, NamedTuple

from builder.model import Combatant
from builder.model.quantity import (
    EntriesQuantity,
    MaxQuantity,
    ModelsQuantity,
    PicksQuantity,
    QuantityMapping,
    SumQuantity,
)
from builder.model.system import Rule
from builder.rules.roster import Roster
from builder.rules.taken import picks_taken

Hired = list[tuple[Combatant, int]]
"""(combatant, models, or entries for a per-entry kind), in the order the list hires them."""
Worth = Callable[[Combatant], int]
"""What one model (or entry) of a combatant is worth to a quantity."""

NOTHING = float("-inf")
"""A highest's value for a combatant it does not look at, and of none: below any number."""

_MODELS = itemgetter(1)


# --- how values make an amount -------------------------------------------------------------


class Combine(NamedTuple):
    """How the values of the combatants a quantity looks at make its amount: in a loop over
    what a list hires, from a table of answers kept per combatant, and after one more."""

    name: str
    of: Callable[[Hired, Worth | None], int]
    """The amount of (combatant, models) pairs, each model worth ``worth(c)`` (None: one)."""
    kept: Callable[[dict[str, Any], dict[str, int]], float]
    """The amount from answers kept per combatant id (``nothing`` for those it does not look
    at) and the models (or entries) per combatant id the list hires."""
    more: Callable[[float, float], float]
    """The amount after one more combatant worth ``effect`` (× the models it hires) joins."""
    nothing: float
    """The kept answer of a combatant it does not look at."""
    weighted: bool
    """Each model counts (a total moves with the models hired); a highest only sees which
    combatants are hired."""
    chosen: Callable[..., Any] | None = None
    """For a combine whose amount is one combatant's value (a highest: ``max``), how that
    combatant is found among the pairs (``key``: its value), for a message; None for a
    total."""

    def amount(self, found: float) -> int:
        """A combined value as an amount: none (``nothing``) is 0."""
        return 0 if found == self.nothing else int(found)


def _total(hired: Hired, worth: Worth | None) -> int:
    if worth is None:
        return sum(map(_MODELS, hired))
    total = 0
    for c, n in hired:
        total += worth(c) * n
    return total


def _total_kept(per: dict[str, Any], weights: dict[str, int]) -> float:
    return sum(map(mul, map(per.__getitem__, weights), weights.values()))


def _highest(hired: Hired, worth: Worth | None) -> int:
    one = worth if worth is not None else _one
    return max((one(c) for c, _n in hired), default=0)


def _highest_kept(per: dict[str, Any], weights: dict[str, int]) -> float:
    return max(map(per.__getitem__, weights), default=NOTHING)


def _more_of_highest(now: float, effect: float) -> float:
    return now if effect == NOTHING else max(now, effect)


TOTAL = Combine("total", _total, _total_kept, lambda now, effect: now + effect, 0, True)
HIGHEST = Combine("highest", _highest, _highest_kept, _more_of_highest, NOTHING, False, max)


# --- the kinds of quantity ------------------------------------------------------------------


def picks_counted(q: PicksQuantity, r: Roster) -> int:
    """``{picks: …}``: the picks the list took that the selector takes in."""
    return len(picks_taken(r, q.picks)) if r.warband.picks else 0


class Kind(NamedTuple):
    """One kind of quantity mapping (SPEC §5, §9). Its model says which of its fields holds
    its selector and which names the stat a model adds (:class:`QuantityMapping`)."""

    name: str
    combine: Combine = TOTAL
    per_entry: bool = False
    """Each entry counts once (a unit too), rather than each model."""
    with_options: bool = False
    """What the options of the entries it looks at add counts too, and what the picks add
    when it looks at the whole list (SPEC §9: sums)."""
    of_list: Callable[[Any, Roster], int] | None = None
    """For a kind that counts what the list took rather than what it hires (picks): the
    amount, before ``times``."""


KINDS: dict[type[QuantityMapping], Kind] = {
    ModelsQuantity: Kind("models"),
    EntriesQuantity: Kind("entries", per_entry=True),
    SumQuantity: Kind("sum", with_options=True),
    MaxQuantity: Kind("max", combine=HIGHEST),
    PicksQuantity: Kind("picks", of_list=picks_counted),
}
"""The kind of each quantity mapping: the one definition of what each counts."""


def worth(stat: str | None) -> Worth | None:
    """What one model of a combatant adds to a quantity whose model names ``stat`` (None:
    it counts models, each one; see :meth:`Combatant.number`: a stat that is not a whole
    number adds nothing)."""
    return None if stat is None else partial(_int_stat, stat=stat)


def worth_of(stat: str | None) -> Worth:
    """:func:`worth` as a function even when each model counts one."""
    found = worth(stat)
    return found if found is not None else _one


def _int_stat(c: Combatant, stat: str) -> int:
    number = c.profile.get(stat)
    return number if type(number) is int else 0


def _one(_c: Combatant) -> int:
    return 1


def kept_table(combine: Combine, stat: str | None, matches: Callable[[Combatant], bool] | None
               ) -> Callable[[Combatant], object]:
    """The answer kept per combatant for a quantity: what one model is worth to it when its
    selector takes the combatant in (``matches`` None: it takes in everyone), else the
    combine's nothing."""
    one = worth_of(stat)
    if matches is None:
        return one
    nothing = combine.nothing
    return lambda c: one(c) if matches(c) else nothing


def matched(hired: Hired, table: dict[str, object], ids: Iterable[str]) -> Hired:
    """The pairs of ``hired`` whose kept answer in ``table`` is true, ``ids`` the hired ids in
    the same order (in C)."""
    return list(compress(hired, map(table.__getitem__, ids)))


# --- bounds and the forms of a rule --------------------------------------------------------


class Bound(NamedTuple):
    """A bound a rule sets (SPEC §5) and how an amount compares with it: it is past the bound
    by ``sign × (amount - bound)`` (0 or less: within)."""

    name: str
    sign: int

    def past(self, have: int, bound: int) -> int:
        return self.sign * (have - bound)


AT_MOST = Bound("at_most", 1)
AT_LEAST = Bound("at_least", -1)


def bounds_of(rule: Rule) -> list[tuple[Bound, Any]]:
    """(bound, quantity) for each bound the rule sets, in the order they are checked
    (``exactly`` is both)."""
    if rule.exactly is not None:
        return [(AT_MOST, rule.exactly), (AT_LEAST, rule.exactly)]
    out: list[tuple[Bound, Any]] = []
    if rule.at_most is not None:
        out.append((AT_MOST, rule.at_most))
    if rule.at_least is not None:
        out.append((AT_LEAST, rule.at_least))
    return out


def shape_of(rule: Rule, bound: Bound) -> str:
    """What a finding says the rule wanted: the bound broken, or ``exactly``."""
    return "exactly" if rule.exactly is not None else bound.name


def breach(bounds: Sequence[Bound], values: Sequence[int | None], have: int,
           own: int | None = None, start: int = 0) -> tuple[int, int] | None:
    """The first bound ``have`` breaks, as (its index, how far past it), or None. ``values``:
    each bound's value from index ``start`` on (None: a bound that is the points limit of a
    list without one, which is skipped). ``own``: a combatant's own ``max``, which replaces
    ``at_most`` (form 2 with ``own_max``) and is never skipped."""
    for i, bound in enumerate(bounds):
        value = values[start + i]
        if own is not None and bound is AT_MOST:
            value = own
        elif value is None:
            continue
        past = bound.sign * (have - value)  # (Bound.past, inlined: this runs per combatant)
        if past > 0:
            return i, past
    return None


def applies(rule: Rule, when: float | None) -> bool:
    """Whether the rule applies to a list whose ``when`` quantity is ``when`` (SPEC §5: a
    rule with ``when`` applies while it is above 0; None reads as 0)."""
    return rule.when is None or (when or 0) > 0
