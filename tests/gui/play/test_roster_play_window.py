"""A BattleScribe roster at the table in the app: the counter asked once per game system and
remembered, a tile per model whose last box removes it, the game kept beside the roster and
resumed, the counter changed mid-game, a model's profiles unfolded; in Spanish too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QMainWindow, QPushButton

from builder import i18n
from builder.battlescribe.rosterio import write_roster
from builder.export.roster.summary import summarise_roster
from builder.gui.play.roster import CounterDialog, RosterGame
from builder.play.roster import remembered_counter
from tests.play.test_roster_play import full_roster


@pytest.fixture
def roster_file(tmp_path: Path) -> Path:
    path = tmp_path / "printing.ros"
    write_roster(path, full_roster())
    return path


@pytest.fixture
def game(qtbot, roster_file, user_dir) -> Any:
    main = QMainWindow()
    qtbot.addWidget(main)
    made = RosterGame(main, summarise_roster(full_roster()), roster_file)
    made.asked = []

    def ask(current: str | None) -> str | None:
        made.asked.append(current)
        return made.answers.pop(0) if made.answers else current

    made.answers = []
    made.ask = ask
    made.ask_yes = lambda title, text: True
    return made


def tile(window: Any, key: str) -> Any:
    return next(t for t in window.tiles if t.m.key == key)


def saved(game: Any) -> dict[str, Any]:
    return json.loads(game.game_file.read_text(encoding="utf-8"))


def test_the_counter_is_asked_once_per_game_system_then_remembered(game, qtbot) -> None:
    window = game.start()
    assert game.asked == ["Wounds"]  # the likeliest, preselected
    assert remembered_counter("tp-sys") == "Wounds"
    assert len(window.tiles) == 9 and window.counter_button.text() == "Counted by Wounds…"
    window.close()
    again = game.start()
    assert game.asked == ["Wounds"]  # not asked again
    assert again is not window and again.isVisible()


def test_ticking_the_last_box_removes_the_model_and_is_kept_beside_the_roster(game,
                                                                           qtbot) -> None:
    window = game.start()
    walker = tile(window, "tp-walker/1")
    _label, boxes = walker.tracks["Wounds"]
    boxes[1].click()  # both wounds
    assert walker.property("gone") is True
    assert window.tally.text() == "In play: 8 · Removed: 1"
    window.next_button.click()
    state = saved(game)
    assert game.game_file.name == "printing.game.json"
    assert (state["turn"], state["models"]["tp-walker/1"]["ticks"]["Wounds"],
            state["models"]["tp-walker/1"]["removed"]) == (2, 2, True)
    window.close()
    resumed = game.start()
    assert resumed.turn.text() == "Turn 2"
    assert tile(resumed, "tp-walker/1").property("gone") is True


def test_another_counter_keeps_the_game(game, qtbot) -> None:
    window = game.start()
    tile(window, "tp-crewman/2").toggle_removed()
    window.next_button.click()
    game.answers = ["Attacks"]
    changed = game.change_counter()
    assert changed is not window and not window.isVisible()
    assert changed.session.plan.counter == "Attacks"
    assert remembered_counter("tp-sys") == "Attacks"
    assert changed.turn.text() == "Turn 2"
    assert tile(changed, "tp-crewman/2").property("gone") is True
    driver = tile(changed, "tp-driver/1")
    assert [t.id for t in driver.m.tracks] == ["Attacks"]  # the driver's 1 attack
    assert tile(changed, "tp-hero/1").m.tracks == ()  # the hero has no attacks of his own


def test_cancelling_the_question_starts_nothing(game) -> None:
    game.ask = lambda current: None
    assert game.start() is None
    assert not game.game_file.exists() and remembered_counter("tp-sys") is None


def test_a_models_profiles_unfold(game, qtbot) -> None:
    window = game.start()
    hero = tile(window, "tp-hero/1")
    assert hero.details is not None and not hero.details.isVisible()
    button = next(b for b in hero.findChildren(QPushButton) if b.objectName() == "profiles")
    button.click()
    assert hero.details.isVisible()
    assert 'Test Rifle (Test Weapon): Range\u00a024"' in hero.details.text()
    assert "Rules: Test Steady Aim" in hero.details.text()
    # the label is as tall as its lines at its width: nothing is cut
    assert hero.details.height() >= hero.details.heightForWidth(hero.details.width())


def test_the_counter_dialog_offers_the_rosters_characteristics(qtbot) -> None:
    dialog = CounterDialog("Test Printing System", ["Wounds", "Attacks"], "Attacks")
    qtbot.addWidget(dialog)
    assert [dialog.combo.itemText(i) for i in range(dialog.combo.count())] == [
        "(no counter)", "Wounds", "Attacks"]
    assert dialog.chosen == "Attacks"
    dialog.combo.setCurrentIndex(0)
    assert dialog.chosen == ""


def test_in_spanish(game, qtbot) -> None:
    i18n.set_language("es")
    window = game.start()
    texts = {b.text() for b in window.findChildren(QPushButton)}
    assert {"Contado por Wounds…", "Perfiles y reglas", "Turno siguiente"} <= texts
    assert window.turn.text() == "Turno 1"


def test_tiles_share_the_width_and_show_their_whole_text(game, qtbot) -> None:
    window = game.start()
    window.resize(1920, 1000)
    qtbot.waitUntil(lambda: window._columns > 1)
    qtbot.wait(1)  # (the layout's pending requests)
    widths = {t.width() for t in window.tiles}
    assert len(widths) == 1  # the engine's long name and twenty stats do not widen its column
    for t in window.tiles:  # nothing cut: each tile as tall as its wrapped lines need
        assert t.height() >= t.heightForWidth(t.width()), t.m.name
