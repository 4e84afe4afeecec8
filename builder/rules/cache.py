"""Everything the rules work out once and reuse, and its one owner, :class:`RuleCache` (a
:class:`~builder.data.Catalogue` owns one: :func:`rule_cache`; a validation given none makes
its own and drops it after). It keeps

- per game system (:class:`SystemAnswers`): each quantity and selector of its rules and
  figures read once from the table of :mod:`.kinds` (a :class:`Term`, a :class:`Selection`;
  equal ones share one, so a list works them out once), and which figure a rule caps;
- per faction (:class:`FactionAnswers`): the answer of a quantity or selector for every
  combatant the faction's lists have hired so far (whether a selector takes it in, what one
  model of it adds to a sum), which a long list adds up in C instead of asking every
  combatant again;
- per list being checked, its :class:`Evaluation`: what has been worked out for that list,
  kept while its rules and figures are checked (and, for a long list, carried over a count
  edit by :func:`builder.rules.engine.moved`).

Nothing else in the rules keeps anything: the data models and the resolved list
(:class:`~builder.rules.roster.Roster`) carry no cache.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any, Protocol, cast

from builder.model import Combatant, Entry, Faction
from builder.model.quantity import (
    QuantityMapping,
    Selector,
    SumQuantity,
    Took,
    gives_keys,
    looks_at_entries,
    matcher,
    meaning,
)
from builder.model.system import Rule, System
from builder.model.template import placeholders
from builder.rules.kinds import KINDS, Kind, Worth, bounds_of, worth
from builder.rules.roster import Roster

Answer = Callable[[Combatant], object]

EVERYTHING, COMBATANTS, ENTRIES = 0, 1, 2
"""What a selector looks at: everything (``{}``), combatants by their own keys, or entries
that took an option (SPEC §9)."""


# --- read once per system ------------------------------------------------------------------


class Selection:
    """A selector of the rules, read once: what it looks at and how it matches (the one
    matcher, :func:`builder.model.quantity.matcher`)."""

    __slots__ = ("entries", "gives_keys", "key", "matches", "selector", "shape", "took")

    def __init__(self, selector: Selector | None, shape: int, key: Hashable,
                 matches: Callable[[Combatant], bool], took: Callable[[Took], bool]) -> None:
        self.selector = selector
        self.shape = shape
        self.key = key
        """What it means (equal selectors select the same): its kept answers are found by
        it."""
        self.matches = matches
        """Its combatant keys, for one combatant."""
        self.took = took
        """Its option keys, for what one entry took."""
        self.gives_keys = shape != EVERYTHING
        self.entries = shape == ENTRIES


def _selection(sel: Selector | None) -> Selection:
    if not gives_keys(sel):
        return Selection(sel, EVERYTHING, ("match", ()), _everyone, _anything)
    assert sel is not None
    shape = ENTRIES if looks_at_entries(sel) else COMBATANTS
    return Selection(sel, shape, ("match", meaning(sel)), matcher(sel), matcher(sel, True))


def _everyone(_c: Combatant) -> bool:
    return True


def _anything(_t: Took) -> bool:
    return True


class Term:
    """A quantity mapping of the rules or figures, read once from its :class:`Kind`."""

    __slots__ = ("key", "kind", "quantity", "selection", "stat", "times", "worth")

    def __init__(self, quantity: QuantityMapping, kind: Kind, selection: Selection,
                 stat: str | None, worth: Worth | None, times: int | str, key: Hashable
                 ) -> None:
        self.quantity = quantity
        self.kind = kind
        self.selection = selection
        """What it looks at (a picks quantity: everything; it counts what the list took)."""
        self.stat = stat
        """The stat one model adds (None: each model or entry counts one)."""
        self.worth = worth
        """What one model (or entry) of a combatant is worth (:func:`.kinds.worth`)."""
        self.times = times
        self.key = key
        """What it means: equal quantities have equal keys and share one term."""


class SystemAnswers:
    """What a game system's rules and figures are, read once (by the quantity or selector
    object, held with its answer so that no later object at the same address is taken for
    it; then by what it means, so that equal ones share one)."""

    def __init__(self, system: System) -> None:
        self.system = system
        self._capped: dict[str, Rule] | None = None
        self.terms: dict[int, tuple[object, Term]] = {}
        """By the quantity object (held with its term)."""
        self._term_keys: dict[Hashable, Term] = {}
        self._selections: dict[int, tuple[object, Selection]] = {}
        self._selection_keys: dict[Hashable, Selection] = {}
        self._rules: dict[int, tuple[Rule, RulePlan]] = {}
        self.cost = SumQuantity.model_construct(sum=system.cost, of=Selector.model_construct(),
                                                times=1) if system.cost else None
        """The points of a list (SPEC §9: the cost stat over everything, options and picks
        included), as the quantity a rule counting them has (``{sum: PE}``; made without
        validation, which would build the model's validator on a first check)."""

    def term(self, q: QuantityMapping) -> Term:
        found = self.terms.get(id(q))
        if found is not None and found[0] is q:
            return found[1]
        sel = q.selector()
        selection = self.selection(sel)
        picks = getattr(q, "picks", None)
        key = (type(q), q.stat(), selection.key if picks is None else meaning(picks), q.times)
        term = self._term_keys.get(key)
        if term is None:
            term = self._term_keys[key] = Term(q, KINDS[type(q)], selection, q.stat(),
                                               worth(q.stat()), q.times, key)
        self.terms[id(q)] = (q, term)
        return term

    def selection(self, sel: Selector | None) -> Selection:
        found = self._selections.get(id(sel))
        if found is not None and found[0] is sel:
            return found[1]
        made = _selection(sel)
        selection = self._selection_keys.setdefault(made.key, made)
        self._selections[id(sel)] = (sel, selection)
        return selection

    def rule(self, rule: Rule) -> RulePlan:
        """A rule of the system or an event's, read once."""
        found = self._rules.get(id(rule))
        if found is None or found[0] is not rule:
            found = self._rules[id(rule)] = (rule, RulePlan(rule, self))
        return found[1]

    @property
    def capped(self) -> dict[str, Rule]:
        """Figure id -> the form-1 rule whose ``count`` is that figure's value and that has
        an ``at_most`` bound (SphereWars: Messengers, capped by the leaders' command)."""
        if self._capped is None:
            self._capped = capped_figures(self.system)
        return self._capped


class RulePlan:
    """A rule, read once: its bounds (:func:`.kinds.bounds_of`), what its form looks at, and
    what its findings need worked out."""

    __slots__ = ("_shows", "bounds", "counted", "each", "kinds", "rule")

    def __init__(self, rule: Rule, system: SystemAnswers) -> None:
        self.rule = rule
        self.bounds = bounds_of(rule)
        self.kinds = [bound for bound, _q in self.bounds]
        self.each = system.selection(rule.each) if rule.each is not None else None
        """Form 2: the combatants it looks at."""
        count = rule.count
        self.counted = system.term(cast(QuantityMapping, count)).selection \
            if count is not None and type(count) in KINDS else None
        """Form 1: what its amount looks at, when it counts combatants."""
        self._shows: frozenset[str] | None = None

    @property
    def shows(self) -> frozenset[str]:
        """The placeholders the rule's ``message`` shows in any language (a default message
        shows them all): what a finding of it needs worked out (read when it has one)."""
        if self._shows is None:
            self._shows = _placeholders(self.rule)
        return self._shows


ALL_FIELDS = frozenset(("amount", "bound", "combatant", "basis", "counted", "rule"))


def _placeholders(rule: Rule) -> frozenset[str]:
    message = rule.message
    if message is None:
        return ALL_FIELDS
    texts = message.values() if isinstance(message, dict) else [message]
    return frozenset().union(*(placeholders(t) for t in texts if isinstance(t, str)))


def capped_figures(system: System) -> dict[str, Rule]:
    out = {}
    for f in system.figures:
        for rule in system.rules:
            if rule.count is not None and rule.at_most is not None \
                    and type(rule.count) is type(f.value) and rule.count == f.value:
                out[f.id] = rule
                break
    return out


# --- kept per faction ----------------------------------------------------------------------


_UNKNOWN = object()


class FactionAnswers:
    """Per quantity or selector of the rules (by what it means), the answer for every
    combatant the faction's lists have hired so far (``seen``), filled as lists hire more."""

    def __init__(self, faction: Faction) -> None:
        self.faction = faction
        self.combatants = faction.combatants
        """The combatant list the answers were read from (a list that grows or is replaced
        makes them stale: :meth:`RuleCache.answers_for` starts again)."""
        self.size = len(faction.combatants)
        self.seen: set[str] = set()
        self._tables: dict[Hashable, tuple[dict[str, object], Answer]] = {}
        self._units: bool | None = None
        self._closest: dict[str, object] = {}

    @property
    def has_units(self) -> bool:
        """Whether any combatant hires in units (SPEC §9; else no entry is checked)."""
        found = self._units
        if found is None:
            found = self._units = any(c.unit is not None for c in self.combatants)
        return found

    def closest_id(self, combatant_id: str) -> str | None:
        """:meth:`Faction.closest_id`, remembered: a folder of lists names the same stale id
        again and again."""
        found = self._closest.get(combatant_id, _UNKNOWN)
        if found is _UNKNOWN:
            found = self._closest[combatant_id] = self.faction.closest_id(combatant_id)
        return found  # type: ignore[return-value]

    @property
    def current(self) -> bool:
        """Whether the faction's combatants are still the ones the answers were read from."""
        combatants = self.faction.combatants
        return combatants is self.combatants and len(combatants) == self.size

    def cover(self, ids: Iterable[str]) -> None:
        """Bring every table up to these combatant ids (the ones a list hires)."""
        missing = set(ids) - self.seen
        if not missing:
            return
        by_id = self.faction.by_id
        for known, answer in self._tables.values():
            for cid in missing:
                known[cid] = answer(by_id[cid])
        self.seen |= missing

    def table(self, key: Hashable, answer: Answer) -> dict[str, object]:
        """Combatant id -> ``answer(combatant)`` for every combatant seen; ``key``: what the
        answer means (two quantities or selectors giving the same answers share one)."""
        found = self._tables.get(key)
        if found is None:
            by_id = self.faction.by_id
            found = self._tables[key] = ({cid: answer(by_id[cid]) for cid in self.seen},
                                         answer)
        return found[0]


# --- kept per list -------------------------------------------------------------------------


class Evaluation:
    """One list being checked (:attr:`roster`) and everything worked out for it so far, each
    kept once however many rules and figures ask (made by :meth:`RuleCache.evaluation`;
    filled by :mod:`builder.rules.engine` and :mod:`.taken`)."""

    __slots__ = ("cache", "chosen", "chosen_entries", "entry_counts", "extremes", "kept",
                 "positions", "roster", "stat_adds", "sums", "system", "values")

    def __init__(self, roster: Roster, system: SystemAnswers, kept: FactionAnswers | None,
                 cache: RuleCache) -> None:
        self.roster = roster
        self.system = system
        self.kept = kept
        """The faction's kept answers, brought up to this list's combatants, when the list
        hires enough combatants for adding them up to pay; None: plain loops over what it
        hires."""
        self.cache = cache
        self.values: dict[Term, int] = {}
        """Each term's amount before ``times`` (equal quantities share a term: worked out
        once)."""
        self.chosen: dict[Selection, list[tuple[Combatant, int]]] = {}
        """What each selection takes in: (combatant, models)."""
        self.chosen_entries: dict[Hashable, list[tuple[Combatant, Entry]]] = {}
        """Of the entries that took options, those each selection takes in."""
        self.stat_adds: dict[str, tuple[list[tuple[Combatant, Entry, int]], int]] = {}
        """Per stat, the entries whose options add to it (with what they add) and what the
        picks add."""
        self.entry_counts: dict[str, int] | None = None
        """Entries per known combatant id, in the order of ``hired``."""
        self.sums: dict[tuple[Hashable, bool], tuple[dict[str, Any], float]] = {}
        """A kept table's total over the list, by (what it means, counted per entry rather
        than per model), with the table: a count edit moves a total per model by what it
        changed."""
        self.extremes: dict[tuple[Hashable, str], object] = {}
        """A kept table's highest (or lowest) over the combatants hired, by (what it means,
        which one): it stays while the list hires the same combatants, however many of
        each."""
        self.positions: dict[str, int] | None = None
        """Where each hired id is in ``roster.hired`` (for a count edit)."""


class RuleCache:
    """The rules' kept answers, per faction and per system (by id; an object replaced under
    the same id, or a faction whose combatants changed, starts afresh), and the maker of each
    list's :class:`Evaluation`."""

    def __init__(self) -> None:
        self._factions: dict[str, FactionAnswers] = {}
        self._systems: dict[str, SystemAnswers] = {}

    def answers_for(self, faction: Faction) -> FactionAnswers:
        found = self._factions.get(faction.id)
        if found is None or found.faction is not faction or not found.current:
            found = self._factions[faction.id] = FactionAnswers(faction)
        return found

    def system(self, system: System) -> SystemAnswers:
        found = self._systems.get(system.id)
        if found is None or found.system is not system:
            found = self._systems[system.id] = SystemAnswers(system)
        return found

    def evaluation(self, roster: Roster, kept: bool) -> Evaluation:
        """A new evaluation of ``roster``; ``kept``: through the faction's kept answers."""
        answers = None
        if kept:
            answers = self.answers_for(roster.faction)
            answers.cover(roster.totals)
        return Evaluation(roster, self.system(roster.system), answers, self)

    def clear(self) -> None:
        self._factions.clear()
        self._systems.clear()


class _Owner(Protocol):
    derived: dict[str, object]


def rule_cache(owner: _Owner) -> RuleCache:
    """The rule cache a catalogue owns (its ``derived`` slot: the data layer does not import
    the rules), made on first use."""
    found = owner.derived.get("rules")
    if not isinstance(found, RuleCache):
        found = owner.derived["rules"] = RuleCache()
    return found
