"""Faction data (SPEC §1, §5): combatants whose stat line, types and ranks are their system's.

The model checks a file's shape; :func:`faction_problems` checks it against its game system
(profile keys and values, types, ranks, bases, ``building`` parameters, ability kinds and ids)
on the plain YAML data, so a file with other mistakes still gets every problem in one pass.
:meth:`Faction.attach` then ties a valid faction to its system and normalises its values.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Annotated, Any, Literal

from pydantic import Field, Strict, field_validator

from builder.i18n import N_, _, number
from builder.model.ability import Ability, AbilityRef, GlossaryAbility, ability_data
from builder.model.base import (
    MAX_TEXT,
    MAX_WHOLE,
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
    describe,
    mappings,
    missing_key,
    needs_whole_number,
    number_like,
    quote,
)
from builder.model.options import (
    Option,
    Pick,
    UnitSize,
    entry_adds,
    option_problems,
    pick_problems,
    picks_add,
    unit_problems,
)
from builder.model.pattern import matches
from builder.model.quantity import Selector
from builder.model.system import (
    DEFAULT_SYSTEM,
    Problem,
    StatDef,
    StatLimit,
    System,
    duplicate_ids,
    not_one_of,
)
from builder.model.text import display

FACTION_SCHEMA = "spherewars-faction/1"
# MAX_WHOLE, MAX_TEXT: SPEC "hostile and broken input" (builder.model.base)

_PAIR = re.compile(r"^\s*(0|[1-9][0-9]{0,5})\s*-\s*(0|[1-9][0-9]{0,5})\s*$")
"""An "arcane-mundane" pair in plain digits (never more than 6 digits: no int() of a
4,000-digit text, no Unicode digits read as numbers)."""
_NONE_MARKS = ("-", "–", "—", "")


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

    @field_validator("schema_", mode="before")
    @classmethod
    def _schema(cls, value: Any) -> Any:
        return check_schema(value, FACTION_SCHEMA)

    def attach(self, system: System, *, normal: bool = False) -> Faction:
        """Tie the faction to its game system: stat values in their normal form ("6 - 5" is
        "6-5", "-" is none) and each combatant's wounds defaulting to the system's.
        ``normal``: that was done already, against the same system (a faction kept in the
        cache once attached); only the ties are made."""
        kinds = {s.id: s.kind for s in system.stats}
        for c in self.combatants:
            if c.__dict__.get("_attached") is system:
                continue  # a combatant kept from an earlier check (the faction editor's)
            object.__setattr__(c, "_attached", system)
            if normal:
                continue
            values = {k: normal_value(v, kinds.get(k, "text")) for k, v in c.profile.items()}
            c.profile = {k: v for k, v in values.items() if v is not None}
            if c.wounds is None:
                c.wounds = system.wounds
        # kept beside the fields, not as a pydantic private attribute: validation reads it
        # for every list, and equality compares fields only
        object.__setattr__(self, "_game", system)
        return self

    @property
    def game(self) -> System:
        system = self.__dict__.get("_game")
        if system is None:
            raise RuntimeError(f"faction '{self.id}' is not attached to its system")
        return system  # type: ignore[no-any-return]

    @property
    def attached(self) -> bool:
        return self.__dict__.get("_game") is not None

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
        """Combatants by id; cached, and rebuilt when the combatant list is replaced or grows
        (``model_copy(update=...)`` carries the cache over, so it checks what it was built on).
        """
        return self._cache()[1]

    def _cache(self) -> tuple[Any, dict[str, Combatant], dict[str, str | None]]:
        """(what it was built on, combatants by id, :meth:`closest_id`'s answers so far)."""
        cached = self.__dict__.get("_by_id_cache")
        key = (id(self.combatants), len(self.combatants))
        if cached is None or cached[0] != key:
            cached = (key, {c.id: c for c in self.combatants}, {})
            object.__setattr__(self, "_by_id_cache", cached)
        return cached  # type: ignore[no-any-return]

    def closest_id(self, combatant_id: str) -> str | None:
        """The combatant id nearest to one the faction does not have, for "did you mean":
        remembered, since a folder of lists names the same stale id again and again."""
        answers = self._cache()[2]
        if combatant_id not in answers:
            answers[combatant_id] = closest(combatant_id, [c.id for c in self.combatants])
        return answers[combatant_id]

    # --- options, units and picks (SPEC §9) ---------------------------------------------

    def options_for(self, c: Combatant) -> dict[str, Option]:
        """The options an entry of ``c`` may take, by id: its own, then the system's whose
        ``for:`` matches it (kept beside the combatant, made again for another system)."""
        system = self.game
        cached = c.__dict__.get("_options_for")
        if cached is None or cached[0] is not system or cached[1] is not c.options:
            offered = {o.id: o for o in c.options}
            for o in system.options:
                if o.id not in offered and selects(o.for_, c):
                    offered[o.id] = o
            cached = (system, c.options, offered)
            object.__setattr__(c, "_options_for", cached)
        return cached[2]  # type: ignore[no-any-return]

    def option(self, c: Combatant, option_id: str) -> Option | None:
        return self.options_for(c).get(option_id)

    @property
    def picks_offered(self) -> dict[str, Pick]:
        """Every pick a list of the faction may take, by id: the faction's, then the
        system's."""
        system = self.game
        cached = self.__dict__.get("_picks_offered")
        if cached is None or cached[0] is not system or cached[1] is not self.picks:
            offered: dict[str, Pick] = {p.id: p for p in self.picks}
            for p in system.picks:
                offered.setdefault(p.id, p)
            cached = (system, self.picks, offered)
            object.__setattr__(self, "_picks_offered", cached)
        return cached[2]  # type: ignore[no-any-return]

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
        if sel.option is not None:
            wanted = sel.option if isinstance(sel.option, list) else [sel.option]
            if not any(options.get(oid, 0) > 0 for oid in wanted):
                return False
        if sel.option_tag is not None:
            tags = sel.option_tag if isinstance(sel.option_tag, list) else [sel.option_tag]
            offered = self.options_for(c)
            if not any(t in o.tags for oid, n in options.items() if n > 0
                       and (o := offered.get(oid)) is not None for t in tags):
                return False
        return True

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


def _any(value: str | list[str], have: str | None) -> bool:
    return have in value if isinstance(value, list) else have == value


def selects(sel: Selector, c: Combatant) -> bool:
    """Whether a system option's ``for:`` selector (SPEC §5 keys) takes in ``c``."""
    return _selects(sel, c.type, c.id, c.rank, c.squad, c.tags)


def _selects(sel: Selector, type_: Any, cid: Any, rank: Any, squad: Any, tags: Any) -> bool:
    if sel.type is not None and not _any(sel.type, type_):
        return False
    if sel.id is not None and not _any(sel.id, cid):
        return False
    if sel.rank is not None and not _any(sel.rank, rank):
        return False
    if sel.squad is not None and squad != sel.squad:
        return False
    if sel.tag is not None:
        wanted = sel.tag if isinstance(sel.tag, list) else [sel.tag]
        have = tags if isinstance(tags, list) else []
        if not any(t in have for t in wanted):
            return False
    return True


def _system_option_ids(c: dict[str, Any], system: System) -> list[str]:
    """The ids of the system's options a combatant (plain data) is offered."""
    if not system.options:
        return []
    return [o.id for o in system.options
            if _selects(o.for_, c.get("type"), c.get("id"), c.get("rank"),
                        c.get("squad", False), c.get("tags"))]


# --- values --------------------------------------------------------------------------------


def normal_value(value: Any, kind: str) -> Any:
    """A stat value in its normal form, or the value unchanged when it is not valid (the
    checks report it)."""
    if value is None or (isinstance(value, str) and value.strip() in _NONE_MARKS):
        return None
    if kind == "pair" and isinstance(value, str):
        m = _PAIR.match(value)
        if m:
            return f"{int(m.group(1))}-{int(m.group(2))}"
    if kind == "text" and isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return value


def value_problem(stat: str, value: Any, kind: str) -> str | None:
    """What is wrong with a stat value for its kind, or None."""
    value = normal_value(value, kind)
    if value is None:
        return None
    whole = isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= MAX_WHOLE
    if kind == "number":
        if whole:
            return None
        if isinstance(value, int) and not isinstance(value, bool) and value > MAX_WHOLE:
            return _too_large(stat, value)
        if number_like(value):
            return _("{field} must be a whole number written in plain digits, such as 10 (got "
                     "{got})").format(field=stat, got=describe(value))
        return needs_whole_number(stat, value)
    if kind == "pair":
        if whole or (isinstance(value, str) and _PAIR.match(value)
                     and all(int(p) <= MAX_WHOLE for p in value.split("-"))):
            return None
        if isinstance(value, int) and not isinstance(value, bool) and value > MAX_WHOLE:
            return _too_large(stat, value)
        shown = quote(value) if isinstance(value, str) else describe(value)
        return _("{field} must be a whole number (6) or arcane-mundane (\"6-5\"), not "
                 "{got}").format(field=stat, got=shown)
    if isinstance(value, str):
        return None if len(value) <= MAX_TEXT else _(
            "{field} is longer than {limit} characters").format(field=stat,
                                                                limit=number(MAX_TEXT))
    return _("{field} must be text (got {got})").format(field=stat, got=describe(value))


def limit_problem(stat: str, value: Any, limit: StatLimit, kind: str) -> str | None:
    """What a valid stat value of ``kind`` (in its normal form) gets wrong about the system's
    constraint on the stat (SPEC §5 ``constraints``), or None."""
    if value is None:
        return None
    numbers: list[int] = []
    if kind == "pair" and isinstance(value, str):
        numbers = [int(p) for p in value.split("-")]  # a valid pair: "6-5"
    elif kind != "text" and isinstance(value, int):
        numbers = [value]
    for n in numbers:
        if limit.minimum is not None and n < limit.minimum:
            return _("{field} must be at least {minimum} (got {got})").format(
                field=stat, minimum=number(limit.minimum), got=n)
        if limit.maximum is not None and n > limit.maximum:
            return _("{field} must be at most {maximum} (got {got})").format(
                field=stat, maximum=number(limit.maximum), got=n)
    if kind == "text" and limit.pattern is not None and isinstance(value, str) and \
            not matches(limit.pattern, value.strip()):
        if limit.means is not None:
            return _("{field} must be {means} (got {got})").format(
                field=stat, means=display(limit.means), got=quote(value))
        return _("{field} must be written as {pattern}, where {{n}} is a whole number and "
                 "[ ] an optional part (got {got})").format(field=stat, pattern=limit.pattern,
                                                             got=quote(value))
    return None


def _too_large(stat: str, value: int) -> str:
    return _("{field} must be at most {maximum} (got {got})").format(
        field=stat, maximum=number(MAX_WHOLE), got=describe(value))


# --- checks against the system, on plain data ----------------------------------------------


_UNKNOWN_KEY = {
    "parameters": (N_("unknown key {key}; parameters: {known}"),
                   N_("unknown key {key}; this game has no parameters")),
    "stats": (N_("unknown key {key}; stats: {known}"),
              N_("unknown key {key}; this game has no stats")),
}


def _unknown_key(where: str, key: str, known: list[str], what: str) -> Problem:
    """``what``: "parameters" or "stats", what the key should have been."""
    near = closest(key, known)
    if near:
        message = _("unknown key {key} (did you mean '{near}'?)")
    else:
        message = _(_UNKNOWN_KEY[what][0 if known else 1])
    return f"{where}/@{key}", message.format(key=quote(key), near=near, known=", ".join(known))


def faction_problems(data: Any, system: System) -> list[Problem]:
    """Everything a faction file gets wrong about its system, its ids and ability references.

    Paths are ``slash/separated``; a last part ``@key`` points at the key itself.
    """
    if not isinstance(data, dict):
        return []
    problems: list[Problem] = []
    building = data.get("building")
    if isinstance(building, dict):
        known = list(system.parameters)
        problems += [_unknown_key("building", k, known, "parameters")
                     for k in building if isinstance(k, str) and k not in system.parameters]
    kinds = [k.id for k in system.ability_kinds]
    abilities = mappings(data.get("abilities"))
    for i, ability in enumerate(abilities):
        problems += _kind(f"abilities/{i}", ability, kinds)
    combatants = mappings(data.get("combatants"))
    problems += duplicate_ids(N_("ability"), "abilities", abilities)
    problems += duplicate_ids(N_("combatant"), "combatants", combatants)
    problems += pick_problems("picks", data.get("picks"), _stat_kinds(system),
                              [p.id for p in system.picks])
    known_abilities = known_ability_ids(abilities, system)
    seen: dict[tuple[str, type, Any], str | None] = {}  # (5,000 combatants, a few values)
    for i, c in enumerate(combatants):
        problems += _combatant(f"combatants/{i}", c, system, kinds, known_abilities, seen)
    return problems


def _stat_kinds(system: System) -> dict[str, str]:
    return {s.id: s.kind for s in system.stats}


def known_ability_ids(abilities: list[dict[str, Any]], system: System) -> set[str]:
    """The ids a combatant's ability reference may name: the faction's glossary and the
    game's."""
    known = {a["id"] for a in abilities if isinstance(a.get("id"), str)}
    return known | {a.id for a in system.abilities}


def combatant_problems(c: dict[str, Any], system: System, known_abilities: set[str]
                       ) -> list[Problem]:
    """:func:`faction_problems` of one combatant, with paths relative to it (``""`` is the
    combatant itself, ``"/type"`` its type)."""
    return _combatant("", c, system, [k.id for k in system.ability_kinds], known_abilities)


_PLAIN = frozenset((int, str, bool, float, type(None)))
"""The types of a stat value whose check can be kept by value."""


def _stat_problem(key: str, value: Any, stat: StatDef,
                  limit: StatLimit | None = None) -> str | None:
    """What a combatant's value of one stat gets wrong, or None; ``limit``: the system's
    constraint on the stat."""
    message = value_problem(key, value, stat.kind)
    if message is None and limit is not None:
        message = limit_problem(key, normal_value(value, stat.kind), limit, stat.kind)
    if message or not stat.required or normal_value(value, stat.kind) is not None:
        return message
    if stat.kind == "number":
        return needs_whole_number(key, value)
    if value is None:
        return _("{field} must be given").format(field=key)
    return _("{field} must be given (got {got})").format(field=key, got=describe(value))


def _kind(where: str, ability: dict[str, Any], kinds: list[str]) -> list[Problem]:
    kind = ability.get("kind")
    if kinds and isinstance(kind, str) and kind not in kinds:
        return [(f"{where}/kind", not_one_of("kind", kind, kinds))]
    return []


def _combatant(where: str, c: dict[str, Any], system: System, kinds: list[str],
               known_abilities: set[str],
               seen: dict[tuple[str, type, Any], str | None] | None = None) -> list[Problem]:
    """``seen``: what a stat's value got wrong (None: nothing), by stat and value, shared by
    the combatants of one check (a faction repeats the same few values thousands of
    times)."""
    problems: list[Problem] = []
    for key, known in (("type", list(system.type_order)), ("rank", [r.id for r in system.ranks])):
        value = c.get(key)
        if isinstance(value, str) and value not in known:
            problems.append((f"{where}/{key}", not_one_of(key, value, known)))
    base = c.get("base")
    if system.bases and isinstance(base, int) and not isinstance(base, bool) \
            and base not in system.bases:
        problems.append((f"{where}/base", _("{what} must be one of: {known} (got {got})").format(
            what="base", known=", ".join(map(str, system.bases)), got=describe(base))))
    if "wounds" in c and c["wounds"] is not None and system.wounds is None:
        problems.append((f"{where}/wounds",
                         _("this game has no wound track; leave wounds out")))
    profile = c.get("profile")
    if isinstance(profile, dict):
        stats = {s.id: s for s in system.stats}
        for key, value in profile.items():
            if not isinstance(key, str):
                continue
            stat = stats.get(key)
            if stat is None:
                problems.append(_unknown_key(f"{where}/profile", key, list(stats), "stats"))
                continue
            limit = system.constraints.get(key)
            if seen is not None and type(value) in _PLAIN:
                at = (key, type(value), value)  # (the type too: True is not 1)
                if at not in seen:
                    seen[at] = _stat_problem(key, value, stat, limit)
                message = seen[at]
            else:
                message = _stat_problem(key, value, stat, limit)
            if message:
                problems.append((f"{where}/profile/{key}", message))
        for stat in system.stats:
            if stat.required and stat.id not in profile:
                problems.append((f"{where}/profile", missing_key(stat.id)))
    elif profile is None and "profile" not in c:
        required = [s.id for s in system.stats if s.required]
        if required:
            problems.append((where, missing_key("profile")))
    refs = c.get("abilities")
    for j, ref in enumerate(refs if isinstance(refs, list) else []):
        if isinstance(ref, str) and ref not in known_abilities:
            near = closest(ref, sorted(known_abilities))
            if near:
                message = _("unknown ability '{id}' (did you mean '{near}'?)")
            else:
                message = _("unknown ability '{id}'; add it to the faction's abilities or write "
                            "it inline")
            problems.append((f"{where}/abilities/{j}", message.format(id=ref, near=near)))
        elif isinstance(ref, dict):
            problems += _kind(f"{where}/abilities/{j}", ref, kinds)
    if "unit" in c:
        problems += unit_problems(f"{where}/unit", c["unit"], c.get("max"))
    if "options" in c:
        problems += option_problems(f"{where}/options", c["options"], _stat_kinds(system),
                                    _system_option_ids(c, system))
    return problems


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
