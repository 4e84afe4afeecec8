"""The app's loading path offscreen (issue 10 #1, #12): every corpus file shows the loader's
message and the app carries on, quickly; hostile user factions do not stop it starting."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from builder.data import Catalogue
from builder.gui.dialogs import DISCARD, Prompter
from tests.hostile import helpers as h

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


class RecordingPrompter(Prompter):
    """Answers nothing interactively: records errors, discards changes, declines the rest."""

    def __init__(self) -> None:
        super().__init__(None)  # type: ignore[arg-type]
        self.errors: list[tuple[str, str, str | None]] = []
        self.read_only_answer = False
        self.read_only_asked = 0

    def show_error(self, title: str, text: str, details: str | None = None) -> None:
        self.errors.append((title, text, details))

    def ask_save_changes(self, name: str) -> str:
        return DISCARD

    def ask_recover(self, name: str, saved: str, origin: Path | None) -> bool:
        return False

    def ask_replace_read_only(self, path: Path) -> bool:
        self.read_only_asked += 1
        return self.read_only_answer

    def show_data_problems(self, problems: list[Any], catalogue: Any = None,
                           reload: Any = None) -> None:
        pass


@pytest.fixture
def make(qtbot: Any, tmp_path: Path) -> Iterator[Any]:
    from builder.gui.mainwindow import MainWindow

    made: list[MainWindow] = []

    def build(catalogue: Catalogue | None = None) -> MainWindow:
        prompter = RecordingPrompter()
        window = MainWindow(catalogue, prompter=prompter,
                            settings=QSettings(str(tmp_path / "s.ini"),
                                               QSettings.Format.IniFormat),
                            recovery_dir=tmp_path / "recovery")
        prompter.parent = window
        qtbot.addWidget(window)
        window.show()
        made.append(window)
        return window

    yield build
    for window in made:
        window.stack.setClean()
        window.close()


@pytest.fixture
def window(make: Any) -> Any:
    return make(Catalogue.load([h.TEST_FACTIONS], user=False))


@pytest.mark.parametrize("case", h.LIST_CASES)
def test_opening_a_hostile_list_shows_the_message(window: Any, case: str) -> None:
    path = h.list_path(case)
    before = window.doc.warband
    start = time.perf_counter()
    assert window.files.load_path(path, confirmed=True) is False
    assert time.perf_counter() - start < h.SECONDS
    [(_title, _text, details)] = window.prompter.errors
    assert f"{path}:{h.LIST_CASES[case]}" in details
    assert window.doc.warband is before  # the current list stays as it was


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_opening_a_fifo_does_not_hang(window: Any, tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.warband.yaml"
    os.mkfifo(fifo)
    start = time.perf_counter()
    assert window.files.load_path(fifo, confirmed=True) is False
    assert time.perf_counter() - start < h.SECONDS
    assert "named pipe" in window.prompter.errors[0][2]


def test_the_app_starts_with_hostile_user_factions(make: Any, user_dir: Path) -> None:
    """A user faction with PE 9223372036854775808 made every start segfault."""
    folder = user_dir / "factions"
    shutil.copytree(h.FACTIONS, folder)
    shutil.copy(h.TEST_FACTIONS / "test-faction.yaml", folder)
    start = time.perf_counter()
    window = make()  # loads the built-in and user data itself, as a real start does
    window.catalogue_panel.view.grab()  # every row on screen painted
    assert time.perf_counter() - start < 5 * h.SECONDS
    assert window.problems_button.text() == f"{len(h.FACTION_CASES)} data problems"
    assert "test-faction" in window.doc.catalogue.factions


def test_the_largest_values_a_file_may_hold_display_and_save(make: Any, tmp_path: Path) -> None:
    """PE 999,999 x 9,999 models: totals past Qt's 32-bit ints are shown exactly."""
    from builder.data import load_warband

    data = tmp_path / "data"
    data.mkdir()
    (data / "test-big.yaml").write_text(
        "# TEST DATA ONLY\nschema: spherewars-faction/1\nid: test-big\nname: Test Big\n"
        "combatants:\n  - {id: test-big-leader, name: Test Big Leader, type: leader, wounds: "
        "999999, max: 999999, profile: {PE: 999999, MAN: 999999, CON: 999999-999999}}\n",
        encoding="utf-8")
    listing = tmp_path / "big.warband.yaml"
    listing.write_text("# TEST DATA ONLY\nschema: spherewars-warband/1\nname: Test big\n"
                       "faction: test-big\npoints_limit: 999999\nentries:\n"
                       + "  - {combatant: test-big-leader, count: 9999}\n" * 3, encoding="utf-8")
    window = make(Catalogue.load([data], user=False))
    assert window.files.load_path(listing, confirmed=True) is True
    window.catalogue_panel.view.grab()  # every row on screen painted
    assert window.doc.report.stats.points == 999_999 * 9_999 * 3
    assert window.details.limit_spin.value() == 999_999
    window.roster.select_row(0)
    shown = [str(window.roster.groups.index_of_entry(0, col).data()) for col in range(5)]
    assert any(s.replace(",", "").replace("\u202f", "").replace(" ", "") == str(999_999 * 9_999)
               for s in shown), shown
    assert window.files.write(listing) is True
    assert load_warband(listing).entries[0].count == 9_999


def test_saving_over_a_read_only_list_asks_first(make: Any, tmp_path: Path) -> None:
    listing = tmp_path / "list.warband.yaml"
    listing.write_text(h.GOOD_LIST.format(n=0), encoding="utf-8")
    listing.chmod(0o444)
    window = make(Catalogue.load([h.TEST_FACTIONS], user=False))
    assert window.files.load_path(listing, confirmed=True) is True
    before = listing.read_bytes()
    assert window.files.save() is False  # declined
    assert window.prompter.read_only_asked == 1 and listing.read_bytes() == before
    window.prompter.read_only_answer = True
    assert window.files.save() is True
    assert window.prompter.read_only_asked == 2
