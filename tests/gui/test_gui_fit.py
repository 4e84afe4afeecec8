"""Every window and dialog fits a 1024×600 screen and is usable there (issue 31, items 1-2):
it opens inside the screen's room, everything it holds fits in that room (its minimum size),
and a geometry saved on a bigger screen is clipped to the small one.

The tests run on a virtual 1920×1080 screen (tests/conftest.py); here the screen's room is
what ``screenfit.available`` says, so each test stands for the screen it names."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QRect, QSize, QTimer
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

from builder import i18n
from builder.data import Catalogue
from builder.gui import screenfit
from builder.gui.dialogs import ExportOptions
from builder.gui.dialogs.data_problems import DataProblemsDialog
from builder.gui.dialogs.datafiles import TextFileEditor
from builder.gui.dialogs.export import ExportDialog
from builder.gui.dialogs.import_code import ImportCodeDialog
from builder.gui.editor import FactionEditor
from builder.gui.language import install_qt_translations
from tests.conftest import TEST_DATA

SMALL = QRect(0, 0, 1024, 600)


@pytest.fixture
def small_screen(monkeypatch: pytest.MonkeyPatch) -> QRect:
    monkeypatch.setattr(screenfit, "available", lambda _widget: SMALL)
    return SMALL


@pytest.fixture(params=["en", "es"])
def language(request: pytest.FixtureRequest, qapp: QApplication) -> Iterator[str]:
    i18n.set_language(request.param)
    install_qt_translations(qapp, request.param)
    yield request.param
    i18n.set_language("en")
    install_qt_translations(qapp, "en")


def assert_fits(widget: QWidget, screen: QRect, *, placed: bool = True) -> None:
    """The window and its frame fit the screen (``placed``: lie inside it; a dialog that
    was not made smaller is placed by Qt on the real, bigger test screen), and what it holds
    fits its size."""
    frame = screenfit.FRAME
    outer = QRect(widget.pos() if placed else screen.topLeft(), widget.size() + frame)
    assert screen.contains(outer), (type(widget).__name__, outer, screen)
    need = widget.minimumSizeHint()
    assert need.width() <= widget.width() and need.height() <= widget.height(), (
        type(widget).__name__, need, widget.size())


def test_fitted_keeps_what_fits_and_cuts_the_rest() -> None:
    assert screenfit.fitted(QSize(1280, 760), QSize(1016, 566)) == QSize(1016, 566)
    assert screenfit.fitted(QSize(800, 400), QSize(1016, 566)) == QSize(800, 400)
    assert screenfit.fitted(QSize(300, 200), QSize(1016, 566), QSize(400, 250)) == QSize(400,
                                                                                       250)


def test_main_window_fits_a_small_screen(small_screen: QRect, make_window: Any,
                                         language: str) -> None:
    window = make_window()
    assert window.size() == QSize(1024 - 8, 600 - 34)
    assert_fits(window, small_screen)


def test_main_window_keeps_its_size_on_a_big_screen(make_window: Any) -> None:
    assert make_window().size() == QSize(1280, 760)


def test_restored_geometry_is_clipped_to_the_screen(qtbot: Any, make_window: Any,
                                                    settings: Any,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    big = make_window()
    big.resize(1800, 1000)
    big.move(100, 40)
    big.splits.save()
    big.stack.setClean()
    big.close()
    monkeypatch.setattr(screenfit, "available", lambda _widget: SMALL)
    small = make_window()
    assert small.width() <= 1024 - 8 and small.height() <= 600 - 34
    assert_fits(small, SMALL)
    # the findings and the status bar are on the screen
    for part in (small.findings, small.statusBar()):
        corner = part.mapTo(small, part.rect().bottomRight())
        assert small.rect().contains(corner)


def test_faction_editor_fits_and_its_form_needs_no_sideways_scrolling(
        qtbot: Any, small_screen: QRect, user_dir: Path, language: str) -> None:
    catalogue = Catalogue.load([TEST_DATA / "systems", TEST_DATA / "factions"], user=False)
    editor = FactionEditor(catalogue)
    qtbot.addWidget(editor)
    editor.show()
    qtbot.waitExposed(editor)
    assert_fits(editor, small_screen)
    for faction_id in ("soimi", "test-torn-expedition", "test-spherus-party"):
        assert editor.open_faction(faction_id)
        pane = editor.pane
        pane.tabs.setCurrentIndex(1)
        QApplication.processEvents()
        form = pane.combatants.combatant_form
        area = next(a for a in pane.combatants.findChildren(QScrollArea)
                    if a.isAncestorOf(form))
        assert not area.horizontalScrollBar().isVisible(), faction_id
        assert form.minimumSizeHint().width() <= area.viewport().width(), faction_id
        # the buttons under the list and the problem line are inside the window
        for widget in (pane.combatants.add_button, pane.status):
            corner = widget.mapTo(editor, widget.rect().bottomRight())
            assert editor.rect().contains(corner), (faction_id, widget)
    # the faction list's rows are not cut ("1 combatie…")
    rows = editor.faction_list
    assert rows.sizeHintForColumn(0) <= rows.viewport().width()
    editor.close()


def test_dialogs_fit_a_small_screen(qtbot: Any, small_screen: QRect, tmp_path: Path,
                                    language: str) -> None:
    broken = tmp_path / "broken.yaml"
    broken.write_text("schema: spherewars-faction/1\nid: [\n", encoding="utf-8")
    catalogue = Catalogue.load([tmp_path], user=False)
    dialogs: list[QWidget] = [
        ExportDialog(ExportOptions(), preview=lambda _options: b""),
        ExportDialog(ExportOptions()),
        DataProblemsDialog(catalogue.problems, catalogue=catalogue),
        TextFileEditor(broken, catalogue.systems, catalogue.broken_systems),
        ImportCodeDialog(),
    ]
    for dialog in dialogs:
        qtbot.addWidget(dialog)
        dialog.show()
        assert_fits(dialog, small_screen, placed=False)
        if isinstance(dialog, ExportDialog):
            dialog.stop_preview()
        dialog.close()


def test_the_main_windows_message_boxes_fit_a_small_screen(make_window: Any) -> None:
    """Help → Keyboard shortcuts and About, the tallest of the app's message boxes."""
    window = make_window()
    room = QSize(1024, 600) - screenfit.FRAME
    seen: list[QSize] = []

    def read() -> None:
        box = QApplication.activeModalWidget()
        if box is None:
            QTimer.singleShot(5, read)
            return
        seen.append(box.size().expandedTo(box.sizeHint()))
        box.close()

    for show in (window.show_shortcuts, window.show_about):
        QTimer.singleShot(0, read)
        show()
    assert len(seen) == 2
    for size in seen:
        assert size.width() <= room.width() and size.height() <= room.height(), size


def test_the_rounds_new_windows_fit_a_small_screen(qtbot: Any, small_screen: QRect,
                                                   make_window: Any, tmp_path: Path,
                                                   language: str) -> None:
    """The packs dialog, the event's lists dialog and the play window open inside a 1024×600
    screen's room, and what they hold fits them."""
    from builder.gui.dialogs.event_lists import EventDialog
    from builder.gui.dialogs.packs import PacksDialog
    from tests.gui.play.test_play_window import LISTS, copy_list, games_catalogue

    packs = PacksDialog()
    qtbot.addWidget(packs)
    event = EventDialog(Catalogue.load(user=False))
    qtbot.addWidget(event)
    for dialog in (packs, event):
        dialog.show()
        assert_fits(dialog, small_screen, placed=False)
        dialog.close()
    window = make_window(games_catalogue.__wrapped__())
    assert window.files.load_path(copy_list(tmp_path, LISTS / "torn-one-leader.warband.yaml"),
                            confirmed=True)
    window.game.start.trigger()
    play = window.game.play_window
    assert play is not None and play.isVisible()
    assert_fits(play, small_screen)
