"""The main window at the table (issue 14): the layout at small and large sizes, the
findings sized to their content, folding side panels, the layout saved as it changes, points
left, first steps for an empty list, changing faction, and our own toolbar icons."""

from __future__ import annotations

import math
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QPoint, QSettings, QSize, Qt
from PySide6.QtGui import QColor, QImage, QPalette, QTextCursor
from PySide6.QtWidgets import QApplication, QSplitter, QToolBar, QToolButton

from builder.data import Catalogue
from builder.gui import icons
from builder.gui.dialogs import Prompter
from builder.gui.mainwindow.splits import CATALOGUE, PROFILE
from builder.gui.panels.guidance import first_steps
from builder.model import Entry, Warband
from builder.rules import validate
from tests.conftest import REPO
from tests.gui.conftest import GUI_DATA, click_message_box

MANY_FINDINGS = Warband(
    name="Everything wrong", faction="test-faction", points_limit=100,
    entries=[Entry(combatant="test-messenger", count=3),   # no leader, and no command for them
             Entry(combatant="test-avatar", count=6),      # six of the same
             Entry(combatant="test-squaddie", count=4),    # a squad of four units
             Entry(combatant="test-hero", count=2),        # its own max is 1
             Entry(combatant="ghost-one", count=1),        # not in the data
             Entry(combatant="ghost-two", count=1)])


def settle(qtbot: Any, window: Any) -> None:
    """Let the window's zero-delay refits run (the findings' height follows their rows)."""
    qtbot.waitUntil(lambda: not window.splits.fit_timer.isActive(), timeout=2000)
    QApplication.processEvents()


def open_list(qtbot: Any, window: Any, warband: Warband) -> None:
    window.files.replace(warband, None)
    settle(qtbot, window)


def drag_handle(qtbot: Any, splitter: QSplitter, index: int, delta: QPoint) -> None:
    """Drag the handle before widget ``index`` by ``delta``, as a user's mouse does."""
    handle = splitter.handle(index)
    start = handle.rect().center()
    qtbot.mousePress(handle, Qt.MouseButton.LeftButton, pos=start)
    qtbot.mouseMove(handle, start + delta)
    qtbot.mouseRelease(handle, Qt.MouseButton.LeftButton, pos=start + delta)


def fresh(settings: QSettings) -> QSettings:
    """The settings as they are on disk now."""
    return QSettings(settings.fileName(), QSettings.Format.IniFormat)


# ---------------------------------------------------------------- 14.1 findings sized to content


def test_eight_findings_show_without_scrolling_at_1280x760(qtbot: Any, window: Any) -> None:
    window.resize(1280, 760)
    open_list(qtbot, window, MANY_FINDINGS)
    findings = window.doc.report.findings
    assert len(findings) == 8, [f.rule for f in findings]
    view = window.findings.view
    assert view.verticalScrollBar().maximum() == 0
    viewport = view.viewport().rect()
    for row in range(8):
        assert viewport.contains(view.visualRect(window.findings.model.index(row))), row
    # the roster keeps room for its rows above
    assert window.roster.view.height() >= window.roster.height_for_rows(3)


def test_the_findings_take_what_they_need_and_the_roster_the_rest(qtbot: Any,
                                                                   window: Any) -> None:
    window.resize(1280, 760)
    open_list(qtbot, window, Warband(name="One finding", faction="test-faction",
                                     entries=[Entry(combatant="test-avatar", count=1)]))
    assert [f.rule for f in window.doc.report.findings] == ["leader-required"]
    one = window.splits.centre.sizes()[1]
    view = window.findings.view
    row = view.visualRect(window.findings.model.index(0))
    assert view.viewport().rect().contains(row)
    assert one < row.height() + 80  # no empty half-panel under one finding
    open_list(qtbot, window, MANY_FINDINGS)
    assert window.splits.centre.sizes()[1] > one + 3 * row.height()

    # a splitter the user moved stays where it was put, and is remembered
    drag_handle(qtbot, window.splits.centre, 1, QPoint(0, -60))
    moved = window.splits.centre.sizes()
    open_list(qtbot, window, Warband(name="One finding", faction="test-faction",
                                     entries=[Entry(combatant="test-avatar", count=1)]))
    assert window.splits.centre.sizes() == moved


# ---------------------------------------------------------------- 14.2 from 1024×600


def test_the_window_fits_1024x600_with_nothing_cut(qtbot: Any, window: Any) -> None:
    minimum = window.minimumSizeHint().expandedTo(window.minimumSize())
    assert minimum.width() <= 1024 and minimum.height() <= 600, minimum
    window.resize(1024, 600)
    open_list(qtbot, window, MANY_FINDINGS)
    assert window.size() == QSize(1024, 600)
    # shrunk from 1280, the side panels gave back their extra width: the list keeps half,
    # and the profile still shows a whole SphereWars stat line without scrolling
    assert window.splits.main.sizes()[1] >= 1024 // 2, window.splits.main.sizes()
    window.profile_panel.show_combatant("test-leader")
    QApplication.processEvents()
    assert window.profile_panel.profile.horizontalScrollBar().maximum() == 0
    # the verdict is never narrower than its words, and every figure is inside the bar
    verdict = window.totals.verdict
    assert verdict.text() == "✘ Illegal (8)"
    assert verdict.width() >= verdict.sizeHint().width()
    bar = window.totals.rect()
    for figure in [window.totals.points, window.totals.models,
                   *window.totals.figures.values()]:
        box = figure.geometry()
        assert bar.contains(box), figure.objectName()
        assert box.width() >= figure.sizeHint().width(), figure.objectName()
        assert not any(box.intersects(other.geometry()) for other in
                       [verdict, window.totals.points, window.totals.models,
                        *window.totals.figures.values()] if other is not figure)
    # the toolbar shows every button, none hidden behind an overflow arrow
    toolbar = window.findChild(QToolBar, "main-toolbar")
    for button in toolbar.findChildren(QToolButton):
        if button.objectName() == "qt_toolbar_ext_button":
            assert not button.isVisible()


def stat_cells(window: Any) -> list[tuple[str, int]]:
    """(text, lines) of every cell of the profile's stat table."""
    cells = []
    block = window.profile_panel.profile.document().begin()
    while block.isValid():
        if QTextCursor(block).currentTable() is not None:
            cells.append((block.text(), block.layout().lineCount()))
        block = block.next()
    return cells


def test_the_profiles_stat_line_scrolls_instead_of_wrapping(qtbot: Any, window: Any) -> None:
    window.profile_panel.show_combatant("nek-org")
    window.splits.main.setSizes([200, 1280 - 200 - 150, 150])  # a very narrow profile
    QApplication.processEvents()
    assert window.profile_panel.profile.width() < 200
    cells = stat_cells(window)
    assert [text for text, _lines in cells][:3] == ["PE", "CA", "MOV"]
    assert all(lines == 1 for _text, lines in cells), cells  # no "P/E", no "10/0"
    assert window.profile_panel.profile.horizontalScrollBar().maximum() > 0


def test_side_panels_fold_from_the_view_menu_and_stay_folded(qtbot: Any, make_window: Any,
                                                              settings: QSettings) -> None:
    window = make_window()
    width = window.splits.main.sizes()[CATALOGUE]
    centre = window.splits.main.sizes()[1]
    assert window.act.show_catalogue.isChecked() and width > 0
    window.activateWindow()
    window.roster.view.setFocus()
    qtbot.waitUntil(window.roster.view.hasFocus, timeout=2000)
    qtbot.keyClick(window.roster.view, Qt.Key.Key_1, Qt.KeyboardModifier.ControlModifier)
    assert window.splits.main.sizes()[CATALOGUE] == 0
    assert window.splits.main.sizes()[1] == centre + width  # the list gets the room
    assert not window.act.show_catalogue.isChecked()
    window.act.show_profile.trigger()
    assert window.splits.main.sizes()[PROFILE] == 0 and not window.act.show_profile.isChecked()
    window.close()

    again = make_window()
    assert again.splits.main.sizes()[CATALOGUE] == 0 and again.splits.main.sizes()[PROFILE] == 0
    assert not again.act.show_catalogue.isChecked()
    again.act.show_catalogue.trigger()
    assert again.splits.main.sizes()[CATALOGUE] == width  # back as wide as it was
    assert again.act.show_catalogue.isChecked()

    # dragging a panel shut unchecks its menu entry too
    drag_handle(qtbot, again.splits.main, CATALOGUE + 1, QPoint(-again.width(), 0))
    assert again.splits.main.sizes()[CATALOGUE] == 0
    assert not again.act.show_catalogue.isChecked()
    again.act.reset_layout.trigger()
    assert all(size > 0 for size in again.splits.main.sizes())
    assert again.act.show_catalogue.isChecked() and again.act.show_profile.isChecked()


# ---------------------------------------------------------------- 14.17 saved as it changes


def test_the_layout_is_saved_when_it_changes_not_only_on_quitting(qtbot: Any, window: Any,
                                                                   settings: QSettings) -> None:
    assert fresh(settings).value("window/main_splitter") is None
    drag_handle(qtbot, window.splits.main, 1, QPoint(40, 0))
    moved = window.splits.main.sizes()
    qtbot.waitUntil(lambda: fresh(settings).value("window/main_splitter") is not None,
                    timeout=3000)
    # what is on disk is the moved splitter, with the window still open
    assert fresh(settings).value("window/main_splitter") == window.splits.main.saveState()
    assert window.isVisible() and window.splits.main.sizes() == moved

    window.act.show_profile.trigger()  # folding a panel is saved too
    qtbot.waitUntil(lambda: fresh(settings).value("window/main_splitter")
                    == window.splits.main.saveState(), timeout=3000)
    assert window.splits.main.sizes()[PROFILE] == 0
    window.resize(900, 560)
    qtbot.waitUntil(lambda: fresh(settings).value("window/geometry")
                    == window.saveGeometry(), timeout=3000)


# ---------------------------------------------------------------- 14.4 points left


def test_points_left_and_over_the_limit(qtbot: Any, window: Any) -> None:
    points = window.totals.points
    assert not points.note.isVisible()  # no limit, nothing left to count
    window.details.limit_check.click()
    window.details.limit_spin.setValue(400)
    window.add_combatant("nek-org")  # 169
    assert points.value.text() == "169 / 400"
    assert points.note.text() == "231 left" and points.note.isVisible()
    window.add_combatant("tir-abe")  # 163: 332
    window.add_combatant("tir-abe")  # 495
    assert points.note.text() == "95 over"
    assert points.state == "over" and "#b00020" in points.note.styleSheet()
    window.details.limit_check.click()
    assert not points.note.isVisible()


# ---------------------------------------------------------------- 14.5 first steps


def test_a_new_list_is_greeted_with_what_to_hire_first(qtbot: Any, window: Any) -> None:
    assert window.doc.entries == []
    assert [f.rule for f in window.doc.report.findings] == ["leader-required"]  # still found
    assert window.totals.verdict.text() == "Empty"
    assert "#b00020" not in window.totals.verdict.styleSheet()
    guidance = window.findings.guidance_label
    assert window.findings.stack.currentWidget() is guidance
    assert "Start by hiring a Leader" in guidance.text()
    assert "the commander of the Warband" in guidance.text()  # the book's sentence
    window.add_combatant("nek-org")
    assert window.totals.verdict.text() == "✔ Legal"
    window.stack.undo()
    assert window.totals.verdict.text() == "Empty"
    window.add_combatant("test-nothing")  # an entry, even an unknown one: real findings
    assert window.totals.verdict.text() == "✘ Illegal (2)"
    assert window.findings.stack.currentWidget() is window.findings.view


def test_first_steps_come_from_each_games_rules(catalogue: Catalogue) -> None:
    built_in = Catalogue.load([], user=False)
    sow = next(f for f in built_in.factions.values() if f.system == "sow-tactical-f1")
    for faction, step in ((built_in.get("soimi"), "Start by hiring a Leader"),
                          (sow, "Start by hiring 5 Combatants")):
        assert faction is not None
        empty = Warband(name="x", faction=faction.id, entries=[])
        steps = first_steps(empty, faction, validate(empty, faction))
        assert steps is not None and [s.text for s in steps] == [step]
    soimi = catalogue.get("soimi")
    full = Warband(name="x", faction="soimi", entries=[Entry(combatant="tir-abe", count=1)])
    assert first_steps(full, soimi, validate(full, soimi)) is None  # findings as they are
    unknown = Warband(name="x", faction="elves", entries=[])
    assert first_steps(unknown, None, validate(unknown, None)) is None


# ---------------------------------------------------------------- 14.6 changing faction


@pytest.fixture
def sibling(tmp_path: Path, catalogue: Catalogue) -> Catalogue:
    """The test faction and a sibling of it (test data) that has only its Leader and
    Avatar."""
    text = (GUI_DATA / "test-faction.yaml").read_text(encoding="utf-8")
    head, _sep, rest = text.partition("  - id: test-messenger")
    (tmp_path / "sibling").mkdir()
    (tmp_path / "sibling" / "test-sibling.yaml").write_text(
        head.replace("id: test-faction", "id: test-sibling")
        .replace("name: Test Faction", "name: Test Sibling"), encoding="utf-8")
    assert "test-hero" in rest
    cat = Catalogue.load([GUI_DATA, tmp_path / "sibling"], user=False)
    assert not cat.problems
    return cat


def choose_faction(window: Any, faction_id: str) -> None:
    combo = window.details.faction_combo
    combo.setCurrentIndex(combo.findData(faction_id))
    combo.activated.emit(combo.currentIndex())


def test_changing_faction_asks_keeps_what_exists_and_undo_restores(
        qtbot: Any, make_window: Any, sibling: Catalogue) -> None:
    window = make_window(sibling)
    entries = [Entry(combatant="test-leader", count=1), Entry(combatant="test-messenger",
                                                               count=2),
               Entry(combatant="test-avatar", count=3)]
    open_list(qtbot, window, Warband(name="Mine", faction="test-faction", entries=entries))

    window.prompter.script("change_faction", False)
    choose_faction(window, "test-sibling")
    assert window.prompter.asked("change_faction") == [("Test Sibling", ["Test Messenger"], 3)]
    assert window.doc.warband.faction == "test-faction" and len(window.doc.entries) == 3
    assert window.details.faction_combo.currentData() == "test-faction"
    assert window.stack.count() == 0

    choose_faction(window, "test-sibling")  # answered yes
    assert window.doc.warband.faction == "test-sibling"
    assert [(e.combatant, e.count) for e in window.doc.entries] == [
        ("test-leader", 1), ("test-avatar", 3)]
    assert "unknown-combatant" not in {f.rule for f in window.doc.report.findings}
    window.stack.undo()
    assert window.doc.warband.faction == "test-faction"
    assert window.doc.entries == entries
    assert window.details.faction_combo.currentData() == "test-faction"
    window.stack.redo()
    assert [e.combatant for e in window.doc.entries] == ["test-leader", "test-avatar"]


def test_an_empty_list_changes_faction_without_a_question(make_window: Any,
                                                          sibling: Catalogue) -> None:
    window = make_window(sibling)
    choose_faction(window, "test-sibling")
    assert window.doc.warband.faction == "test-sibling"
    assert window.prompter.asked("change_faction") == []


def test_the_faction_question_names_what_goes(qtbot: Any) -> None:
    prompter = Prompter(None)  # type: ignore[arg-type]
    seen = click_message_box("change-faction-prompt", "Cancel")
    assert not prompter.ask_change_faction("Test Sibling", ["Test Messenger"], 3)
    assert "Change the list's faction to Test Sibling?" in seen[0]
    assert "1 of 3 entries will not exist in Test Sibling and will be removed: " \
           "Test Messenger." in seen[0]
    seen = click_message_box("change-faction-prompt", "Change faction")
    assert prompter.ask_change_faction("Test Sibling", [], 2)
    assert "All 2 entries exist in Test Sibling and are kept." in seen[0]


# ---------------------------------------------------------------- 14.10 our own icons


def image(icon: Any, size: int = 24) -> QImage:
    return icon.pixmap(size, size).toImage().convertToFormat(QImage.Format.Format_ARGB32)


def test_every_toolbar_button_has_our_icon_and_a_label(qtbot: Any, window: Any) -> None:
    toolbar = window.findChild(QToolBar, "main-toolbar")
    assert toolbar.iconSize() == QSize(24, 24)
    buttons = [b for b in toolbar.findChildren(QToolButton)
               if b.objectName() != "qt_toolbar_ext_button"]
    labels = {b.text().replace("&", "").rstrip("…") for b in buttons}
    assert {"New", "Open", "Save", "Undo", "Redo", "Export PDF", "Copy as text"} <= labels
    ours = {icons.action(name).cacheKey(): name for name in icons.ACTIONS}
    pictures = {name: image(icons.action(name)) for name in icons.ACTIONS}
    for button in buttons:
        assert button.toolButtonStyle() in (Qt.ToolButtonStyle.ToolButtonTextBesideIcon,
                                            Qt.ToolButtonStyle.ToolButtonTextUnderIcon)
        assert not button.icon().isNull(), button.text()
        shown = image(button.icon())
        assert button.icon().cacheKey() in ours or shown in pictures.values(), button.text()
    assert not any(b.icon().name() for b in buttons)  # none from the desktop's theme
    by_label = {b.text(): b for b in buttons}
    assert image(by_label["Undo"].icon()) == pictures["undo"]
    assert image(by_label["Redo"].icon()) == pictures["redo"]
    assert image(by_label["Export PDF"].icon()) == pictures["export-pdf"]


def test_the_toolbars_undo_and_redo_say_what_they_do(qtbot: Any, window: Any) -> None:
    toolbar = window.findChild(QToolBar, "main-toolbar")
    undo = toolbar.widgetForAction(window.act.undo_tool)
    redo = toolbar.widgetForAction(window.act.redo_tool)
    assert not undo.isEnabled() and not redo.isEnabled()
    window.add_combatant("nek-org")
    assert undo.isEnabled() and undo.text() == "Undo"
    assert undo.toolTip().startswith("Undo Add")
    qtbot.mouseClick(undo, Qt.MouseButton.LeftButton)
    assert window.doc.entries == []
    assert redo.isEnabled() and redo.toolTip().startswith("Redo Add")
    qtbot.mouseClick(redo, Qt.MouseButton.LeftButton)
    assert [e.combatant for e in window.doc.entries] == ["nek-org"]


def mean_outline(picture: QImage) -> float:
    """The mean lightness of the icon's opaque grey pixels (its outline)."""
    values = []
    for y in range(picture.height()):
        for x in range(picture.width()):
            colour = QColor(picture.pixel(x, y))
            if QColor.fromRgba(picture.pixel(x, y)).alpha() > 200 \
                    and colour.hsvSaturation() < 40:
                values.append(colour.lightness())
    assert values
    return sum(values) / len(values)


def test_icons_read_on_light_and_dark_palettes(qtbot: Any, qapp: QApplication,
                                                window: Any) -> None:
    toolbar = window.findChild(QToolBar, "main-toolbar")
    undo = toolbar.widgetForAction(window.act.undo_tool)
    original = qapp.palette()
    try:
        for window_colour, text, dark_outline in (("#f0f0f0", "#202020", True),
                                                  ("#2b2b2b", "#e8e8e8", False)):
            palette = QPalette(original)
            palette.setColor(QPalette.ColorRole.Window, QColor(window_colour))
            palette.setColor(QPalette.ColorRole.WindowText, QColor(text))
            qapp.setPalette(palette)
            for name in ("undo", "redo", "save", "export-pdf"):
                lightness = mean_outline(image(icons.action(name), 48))
                assert (lightness < 100) if dark_outline else (lightness > 150), name
            # the open window's toolbar follows a switch between light and dark (Qt posts
            # the palette change to the window)
            qtbot.waitUntil(lambda: image(undo.icon(), 48) == image(icons.action("undo"), 48),
                            timeout=2000)
            shown = mean_outline(image(undo.icon(), 48))
            assert (shown < 100) if dark_outline else (shown > 150)
            # and the verdict's green stays readable on the window's colour
            window.add_combatant("nek-org")
            green = QColor(window.totals.verdict.styleSheet().split("color: ")[1][:7])
            assert abs(green.lightness() - QColor(window_colour).lightness()) > 90
            window.stack.undo()
    finally:
        qapp.setPalette(original)


def test_every_action_icon_is_shipped_and_valid() -> None:
    from PySide6.QtSvg import QSvgRenderer

    folder = REPO / "resources" / "icons" / "actions"
    assert sorted(p.stem for p in folder.glob("*.svg")) == sorted(icons.ACTIONS)
    for name in icons.ACTIONS:
        assert QSvgRenderer(str(folder / f"{name}.svg")).isValid(), name
    assert icons.actions_dir() == folder or icons.actions_dir().parts[-3:] == folder.parts[-3:]


# ---------------------------------------------------------------- 14 screenshots


def test_the_screenshot_script_draws_the_three_sizes(tmp_path: Path) -> None:
    script = REPO / "docs" / "screenshots" / "make_screenshots.py"
    run = subprocess.run([sys.executable, str(script), str(tmp_path)], capture_output=True,
                         text=True, timeout=120, cwd=REPO)
    assert run.returncode == 0, run.stderr
    for width, height in ((1024, 600), (1280, 760), (1920, 1080)):
        shot = QImage(str(tmp_path / f"main-{width}x{height}.png"))
        assert (shot.width(), shot.height()) == (width, height)


# ---------------------------------------------------------------- issue 41 item 9: names fit

LONG_FACTION = "Test Soimi, community profiles of the Sapphire Coast"


@pytest.fixture
def long_named(tmp_path: Path) -> Catalogue:
    """The relaunch test faction under a long name (a shared pack's faction names itself
    so), with its list of options."""
    relaunch = REPO / "tests" / "fixtures" / "relaunch"
    folder = tmp_path / "long"
    folder.mkdir()
    (folder / "test-relaunch.system.yaml").write_bytes(
        (relaunch / "test-relaunch.system.yaml").read_bytes())
    (folder / "test-relaunch-band.yaml").write_text(
        (relaunch / "test-relaunch-band.yaml").read_text(encoding="utf-8").replace(
            "name: Test Relaunch Band", f"name: {LONG_FACTION}"), encoding="utf-8")
    return Catalogue.load([folder], user=False)


def _fits(view: Any, index: Any, text: str) -> bool:
    """Whether ``text`` shows whole in its cell (wrapped onto more lines if it must)."""
    from PySide6.QtCore import QRect

    cell = view.visualRect(index)
    room = cell.width() - 10 - (view.iconSize().width() if index.data(
        Qt.ItemDataRole.DecorationRole) is not None else 0)
    needed = view.fontMetrics().boundingRect(QRect(0, 0, max(room, 1), 10_000),
                                             int(Qt.TextFlag.TextWordWrap), text)
    return needed.width() <= room and needed.height() <= cell.height()


@pytest.mark.parametrize("language", ["en", "es"])
@pytest.mark.parametrize("size", [QSize(1024, 600), QSize(1920, 1080)], ids=str)
def test_every_name_and_its_options_show_whole_at_both_sizes(
        qtbot: Any, make_window: Any, long_named: Catalogue, language: str,
        size: QSize) -> None:
    """Issue 41 item 9: at 1024×600 the list elided "Test Spearmen — Test Veteran, Test
    Long Spears" (the options went) and the Faction box cut its name; the catalogue's names
    must show whole too. A name that does not fit its column wraps onto a second line."""
    from builder import i18n
    from builder.gui.panels.catalogue_model import NAME as CATALOGUE_NAME
    from builder.gui.panels.roster_model import NAME

    i18n.set_language(language)
    try:
        window = make_window(long_named)
        window.resize(size)
        window.files.load_path(REPO / "tests" / "fixtures" / "relaunch" / "lists"
                               / "test-relaunch-sixty.warband.yaml", confirmed=True)
        settle(qtbot, window)
        roster, groups = window.roster.view, window.roster.groups
        for row in range(len(window.doc.entries)):
            index = groups.index_of_entry(row, NAME)
            assert _fits(roster, index, index.data()), (index.data(), roster.visualRect(index))
        catalogue = window.catalogue_panel.view
        model = catalogue.model()
        names = [model.index(r, CATALOGUE_NAME) for r in range(model.rowCount())
                 if model.flags(model.index(r, CATALOGUE_NAME)) & Qt.ItemFlag.ItemIsSelectable]
        assert len(names) == 5
        for index in names:
            assert _fits(catalogue, index, index.data()), (index.data(),
                                                           catalogue.visualRect(index))
        from PySide6.QtWidgets import QStyle, QStyleOptionComboBox

        combo = window.details.faction_combo
        assert combo.currentText() == LONG_FACTION
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        field = combo.style().subControlRect(QStyle.ComplexControl.CC_ComboBox, option,
                                             QStyle.SubControl.SC_ComboBoxEditField, combo)
        assert combo.fontMetrics().horizontalAdvance(LONG_FACTION) <= field.width()
        window.stack.setClean()
    finally:
        i18n.set_language("en")


def test_a_window_made_wide_gives_the_catalogue_its_share(qtbot: Any, make_window: Any,
                                                           settings: QSettings) -> None:
    """Issue 41 item 9: a window opened at 1280×760 and then made 1920×1080 (maximised),
    or opened again at 1920 from a layout saved smaller, kept the catalogue at its 1280
    width (about 260 px); a wide window gives the names the room it promises. A width the
    player chose by dragging stays theirs."""
    from builder.gui.mainwindow.splits import default_sizes

    window = make_window()
    window.resize(1280, 760)
    settle(qtbot, window)
    window.resize(1920, 1080)
    settle(qtbot, window)
    wide = default_sizes(1920)[CATALOGUE]
    assert window.splits.main.sizes()[CATALOGUE] == wide
    window.resize(1280, 760)
    settle(qtbot, window)
    window.splits.save()
    again = make_window(settings=fresh(settings))
    again.resize(1920, 1080)
    settle(qtbot, again)
    assert again.splits.main.sizes()[CATALOGUE] == wide
    drag_handle(qtbot, again.splits.main, 1, QPoint(-80, 0))  # the player's own width
    chosen = again.splits.main.sizes()[CATALOGUE]
    assert chosen < wide
    again.resize(1900, 1080)
    again.resize(1920, 1080)
    settle(qtbot, again)
    assert again.splits.main.sizes()[CATALOGUE] == chosen


def test_a_name_wraps_when_its_finding_icon_would_cut_it(qtbot: Any) -> None:
    """A name that fits its column alone but not with the finding icon before it wraps (the
    list asks whether a row has an icon only of such names, not of every row at each edit)."""
    from PySide6.QtWidgets import QTreeView

    from builder.gui.widgets import cut_texts

    view = QTreeView()
    qtbot.addWidget(view)
    name = "Test Spearmen — Test Veteran"
    room = math.ceil(view.fontMetrics().horizontalAdvance(name)) + 2  # fits, not with an icon
    asked: list[str] = []

    def marked(text: str, answer: bool) -> Any:
        def ask() -> bool:
            asked.append(text)
            return answer
        return ask

    assert list(cut_texts(view, room, [(name, False)])) == []
    assert list(cut_texts(view, room, [(name, True)])) == [name]
    assert list(cut_texts(view, room, [(name, marked(name, True))])) == [name]
    assert list(cut_texts(view, room, [(name, marked(name, False))])) == []
    assert list(cut_texts(view, room, [("Short", marked("Short", True))])) == []
    assert asked == [name, name]
