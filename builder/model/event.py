"""Tournament event files (SPEC §6, ``spherewars-event/1``): an organiser's limits for the
lists of one event. No I/O here; :mod:`builder.events` reads and applies them.

An event's ``rules`` are recruiting rules in the §5 format. They name stats, types and
parameters of one game, so an event with rules names its ``system`` and the rules are checked
against that system's vocabulary when the file loads (:func:`event_problems`), exactly as a
system file's own rules are: evaluation can then never meet an unknown name.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Collection, Mapping
from functools import cached_property
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BeforeValidator,
    Field,
    Strict,
    WithJsonSchema,
    field_validator,
)
from pydantic_core import PydanticCustomError

from builder.i18n import N_, _
from builder.model.base import (
    Id,
    Name,
    NonNegative,
    StrictModel,
    check_schema,
    describe,
)
from builder.model.system import (
    Problem,
    Rule,
    duplicate_ids,
    not_one_of,
    system_problems,
    unknown_system,
)
from builder.plumbing.versions import is_version

EVENT_SCHEMA = "spherewars-event/1"

_CROCKFORD_ALIASES = str.maketrans({"O": "0", "I": "1", "L": "1"})
FINGERPRINT = re.compile(r"^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$")


def check_fingerprint(value: str) -> str:
    """A fingerprint as SPEC §6 writes it (``K7Q2-9XHM``). Typed by hand from a printout, so
    lower case and Crockford's look-alikes (O for 0, I and L for 1) are read as meant."""
    norm = value.strip().upper().translate(_CROCKFORD_ALIASES)
    if not FINGERPRINT.match(norm):
        raise ValueError(_("{got} is not a fingerprint: write 8 characters of 0-9 and A-Z (no "
                           "I, L, O, U) in two groups, like K7Q2-9XHM").format(
                               got=describe(value)))
    return norm


Fingerprint = Annotated[str, Strict(), AfterValidator(check_fingerprint)]


DATE = re.compile(r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$")


def _date(value: Any) -> Any:
    """A date as written, ``YYYY-MM-DD`` (the loader keeps it as text): never a number read as
    a count of seconds (``0``), a run of digits (``20270314``) or another ISO form."""
    if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
        return value  # (made in code)
    if isinstance(value, str) and DATE.match(value):
        try:
            return datetime.date.fromisoformat(value)
        except ValueError:
            raise PydanticCustomError("date", _(
                "{got} is not a date of the calendar; write it as YYYY-MM-DD, like "
                "2027-03-14"), {"got": describe(value)}) from None
    raise PydanticCustomError("date", _("expected a date written as YYYY-MM-DD, like "
                                        "2027-03-14 (got {got})"), {"got": describe(value)})


def check_version(value: str) -> str:
    """A pack version, as an event pins it and a pack carries it (SPEC §8): MAJOR.MINOR.PATCH
    in whole numbers."""
    if not is_version(value):
        raise ValueError(_("{got} is not a version: write MAJOR.MINOR.PATCH in whole numbers, "
                           "like 1.2.0").format(got=describe(value)))
    return value


class RegisteredList(StrictModel):
    """A list a player registered: the fingerprint they sent in before the event."""

    player: Name
    fingerprint: Fingerprint


class Event(StrictModel):
    schema_: Literal["spherewars-event/1"] = Field(alias="schema")
    name: Name
    date: Annotated[datetime.date, BeforeValidator(_date),
                    WithJsonSchema({"type": "string", "format": "date"})] | None = None
    system: Id | None = None
    points_limit: NonNegative | None = None
    factions: list[Id] | None = None
    rules: list[Rule] = Field(default_factory=list)
    data: dict[Annotated[str, Strict()], Fingerprint] = Field(default_factory=dict)
    lists: list[RegisteredList] | None = None
    packs: dict[Id, Annotated[str, Strict(), AfterValidator(check_version)]] = Field(
        default_factory=dict)
    """SPEC §8: pack id -> the version the event loads."""

    @field_validator("schema_", mode="before")
    @classmethod
    def _schema(cls, value: Any) -> Any:
        return check_schema(value, EVENT_SCHEMA)

    @cached_property
    def registrations(self) -> dict[str, tuple[str, ...]]:
        """Registered fingerprint -> every player who registered it, in the file's order
        (SPEC §6: two players may bring the same list); empty when ``lists`` is absent."""
        out: dict[str, tuple[str, ...]] = {}
        for r in self.lists or ():
            out[r.fingerprint] = (*out.get(r.fingerprint, ()), r.player)
        return out

    def header(self) -> dict[str, Any]:
        """The ``event`` object of the JSON report (SPEC §6)."""
        return {"name": self.name, "date": self.date.isoformat() if self.date else None,
                "points_limit": self.points_limit, "system": self.system}


def event_problems(data: Any, systems: Mapping[str, Any],
                   factions: Collection[str] | None = None) -> list[Problem]:
    """Checks across keys on the plain data: the system is loaded, the rules name only that
    system's stats, types, ranks and parameters, and (given ``factions``, the loaded faction
    ids) every faction ``factions`` and ``data`` name is loaded (players registered twice:
    :func:`twice_registered`, whose message names both lines). ``systems``: system id -> its
    YAML document as read (None for a BattleScribe game system, SPEC §10, whose catalogue
    ids are among ``factions``)."""
    if not isinstance(data, dict):
        return []
    problems: list[Problem] = []
    if factions is not None:
        problems += _faction_references(data, sorted(factions))
    system_id = data.get("system")
    rules = data.get("rules")
    if isinstance(system_id, str) and system_id not in systems:
        problems.append(("@system", unknown_system(system_id, sorted(systems))))
    elif isinstance(rules, list) and rules:
        if system_id is None:
            problems.append(("@rules", _("an event's rules name the stats and types of one "
                                         "game: give 'system' as well")))
        elif isinstance(system_id, str) and systems[system_id] is None:
            problems.append(("@rules", _("an event's rules are for a SphereWars game (SPEC "
                                         "§5); a BattleScribe game's rosters are checked by "
                                         "its own data")))
        elif isinstance(system_id, str):
            # the system's own vocabulary, with the event's rules in place of the system's
            found = system_problems({**systems[system_id], "rules": rules})
            problems += [(p, m) for p, m in found if p.startswith("rules/")]
    if isinstance(rules, list):
        problems += [p for p in duplicate_ids(N_("rule"), "rules",
                                              [r if isinstance(r, dict) else {} for r in rules])
                     if p not in problems]
    return problems


def twice_registered(data: Any) -> list[tuple[int, int, str]]:
    """``(first, again, player)`` for each registration of a player already registered
    (SPEC §6: a player registers once; the same fingerprint for two players is fine).
    Indexes are into ``lists``; names compare as typed, without case or outer spaces."""
    lists = data.get("lists") if isinstance(data, dict) else None
    if not isinstance(lists, list):
        return []
    seen: dict[str, int] = {}
    out = []
    for i, item in enumerate(lists):
        player = item.get("player") if isinstance(item, dict) else None
        if not isinstance(player, str):
            continue
        key = " ".join(player.split()).casefold()
        if key in seen:
            out.append((seen[key], i, player))
        seen.setdefault(key, i)
    return out


def _faction_references(data: dict[str, Any], loaded: list[str]) -> list[Problem]:
    """Each faction the event names (``factions``, the keys of ``data``) that is not loaded,
    at its line, with the closest loaded id suggested."""
    problems: list[Problem] = []
    allowed = data.get("factions")
    if isinstance(allowed, list):
        problems += [(f"factions/{i}", not_one_of("faction", value, loaded))
                     for i, value in enumerate(allowed)
                     if isinstance(value, str) and value not in loaded]
    pins = data.get("data")
    if isinstance(pins, dict):
        problems += [(f"data/@{key}", not_one_of("faction", key, loaded)) for key in pins
                     if isinstance(key, str) and key not in loaded]
    return problems
