"""Saved files keep the permissions the user chose (issue 28, item 10): a new file gets what the
umask gives any new file, a replaced one keeps its mode; through the app's save and the CLI."""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.data import save_warband, write_atomic
from builder.data.share import encode_warband
from builder.model import Entry, Warband
from tests.cli.test_cli import run

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")


@pytest.fixture
def umask() -> Iterator[object]:
    """Set the process's umask for the test (``umask.set(0o077)``), restored after."""
    old = os.umask(0o022)

    class Umask:
        @staticmethod
        def set(value: int) -> None:
            os.umask(value)

    yield Umask
    os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def a_list() -> Warband:
    return Warband(name="Private", faction="soimi", points_limit=400,
                   entries=[Entry(combatant="tir-abe", count=1)])


@pytest.mark.parametrize(("mask", "expected"), [(0o077, 0o600), (0o002, 0o664),
                                                (0o022, 0o644), (0o027, 0o640)])
def test_a_new_file_gets_what_the_umask_gives(tmp_path: Path, umask, mask: int,
                                              expected: int) -> None:
    umask.set(mask)
    path = tmp_path / "new.warband.yaml"
    save_warband(a_list(), path)
    assert mode(path) == expected
    write_atomic(tmp_path / "new.pdf", b"%PDF-")
    assert mode(tmp_path / "new.pdf") == expected


@pytest.mark.parametrize("old_mode", [0o600, 0o640, 0o664, 0o755])
def test_a_replaced_file_keeps_its_mode_whatever_the_umask(tmp_path: Path, umask,
                                                           old_mode: int) -> None:
    path = tmp_path / "kept.warband.yaml"
    path.write_text("old", encoding="utf-8")
    path.chmod(old_mode)
    umask.set(0o022 if old_mode != 0o644 else 0o077)
    save_warband(a_list(), path)
    assert mode(path) == old_mode
    assert "Private" in path.read_text(encoding="utf-8")


def test_no_temporary_file_is_left_behind(tmp_path: Path, umask) -> None:
    umask.set(0o077)
    for _ in range(3):
        write_atomic(tmp_path / "x.warband.yaml", "name: x\n")
    assert [p.name for p in tmp_path.iterdir()] == ["x.warband.yaml"]


def test_the_cli_writes_new_files_by_the_umask(tmp_path: Path, umask, capsys) -> None:
    umask.set(0o077)
    target = tmp_path / "imported.warband.yaml"
    code, _out, err = run(capsys, "import", encode_warband(a_list()), "-o", str(target))
    assert code == 0, err
    assert mode(target) == 0o600


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                    reason="only root may give a file to another user")
def test_root_saving_a_users_list_leaves_it_the_users(tmp_path: Path) -> None:
    path = tmp_path / "theirs.warband.yaml"
    path.write_text("old", encoding="utf-8")
    os.chown(path, 12345, 12346)
    save_warband(a_list(), path)
    assert (path.stat().st_uid, path.stat().st_gid) == (12345, 12346)
