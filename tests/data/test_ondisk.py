"""Telling that a file changed on disk since it was read or written (issue 28, item 12)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from builder.data.ondisk import DiskState, Watched


@pytest.fixture
def listed(tmp_path: Path) -> Path:
    path = tmp_path / "a.warband.yaml"
    path.write_text("name: A\n", encoding="utf-8")
    return path


def test_an_edit_in_place_is_a_change(listed: Path) -> None:
    before = DiskState.of(listed)
    assert before.changed_since(listed) is None
    listed.write_text("name: B\n", encoding="utf-8")
    assert before.changed_since(listed) is not None


def test_a_replaced_file_with_other_bytes_is_a_change_even_of_the_same_size(
        listed: Path, tmp_path: Path) -> None:
    before = DiskState.of(listed)
    other = tmp_path / "other"
    other.write_text("name: C\n", encoding="utf-8")  # same size, another inode
    os.replace(other, listed)
    assert before.changed_since(listed) is not None


def test_touched_or_copied_back_unchanged_is_not_a_change(listed: Path, tmp_path: Path) -> None:
    before = DiskState.of(listed)
    os.utime(listed, ns=(5, 5))
    assert before.changed_since(listed) is None
    copy = tmp_path / "copy"
    copy.write_bytes(listed.read_bytes())
    os.replace(copy, listed)
    assert before.changed_since(listed) is None


def test_a_deleted_file_is_not_a_change(listed: Path) -> None:
    before = DiskState.of(listed)
    listed.unlink()
    assert before.changed_since(listed) is None


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs")
def test_a_fifo_in_its_place_is_never_read(listed: Path) -> None:
    before = DiskState.of(listed)
    listed.unlink()
    os.mkfifo(listed)  # reading it would wait for a writer forever
    now = before.changed_since(listed)
    assert now is not None and now.digest is None
    assert DiskState.of(listed).digest is None


def test_one_change_is_asked_about_once_except_when_saving(listed: Path) -> None:
    watched = Watched()
    watched.remember(listed)
    assert not watched.changed(listed)
    listed.write_text("name: B\n", encoding="utf-8")
    assert watched.changed(listed)  # coming back to the window: asked
    assert not watched.changed(listed)  # and again: not asked twice
    assert watched.changed(listed, again=True)  # saving: asked every time
    listed.write_text("name: Another change\n", encoding="utf-8")
    assert watched.changed(listed)  # a new change is asked about
    watched.remember(listed)  # read again or saved: nothing to ask
    assert not watched.changed(listed, again=True)
    watched.remember(None)  # a list with no file
    assert not watched.changed(listed, again=True)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_file_that_cannot_be_read_counts_by_its_status(listed: Path) -> None:
    before = DiskState.of(listed)
    listed.write_text("name: Other\n", encoding="utf-8")
    listed.chmod(0)
    try:
        assert before.changed_since(listed) is not None
    finally:
        listed.chmod(0o644)
