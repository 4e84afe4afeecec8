"""Play mode in the app: Game → Start game, the play window's tiles, tracks and counters by
mouse and keyboard, undo, the game saved beside the list after every change (and still there
after ``kill -9``), resumed after a restart, and ended."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QPushButton

from builder.data import Catalogue
from builder.play.state import game_path
from tests.conftest import REPO, TEST_DATA, TEST_FACTIONS
from tests.play.test_play_core import sw_list

LISTS = TEST_DATA / "systems" / "lists"


@pytest.fixture
def games_catalogue() -> Catalogue:
    return Catalogue.load([TEST_DATA / "systems", TEST_FACTIONS], user=False)


def copy_list(tmp_path: Path, source: Path) -> Path:
    target = tmp_path / source.name
    target.write_bytes(source.read_bytes())
    return target


def start(make_window: Any, cat: Catalogue, path: Path) -> tuple[Any, Any]:
    window = make_window(cat)
    assert window.files.load_path(path, confirmed=True)
    assert window.game.start.text() == "&Start game"
    window.game.start.trigger()
    play = window.game.play_window
    assert play is not None and play.isVisible()
    return window, play


def tile(play: Any, key: str) -> Any:
    return next(t for t in play.tiles if t.m.key == key)


def saved(window: Any) -> dict[str, Any]:
    return json.loads(game_path(window.doc.path).read_text(encoding="utf-8"))


def test_start_game_ticks_a_wound_by_mouse_and_saves_it_at_once(make_window, games_catalogue,
                                                                 tmp_path, qtbot):
    window, play = start(make_window, games_catalogue,
                         copy_list(tmp_path, LISTS / "torn-one-leader.warband.yaml"))
    captain = tile(play, "test-captain/1")
    label, boxes = captain.tracks["wounds"]
    assert label.text() == "Wounds: 5 left, maximum 5"
    qtbot.mouseClick(boxes[1], Qt.MouseButton.LeftButton)
    assert label.text() == "Wounds: 3 left, maximum 5"
    assert [b.isChecked() for b in boxes] == [True, True, False, False, False]
    assert saved(window)["models"]["test-captain/1"]["ticks"] == {"wounds": 2}
    play.undo_button.click()
    assert label.text() == "Wounds: 5 left, maximum 5"
    assert saved(window)["models"]["test-captain/1"]["ticks"] == {"wounds": 0}  # undo too
    play.redo_action.trigger()
    assert saved(window)["models"]["test-captain/1"]["ticks"] == {"wounds": 2}


def test_spherewars_three_turns_in_the_app(make_window, games_catalogue, tmp_path, qtbot):
    window, play = start(make_window, games_catalogue, sw_list(tmp_path))
    orders = play.counters["orders"]
    assert orders.value.text() == "3" and play.counters["power-gems"].value.text() == "4"
    orders.less.click()
    avatar = tile(play, "test-avatar/1")
    qtbot.mouseClick(avatar.tracks["wounds"][1][4], Qt.MouseButton.LeftButton)  # dead
    assert avatar.property("gone") is True
    assert play.tally.text() == "In play: 3 · Removed: 1"
    leader = tile(play, "test-leader/1")
    leader.activated.click()
    leader.counters["fatigue"].more.click()
    play.next_button.click()
    assert play.turn.text() == "Turn 2"
    assert orders.value.text() == "2" and play.counters["power-gems"].value.text() == "1"
    assert not leader.activated.isChecked()
    assert leader.counters["fatigue"].value.text() == "0"
    tile(play, "test-grunt/1").removal.click()
    play.next_action.trigger()  # Ctrl+Return
    assert play.turn.text() == "Turn 3"
    assert saved(window)["turn"] == 3
    assert play.tally.text() == "In play: 2 · Removed: 2"
    for _step in range(8):  # every change undoes, back to the start of the game
        play.undo_action.trigger()
    assert play.turn.text() == "Turn 1" and orders.value.text() == "3"
    assert play.tally.text() == "In play: 4 · Removed: 0"
    assert not play.session.stack.canUndo()


def test_torn_three_turns_by_keyboard(make_window, games_catalogue, tmp_path, qtbot):
    window, play = start(make_window, games_catalogue,
                         copy_list(tmp_path, LISTS / "torn-one-leader.warband.yaml"))
    play.activateWindow()
    qtbot.waitUntil(play.isActiveWindow)
    musketeer = tile(play, "test-musketeer/1")
    musketeer.setFocus()
    qtbot.keyClick(musketeer, Qt.Key.Key_Plus)
    qtbot.keyClick(musketeer, Qt.Key.Key_A)
    assert musketeer.tracks["wounds"][0].text() == "Wounds: 2 left, maximum 3"
    assert musketeer.activated.isChecked() and musketeer.property("acted") is True
    panic = musketeer.markers["panic"]
    panic.setFocus()
    qtbot.keyClick(panic, Qt.Key.Key_Space)
    assert panic.isChecked()
    qtbot.keyClick(panic, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert play.turn.text() == "Turn 2" and not musketeer.activated.isChecked()
    brute = tile(play, "test-brute/1")
    brute.setFocus()
    qtbot.keyClick(brute, Qt.Key.Key_Delete)
    assert brute.property("gone") is True and brute.removal.text() == "Back in play"
    qtbot.keyClick(brute, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert play.turn.text() == "Turn 3"
    state = saved(window)
    assert state["models"]["test-musketeer/1"]["markers"] == ["panic"]
    assert state["models"]["test-brute/1"]["removed"] is True
    qtbot.keyClick(brute, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert play.turn.text() == "Turn 2"


def test_spherus_three_rounds_in_the_app(make_window, games_catalogue, tmp_path, qtbot):
    window, play = start(make_window, games_catalogue,
                         copy_list(tmp_path, LISTS / "spherus-one.warband.yaml"))
    psion = tile(play, "test-psion/1")
    hp_label, hp = psion.tracks["hp"]
    assert len(hp) == 37 and hp[18].text() == "0" and hp[-1].text() == "-18"
    # 0 to -6 (health) light, below it dark: no counter there
    assert [b.property("below") for b in hp[17:27]] == [""] + ["light"] * 7 + ["dark"] * 2
    qtbot.mouseClick(hp[19], Qt.MouseButton.LeftButton)  # 20 HP lost: -2, defeated
    assert hp_label.text() == "HP: -2 left, maximum 18" and psion.property("gone") is not True
    for _i in range(4):
        psion.counters["defeat"].more.click()
    assert psion.counters["defeat"].value.text() == "3"
    play.next_button.click()
    psion.counters["defeat"].less.click()
    play.next_button.click()
    assert play.turn.text() == "Round 3"
    assert saved(window)["models"]["test-psion/1"]["counters"] == {"defeat": 2, "blocks": 0}


def test_the_play_window_reads_at_arms_length(make_window, games_catalogue, tmp_path):
    _window, play = start(make_window, games_catalogue, sw_list(tmp_path))
    name = tile(play, "test-leader/1").name
    assert name.fontInfo().pixelSize() >= 20  # a laptop at arm's length
    assert play.turn.fontInfo().pixelSize() >= 30
    box = tile(play, "test-leader/1").tracks["wounds"][1][0]
    assert box.width() >= 30 and box.height() >= 30
    assert play.grab().width() == play.width()


def test_resume_and_end(make_window, games_catalogue, tmp_path, qtbot):
    path = copy_list(tmp_path, LISTS / "torn-one-leader.warband.yaml")
    window, play = start(make_window, games_catalogue, path)
    play.next_button.click()
    play.close()
    assert window.game.start.text() == "Re&sume game"
    window.game.start.trigger()
    play = window.game.play_window
    assert play.turn.text() == "Turn 2"
    window.prompter.script("save_changes")  # nothing asked of the list
    window.game.ask_yes = lambda _title, _text: True
    play.end_button.click()
    assert not game_path(path).exists() and not play.isVisible()
    assert window.game.start.text() == "&Start game"


def test_an_unsaved_list_is_saved_before_the_game(make_window, games_catalogue, tmp_path):
    window = make_window(games_catalogue)
    window.files.load_path(sw_list(tmp_path), confirmed=True)
    window.add_combatant("test-grunt")  # an unsaved change
    asked: list[str] = []
    window.game.ask_yes = lambda title, _text: asked.append(title) or False
    window.game.start.trigger()
    assert asked == ["Save the list first"] and window.game.play_window is None
    window.game.ask_yes = lambda _title, _text: True
    window.game.start.trigger()
    assert window.game.play_window is not None and not window.files.is_modified()
    assert saved(window)["fingerprint"] == window.game.play_window.session.plan.fingerprint


def test_save_for_phone_writes_the_page(make_window, games_catalogue, tmp_path):
    window = make_window(games_catalogue)
    window.files.load_path(sw_list(tmp_path), confirmed=True)
    out = tmp_path / "phone.html"
    window.game.ask_path = lambda suggested: str(out) if suggested.endswith("sw.html") else None
    window.game.phone.trigger()
    text = out.read_text(encoding="utf-8")
    assert "Test table" in text and "spherewars-play:" in text


def test_the_game_menu_sits_before_data(window):
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles.index("&Game") == titles.index("&Data") - 1


CHILD = textwrap.dedent("""
    import os, sys, time
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from pathlib import Path
    from PySide6.QtCore import QSettings, QTimer
    from PySide6.QtWidgets import QApplication
    from builder.data import Catalogue
    from builder.gui.mainwindow import MainWindow
    app = QApplication([])
    data, factions, lst, ini = sys.argv[1:5]
    window = MainWindow(Catalogue.load([data, factions], user=False),
                        settings=QSettings(ini, QSettings.Format.IniFormat),
                        recovery_dir=Path(ini).parent / "recovery")
    window.files.load_path(Path(lst), confirmed=True)
    window.game.start_game()
    play = window.game.play_window
    play.tiles[0].tracks["wounds"][1][2].click()  # three wounds
    play.next_button.click()
    window.settings.sync()
    print("changed", flush=True)
    app.exec()
""")


def test_a_game_survives_kill_9_and_comes_back_at_restart(make_window, games_catalogue,
                                                          tmp_path):
    path = copy_list(tmp_path, LISTS / "torn-one-leader.warband.yaml")
    ini = tmp_path / "killed.ini"
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(TEST_DATA / "systems"), str(TEST_FACTIONS),
         str(path), str(ini)], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    try:
        line = child.stdout.readline() if child.stdout else ""
        assert line == "changed\n", child.stderr.read() if child.stderr else ""
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=10)
    assert child.returncode == -signal.SIGKILL
    state = json.loads(game_path(path).read_text(encoding="utf-8"))
    assert state["turn"] == 2 and state["models"]["test-captain/1"]["ticks"] == {"wounds": 3}
    # the app starts again (with the settings the killed one left): the game is back
    window = make_window(games_catalogue,
                         settings=QSettings(str(ini), QSettings.Format.IniFormat))
    assert window.game.resume_after_restart()
    play = window.game.play_window
    assert play.turn.text() == "Turn 2"
    assert [b.isChecked() for b in tile(play, "test-captain/1").tracks["wounds"][1]] == \
        [True, True, True, False, False]
    play.close()  # closed normally: nothing to reopen at the next start
    assert not window.game.resume_after_restart()


def test_boxes_are_buttons_that_say_what_they_are(make_window, games_catalogue, tmp_path):
    _window, play = start(make_window, games_catalogue, sw_list(tmp_path))
    box = tile(play, "test-leader/1").tracks["wounds"][1][0]
    assert isinstance(box, QPushButton) and box.accessibleName() == "Wounds 5"
    assert box.focusPolicy() != Qt.FocusPolicy.NoFocus


def test_the_play_window_in_spanish(make_window, games_catalogue, tmp_path):
    from builder import i18n

    i18n.set_language("es")
    window = make_window(games_catalogue)
    window.files.load_path(sw_list(tmp_path), confirmed=True)
    assert window.game.start.text() == "&Empezar partida"
    play = window.game.start_game()
    leader = tile(play, "test-leader/1")
    assert play.turn.text() == "Turno 1" and play.next_button.text() == "Turno siguiente"
    assert leader.tracks["wounds"][0].text() == "Heridas: quedan 5, máximo 5"
    assert leader.removal.text() == "Retirar" and leader.activated.text() == "Activado"
    assert play.tally.text() == "En juego: 4 · Retirados: 0"
    assert play.windowTitle() == "Test table — en la mesa"


def test_a_game_that_cannot_be_saved_says_so_and_plays_on(make_window, games_catalogue,
                                                          tmp_path, monkeypatch):
    from builder.play import state

    def full(path, data):  # noqa: ANN001, ANN202
        raise OSError(28, "No space left on device")

    window = make_window(games_catalogue)
    window.files.load_path(sw_list(tmp_path), confirmed=True)
    monkeypatch.setattr(state, "write_atomic", full)
    play = window.game.start_game()
    assert play.status.currentMessage() == \
        "The game could not be saved: No space left on device"
    play.next_button.click()
    assert play.turn.text() == "Turn 2"


def test_tiles_name_options_say_left_and_maximum_and_the_games_next_word(
        make_window, tmp_path):
    """Issue 41 item 6: a list with options shows on each tile the options its model took; a
    track's label says which figure is left and which the maximum (as the phone page does);
    Spherus's button says *Next round*, its game's word."""
    cat = Catalogue.load([TEST_DATA / "relaunch", TEST_DATA / "systems"], user=False)
    _window, play = start(make_window, cat, copy_list(
        tmp_path, TEST_DATA / "relaunch" / "lists" / "test-relaunch-sixty.warband.yaml"))
    warlord, spearman, archer = (tile(play, k) for k in
                                 ("test-warlord/1", "test-spearmen/3", "test-archers/1"))
    assert warlord.options.text() == "Options: Test Great Weapon"
    assert spearman.options.text() == "Options: Test Veteran, Test Long Spears"
    assert archer.options is None  # no line for a model without options
    assert warlord.options.isVisible()
    play.close()
    _window, play = start(make_window, cat,
                          copy_list(tmp_path, LISTS / "spherus-one.warband.yaml"))
    assert play.next_button.text() == "Next round"
    hp_label, hp = tile(play, "test-psion/1").tracks["hp"]
    assert hp_label.text() == "HP: 18 left, maximum 18"
    hp[3].click()
    assert hp_label.text() == "HP: 14 left, maximum 18"
    play.next_button.click()
    assert play.session.stack.undoText() == "Next round"


def test_save_for_phone_in_the_play_window_carries_the_game_as_it_stands(
        make_window, games_catalogue, tmp_path, monkeypatch, qtbot):
    """Issue 41 item 3: the page written from the play window holds the game in progress
    (turn, removed models, counters, ticks), not a fresh one; the play window stays in front
    (the file dialog is its own, and it is raised again afterwards)."""
    from PySide6.QtWidgets import QApplication, QFileDialog

    from builder.play import state as game

    window, play = start(make_window, games_catalogue, sw_list(tmp_path))
    tile(play, "test-avatar/1").tracks["wounds"][1][1].click()  # two wounds
    tile(play, "test-grunt/2").removal.click()
    play.counters["orders"].less.click()
    play.next_button.click()
    play.counters["power-gems"].less.click()
    out = tmp_path / "phone.html"
    parents: list[object] = []

    def ask(parent, _title, suggested, _filter):  # noqa: ANN001, ANN202
        parents.append(parent)
        window.activateWindow()  # as a closing dialog hands the focus back to its parent
        return str(out), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", ask)
    play.phone_button.click()
    assert parents == [play]
    carried = _page_state(out)
    assert carried == play.session.state
    assert carried["turn"] == 2 and carried["models"]["test-grunt/2"]["removed"]
    assert carried["models"]["test-avatar/1"]["ticks"] == {"wounds": 2}
    assert game.new_game(play.session.plan) != carried
    qtbot.waitUntil(lambda: QApplication.activeWindow() is play)
    # Game → Save for phone in the main window, while the game is open: the same game
    window.game.ask_path = lambda _suggested: str(tmp_path / "menu.html")
    window.game.phone.trigger()
    assert _page_state(tmp_path / "menu.html") == play.session.state
    # and with the play window closed, the game kept beside the list
    play.close()
    window.game.ask_path = lambda _suggested: str(tmp_path / "closed.html")
    window.game.phone.trigger()
    assert _page_state(tmp_path / "closed.html") == carried


def _page_state(page: Path) -> dict[str, Any] | None:
    """The game a phone page starts from (its data's ``state``)."""
    import re

    text = page.read_text(encoding="utf-8")
    data = re.search(r'<script type="application/json" id="data">(.*?)</script>', text,
                     re.DOTALL)
    assert data is not None
    return json.loads(data.group(1)).get("state")


def test_spherus_tiles_keep_their_boxes_apart_and_none_alone_on_a_row(
        make_window, games_catalogue, tmp_path, qtbot):
    """Issue 41 item 8 in the play window: the HP track (HP boxes, then 0 and below on rows
    of their own) never leaves one box alone on a last row (the psion's -18 was); and a
    taller tile beside a shorter one is not squeezed (its rows of boxes overlapped)."""
    path = tmp_path / "party.warband.yaml"
    path.write_text("schema: spherewars-warband/1\nname: Test party\n"
                    "faction: test-spherus-party\nentries:\n"
                    "  - {combatant: test-brawler, count: 1}\n"
                    "  - {combatant: test-psion, count: 1}\n", encoding="utf-8")
    _window, play = start(make_window, games_catalogue, path)
    play.resize(1920, 1080)
    qtbot.waitUntil(lambda: play.width() == 1920)  # the two tiles side by side
    assert play.grid.getItemPosition(play.grid.indexOf(play.tiles[1]))[:2] == (0, 1)
    for t in play.tiles:
        for track, (_label, boxes) in t.tracks.items():
            spots = [b.mapTo(t, b.rect().topLeft()) for b in boxes]
            rects = [b.rect().translated(spot) for b, spot in zip(boxes, spots, strict=True)]
            assert not any(a.intersects(b) for i, a in enumerate(rects) for b in rects[i + 1:])
            rows: dict[int, int] = {}
            for spot in spots:
                rows[spot.y()] = rows.get(spot.y(), 0) + 1
            assert 1 not in rows.values(), (t.m.key, track, rows)
