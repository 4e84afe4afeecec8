"""A hostile game file beside the list (issue 40 #1) in the app: Start game, and the restart
that reopens the last game, offer a new game within a second (the file's kinds:
tests/hostile/test_game_file.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from builder.data import Catalogue
from builder.play import state as game
from tests.conftest import TEST_DATA, TEST_FACTIONS
from tests.hostile import helpers as h
from tests.hostile.test_game_file import HOSTILE, LIST, _within, posix


def _list_with(case: str, tmp_path: Path) -> Path:
    path = tmp_path / LIST.name
    path.write_bytes(LIST.read_bytes())
    HOSTILE[case][0](game.game_path(path))
    return path


def _offered(asked: list[str], path: Path) -> None:
    assert asked and asked[0].startswith("The game beside the list cannot be resumed:\n"
                                         f"{game.game_path(path)}: ")
    assert "Start a new game in its place?" in asked[0]


@posix
@pytest.mark.parametrize("case", ["nested-300000", "number-5000-digits", "fifo"])
def test_the_app_offers_a_new_game_within_a_second(case: str, make_window: Any,
                                                   tmp_path: Path) -> None:
    catalogue = Catalogue.load([TEST_DATA / "systems", TEST_FACTIONS], user=False)
    path = _list_with(case, tmp_path)
    window = make_window(catalogue)
    assert window.files.load_path(path, confirmed=True)
    asked: list[str] = []
    window.game.ask_yes = lambda title, text: asked.append(text) or True
    played = _within(h.SECONDS, game.game_path(path), window.game.start_game)
    assert played is not None
    _offered(asked, path)
    played.close()


@posix
def test_a_restart_on_a_fifo_offers_a_new_game(make_window: Any, tmp_path: Path) -> None:
    """The app reopens the game it had open when it stopped: a FIFO left there hung every
    start."""
    catalogue = Catalogue.load([TEST_DATA / "systems", TEST_FACTIONS], user=False)
    path = _list_with("fifo", tmp_path)
    settings = QSettings(str(tmp_path / "restart.ini"), QSettings.Format.IniFormat)
    settings.setValue("play/list", str(path))
    window = make_window(catalogue, settings=settings)
    asked: list[str] = []
    window.game.ask_yes = lambda title, text: asked.append(text) or True
    assert _within(h.SECONDS, game.game_path(path), window.game.resume_after_restart)
    _offered(asked, path)
    window.game.play_window.close()
