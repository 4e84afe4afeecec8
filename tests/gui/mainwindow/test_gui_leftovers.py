"""The app opening a list removes what saves of ours killed midway left beside it (issue 40
#13; the saves themselves: tests/hostile/test_saving.py), and what autosaves killed midway left
in the recovery folder at start."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.data import save_warband
from builder.gui.recovery import Recovery
from tests.helpers import warband
from tests.hostile.test_saving import killed_saving, posix, temporaries


@posix
def test_opening_a_list_removes_a_killed_saves_temporary(make_window: Any, tmp_path: Path
                                                         ) -> None:
    path = tmp_path / "my-list.warband.yaml"
    save_warband(warband([("test-leader", 1)]), path)
    killed_saving(path)
    window = make_window()
    assert window.files.load_path(path, confirmed=True)
    assert temporaries(tmp_path) == []


@posix
def test_the_recovery_folder_is_cleaned_at_start(tmp_path: Path) -> None:
    folder = tmp_path / "recovery"
    folder.mkdir()
    autosave = folder / "autosave-1.warband.yaml"
    save_warband(warband([("test-leader", 1)]), autosave)
    killed_saving(autosave)
    Recovery.orphans(folder)
    assert temporaries(folder) == []

