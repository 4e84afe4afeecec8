"""Reading data files through the models, one way: read → parse → check → place each error.

1. :mod:`builder.data.yamlio` reads and parses a file into a :class:`~yamlio.Document` (plain
   data plus the node tree that knows where everything is).
2. :func:`check` validates the plain data: the model's shape (pydantic) and the checks across
   keys (a faction against its game system, a system's rules against its stat line).
3. :func:`placed` turns every problem's path into ``FILE:LINE:COLUMN: message``.

``warband_from``, ``system_from`` and ``faction_from`` are the three ways through; the editor
calls :func:`check` directly on its form's data and gets the same messages keyed by path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from builder import paths
from builder.data import yamlio
from builder.data.errors import MAX_PROBLEMS, DataError, Problem, more_problems
from builder.i18n import N_, _
from builder.model import DEFAULT_SYSTEM, Combatant, Faction, System, Warband
from builder.model.base import (
    WHOLE_NUMBER_ERRORS,
    describe,
    missing_key,
    model_at,
    needs_whole_number,
)
from builder.model.faction import (
    combatant_problems,
    faction_data,
    faction_problems,
    known_ability_ids,
)
from builder.model.system import duplicate_ids, not_one_of, system_problems, unknown_system

MAX_WARBAND_BYTES = 1 * yamlio.MiB
MAX_FACTION_BYTES = 10 * yamlio.MiB
MAX_SYSTEM_BYTES = 10 * yamlio.MiB

M = TypeVar("M", bound=BaseModel)

KINDS = {"spherewars-warband": N_("a warband list"), "spherewars-faction": N_("a faction file"),
         "spherewars-system": N_("a game system file"), "spherewars-event": N_("an event file"),
         "spherewars-reference": N_("a reference text")}

Where = tuple[tuple[Any, ...], str | None, str]
"""A problem before it is placed: (path to a node, a key inside it or None, message)."""

CrossCheck = Callable[[Any], list[tuple[str, str]]]


# --- the three ways through ----------------------------------------------------------------


def load_warband(path: str | Path) -> Warband:
    return warband_from(yamlio.load(path, MAX_WARBAND_BYTES))


def parse_warband(path: str | Path, text: str) -> Warband:
    return warband_from(yamlio.parse(path, text))


def warband_from(doc: yamlio.Document) -> Warband:
    same_kind(doc, "spherewars-warband")
    return placed(doc, *check(Warband, doc.data))


def load_system(path: str | Path) -> System:
    return system_from(yamlio.load(path, MAX_SYSTEM_BYTES))


def system_from(doc: yamlio.Document) -> System:
    same_kind(doc, "spherewars-system")
    return placed(doc, *check(System, doc.data, system_problems))


def load_faction(path: str | Path, systems: Mapping[str, System] | None = None) -> Faction:
    """A faction file checked against its system (``systems``: the loaded ones; by default the
    built-in systems)."""
    return faction_from(yamlio.load(path, MAX_FACTION_BYTES),
                        builtin_systems() if systems is None else systems)


def faction_from(doc: yamlio.Document, systems: Mapping[str, System],
                 broken: Mapping[str, str] | None = None) -> Faction:
    """``broken``: system id -> where it is broken, to name it when a faction depends on it."""
    same_kind(doc, "spherewars-faction")
    system_id = doc.data.get("system", DEFAULT_SYSTEM)
    system = systems.get(system_id) if isinstance(system_id, str) else None
    unknown: list[Where] = []
    if system is None and isinstance(system_id, str):
        if broken and system_id in broken:
            message = _("cannot be loaded: its game system '{system}' is broken "
                        "({where})").format(system=system_id, where=broken[system_id])
        else:
            message = unknown_system(system_id, sorted(systems))
        unknown.append((("system",) if "system" in doc.data else (), None, message))
    cross = (lambda data: faction_problems(data, system)) if system is not None else None
    faction, problems = check(Faction, doc.data, cross)
    faction = placed(doc, faction, unknown + problems)
    assert system is not None  # otherwise `unknown` or the model's own check raised
    return faction.attach(system)


def check_faction_data(data: Any, system: System) -> tuple[Faction | None, list[tuple[str, str]]]:
    """The faction editor's check: the faction attached to ``system``, or every problem as
    ``(dotted.key.path, message)`` so a form can show it next to its field."""
    return _faction_result(*check(Faction, data, lambda d: faction_problems(d, system)),
                           system)


_Cross = list[tuple[str, str]]  # problems across keys: ("slash/path", message)
_Done = tuple[dict[str, Any], frozenset[str], Combatant | None, _Cross]


class FactionChecker:
    """:func:`check_faction_data` for an editor that changes one combatant at a time: each
    combatant's own checks (its model and its cross checks) are kept and redone only for a
    combatant the edit touched, so a keystroke costs the faction-level checks, not 5,000
    combatants'. The answer is the same as ``check_faction_data``'s (the tests compare them).

    The caller says which combatant mappings it changed in place (:meth:`touched`); a
    combatant mapping that is replaced is a new object and is checked afresh anyway.
    """

    def __init__(self, system: System) -> None:
        self.system = system
        # id(mapping) -> (the mapping, known ability ids, Combatant or None, cross problems)
        self._done: dict[int, _Done] = {}

    def touched(self, combatant: Any) -> None:
        """``combatant`` (a mapping of the data) was changed in place."""
        self._done.pop(id(combatant), None)

    def check(self, data: Any) -> tuple[Faction | None, list[tuple[str, str]]]:
        combatants = data.get("combatants") if isinstance(data, dict) else None
        if not isinstance(combatants, list) or not all(isinstance(c, dict) for c in combatants):
            return check_faction_data(data, self.system)
        system = self.system
        abilities = data.get("abilities")
        glossary = [a for a in abilities if isinstance(a, dict)] \
            if isinstance(abilities, list) else []
        known = frozenset(known_ability_ids(glossary, system))
        done: dict[int, _Done] = {}
        models: list[Any] = []
        cross: _Cross = faction_problems({**data, "combatants": []}, system)
        cross += duplicate_ids(N_("combatant"), "combatants", combatants)
        for i, c in enumerate(combatants):
            entry: _Done | None = self._done.get(id(c))
            if entry is None or entry[0] is not c or entry[1] != known:
                try:
                    model: Combatant | None = Combatant.model_validate(c)
                except ValidationError:
                    model = None  # the faction's validation below reports it, in place
                entry = (c, known, model, combatant_problems(c, system, set(known)))
            done[id(c)] = entry
            # a valid combatant goes in as its model (pydantic keeps instances as they are)
            models.append(entry[2] if entry[2] is not None else c)
            cross += [(f"combatants/{i}{path}", message) for path, message in entry[3]]
        self._done = done
        return _faction_result(*check(Faction, {**data, "combatants": models},
                                      lambda _data: cross), system)


def _faction_result(faction: Faction | None, problems: list[Where], system: System
                    ) -> tuple[Faction | None, list[tuple[str, str]]]:
    if faction is not None:
        return faction.attach(system), []
    return None, [(".".join(str(p) for p in (*loc, *([key] if key else []))), msg)
                  for loc, key, msg in problems]


def same_kind(doc: yamlio.Document, family: str) -> None:
    """One clear message for a file of another kind, instead of one per unknown key."""
    schema = doc.data.get("schema")
    if isinstance(schema, str) and "/" in schema:
        other = schema.rsplit("/", 1)[0]
        if other != family and other in KINDS:
            line, column, _path = doc.locate(["schema"])
            raise DataError([Problem(doc.path, line, column, _(
                "this is {kind} ({schema}), not {expected}").format(
                kind=_(KINDS[other]), schema=schema, expected=_(KINDS[family])))])


@cache
def _builtin_systems(folder: str) -> dict[str, System]:
    out = {}
    for path in sorted(Path(folder).glob("*.yaml")):
        system = load_system(path)
        out[system.id] = system
    return out


def builtin_systems() -> dict[str, System]:
    """The systems shipped with the program (a broken one raises: the install is broken)."""
    return dict(_builtin_systems(str(paths.systems_dir())))


# --- check and place -----------------------------------------------------------------------


def check(model: type[M], data: Any, cross: CrossCheck | None = None
          ) -> tuple[M | None, list[Where]]:
    """The model built from ``data``, or None and every problem: the model's own (shape, types,
    missing keys) and ``cross``'s (checks across keys), in one pass."""
    problems: list[Where] = []
    result: M | None = None
    try:
        result = model.model_validate(data)
    except ValidationError as exc:
        problems += _located(model, exc)
    if cross is not None:
        problems += [_split(path) + (message,) for path, message in cross(data)]
    return (result if not problems else None), problems


def placed(doc: yamlio.Document, result: M | None, problems: list[Where]) -> M:
    """``result``, or a DataError with every problem at the line and column the author typed."""
    if not problems and result is not None:
        return result
    out = []
    more = 0
    for loc, key, message in problems:
        if isinstance(message, _More):
            more += message.hidden
            continue
        if key is not None:
            line, column = doc.locate_key(loc, key)
        else:
            line, column, _path = doc.locate(loc)
        out.append(Problem(doc.path, line, column, message))
    if not out:  # only a count (cannot happen: _More follows MAX_PROBLEMS problems)
        out.append(Problem(doc.path, 1, 1, str(problems[0][2])))
    raise DataError(doc.annotate(out), more=more)


def _split(path: str) -> tuple[tuple[Any, ...], str | None]:
    """``combatants/2/profile/@PEE`` -> ((combatants, 2, profile), "PEE")."""
    parts = [p for p in path.split("/") if p]
    key = parts.pop()[1:] if parts and parts[-1].startswith("@") else None
    return tuple(int(p) if p.isdigit() else p for p in parts), key


_MINIMUM = {"count": 1, "successes": 1, "max": 1, "wounds": 1}
_AT_LEAST_ONE = {"combatants": N_("a faction needs at least one combatant"),
                 "types": N_("a game system needs at least one combatant type")}


class _More(str):
    """The message standing for errors ``_located`` only counted (90,000 unknown keys)."""

    hidden: int


def _more(count: int) -> _More:
    more = _More(more_problems(count))
    more.hidden = count
    return more


def _located(model: type[BaseModel], exc: ValidationError) -> list[Where]:
    """(location, key inside it or None, message) for the first MAX_PROBLEMS errors, in a
    readable form; the rest are only counted (DataError says "and N more"), so that a file
    with 90,000 mistakes is reported in a moment."""
    out: list[Where] = []
    unlisted = exc.error_count() - MAX_PROBLEMS
    if unlisted > 0:
        out.append(((), None, _more(unlisted)))
    for err in exc.errors(include_url=False)[:MAX_PROBLEMS]:
        loc = tuple(err["loc"])
        kind = err["type"]
        ctx = err.get("ctx") or {}
        if kind == "extra_forbidden":
            owner = model_at(model, loc[:-1])
            key = str(loc[-1])
            msg = owner.suggest_key(key) if owner else _("unknown key '{key}'").format(key=key)
            out.append((_visible(loc[:-1]), key, msg))
            continue
        if kind == "missing":
            out.append((_visible(loc[:-1]), None, missing_key(str(loc[-1]))))
            continue
        out.append((_visible(loc), None, _message(loc, kind, err, ctx)))
    return out


def _tag(part: Any) -> bool:
    """A union's tag in an error location, not a key of the file."""
    return isinstance(part, str) and (part in ("by-id", "inline-ability")
                                      or part.startswith("q-"))


def _visible(loc: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple(p for p in loc if not _tag(p))


def _field(loc: tuple[Any, ...]) -> str:
    parts = _visible(loc)
    if not parts:
        return _("the file")
    name = ""
    for part in reversed(parts):
        if isinstance(part, int):
            name = f"[{part}]" + name
        else:
            return "schema" if part == "schema_" else f"{part}{name}"
    return name


def _message(loc: tuple[Any, ...], kind: str, err: Any, ctx: dict[str, Any]) -> str:
    field = _field(loc)
    got = describe(err.get("input"))
    if kind in WHOLE_NUMBER_ERRORS:  # "count must be at most 9,999 (got …)"
        return _("{field} {problem}").format(field=field, problem=err["msg"])
    if kind in ("int_type", "int_parsing", "greater_than_equal", "int_from_float"):
        key = field.split("[")[0]
        minimum = ctx.get("ge", _MINIMUM.get(key, 0))
        return needs_whole_number(field, err.get("input"), minimum)
    if kind in ("bool_type", "bool_parsing"):
        return _("{field}: expected true or false (got {got})").format(field=field, got=got)
    if kind == "literal_error":
        expected = str(ctx.get("expected", "")).replace("'", "").replace(" or ", ", ")
        value = err.get("input")
        if isinstance(value, str):  # "severity: eror" suggests error, as a misspelt key does
            return not_one_of(field, value, expected.split(", "))
        return _("{what} must be one of: {known} (got {got})").format(what=field, known=expected,
                                                                      got=got)
    if kind in ("string_type", "string_sub_type"):
        return _("{field} must be text (got {got})").format(field=field, got=got)
    if kind == "list_type":
        return _("{field} must be a list (got {got})").format(field=field, got=got)
    if kind in ("too_short",):
        if field in _AT_LEAST_ONE:
            return _(_AT_LEAST_ONE[field])
        return _("{field} must have at least one entry").format(field=field)
    if kind in ("model_type", "dict_type", "model_attributes_type", "mapping_expected"):
        return _("{field}: expected a mapping of keys (got {got})").format(field=field, got=got)
    if kind == "value_error":
        msg = err["msg"].removeprefix("Value error, ")
        return f"{field}: {msg}"
    msg = err["msg"]
    return msg if msg.startswith(field) else f"{field}: {msg}"



# --- writing -------------------------------------------------------------------------------


def warband_text(warband: Warband) -> str:
    return yamlio.dump(warband.to_data())


def faction_text(faction: Faction) -> str:
    return yamlio.dump(faction_data(faction))


def system_text(system: System) -> str:
    """A system as a file writes it: the keys its author gave, in the model's order."""
    return yamlio.dump(system.model_dump(by_alias=True, exclude_unset=True))


def save_faction(faction: Faction, path: str | Path, *, replace_read_only: bool = False) -> None:
    """Atomic save in the SPEC's key order, so hand edits and diffs stay readable; the
    comments of the file it replaces are kept."""
    yamlio.save(path, faction_data(faction), replace_read_only=replace_read_only)


def save_warband(warband: Warband, path: str | Path, *, replace_read_only: bool = False) -> None:
    """Atomic save; entries are written as they are, known to the data or not; the comments
    of the file it replaces are kept."""
    yamlio.save(path, warband.to_data(), replace_read_only=replace_read_only)


def validate_document(model: type[M], doc: yamlio.Document) -> M:
    """Any other strict model read from a file (the reference texts) with the same messages."""
    return placed(doc, *check(model, doc.data))


__all__ = ["DataError", "Problem", "MAX_FACTION_BYTES", "MAX_SYSTEM_BYTES", "MAX_WARBAND_BYTES",
           "builtin_systems", "check", "check_faction_data", "faction_from", "faction_text",
           "load_faction", "load_system", "load_warband", "parse_warband", "placed",
           "save_faction", "save_warband", "system_from", "system_text", "validate_document",
           "warband_from", "warband_text"]
