"""Faction data (SPEC §1, §5): combatants whose stat line, types and ranks are their system's.

The model checks a file's shape; :func:`faction_problems` checks it against its game system
(profile keys and values, types, ranks, bases, ``building`` parameters, ability kinds and ids)
on the plain YAML data, so a file with other mistakes still gets every problem in one pass.
:meth:`Faction.attach` then ties a valid faction to its system and normalises its values.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, PrivateAttr, Strict, field_validator

from builder.model.ability import Ability, AbilityRef, GlossaryAbility, ability_data
from builder.model.base import (
    FreeText,
    Id,
    Name,
    NonNegative,
    OptName,
    OptText,
    Positive,
    StrictModel,
    check_schema,
    closest,
)
from builder.model.faction_check import normal_value
from builder.model.options import (
    Option,
    Pick,
    UnitSize,
    entry_adds,
    picks_add,
)
from builder.model.quantity import Selector, Took, selects
from builder.model.system import (
    DEFAULT_SYSTEM,
    System,
)

FACTION_SCHEMA = "spherewars-faction/1"
# MAX_WHOLE, MAX_TEXT: SPEC "hostile and broken input" (builder.model.base)



class Combatant(StrictModel):
    id: Id
    name: Name
    nickname: OptName = None
    type: Annotated[str, Strict()]
    rank: Annotated[str, Strict()] | None = None
    base: Positive | None = None
    squad: Annotated[bool, Strict()] = False
    max: Positive | None = None
    unit: UnitSize | None = None
    """SPEC §9: each entry hires between ``unit.min`` and ``unit.max`` models."""
    wounds: Positive | None = None
    """None in the file: the system's default (after :meth:`Faction.attach`)."""
    tags: list[Name] = Field(default_factory=list)
    profile: dict[Annotated[str, Strict()], Any] = Field(default_factory=dict)
    """Stat id -> a whole number, a pair text ("6-5"), a free text, or None (none)."""
    abilities: list[AbilityRef] = Field(default_factory=list)
    equipment: list[FreeText] = Field(default_factory=list)
    unique_equipment: list[FreeText] = Field(default_factory=list)
    description: OptText = None
    options: list[Option] = Field(default_factory=list)
    """SPEC §9: what an entry of this combatant may add (the system's options for it too:
    :meth:`Faction.options_for`)."""

    @property
    def display_name(self) -> str:
        return f"{self.name}, {self.nickname}" if self.nickname else self.name

    def stat(self, stat_id: str) -> int | str | None:
        value = self.profile.get(stat_id)
        return value if isinstance(value, (int, str)) else None

    def number(self, stat_id: str | None) -> int:
        """The stat as a number to add up: 0 when absent, none, or not a number."""
        value = self.profile.get(stat_id) if stat_id else None
        return value if isinstance(value, int) and not isinstance(value, bool) else 0

    def shown(self, stat_id: str) -> str:
        """The value as the book prints it: a number, "6-5", a text, or "–" for none."""
        value = self.profile.get(stat_id)
        return "–" if value is None else str(value)


class Faction(StrictModel):
    schema_: Literal["spherewars-faction/1"] = Field(alias="schema")
    system: Id = DEFAULT_SYSTEM
    id: Id
    name: Name
    source: OptText = None
    building: dict[Annotated[str, Strict()], NonNegative] = Field(default_factory=dict)
    abilities: list[GlossaryAbility] = Field(default_factory=list)
    picks: list[Pick] = Field(default_factory=list)
    """SPEC §9: what a list of this faction may take once (the system's picks too:
    :meth:`Faction.picks_offered`)."""
    combatants: list[Combatant] = Field(min_length=1)
    _index: FactionIndex | None = PrivateAttr(default=None)
    """Its tie to its game system and what is looked up through it (:meth:`attach`)."""

    @field_validator("schema_", mode="before")
    @classmethod
    def _schema(cls, value: Any) -> Any:
        return check_schema(value, FACTION_SCHEMA)

    def attach(self, system: System, *, normal: bool = False) -> Faction:
        """The faction tied to its game system (a new faction; this one is left as it is):
        stat values in their normal form ("6 - 5" is "6-5", "-" is none) and each
        combatant's wounds defaulting to the system's (:func:`normalised`). ``normal``: the
        combatants are so already, against the same system (a faction kept in the cache once
        attached, the editor's combatants checked one by one); only the tie is made."""
        combatants = self.combatants if normal else [normalised(c, system)
                                                     for c in self.combatants]
        changed = any(a is not b for a, b in zip(combatants, self.combatants, strict=True))
        tied = self.model_copy(update={"combatants": combatants} if changed else None)
        tied._index = FactionIndex(tied, system)
        return tied

    def model_copy(self, *, update: Mapping[str, Any] | None = None,
                   deep: bool = False) -> Faction:
        """A copy; a copy of an attached faction is attached to the same system, with an
        index of its own combatants (never the index of this one's)."""
        copy = super().model_copy(update=update, deep=deep)
        index = self._tie()
        copy._index = FactionIndex(copy, index.system) if index is not None else None
        return copy

    def _tie(self) -> FactionIndex | None:
        # (read without pydantic's __getattr__: validation reads it for every list)
        private = self.__pydantic_private__
        return private.get("_index") if private else None

    @property
    def game(self) -> System:
        index = self._tie()
        if index is None:
            raise RuntimeError(f"faction '{self.id}' is not attached to its system")
        return index.system

    @property
    def attached(self) -> bool:
        return self._tie() is not None

    def parameter(self, name: str) -> int:
        """A recruiting parameter: this faction's ``building`` value, else the system's."""
        if name in self.building:
            return self.building[name]
        return self.game.parameters.get(name, 0)

    def cost(self, c: Combatant) -> int:
        """What one model of ``c`` costs (the system's cost stat; 0 with no cost)."""
        return c.number(self.game.cost)

    def combatant(self, combatant_id: str) -> Combatant | None:
        return self.by_id.get(combatant_id)

    @property
    def by_id(self) -> dict[str, Combatant]:
        """Combatants by id (the attached faction's index; made afresh for a faction not
        attached)."""
        index = self._tie()
        return index.by_id if index is not None else {c.id: c for c in self.combatants}

    def closest_id(self, combatant_id: str) -> str | None:
        """The combatant id nearest to one the faction does not have, for "did you mean"."""
        return closest(combatant_id, [c.id for c in self.combatants])

    # --- options, units and picks (SPEC §9) ---------------------------------------------

    def options_for(self, c: Combatant) -> dict[str, Option]:
        """The options an entry of ``c`` may take, by id: its own, then the system's whose
        ``for:`` matches it."""
        index = self._tie()
        if index is None:
            return offered_options(c, self.game)  # (raises: not attached)
        found = index.options.get(c.id)  # (FactionIndex.options_for, inlined: per entry)
        return found[1] if found is not None and found[0] is c else index.options_for(c)

    def option(self, c: Combatant, option_id: str) -> Option | None:
        return self.options_for(c).get(option_id)

    @property
    def picks_offered(self) -> dict[str, Pick]:
        """Every pick a list of the faction may take, by id: the faction's, then the
        system's."""
        index = self._tie()
        if index is None:
            return offered_picks(self, self.game)  # (raises: not attached)
        return index.picks_offered

    def entry_adds(self, c: Combatant, options: Mapping[str, int], count: int,
                   stat: str | None) -> int:
        """What the options an entry took (option id -> times) add to ``stat`` on an entry
        of ``count`` models of ``c`` (× count for a ``per_model`` option); unknown ids add
        nothing."""
        if not options or not stat:
            return 0
        return entry_adds(self.options_for(c), options, stat, count)

    def entry_cost(self, c: Combatant, count: int, options: Mapping[str, int]) -> int:
        """An entry's points: its models' cost and what its options add to the cost stat."""
        return self.cost(c) * count + self.entry_adds(c, options, count, self.game.cost)

    def took(self, c: Combatant, options: Mapping[str, int], sel: Selector) -> bool:
        """Whether an entry of ``c`` that took ``options`` (option id -> times) matches the
        selector's ``option:`` and ``option_tag:`` keys (SPEC §9; True when it gives
        neither). Its other keys look at the combatant (:func:`selects`)."""
        return selects(sel, self.taken(c, options), entry=True)

    def taken(self, c: Combatant, options: Mapping[str, int]) -> Took:
        """What an entry of ``c`` that took ``options`` took, as a selector's option keys
        read it: the options ``c`` is offered (any other counts toward nothing)."""
        offered = self.options_for(c)
        taken = [o for oid, n in options.items() if n > 0 and (o := offered.get(oid)) is not None]
        return Took(tuple(o.id for o in taken), tuple(t for o in taken for t in o.tags))

    def picks_add(self, picks: list[str], stat: str | None) -> int:
        """What the picks a list took add to ``stat`` (unknown ids add nothing)."""
        return picks_add(self.picks_offered, picks, stat) if picks else 0

    def ability(self, ref: str | Ability,
                universal: Mapping[str, Ability] | None = None) -> Ability:
        """The full ability a combatant's entry names: inline, the faction's glossary, or the
        system's universal glossary."""
        if isinstance(ref, Ability):
            return ref
        for ability in self.abilities:
            if ability.id == ref:
                return ability
        if universal is None:
            universal = self.game.glossary() if self.attached else {}
        return universal.get(ref) or Ability(id=ref, name=ref)


def normalised(c: Combatant, system: System) -> Combatant:
    """``c`` as its game reads it: stat values in their normal form ("6 - 5" is "6-5", "-"
    is none) and its wounds the system's when the file gives none; ``c`` itself when it is
    so already, else a new combatant (a loaded model is never rewritten)."""
    kinds = {s.id: s.kind for s in system.stats}
    values = {k: normal_value(v, kinds.get(k, "text")) for k, v in c.profile.items()}
    profile = {k: v for k, v in values.items() if v is not None}
    update: dict[str, Any] = {}
    if profile != c.profile or any(type(a) is not type(b) for a, b in
                                   zip(profile.values(), c.profile.values(), strict=False)):
        update["profile"] = profile
    if c.wounds is None and system.wounds is not None:
        update["wounds"] = system.wounds
    return c.model_copy(update=update) if update else c


def offered_options(c: Combatant, system: System) -> dict[str, Option]:
    offered = {o.id: o for o in c.options}
    for o in system.options:
        if o.id not in offered and selects(o.for_, c):
            offered[o.id] = o
    return offered


def offered_picks(faction: Faction, system: System) -> dict[str, Pick]:
    offered: dict[str, Pick] = {p.id: p for p in faction.picks}
    for p in system.picks:
        offered.setdefault(p.id, p)
    return offered


class FactionIndex:
    """An attached faction's tie to its game system, and what is looked up through it: its
    combatants by id, the options each may take, the picks a list may take. Made by
    :meth:`Faction.attach` for that faction alone (a copy gets its own); it never makes two
    factions differ (equality compares their fields), and it is not pickled."""

    __slots__ = ("by_id", "options", "picks_offered", "system")

    def __init__(self, faction: Faction, system: System) -> None:
        self.system = system
        self.by_id = {c.id: c for c in faction.combatants}
        self.picks_offered = offered_picks(faction, system)
        self.options: dict[str, tuple[Combatant, dict[str, Option]]] = {}
        """Combatant id -> (the combatant, the options it may take), as they are asked."""

    def options_for(self, c: Combatant) -> dict[str, Option]:
        found = self.options.get(c.id)
        if found is None or found[0] is not c:
            found = self.options[c.id] = (c, offered_options(c, self.system))
        return found[1]

    def __eq__(self, other: object) -> bool:
        return True  # (derived from the faction's fields, which pydantic compares)

    __hash__ = None  # type: ignore[assignment]


# --- writing -------------------------------------------------------------------------------


def combatant_data(c: Combatant, system: System | None = None) -> dict[str, Any]:
    """A combatant as the file writes it: SPEC key order, defaults left out."""
    data: dict[str, Any] = {"id": c.id, "name": c.name}
    if c.nickname is not None:
        data["nickname"] = c.nickname
    data["type"] = c.type
    default_wounds = system.wounds if system is not None else None
    for key, default in (("rank", None), ("base", None), ("squad", False), ("max", None),
                         ("wounds", default_wounds)):
        value = getattr(c, key)
        if value != default and not (key == "wounds" and value is None):
            data[key] = value
        if key == "max" and c.unit is not None:
            data["unit"] = {"min": c.unit.min, "max": c.unit.max}
    if c.tags:
        data["tags"] = list(c.tags)
    order = list(system.stat_ids) if system is not None else []
    required = {s.id for s in system.stats if s.required} if system is not None else set()
    keys = [k for k in order if k in c.profile] + [k for k in c.profile if k not in order]
    profile = {k: c.profile[k] for k in keys if c.profile[k] is not None or k in required}
    if profile or required:
        data["profile"] = profile
    if c.abilities:
        data["abilities"] = [ref if isinstance(ref, str) else ability_data(ref)
                             for ref in c.abilities]
    for key in ("equipment", "unique_equipment"):
        if getattr(c, key):
            data[key] = list(getattr(c, key))
    if c.description is not None:
        data["description"] = c.description
    if c.options:
        data["options"] = [option_data(o) for o in c.options]
    return data


def option_data(o: Option | Pick) -> dict[str, Any]:
    """An option or a pick as the file writes it, defaults left out."""
    data: dict[str, Any] = {"id": o.id, "name": o.name}
    if o.adds:
        data["adds"] = dict(o.adds)
    if isinstance(o, Option):
        if o.per_model:
            data["per_model"] = True
        if o.max != 1:
            data["max"] = o.max
        if o.group is not None:
            data["group"] = o.group
    if o.tags:
        data["tags"] = list(o.tags)
    if o.text is not None:
        data["text"] = o.text
    return data


def faction_data(f: Faction) -> dict[str, Any]:
    """A faction as the file writes it, in the SPEC's key order, defaults left out."""
    data: dict[str, Any] = {"schema": FACTION_SCHEMA}
    if f.system != DEFAULT_SYSTEM:
        data["system"] = f.system
    data.update({"id": f.id, "name": f.name})
    if f.source is not None:
        data["source"] = f.source
    system = f.game if f.attached else None
    if f.building:  # as the author wrote it, a value equal to the default included
        data["building"] = dict(f.building)
    if f.abilities:
        data["abilities"] = [ability_data(a) for a in f.abilities]
    if f.picks:
        data["picks"] = [option_data(p) for p in f.picks]
    data["combatants"] = [combatant_data(c, system) for c in f.combatants]
    return data
