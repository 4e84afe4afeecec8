"""The quantities of SPEC §5 and §9 and the list they are read from (:class:`Roster`), and
the figures.

Read it against the SPEC: one small definition per quantity kind (:class:`Kind`: what it
looks at, what one model adds, how it is told). Each quantity gives an :class:`Amount`: its
value and, for messages, how it was reached ("Nek'Org MAN 3"). Beside it:
:mod:`.selectors` (what a selector takes in), :mod:`.taken` (what a list's options and picks
add), :mod:`.forms` (the two rule forms and their findings), :mod:`.builtin` (the rules every
game has), :mod:`.headroom` (what one more of a combatant would break).

A short list is added up in plain loops over what it hires. A list that hires many
combatants adds up answers kept per faction (:mod:`builder.rules.cache`: what one model of
each combatant adds to each quantity, read from the same definition), so that a list
re-validated after each edit (1,000 entries, a dozen quantities) adds up numbers in C instead
of asking every combatant again. Nothing here knows a game; nothing here raises for a list.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import partial
from itertools import compress
from operator import attrgetter, itemgetter, mul
from typing import Any, cast

from builder.i18n import _, ngettext
from builder.model import Combatant, Entry, Faction, Warband
from builder.model.options import Pick
from builder.model.quantity import (
    EntriesQuantity,
    MaxQuantity,
    ModelsQuantity,
    PicksQuantity,
    Selector,
    SumQuantity,
)
from builder.model.system import POINTS_LIMIT, Figure, Rule, System
from builder.rules.cache import FactionAnswers, RuleCache, capped_figures
from builder.rules.selectors import gives_keys, looks_at_options, matches, meaning
from builder.rules.taken import (
    entries_taken,
    option_parts,
    options_and_picks,
    per_combatant,
    pick_matches,
    picks_taken,
)


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
    cache: RuleCache = field(default_factory=RuleCache)
    """Where the faction's kept answers and the system's are found."""
    answers: FactionAnswers | None = None
    """The faction's kept answers, brought up to this list's combatants, when the list hires
    enough combatants for adding them up to pay (:data:`_LONG`); None: plain loops over what
    the list hires cost less."""
    added_up: dict[tuple[int, str], tuple[dict[str, object], int]] = field(default_factory=dict)
    """Σ answer × models (or entries) over the list, per kept table (by the table's identity,
    which it holds, and what it is multiplied by): equal quantities are added up once."""
    extremes: dict[tuple[str, int], tuple[dict[str, object], object]] = \
        field(default_factory=dict)
    """The highest or lowest answer of a kept table over the combatants hired, like
    ``added_up``: it stays the same while the list hires the same combatants, however many
    models of each, so :meth:`moved` carries it over."""
    positions: dict[str, int] | None = None
    """Where each id of ``totals`` is in ``hired`` (worked out for :meth:`moved`)."""
    optioned: list[tuple[Combatant, Entry]] = field(default_factory=list)
    """The entries of known combatants that took options (SPEC §9), in list order."""
    entry_counts: dict[str, int] | None = None
    """Entries per known combatant id, in the order of ``hired`` (:meth:`entries_of`)."""
    chosen_entries: dict[int, list[tuple[Combatant, Entry]]] = field(default_factory=dict)
    """Of ``optioned``, those each selector (by id) takes in."""
    stat_adds: dict[str, tuple[list[tuple[Combatant, Entry, int]], int]] = \
        field(default_factory=dict)
    """Per stat, the entries whose options add to it (with what they add) and what the picks
    add (:func:`_adding`)."""
    shapes: dict[int, tuple[Selector, int]] = field(default_factory=dict)
    """What each selector (by id, held) looks at: :func:`shape_of`, kept with the system's
    answers."""
    same: dict[int, tuple[object, object]] = field(default_factory=dict)
    """Per quantity mapping (by id, held): the first equal one met, kept with the system's
    answers (a figure counting what a rule counts, a cap that is a rule's bound)."""
    values: dict[int, int | None] = field(default_factory=dict)
    """:func:`quantity`'s value per quantity mapping (by the id of :attr:`same`'s first
    equal one): each different quantity is worked out once per list."""

    @classmethod
    def resolve(cls, warband: Warband, faction: Faction, points_limit: int | None,
                cache: RuleCache | None = None) -> Roster:
        """``cache``: where kept answers are found and kept (a catalogue's); None: a fresh
        one, dropped with the roster."""
        by_id = faction.by_id
        totals = warband.totals()
        unknown: dict[str, int] = {}
        if not by_id.keys() >= totals.keys():
            unknown = {cid: n for cid, n in totals.items() if cid not in by_id}
            totals = {cid: n for cid, n in totals.items() if cid in by_id}
        hired = list(zip(map(by_id.__getitem__, totals), totals.values(), strict=True))
        if cache is None:
            cache = RuleCache()
        answers = None
        if len(totals) >= _LONG:
            answers = cache.answers_for(faction)
            answers.cover(totals)
        system_answers = cache.system(faction.game)
        optioned = [(by_id[e.combatant], e) for e in warband.entries
                    if e.options and e.combatant in by_id]
        return cls(warband, faction, faction.game, points_limit, hired, unknown, {}, totals,
                   cache, answers, optioned=optioned, shapes=system_answers.shapes,
                   same=system_answers.same)

    def moved(self, warband: Warband, changes: Mapping[str, int]) -> Roster | None:
        """The roster of ``warband``: this roster's list after the models of some combatants
        it hires changed (``changes``: id -> models added, fewer when negative) and nothing
        else. Its sums are moved by what those models add instead of added up again over the
        whole list. None where that does not apply: a short list, a combatant that joins or
        leaves the list or that the faction does not have, or answers no longer current."""
        answers, totals = self.answers, self.totals
        if answers is None or not answers.current or answers.faction is not self.faction \
                or self.optioned:  # (a per-model option's part moves with its entry)
            return None
        if any(totals.get(cid, 0) + n < 1 or cid not in totals for cid, n in changes.items()):
            return None
        positions = self.positions
        if positions is None:
            positions = self.positions = {cid: i for i, cid in enumerate(totals)}
        totals, hired = dict(totals), list(self.hired)
        for cid, n in changes.items():
            totals[cid] += n
            hired[positions[cid]] = (hired[positions[cid]][0], totals[cid])
        added_up = {key: (per, total + sum(cast(int, per[cid]) * n
                                           for cid, n in changes.items()))
                    if key[1] == _MODELS_WEIGHT else (per, total)  # (entries stay as many)
                    for key, (per, total) in self.added_up.items()}
        return Roster(warband, self.faction, self.system, self.points_limit, hired,
                      self.unknown, {}, totals, self.cache, answers, added_up,
                      dict(self.extremes), positions, [], self.entry_counts,
                      shapes=self.shapes, same=self.same)

    @property
    def models(self) -> int:
        return sum(self.totals.values())

    @property
    def points(self) -> int:
        """The sum of the system's cost stat, options and picks included (SPEC §9)."""
        cost = self.system.cost
        if not cost:
            return 0
        total = _total_of(SUM, None, cost, cost, self)
        if self.optioned or self.warband.picks:
            total += options_and_picks(self, None, cost)
        return total

    def entries_of(self) -> dict[str, int]:
        """Entries per known combatant id (a unit, like any entry, counts once)."""
        found = self.entry_counts
        if found is None:
            found = dict.fromkeys(self.totals, 0)
            for e in self.warband.entries:
                if e.combatant in found:
                    found[e.combatant] += 1
            self.entry_counts = found
        return found


_LONG = 24
"""Combatants a list hires from which :class:`Roster` adds up through kept answers."""
_MODELS = itemgetter(1)


def _int_stat(c: Combatant, stat: str) -> int:
    """The stat when it is a whole number, else 0 (:meth:`Combatant.number`, for a known
    stat id)."""
    number = c.profile.get(stat)
    return number if type(number) is int else 0


# --- selectors -----------------------------------------------------------------------------


def _matched(r: Roster, answers: FactionAnswers, sel: Selector) -> dict[str, object]:
    return answers.table(sel, lambda: ("match", meaning(sel)), lambda c: matches(sel, c))


def selected(r: Roster, sel: Selector | None) -> list[tuple[Combatant, int]]:
    """(combatant, models) of each hired combatant the selector takes in, in list order;
    with option keys, the models of the entries that took such an option."""
    if sel is None:
        return r.hired
    found = r.chosen.get(id(sel))
    if found is None:
        shape = r.shapes.get(id(sel))
        if shape is None or shape[0] is not sel:
            shape = r.shapes[id(sel)] = (sel, shape_of(sel))
        if shape[1] == EVERYTHING:
            found = r.hired
        elif shape[1] == ENTRIES_WITH_OPTIONS:
            found = per_combatant(r, entries_taken(r, sel))
        elif r.answers is not None:
            found = list(compress(r.hired, map(_matched(r, r.answers, sel).__getitem__,
                                               r.totals)))
        else:
            found = [(c, n) for c, n in r.hired if matches(sel, c)]
        r.chosen[id(sel)] = found
    return found


EVERYTHING, COMBATANTS, ENTRIES_WITH_OPTIONS = 0, 1, 2
"""What a selector looks at: everything (``{}``), combatants by their own keys, or entries
that took an option."""


def shape_of(sel: Selector) -> int:
    if not gives_keys(sel):
        return EVERYTHING
    return ENTRIES_WITH_OPTIONS if looks_at_options(sel) else COMBATANTS


def selection_label(r: Roster, sel: Selector, n: int) -> str:
    """How a selector reads in a message: "Messengers", "Leader", "models"."""
    if isinstance(sel.type, str) and len(sel.given()) == 1:
        return r.system.type_label(sel.type, n)
    if isinstance(sel.id, str) and len(sel.given()) == 1:
        found = r.faction.combatant(sel.id)
        return found.name if found else sel.id
    return ngettext("model", "models", n)


# --- quantities: one definition per kind ----------------------------------------------------


@dataclass(frozen=True)
class Amount:
    value: int
    basis: str = ""
    """How the value was reached, for messages ("Nek'Org MAN 3"); "" for a plain number."""
    counted: str = ""
    """The value with what it counts ("4 Messengers"), for the counted side of a rule."""


Hired = list[tuple[Combatant, int]]


@dataclass(frozen=True)
class Kind:
    """How the engine reads one kind of quantity (SPEC §5, §9). Everything else is derived
    from these few parts: the plain loop over a short list and the answers kept per faction
    for a long one (:func:`_value`), and what one more model changes (:mod:`.headroom`)."""

    name: str
    looks_at: Callable[[Any], Selector | None]
    """The selector of the combatants (or, with option keys, entries) it looks at."""
    adds: Callable[[Any], str] | None
    """The stat one model of a combatant it looks at adds (None: one, it counts models)."""
    tell: Callable[[Any, Roster, Hired, int, bool], Amount]
    """The amount with its counted text and, when asked, how it was reached."""
    highest: bool = False
    """The largest value of the stat among the combatants (0 when none), not a total."""
    per_entry: bool = False
    """Each entry counts once (a unit too), rather than each model."""
    with_options: bool = False
    """What the options of the entries it looks at add counts too, and what the picks add
    when it looks at the whole list (SPEC §9: sums)."""
    of_list: Callable[[Any, Roster], int] | None = None
    """For a kind that counts what the list took rather than what it hires (picks): the
    amount."""


def stat_of(kind: Kind, q: Any) -> str | None:
    """The stat one model adds to ``q`` (:attr:`Kind.adds`), or None: one."""
    return kind.adds(q) if kind.adds is not None else None


def one_model_adds(stat: str | None) -> Callable[[Combatant], int]:
    """What one model of a combatant adds to a quantity whose :attr:`Kind.adds` is ``stat``:
    the answer kept per faction, and what the plain loops add up."""
    return _one if stat is None else partial(_int_stat, stat=stat)


def _one(_c: Combatant) -> int:
    return 1


def _none_hired(r: Roster, sel: Selector) -> str:
    return _("no {what} hired").format(what=selection_label(r, sel, 1))


def _listed(r: Roster, hired: Hired, sel: Selector, stat: str | None = None) -> str:
    """"2× Nek'Org MAN 3, Tir'Abé MAN 1": what was counted, by name."""
    parts = [f"{f'{k}× ' if k > 1 else ''}{c.name}"
             + (f" {stat} {c.shown(stat)}" if stat is not None else "") for c, k in hired]
    return ", ".join(parts) or _none_hired(r, sel)


def _tell_models(q: ModelsQuantity, r: Roster, hired: Hired, total: int,
                 explain: bool) -> Amount:
    return Amount(total, _listed(r, hired, q.models) if explain else "",
                  _("{n} {what} hired").format(n=total,
                                               what=selection_label(r, q.models, total)))


def _tell_entries(q: EntriesQuantity, r: Roster, hired: Hired, total: int,
                  explain: bool) -> Amount:
    if gives_keys(q.entries):
        counted = ngettext("{n} entry of {what}", "{n} entries of {what}", total).format(
            n=total, what=selection_label(r, q.entries, 2))
    else:
        counted = ngettext("{n} entry in the list", "{n} entries in the list",
                           total).format(n=total)
    return Amount(total, _listed(r, hired, q.entries) if explain else "", counted)


def _tell_sum(q: SumQuantity, r: Roster, hired: Hired, total: int, explain: bool) -> Amount:
    basis = ""
    if explain:
        parts = [_listed(r, hired, q.of, q.sum)] if hired else []
        parts += option_parts(r, q.of, q.sum)
        basis = ", ".join(parts) or _none_hired(r, q.of)
    return Amount(total, basis, _("{stat} {total} in all").format(stat=q.sum, total=total))


def _tell_max(q: MaxQuantity, r: Roster, hired: Hired, total: int, explain: bool) -> Amount:
    counted = _("highest {stat} {value}").format(stat=q.max, value=total)
    if not hired:
        return Amount(0, _none_hired(r, q.of), counted)
    best = max(hired, key=lambda cn: cn[0].number(q.max))[0]
    return Amount(total, f"{best.name} {q.max} {total}", counted)


def _tell_picks(q: PicksQuantity, r: Roster, _hired: Hired, total: int,
                explain: bool) -> Amount:
    names = ", ".join(p.label for p in picks_taken(r, q.picks))
    return Amount(total, (names or _("no picks taken")) if explain else "",
                  ngettext("{n} pick taken", "{n} picks taken", total).format(n=total))


def _picks(q: PicksQuantity, r: Roster) -> int:
    return len(picks_taken(r, q.picks)) if r.warband.picks else 0


MODELS = Kind("models", attrgetter("models"), None, _tell_models)
ENTRIES = Kind("entries", attrgetter("entries"), None, _tell_entries, per_entry=True)
SUM = Kind("sum", attrgetter("of"), attrgetter("sum"), _tell_sum, with_options=True)
MAX = Kind("max", attrgetter("of"), attrgetter("max"), _tell_max, highest=True)
PICKS = Kind("picks", lambda q: None, None, _tell_picks, of_list=_picks)
KINDS: dict[type, Kind] = {ModelsQuantity: MODELS, EntriesQuantity: ENTRIES,
                           SumQuantity: SUM, MaxQuantity: MAX, PicksQuantity: PICKS}
"""The kind of each quantity mapping."""


def _plain(kind: Kind, stat: str | None, hired: Hired) -> int:
    """The kind's total over ``hired`` (combatant, models or entries) in a plain loop (a
    short list): Σ what one model adds × models, or the highest (:func:`one_model_adds`,
    inlined)."""
    if stat is None:
        return sum(map(_MODELS, hired))
    if kind.highest:
        return max((_int_stat(c, stat) for c, _n in hired), default=0)
    return _stat_total(hired, stat)


def _rows(kind: Kind, r: Roster, sel: Selector | None) -> Hired:
    """(combatant, what it is counted by: models, or entries for a per-entry kind) of what
    the selector takes in."""
    if not kind.per_entry:
        return selected(r, sel)
    if looks_at_options(sel):
        return per_combatant(r, entries_taken(r, sel), models=False)
    counts = r.entries_of()
    return [(c, counts[c.id]) for c, _n in selected(r, sel)]


_NO_MATCH = float("-inf")
"""A ``highest`` kind's kept answer for a combatant it does not look at (below any number)."""
_MODELS_WEIGHT, _ENTRIES_WEIGHT = "models", "entries"


def _kept(kind: Kind, sel: Selector | None, stat: str | None, source: object, r: Roster,
          answers: FactionAnswers) -> int:
    """The kind's total through the faction's kept answers (a long list): each combatant's
    answer is :func:`one_model_adds` when the selector takes it in."""
    everyone = not gives_keys(sel)
    weights = r.entries_of() if kind.per_entry else r.totals
    if stat is None:
        if everyone:
            return sum(weights.values()) if kind.per_entry else r.models
        per = _matched(r, answers, cast(Selector, sel))  # (the table selections read too)
    else:
        adds, empty = one_model_adds(stat), _NO_MATCH if kind.highest else 0
        per = answers.table(source, lambda: (kind.name, stat, () if everyone
                                             else meaning(cast(Selector, sel))),
                            lambda c: adds(c) if everyone or matches(sel, c) else empty)  # type: ignore[arg-type]
    if kind.highest:
        best = extreme(r, per, "max", lambda found: max(found, default=_NO_MATCH))
        return 0 if best == _NO_MATCH else cast(int, best)
    key = (id(per), _ENTRIES_WEIGHT if kind.per_entry else _MODELS_WEIGHT)
    found = r.added_up.get(key)
    if found is None:
        found = r.added_up[key] = (per, sum(map(mul, map(per.__getitem__, weights),  # type: ignore[arg-type]
                                                weights.values())))
    return found[1]


def extreme(r: Roster, per: dict[str, object], name: str,
             reduce: Callable[[Iterator[Any]], object]) -> object:
    """``reduce`` of a kept table's answers for the combatants hired (a highest or a lowest),
    once per list and carried over by :meth:`Roster.moved`."""
    found = r.extremes.get((name, id(per)))
    if found is None:
        found = r.extremes[(name, id(per))] = (per, reduce(map(per.__getitem__, r.totals)))
    return found[1]


def _total_of(kind: Kind, sel: Selector | None, stat: str | None, source: object,
              r: Roster) -> int:
    """What the combatants (or, with option keys, the entries) the selector takes in give,
    before options, picks and ``times`` (``source``: the quantity, which its kept answers
    are found by)."""
    if r.answers is not None and not looks_at_options(sel):
        return _kept(kind, sel, stat, source, r, r.answers)
    return _plain(kind, stat, _rows(kind, r, sel))


def _value(kind: Kind, q: Any, r: Roster) -> int:
    """A quantity mapping's value before ``times``."""
    if kind.of_list is not None:
        return kind.of_list(q, r)
    sel, stat = kind.looks_at(q), stat_of(kind, q)
    total = _total_of(kind, sel, stat, q, r)
    if kind.with_options and stat is not None:
        total += options_and_picks(r, sel, stat)
    return total


def list_part(q: Any, r: Roster) -> int | float:
    """What a quantity mapping counts of a list beyond its combatants on their own, before
    ``times``: what the entries' options and the picks add, what a selector with option keys
    takes in, the picks counted (for a highest: the highest of those, or below any number
    when none). What one more bare model adds is the rest (:mod:`.headroom`)."""
    kind = KINDS[type(q)]
    if kind.of_list is not None:
        return kind.of_list(q, r)
    sel, stat = kind.looks_at(q), stat_of(kind, q)
    part: int | float = _NO_MATCH if kind.highest else 0
    if looks_at_options(sel):
        rows = _rows(kind, r, sel)
        if rows or not kind.highest:
            part = _plain(kind, stat, rows)
    if kind.with_options and stat is not None:
        part += options_and_picks(r, sel, stat)
    return part


def one_pick_adds(q: Any) -> Callable[[Pick], int]:
    """What taking a pick adds to a quantity mapping, before ``times``: the picks part of
    :func:`list_part` for one more pick (as :func:`one_model_adds` is the rest for one more
    model). One to a kind that counts picks when its selector takes the pick in; to a kind
    that adds up a stat with the options, what the pick adds to it when the kind looks at the
    whole list (SPEC §9); nothing to anything else."""
    kind = KINDS[type(q)]
    if kind.of_list is not None:
        sel = q.picks
        return lambda pick: 1 if pick_matches(sel, pick) else 0
    stat = stat_of(kind, q)
    if kind.with_options and stat is not None and not gives_keys(kind.looks_at(q)):
        return lambda pick: pick.adds.get(stat, 0)
    return _no_pick


def _no_pick(_pick: Pick) -> int:
    return 0


def models_of(q: ModelsQuantity, r: Roster, explain: bool = True) -> Amount:
    return _amount_of(MODELS, q, r, explain)


def sum_of(q: SumQuantity, r: Roster, explain: bool = True) -> Amount:
    return _amount_of(SUM, q, r, explain)


def max_of(q: MaxQuantity, r: Roster, explain: bool = True) -> Amount:
    return _amount_of(MAX, q, r, explain)


def _amount_of(kind: Kind, q: Any, r: Roster, explain: bool) -> Amount:
    """``explain``: with how the amount was reached (the names of what it counts); the
    counted side of a rule needs only "4 Messengers hired"."""
    if kind.of_list is not None:
        return kind.tell(q, r, [], kind.of_list(q, r), explain)
    sel, stat = kind.looks_at(q), stat_of(kind, q)
    rows = _rows(kind, r, sel)
    total = _plain(kind, stat, rows)
    if kind.with_options and stat is not None:
        total += options_and_picks(r, sel, stat)
    return kind.tell(q, r, rows, total, explain)


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


Quantity = int | str | ModelsQuantity | EntriesQuantity | SumQuantity | MaxQuantity \
    | PicksQuantity


def amount(q: Quantity, r: Roster, explain: bool = True) -> Amount | None:
    """A quantity's value, its counted text and, with ``explain``, how it was reached."""
    if isinstance(q, bool):  # never valid; keep the engine total
        return Amount(int(q))
    if isinstance(q, int):
        return Amount(q)
    if isinstance(q, str):
        return named(q, r)
    base = _amount_of(KINDS[type(q)], q, r, explain)
    times = q.times
    factor = Amount(times) if isinstance(times, int) else named(times, r)
    if factor is None or factor.value == 1:
        return base
    basis = f"{factor.value} × ({base.basis})" if base.basis else base.basis
    return Amount(base.value * factor.value, basis, base.counted)


def _stat_total(hired: Hired, stat: str) -> int:
    """Σ stat × models, in a plain loop."""
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
    kind = KINDS.get(type(q))
    if kind is None:  # a bool: never valid, but keep the engine total
        return int(q)  # type: ignore[arg-type]
    same = r.same.get(id(q))
    if same is None or same[0] is not q:
        same = r.same[id(q)] = (q, _first_equal(r.same, q))
    key = id(same[1])
    values = r.values
    if key in values:
        return values[key]
    found = values[key] = _worked_out(kind, q, r)
    return found


def _first_equal(same: dict[int, tuple[object, object]], q: object) -> object:
    """The first quantity met equal to ``q`` (of the same type, with the same fields), or
    ``q`` itself."""
    return next((first for _q, first in same.values()
                 if type(first) is type(q) and first == q), q)


def _worked_out(kind: Kind, q: Any, r: Roster) -> int | None:
    """:func:`quantity` of a quantity mapping, worked out."""
    if kind.of_list is not None:
        total = kind.of_list(q, r)
    else:  # (_value, inlined on the hot path)
        adds = kind.adds  # (stat_of, inlined)
        sel, stat = kind.looks_at(q), adds(q) if adds is not None else None
        if r.answers is not None and not looks_at_options(sel):
            total = _kept(kind, sel, stat, q, r, r.answers)
        else:
            total = _plain(kind, stat, selected(r, sel) if not kind.per_entry
                           else _rows(kind, r, sel))
        if kind.with_options and stat is not None and (r.optioned or r.warband.picks):
            total += options_and_picks(r, sel, stat)
    times = q.times  # type: ignore[union-attr]  # (a quantity mapping)
    if times == 1:
        return total
    factor = times if isinstance(times, int) else parameter(times, r)
    return total * (factor if factor is not None else 1)


def value(q: Quantity, r: Roster) -> int:
    found = quantity(q, r)
    return found if found is not None else 0


def figures(r: Roster) -> dict[str, int]:
    return {f.id: value(f.value, r) for f in r.system.figures}


def capped(system: System) -> dict[str, Rule]:
    """Figure id -> the form-1 rule whose ``count`` is that figure's value and that has an
    ``at_most`` bound (SphereWars: Messengers, capped by the leaders' command)."""
    return capped_figures(system)


def caps(r: Roster) -> dict[str, int]:
    out = {}
    for figure_id, rule in r.cache.system(r.system).capped.items():
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
