"""A pack made from one faction (the faction editor's *Export as pack…*): an author publishes
in two clicks."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import yaml

from builder.packs.archive import build_bytes
from builder.packs.check import CheckedPack, check_pack
from builder.packs.format import PACK_SCHEMA


def pack_yaml_text(pack_id: str, name: str, version: str, changes: str = "",
                   authors: list[str] | None = None, source: str | None = None,
                   earlier: list[tuple[str, str]] | None = None) -> str:
    """The ``pack.yaml`` of a pack; ``changes``: what this version changed, ``earlier``:
    (version, text) of the versions before it, newest first (kept from release to
    release, SPEC §8's ``changes``)."""
    data: dict[str, Any] = {"schema": PACK_SCHEMA, "id": pack_id, "name": name,
                            "version": version}
    if authors:
        data["authors"] = authors
    if source:
        data["source"] = source
    history = [{"version": version, "text": changes.strip()}] if changes.strip() else []
    history += [{"version": v, "text": t} for v, t in earlier or () if v != version and t]
    if history:
        data["changes"] = history
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100)


def faction_pack(faction_id: str, faction_text: str, info_text: str,
                 system: tuple[str, str] | None = None) -> tuple[bytes, CheckedPack]:
    """The ``.swpack`` of one faction file (and its game system's file when that is not
    built in: ``(id, text)``), checked whole as an install would check it; a
    :class:`~builder.data.DataError` with every problem otherwise."""
    folder = Path(tempfile.mkdtemp(prefix="spherewars-pack-"))
    try:
        (folder / "pack.yaml").write_text(info_text, encoding="utf-8")
        (folder / "factions").mkdir()
        (folder / "factions" / f"{faction_id}.yaml").write_text(faction_text,
                                                                 encoding="utf-8")
        if system is not None:
            (folder / "systems").mkdir()
            (folder / "systems" / f"{system[0]}.yaml").write_text(system[1], encoding="utf-8")
        checked = check_pack(folder, f"{faction_id}.swpack")
        return build_bytes(folder, checked.files), checked
    finally:
        shutil.rmtree(folder, ignore_errors=True)
