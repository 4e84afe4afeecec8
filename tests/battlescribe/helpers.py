"""Shared by the BattleScribe tests: our own test data, and where the shared BattleScribe
material is (``../shared/battlescribe``; ``SPHEREWARS_BATTLESCRIBE`` overrides it)."""

from __future__ import annotations

import io
import os
import zipfile
from pathlib import Path

from tests.conftest import REPO, TEST_DATA

FIXTURES = TEST_DATA / "battlescribe"
TEST_SYSTEM = FIXTURES / "test-skirmish.gst"
TEST_LIBRARY = FIXTURES / "test-library.cat"
TEST_FACTION = FIXTURES / "test-faction.cat"
TEST_FILES = [TEST_SYSTEM, TEST_LIBRARY, TEST_FACTION]


def shared_battlescribe() -> Path:
    """The shared BattleScribe material (never committed): the conformance specs and real
    BSData games."""
    found = os.environ.get("SPHEREWARS_BATTLESCRIBE")
    return Path(found) if found else REPO.parent / "shared" / "battlescribe"


def zipped(name: str, data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(name, data)
    return out.getvalue()
