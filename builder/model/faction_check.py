"""Checks of a faction file against its game system (SPEC §1, §5), on the plain YAML data.

:func:`faction_problems` reports profile keys and values, types, ranks, bases, ``building``
parameters, ability kinds and ids in one pass, so a file with other mistakes still gets every
problem; :func:`normal_value` and the value checks say what a stat value is in its normal form
and what is wrong with it.
"""

from __future__ import annotations

import re
from typing import Any

from builder.i18n import N_, _, number
from builder.model.base import (
    MAX_TEXT,
    MAX_WHOLE,
    closest,
    describe,
    mappings,
    missing_key,
    needs_whole_number,
    number_like,
    quote,
)
from builder.model.options import option_problems, pick_problems, unit_problems
from builder.model.pattern import matches
from builder.model.quantity import selects
from builder.model.system import (
    Problem,
    StatDef,
    StatLimit,
    System,
    duplicate_ids,
    not_one_of,
)
from builder.model.text import display

_PAIR = re.compile(r"^\s*(0|[1-9][0-9]{0,5})\s*-\s*(0|[1-9][0-9]{0,5})\s*$")
"""An "arcane-mundane" pair in plain digits (never more than 6 digits: no int() of a
4,000-digit text, no Unicode digits read as numbers)."""
_NONE_MARKS = ("-", "–", "—", "")


def _system_option_ids(c: dict[str, Any], system: System) -> list[str]:
    """The ids of the system's options a combatant (plain data) is offered."""
    if not system.options:
        return []
    return [o.id for o in system.options if selects(o.for_, c)]


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
