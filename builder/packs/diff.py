"""What changed between two versions of a pack (SPEC §8), per faction and system, and what
that means for a list.

The diff reads the YAML documents as read (both versions were checked when they were built or
installed), so it sees every key: combatants added and removed, every changed stat, cost,
ability, option and rule, each as one line such as ``Nek'Org: PE 169 → 165``.
"""

from __future__ import annotations

import marshal
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder import i18n
from builder.i18n import _
from builder.packs.store import DOCUMENTS
from builder.plumbing.reading import Unreadable, read_bytes

MAX_DOCUMENTS_BYTES = 256 * 1024 * 1024
"""The kept copy of a pack's documents (50 MiB of YAML at most) is well below this."""


def display(value: Any) -> str:
    """A display text ({en: …, es: …} or plain) in the current language; the same choice as
    :func:`builder.model.text.display`, without loading the models (a diff of installed packs
    starts in a moment)."""
    if isinstance(value, dict) and value:
        for key in (i18n.current_language(), i18n.SOURCE_LANGUAGE):
            if key in value:
                return str(value[key])
        return str(next(iter(value.values())))
    return "" if value is None else str(value)

def read_documents(folder: Path) -> dict[str, Any]:
    """The data files of an installed version as read (a :class:`DataError` when one of
    them can no longer be read)."""
    try:
        found = marshal.loads(read_bytes(folder / DOCUMENTS, MAX_DOCUMENTS_BYTES))
        if isinstance(found, dict):
            return found
    except (Unreadable, ValueError, EOFError, TypeError):
        pass
    from builder.data import MiB, load_yaml  # (only when the kept copy is unreadable)
    from builder.data.catalogue import data_files

    return {path.relative_to(folder).as_posix(): load_yaml(path, 10 * MiB).data
            for path in data_files(folder)}


_LONG = 60
"""A text value longer than this is said to have changed, not quoted."""
_BY_ID_LISTS = ("abilities", "options", "picks", "rules", "figures", "stats", "types",
                "ranks", "ability_kinds")
"""Lists whose items are mappings with an ``id``: compared item by item."""


@dataclass
class Change:
    """One changed thing: ``key`` a dotted path inside the faction or system (with the
    combatant's id first, when it is a combatant's), its old and new values, and the line a
    person reads."""

    combatant: str | None
    key: str
    old: Any
    new: Any
    text: str

    def to_json(self) -> dict[str, Any]:
        return {"combatant": self.combatant, "key": self.key, "old": self.old,
                "new": self.new, "text": self.text}


@dataclass
class ItemDiff:
    """A faction's or a system's changes."""

    kind: str
    """faction | system"""
    id: str
    name: str
    status: str
    """added | removed | changed"""
    added: list[tuple[str, str]] = field(default_factory=list)
    """Combatants added: (id, name)."""
    removed: list[tuple[str, str]] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)

    def lines(self) -> list[str]:
        out = [_("{name}: added").format(name=n) for _i, n in self.added]
        out += [_("{name}: removed").format(name=n) for _i, n in self.removed]
        return out + [c.text for c in self.changes]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "id": self.id, "name": self.name, "status": self.status,
                "added": [{"id": i, "name": n} for i, n in self.added],
                "removed": [{"id": i, "name": n} for i, n in self.removed],
                "changes": [c.to_json() for c in self.changes]}


def shown(value: Any) -> str:
    """A value in a change line: none as "–", text quoted only when it is not one word."""
    if value is None or value == "-":
        return "–"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, dict) and all(isinstance(k, str) and len(k) == 2 for k in value):
        return display(value)
    if isinstance(value, (list, dict)):
        import json

        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def _name(item: Any, fallback: str) -> str:
    if isinstance(item, dict):
        return display(item.get("name")) or str(item.get("id", fallback))
    if isinstance(item, str):
        return item
    return fallback


def _keyed(items: Any) -> dict[str, Any]:
    """A list of mappings with ids (or of ids, or inline mappings with names) by key."""
    out: dict[str, Any] = {}
    if not isinstance(items, list):
        return out
    for i, item in enumerate(items):
        if isinstance(item, dict):
            key = item.get("id") or item.get("name") or f"#{i}"
        else:
            key = item
        out.setdefault(str(key), item)
    return out


class _Differ:
    def __init__(self, owner: str | None, label: str) -> None:
        self.owner = owner
        self.label = label
        self.out: list[Change] = []

    def add(self, key: str, old: Any, new: Any, text: str) -> None:
        self.out.append(Change(self.owner, key, old, new, text))

    def value(self, key: str, old: Any, new: Any, shown_key: str | None = None) -> None:
        if old == new:
            return
        what = shown_key or key.rsplit(".", 1)[-1]
        if isinstance(old, str) and len(old) > _LONG or isinstance(new, str) and len(new) > _LONG:
            text = _("{name}: {what} changed").format(name=self.label, what=what)
        else:
            text = _("{name}: {what} {old} → {new}").format(name=self.label, what=what,
                                                           old=shown(old), new=shown(new))
        self.add(key, old, new, text)

    def mapping(self, key: str, old: Any, new: Any) -> None:
        """Key by key (a profile, building parameters)."""
        old = old if isinstance(old, dict) else {}
        new = new if isinstance(new, dict) else {}
        for k in _ordered(old, new):
            self.value(f"{key}.{k}", old.get(k), new.get(k), k)

    def items(self, key: str, old: Any, new: Any) -> None:
        """Items with ids: added, removed, changed."""
        noun = {"abilities": _("ability"), "options": _("option"), "picks": _("pick"),
                "rules": _("rule"), "figures": _("figure"), "stats": _("stat"),
                "types": _("type"), "ranks": _("rank"),
                "ability_kinds": _("ability kind")}.get(key, key)
        a, b = _keyed(old), _keyed(new)
        for k in _ordered(a, b):
            if k not in a:
                self.add(f"{key}.{k}", None, b[k], _("{name}: {what} {item} added").format(
                    name=self.label, what=noun, item=_name(b[k], k)))
            elif k not in b:
                self.add(f"{key}.{k}", a[k], None, _("{name}: {what} {item} removed").format(
                    name=self.label, what=noun, item=_name(a[k], k)))
            elif a[k] != b[k]:
                self.add(f"{key}.{k}", a[k], b[k], _("{name}: {what} {item} changed").format(
                    name=self.label, what=noun, item=_name(b[k], k)))

    def plain_list(self, key: str, old: Any, new: Any) -> None:
        a = [shown(x) for x in old] if isinstance(old, list) else []
        b = [shown(x) for x in new] if isinstance(new, list) else []
        if a == b:
            return
        gone = [x for x in a if x not in b]
        came = [x for x in b if x not in a]
        if not gone and not came:
            self.add(key, old, new, _("{name}: {what} reordered").format(name=self.label,
                                                                         what=key))
            return
        if came:
            self.add(key, old, new, _("{name}: {what} + {items}").format(
                name=self.label, what=key, items=", ".join(came)))
        if gone:
            self.add(key, old, new, _("{name}: {what} − {items}").format(
                name=self.label, what=key, items=", ".join(gone)))

    def document(self, old: dict[str, Any], new: dict[str, Any], skip: Iterable[str] = ()
                 ) -> None:
        for key in _ordered(old, new):
            if key in skip:
                continue
            a, b = old.get(key), new.get(key)
            if a == b:
                continue
            if key in ("profile", "building", "parameters", "unit"):
                self.mapping(key, a, b)
            elif key in _BY_ID_LISTS:
                self.items(key, a, b)
            elif isinstance(a, list) or isinstance(b, list):
                self.plain_list(key, a, b)
            else:
                self.value(key, a, b)


def _ordered(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return list(a) + [k for k in b if k not in a]


def _by_id(documents: dict[str, Any], systems: bool) -> dict[str, Any]:
    out = {}
    for doc in documents.values():
        if not isinstance(doc, dict):
            continue
        is_system = str(doc.get("schema", "")).startswith("spherewars-system/")
        if is_system == systems and isinstance(doc.get("id"), str):
            out[doc["id"]] = doc
    return out


def faction_diff(old: dict[str, Any], new: dict[str, Any]) -> ItemDiff:
    name = display(new.get("name")) or new["id"]
    result = ItemDiff("faction", new["id"], name, "changed")
    own = _Differ(None, name)
    own.document(old, new, skip=("combatants",))
    result.changes += own.out
    before = {c.get("id"): c for c in old.get("combatants") or [] if isinstance(c, dict)}
    after = {c.get("id"): c for c in new.get("combatants") or [] if isinstance(c, dict)}
    for cid, c in after.items():
        if cid not in before:
            result.added.append((str(cid), _name(c, str(cid))))
    for cid, c in before.items():
        if cid not in after:
            result.removed.append((str(cid), _name(c, str(cid))))
    for cid, c in after.items():
        was = before.get(cid)
        if was is None or was == c:
            continue
        differ = _Differ(str(cid), _name(c, str(cid)))
        differ.document(was, c)
        result.changes += differ.out
    return result


def system_diff(old: dict[str, Any], new: dict[str, Any]) -> ItemDiff:
    name = display(new.get("name")) or new["id"]
    result = ItemDiff("system", new["id"], name, "changed")
    differ = _Differ(None, name)
    differ.document(old, new)
    result.changes = differ.out
    return result


def diff_documents(old: dict[str, Any], new: dict[str, Any]) -> list[ItemDiff]:
    """Every system and faction that was added, removed or changed, systems first, each in
    id order. ``old``, ``new``: path -> document (a faction may move to another file)."""
    out: list[ItemDiff] = []
    for systems, diff in ((True, system_diff), (False, faction_diff)):
        kind = "system" if systems else "faction"
        a, b = _by_id(old, systems), _by_id(new, systems)
        for key in sorted(set(a) | set(b)):
            if key not in a:
                out.append(ItemDiff(kind, key, display(b[key].get("name")) or key, "added"))
            elif key not in b:
                out.append(ItemDiff(kind, key, display(a[key].get("name")) or key, "removed"))
            elif a[key] != b[key]:
                found = diff(a[key], b[key])
                if found.added or found.removed or found.changes:
                    out.append(found)
    return out


@dataclass
class ListChange:
    """How a list fares on the old data and on the new."""

    path: str
    name: str
    faction: str
    unit: str
    """The system's cost stat (PE), or "" when the game has no points."""
    points: tuple[int | None, int | None]
    """None: the faction is not in that data."""
    legal: tuple[bool, bool]
    combatants: frozenset[str] = frozenset()

    @property
    def same(self) -> bool:
        return self.points[0] == self.points[1] and self.legal[0] == self.legal[1]

    def verdict(self) -> str:
        """"this list is 4 PE cheaper and still legal"."""
        old, new = self.points
        unit = self.unit or _("points")
        if new is None:
            cost = _("this list's faction is no longer loaded")
        elif old is None:
            cost = _("this list's faction is loaded now ({points} {unit})").format(
                points=new, unit=unit)
        elif old == new:
            cost = _("this list costs the same")
        elif new < old:
            cost = _("this list is {n} {unit} cheaper").format(n=old - new, unit=unit)
        else:
            cost = _("this list is {n} {unit} dearer").format(n=new - old, unit=unit)
        before, after = self.legal
        if before and after:
            return _("{cost} and still legal").format(cost=cost)
        if not before and not after:
            return _("{cost} and still illegal").format(cost=cost)
        if after:
            return _("{cost} and now legal").format(cost=cost)
        return _("{cost} and now ILLEGAL").format(cost=cost)

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "name": self.name, "faction": self.faction,
                "points": list(self.points), "legal": list(self.legal)}


def list_change(path: str, warband: Any, old_catalogue: Any, new_catalogue: Any
                ) -> ListChange:
    """``warband`` validated against both catalogues."""
    from builder.rules import validate

    points: list[int | None] = []
    legal: list[bool] = []
    unit = ""
    for catalogue in (old_catalogue, new_catalogue):
        faction = catalogue.get(warband.faction)
        report = validate(warband, faction)
        points.append(report.stats.points if faction is not None else None)
        legal.append(report.legal)
        if faction is not None and faction.attached:
            unit = faction.game.cost or unit
    return ListChange(path, warband.name, warband.faction, unit, (points[0], points[1]),
                      (legal[0], legal[1]), frozenset(warband.totals()))


def changes_for_list(diffs: list[ItemDiff], change: ListChange) -> list[str]:
    """The lines of ``diffs`` that touch the list: its faction's own changes and those of
    the combatants it hires."""
    out: list[str] = []
    for item in diffs:
        if item.kind != "faction" or item.id != change.faction:
            continue
        if item.status != "changed":
            out.append(_("faction {name} added").format(name=item.name)
                       if item.status == "added"
                       else _("faction {name} removed").format(name=item.name))
            continue
        out += [c.text for c in item.changes
                if c.combatant is None or c.combatant in change.combatants]
        out += [_("{name}: removed").format(name=n) for i, n in item.removed
                if i in change.combatants]
    return out


def data_updated_message(diffs: list[ItemDiff], change: ListChange) -> str:
    """"Data updated: Nek'Org: PE 169 → 165; this list is 4 PE cheaper and still legal"."""
    lines = changes_for_list(diffs, change)
    if not lines:
        return _("Data updated: nothing this list uses changed; {verdict}").format(
            verdict=change.verdict())
    shown_lines = lines[:5]
    if len(lines) > 5:
        shown_lines.append(_("and {n} more").format(n=len(lines) - 5))
    return _("Data updated: {changes}; {verdict}").format(changes="; ".join(shown_lines),
                                                          verdict=change.verdict())


def list_update_message(old_catalogue: Any, new_catalogue: Any, warband: Any
                        ) -> tuple[bool, str]:
    """After data was installed or updated: whether the data of the list's faction (or of its
    game) changed, and what to tell the user about the open list."""
    old_docs = old_catalogue.documents.get(warband.faction)
    new_docs = new_catalogue.documents.get(warband.faction)
    change = list_change("", warband, old_catalogue, new_catalogue)
    if old_docs == new_docs:
        return False, _("Data updated; nothing this list uses changed")
    diffs: list[ItemDiff] = []
    if old_docs is None or new_docs is None:
        known = (old_docs or new_docs)[1]
        name = display(known.get("name")) if isinstance(known, dict) else warband.faction
        status = "added" if old_docs is None else "removed"
        diffs.append(ItemDiff("faction", warband.faction, name, status))
    else:
        if old_docs[0] != new_docs[0] and isinstance(new_docs[0], dict):
            found = system_diff(old_docs[0], new_docs[0])
            found.kind = "faction"  # the list's game: shown with the faction's changes
            found.id = warband.faction
            diffs.append(found)
        diffs.append(faction_diff(old_docs[1], new_docs[1]))
    return True, data_updated_message(diffs, change)
