"""The faction being edited, as plain data the form can hold even while it is invalid.

A :class:`~builder.model.Faction` cannot hold ``PE: "12a"`` or two combatants with the same id,
but a form in the middle of an edit does; so the editor keeps the faction as the plain mapping
of SPEC §1 (every key present, in the file's order) and validates it with the same pydantic
model and messages as ``check-data`` after each change. Undo commands (``commands.py``) call
the small API below; Qt models and forms listen to the signals and never change the data.

Places inside the data are *paths*: tuples of keys and list indices such as
``("combatants", 2, "profile", "PE")``; the validation messages use the same path written with
dots (``combatants.2.profile.PE``).
"""

from __future__ import annotations

import copy
import re
import unicodedata
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Signal

from builder.data import builtin_systems
from builder.data.loading import FactionChecker
from builder.i18n import Nn_, _, ngettext
from builder.model import DEFAULT_SYSTEM, Ability, Faction, System
from builder.model.base import describe, plain_message, used_twice
from builder.model.faction import FACTION_SCHEMA
from builder.model.options import Option, Pick

DataPath = tuple[str | int, ...]


def default_system() -> System:
    return builtin_systems()[DEFAULT_SYSTEM]


def dotted(path: Iterable[str | int]) -> str:
    """A path as the validation messages write it."""
    return ".".join(str(p) for p in path)


def ability_data(ability: Ability | None = None, *, with_id: bool = False) -> dict[str, Any]:
    """An ability as the form holds it: every key present."""
    data: dict[str, Any] = {}
    if with_id:
        data["id"] = ability.id if ability is not None else ""
    data.update(name=ability.name if ability else "", scope=ability.scope if ability else None,
                kind=ability.kind if ability else None,
                difficulty=ability.difficulty if ability else None,
                successes=ability.successes if ability else 1,
                text=ability.text if ability else None)
    return data


def new_combatant_data(combatant_id: str, name: str | None = None,
                       system: System | None = None) -> dict[str, Any]:
    """A blank combatant of the system's last type (the rank and file), with no stats but the
    required ones (0 for a required number)."""
    system = system or default_system()
    profile = {s.id: (0 if s.required and s.kind == "number" else None) for s in system.stats}
    return {"id": combatant_id, "name": name or _("New combatant"), "nickname": None,
            "type": system.types[-1].id,
            "rank": None, "base": None, "squad": False, "max": None, "unit": None,
            "wounds": system.wounds, "tags": [], "profile": profile,
            "abilities": [], "equipment": [], "unique_equipment": [], "description": None,
            "options": []}


def option_data(option: Option | None = None) -> dict[str, Any]:
    """An option of a combatant (SPEC §9) as the form holds it: every key present."""
    data = pick_data(option)
    data.update(per_model=option.per_model if option else False,
                max=option.max if option else 1, group=option.group if option else None)
    return {key: data[key] for key in ("id", "name", "adds", "per_model", "max", "group",
                                       "tags", "text")}


def pick_data(pick: Pick | Option | None = None) -> dict[str, Any]:
    """A pick of the faction (SPEC §9) as the form holds it: every key present."""
    return {"id": pick.id if pick else "", "name": pick.name if pick else "",
            "adds": dict(pick.adds) if pick else {}, "tags": list(pick.tags) if pick else [],
            "text": pick.text if pick else None}


def building_defaults(system: System) -> dict[str, int]:
    """The system's recruiting parameters, shown next to a faction's overrides."""
    return dict(system.parameters)


def new_faction_data(faction_id: str, name: str | None = None,
                     system: System | None = None) -> dict[str, Any]:
    """A blank faction with no combatants yet (validation asks for at least one)."""
    system = system or default_system()
    return {"schema": FACTION_SCHEMA, "system": system.id, "id": faction_id,
            "name": name or _("New faction"),
            "source": None, "building": building_defaults(system), "abilities": [],
            "picks": [], "combatants": []}


def faction_form_data(faction: Faction) -> dict[str, Any]:
    """A loaded faction as the form holds it (the inverse of validating the form's data)."""
    system = faction.game
    combatants = []
    for c in faction.combatants:
        data = new_combatant_data(c.id, c.name, system)
        data.update(nickname=c.nickname, type=c.type, rank=c.rank, base=c.base, squad=c.squad,
                    max=c.max, wounds=c.wounds, description=c.description, tags=list(c.tags),
                    profile={s.id: c.profile.get(s.id) for s in system.stats},
                    abilities=[ref if isinstance(ref, str) else ability_data(ref, with_id=False)
                               | ({"id": ref.id} if ref.id is not None else {})
                               for ref in c.abilities],
                    equipment=list(c.equipment), unique_equipment=list(c.unique_equipment),
                    unit=None if c.unit is None else {"min": c.unit.min, "max": c.unit.max},
                    options=[option_data(o) for o in c.options])
        combatants.append(data)
    return {"schema": FACTION_SCHEMA, "system": faction.system, "id": faction.id,
            "name": faction.name, "source": faction.source,
            "building": building_defaults(system) | faction.building,
            "abilities": [ability_data(a, with_id=True) for a in faction.abilities],
            "picks": [pick_data(p) for p in faction.picks], "combatants": combatants}


def slug(text: str) -> str:
    """An id from a name, as the shipped data writes them ("Tir'Abé" → "tir-abe")."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    out, dash = [], False
    for ch in plain.lower():
        if ch.isalnum():
            out.append(ch)
            dash = False
        elif out and not dash:
            out.append("-")
            dash = True
    return "".join(out).strip("-")


def unique_id(wanted: str, taken: Iterable[str]) -> str:
    """``wanted``, or ``wanted-2``, ``wanted-3``… whichever is not taken yet."""
    taken = set(taken)
    if wanted not in taken:
        return wanted
    n = 2
    while f"{wanted}-{n}" in taken:
        n += 1
    return f"{wanted}-{n}"


def field_problems(problems: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """The check's problems keyed by the field they are about, worded for a form.

    A missing key is reported on the mapping that lacks it; the form shows it on the key's own
    field instead (``combatants.0.profile`` + "missing required key 'PE'" → ``…profile.PE``).
    """
    out = []
    for path, message in problems:
        if message.startswith("missing required key '"):
            key = message.split("'")[1]
            path = f"{path}.{key}" if path else key
        out.append((path, form_message(message)))
    return out


def form_message(message: str) -> str:
    """A check's message as someone typing in a form reads it: numbers asked for plainly
    ("PE must be a whole number, 0 or more"), nothing said about the nothing they typed, and
    no "key:" in front of what is wrong with an empty name or a badly written id."""
    message = plain_message(message)
    message = re.sub(r" ?\([^()]*" + re.escape(describe(None)) + r"\)", "", message)
    key, colon, rest = message.partition(": ")
    if colon and " " not in key:
        if rest == _("must not be empty"):
            return _("the {key} must not be empty").format(key=key)
        if key == "id" and rest.startswith("'"):
            if rest.startswith("'' "):
                return _("the id must not be empty: use lowercase letters, digits and '-' "
                         "(for example 'nek-org')")
            return rest
    return message


TWICE = {
    "ability": Nn_("{names} also has the id '{id}': each ability needs an id of its own",
                   "{names} also have the id '{id}': each ability needs an id of its own"),
    "combatant": Nn_("{names} also has the id '{id}': each combatant needs an id of its own",
                     "{names} also have the id '{id}': each combatant needs an id of its own"),
    "option": Nn_("{names} also has the id '{id}': each option of a combatant needs an id of "
                  "its own",
                  "{names} also have the id '{id}': each option of a combatant needs an id of "
                  "its own"),
    "pick": Nn_("{names} also has the id '{id}': each pick needs an id of its own",
                "{names} also have the id '{id}': each pick needs an id of its own"),
}


def twice_message(what: str, item_id: str, others: list[tuple[int, str]]) -> str:
    """What the id field of one of several items (``what``: a key of :data:`TWICE`) with
    the same id says: which others have it, by number in the list (from 1) and name."""
    names = ", ".join(_("“{name}” (number {number})").format(name=name or _("no name"),
                                                           number=i + 1)
                      for i, name in others)
    return ngettext(*TWICE[what], len(others)).format(names=names, id=item_id)


def positions_of_ids(items: Any) -> dict[str, list[int]]:
    """Ids held by more than one item of a list, with their positions."""
    positions: dict[str, list[int]] = {}
    for i, item in enumerate(items if isinstance(items, list) else []):
        if isinstance(item, dict) and isinstance(item.get("id"), str):
            positions.setdefault(item["id"], []).append(i)
    return {item_id: held for item_id, held in positions.items() if len(held) > 1}


class FactionDocument(QObject):
    """One faction under edit: its data, where it came from, and its latest validation.

    List changes come as ``list_changing``/``list_changed`` pairs (operation ``"insert"``,
    ``"remove"`` or ``"move"``) so that list models can call ``begin…Rows``/``end…Rows`` at the
    right moments.
    """

    value_changed = Signal(object)
    """A path whose value was replaced (everything under it may have changed)."""
    list_changing = Signal(object, str, int, int)
    """(list path, operation, index, destination) before the list changes."""
    list_changed = Signal(object, str, int, int)
    validated = Signal()
    """Emitted after every change, once ``problems`` and ``faction`` are up to date."""
    reveal_requested = Signal(object)
    """Undo or redo changed this path: views may bring it into sight."""

    def __init__(self, data: Mapping[str, Any], system: System | None = None, *,
                 path: Path | None = None, builtin: bool = False,
                 published_ids: Iterable[str] | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._data: dict[str, Any] = copy.deepcopy(dict(data))
        self.system = system or default_system()
        """The game system the faction belongs to: its stat line, types and rules."""
        self._universal: dict[str, Ability] = dict(self.system.glossary())
        self.path = path
        """The file this faction was read from (None for a new or duplicated faction)."""
        self.builtin = builtin
        """A shipped faction: shown read-only."""
        self.original_id: str | None = self._data.get("id") if path is not None else None
        self.published_ids: set[str] = set(published_ids) if published_ids is not None \
            else set(self.combatant_ids()) if path is not None else set()
        """Combatant ids that came from a file (read, saved, or the file of the faction this
        one copies): lists may name them, so they never follow a new name by themselves."""
        self.problems: list[tuple[str, str]] = []
        self._checker = FactionChecker(self.system)
        self._faction: Faction | None = None
        self._faction_stale = True
        self._validate()

    # -- reading -------------------------------------------------------------------------

    @property
    def data(self) -> dict[str, Any]:
        """The live data (read it; change it only through the methods below)."""
        return self._data

    @property
    def universal(self) -> dict[str, Ability]:
        return self._universal

    def get(self, path: DataPath) -> Any:
        node: Any = self._data
        for part in path:
            node = node[part]
        return node

    def has(self, path: DataPath) -> bool:
        try:
            self.get(path)
        except (KeyError, IndexError, TypeError):
            return False
        return True

    @property
    def valid(self) -> bool:
        return not self.problems

    @property
    def faction(self) -> Faction | None:
        """The faction as a model (to save or export it), None while it has problems. Made
        when asked, not on every keystroke: at 5,000 combatants it takes a while."""
        if self._faction_stale:
            self._faction = None if self.problems else self._checker.faction(self._checked())
            self._faction_stale = False
        return self._faction

    def problems_under(self, path: DataPath) -> list[tuple[str, str]]:
        """Problems at ``path`` or inside it, with paths relative to it."""
        prefix = dotted(path)
        if not prefix:
            return list(self.problems)
        out = []
        for where, message in self.problems:
            if where == prefix:
                out.append(("", message))
            elif where.startswith(prefix + "."):
                out.append((where[len(prefix) + 1:], message))
        return out

    def glossary_users(self, ability_id: str) -> list[tuple[int, int]]:
        """(combatant index, ability index) of every reference to a glossary ability."""
        return [(i, j) for i, c in enumerate(self._data["combatants"])
                for j, ref in enumerate(c.get("abilities", [])) if ref == ability_id]

    def ability_ids(self) -> list[str]:
        return [a.get("id", "") for a in self._data.get("abilities", [])]

    def combatant_ids(self) -> list[str]:
        return [c.get("id", "") for c in self._data.get("combatants", [])]

    def follows_name(self, base: DataPath) -> bool:
        """Whether the id of the faction (``base`` ``()``) or of the combatant at ``base``
        still follows its name: it is what the name makes (:meth:`id_from_name`), it was
        never edited by hand away from that, and no saved file has it yet."""
        if base == ():
            return self.path is None and \
                self._data.get("id") == self.id_from_name((), self._data.get("name"))
        if not self.has(base):
            return False
        c = self.get(base)
        cid = c.get("id")
        return cid not in self.published_ids and cid == self.id_from_name(base, c.get("name"))

    def id_from_name(self, base: DataPath, name: Any) -> str:
        """The id a name makes: its slug, made unique among the other combatants."""
        made = slug(name) if isinstance(name, str) else ""
        if base == () or not made:
            return made
        index = base[-1]
        return unique_id(made, (c.get("id") for i, c in enumerate(self._data["combatants"])
                                if i != index))

    def mark_saved(self, path: Path) -> None:
        """The faction was written to ``path``: its ids are now ones lists may name."""
        self.path = path
        self.original_id = self._data.get("id")
        self.published_ids = set(self.combatant_ids())

    # -- changing (for undo commands) ----------------------------------------------------

    def _changing(self, path: DataPath) -> None:
        """Something inside ``path`` is about to change in place: the combatant holding it
        must be checked again."""
        if len(path) >= 3 and path[0] == "combatants" and self.has(path[:2]):
            self._checker.touched(self.get(path[:2]))

    def set(self, path: DataPath, value: Any) -> None:
        self.set_values([(path, value)])

    def set_values(self, changes: Iterable[tuple[DataPath, Any]]) -> None:
        """Replace several values (a name and the id that follows it), then check once."""
        for path, value in changes:
            self._changing(path)
            parent = self.get(path[:-1])
            parent[path[-1]] = copy.deepcopy(value)
            self.value_changed.emit(path)
        self._validate()

    def insert(self, list_path: DataPath, index: int, value: Any) -> None:
        items = self.get(list_path)
        self._changing((*list_path, index))
        self.list_changing.emit(list_path, "insert", index, index)
        items.insert(index, copy.deepcopy(value))
        self.list_changed.emit(list_path, "insert", index, index)
        self._validate()

    def remove(self, list_path: DataPath, index: int) -> Any:
        items = self.get(list_path)
        self._changing((*list_path, index))
        self.list_changing.emit(list_path, "remove", index, index)
        value = items.pop(index)
        self.list_changed.emit(list_path, "remove", index, index)
        self._validate()
        return value

    def move(self, list_path: DataPath, index: int, dest: int) -> None:
        """Move the item at ``index`` so that it ends up at ``dest``."""
        items = self.get(list_path)
        self._changing((*list_path, index))
        self.list_changing.emit(list_path, "move", index, dest)
        items.insert(dest, items.pop(index))
        self.list_changed.emit(list_path, "move", index, dest)
        self._validate()

    def _twice_at_each(self, problems: list[tuple[str, str]], what: str,
                       key: DataPath, twice: dict[str, list[int]]) -> list[tuple[str, str]]:
        """The file check's one "used twice" problem per later item of the list at ``key``,
        replaced by one at every item with that id, naming the others."""
        if not twice:
            return problems
        at = dotted(key)
        file_messages = {(f"{at}.{again}.id", used_twice(what, "/".join(map(str, key)),
                                                          item_id, held[0], again)[1])
                         for item_id, held in twice.items() for again in held[1:]}
        items = self.get(key)
        ours = sorted(((i, twice_message(what, item_id, [(j, items[j].get("name"))
                                                         for j in held if j != i]))
                       for item_id, held in twice.items() for i in held))
        out: list[tuple[str, str]] = []
        for problem in problems:  # ours where the first of the check's was
            if problem in file_messages:
                out += [(f"{at}.{i}.id", message) for i, message in ours]
                ours = []
            else:
                out.append(problem)
        return out + [(f"{at}.{i}.id", message) for i, message in ours]

    def request_reveal(self, path: DataPath) -> None:
        self.reveal_requested.emit(path)

    # -- validation ----------------------------------------------------------------------

    def _checked(self) -> dict[str, Any]:
        """The data as the check sees it: a building value equal to the game's own is no
        override and is left out."""
        data = self._data
        building = data.get("building")
        if isinstance(building, dict):
            data = {**data, "building": {k: v for k, v in building.items()
                                         if self.system.parameters.get(k) != v}}
        return data

    def _validate(self) -> None:
        """The same model and messages as ``check-data`` (SPEC §1), but a duplicate id is
        shown at each item that has it, so the field just typed says so."""
        problems = self._checker.problems(self._checked())  # redoes only what edits touched
        problems = self._twice_at_each(problems, "combatant", ("combatants",),
                                       self._checker.duplicates())
        for what, glossary in (("ability", "abilities"), ("pick", "picks")):
            if self.has((glossary,)):
                problems = self._twice_at_each(problems, what, (glossary,),
                                               positions_of_ids(self.get((glossary,))))
        # only the combatants the check found a problem in the options of (not 5,000 a key)
        for i in sorted({int(where.split(".")[1]) for where, _m in problems
                         if re.match(r"combatants\.\d+\.options\.\d+\.id$", where)}):
            key = ("combatants", i, "options")
            problems = self._twice_at_each(problems, "option", key,
                                           positions_of_ids(self.get(key)))
        self.problems = field_problems(problems)
        self._faction_stale = True
        self.validated.emit()
