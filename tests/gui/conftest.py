"""Fixtures for the desktop app: test faction data, isolated settings, a scripted prompter."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from builder.data import Catalogue
from builder.gui.dialogs import DISCARD, ExportOptions, Prompter

GUI_DATA = Path(__file__).resolve().parent / "data"


class ScriptedPrompter(Prompter):
    """Answers the window's questions from queues the test fills, recording every question.

    With ``real_save_prompt`` set, the unsaved-changes question shows the real message box
    (the test clicks its buttons); otherwise an unscripted question is answered Discard so a
    window can always close at teardown.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)  # type: ignore[arg-type]
        self.answers: dict[str, list[Any]] = {}
        self.calls: list[tuple[str, tuple[Any, ...]]] = []
        self.real_save_prompt = False

    def script(self, kind: str, *answers: Any) -> None:
        self.answers.setdefault(kind, []).extend(answers)

    def _next(self, kind: str, args: tuple[Any, ...], default: Any = None) -> Any:
        self.calls.append((kind, args))
        queue = self.answers.get(kind)
        return queue.pop(0) if queue else default

    def asked(self, kind: str) -> list[tuple[Any, ...]]:
        return [args for k, args in self.calls if k == kind]

    def ask_save_changes(self, name: str) -> str:
        if self.real_save_prompt and not self.answers.get("save_changes"):
            self.calls.append(("save_changes", (name,)))
            return super().ask_save_changes(name)
        return self._next("save_changes", (name,), DISCARD)

    def show_error(self, title: str, text: str, details: str | None = None) -> None:
        self._next("error", (title, text, details))

    def ask_replace_read_only(self, path: Path) -> bool:
        return bool(self._next("replace_read_only", (path,), False))

    def ask_open_path(self, folder: str) -> str | None:
        return self._next("open_path", (folder,))

    def ask_event_path(self, folder: str) -> str | None:
        return self._next("event_path", (folder,))

    def ask_save_path(self, suggested: str) -> str | None:
        return self._next("save_path", (suggested,))

    def ask_recover(self, name: str, saved: str, origin: Path | None) -> bool:
        return bool(self._next("recover", (name, saved, origin), False))

    def ask_changed_on_disk(self, path: Path, modified: bool, saving: bool) -> str:
        return str(self._next("changed_on_disk", (path, modified, saving), "keep"))

    def note_recovery_off(self, folder: Path, problem: str) -> None:
        self._next("recovery_off", (folder, problem))

    def choose(self, title: str, text: str, choices: list[tuple[str, str]],
               current: str | None = None) -> str | None:
        return self._next("choose", (title, text, choices, current), current)

    def ask_no_factions(self, game: str) -> str | None:
        return self._next("no_factions", (game,))

    def ask_export_options(self, defaults: ExportOptions, preview: Any = None,
                           roster: bool = False) -> ExportOptions | None:
        self.preview = preview  # what the dialog's preview would render
        self.export_roster = roster  # (a roster's words: unit cards, roster sheet)
        return self._next("export_options", (defaults,))

    def ask_pdf_path(self, suggested: str) -> str | None:
        return self._next("pdf_path", (suggested,))

    def ask_open_pdf(self, path: Path) -> bool:
        return bool(self._next("open_pdf", (path,), False))

    def ask_show_folder(self, path: Path) -> bool:
        return bool(self._next("show_folder", (path,), False))

    def ask_change_faction(self, faction: str, missing: list[str], entries: int,
                           game: str | None = None) -> bool:
        self.game_asked = game  # the game the list would change to, if another
        return bool(self._next("change_faction", (faction, missing, entries), True))

    def show_data_problems(self, problems: list[Any], catalogue: Any = None,
                           reload: Any = None) -> None:
        self._next("data_problems", (problems, catalogue, reload))

    def ask_import_text(self, prefill: str, fingerprint: Any = None) -> str | None:
        return self._next("import_text", (prefill,))

    def show_missing_data(self, path: Path, missing: Any) -> bool:
        return bool(self._next("missing_data", (path, list(missing)), False))

    def ask_new_roster(self, system_name: str, catalogues: Any, load: Any,
                       name: str) -> Any:
        self.roster_load = load  # what the dialog would read the game's data with
        return self._next("new_roster", (system_name, list(catalogues), name))

    def ask_force(self, catalogues: Any, load: Any, current: str | None,
                  children: Any) -> Any:
        return self._next("force", (list(catalogues), current, list(children)))


@pytest.fixture
def catalogue() -> Catalogue:
    """The built-in Soimi data plus the invented test faction (no user folder)."""
    return Catalogue.load([GUI_DATA], user=False)


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def make_window(qtbot: Any, catalogue: Catalogue, settings: QSettings,
                tmp_path: Path) -> Iterator[Callable[..., Any]]:
    """Build main windows on test data, each with its own prompter and recovery folder."""
    from builder.gui.mainwindow import MainWindow

    made: list[MainWindow] = []

    def make(cat: Catalogue | None = None, **kwargs: Any) -> MainWindow:
        prompter = ScriptedPrompter()
        kwargs.setdefault("settings", settings)
        kwargs.setdefault("recovery_dir", tmp_path / "recovery")
        window = MainWindow(cat or catalogue, prompter=prompter, **kwargs)
        prompter.parent = window
        qtbot.addWidget(window, before_close_func=_quiet)
        window.show()
        qtbot.waitExposed(window)
        made.append(window)
        return window

    yield make
    for window in made:
        _quiet(window)
        window.close()


def _quiet(window: Any) -> None:
    """Nothing to ask at teardown: no real prompt may block a closing window."""
    window.prompter.real_save_prompt = False
    window.prompter.answers.pop("save_changes", None)
    window.stack.setClean()


@pytest.fixture
def window(make_window: Callable[..., Any]) -> Any:
    return make_window()


class _PaintCounter(QObject):
    def __init__(self, widget: QWidget) -> None:
        super().__init__()
        self.widget, self.paints = widget, 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if watched is self.widget and event.type() == QEvent.Type.Paint:
            self.paints += 1
        return False


def paints_after(widget: QWidget, act: Callable[[], object], passes: int = 3) -> int:
    """How many times ``widget`` is painted by ``act`` and the event-loop passes after it
    (what Qt leaves for a timer or a queued call lands in the passes after the first)."""
    counter = _PaintCounter(widget)
    widget.installEventFilter(counter)
    try:
        act()
        for _pass in range(passes):
            QApplication.processEvents()
    finally:
        widget.removeEventFilter(counter)
    return counter.paints


def click_message_box(object_name: str, button: QMessageBox.StandardButton | str,
                      *, limit: int = 500) -> list[str]:
    """Click a button of the message box ``object_name`` as soon as it is shown (polling
    with zero-delay timers while its exec() runs). Returns a list that gets the box's text,
    so the test can check what the user read. Gives up, closing every modal, after
    ``limit`` tries so a broken test fails instead of hanging."""
    seen: list[str] = []
    tries = [0]

    def attempt() -> None:
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox) and box.objectName() == object_name:
            seen.append(box.text() + "\n" + box.informativeText())
            if isinstance(button, str):
                target = next(b for b in box.buttons() if b.text().replace("&", "") == button)
            else:
                target = box.button(button)
            target.click()
            return
        tries[0] += 1
        if tries[0] > limit:
            for widget in QApplication.topLevelWidgets():
                if widget.isModal() and widget.isVisible():
                    widget.close()
            seen.append("TIMEOUT")
            return
        QTimer.singleShot(5, attempt)

    QTimer.singleShot(0, attempt)
    return seen


@pytest.fixture
def spanish(qapp: QApplication) -> Iterator[None]:
    """The program in Spanish for one test (messages, display texts, Qt's own), English after."""
    from builder import i18n
    from builder.gui.language import install_qt_translations

    i18n.set_language("es")
    install_qt_translations(qapp, "es")
    yield
    i18n.set_language("en")
    install_qt_translations(qapp, "en")
