"""The quantities of SPEC §5 and §9 worked out for a list, and the figures, all read from the
table of :mod:`.kinds`.

A list is resolved against its faction (:func:`evaluate`: a :class:`Roster`, and its
:class:`Evaluation`, where what is worked out for it is kept). A quantity's value
(:func:`quantity`, the hot path: every rule and figure of every list) is its kind's
:class:`~builder.rules.kinds.Combine` of what one model (or entry) of each combatant its
selector takes in is worth: in a plain loop over what a short list hires, or, for a list that
hires many combatants, from the answers kept per faction (:mod:`.cache`), added up in C. What
a finding says of a quantity, :func:`counted` and :func:`basis`, comes from the same rows, as
numbers and names (:mod:`.wording` words them). Nothing here knows a game; nothing here
raises for a list.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from builder.model import Faction, Warband
from builder.model.options import Pick
from builder.model.quantity import PicksQuantity, QuantityMapping, gives_keys, matcher
from builder.model.system import POINTS_LIMIT, Figure, Rule, System
from builder.rules.cache import (
    ENTRIES,
    EVERYTHING,
    Evaluation,
    FactionAnswers,
    RuleCache,
    Selection,
    Term,
    capped_figures,
)
from builder.rules.kinds import KINDS, Hired, Kind, kept_table, matched
from builder.rules.roster import Roster, resolve
from builder.rules.roster import moved as roster_moved
from builder.rules.taken import (
    entries_taken,
    option_parts,
    options_and_picks,
    per_combatant,
    picks_taken,
)
from builder.rules.wording import (
    Basis,
    Counted,
    Highest,
    Listed,
    Parameter,
    PicksNamed,
    Row,
    Times,
    What,
)

Quantity = Any
"""A quantity of the rules (:data:`builder.model.quantity.Quantity`): a whole number, a
parameter name or ``points_limit``, or a quantity mapping."""

_LONG = 24
"""Combatants a list hires from which its evaluation adds up through kept answers."""


def evaluate(warband: Warband, faction: Faction, points_limit: int | None,
             cache: RuleCache | None = None) -> Evaluation:
    """``warband`` resolved against ``faction``, ready to be evaluated. ``cache``: where
    kept answers are found and kept (a catalogue's); None: a fresh one, dropped after."""
    if cache is None:
        cache = RuleCache()
    roster = resolve(warband, faction, points_limit, faction.by_id)
    return cache.evaluation(roster, kept=len(roster.totals) >= _LONG)


def moved(ev: Evaluation, warband: Warband, changes: Mapping[str, int]) -> Evaluation | None:
    """The evaluation of ``warband``: ``ev``'s list after the models of some combatants it
    hires changed (``changes``: id -> models added, fewer when negative) and nothing else.
    Its sums are moved by what those models add instead of added up again over the whole
    list. None where that does not apply: a short list, a combatant that joins or leaves the
    list or that the faction does not have, or answers no longer current."""
    r, answers = ev.roster, ev.kept
    if answers is None or not answers.current or answers.faction is not r.faction \
            or r.optioned:  # (a per-model option's part moves with its entry)
        return None
    totals = r.totals
    if any(totals.get(cid, 0) + n < 1 or cid not in totals for cid, n in changes.items()):
        return None
    positions = ev.positions
    if positions is None:
        positions = ev.positions = {cid: i for i, cid in enumerate(totals)}
    sums = {key: (per, total + sum(cast(int, per[cid]) * n for cid, n in changes.items()))
            if not key[1] else (per, total)  # (entries stay as many)
            for key, (per, total) in ev.sums.items()}
    out = Evaluation(roster_moved(r, warband, changes, positions), ev.system, answers,
                     ev.cache)
    out.sums, out.extremes, out.positions = sums, dict(ev.extremes), positions
    out.entry_counts = ev.entry_counts
    return out


# --- what a list hires ----------------------------------------------------------------------


def points(ev: Evaluation) -> int:
    """The sum of the system's cost stat, options and picks included (SPEC §9)."""
    cost = ev.system.cost
    return value(cost, ev) if cost is not None else 0


def entries_of(ev: Evaluation) -> dict[str, int]:
    """Entries per known combatant id (a unit, like any entry, counts once)."""
    found = ev.entry_counts
    if found is None:
        found = dict.fromkeys(ev.roster.totals, 0)
        for e in ev.roster.warband.entries:
            if e.combatant in found:
                found[e.combatant] += 1
        ev.entry_counts = found
    return found


def selected(ev: Evaluation, selection: Selection) -> Hired:
    """(combatant, models) of each hired combatant the selection takes in, in list order;
    with option keys, the models of the entries that took such an option."""
    r = ev.roster
    if selection.shape == EVERYTHING:
        return r.hired
    found = ev.chosen.get(selection)
    if found is None:
        if selection.shape == ENTRIES:
            found = per_combatant(r, entries_taken(ev, selection))
        elif ev.kept is not None:
            found = matched(r.hired, _matches(ev.kept, selection), r.totals)
        else:
            matches = selection.matches
            found = [(c, n) for c, n in r.hired if matches(c)]
        ev.chosen[selection] = found
    return found


def _matches(answers: FactionAnswers, selection: Selection) -> dict[str, object]:
    return answers.table(selection.key, selection.matches)


def rows(ev: Evaluation, kind: Kind, selection: Selection) -> Hired:
    """(combatant, what it is counted by: models, or entries for a per-entry kind) of what
    the selection takes in."""
    if not kind.per_entry:
        return selected(ev, selection)
    if selection.shape == ENTRIES:
        return per_combatant(ev.roster, entries_taken(ev, selection), models=False)
    counts = entries_of(ev)
    return [(c, counts[c.id]) for c, _n in selected(ev, selection)]


# --- a quantity's value: the hot path --------------------------------------------------------


def parameter(name: str, r: Roster) -> int | None:
    """A parameter's value (the faction's ``building`` value, else the system's), or the
    list's points limit (None when it has none)."""
    if name == POINTS_LIMIT:
        return r.points_limit
    building = r.faction.building
    return building[name] if name in building else r.system.parameters.get(name, 0)


def quantity(q: Quantity, ev: Evaluation) -> int | None:
    """The value of a quantity (the hot path: every rule and figure of every list); None
    for ``points_limit`` when the list has no limit."""
    # exact type checks (cheaper than isinstance on this path)
    if type(q) is int:
        return cast(int, q)
    if type(q) is str:
        return parameter(q, ev.roster)
    if type(q) not in KINDS:  # a bool: never valid, but keep the engine total
        return int(q)
    system = ev.system
    known = system.terms.get(id(q))  # (SystemAnswers.term, inlined on the hot path)
    term = known[1] if known is not None and known[0] is q else system.term(q)
    values = ev.values
    found = values.get(term)
    if found is None:
        found = values[term] = _amount(term, ev)
    times = term.times
    if times == 1:
        return found
    factor = times if type(times) is int else parameter(cast(str, times), ev.roster)
    return found * (factor if factor is not None else 1)


def value(q: Quantity, ev: Evaluation) -> int:
    found = quantity(q, ev)
    return found if found is not None else 0


def _amount(term: Term, ev: Evaluation) -> int:
    """A term's amount before ``times``: its combine of what each combatant it takes in is
    worth (through kept answers on a long list), and what the list took besides."""
    kind = term.kind
    r = ev.roster
    if kind.of_list is not None:
        return kind.of_list(term.quantity, r)
    selection = term.selection
    if ev.kept is not None and selection.shape != ENTRIES:
        total = _kept(term, ev, ev.kept)
    else:
        total = kind.combine.of(rows(ev, kind, selection), term.worth)
    if kind.with_options and term.stat is not None and (r.optioned or r.warband.picks):
        total += options_and_picks(ev, selection, term.stat)
    return total


def _kept(term: Term, ev: Evaluation, answers: FactionAnswers) -> int:
    """A term's combine through the faction's kept answers (a long list): each combatant's
    answer is what one model is worth when the selection takes it in."""
    kind, selection = term.kind, term.selection
    weights = entries_of(ev) if kind.per_entry else ev.roster.totals
    combine = kind.combine
    if term.stat is None:
        if not selection.gives_keys:
            return sum(weights.values())
        key: Any = selection.key
        per = _matches(answers, selection)  # (the table selections read too)
    else:
        key = (combine.name, term.stat, selection.key)
        per = answers.table(key, kept_table(combine, term.stat, selection.matches
                                            if selection.gives_keys else None))
    if not combine.weighted:  # the same while the same combatants are hired
        found = ev.extremes.get((key, combine.name))
        if found is None:
            found = ev.extremes[(key, combine.name)] = combine.kept(per, weights)
        return combine.amount(cast(float, found))
    at = (key, kind.per_entry)
    kept = ev.sums.get(at)
    if kept is None:
        kept = ev.sums[at] = (per, combine.kept(per, weights))
    return cast(int, kept[1])


def extreme(ev: Evaluation, key: Any, table: dict[str, object], name: str,
            reduce: Any) -> object:
    """``reduce`` of a kept table's answers for the combatants hired (a lowest, …), once per
    list and carried over a count edit."""
    found = ev.extremes.get((key, name), _MISSING)
    if found is _MISSING:
        found = ev.extremes[(key, name)] = reduce(map(table.__getitem__, ev.roster.totals))
    return found


_MISSING = object()


def list_part(q: Quantity, ev: Evaluation) -> int | float:
    """What a quantity mapping counts of a list beyond its combatants on their own, before
    ``times``: what the entries' options and the picks add, what a selector with option keys
    takes in, the picks counted (for a highest: the highest of those, or below any number
    when none). What one more bare model adds is the rest (:mod:`.headroom`)."""
    known = ev.system.terms.get(id(q))
    term = known[1] if known is not None and known[0] is q else ev.system.term(q)
    kind, selection = term.kind, term.selection
    if kind.of_list is not None:
        return kind.of_list(q, ev.roster)
    part: int | float = kind.combine.nothing
    if selection.shape == ENTRIES:
        found = rows(ev, kind, selection)
        if found or kind.combine.weighted:
            part = kind.combine.of(found, term.worth)
    if kind.with_options and term.stat is not None:
        part += options_and_picks(ev, selection, term.stat)
    return part


def one_pick_adds(q: Quantity) -> Callable[[Pick], int]:
    """What taking a pick adds to a quantity mapping, before ``times``: the picks part of
    :func:`list_part` for one more pick (as :func:`~builder.rules.kinds.worth` is the rest
    for one more model). One to a kind that counts picks when its selector takes the pick
    in; to a kind that adds up a stat with the options, what the pick adds to it when the
    kind looks at the whole list (SPEC §9); nothing to anything else."""
    kind = KINDS[type(q)]
    if kind.of_list is not None:
        match = matcher(q.picks)  # (the one matcher, made once: asked of every pick)
        return lambda pick: 1 if match(pick) else 0
    stat = q.stat()
    if kind.with_options and stat is not None and not gives_keys(q.selector()):
        return lambda pick: pick.adds.get(stat, 0)
    return _no_pick


def _no_pick(_pick: Pick) -> int:
    return 0


# --- what a finding says of a quantity -------------------------------------------------------


def what(ev: Evaluation, selection: Selection) -> What:
    """How a selector reads in a message: "Messengers", "Leader", "models"."""
    sel = selection.selector
    if sel is None or not selection.gives_keys:
        return What(everything=True)
    if isinstance(sel.type, str) and len(sel.given()) == 1:
        found_type = ev.roster.system.type(sel.type)
        return What(type=found_type) if found_type is not None else What(name=sel.type)
    if isinstance(sel.id, str) and len(sel.given()) == 1:
        found = ev.roster.faction.combatant(sel.id)
        return What(name=found.name if found else sel.id)
    return What()


def counted(q: Quantity, ev: Evaluation) -> Counted | None:
    """What a quantity counts, for the counted side of a rule ("4 Messengers hired"); None
    for a number or a parameter (its value alone)."""
    if type(q) not in KINDS:
        return None
    term = ev.system.term(q)
    quantity(q, ev)  # (its amount, kept)
    amount = ev.values[term]
    kind = term.kind
    if kind.of_list is not None or term.stat is not None:
        return Counted(kind.name, amount, stat=term.stat)
    return Counted(kind.name, amount, what(ev, term.selection))


def basis(q: Quantity, ev: Evaluation) -> Basis | None:
    """How a quantity's value was reached, for a message ("Test Leader MAN 2"); None when
    there is nothing to say (a whole number)."""
    if type(q) is str:
        return named(q, ev.roster)
    if type(q) not in KINDS:
        return None
    term = ev.system.term(q)
    found = _explained(term, ev)
    times = term.times
    factor = times if type(times) is int else parameter(cast(str, times), ev.roster)
    if factor is None or factor == 1:
        return found
    return Times(cast(int, factor), found)


def named(name: str, r: Roster) -> Parameter | None:
    """Where a parameter's value comes from (None: ``points_limit`` of a list without one)."""
    if parameter(name, r) is None:
        return None
    if name == POINTS_LIMIT:
        return Parameter(POINTS_LIMIT)
    if name in r.faction.building:
        return Parameter("faction", r.faction.name)
    return Parameter("game")


def _explained(term: Term, ev: Evaluation) -> Basis:
    kind, selection, stat = term.kind, term.selection, term.stat
    if kind.of_list is not None:
        return PicksNamed(tuple(picks_taken(ev.roster, cast(PicksQuantity,
                                                            term.quantity).picks)))
    found = rows(ev, kind, selection)
    none = what(ev, selection)
    chosen = kind.combine.chosen
    if chosen is not None:  # a highest: the one that has it
        assert stat is not None
        if not found:
            return Highest(None, stat, 0, none)
        best = chosen(found, key=lambda cn: cn[0].number(stat))[0]
        quantity(term.quantity, ev)
        return Highest(best.name, stat, ev.values[term], none)
    added = option_parts(ev, selection, stat) if kind.with_options and stat is not None \
        else []
    return Listed(tuple(Row(n, c.name, stat, c.shown(stat) if stat is not None else "")
                        for c, n in found), tuple(added), none)


# --- figures ---------------------------------------------------------------------------------


def figures(ev: Evaluation) -> dict[str, int]:
    return {f.id: value(f.value, ev) for f in ev.roster.system.figures}


def capped(system: System) -> dict[str, Rule]:
    """Figure id -> the form-1 rule whose ``count`` is that figure's value and that has an
    ``at_most`` bound (SphereWars: Messengers, capped by the leaders' command)."""
    return capped_figures(system)


def caps(ev: Evaluation) -> dict[str, int]:
    out = {}
    for figure_id, rule in ev.system.capped.items():
        assert rule.at_most is not None
        found = quantity(rule.at_most, ev)
        if found is not None:
            out[figure_id] = found
    return out


def shown_figures(system: System) -> list[Figure]:
    """The figures a view shows on their own: a figure that is only the cap of another (the
    Messenger cap of Messengers) is shown inside that one ("3 / 2") instead."""
    folded = [rule.at_most for rule in capped(system).values()]
    return [f for f in system.figures if not any(f.value == q for q in folded)]


__all__ = ["Evaluation", "Quantity", "QuantityMapping", "Roster", "evaluate", "quantity",
           "value"]
