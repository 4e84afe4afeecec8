"""The main window at the table, round 2 (issue 31): names get the room (item 3), the
keyboard's focus shows and the unsaved-changes question has Alt keys (item 7), the Faction
drop-down groups factions by game and says when a list changes game (item 11), and the
Spanish words (item 12): Qt's file dialog, the stat headings, the phrases named."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QTimer
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QFileDialog, QLabel, QMessageBox

from builder import i18n
from builder.data import Catalogue
from builder.export.summary import game_of
from builder.gui.dialogs import Prompter
from builder.gui.focus import show_focus
from builder.gui.panels.catalogue_model import NAME
from builder.gui.panels.details import faction_items
from builder.gui.panels.guidance import first_steps
from builder.model import Entry, Warband
from builder.model.text import display
from tests.conftest import TEST_DATA
from tests.gui.conftest import GUI_DATA


@pytest.fixture
def games() -> Catalogue:
    """SphereWars (built-in and test), Torn and Spherus test factions."""
    return Catalogue.load([GUI_DATA, TEST_DATA / "systems"], user=False)


# -- item 3: the names get the room ----------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_catalogue_names_are_not_cut_on_a_wide_screen(qapp: QApplication, make_window: Any,
                                                      language: str) -> None:
    i18n.set_language(language)
    try:
        window = make_window()
        window.resize(1920, 1080)
        window.splits.reset()
        QApplication.processEvents()
        for faction in ("soimi", "test-faction"):
            window.files.replace(Warband(name="x", faction=faction, entries=[]), None)
            QApplication.processEvents()
            view = window.catalogue_panel.view
            metrics = view.fontMetrics()
            room = view.columnWidth(NAME) - 12  # the cell's margins and the flag icon's gap
            for c in window.doc.catalogue.factions[faction].combatants:
                assert metrics.horizontalAdvance(c.display_name) <= room, c.display_name
        # the points box is as wide as its number, not stretched across the row
        spin = window.details.limit_spin
        assert spin.width() <= spin.sizeHint().width() + 4
        assert window.details.faction_combo.width() > 2 * spin.width()
    finally:
        i18n.set_language("en")


# -- item 7: focus and Alt keys ---------------------------------------------------------------


def test_the_list_with_the_keyboard_shows_its_selection_in_full(qtbot: Any,
                                                                 make_window: Any) -> None:
    window = make_window()
    window.activateWindow()
    roster, catalogue = window.roster.view, window.catalogue_panel.view
    show_focus(roster, catalogue)
    strong = QApplication.palette(roster).color(QPalette.ColorGroup.Active,
                                                QPalette.ColorRole.Highlight)
    roster.setFocus()
    QApplication.processEvents()
    if not roster.hasFocus():  # pragma: no cover - a platform that gives no focus offscreen
        pytest.skip("no keyboard focus on this platform")
    shown = (roster.palette().color(QPalette.ColorRole.Highlight),
             catalogue.palette().color(QPalette.ColorRole.Highlight))
    assert shown[0] == strong and shown[1] != strong
    catalogue.setFocus()
    QApplication.processEvents()
    assert catalogue.palette().color(QPalette.ColorRole.Highlight) == strong
    assert roster.palette().color(QPalette.ColorRole.Highlight) != strong


def test_unsaved_changes_buttons_have_alt_keys(make_window: Any) -> None:
    window = make_window()
    seen: list[list[str]] = []

    def read() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append([b.text() for b in box.buttons()])
            box.button(QMessageBox.StandardButton.Cancel).click()
        else:
            QTimer.singleShot(5, read)

    QTimer.singleShot(0, read)
    Prompter(window).ask_save_changes("My list")
    assert sorted(seen[0]) == ["&Cancel", "&Discard", "&Save"]


# -- item 11: factions by game ------------------------------------------------------------------


def test_faction_drop_down_groups_factions_by_game(games: Catalogue,
                                                   make_window: Any) -> None:
    items = faction_items(games.factions.values())
    headings = [text for text, fid in items if fid is None]
    assert len(headings) == len({f.game.id for f in games.factions.values()}) > 1
    assert headings == sorted(headings, key=str.casefold)
    under: dict[str, list[str]] = {}
    for text, fid in items:
        if fid is None:
            heading = text
        else:
            under.setdefault(heading, []).append(fid)
    for heading, ids in under.items():
        assert {display(games.factions[f].game.name) for f in ids} == {heading}
    window = make_window(games)
    combo = window.details.faction_combo
    heading_rows = [i for i in range(combo.count()) if combo.itemData(i) is None]
    assert heading_rows and all(not combo.model().item(i).isEnabled() for i in heading_rows)
    # one game only: no headings
    soimi = Catalogue.load([], user=False)
    assert all(fid is not None for _t, fid in faction_items(
        f for f in soimi.factions.values() if f.game.id == "spherewars-1e"))


def test_choosing_another_games_faction_says_the_game_changes(games: Catalogue,
                                                               make_window: Any) -> None:
    window = make_window(games)
    window.files.replace(Warband(name="Mine", faction="test-faction",
                                 entries=[Entry(combatant="test-leader", count=1)]), None)
    combo = window.details.faction_combo
    torn = combo.findData("test-torn-expedition")
    combo.activated.emit(torn)  # as if chosen in the box
    game = window.doc.catalogue.factions["test-torn-expedition"].game
    assert window.prompter.game_asked == display(game.name)
    assert window.doc.warband.faction == "test-torn-expedition"
    assert "Torn" in window.statusBar().currentMessage()
    # within one game the question names no game
    window.files.replace(Warband(name="Mine", faction="test-faction",
                                 entries=[Entry(combatant="test-leader", count=1)]), None)
    combo.activated.emit(combo.findData("soimi"))
    assert window.prompter.game_asked is None


def test_the_change_faction_question_names_the_new_game(make_window: Any) -> None:
    window = make_window()
    seen: list[str] = []

    def read() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            seen.append(box.text())
            box.button(QMessageBox.StandardButton.Cancel).click()
        else:
            QTimer.singleShot(5, read)

    QTimer.singleShot(0, read)
    Prompter(window).ask_change_faction("Test Torn Expedition", [], 1, "Torn: hex skirmish")
    assert seen == ["Change the list's faction to Test Torn Expedition? The list becomes a "
                    "list of Torn: hex skirmish."]


# -- item 12: Spanish -----------------------------------------------------------------------------


def test_qt_file_dialog_speaks_spanish(spanish: None, qtbot: Any) -> None:
    dialog = QFileDialog(None, "x")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    qtbot.addWidget(dialog)
    dialog.show()
    labels = [label.text() for label in dialog.findChildren(QLabel)]
    assert "&Buscar en:" in labels and "Ficheros de &tipo:" in labels, labels
    assert not any("Look in" in t or "Files of" in t for t in labels)
    dialog.close()


def test_spherus_hit_points_are_pv_in_spanish_everywhere(spanish: None,
                                                         games: Catalogue) -> None:
    from builder.gui.panels.profile_html import profile_html

    faction = games.factions["test-spherus-party"]
    assert faction.game.stat_label("HP") == "PV"
    assert game_of(faction.game).stat_label("HP") == "PV"
    html = profile_html(faction.combatants[0], faction)
    assert ">PV</th>" in html and ">HP</th>" not in html


def test_spherus_hit_points_stay_hp_in_english(games: Catalogue) -> None:
    assert games.factions["test-spherus-party"].game.stat_label("HP") == "HP"


def test_first_steps_and_verdict_read_as_spanish(spanish: None, games: Catalogue) -> None:
    from builder.rules import validate

    warband = Warband(name="Mi banda", faction="soimi", entries=[])
    faction = games.factions["soimi"]
    report = validate(warband, faction)
    steps = first_steps(warband, faction, report)
    assert steps and steps[0].text.startswith("Para empezar, contrata a tu ")
    assert ":" not in steps[0].text
    assert i18n._("This {noun} is legal: it breaks no recruiting rule.").format(
        noun="banda") == "Tu banda es legal: no incumple ninguna regla de reclutamiento."
    assert i18n._("&Add to {noun}").format(noun="banda") == "&Añadir a tu banda"


@pytest.mark.parametrize("language", ["en", "es"])
def test_list_rows_are_not_cut_at_1024x600(qapp: QApplication, make_window: Any,
                                           language: str) -> None:
    i18n.set_language(language)
    try:
        window = make_window()
        window.resize(1024, 600)
        window.splits.reset()
        window.files.replace(Warband(name="x", faction="test-faction", entries=[
            Entry(combatant=c.id, count=1)
            for c in window.doc.catalogue.factions["test-faction"].combatants]), None)
        QApplication.processEvents()
        view = window.roster.view
        room = view.columnWidth(0) - 2 * view.indentation() - 24  # the flag icon and margins
        for c in window.doc.catalogue.factions["test-faction"].combatants:
            assert view.fontMetrics().horizontalAdvance(c.display_name) <= room, c.display_name
        assert window.splits.main.sizes()[1] >= 1024 // 2  # the list keeps half the window
    finally:
        i18n.set_language("en")


def test_the_wheel_over_the_closed_faction_box_changes_nothing(games: Catalogue,
                                                                make_window: Any) -> None:
    from PySide6.QtCore import QPoint, QPointF, Qt
    from PySide6.QtGui import QWheelEvent

    window = make_window(games)
    combo, spin = window.details.faction_combo, window.details.limit_spin
    window.details.limit_check.click()
    before = (window.doc.warband.faction, window.doc.warband.points_limit)
    for widget in (combo, spin):
        centre = QPointF(widget.rect().center())
        QApplication.sendEvent(widget, QWheelEvent(
            centre, QPointF(widget.mapToGlobal(centre.toPoint())), QPoint(), QPoint(0, -120),
            Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier,
            Qt.ScrollPhase.NoScrollPhase, False))
    assert (window.doc.warband.faction, window.doc.warband.points_limit) == before


# -- issue 41 item 10: every tooltip reads ----------------------------------------------------


def test_every_tooltip_of_the_window_reads_in_the_tooltip_colours(make_window: Any) -> None:
    """A widget coloured by a style sheet (a greyed pick, the red points over the limit, the
    verdict) lent its colour, weight and size to its tooltip: grey or red on pale yellow. Every
    tooltip of the window, on a list over its limit with greyed picks, has the colours and
    font of a plain one."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QToolTip, QWidget

    window = make_window(Catalogue.load([TEST_DATA / "relaunch"], user=False))
    window.files.load_path(TEST_DATA / "relaunch" / "lists" / "test-relaunch-sixty.warband.yaml",
                           confirmed=True)
    window.details.limit_spin.setValue(40)  # over: the totals go red, picks are greyed
    QApplication.processEvents()

    def tip_of(widget: QWidget) -> tuple[object, ...]:
        QToolTip.showText(widget.mapToGlobal(QPoint(2, 2)), widget.toolTip(), widget)
        tip = next(w for w in QApplication.topLevelWidgets()
                   if w.objectName() == "qtooltip_label" and w.isVisible())
        tip.ensurePolished()
        palette = tip.palette()
        seen = (palette.color(tip.foregroundRole()).name(),
                palette.color(tip.backgroundRole()).name(), tip.font().bold(),
                tip.font().pixelSize(), tip.font().pointSize())
        QToolTip.hideText()
        return seen

    tipped = [w for w in window.findChildren(QWidget) if w.toolTip() and w.isVisible()]
    styled = [w for w in tipped if w.styleSheet()]
    assert {"pick-test-crown", "verdict"} <= {w.objectName() for w in styled}
    plain = tip_of(next(w for w in tipped if not w.styleSheet()))
    assert {w.objectName() or type(w).__name__: tip_of(w) for w in styled} == {
        w.objectName() or type(w).__name__: plain for w in styled}
