"""Start the desktop app: ``spherewars``, ``spherewars gui [FILE]``, ``make run``."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from builder import __version__
from builder.gui import icons
from builder.gui.language import apply_language, qt_translated
from builder.i18n import _
from builder.plumbing import paths

if TYPE_CHECKING:
    from builder.gui.mainwindow import MainWindow


def create_app(argv: list[str] | None = None) -> QApplication:
    """The QApplication (or the one already running), configured by :func:`configure`."""
    existing = QApplication.instance()
    if not isinstance(existing, QApplication):
        paint_serially()
    app = existing if isinstance(existing, QApplication) else QApplication(
        argv if argv is not None else sys.argv[:1])
    configure(app)
    return app


def paint_serially() -> None:
    """Every fill taller than about 96 lines (a scroll bar, a panel's background) Qt's raster
    engine hands to its GUI thread pool in pieces, and waits. The hand-offs cost more than
    the fills: on the 2-core machine a scroll bar repaints in 0.75 ms with the pool and 0.14 ms
    without, and the whole main window in 7.5 ms against 5.4 ms. Qt leaves the pool out when
    ``QT_NO_GUI_THREADPOOL`` is set at all, read once before the first paint: so this runs
    before the QApplication is made."""
    os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")


def configure(app: QApplication) -> None:
    """The names QSettings and the desktop use to find our files (the desktop file is
    ``org.spherewars.WarbandBuilder.desktop``), and the window icon when it is shipped."""
    app.setOrganizationName(paths.ORGANIZATION)
    app.setApplicationName(paths.APPLICATION)
    app.setApplicationVersion(__version__)
    app.setDesktopFileName(paths.DESKTOP_ID)
    icon = icons.app_icon()
    if not icon.isNull():
        app.setWindowIcon(icon)


def create_window(file: str | None = None, settings: QSettings | None = None) -> MainWindow:
    """The main window, shown, with FILE opened (a file that fails to load reports why and
    leaves an empty list) and any crashed session's autosave offered once the window is up;
    with no FILE, what the player was working on last (a play window a crash left open, else
    the last list, else a new list of the last game)."""
    from builder.gui.mainwindow import MainWindow

    window = MainWindow(settings=settings)
    window.show()

    def after_show() -> None:
        if window.files.offer_recovery():
            if file:
                window.statusBar().showMessage(
                    _("Recovered unsaved changes; {file} was not opened").format(
                        file=Path(file).name), 8000)
            return
        if file:
            window.files.load_path(Path(file), confirmed=True)
        elif not window.game.resume_after_restart():  # a play window a crash left open
            window.files.reopen_last()

    QTimer.singleShot(0, after_show)
    return window


SMOKE_TEST_ENV = "SPHEREWARS_SMOKE_TEST"
"""Set (to anything) by packaging/smoke_test.py: the app quits as soon as its window is up,
printing the window title, so a built bundle can be checked without a person at it."""


def run(file: str | None = None) -> int:
    app = create_app()
    language = apply_language(app)  # --lang, else the Language menu's choice, else the environment
    window = create_window(file)
    if os.environ.get(SMOKE_TEST_ENV):
        def report() -> None:
            shown = window.isVisible() and not window.grab().isNull()
            print(f"smoke test: main window {'shown' if shown else 'NOT shown'}: "
                  f"{window.windowTitle()}", flush=True)
            qt = language if qt_translated(app) else "en"
            print(f"smoke test: language {language}, Qt: {qt}", flush=True)
            print(f"smoke test: {smoke_preview(window)}", flush=True)
            app.exit(0 if shown else 1)

        QTimer.singleShot(0, report)
    code = app.exec()
    shut_down(app, window)
    return int(code)


def smoke_preview(window: QWidget) -> str:
    """The export preview of the open list, drawn as the export dialog draws it (a bundle
    must carry PDFium's library)."""
    from builder.gui.dialogs.preview import ExportOptions, page_images, printout_maker

    doc = window.doc  # type: ignore[attr-defined]
    try:
        images, count = page_images(printout_maker(doc.printout)(ExportOptions()),
                                    pages=1)
    except Exception as exc:  # noqa: BLE001 - reported, not raised
        return f"export preview failed: {type(exc).__name__}: {exc}"
    return f"export preview drew {len(images)} of {count} pages"


def shut_down(app: QApplication, window: QWidget) -> None:
    """Destroy our Qt objects while the QApplication still exists, in a known order.

    Left to the interpreter's exit, Python frees widgets, cached icons and the application in
    no fixed order, and a Qt object destroyed after the QApplication crashes the process
    (seen: a segfault on quitting in 1 run of 6, and 5 of 6 in the PyInstaller bundle).
    """
    window.hide()
    shiboken6.delete(window)  # the C++ window and every child, now
    icons.clear_caches()
    app.processEvents()
    app.sendPostedEvents(None, 0)  # deferred deletes
