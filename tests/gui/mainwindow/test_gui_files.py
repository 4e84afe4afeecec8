"""The open list's file: recovery written on every change (issue 31, item 9) and surviving a
``kill -9``; a recovery folder that cannot be written (issue 28, item 11); a file changed on
disk by another window or program (issue 28, item 12)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QApplication, QMessageBox

from builder.data import load_warband, save_warband
from builder.gui import recovery as recovery_module
from builder.gui.commands import SetNameCommand
from builder.gui.recovery import Recovery, list_copy
from builder.model import Entry, Warband
from tests.gui.conftest import click_message_box

ROOT = Path(__file__).resolve().parents[3]


def soimi(name: str, *entries: tuple[str, int]) -> Warband:
    return Warband(name=name, faction="soimi", points_limit=400,
                   entries=[Entry(combatant=c, count=n) for c, n in entries])


def rename(window: Any, name: str) -> None:
    window.stack.push(SetNameCommand(window.doc, name))


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> bool:
    """Wait until ``condition`` holds (checked every few milliseconds), at most ``timeout``
    seconds; whether it held."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.01)
    return condition()


def autosaved(folder: Path) -> list[Path]:
    return sorted(folder.glob("autosave-*.warband.yaml"))


def autosaved_name(folder: Path) -> str | None:
    for path in autosaved(folder):
        try:
            return load_warband(path).name
        except Exception:  # noqa: BLE001 — being replaced right now: look again
            return None
    return None


# ---------------------------------------------------------------- recovery on every change


def test_every_change_reaches_the_recovery_copy_at_once(qtbot: Any, window: Any) -> None:
    copy = window.files.recovery.list_path
    window.add_combatant("tir-abe")
    qtbot.waitUntil(copy.is_file, timeout=3000)
    assert [(e.combatant, e.count) for e in load_warband(copy).entries] == [("tir-abe", 1)]
    rename(window, "Renamed a moment ago")
    qtbot.waitUntil(lambda: load_warband(copy).name == "Renamed a moment ago", timeout=3000)
    # back to the saved state (nothing unsaved): the copy goes
    while window.stack.canUndo():
        window.stack.undo()
    qtbot.waitUntil(lambda: not copy.exists(), timeout=3000)


def test_a_burst_of_changes_is_written_once(qtbot: Any, window: Any,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    writes: list[str] = []
    real = Recovery.save

    def counted(self: Recovery, text: str, meta: dict[str, Any]) -> None:
        writes.append(meta["name"])
        real(self, text, meta)

    monkeypatch.setattr(Recovery, "save", counted)
    for i in range(20):
        rename(window, f"Name {i}")
    qtbot.waitUntil(lambda: bool(writes), timeout=3000)
    QApplication.processEvents()
    assert writes == ["Name 19"]


def test_typing_without_a_pause_is_still_written(qtbot: Any, window: Any,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """The copy waits for a pause, but never longer than LONGEST_WAIT_MS."""
    clock = [1000.0]
    monkeypatch.setattr(recovery_module.time, "monotonic", lambda: clock[0])
    rename(window, "First")
    for i in range(10):  # a change every 0.3 s for 3 s: the pause never comes
        clock[0] += 0.3
        rename(window, f"Typing {i}")
    assert window.files.recovery.list_path.is_file()


CHILD = """
import sys
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from builder.gui.app import create_app
from builder.gui.commands import SetNameCommand
from builder.gui.mainwindow import MainWindow

app = create_app([sys.argv[0]])
folder = Path(sys.argv[1])
window = MainWindow(settings=QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat),
                    recovery_dir=folder / "recovery")
window.show()
steps = [lambda: window.add_combatant("tir-abe"), lambda: window.add_combatant("nek-org"),
         lambda: window.stack.push(SetNameCommand(window.doc, "The last edit"))]

def step():
    steps.pop(0)()
    if steps:
        QTimer.singleShot(0, step)
    else:
        print("edited", flush=True)

QTimer.singleShot(0, step)
app.exec()
"""


def test_kill_9_loses_no_edit_that_was_finished(make_window: Any, tmp_path: Path) -> None:
    """A real process, killed outright (SIGKILL: no clean-up runs) just after its last edit:
    the next start offers every edit back."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen",
           "SPHEREWARS_USER_DIR": str(tmp_path / "user")}
    child = subprocess.Popen([sys.executable, "-c", CHILD, str(tmp_path)], env=env, cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "edited"
        # the copy is written within a moment of the last edit (no fixed sleep: its name)
        assert wait_for(lambda: autosaved_name(tmp_path / "recovery") == "The last edit"), \
            child.stderr.read() if child.poll() is not None and child.stderr else "no copy"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL

    window = make_window()
    window.prompter.script("recover", True)
    assert window.files.offer_recovery()
    assert window.doc.warband.name == "The last edit"
    assert [(e.combatant, e.count) for e in window.doc.entries] == [("tir-abe", 1),
                                                                   ("nek-org", 1)]
    assert window.isWindowModified()


# ---------------------------------------------------- a recovery folder that cannot be written


@pytest.fixture
def blocked(tmp_path: Path) -> Path:
    """A recovery folder nobody can make, root included: its parent is a file."""
    (tmp_path / "a-file").write_text("", encoding="utf-8")
    return tmp_path / "a-file" / "recovery"


def test_an_unwritable_recovery_folder_is_said_once_and_work_goes_on(
        qtbot: Any, make_window: Any, blocked: Path, tmp_path: Path) -> None:
    window = make_window(recovery_dir=blocked)
    assert not window.files.offer_recovery()
    qtbot.waitUntil(lambda: bool(window.prompter.asked("recovery_off")), timeout=3000)
    (folder, problem), = window.prompter.asked("recovery_off")
    assert folder == blocked and problem
    # opening a list: no error, and it is not shown as modified
    path = tmp_path / "mine.warband.yaml"
    save_warband(soimi("Mine", ("tir-abe", 1)), path)
    assert window.files.load_path(path, confirmed=True)
    assert not window.isWindowModified() and window.doc.warband.name == "Mine"
    # editing and saving go on; recovery is not mentioned again
    window.add_combatant("nek-org")
    window.files.autosave()
    rename(window, "Still mine")
    QApplication.processEvents()
    assert window.files.save()
    assert load_warband(path).name == "Still mine"
    assert len(window.prompter.asked("recovery_off")) == 1
    assert window.prompter.asked("error") == []


def test_a_failed_write_later_turns_recovery_off_once(qtbot: Any, window: Any,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A disk that fills up while the app runs: said once, the user edits on."""
    def full(*_args: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(recovery_module, "write_atomic", full)
    for name in ("One", "Two", "Three"):
        rename(window, name)
        window.files.autosave()
    qtbot.waitUntil(lambda: bool(window.prompter.asked("recovery_off")), timeout=3000)
    QApplication.processEvents()
    assert window.prompter.asked("recovery_off") == [(window.files.recovery.folder,
                                                      "No space left on device")]
    assert window.doc.warband.name == "Three"


@pytest.fixture
def read_only_mount(tmp_path: Path) -> Iterator[Path]:
    """A real read-only file system (where even removing a file that is not there fails), when
    this machine lets the tests mount one (Linux, as root); skipped elsewhere."""
    folder = tmp_path / "ro"
    folder.mkdir()
    if sys.platform != "linux" or os.geteuid() != 0:
        pytest.skip("mounting a read-only file system needs root on Linux")
    made = subprocess.run(["mount", "-t", "tmpfs", "-o", "ro,size=64k", "tmpfs", str(folder)],
                          capture_output=True)
    if made.returncode:
        pytest.skip("this machine does not let the tests mount a file system")
    try:
        yield folder
    finally:
        subprocess.run(["umount", str(folder)], check=False)


def test_a_read_only_file_system_as_recovery_folder(qtbot: Any, make_window: Any,
                                                    read_only_mount: Path,
                                                    tmp_path: Path) -> None:
    window = make_window(recovery_dir=read_only_mount)
    path = tmp_path / "mine.warband.yaml"
    save_warband(soimi("Mine", ("tir-abe", 1)), path)
    assert window.files.load_path(path, confirmed=True)  # (raised EROFS from the recovery copy)
    assert not window.isWindowModified()
    assert not window.files.offer_recovery()
    window.add_combatant("nek-org")
    window.files.autosave()
    qtbot.waitUntil(lambda: bool(window.prompter.asked("recovery_off")), timeout=3000)
    assert "Read-only" in window.prompter.asked("recovery_off")[0][1]


def test_the_recovery_off_note_says_why_once(qtbot: Any, make_window: Any,
                                             blocked: Path) -> None:
    """The real note (not a scripted answer): what the user reads."""
    window = make_window(recovery_dir=blocked)
    window.prompter.note_recovery_off = type(window.prompter).__bases__[0].note_recovery_off \
        .__get__(window.prompter)
    seen = click_message_box("recovery-off-note", QMessageBox.StandardButton.Ok)
    window.files.offer_recovery()
    qtbot.waitUntil(lambda: bool(seen), timeout=3000)
    assert "Unsaved changes cannot be kept for recovery after a crash" in seen[0]
    assert str(blocked) in seen[0] and "You can go on working" in seen[0]


# ---------------------------------------------------------------- changed on disk


@pytest.fixture
def on_disk(tmp_path: Path) -> Path:
    path = tmp_path / "shared.warband.yaml"
    save_warband(soimi("Shared", ("tir-abe", 1)), path)
    return path


def edit_outside(path: Path, name: str) -> None:
    """Another program writes the file in place (an editor; not an atomic replace)."""
    text = path.read_text(encoding="utf-8").replace("name: Shared", f"name: {name}")
    path.write_text(text, encoding="utf-8")


@pytest.mark.parametrize("answer", ["keep", "overwrite", "reload", "save-as"])
def test_saving_over_a_file_changed_outside_asks_first(window: Any, on_disk: Path,
                                                       tmp_path: Path, answer: str) -> None:
    assert window.files.load_path(on_disk, confirmed=True)
    window.add_combatant("nek-org")
    edit_outside(on_disk, "Edited outside")
    window.prompter.script("changed_on_disk", answer)
    other = tmp_path / "mine-too.warband.yaml"
    window.prompter.script("save_path", str(other))
    saved = window.files.save()
    assert window.prompter.asked("changed_on_disk") == [(on_disk.resolve(), True, True)]
    outside = load_warband(on_disk)
    if answer == "keep":
        assert not saved and outside.name == "Edited outside" and window.isWindowModified()
    elif answer == "overwrite":
        assert saved and outside.name == "Shared" and len(outside.entries) == 2
    elif answer == "reload":
        assert not saved and outside.name == "Edited outside"
        assert window.doc.warband.name == "Edited outside" and not window.isWindowModified()
    else:
        assert saved and outside.name == "Edited outside"
        assert window.doc.path == other.resolve() and len(load_warband(other).entries) == 2


def test_two_windows_on_one_file_do_not_save_over_each_other(make_window: Any,
                                                            on_disk: Path) -> None:
    first, second = make_window(), make_window()
    for window in (first, second):
        assert window.files.load_path(on_disk, confirmed=True)
    rename(first, "First's notes")
    assert first.files.save()
    assert first.prompter.asked("changed_on_disk") == []  # its own save is no change
    rename(second, "Second's notes")
    assert not second.files.save()  # asked; the scripted default does nothing now
    assert second.prompter.asked("changed_on_disk") == [(on_disk.resolve(), True, True)]
    assert load_warband(on_disk).name == "First's notes"
    # saving again (after choosing to do nothing) asks again
    second.prompter.script("changed_on_disk", "overwrite")
    assert second.files.save()
    assert load_warband(on_disk).name == "Second's notes"
    # and now the first one is the one behind
    rename(first, "First again")
    first.files.save()
    assert len(first.prompter.asked("changed_on_disk")) == 1


def test_a_file_touched_or_copied_back_unchanged_is_not_a_change(window: Any, on_disk: Path,
                                                                 tmp_path: Path) -> None:
    assert window.files.load_path(on_disk, confirmed=True)
    os.utime(on_disk, ns=(1, 1))
    copy = tmp_path / "copy"
    copy.write_bytes(on_disk.read_bytes())
    os.replace(copy, on_disk)  # same bytes, another inode
    rename(window, "Mine")
    assert window.files.save()
    assert window.prompter.asked("changed_on_disk") == []


def activate(window: Any) -> None:
    """What Qt sends when the window comes back to the front."""
    window.activateWindow()
    QApplication.sendEvent(window, QEvent(QEvent.Type.ActivationChange))


def test_coming_back_to_the_window_notices_a_change(qtbot: Any, window: Any,
                                                    on_disk: Path) -> None:
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    assert window.files.load_path(on_disk, confirmed=True)
    activate(window)
    QApplication.processEvents()
    assert window.prompter.asked("changed_on_disk") == []  # nothing changed yet
    edit_outside(on_disk, "Edited outside")
    window.prompter.script("changed_on_disk", "reload")
    activate(window)
    qtbot.waitUntil(lambda: bool(window.prompter.asked("changed_on_disk")), timeout=3000)
    assert window.prompter.asked("changed_on_disk") == [(on_disk.resolve(), False, False)]
    assert window.doc.warband.name == "Edited outside" and not window.isWindowModified()


def test_a_change_put_off_is_not_asked_again_on_focus_but_on_save(qtbot: Any, window: Any,
                                                                  on_disk: Path) -> None:
    qtbot.waitUntil(window.isActiveWindow, timeout=3000)
    assert window.files.load_path(on_disk, confirmed=True)
    edit_outside(on_disk, "Edited outside")
    for _ in range(3):
        activate(window)
        QApplication.processEvents()
    assert len(window.prompter.asked("changed_on_disk")) == 1  # "decide later", once
    rename(window, "Mine")
    window.prompter.script("changed_on_disk", "overwrite")
    assert window.files.save()
    assert len(window.prompter.asked("changed_on_disk")) == 2
    assert load_warband(on_disk).name == "Mine"


def test_the_changed_on_disk_question_names_the_choices(qtbot: Any, window: Any,
                                                        on_disk: Path) -> None:
    """The real question (not a scripted answer): what the user reads and clicks."""
    window.prompter.ask_changed_on_disk = type(window.prompter).__bases__[0] \
        .ask_changed_on_disk.__get__(window.prompter)
    assert window.files.load_path(on_disk, confirmed=True)
    rename(window, "Mine")
    edit_outside(on_disk, "Edited outside")
    seen = click_message_box("changed-on-disk-prompt", "Overwrite")
    assert window.files.save()
    assert "“shared.warband.yaml” was changed by another program or window" in seen[0]
    assert "your unsaved changes here are lost" in seen[0]
    assert load_warband(on_disk).name == "Mine"


# ---------------------------------------------------------------- the copy reads back the same


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(name=st.text(min_size=1, max_size=40), notes=st.none() | st.text(max_size=200),
       ids=st.lists(st.from_regex(r"[a-z][a-z0-9-]{0,20}", fullmatch=True), max_size=5))
def test_the_recovery_copy_reads_back_as_the_list(tmp_path: Path, name: str,
                                                  notes: str | None, ids: list[str]) -> None:
    """Any name and notes a list may hold (escapes, YAML's own line breaks, astral
    characters…) come back from the copy exactly."""
    try:
        warband = Warband(name=name, faction="soimi", points_limit=None, notes=notes,
                          entries=[Entry(combatant=c, count=1) for c in ids])
    except ValueError:
        return  # not a list the app could hold
    text, meta = list_copy(warband, None)
    path = tmp_path / "copy.warband.yaml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    assert load_warband(path).to_data() == warband.to_data()
    assert meta["name"] == name
