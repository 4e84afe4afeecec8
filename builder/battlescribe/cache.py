"""A cache of read BattleScribe data, so that opening a large data set again is quick: no
pickle, nothing that runs code — compact JSON, versioned, checked, and keyed by each file's
SHA-256, so a changed file is simply read again.

``cache_dir/index.json`` holds, per file hash, the file's header (kind, id, name, revision,
game system, library, catalogue links) and warnings, and per set of files the linking's
warnings; ``cache_dir/<hash>.json`` holds the file's elements (tag, attributes as written,
line, column, text, children). Opening from the cache reads the index only: each file's
elements are read when something first asks for them (a roster that uses one catalogue of a
hundred reads that one, the game system and what it links). Replaying the elements goes
through the same builder as XML. A cache that does not match (another version, a file
changed, unreadable JSON, an element tree that is not one) is ignored and rewritten.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.build import DATA_ROOTS, Position, TreeBuilder
from builder.battlescribe.linking import DataSet
from builder.battlescribe.problems import Problem, ReadError
from builder.battlescribe.reading import _finish, read_data
from builder.battlescribe.xmlsafe import MAX_DEPTH, file_bytes, read_bytes
from builder.plumbing import reading
from builder.plumbing.atomic import write_atomic

VERSION = 2
MAX_CACHE_FILE = 400 * 1024 * 1024
"""The largest cache file read back (elements of a 50 MiB data file take about 3× in JSON)."""
MAX_INDEX = 64 * 1024 * 1024
"""The largest ``index.json`` read back (Kill Team's 129 files: 80 KB)."""
HEADER_SLOTS = ("kind", "id", "name", "revision", "battlescribe_version", "game_system_id",
                "game_system_revision", "library", "author_name")
CONTENT_SLOTS = tuple(sorted(set(m.DataFile.CONTAINERS.values()) - {"catalogue_links"})) + (
    "links", "readme", "comment", "extra", "hidden", "page", "publication_id")


# ----- the elements as JSON -------------------------------------------------------------------

def _tag(item: m.Element) -> str:
    if isinstance(item, m.Entry):
        return item.kind
    if isinstance(item, m.Unknown):
        return item.tag
    if isinstance(item, m.DataFile):
        return item.kind
    return item.TAG


def dump(item: Any) -> list[Any]:
    """An element and what it holds as nested lists: ``[tag, attributes, line, column, text,
    children]``; a list of items is a child element holding them, as in the XML."""
    children: list[Any] = []
    kind = type(item)
    for container, slot in kind.CONTAINERS.items():
        items = getattr(item, slot, m.EMPTY)
        if items:
            children.append([container, {}, 0, 0, None, [dump(i) for i in items]])
    for element, slot in kind.TEXTS.items():
        text = getattr(item, slot, None)
        if text:
            children.append([element, {}, 0, 0, text, []])
    if isinstance(item, m.Unknown):
        children.extend(dump(c) for c in item.children)
    for unknown in item.extra or ():
        children.append(dump(unknown))
    text = item.value if isinstance(item, m.Characteristic) else (
        item.text if isinstance(item, m.Unknown) else None)
    return [_tag(item), item.raw, item.line, item.column, text or None, children]


class BadCache(Exception):
    """A cache file that is not what this module writes."""


def replay(tree: Any, builder: TreeBuilder, depth: int = 0) -> None:
    """Feed ``builder`` the elements of a :func:`dump`, checking each is well made."""
    if depth > MAX_DEPTH or not isinstance(tree, list) or len(tree) != 6:
        raise BadCache
    tag, attrs, line, column, text, children = tree
    if not (isinstance(tag, str) and isinstance(attrs, dict) and isinstance(line, int)
            and isinstance(column, int) and isinstance(children, list)
            and (text is None or isinstance(text, str))
            and all(isinstance(k, str) and isinstance(v, str) for k, v in attrs.items())):
        raise BadCache
    position = builder.position
    position.CurrentLineNumber = line
    position.CurrentColumnNumber = column - 1
    builder.start(tag, attrs)
    if text is not None:
        builder.text(text)
    for child in children:
        replay(child, builder, depth + 1)
    builder.end(tag)


def _from_tree(tree: Any, label: str) -> m.DataFile:
    builder = TreeBuilder(label, DATA_ROOTS)
    builder.position = Position()
    replay(tree, builder)
    return _finish(builder, label)


# ----- a file whose elements are read when asked for ------------------------------------------

class CachedFile(m.DataFile):
    """A data file opened from the cache: its header now, its elements on first use."""

    __slots__ = ("_source",)

    def __getattr__(self, name: str) -> Any:
        if name in CONTENT_SLOTS and not name.startswith("_"):
            self._fill()
            return object.__getattribute__(self, name)
        raise AttributeError(name)

    def _fill(self) -> None:
        path, label = self._source
        try:
            # Read through the guarded reader, parsed by json itself (not parse_json, whose
            # measure of the depth first would nearly double the parse of every file opened
            # from the cache): the depth and shape are checked as it is replayed (BadCache),
            # a number too long for Python is a ValueError, the parser's recursion a
            # RecursionError.
            full = _from_tree(json.loads(reading.read_bytes(path, MAX_CACHE_FILE)), label)
            if (full.kind, full.id, full.revision) != (self.kind, self.id, self.revision):
                raise BadCache
        except (reading.Unreadable, ValueError, BadCache, ReadError, RecursionError):
            full = read_data(read_bytes(label), label)  # the cache is gone: read the file
        for slot in CONTENT_SLOTS:
            object.__setattr__(self, slot, getattr(full, slot))


def _cached(header: dict[str, Any], source: tuple[str, str]) -> CachedFile:
    raw = header["raw"]
    file = CachedFile.__new__(CachedFile)
    object.__setattr__(file, "raw", raw)
    object.__setattr__(file, "line", header["line"])
    object.__setattr__(file, "column", header["column"])
    for slot in HEADER_SLOTS:
        object.__setattr__(file, slot, header[slot])
    object.__setattr__(file, "path", source[1])
    object.__setattr__(file, "warnings", [Problem(*p) for p in header["warnings"]])
    links = []
    for link in header["catalogue_links"]:
        links.append(m.CatalogueLink(link["raw"], link["line"], link["column"]))
    object.__setattr__(file, "catalogue_links", links)
    object.__setattr__(file, "_source", source)
    return file


def _header(file: m.DataFile) -> dict[str, Any]:
    found: dict[str, Any] = {slot: getattr(file, slot) for slot in HEADER_SLOTS}
    found.update(raw=file.raw, line=file.line, column=file.column,
                 warnings=[[p.path, p.line, p.column, p.message, p.severity]
                           for p in file.warnings],
                 catalogue_links=[{"raw": c.raw, "line": c.line, "column": c.column}
                                  for c in file.catalogue_links])
    return found


# ----- the cache as a whole -----------------------------------------------------------------------

def file_hashes(paths: Sequence[str | Path]) -> list[tuple[str, str]]:
    """(path, SHA-256 of its bytes) of each file, as given, each read through the guarded
    reader (a :class:`ReadError` for one that is not a regular data file)."""
    return [(str(path), hashlib.sha256(file_bytes(path)).hexdigest()) for path in paths]


def _set_key(hashes: list[str]) -> str:
    return hashlib.sha256("\n".join(sorted(hashes)).encode()).hexdigest()


def _read_index(folder: Path) -> dict[str, Any]:
    try:
        index = reading.load_json(folder / "index.json", MAX_INDEX)
        if isinstance(index, dict) and index.get("version") == VERSION and isinstance(
                index.get("files"), dict) and isinstance(index.get("sets"), dict):
            return index
    except reading.Unreadable:
        pass
    return {"version": VERSION, "files": {}, "sets": {}}


def open_cached(paths: Sequence[str | Path], folder: Path) -> list[DataSet] | None:
    """The data sets of ``paths`` from the cache in ``folder``, each file's elements read
    when first used; None when the cache does not hold them as they are now."""
    index = _read_index(folder)
    hashes = file_hashes(paths)
    files: list[m.DataFile] = []
    try:
        for path, digest in hashes:
            header = index["files"].get(digest)
            if header is None or not (folder / f"{digest}.json").is_file():
                return None
            files.append(_cached(header, (str(folder / f"{digest}.json"), path)))
        groups = _group(files)
        sets = []
        for system, catalogues in groups:
            members = [system, *catalogues]
            key = _set_key([d for (p, d) in hashes if p in {f.path for f in members}])
            problems = index["sets"].get(key)
            if problems is None:
                return None
            sets.append(DataSet(system, catalogues,
                                problems=[Problem(*p) for p in problems]))
        return sets
    except (KeyError, TypeError, ValueError):
        return None


def _group(files: list[m.DataFile]) -> list[tuple[m.DataFile, list[m.DataFile]]]:
    systems = [f for f in files if f.kind == m.GAME_SYSTEM]
    return [(s, [f for f in files if f.kind == m.CATALOGUE and f.game_system_id == s.id])
            for s in systems]


def save(paths: Sequence[str | Path], files: list[m.DataFile], sets: list[DataSet],
         folder: Path) -> None:
    """Keep ``files`` (read from ``paths``, in that order) and their linked ``sets``."""
    folder.mkdir(parents=True, exist_ok=True)
    index = _read_index(folder)
    hashes = file_hashes(paths)
    by_path = {}
    for (path, digest), file in zip(hashes, files, strict=True):
        by_path[path] = digest
        target = folder / f"{digest}.json"
        if digest not in index["files"] or not target.is_file():
            write_atomic(target, json.dumps(dump(file), ensure_ascii=False,
                                            separators=(",", ":")))
            index["files"][digest] = _header(file)
    for data in sets:
        key = _set_key([by_path[f.path] for f in data.files if f.path in by_path])
        index["sets"][key] = [[p.path, p.line, p.column, p.message, p.severity]
                              for p in data.problems]
    write_atomic(folder / "index.json", json.dumps(index, ensure_ascii=False,
                                                   separators=(",", ":")))
