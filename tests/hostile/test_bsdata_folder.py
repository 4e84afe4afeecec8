"""The user's BattleScribe data folder damaged by hand (issue 40, "BattleScribe XML"):
``installed.json`` that is not JSON, nested 300,000 deep or a folder, an installed catalogue
replaced by a pipe, a leftover that cannot be deleted. Nothing installed is lost, what cannot
be written is said, and a file given again repairs its copy."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from builder.bsdata.store import INSTALLED, Store
from tests.bsdata.helpers import DUEL, TEST_FILES, run

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")


def _installed(capsys: pytest.CaptureFixture[str]) -> Path:
    code, _out, err = run(capsys, "bsdata", "add", *map(str, TEST_FILES))
    assert code == 0, err
    return Store().root


@pytest.mark.parametrize("damage", ["not-json", "nested", "wrong-shape"])
def test_an_unreadable_list_of_games_loses_none_of_them(capsys, user_dir, damage) -> None:
    """``installed.json`` could not be read: the games were listed as none, and the next add
    tidied every folder it did not name away (each game installed was deleted)."""
    root = _installed(capsys)
    text = {"not-json": "{not json", "nested": "[" * 300_000,
            "wrong-shape": '{"format": 1, "systems": []}'}[damage]
    (root / INSTALLED).write_text(text, encoding="utf-8")
    code, out, err = run(capsys, "bsdata", "list")
    assert code == 0 and "Test Skirmish System  revision 3" in out
    assert f"{root / INSTALLED}: " in err
    assert "the game systems are found by their folders until the next add" in err
    code, out, err = run(capsys, "bsdata", "add", str(DUEL))
    assert code == 0, err
    code, out, err = run(capsys, "bsdata", "list")
    assert "Test Skirmish System" in out and "Test Duel" in out and err == ""


def test_a_list_of_games_that_cannot_be_written_is_said_and_nothing_changes(
        capsys, user_dir) -> None:
    root = _installed(capsys)
    (root / INSTALLED).unlink()
    (root / INSTALLED).mkdir()
    code, out, err = run(capsys, "bsdata", "remove", "ts-sys")
    assert code == 2 and "Traceback" not in err
    assert f"cannot write {root / INSTALLED}" in err
    code, out, err = run(capsys, "bsdata", "add", str(DUEL))
    assert code == 2 and f"cannot write {root / INSTALLED}" in err
    code, out, _err = run(capsys, "bsdata", "list")
    assert "Test Skirmish System" in out and "Test Duel" not in out


def test_a_damaged_installed_file_given_again_is_written_again(capsys, user_dir) -> None:
    root = _installed(capsys)
    catalogue = next(root.glob("test-*/*.cat"))
    catalogue.unlink()
    os.mkfifo(catalogue)
    code, out, err = run(capsys, "bsdata", "add", *map(str, TEST_FILES))
    assert code == 0, err
    assert "written again (the installed copy was damaged)" in out
    repaired = Store().systems()["ts-sys"]
    assert all(repaired.path(f).is_file() for f in repaired.files)
    code, out, err = run(capsys, "bsdata", "add", *map(str, TEST_FILES))
    assert code == 0 and "written again" not in out


def test_a_leftover_that_cannot_be_deleted_does_not_undo_a_done_add(capsys, user_dir) -> None:
    """A leftover of an interrupted write of ``installed.json`` is deleted after each add; one
    that is a folder failed the add that had just been made (exit 2, yet it was in)."""
    root = _installed(capsys)
    (root / f".{INSTALLED}.leftover.tmp").mkdir()
    code, out, err = run(capsys, "bsdata", "add", str(DUEL))
    assert code == 0, err
    assert "Test Duel" in run(capsys, "bsdata", "list")[1]
