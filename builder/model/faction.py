"""Faction data (SPEC §1): abilities, profiles, combatants, building overrides."""

from __future__ import annotations

import difflib
import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import (
    BeforeValidator,
    Discriminator,
    Field,
    Strict,
    Tag,
    ValidationInfo,
    WithJsonSchema,
    field_validator,
    model_validator,
)
from pydantic_core import PydanticCustomError

from builder.model.base import (
    NONE_SCHEMA,
    Count,
    Id,
    NonNegative,
    OptText,
    Stat,
    StrictModel,
    Text,
    _dash_is_none,
)

FACTION_SCHEMA = "spherewars-faction/1"
ABILITIES_SCHEMA = "spherewars-abilities/1"

CombatantType = Literal["leader", "avatar", "messenger", "troop"]
Rank = Literal["irregular", "regular", "veteran", "elite"]
Scope = Literal["racial", "unique", "universal"]
Kind = Literal["passive", "feat", "enchantment"]
Base = Literal[30, 40, 50, 60]

TYPE_ORDER: tuple[CombatantType, ...] = ("leader", "avatar", "messenger", "troop")
TYPE_PLURAL = {"leader": "Leaders", "avatar": "Avatars", "messenger": "Messengers",
               "troop": "Troops"}
STAT_NAMES = ("PE", "CA", "MOV", "MAN", "DES", "PRE", "POT", "CON", "FUR", "POD")
"""The book's column order (PRE, precision, only for combatants with ranged attacks)."""

_CON_PAIR = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")


def _con(value: Any) -> Any:
    """CON is one value or "arcane-mundane" ("6-5"); "-" or null mean none."""
    value = _dash_is_none(value)
    if value is None or (isinstance(value, int) and not isinstance(value, bool) and value >= 0):
        return value
    if isinstance(value, str):
        m = _CON_PAIR.match(value)
        if m:
            return f"{int(m.group(1))}-{int(m.group(2))}"
        if value.strip().isdigit():
            return int(value)
    raise PydanticCustomError(
        "con_value",
        "CON must be a whole number (6) or arcane-mundane (\"6-5\"), not {got}",
        {"got": repr(value)},
    )


Con = Annotated[
    int | str | None,
    BeforeValidator(_con),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 0},
                              {"type": "string", "pattern": r"^\s*\d+\s*-\s*\d+\s*$"},
                              *NONE_SCHEMA]}),
]


def _difficulty(value: Any) -> Any:
    if value is None or value == "A" or (isinstance(value, int) and not isinstance(value, bool)
                                         and value >= 1):
        return value
    raise PydanticCustomError(
        "difficulty_value",
        "difficulty must be a whole number (the target value) or \"A\" (automatic), not {got}",
        {"got": repr(value)},
    )


Difficulty = Annotated[
    int | Literal["A"] | None,
    BeforeValidator(_difficulty),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 1}, {"const": "A"},
                              {"type": "null"}]}),
]


class Ability(StrictModel):
    """An ability: a glossary entry (with ``id``) or written inline on a combatant."""

    id: Id | None = None
    name: Text
    scope: Scope | None = None
    kind: Kind | None = None
    difficulty: Difficulty = None
    successes: Count = 1
    text: OptText = None


class GlossaryAbility(Ability):
    id: Id  # type: ignore[assignment]


def _ability_tag(value: Any) -> str:
    return "by-id" if isinstance(value, str) else "inline-ability"


AbilityRef = Annotated[
    Annotated[str, Strict(), Tag("by-id")] | Annotated[Ability, Tag("inline-ability")],
    Discriminator(_ability_tag),
]


class Profile(StrictModel):
    PE: NonNegative
    CA: Stat = None
    MOV: Stat = None
    MAN: Stat = None
    DES: Stat = None
    PRE: Stat = None
    POT: Stat = None
    CON: Con = None
    FUR: Stat = None
    POD: Stat = None

    def shown(self, name: str) -> str:
        """The value as the book prints it: a number, "6-5", or "–" for none."""
        value = getattr(self, name)
        return "–" if value is None else str(value)


class BuildingRules(StrictModel):
    """A faction Manuscript's overrides of the core recruiting rules (*Recruiting a Warband*)."""

    max_same_combatant: Count = 5
    max_squad_units: Count = 3
    messengers_per_command: NonNegative = 1


class Combatant(StrictModel):
    id: Id
    name: Text
    nickname: OptText = None
    type: CombatantType
    rank: Rank | None = None
    base: Base | None = None
    squad: Annotated[bool, Strict()] = False
    max: Count | None = None
    wounds: Count = 5
    profile: Profile
    abilities: list[AbilityRef] = Field(default_factory=list)
    equipment: list[Annotated[str, Strict()]] = Field(default_factory=list)
    unique_equipment: list[Annotated[str, Strict()]] = Field(default_factory=list)
    description: OptText = None

    @property
    def display_name(self) -> str:
        return f"{self.name}, {self.nickname}" if self.nickname else self.name


class Faction(StrictModel):
    schema_: Literal["spherewars-faction/1"] = Field(alias="schema")
    id: Id
    name: Text
    source: OptText = None
    building: BuildingRules = Field(default_factory=BuildingRules)
    abilities: list[GlossaryAbility] = Field(default_factory=list)
    combatants: list[Combatant] = Field(min_length=1)

    @field_validator("schema_", mode="before")
    @classmethod
    def _schema(cls, value: Any) -> Any:
        return check_schema(value, FACTION_SCHEMA)

    @model_validator(mode="after")
    def _references(self, info: ValidationInfo) -> Faction:
        """Ids are unique and every ability named by id exists (faction or universal glossary)."""
        universal = (info.context or {}).get("universal", {})
        problems = reference_problems(
            {"abilities": [{"id": a.id} for a in self.abilities],
             "combatants": [{"id": c.id, "abilities": c.abilities} for c in self.combatants]},
            universal)
        if problems:
            raise PydanticCustomError("references", "{count} problem(s)",
                                      {"count": len(problems), "problems": problems})
        return self

    def combatant(self, combatant_id: str) -> Combatant | None:
        return self.by_id.get(combatant_id)

    @property
    def by_id(self) -> dict[str, Combatant]:
        """Combatants by id; cached, and rebuilt when the combatant list is replaced or grows
        (``model_copy(update=...)`` carries the cache over, so it checks what it was built on).
        """
        cached = self.__dict__.get("_by_id_cache")
        key = (id(self.combatants), len(self.combatants))
        if cached is None or cached[0] != key:
            cached = (key, {c.id: c for c in self.combatants})
            object.__setattr__(self, "_by_id_cache", cached)
        return cached[1]

    def ability(self, ref: str | Ability, universal: dict[str, Ability]) -> Ability:
        """The full ability a combatant's entry names."""
        if isinstance(ref, Ability):
            return ref
        for ability in self.abilities:
            if ability.id == ref:
                return ability
        return universal.get(ref) or Ability(id=ref, name=ref)


def reference_problems(data: Any, universal: Mapping[str, Any]) -> list[tuple[str, str]]:
    """Duplicate ids and ability ids that name nothing, as ``(slash/path, message)``.

    Works on plain, possibly invalid data too, so that a file with other mistakes still gets
    these reported in the same pass (``check-data`` prints every problem; the faction editor
    shows them while the author is still typing elsewhere).
    """
    if not isinstance(data, dict):
        return []
    abilities = _items(data.get("abilities"))
    combatants = _items(data.get("combatants"))
    problems = _twice("ability", "abilities", [a.get("id") for a in abilities])
    problems += _twice("combatant", "combatants", [c.get("id") for c in combatants])
    known: set[str] = {a["id"] for a in abilities if isinstance(a.get("id"), str)}
    known |= set(universal)
    for i, combatant in enumerate(combatants):
        refs = combatant.get("abilities")
        for j, ref in enumerate(refs if isinstance(refs, list) else []):
            if isinstance(ref, str) and ref not in known:
                close = difflib.get_close_matches(ref, sorted(known), n=1, cutoff=0.6)
                hint = f" (did you mean '{close[0]}'?)" if close else (
                    "; add it to the faction's abilities or write it inline")
                problems.append((f"combatants/{i}/abilities/{j}",
                                 f"unknown ability '{ref}'{hint}"))
    return problems


def _items(value: Any) -> list[dict[str, Any]]:
    """The mappings of a list, with a placeholder where an item is not one (keeps indexes)."""
    return [v if isinstance(v, dict) else {} for v in value] if isinstance(value, list) else []


def _twice(what: str, key: str, ids: list[Any]) -> list[tuple[str, str]]:
    """A problem at each id that an earlier item of the same list already uses."""
    first: dict[str, int] = {}
    problems = []
    for i, item_id in enumerate(ids):
        if not isinstance(item_id, str):
            continue
        if item_id in first:
            problems.append((f"{key}/{i}/id", f"{what} id '{item_id}' is used twice "
                                              f"({key}[{first[item_id]}] and {key}[{i}])"))
        first.setdefault(item_id, i)
    return problems


class AbilityGlossary(StrictModel):
    """The core universal abilities (``resources/universal-abilities.yaml``)."""

    schema_: Literal["spherewars-abilities/1"] = Field(alias="schema")
    source: OptText = None
    abilities: list[GlossaryAbility] = Field(default_factory=list)

    @field_validator("schema_", mode="before")
    @classmethod
    def _schema(cls, value: Any) -> Any:
        return check_schema(value, ABILITIES_SCHEMA)


def check_schema(value: Any, expected: str) -> Any:
    """Refuse other formats, and newer versions with the version this program reads."""
    if value == expected:
        return value
    family = expected.rsplit("/", 1)[0]
    if isinstance(value, str) and value.startswith(family + "/"):
        raise PydanticCustomError(
            "schema_version",
            "this file is {got}; this program reads {expected} (a newer version of the "
            "builder may read it)",
            {"got": value, "expected": expected},
        )
    raise PydanticCustomError(
        "schema_value", "schema must be '{expected}', not {got}",
        {"expected": expected, "got": repr(value)},
    )


def _ability_data(ability: Ability, with_id: bool) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if with_id and ability.id is not None:
        data["id"] = ability.id
    data["name"] = ability.name
    for key in ("scope", "kind", "difficulty"):
        if getattr(ability, key) is not None:
            data[key] = getattr(ability, key)
    if ability.successes != 1:
        data["successes"] = ability.successes
    if ability.text is not None:
        data["text"] = ability.text
    return data


def combatant_data(c: Combatant) -> dict[str, Any]:
    """A combatant as the file writes it: SPEC key order, defaults left out."""
    data: dict[str, Any] = {"id": c.id, "name": c.name}
    if c.nickname is not None:
        data["nickname"] = c.nickname
    data["type"] = c.type
    for key, default in (("rank", None), ("base", None), ("squad", False), ("max", None),
                         ("wounds", 5)):
        value = getattr(c, key)
        if value != default:
            data[key] = value
    data["profile"] = {name: getattr(c.profile, name) for name in STAT_NAMES
                       if name == "PE" or getattr(c.profile, name) is not None}
    if c.abilities:
        data["abilities"] = [ref if isinstance(ref, str) else _ability_data(ref, True)
                             for ref in c.abilities]
    for key in ("equipment", "unique_equipment"):
        if getattr(c, key):
            data[key] = list(getattr(c, key))
    if c.description is not None:
        data["description"] = c.description
    return data


def faction_data(f: Faction) -> dict[str, Any]:
    """A faction as the file writes it, in the SPEC's key order, defaults left out."""
    data: dict[str, Any] = {"schema": FACTION_SCHEMA, "id": f.id, "name": f.name}
    if f.source is not None:
        data["source"] = f.source
    building = f.building.model_dump(exclude_defaults=True)
    if building:
        data["building"] = building
    if f.abilities:
        data["abilities"] = [_ability_data(a, True) for a in f.abilities]
    data["combatants"] = [combatant_data(c) for c in f.combatants]
    return data
