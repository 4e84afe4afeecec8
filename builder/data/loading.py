"""Reading data files through the models, one way: read → parse → check → place each error.

1. :mod:`._files` reads a file and :mod:`._loader` parses it into a :class:`Document` (plain
   data plus the node tree that knows where everything is).
2. :func:`check` validates the plain data: the model's shape (pydantic) and the checks across
   keys (a faction against its game system, a system's rules against its stat line).
3. :func:`placed` turns every problem's path into ``FILE:LINE:COLUMN: message``.

``warband_from``, ``checked_system`` (with its reference: :mod:`.systems`) and
``faction_from`` are the three ways through; the editor
calls :func:`check` directly on its form's data and gets the same messages keyed by path.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from builder.data import _fast
from builder.data._document import Document
from builder.data._files import MiB, read_text
from builder.data._loader import load_yaml, parse_yaml
from builder.data._saving import dump_yaml, save_yaml
from builder.data.errors import MAX_PROBLEMS, DataError, Problem, more_problems
from builder.i18n import N_, _
from builder.model import DEFAULT_SYSTEM, Combatant, Faction, System, Warband
from builder.model.base import (
    WHOLE_NUMBER_ERRORS,
    describe,
    missing_key,
    model_at,
    needs_whole_number,
    used_twice,
)
from builder.model.faction import faction_data, normalised
from builder.model.faction_check import combatant_problems, faction_problems, known_ability_ids
from builder.model.system import not_one_of, system_problems, unknown_system
from builder.plumbing import paths

MAX_WARBAND_BYTES = 1 * MiB
MAX_FACTION_BYTES = 10 * MiB
MAX_SYSTEM_BYTES = 10 * MiB

M = TypeVar("M", bound=BaseModel)

KINDS = {"spherewars-warband": N_("a warband list"), "spherewars-faction": N_("a faction file"),
         "spherewars-system": N_("a game system file"), "spherewars-event": N_("an event file"),
         "spherewars-reference": N_("a reference text"),
         "spherewars-pack": N_("a data pack's pack.yaml"),
         "spherewars-index": N_("an index of data packs")}

Where = tuple[tuple[Any, ...], str | None, str]
"""A problem before it is placed: (path to a node, a key inside it or None, message)."""

CrossCheck = Callable[[Any], list[tuple[str, str]]]


# --- the three ways through ----------------------------------------------------------------


def load_warband(path: str | Path) -> Warband:
    return parse_warband(path, read_text(path, MAX_WARBAND_BYTES))


def parse_warband(path: str | Path, text: str) -> Warband:
    """A list from its text: a well-formed list in the plain layout (most lists) is read on a
    fast path; anything else, or anything wrong, goes the one way through (libyaml, the model,
    each error placed), so its messages are those of the full reader."""
    warband = _fast.warband(text)
    return warband if warband is not None else warband_from(parse_yaml(path, text))


def warband_from(doc: Document) -> Warband:
    same_kind(doc, "spherewars-warband")
    return placed(doc, *check(Warband, doc.data))


def checked_system(doc: Document) -> System:
    """A system file checked on its own (:mod:`builder.data.systems` checks its turn
    reference too)."""
    same_kind(doc, "spherewars-system")
    return placed(doc, *check(System, doc.data, system_problems))


def load_faction(path: str | Path, systems: Mapping[str, System] | None = None) -> Faction:
    """A faction file checked against its system (``systems``: the loaded ones; by default the
    built-in systems)."""
    return faction_from(load_yaml(path, MAX_FACTION_BYTES),
                        builtin_systems() if systems is None else systems)


def faction_from(doc: Document, systems: Mapping[str, System],
                 broken: Mapping[str, str] | None = None) -> Faction:
    """``broken``: system id -> where it is broken, to name it when a faction depends on it."""
    faction, system = checked_faction(doc, systems, broken)
    return faction.attach(system)


def checked_faction(doc: Document, systems: Mapping[str, System],
                    broken: Mapping[str, str] | None = None) -> tuple[Faction, System]:
    """:func:`faction_from` before the faction is attached to its system: the faction and
    that system."""
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
    return faction, system


def check_faction_data(data: Any, system: System) -> tuple[Faction | None, list[tuple[str, str]]]:
    """The faction editor's check: the faction attached to ``system``, or every problem as
    ``(dotted.key.path, message)`` so a form can show it next to its field."""
    return _faction_result(*check(Faction, data, lambda d: faction_problems(d, system)),
                           system)


_Cross = list[tuple[str, str]]  # problems across keys: ("slash/path", message)
_PLACEHOLDER = Combatant.model_construct(id="placeholder", name="placeholder", type="placeholder")
"""Stands for the combatants when only the faction's own keys are checked (a model instance
is taken as it is, unchecked)."""


@dataclass(eq=False)
class _Checked:
    """One combatant mapping as it was last checked."""

    mapping: dict[str, Any]
    """Held so that no other mapping can get its id() while it is known by it."""
    cid: str | None
    """Its id then (when it was text): for the index of duplicate ids."""
    model: Combatant | None
    errors: ValidationError | None
    """Why the model refused it (None when valid)."""
    cross: _Cross
    """Its problems against the game system, paths relative to it (``"/type"``)."""
    refs: frozenset[str]
    """The ability ids it names, and whether one of them was unknown then: its cross
    problems depend on the glossary through these only."""
    unknown: bool

    @property
    def bad(self) -> bool:
        return self.errors is not None or bool(self.cross)


class FactionChecker:
    """:func:`check_faction_data` for an editor that changes one combatant at a time.

    Each combatant's checks (its model, its problems against the system) are kept and redone
    only for a combatant the edit touched; duplicate ids are found through an index of ids
    kept up to date; problems are put together from the combatants that have some. So a
    keystroke costs the faction's own checks and one combatant's, not 5,000 combatants'.
    :meth:`faction` builds the model of the whole faction only when asked (to save it).
    The problems are those of ``check_faction_data``, in its order (the tests compare them),
    except that no count stands for problems beyond ``MAX_PROBLEMS``: the form shows them all.

    The caller says which combatant mappings it changed in place (:meth:`touched`); combatants
    added, removed, moved or replaced are found by identity.
    """

    def __init__(self, system: System) -> None:
        self.system = system
        self._forget()

    def _forget(self) -> None:
        self._known: frozenset[str] | None = None
        self._done: dict[int, _Checked] = {}
        """id(combatant mapping) -> its check."""
        self._order: list[int] = []
        """id() of each combatant mapping, in the list's order."""
        self._index: dict[int, int] = {}
        """id(combatant mapping) -> its position."""
        self._positions: dict[str, list[int]] = {}
        """Combatant id -> the positions that have it, in order."""
        self._twice: set[str] = set()
        """Ids held at more than one position."""
        self._bad: set[int] = set()
        """Positions of the combatants that have problems."""
        self._touched: set[int] = set()

    def touched(self, combatant: Any) -> None:
        """``combatant`` (a mapping of the data) was changed in place."""
        self._touched.add(id(combatant))

    def duplicates(self) -> dict[str, list[int]]:
        """Combatant ids held by more than one combatant, with their positions (as of the
        last check)."""
        return {cid: list(self._positions[cid]) for cid in self._twice}

    def check(self, data: Any) -> tuple[Faction | None, list[tuple[str, str]]]:
        problems = self.problems(data)
        return (None if problems else self.faction(data)), problems

    def faction(self, data: Any) -> Faction | None:
        """The faction attached to its system, or None while it has problems."""
        if self.problems(data):
            return None
        if not self._order:  # (cannot happen: a faction needs a combatant)
            return check_faction_data(data, self.system)[0]
        models = [self._done[key].model for key in self._order]  # (normalised when checked:
        # attaching finds them so and copies none)
        return Faction.model_validate({**data, "combatants": models}).attach(self.system)

    def problems(self, data: Any) -> list[tuple[str, str]]:
        combatants = data.get("combatants") if isinstance(data, dict) else None
        if not isinstance(combatants, list) or not self._update(data, combatants):
            self._forget()
            return check_faction_data(data, self.system)[1]
        return self._put_together(data)

    def _update(self, data: dict[str, Any], combatants: list[Any]) -> bool:
        """Check again what changed; False when the data is not a list of mappings."""
        abilities = data.get("abilities")
        glossary = [a for a in abilities if isinstance(a, dict)] \
            if isinstance(abilities, list) else []
        known = frozenset(known_ability_ids(glossary, self.system))
        again, self._touched = self._touched, set()
        if known != self._known:  # only references to what came or went, or to the unknown
            changed = known ^ (self._known or frozenset())
            again |= {key for key, done in self._done.items()
                      if done.unknown or done.refs & changed}
            self._known = known
        order = list(map(id, combatants))
        moved = order != self._order
        if moved:
            if len(set(order)) != len(order):
                return False  # one mapping twice in the list: not the editor's data
            self._done = {key: self._done[key] for key in order if key in self._done}
            self._order = order
            self._index = {key: i for i, key in enumerate(order)}
            again |= {key for key in order if key not in self._done}
        for key in again:
            i = self._index.get(key)
            if i is None:
                continue  # touched, then removed
            c = combatants[i]
            if not isinstance(c, dict):
                return False
            old = self._done.get(key)
            self._done[key] = done = self._check_one(c, known)
            if not moved:
                self._follow(i, old, done)
        if moved:
            self._reindex()
        return True

    def _check_one(self, c: dict[str, Any], known: frozenset[str]) -> _Checked:
        model: Combatant | None = None
        errors: ValidationError | None = None
        try:
            model = normalised(Combatant.model_validate(c), self.system)
        except ValidationError as exc:
            errors = exc
        refs = c.get("abilities")
        named = frozenset(r for r in refs if isinstance(r, str)) if isinstance(refs, list) \
            else frozenset()
        cid = c.get("id")
        return _Checked(c, cid if isinstance(cid, str) else None, model, errors,
                        combatant_problems(c, self.system, set(known)), named,
                        not named <= known)

    def _follow(self, i: int, old: _Checked | None, new: _Checked) -> None:
        """Keep the id index and the set of bad positions up to date for one combatant."""
        if new.bad:
            self._bad.add(i)
        else:
            self._bad.discard(i)
        before = old.cid if old is not None else None
        if before == new.cid:
            return
        if before is not None:
            held = self._positions[before]
            held.remove(i)
            if len(held) < 2:
                self._twice.discard(before)
            if not held:
                del self._positions[before]
        if new.cid is not None:
            held = self._positions.setdefault(new.cid, [])
            bisect.insort(held, i)
            if len(held) > 1:
                self._twice.add(new.cid)

    def _reindex(self) -> None:
        positions: dict[str, list[int]] = {}
        bad = set()
        for i, key in enumerate(self._order):
            done = self._done[key]
            if done.cid is not None:
                positions.setdefault(done.cid, []).append(i)
            if done.bad:
                bad.add(i)
        self._positions = positions
        self._twice = {cid for cid, held in positions.items() if len(held) > 1}
        self._bad = bad

    def _put_together(self, data: dict[str, Any]) -> list[tuple[str, str]]:
        """The problems in ``check_faction_data``'s order: the model's (the faction's keys,
        each combatant's, unknown keys of the faction), then those across keys."""
        has_combatants = bool(self._order)
        _f, own = check(Faction, {**data, "combatants": [_PLACEHOLDER] if has_combatants
                                  else []})
        extra = [w for w in own if w[0] == () and w[1] is not None]
        problems = [w for w in own if not (w[0] == () and w[1] is not None)]
        bad = sorted(self._bad)
        for i in bad:
            errors = self._done[self._order[i]].errors
            if errors is not None:
                problems += _located(Faction, errors, prefix=("combatants", i))
        problems += extra
        cross = faction_problems({**data, "combatants": []}, self.system)
        twice = sorted((again, held[0], cid) for cid in self._twice
                       for held in [self._positions[cid]] for again in held[1:])
        cross += [used_twice(N_("combatant"), "combatants", cid, first, again)
                  for again, first, cid in twice]
        for i in bad:
            cross += [(f"combatants/{i}{path}", message)
                      for path, message in self._done[self._order[i]].cross]
        problems += [_split(path) + (message,) for path, message in cross]
        return _dotted(problems)


def _faction_result(faction: Faction | None, problems: list[Where], system: System
                    ) -> tuple[Faction | None, list[tuple[str, str]]]:
    if faction is not None:
        return faction.attach(system), []
    return None, _dotted(problems)


def _dotted(problems: list[Where]) -> list[tuple[str, str]]:
    """Problems keyed by a dotted path (``combatants.2.profile.PE``), for a form."""
    return [(".".join(str(p) for p in (*loc, *([key] if key else []))), msg)
            for loc, key, msg in problems]


def same_kind(doc: Document, family: str) -> None:
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
        system = checked_system(load_yaml(path, MAX_SYSTEM_BYTES))  # (references: tests)
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


def placed(doc: Document, result: M | None, problems: list[Where]) -> M:
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


_MINIMUM = {"count": 1, "successes": 1, "max": 1, "wounds": 1, "min": 1}
_AT_LEAST_ONE = {"combatants": N_("a faction needs at least one combatant"),
                 "types": N_("a game system needs at least one combatant type")}


class _More(str):
    """The message standing for errors ``_located`` only counted (90,000 unknown keys)."""

    hidden: int


def _more(count: int) -> _More:
    more = _More(more_problems(count))
    more.hidden = count
    return more


def _located(model: type[BaseModel], exc: ValidationError, prefix: tuple[Any, ...] = ()
             ) -> list[Where]:
    """(location, key inside it or None, message) for the first MAX_PROBLEMS errors, in a
    readable form; the rest are only counted (DataError says "and N more"), so that a file
    with 90,000 mistakes is reported in a moment. ``prefix``: where in ``model`` the data
    that ``exc`` is about sits (one combatant of a faction, checked alone)."""
    out: list[Where] = []
    unlisted = exc.error_count() - MAX_PROBLEMS
    if unlisted > 0:
        out.append((prefix, None, _more(unlisted)))
    for err in exc.errors(include_url=False)[:MAX_PROBLEMS]:
        loc = (*prefix, *err["loc"])
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
        if len(loc) >= 2 and loc[-1] == "[key]":  # a mapping's key itself: at the key
            out.append((_visible(loc[:-2]), str(loc[-2]), _message(loc[:-2], kind, err, ctx)))
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
    return dump_yaml(warband.to_data())


def faction_text(faction: Faction) -> str:
    return dump_yaml(faction_data(faction))


def system_text(system: System) -> str:
    """A system as a file writes it: the keys its author gave, in the model's order."""
    return dump_yaml(system.model_dump(by_alias=True, exclude_unset=True))


def save_faction(faction: Faction, path: str | Path, *, replace_read_only: bool = False) -> None:
    """Atomic save in the SPEC's key order, so hand edits and diffs stay readable; the
    comments of the file it replaces are kept."""
    save_yaml(path, faction_data(faction), replace_read_only=replace_read_only)


def save_warband(warband: Warband, path: str | Path, *, replace_read_only: bool = False) -> None:
    """Atomic save; entries are written as they are, known to the data or not; the comments
    of the file it replaces are kept."""
    save_yaml(path, warband.to_data(), replace_read_only=replace_read_only)


def validate_document(model: type[M], doc: Document) -> M:
    """Any other strict model read from a file (the reference texts) with the same messages."""
    return placed(doc, *check(model, doc.data))


__all__ = ["DataError", "Problem", "MAX_FACTION_BYTES", "MAX_SYSTEM_BYTES", "MAX_WARBAND_BYTES",
           "builtin_systems", "check", "check_faction_data", "checked_faction", "checked_system",
           "faction_from", "faction_text", "load_faction", "load_warband", "parse_warband",
           "placed", "save_faction", "save_warband", "system_text", "validate_document",
           "warband_from", "warband_text"]
