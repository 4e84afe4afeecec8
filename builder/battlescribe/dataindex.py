"""Reading a BattleScribe data index (``.bsi``: a zip holding one XML file, namespace
``http://www.battlescribe.net/schema/dataIndexSchema``): which files a repository publishes,
each with its path (relative to the index's address), type, id, name and revision.

Only reading: fetching an index and its files is the data command's (SPEC §10).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.battlescribe.build import TreeBuilder, build_xml
from builder.battlescribe.model import EMPTY, Element
from builder.battlescribe.problems import ReadError
from builder.battlescribe.xmlsafe import read_bytes, source_bytes
from builder.i18n import _


class _Index(Element):
    TAG = "dataIndex"
    CONTAINERS = {"dataIndexEntries": "entries", "repositoryUrls": "urls"}
    __slots__ = ("entries", "urls")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        self.raw = raw
        self.line = line
        self.column = column
        self.extra = EMPTY
        self.entries: list[Element] = []
        self.urls: list[Element] = []


class _Item(Element):
    __slots__ = ()


@dataclass(frozen=True)
class IndexEntry:
    """One file of an index: ``file_path`` relative to the index's address, ``data_type``
    (``gamesystem`` or ``catalogue``), ``data_id``, ``data_name``, ``data_revision``."""

    file_path: str
    data_type: str
    data_id: str
    data_name: str
    data_revision: int
    battlescribe_version: str | None
    line: int
    column: int


@dataclass(frozen=True)
class DataIndex:
    name: str
    index_url: str | None
    battlescribe_version: str | None
    entries: tuple[IndexEntry, ...]


def _revision(text: str | None) -> int:
    try:
        return max(0, int((text or "0").strip()))
    except ValueError:
        return 0


def read_index(data: bytes, label: str) -> DataIndex:
    """An index from its bytes (zipped, as a ``.bsi``, or its XML)."""
    xml = source_bytes(data, label)
    builder = TreeBuilder(label, {"dataIndex": _Index},
                          factories={"dataIndexEntry": _Item, "repositoryUrl": _Item},
                          numbers={})
    root = build_xml(xml, label, builder, lambda element: _(
        "the root element is {element}; a data index is <dataIndex>").format(element=element))
    entries = []
    for item in root.entries:
        raw = item.raw
        if not raw.get("filePath") or not raw.get("dataId"):
            raise ReadError.at(label, item.line, item.column, _(
                "a data index entry without filePath or dataId"))
        entries.append(IndexEntry(raw["filePath"], raw.get("dataType", ""), raw["dataId"],
                                  raw.get("dataName", ""), _revision(raw.get("dataRevision")),
                                  raw.get("dataBattleScribeVersion"), item.line, item.column))
    return DataIndex(root.raw.get("name", ""), root.raw.get("indexUrl"),
                     root.raw.get("battleScribeVersion"), tuple(entries))


def read_index_file(path: str | Path) -> DataIndex:
    return read_index(read_bytes(path), str(path))
