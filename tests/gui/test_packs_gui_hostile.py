"""The packs dialog on a read-only data folder (issue 40 #10): removing or switching a pack
says the folder cannot be written, and nothing is said to be done that was not."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from builder.gui.dialogs.packs import PacksDialog
from builder.packs.install import Installer
from builder.packs.store import Store
from tests.hostile.helpers import read_only_folders
from tests.packs.helpers import PACK_ID, make_pack


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_remove_and_use_on_a_read_only_folder_say_so(qtbot, tmp_path: Path, user_dir: Path):
    for version in ("1.0.0", "1.1.0"):
        Installer().install(str(make_pack(tmp_path / version, version)))
    dialog = PacksDialog()
    qtbot.addWidget(dialog)
    told: list[str] = []
    dialog.tell = lambda title, text, warning: told.append(text)
    root = user_dir / "packs"
    with read_only_folders() as read_only:
        read_only(root / PACK_ID / "1.0.0", root / PACK_ID / "1.1.0", root / PACK_ID, root)
        assert not dialog.remove_selected(confirm=lambda _id: True)
        dialog.versions.setCurrentIndex(dialog.versions.findData("1.0.0"))
        dialog.use_selected()
    assert len(told) == 2 and all(f"{root} cannot be written: " in t for t in told)
    assert "Removed" not in dialog.status.text() and "Using" not in dialog.status.text()
    state = Store().get(PACK_ID)
    assert state is not None and state.ordered == ["1.0.0", "1.1.0"]
    assert state.active == "1.1.0"
