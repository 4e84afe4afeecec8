"""Starting the app as ``spherewars gui [FILE]`` does: names, icon, FILE, crash recovery, and
painting without Qt's GUI thread pool."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from builder.data import save_warband
from builder.gui.app import create_app, create_window
from builder.gui.recovery import Recovery
from builder.model import Entry, Warband
from builder.plumbing import paths
from tests.gui.conftest import click_message_box

ROOT = Path(__file__).resolve().parents[2]


def soimi(name: str) -> Warband:
    return Warband(name=name, faction="soimi", points_limit=400,
                   entries=[Entry(combatant="tir-abe", count=1)])


def close_quietly(window: Any) -> None:
    window.stack.setClean()
    window.close()


def test_the_app_carries_the_names_settings_and_the_desktop_use(qapp: QApplication) -> None:
    app = create_app()
    assert app is qapp
    assert app.organizationName() == paths.ORGANIZATION
    assert app.applicationName() == paths.APPLICATION
    assert app.desktopFileName() == paths.DESKTOP_ID
    icons = paths.resources_dir() / "icons"
    if any(icons.glob("hicolor/*/apps/*.png")) or (icons / "spherewars.svg").exists():
        assert not app.windowIcon().isNull()


def test_a_file_on_the_command_line_is_opened(qtbot: Any, user_dir: Path,
                                              tmp_path: Path) -> None:
    path = tmp_path / "cli.warband.yaml"
    save_warband(soimi("From the command line"), path)
    window = create_window(str(path))
    qtbot.addWidget(window, before_close_func=close_quietly)
    qtbot.waitUntil(lambda: window.doc.path == path.resolve(), timeout=3000)
    assert window.windowTitle().startswith("From the command line[*]")
    assert not window.isWindowModified()


def test_a_broken_file_on_the_command_line_shows_why(qtbot: Any, user_dir: Path,
                                                     tmp_path: Path) -> None:
    path = tmp_path / "broken.warband.yaml"
    path.write_text("schema: spherewars-warband/1\nname: x\nfaction: soimi\n"
                    "entries:\n  - combatnt: tir-abe\n", encoding="utf-8")
    seen = click_message_box("error-dialog", QMessageBox.StandardButton.Ok)
    window = create_window(str(path))
    qtbot.addWidget(window, before_close_func=close_quietly)
    qtbot.waitUntil(lambda: bool(seen), timeout=3000)
    assert f"{path}:5:5: unknown key 'combatnt' (did you mean 'combatant'?)" in seen[0]
    assert window.doc.entries == [] and window.doc.path is None


def test_a_crashed_session_is_offered_back_at_start(qtbot: Any, user_dir: Path,
                                                    tmp_path: Path) -> None:
    crashed = Recovery(user_dir)
    origin = tmp_path / "was-here.warband.yaml"
    crashed.write(soimi("Before the crash"), origin)
    crashed._lock.unlock()  # the process died: nobody holds its lock
    seen = click_message_box("recovery-prompt", "Restore")
    window = create_window(None)
    qtbot.addWidget(window, before_close_func=close_quietly)
    qtbot.waitUntil(lambda: window.doc.warband.name == "Before the crash", timeout=3000)
    assert "Before the crash" in seen[0] and str(origin) in seen[0]
    assert window.isWindowModified() and window.doc.path == origin
    assert not crashed.list_path.exists()


PAINT_A_SCROLL_BAR = """
import os, sys
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QScrollBar
from builder.gui.app import create_app
app = create_app([sys.argv[0]])
bar = QScrollBar(Qt.Orientation.Vertical)
bar.resize(14, 600)
bar.show()
app.processEvents()
for _ in range(3):
    bar.repaint()
print([open(f"/proc/self/task/{t}/comm").read().strip() for t in os.listdir("/proc/self/task")])
"""


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="threads listed by /proc")
def test_the_app_paints_without_qts_thread_pool() -> None:
    """A scroll bar is taller than the fills Qt hands to its GUI thread pool: handing them
    off cost more than painting (issue 15), and the app paints them on its own thread."""
    env = {k: v for k, v in os.environ.items() if k != "QT_NO_GUI_THREADPOOL"}
    env["PYTHONPATH"] = str(ROOT)
    run = subprocess.run([sys.executable, "-c", PAINT_A_SCROLL_BAR], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    threads = run.stdout.strip()
    assert "python" in threads and "pooled" not in threads


def test_start_up_reopens_what_the_player_was_working_on(qtbot: Any, user_dir: Path,
                                                         tmp_path: Path) -> None:
    """Issue 41 item 12: the app started on a fresh SphereWars list whatever the player did
    last. It reopens the last list; when that list was never saved (or is gone), it starts a
    new list of the last game and faction used."""
    from PySide6.QtCore import QSettings

    from builder.gui.document import new_warband
    from tests.conftest import TEST_DATA

    factions = user_dir / "factions"
    factions.mkdir()
    (factions / "test-torn-expedition.yaml").write_bytes(
        (TEST_DATA / "systems" / "test-torn-expedition.yaml").read_bytes())
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    path = tmp_path / "torn.warband.yaml"
    path.write_bytes((TEST_DATA / "systems" / "lists" / "torn-one-leader.warband.yaml")
                     .read_bytes())

    def start() -> Any:
        window = create_window(None, settings=settings)
        qtbot.addWidget(window, before_close_func=close_quietly)
        return window

    first = start()
    assert first.files.load_path(path, confirmed=True)
    first.close()
    again = start()
    qtbot.waitUntil(lambda: again.doc.path == path.resolve(), timeout=3000)
    assert again.doc.warband.name == "Test expedition with one leader"
    # a new Torn list, never saved, and the app closed: a new Torn list at the next start
    again.files.replace(new_warband("test-torn-expedition", "Unsaved"), None)
    again.close()
    third = start()
    qtbot.waitUntil(lambda: third.doc.warband.faction == "test-torn-expedition", timeout=3000)
    assert third.doc.path is None and third.doc.entries == []
    assert third.doc.warband.name == "New expedition"
    assert not third.isWindowModified()
    # the last list gone: a new list of its game
    third.files.load_path(path, confirmed=True)
    third.close()
    path.unlink()
    fourth = start()
    qtbot.waitUntil(lambda: fourth.doc.warband.faction == "test-torn-expedition", timeout=3000)
    assert fourth.doc.path is None
