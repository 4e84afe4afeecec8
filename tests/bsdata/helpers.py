"""Shared by the tests of the user's BattleScribe data: our own test games (TEST DATA ONLY:
invented, see tests/fixtures/battlescribe), data indexes made from them and served from
127.0.0.1, and the real games when ../shared is here."""

from __future__ import annotations

import re
from pathlib import Path
from xml.sax.saxutils import quoteattr

from builder.battlescribe import read_data
from tests.battlescribe.helpers import (
    FIXTURES,
    TEST_FACTION,
    TEST_FILES,
    TEST_LIBRARY,
    TEST_SYSTEM,
    shared_battlescribe,
    zipped,
)
from tests.packs.helpers import Server, run, serving

__all__ = ["DUEL", "DUEL_FACTION", "DUEL_SYSTEM", "FIXTURES", "TEST_FACTION", "TEST_FILES",
           "TEST_LIBRARY", "TEST_SYSTEM", "Server", "bsi", "bumped", "game_files", "publish",
           "real_game", "release", "release_folder", "run", "serving"]

DUEL = FIXTURES / "second-game"
DUEL_SYSTEM = DUEL / "test-duel.gst"
DUEL_FACTION = DUEL / "test-duellists.cat"


def game_files(faction_revision: int = 7) -> dict[str, bytes]:
    """Our two test games, file name → XML (the test faction at ``faction_revision``)."""
    return {"test-skirmish.gst": TEST_SYSTEM.read_bytes(),
            "test-library.cat": TEST_LIBRARY.read_bytes(),
            "test-faction.cat": bumped(TEST_FACTION.read_bytes(), faction_revision),
            "test-duel.gst": DUEL_SYSTEM.read_bytes(),
            "test-duellists.cat": DUEL_FACTION.read_bytes()}


def bumped(xml: bytes, revision: int) -> bytes:
    """The same file at another revision (the root element's is the first in the file)."""
    return re.sub(rb'\brevision="\d+"', f'revision="{revision}"'.encode(), xml, count=1)


def entry(path: str, xml: bytes, **override: object) -> dict[str, object]:
    data = read_data(xml, path)
    found: dict[str, object] = {
        "filePath": path, "dataType": "gamesystem" if data.is_game_system else "catalogue",
        "dataId": data.id, "dataName": data.name, "dataBattleScribeVersion": "2.03",
        "dataRevision": data.revision}
    found.update(override)
    return found


def bsi(entries: list[dict[str, object]], name: str = "Test index") -> bytes:
    """A data index (.bsi: a zip holding the index's XML) listing ``entries``."""
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<dataIndex battleScribeVersion="2.03" name={quoteattr(name)} '
             'xmlns="http://www.battlescribe.net/schema/dataIndexSchema">',
             "  <dataIndexEntries>"]
    for item in entries:
        attrs = " ".join(f"{k}={quoteattr(str(v))}" for k, v in item.items())
        lines.append(f"    <dataIndexEntry {attrs}/>")
    lines += ["  </dataIndexEntries>", "</dataIndex>", ""]
    return zipped("index.xml", "\n".join(lines).encode())


def release(files: dict[str, bytes], **overrides: dict[str, object]) -> dict[str, bytes]:
    """What a BSData release publishes for ``files`` (name → XML): each zipped
    (``.gstz``/``.catz``) and the index listing them (``index.bsi``), by file name.
    ``overrides``: per file name, entry attributes to change (a lying index)."""
    entries = []
    published = {}
    for name, xml in files.items():
        published[name + "z"] = zipped(name, xml)
        entries.append(entry(name + "z", xml, **overrides.get(re.sub(r"\W", "_", name), {})))
    published["index.bsi"] = bsi(entries)
    return published


def publish(server: Server, folder: str, files: dict[str, bytes], *,
            index: str = "test.bsi", **overrides: dict[str, object]) -> str:
    """Serve :func:`release` of ``files`` in ``folder``, the index as ``index``; the index's
    address."""
    published = release(files, **overrides)
    raw = published.pop("index.bsi")
    for name, data in published.items():
        server.file(f"{folder}/{name}", data)
    return server.file(f"{folder}/{index}", raw)


def release_folder(folder: Path, files: dict[str, bytes], **overrides: dict[str, object]) -> Path:
    """:func:`release` of ``files`` written in ``folder`` (as a release downloaded whole);
    the index's path."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in release(files, **overrides).items():
        (folder / name).write_bytes(data)
    return folder / "index.bsi"


def real_game(name: str) -> Path:
    """A real BSData game in ../shared (skipped when it is not there)."""
    import pytest

    folder = shared_battlescribe() / "data" / name
    if not folder.is_dir():
        pytest.skip(f"{folder} is not here (BattleScribe material is never committed)")
    return folder
