"""Data → BattleScribe data… (issue 39 item 1): the installed game systems and catalogues,
adding files, folders and data index addresses in a worker thread with progress and Cancel,
Update, Remove (asked first), the problems as ``FILE:LINE:COLUMN`` lines with Copy, files
dropped on the window, and the real games where ``../shared/battlescribe/data`` is here.
Our own test games only (TEST DATA ONLY: invented), served from 127.0.0.1."""

from __future__ import annotations

import gc
import shutil
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QThread, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox

from builder.bsdata.adding import Adder
from builder.bsdata.store import Store
from builder.gui.dialogs.bsdata import BSDataDialog, BSDataTask
from builder.packs.fetch import Cancelled
from tests.battlescribe.helpers import zipped
from tests.bsdata.helpers import (
    DUEL,
    DUEL_SYSTEM,
    TEST_FACTION,
    TEST_FILES,
    TEST_LIBRARY,
    TEST_SYSTEM,
    bumped,
    game_files,
    publish,
    real_game,
    release_folder,
    serving,
)
from tests.gui.conftest import click_message_box


@pytest.fixture
def dialog(qtbot: Any, user_dir: Path) -> BSDataDialog:
    made = BSDataDialog()
    qtbot.addWidget(made)
    made.show()
    return made


def run_task(qtbot: Any, dialog: BSDataDialog, start: Any, timeout: int = 30000) -> Any:
    with qtbot.waitSignal(dialog.busy_done, timeout=timeout):
        assert start() is not False
    return dialog.last_result


def rows(dialog: BSDataDialog) -> dict[str, list[str]]:
    """Each game system's row (name, revision, catalogues, from) and its catalogues' rows."""
    found = {}
    tree = dialog.tree
    for number in range(tree.topLevelItemCount()):
        item = tree.topLevelItem(number)
        found[item.text(0)] = [item.text(c) for c in range(4)]
        for child in range(item.childCount()):
            sub = item.child(child)
            found[sub.text(0)] = [sub.text(c) for c in range(4)]
    return found


def test_the_dialog_lists_what_is_installed(qtbot, user_dir):
    Adder().add([*map(str, TEST_FILES), str(DUEL)])
    dialog = BSDataDialog()
    qtbot.addWidget(dialog)
    assert rows(dialog) == {
        "Test Duel System": ["Test Duel System", "1", "1", "files"],
        "Test Duellists": ["Test Duellists", "1", "", "files"],
        "Test Skirmish System": ["Test Skirmish System", "3", "2", "files"],
        "Test Armoury (library)": ["Test Armoury (library)", "2", "", "files"],
        "Test Wanderers": ["Test Wanderers", "7", "", "files"]}
    skirmish = dialog.tree.topLevelItem(1)
    assert skirmish.child(1).toolTip(3) == f"Added from {TEST_FACTION}"
    assert not dialog.update_button.isEnabled()  # nothing came from a data index


def test_adding_a_folder_shows_progress_and_the_new_system(qtbot, dialog, tmp_path: Path):
    folder = tmp_path / "game"
    folder.mkdir()
    for path in TEST_FILES:
        shutil.copy(path, folder)
    assert dialog.tree.topLevelItemCount() == 0
    assert "No BattleScribe data added yet" in dialog.status.text()
    stages: list[str] = []
    dialog.progress_seen.connect(stages.append)
    dialog.ask_folder = lambda: str(folder)
    with qtbot.waitSignal(dialog.changed, timeout=30000):
        dialog.add_folder()
        assert dialog.busy.isVisibleTo(dialog) and not dialog.folder_button.isEnabled()
    assert {"reading", "linking", "writing"} <= set(stages)
    assert not dialog.busy.isVisibleTo(dialog) and dialog.folder_button.isEnabled()
    assert rows(dialog)["Test Skirmish System"] == ["Test Skirmish System", "3", "2", "files"]
    assert dialog.problem_lines("info") == [
        "Added Test Skirmish System (revision 3) with 2 catalogues"]
    assert set(Store().systems()) == {"ts-sys"}


def test_an_index_served_here_adds_and_updates(qtbot, dialog):
    with serving() as server:
        index = publish(server, "releases/latest", game_files())
        dialog.ask_address = lambda: index
        with qtbot.waitSignal(dialog.changed, timeout=30000):
            dialog.add_address()
        assert rows(dialog)["Test Wanderers"] == ["Test Wanderers", "7", "", index]
        assert rows(dialog)["Test Duel System"][3] == index
        assert dialog.update_button.isEnabled()
        publish(server, "releases/latest", game_files(8))
        with qtbot.waitSignal(dialog.changed, timeout=30000):
            dialog.update_button.click()
    assert rows(dialog)["Test Wanderers"][1] == "8"
    assert "    Test Wanderers: revision 7 → 8" in dialog.problem_lines("info")
    assert "Test Duel System: every file from a data index is the newest" in \
        dialog.problem_lines("info")


def test_not_an_address_is_said_at_once(dialog):
    dialog.ask_address = lambda: "github.com/BSData/x.bsi"
    dialog.add_address()
    assert dialog.task is None
    assert dialog.problem_lines("error") == [
        "github.com/BSData/x.bsi: not an http or https address (a data index address ends "
        "in .bsi)"]


def test_cancel_during_a_slow_download_installs_nothing(qtbot, dialog, tmp_path: Path):
    raw = zipped("test-faction.cat", TEST_FACTION.read_bytes())
    with serving() as server:  # the faction's first bytes, then nothing until the test ends
        index = publish(server, "r", game_files())
        server.stalling("r/test-faction.catz", raw[:10], len(raw))
        with qtbot.waitSignal(dialog.busy_done, timeout=20000):
            dialog.add([index])
            qtbot.waitUntil(lambda: "/r/test-faction.catz" in server.hits, timeout=10000)
            assert dialog.cancel_button.isEnabled()
            dialog.cancel()
        assert isinstance(dialog.last_result, Cancelled)
    assert dialog.status.text() == "Cancelled; nothing was changed."
    assert Store().systems() == {} and dialog.tree.topLevelItemCount() == 0
    # the dialog goes on working
    assert dialog.files_button.isEnabled() and not dialog.busy.isVisibleTo(dialog)
    dialog.ask_files = lambda: [str(DUEL_SYSTEM)]
    with qtbot.waitSignal(dialog.changed, timeout=20000):
        dialog.add_files()
    assert set(Store().systems()) == {"td-sys"}


def test_closing_the_dialog_during_a_download_stops_it(qtbot, dialog):
    raw = zipped("test-faction.cat", TEST_FACTION.read_bytes())
    with serving() as server:
        index = publish(server, "r", game_files())
        server.stalling("r/test-faction.catz", raw[:10], len(raw))
        with qtbot.waitSignal(dialog.busy_done, timeout=20000):
            dialog.add([index])
            qtbot.waitUntil(lambda: "/r/test-faction.catz" in server.hits, timeout=10000)
            qtbot.keyClick(dialog, Qt.Key.Key_Escape)  # Escape closes, and stops the work
            assert not dialog.isVisible()
        assert isinstance(dialog.last_result, Cancelled)
    assert Store().systems() == {}


def test_quitting_stops_the_work_and_installs_nothing(qtbot, dialog):
    """What the app does on quitting (aboutToQuit): no thread outlives it."""
    raw = zipped("test-faction.cat", TEST_FACTION.read_bytes())
    with serving() as server:
        index = publish(server, "r", game_files())
        server.stalling("r/test-faction.catz", raw[:10], len(raw))
        dialog.add([index])
        task = dialog.task
        qtbot.waitUntil(lambda: "/r/test-faction.catz" in server.hits, timeout=10000)
        BSDataTask.stop_all()
        assert task is not None and task.isFinished()
    assert Store().systems() == {}


def test_problems_show_as_lines_and_copy_puts_them_on_the_clipboard(qtbot, dialog,
                                                                     tmp_path: Path):
    broken = tmp_path / "broken.cat"
    broken.write_text("<catalogue>\n  <oops>\n</catalogue>\n", encoding="utf-8")
    run_task(qtbot, dialog, lambda: dialog.add([str(TEST_SYSTEM), str(broken)]))
    assert dialog.status.text() == "Nothing was changed:"
    assert dialog.problem_lines("error") == [
        f"{broken}:3:3: an end tag that does not match the element it closes"]
    assert dialog.problems_label.text() == "Problems: 1 error"
    assert Store().systems() == {}
    assert gc.isenabled()  # the garbage collector rests during the work only, failed or not
    # warnings: the data goes in, and they are listed apart from errors
    run_task(qtbot, dialog, lambda: dialog.add([str(p) for p in TEST_FILES]))
    warnings = dialog.problem_lines("warning")
    assert warnings == [
        f"{TEST_FACTION}:55:13: the link 'Lost Relic' points to 'ts-nowhere', which no file "
        "defines",
        f"{TEST_FACTION}:70:5: the id 'ts-horn' is used twice in this file (first at line 69)"]
    assert dialog.problem_lines("error") == []
    assert dialog.problems_label.text() == "Problems: 2 warnings"
    shown = [dialog.problems.item(i) for i in range(dialog.problems.count())]
    assert [i.toolTip() for i in shown] == ["Done", "Warning", "Warning"]
    dialog.copy_button.click()
    assert QGuiApplication.clipboard().text() == (
        "Done, with 2 warnings: defects BattleScribe and New Recruit tolerate; the data is in "
        "all the same.\nAdded Test Skirmish System (revision 3) with 2 catalogues\n\n"
        "Warnings:\n" + "\n".join(warnings) + "\n")



def test_an_older_file_is_kept_out_until_the_player_says_replace(qtbot, dialog,
                                                                 tmp_path: Path):
    """What ``bsdata add --force`` does, in the app's words: asked, never a flag named."""
    newer = tmp_path / "new" / TEST_FACTION.name
    newer.parent.mkdir()
    newer.write_bytes(bumped(TEST_FACTION.read_bytes(), 8))
    run_task(qtbot, dialog, lambda: dialog.add([str(TEST_SYSTEM), str(TEST_LIBRARY),
                                                 str(newer)]))
    refusal = ("'Test Wanderers' is revision 7, older than the installed revision 8, which "
               "is kept")
    # "Keep the installed": nothing changes, and the window says why in its own words
    seen = click_message_box("bsdata-force-question", "Keep the installed")
    run_task(qtbot, dialog, lambda: dialog.add([str(TEST_FACTION)]))
    assert seen == [f"Install the file given in place of the installed one?\n{refusal}"]
    assert dialog.status.text() == "Nothing was changed:"
    assert dialog.problem_lines("error") == [f"{TEST_FACTION}:4:1: {refusal}"]
    assert "--force" not in dialog.report_text()
    assert rows(dialog)["Test Wanderers"][1] == "8"
    # "Replace": the older one goes in
    seen = click_message_box("bsdata-force-question", "Replace")
    with qtbot.waitSignal(dialog.changed, timeout=30000):
        dialog.ask_files = lambda: [str(TEST_FACTION)]
        dialog.add_files()
    assert seen == [f"Install the file given in place of the installed one?\n{refusal}"]
    assert dialog.problem_lines("error") == []
    assert "    Test Wanderers: revision 8 → 7" in dialog.problem_lines("info")
    assert rows(dialog)["Test Wanderers"][1] == "7"
    assert Store().systems()["ts-sys"].by_id()["ts-fac"].revision == 7


def test_other_refusals_are_not_offered_as_replaceable(qtbot, dialog, tmp_path: Path):
    """One file force would take and one it would not (its game system is not there): no
    question, since replacing could not add them."""
    run_task(qtbot, dialog, lambda: dialog.add([str(p) for p in TEST_FILES]))
    edited = tmp_path / TEST_LIBRARY.name
    edited.write_bytes(TEST_LIBRARY.read_bytes().replace(b'value="5"', b'value="6"'))
    asked: list[list[str]] = []
    dialog.confirm_force = lambda refusals: asked.append(refusals) is not None
    run_task(qtbot, dialog, lambda: dialog.add([str(edited), str(DUEL / "test-duellists.cat")]))
    assert asked == []
    errors = dialog.problem_lines("error")
    assert len(errors) == 2 and any("installed with other contents" in e for e in errors)
    # the same file alone: asked; told no, nothing changes
    dialog.confirm_force = lambda refusals: asked.append(refusals) and False
    run_task(qtbot, dialog, lambda: dialog.add([str(edited)]))
    assert asked == [["'Test Armoury' revision 2 is installed with other contents; the "
                      "installed file is kept"]]
    assert dialog.task is None
    system = Store().systems()["ts-sys"]
    assert b'value="5"' in system.path(system.by_id()["ts-lib"]).read_bytes()



def test_remove_asks_then_removes(qtbot, dialog):
    run_task(qtbot, dialog, lambda: dialog.add([*map(str, TEST_FILES), str(DUEL)]))
    skirmish = dialog.tree.topLevelItem(1)
    dialog.tree.setCurrentItem(skirmish.child(0))  # a catalogue: its game system goes
    seen = click_message_box("bsdata-remove-question", QMessageBox.StandardButton.No)
    dialog.remove_button.click()
    assert dialog.task is None  # No: nothing started
    assert seen[0].startswith("Remove Test Skirmish System and its 2 catalogues?")
    assert set(Store().systems()) == {"ts-sys", "td-sys"}
    dialog.activateWindow()
    dialog.tree.setFocus()
    qtbot.waitUntil(dialog.tree.hasFocus, timeout=5000)
    click_message_box("bsdata-remove-question", QMessageBox.StandardButton.Yes)
    with qtbot.waitSignal(dialog.changed, timeout=20000):
        qtbot.keyClick(dialog.tree, Qt.Key.Key_Delete)  # Delete removes, asking first
    assert set(Store().systems()) == {"td-sys"}
    assert list(rows(dialog)) == ["Test Duel System", "Test Duellists"]
    assert dialog.problem_lines("info") == [
        "removed Test Skirmish System (id ts-sys) and its 2 catalogues"]


def test_a_damaged_game_system_is_listed_and_can_be_removed(qtbot, dialog):
    Adder().add([str(DUEL)])
    (Store().systems()["td-sys"].folder / "bsdata.json").write_text("{", encoding="utf-8")
    dialog.refresh()
    assert rows(dialog) == {"td-sys": ["td-sys", "", "", "cannot be read: remove it and add "
                                                         "it again"]}
    dialog.confirm_remove = lambda system, system_id: system is None and system_id == "td-sys"
    run_task(qtbot, dialog, dialog.remove_selected)
    assert Store().folders() == {} and dialog.tree.topLevelItemCount() == 0


def drop(window: Any, *paths: Path) -> tuple[bool, bool]:
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(p)) for p in paths])
    pos = window.rect().center()
    copy, left, none = (Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton,
                        Qt.KeyboardModifier.NoModifier)
    enter = QDragEnterEvent(pos, copy, mime, left, none)
    QApplication.sendEvent(window, enter)
    dropped = QDropEvent(QPointF(pos), copy, mime, left, none)
    QApplication.sendEvent(window, dropped)
    return enter.isAccepted(), dropped.isAccepted()


def test_files_dropped_on_the_window_are_added(qtbot, make_window, user_dir, tmp_path: Path):
    window = make_window()
    assert window.bsdata.dialog is None
    notes = tmp_path / "notes.txt"
    notes.write_text("x")
    assert drop(window, notes) == (False, False)  # not ours: left alone
    assert drop(window, *TEST_FILES) == (True, True)
    dialog = window.bsdata.dialog
    assert dialog is not None and dialog.isVisible()
    qtbot.waitUntil(lambda: dialog.task is None and "ts-sys" in Store().systems(),
                    timeout=20000)
    assert len(dialog.problem_lines("warning")) == 2  # the same dialog shows the problems
    # a data index beside its files, dropped on the dialog itself
    index = release_folder(tmp_path / "release", {
        "test-duel.gst": DUEL_SYSTEM.read_bytes(),
        "test-duellists.cat": (DUEL / "test-duellists.cat").read_bytes()})
    assert drop(dialog, index) == (True, True)
    qtbot.waitUntil(lambda: dialog.task is None and "td-sys" in Store().systems(),
                    timeout=20000)
    assert rows(dialog)["Test Duellists"][3] == "files"
    dialog.close()


def test_files_dropped_while_busy_are_added_after(qtbot, dialog):
    dialog.add([str(DUEL)])
    assert dialog.add([str(p) for p in TEST_FILES]) is False  # queued
    qtbot.waitUntil(lambda: dialog.task is None and len(Store().systems()) == 2,
                    timeout=20000)


def test_the_data_menu_opens_it(qtbot, make_window, user_dir):
    window = make_window()
    action = window.act.bsdata
    data, = [a.menu() for a in window.menuBar().actions() if a.text() == "&Data"]
    assert action in data.actions()
    action.trigger()
    dialog = window.bsdata.dialog
    assert dialog is not None and dialog.isVisible()
    assert dialog.focusWidget() is dialog.tree  # the keys go to the list first
    dialog.close()


def test_in_spanish(qtbot, spanish, user_dir):
    Adder().add([str(DUEL)])
    dialog = BSDataDialog()
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "Datos de BattleScribe"
    assert dialog.tree.topLevelItem(0).text(3) == "archivos"
    assert dialog.files_button.text().replace("&", "") == "Añadir archivos…"


# --- the real games (never committed; skipped when ../shared is not here) ------------------


def test_the_real_mordheim_folder_shows_its_12_warnings(qtbot, dialog):
    folder = real_game("mordheim")
    run_task(qtbot, dialog, lambda: dialog.add([str(folder)]), timeout=120000)
    warnings = dialog.problem_lines("warning")
    assert len(warnings) == 12 and all(w.startswith(str(folder)) for w in warnings)
    assert all("the link 'Parry' points to" in w for w in warnings)
    assert dialog.problems_label.text() == "Problems: 12 warnings"
    assert rows(dialog)["Mordheim"][1:3] == ["16", "17"]


def test_adding_kill_team_keeps_the_event_loop_turning(qtbot, dialog):
    """The work is in the worker thread: while it reads 129 files, the GUI thread handles
    its progress one report at a time (the dialog would freeze if the work ran here)."""
    folder = real_game("killteam")
    gui = QApplication.instance().thread()
    while_running: list[str] = []

    def seen(stage: str) -> None:
        assert QThread.currentThread() == gui  # handled here, in the GUI thread
        if dialog.task is not None and dialog.task.isRunning():
            while_running.append(stage)

    dialog.progress_seen.connect(seen)
    run_task(qtbot, dialog, lambda: dialog.add([str(folder)]), timeout=300000)
    assert while_running.count("reading") >= 10
    assert len([n for n in rows(dialog) if "Kill Team" in n]) >= 3
