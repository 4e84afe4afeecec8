"""What the rule engine works out once and reuses, in one object its owner keeps.

A quantity or selector gives the same answer for a combatant in every list of its faction:
whether a selector takes it in, what one model of it adds to a sum. A list that hires many
combatants adds those answers up (in C) instead of asking every combatant again, and the
answers are kept here between validations. A :class:`~builder.data.Catalogue` owns one
(:func:`rule_cache`), so answers live as long as the data they were read from; a validation
given none makes its own and drops it after.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TYPE_CHECKING, Protocol

from builder.model import Combatant, Faction
from builder.model.quantity import Selector
from builder.model.system import Rule, System

if TYPE_CHECKING:
    from collections.abc import Mapping

Answer = Callable[[Combatant], object]


class FactionAnswers:
    """Per quantity or selector of the rules, the answer for every combatant the faction's
    lists have hired so far (``seen``), filled as lists hire more.

    Looked up by the quantity object (the system's own, cheap) and, on a miss, by what it
    means: two equal quantities (a figure counting what a rule counts) share one table, so a
    list adds them up once."""

    def __init__(self, faction: Faction) -> None:
        self.faction = faction
        self.combatants = faction.combatants
        """The combatant list the answers were read from (a list that grows or is replaced
        makes them stale: :meth:`RuleCache.answers_for` starts again)."""
        self.size = len(faction.combatants)
        self.seen: set[str] = set()
        self._by_meaning: dict[Hashable, tuple[dict[str, object], Answer]] = {}
        self._by_object: dict[int, tuple[object, dict[str, object]]] = {}
        self._units: bool | None = None

    @property
    def has_units(self) -> bool:
        """Whether any combatant hires in units (SPEC §9; else no entry is checked)."""
        found = self._units
        if found is None:
            found = self._units = any(c.unit is not None for c in self.combatants)
        return found

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
        for known, answer in self._by_meaning.values():
            for cid in missing:
                known[cid] = answer(by_id[cid])
        self.seen |= missing

    def table(self, source: object, meaning: Callable[[], Hashable], answer: Answer
              ) -> dict[str, object]:
        """Combatant id -> ``answer(combatant)`` for every combatant seen. ``source`` (a
        quantity or selector of the rules) is held with its table, so that another object
        made later at the same address is never taken for it; ``meaning()`` is a value that
        two sources giving the same answers share."""
        found = self._by_object.get(id(source))
        if found is not None and found[0] is source:
            return found[1]
        key = meaning()
        shared = self._by_meaning.get(key)
        if shared is None:
            by_id = self.faction.by_id
            shared = self._by_meaning[key] = ({cid: answer(by_id[cid]) for cid in self.seen},
                                              answer)
        self._by_object[id(source)] = (source, shared[0])
        return shared[0]


class SystemAnswers:
    """What a game system's rules and figures say about one another."""

    def __init__(self, system: System) -> None:
        self.system = system
        self._capped: dict[str, Rule] | None = None
        self.shapes: dict[int, tuple[Selector, int]] = {}
        """Per selector of its rules (by id, held): what it looks at
        (:func:`builder.rules.engine.shape_of`)."""
        self.same: dict[int, tuple[object, object]] = {}
        """Per quantity of its rules and figures (by id, held): the first equal one met, so
        that a list works out equal quantities once (:func:`builder.rules.engine.quantity`)."""

    @property
    def capped(self) -> Mapping[str, Rule]:
        """Figure id -> the form-1 rule whose ``count`` is that figure's value and that has
        an ``at_most`` bound (SphereWars: Messengers, capped by the leaders' command)."""
        if self._capped is None:
            self._capped = capped_figures(self.system)
        return self._capped


def capped_figures(system: System) -> dict[str, Rule]:
    out = {}
    for f in system.figures:
        for rule in system.rules:
            if rule.count is not None and rule.at_most is not None \
                    and type(rule.count) is type(f.value) and rule.count == f.value:
                out[f.id] = rule
                break
    return out


class RuleCache:
    """The engine's kept answers, per faction and per system (by id; an object replaced
    under the same id, or a faction whose combatants changed, starts afresh)."""

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
