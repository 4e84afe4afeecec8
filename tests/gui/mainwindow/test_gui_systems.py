"""The app follows the game system (issue 9 item 5, issue 11 "In the app").

The second game is TEST DATA: ``tests/gui/mainwindow/data_systems`` holds an invented system
``test-skirmish`` (stats Move and Grit, types captain and grunt, no cost, one rule "exactly one
captain" with a cite, one figure) and its faction ``test-band``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QLabel

from builder.data import Catalogue
from builder.gui.dialogs.data_problems import DataProblemsDialog
from builder.gui.editor import FactionEditor
from builder.gui.panels.catalogue_model import COST
from tests.gui.conftest import GUI_DATA

SYSTEMS_DATA = Path(__file__).resolve().parent / "data_systems"
CITE = "A band is led by exactly one captain (invented test rule)"
SPHEREWARS_WORDS = ("PE", "Points", "Messenger", "Power gems", "Orders", "Deployment", "pts",
                    "Warband", "warband")


@pytest.fixture
def two_games() -> Catalogue:
    """SphereWars (Soimi and the test faction) and the invented test-skirmish game."""
    cat = Catalogue.load([GUI_DATA, SYSTEMS_DATA], user=False)
    assert not cat.problems
    return cat


def start_test_band(window: Any) -> None:
    """File → New, answering the game question with the test game (one faction: no second
    question)."""
    window.prompter.script("choose", "test-skirmish")
    window.files.new_file()
    assert window.doc.warband.faction == "test-band"


def visible_texts(window: Any) -> list[str]:
    """What a user can read on the main window: labels, buttons, column headers."""
    texts = [w.text() for w in window.findChildren(QLabel) if w.isVisibleTo(window)]
    texts += [w.text() for w in window.findChildren(QAbstractButton) if w.isVisibleTo(window)]
    for view in (window.catalogue_panel.view, window.roster.view):
        model = view.model()
        header = view.header() if hasattr(view, "header") else view.horizontalHeader()
        texts += [str(model.headerData(c, Qt.Orientation.Horizontal))
                  for c in range(model.columnCount()) if not header.isSectionHidden(c)]
    return texts


def test_new_asks_the_game_then_the_faction(make_window: Any, two_games: Catalogue) -> None:
    window = make_window(two_games)
    assert window.doc.warband.faction == "soimi"
    start_test_band(window)
    (title, _text, choices, current), = window.prompter.asked("choose")
    assert choices == [("sow-tactical-f1", "Spheres of War: Tactical Sphere, Fragment 1"),
                       ("spherewars-1e", "SphereWars — first edition"),
                       ("spherus-tactical", "Spherus: tactical battles"),
                       ("test-skirmish", "Test Skirmish"),
                       ("torn", "Torn: hex skirmish")]  # every game, with factions or not
    assert current == "spherewars-1e"  # the game of the list that was open
    assert window.doc.warband.name == "New band"  # the game's list_name
    assert "(Test Skirmish)" in window.windowTitle()
    assert window.doc.warband.points_limit is None  # a game without cost has no limit

    # Back to SphereWars: it has two factions, so the faction is asked too.
    window.prompter.script("choose", "spherewars-1e", "test-faction")
    window.files.new_file()
    game_q, faction_q = window.prompter.asked("choose")[1:]
    assert game_q[3] == "test-skirmish"
    assert [fid for fid, _name in faction_q[2]] == ["soimi", "test-faction"]
    assert window.doc.warband.faction == "test-faction"
    assert window.doc.warband.name == "New warband"
    assert "(SphereWars — first edition)" in window.windowTitle()

    # Cancelling the game question leaves the open list as it is.
    window.prompter.script("choose", None)
    window.files.new_file()
    assert window.doc.warband.faction == "test-faction"


def first_edition_only(cat: Catalogue) -> Catalogue:
    """The catalogue with SphereWars first edition as its only game (other games are built
    in too)."""
    cat.systems = {k: v for k, v in cat.systems.items() if k == "spherewars-1e"}
    cat.factions = {k: f for k, f in cat.factions.items() if f.system == "spherewars-1e"}
    return cat


def test_one_game_new_asks_nothing(make_window: Any) -> None:
    window = make_window(first_edition_only(Catalogue.load([GUI_DATA], user=False)))
    window.files.new_file()
    assert window.prompter.asked("choose") == []
    assert window.doc.warband.faction == "soimi"


def test_the_test_game_shows_its_own_screens(make_window: Any, two_games: Catalogue) -> None:
    window = make_window(two_games)
    soimi_texts = " ".join(visible_texts(window))
    assert "PE" in soimi_texts and "Messengers" in soimi_texts  # the check below can fail
    start_test_band(window)

    # catalogue grouped by the system's types, in its order
    assert window.catalogue_panel.proxy.headings() == ["Captains (1)", "Grunts (1)"]
    # no cost column, no points limit, no SphereWars figure
    assert window.catalogue_panel.view.isColumnHidden(COST)
    assert window.roster.view.isColumnHidden(3) and window.roster.view.isColumnHidden(4)
    assert not window.details.limit_spin.isVisible() and not window.details.limit_check.isVisible()
    assert not window.totals.points.isVisible()
    assert list(window.totals.figures) == ["grit_total"]
    assert window.totals.grit_total.toolTip() == "The grit of the whole band (invented test figure)"
    texts = visible_texts(window)
    joined = " ".join(texts)
    for word in SPHEREWARS_WORDS:
        assert word not in joined, (word, texts)
    assert window.catalogue_panel.add_button.text() == "Add to band"

    # the empty band is greeted with the system's first step, not a red verdict
    assert window.totals.verdict.text() == "Empty"
    assert "Start by hiring a Captain" in window.findings.guidance_label.text()
    assert CITE in window.findings.guidance_label.text()

    # the rule's finding, with the book's sentence on its second line
    window.add_combatant("test-grunt")
    assert window.totals.verdict.text() == "✘ Illegal (1)"
    assert window.findings.model.rowCount() == 1
    assert window.findings.model.index(0).data() == (
        f"0 Captains hired in the band; it needs exactly 1\n“{CITE}”")
    assert CITE in window.findings.model.index(0).data(Qt.ItemDataRole.ToolTipRole)
    window.stack.undo()

    # hiring the captain makes it legal; its profile prints the system's stat line
    window.add_combatant("test-captain")
    assert window.totals.verdict.text() == "✔ Legal"
    assert window.totals.grit_total.value.text() == "3"
    legal = window.findings.legal_label
    assert legal.text() == "✔ This band is legal: it breaks no recruiting rule."
    profile = window.profile_panel.profile.toPlainText()
    assert "Move" in profile and "Grit" in profile
    for word in ("PE", "MAN", "POD", "Messenger"):
        assert word not in profile


def test_changing_faction_across_games(qtbot: Any, make_window: Any,
                                       two_games: Catalogue) -> None:
    window = make_window(two_games)
    window.details.faction_combo.setCurrentIndex(window.details.faction_combo.findData("test-band"))
    window.details.faction_combo.activated.emit(window.details.faction_combo.currentIndex())
    assert window.doc.warband.faction == "test-band"
    assert list(window.totals.figures) == ["grit_total"]
    assert "(Test Skirmish)" in window.windowTitle()
    assert not window.details.limit_spin.isVisible()
    window.stack.undo()
    assert window.doc.warband.faction == "soimi"
    assert "messengers" in window.totals.figures
    assert window.details.limit_spin.isVisible() and not window.roster.view.isColumnHidden(3)


# -- the faction editor ------------------------------------------------------------------


class Answers:
    """The editor's questions answered from a script."""

    def __init__(self) -> None:
        self.chosen: list[str | None] = []
        self.choose_asked: list[tuple[str, list[tuple[str, str]], str | None]] = []
        self.answers: list[str] = []
        self.told: list[tuple[str, str]] = []
        self.open: str | None = None

    def choose(self, title: str, text: str, choices: list[tuple[str, str]],
               current: str | None = None) -> str | None:
        self.choose_asked.append((text, choices, current))
        return self.chosen.pop(0)

    def ask(self, title: str, text: str, choices: list[tuple[str, str]]) -> str:
        return self.answers.pop(0) if self.answers else "discard"

    def tell(self, title: str, text: str, *, warning: bool = True) -> None:
        self.told.append((title, text))

    def open_path(self, title: str) -> str | None:
        return self.open


@pytest.fixture
def editor(qtbot: Any, user_dir: Path) -> Iterator[tuple[FactionEditor, Answers]]:
    window = FactionEditor(Catalogue.load([SYSTEMS_DATA]))
    answers = Answers()
    window.prompts = answers  # type: ignore[assignment]
    window.show()
    qtbot.waitExposed(window)
    yield window, answers
    window.close()
    window.deleteLater()


def test_new_faction_asks_the_game_and_the_form_follows_it(
        editor: tuple[FactionEditor, Answers]) -> None:
    window, answers = editor
    assert window.open_faction("soimi")
    assert window.pane is not None and window.pane.doc.system.id == "spherewars-1e"
    answers.chosen = ["test-skirmish"]
    assert window.new_faction()
    (_text, choices, current), = answers.choose_asked
    assert {"spherewars-1e", "test-skirmish"} <= {sid for sid, _ in choices}
    assert current == "spherewars-1e"
    pane = window.pane
    assert pane.doc.system.id == "test-skirmish"
    assert pane.doc.data["system"] == "test-skirmish"
    form = pane.combatants.combatant_form
    assert list(form.stat_edits) == ["Move", "Grit"]
    types = [form.type_box.itemText(i) for i in range(form.type_box.count())]
    assert types == ["Captain", "Grunt"]
    assert pane.faction_form.building_spins == {}  # the test game has no parameters

    # Cancelled: nothing new is opened.
    answers.chosen = [None]
    assert not window.new_faction()
    assert window.pane is pane


def test_new_faction_with_one_game_asks_nothing(qtbot: Any, user_dir: Path) -> None:
    window = FactionEditor(first_edition_only(Catalogue.load()))
    answers = Answers()
    window.prompts = answers  # type: ignore[assignment]
    qtbot.addWidget(window)
    assert window.new_faction()
    assert answers.choose_asked == []
    assert window.pane is not None and window.pane.doc.system.id == "spherewars-1e"
    assert "PE" in window.pane.combatants.combatant_form.stat_edits


def test_import_accepts_a_game_system_file(qtbot: Any, user_dir: Path, tmp_path: Path) -> None:
    window = FactionEditor(Catalogue.load())
    answers = Answers()
    window.prompts = answers  # type: ignore[assignment]
    qtbot.addWidget(window)
    imported: list[str] = []
    window.system_imported.connect(imported.append)
    source = SYSTEMS_DATA / "test-skirmish.yaml"
    assert window.import_faction(source)
    target = user_dir / "systems" / "test-skirmish.yaml"
    assert target.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")
    assert imported == ["test-skirmish"]
    # the app loads it from the user folder, and New faction offers it at once
    assert "test-skirmish" in Catalogue.load().systems
    answers.chosen = ["test-skirmish"]
    assert window.new_faction()
    assert window.pane is not None and window.pane.doc.system.id == "test-skirmish"

    # A broken system file is refused with its problems, and nothing is written.
    bad = tmp_path / "bad-game.yaml"
    bad.write_text(source.read_text(encoding="utf-8").replace("id: test-skirmish",
                                                              "id: bad-game")
                   .replace("{sum: Grit}", "{sum: Gritt}"), encoding="utf-8")
    assert not window.import_faction(bad)
    title, text = answers.told[-1]
    assert title == "Cannot import" and "not a game system file" in text
    assert "Gritt" in text
    assert not (user_dir / "systems" / "bad-game.yaml").exists()


def test_data_problems_show_a_broken_system_and_its_factions(
        qtbot: Any, make_window: Any, tmp_path: Path) -> None:
    folder = tmp_path / "data"
    folder.mkdir()
    system = folder / "test-skirmish.yaml"
    system.write_text((SYSTEMS_DATA / "test-skirmish.yaml").read_text(encoding="utf-8")
                      .replace("{id: Grit, name: Grit}", "{id: Grit, name: Grit, kind: pear}"),
                      encoding="utf-8")
    (folder / "test-band.yaml").write_text(
        (SYSTEMS_DATA / "test-band.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    cat = Catalogue.load([GUI_DATA, folder], user=False)
    window = make_window(cat)
    assert window.problems_button.isVisible()
    dialog = DataProblemsDialog(cat.problems)
    qtbot.addWidget(dialog)
    text = dialog.as_text()
    assert f"{system}:9:" in text and "kind must be one of: number, pair, text" in text
    assert "its game system 'test-skirmish' is broken" in text
    assert "\n\n" in text  # one paragraph per file
    assert "test-band" not in cat.factions and "soimi" in cat.factions
