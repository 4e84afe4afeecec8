"""The rule vocabulary of SPEC §5: quantities, selectors, the two rule forms, figures.

Read it against the SPEC: one function per quantity kind (:func:`models_of`, :func:`sum_of`,
:func:`max_of`, :func:`named`), one per rule form (:func:`check_list`, :func:`check_each`).
Each quantity gives an :class:`Amount`: its value and, for messages, how it was reached
("Nek'Org MAN 3"). Nothing here knows a game; nothing here raises for a list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from itertools import compress
from operator import attrgetter, is_not, itemgetter, mul
from typing import Any, cast

from builder.i18n import N_, _, ngettext
from builder.model import Combatant, Faction, Warband
from builder.model.system import (
    POINTS_LIMIT,
    Figure,
    MaxQuantity,
    ModelsQuantity,
    Rule,
    Selector,
    SumQuantity,
    System,
)
from builder.model.template import fill, placeholders
from builder.model.text import display, quotation
from builder.rules.findings import Finding


@dataclass
class Roster:
    """A list resolved against its faction: what every rule and figure looks at."""

    warband: Warband
    faction: Faction
    system: System
    points_limit: int | None
    hired: list[tuple[Combatant, int]] = field(default_factory=list)
    """(combatant, models) per known combatant, totalled over entries, in first-named order."""
    unknown: dict[str, int] = field(default_factory=dict)
    """Models per combatant id the faction does not have: they count toward nothing."""
    chosen: dict[int, list[tuple[Combatant, int]]] = field(default_factory=dict)
    """What each selector (by id) picked, so rules and figures that share one select once."""
    totals: dict[str, int] = field(default_factory=dict)
    """Models per known combatant id, in the order of ``hired``."""
    kept: _Kept | None = None
    """The faction's kept answers, once they cover this list's combatants."""
    long: bool = False
    """Whether the list hires enough combatants for the answers kept with the faction to
    pay (below that, plain loops over a few combatants cost less than reading them)."""
    sums: dict[int, tuple[dict[str, object], int]] = field(default_factory=dict)
    """The list's sum through each kept answers: (those answers, the sum), by the answers'
    identity."""
    at: dict[str, int] | None = None
    """Where each id of ``totals`` is in ``hired`` (worked out for :meth:`moved`)."""
    steady: dict[tuple[str, int], tuple[dict[str, object], object]] = \
        field(default_factory=dict)
    """What :func:`_steady` found, like ``sums``: answers that stay the same while the list
    hires the same combatants, however many models of each."""

    @classmethod
    def resolve(cls, warband: Warband, faction: Faction, points_limit: int | None) -> Roster:
        by_id = faction.by_id
        totals = warband.totals()
        unknown: dict[str, int] = {}
        if not by_id.keys() >= totals.keys():
            unknown = {cid: n for cid, n in totals.items() if cid not in by_id}
            totals = {cid: n for cid, n in totals.items() if cid in by_id}
        hired = list(zip(map(by_id.__getitem__, totals), totals.values(), strict=True))
        return cls(warband, faction, faction.game, points_limit, hired, unknown, {}, totals,
                   None, len(totals) >= _LONG)

    def moved(self, warband: Warband, changes: Mapping[str, int]) -> Roster | None:
        """The roster of ``warband``: this roster's list after the models of some combatants
        it hires changed (``changes``: id -> models added, fewer when negative) and nothing
        else. Its sums are moved by what those models add instead of added up again over the
        whole list. None where that does not apply: a short list, a combatant that joins or
        leaves the list or that the faction does not have, or answers the faction no longer
        keeps."""
        kept, totals = self.kept, self.totals
        if not self.long or kept is None:
            return None
        if kept.combatants is not self.faction.combatants or kept.size != len(kept.combatants) \
                or self.faction.__dict__.get("_answers") is not kept:
            return None
        if any(totals.get(cid, 0) + n < 1 or cid not in totals for cid, n in changes.items()):
            return None
        at = self.at
        if at is None:
            at = self.at = {cid: i for i, cid in enumerate(totals)}
        totals, hired = dict(totals), list(self.hired)
        for cid, n in changes.items():
            totals[cid] += n
            hired[at[cid]] = (hired[at[cid]][0], totals[cid])
        sums = {key: (per, total + sum(cast(int, per[cid]) * n for cid, n in changes.items()))
                for key, (per, total) in self.sums.items()}
        return Roster(warband, self.faction, self.system, self.points_limit, hired,
                      self.unknown, {}, totals, kept, True, sums, at, dict(self.steady))

    @property
    def models(self) -> int:
        return sum(self.totals.values())

    @property
    def points(self) -> int:
        """The sum of the system's cost stat."""
        cost = self.system.cost
        if not cost:
            return 0
        if self.long:
            return _sum(self, "sum", cost, lambda c: _int_stat(c, cost))  # (a sum of the stat)
        return _stat_total(self.hired, cost)


# --- what each combatant adds, kept with the faction ----------------------------------------
#
# A quantity or a selector gives the same answer for a combatant in every list of its faction:
# whether it matches, what one model of it adds to a sum. Those answers are kept with the
# faction (filled as lists hire combatants), so that a list re-validated after each edit (1,000
# entries, a dozen quantities) adds up numbers in C instead of matching every combatant again.

_LONG = 24
"""Combatants a list hires from which :class:`Roster` adds up through kept answers."""
_OWN_MAX = "max"
_COMBATANT, _MODELS, _ID = itemgetter(0), itemgetter(1), attrgetter("id")
_GIVEN = partial(is_not, None)
_NO_MATCH = float("-inf")
"""A ``max`` quantity's answer for a combatant it does not look at (below any number)."""


def _int_stat(c: Combatant, stat: str) -> int:
    """The stat when it is a whole number, else 0 (:meth:`Combatant.number`, for a known
    stat id)."""
    number = c.profile.get(stat)
    return number if type(number) is int else 0


@dataclass
class _Kept:
    """The answers kept with one faction: per quantity or selector, an answer for every
    combatant in ``seen`` (the ids its lists have hired)."""

    combatants: list[Combatant]
    """The faction's combatant list they were read from (kept, so that its address is not
    reused while the answers are)."""
    size: int
    seen: set[str] = field(default_factory=set)
    answers: dict[tuple[str, object], tuple[object, dict[str, object],
                                            Callable[[Combatant], object]]] = \
        field(default_factory=dict)
    twins: dict[tuple[str, object], tuple[object, tuple[str, object]]] = \
        field(default_factory=dict)
    """A key equal to one met before (a figure counting what a rule counts) and that one's
    slot: equal quantities share their answers, and a list adds them up once."""


def _kept(r: Roster) -> _Kept:
    """The faction's answers, first brought up to the list's combatants (once per list)."""
    faction = r.faction
    combatants = faction.combatants
    kept: _Kept | None = faction.__dict__.get("_answers")
    if kept is None or kept.combatants is not combatants or kept.size != len(combatants):
        kept = _Kept(combatants, len(combatants))
        object.__setattr__(faction, "_answers", kept)  # beside the fields, like a cache
    if r.kept is not kept:
        missing = r.totals.keys() - kept.seen
        if missing:
            by_id = faction.by_id
            for _key, known, answer in kept.answers.values():
                for cid in missing:
                    known[cid] = answer(by_id[cid])
            kept.seen |= missing
        r.kept = kept
    return kept


def _answers(r: Roster, kind: str, key: object, answer: Callable[[Combatant], object]
             ) -> dict[str, object]:
    """Per combatant id, ``answer(combatant)`` for every combatant the list hires (and any an
    earlier list of the faction hired). Read again when the faction's combatant list is
    replaced or grows (``model_copy`` carries the answers over). ``key`` (a selector or
    quantity of the system, or a name) is kept with its answers, so that another object made
    later at the same address is never taken for it."""
    kept = _kept(r)
    slot = (kind, key if isinstance(key, str) else id(key))
    found = kept.answers.get(slot)
    if found is None or found[0] is not key:
        twin = kept.twins.get(slot)
        if twin is not None and twin[0] is key:
            return kept.answers[twin[1]][1]
        same = next((s for s, (k, _known, _a) in kept.answers.items()
                     if s[0] == kind and k == key), None)
        if same is not None:
            kept.twins[slot] = (key, same)
            return kept.answers[same][1]
        by_id = r.faction.by_id
        found = kept.answers[slot] = (key, {cid: answer(by_id[cid]) for cid in kept.seen},
                                      answer)
    return found[1]


def _sum(r: Roster, kind: str, key: object, each: Callable[[Combatant], int | bool]) -> int:
    """Σ each(combatant) × models over the list (once per list for equal quantities)."""
    per = _answers(r, kind, key, each)
    found = r.sums.get(id(per))
    if found is None:
        found = r.sums[id(per)] = (per, sum(map(mul, map(per.__getitem__, r.totals),  # type: ignore[arg-type]
                                                r.totals.values())))
    return found[1]


def _steady(r: Roster, per: dict[str, object], name: str,
            reduce: Callable[[Iterator[Any]], object]) -> object:
    """``reduce`` of the answers ``per`` of the combatants the list hires (a highest or a
    lowest), worked out once per list and carried over to the roster :meth:`Roster.moved`
    makes: what does not depend on the models of each stays the same."""
    found = r.steady.get((name, id(per)))
    if found is None:
        found = r.steady[(name, id(per))] = (per, reduce(map(per.__getitem__, r.totals)))
    return found[1]


# --- selectors -----------------------------------------------------------------------------


def _any(value: str | list[str], have: str | None) -> bool:
    return have in value if isinstance(value, list) else have == value


def matches(sel: Selector, c: Combatant) -> bool:
    """Every key the selector gives must match; a list value matches any of its items."""
    if sel.type is not None and not _any(sel.type, c.type):
        return False
    if sel.id is not None and not _any(sel.id, c.id):
        return False
    if sel.rank is not None and not _any(sel.rank, c.rank):
        return False
    if sel.squad is not None and c.squad != sel.squad:
        return False
    if sel.tag is not None:
        tags = sel.tag if isinstance(sel.tag, list) else [sel.tag]
        if not any(t in c.tags for t in tags):
            return False
    return True


def _selects(sel: Selector) -> bool:
    """Whether the selector gives any key (``{}`` matches everything); kept beside the
    selector's fields like the other caches of the engine, so it goes with the selector."""
    found = sel.__dict__.get("_selects")
    if found is None:
        found = bool(sel.given())
        object.__setattr__(sel, "_selects", found)
    return found  # type: ignore[no-any-return]


def _matched(r: Roster, sel: Selector) -> dict[str, object]:
    return _answers(r, "match", sel, lambda c: matches(sel, c))


def selected(r: Roster, sel: Selector | None) -> list[tuple[Combatant, int]]:
    if sel is None:
        return r.hired
    found = r.chosen.get(id(sel))
    if found is None:
        if not _selects(sel):
            found = r.hired
        elif r.long:
            found = list(compress(r.hired, map(_matched(r, sel).__getitem__, r.totals)))
        else:
            found = [(c, n) for c, n in r.hired if matches(sel, c)]
        r.chosen[id(sel)] = found
    return found


def what(r: Roster, sel: Selector, n: int) -> str:
    """How a selector reads in a message: "Messengers", "Leader", "models"."""
    if isinstance(sel.type, str) and len(sel.given()) == 1:
        return r.system.type_label(sel.type, n)
    if isinstance(sel.id, str) and len(sel.given()) == 1:
        found = r.faction.combatant(sel.id)
        return found.name if found else sel.id
    return ngettext("model", "models", n)


# --- quantities ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Amount:
    value: int
    basis: str = ""
    """How the value was reached, for messages ("Nek'Org MAN 3"); "" for a plain number."""
    counted: str = ""
    """The value with what it counts ("4 Messengers"), for the counted side of a rule."""


def _none_hired(r: Roster, sel: Selector) -> str:
    return _("no {what} hired").format(what=what(r, sel, 1))


def models_of(q: ModelsQuantity, r: Roster, explain: bool = True) -> Amount:
    """``explain``: with how the amount was reached (the names of what it counts); the
    counted side of a rule needs only "4 Messengers hired"."""
    hired = selected(r, q.models)
    n = sum(map(_MODELS, hired))
    basis = ""
    if explain:
        parts = [f"{f'{k}× ' if k > 1 else ''}{c.name}" for c, k in hired]
        basis = ", ".join(parts) or _none_hired(r, q.models)
    return Amount(n, basis, _("{n} {what} hired").format(n=n, what=what(r, q.models, n)))


def sum_of(q: SumQuantity, r: Roster, explain: bool = True) -> Amount:
    hired = selected(r, q.of)
    total = sum(c.number(q.sum) * n for c, n in hired)
    basis = ""
    if explain:
        parts = [f"{f'{k}× ' if k > 1 else ''}{c.name} {q.sum} {c.shown(q.sum)}"
                 for c, k in hired]
        basis = ", ".join(parts) or _none_hired(r, q.of)
    return Amount(total, basis, _("{stat} {total} in all").format(stat=q.sum, total=total))


def max_of(q: MaxQuantity, r: Roster, explain: bool = True) -> Amount:
    hired = selected(r, q.of)
    if not hired:
        return Amount(0, _none_hired(r, q.of),
                      _("highest {stat} {value}").format(stat=q.max, value=0))
    best = max(hired, key=lambda cn: cn[0].number(q.max))[0]
    value = best.number(q.max)
    return Amount(value, f"{best.name} {q.max} {value}",
                  _("highest {stat} {value}").format(stat=q.max, value=value))


def named(name: str, r: Roster) -> Amount | None:
    """A parameter (the faction's ``building`` value, else the system's) or ``points_limit``
    (None when the list has no limit: a bound that is the points limit is then skipped).
    Its basis says where the value comes from in a player's words, never the parameter's id
    (a data name such as ``max_same_combatant``: ids stay in the JSON's ``rule``)."""
    value = parameter(name, r)
    if value is None:
        return None
    if name == POINTS_LIMIT:
        return Amount(value, _("the points limit"))
    if name in r.faction.building:
        return Amount(value, _("{faction}'s own rule").format(faction=r.faction.name))
    return Amount(value, _("the game's rule"))


Quantity = int | str | ModelsQuantity | SumQuantity | MaxQuantity
_MAPPED: dict[type, Callable[..., Amount]] = {
    ModelsQuantity: models_of, SumQuantity: sum_of, MaxQuantity: max_of}


def amount(q: Quantity, r: Roster, explain: bool = True) -> Amount | None:
    """A quantity's value, its counted text and, with ``explain``, how it was reached."""
    if isinstance(q, bool):  # never valid; keep the engine total
        return Amount(int(q))
    if isinstance(q, int):
        return Amount(q)
    if isinstance(q, str):
        return named(q, r)
    base = _MAPPED[type(q)](q, r, explain)
    times = q.times
    factor = Amount(times) if isinstance(times, int) else named(times, r)
    if factor is None or factor.value == 1:
        return base
    basis = f"{factor.value} × ({base.basis})" if base.basis else base.basis
    return Amount(base.value * factor.value, basis, base.counted)


def _added_up(q: Quantity, r: Roster) -> int:
    """:func:`quantity` for a short list, in plain loops over what it hires."""
    total = 0
    if type(q) is ModelsQuantity:
        for _c, n in selected(r, q.models):
            total += n
    elif type(q) is SumQuantity:
        total = _stat_total(selected(r, q.of), q.sum)
    elif type(q) is MaxQuantity:
        stat = q.max
        total = max((c.number(stat) for c, _n in selected(r, q.of)), default=0)
    return total


def _stat_total(hired: list[tuple[Combatant, int]], stat: str) -> int:
    """Σ stat × models, in a plain loop (a short list's sums and points)."""
    total = 0
    for c, n in hired:
        number = c.profile.get(stat)  # _int_stat, inlined
        if type(number) is int:
            total += number * n
    return total


def parameter(name: str, r: Roster) -> int | None:
    if name == POINTS_LIMIT:
        return r.points_limit
    building = r.faction.building
    return building[name] if name in building else r.system.parameters.get(name, 0)


def quantity(q: Quantity, r: Roster) -> int | None:
    """The value of a quantity, without the explanation (the hot path: every rule and figure
    of every list); None for ``points_limit`` when the list has no limit."""
    # exact type checks (cheaper than isinstance on this path, and mypy narrows on them)
    if type(q) is int:
        return q
    if type(q) is str:
        return parameter(q, r)
    if type(q) not in _MAPPED:  # a bool: never valid, but keep the engine total
        return int(q)  # type: ignore[arg-type]
    if not r.long:
        total = _added_up(q, r)
    elif type(q) is ModelsQuantity:
        sel = q.models
        if sel is None or not _selects(sel):
            total = r.models
        else:
            total = _sum(r, "match", sel, lambda c: matches(sel, c))
    elif type(q) is SumQuantity:
        stat, sel = q.sum, q.of
        if sel is None or not _selects(sel):
            total = _sum(r, "sum", stat, lambda c: _int_stat(c, stat))
        else:
            total = _sum(r, "sum-of", q, lambda c: _int_stat(c, stat) if matches(sel, c) else 0)
    elif type(q) is MaxQuantity:
        stat, sel = q.max, q.of
        everyone = sel is None or not _selects(sel)
        per = _answers(r, "max", q, lambda c: c.number(stat) if everyone or matches(sel, c)
                       else _NO_MATCH)
        best = _steady(r, per, "max", lambda answers: max(answers, default=_NO_MATCH))
        total = 0 if best == _NO_MATCH else best  # type: ignore[assignment]
    times = q.times  # type: ignore[union-attr]  # (not a number or a name: returned above)
    if times == 1:
        return total
    factor = times if isinstance(times, int) else parameter(times, r)
    return total * (factor if factor is not None else 1)


def value(q: Quantity, r: Roster) -> int:
    found = quantity(q, r)
    return found if found is not None else 0


# --- rules ---------------------------------------------------------------------------------


def bounds_of(rule: Rule) -> list[tuple[str, Quantity]]:
    """("at_most" | "at_least", quantity) for each bound the rule sets, in the order they are
    checked (``exactly`` is both); kept beside the rule's fields, like the engine's other
    caches."""
    out: list[tuple[str, Quantity]] | None = rule.__dict__.get("_bounds")
    if out is None:
        out = []
        if rule.at_most is not None:
            out.append(("at_most", rule.at_most))
        if rule.at_least is not None:
            out.append(("at_least", rule.at_least))
        if rule.exactly is not None:
            out += [("at_most", rule.exactly), ("at_least", rule.exactly)]
        object.__setattr__(rule, "_bounds", out)
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
            sel = rule.count.models if isinstance(rule.count, ModelsQuantity) else (
                getattr(rule.count, "of", None))
            # the combatants counted, when the rule counts some rather than the whole list
            ids = tuple(map(_ID, map(_COMBATANT, selected(r, sel)))) if sel and _selects(sel) \
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
    if not r.long:
        return members
    most = [b for kind, _q, b in bounds if kind == "at_most" and b is not None]
    least = [b for kind, _q, b in bounds if kind == "at_least" and b is not None]
    if rule.own_max and any(kind == "at_most" for kind, _q, _b in bounds):
        own = _answers(r, "own-max", _OWN_MAX, lambda c: c.max)
        lowest = _steady(r, own, "min", lambda answers: min(filter(_GIVEN, answers),
                                                             default=None))
        if lowest is not None:
            most.append(cast(int, lowest))
    low, high = min(most, default=None), max(least, default=None)
    if low is None:
        return members if high is not None else []
    if high is None:  # (the usual case, in C: those with more models than the lowest cap)
        return list(compress(members, map(low.__lt__, map(_MODELS, members))))
    return [m for m in members if m[1] > low or m[1] < high]


def check_rule(rule: Rule, r: Roster) -> list[Finding]:
    if rule.when is not None and value(rule.when, r) <= 0:
        return []
    return check_each(rule, r) if rule.each is not None else check_list(rule, r)


def check_unknown_combatants(r: Roster) -> list[Finding]:
    """SPEC `unknown-combatant`: an entry names a combatant the faction does not have; it is
    kept in the list but counts toward nothing else."""
    def message(cid: str, n: int) -> str:
        near = r.faction.closest_id(cid)
        if near:
            text = ngettext("{n} model of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry; did "
                            "you mean '{near}'?)",
                            "{n} models of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry; did "
                            "you mean '{near}'?)", n)
        else:
            text = ngettext("{n} model of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry)",
                            "{n} models of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry)", n)
        return text.format(n=n, id=cid, faction=r.faction.name, near=near)

    return [Finding("unknown-combatant", "error", message(cid, n), (cid,))
            for cid, n in r.unknown.items()]


def figures(r: Roster) -> dict[str, int]:
    return {f.id: value(f.value, r) for f in r.system.figures}


def capped(system: System) -> dict[str, Rule]:
    """Figure id -> the form-1 rule whose ``count`` is that figure's value and that has an
    ``at_most`` bound (SphereWars: Messengers, capped by the leaders' command)."""
    cached = system.__dict__.get("_capped")
    if cached is None:
        cached = {}
        for f in system.figures:
            for rule in system.rules:
                if rule.count is not None and rule.at_most is not None \
                        and rule.count == f.value:
                    cached[f.id] = rule
                    break
        object.__setattr__(system, "_capped", cached)  # beside the fields, like a cache
    return cached  # type: ignore[no-any-return]


def caps(r: Roster) -> dict[str, int]:
    out = {}
    for figure_id, rule in capped(r.system).items():
        assert rule.at_most is not None
        found = quantity(rule.at_most, r)
        if found is not None:
            out[figure_id] = found
    return out


def shown_figures(system: System) -> list[Figure]:
    """The figures a view shows on their own: a figure that is only the cap of another (the
    Messenger cap of Messengers) is shown inside that one ("3 / 2") instead."""
    folded = [rule.at_most for rule in capped(system).values()]
    return [f for f in system.figures if not any(f.value == q for q in folded)]
