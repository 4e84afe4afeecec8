"""Screenshots of Data → BattleScribe data… (issue 39 item 1) as a player sees it on a
1024×600 and a 1920×1080 screen, in English and Spanish: the main window with the dialog over
it, after adding a game from a data index address (served here, on 127.0.0.1) and another from
files, with the warnings the files have; and the dialog at work (a download in progress, with
Cancel), in English. Offscreen, with the builder's own invented test games (TEST DATA ONLY:
tests/fixtures/battlescribe), never BSData's.

``python docs/screenshots/make_bsdata_screenshots.py [FOLDER]`` writes
``bsdata-1024x600.png``, ``bsdata-1920x1080.png``, ``bsdata-es-1024x600.png``,
``bsdata-es-1920x1080.png`` and ``bsdata-busy-1024x600.png``.
"""

from __future__ import annotations

import http.server
import shutil
import socket
import sys
import tempfile
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path
from typing import Any

from shots import offscreen_app  # this folder: the scripts are run as scripts

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SIZES = ((1024, 600), (1920, 1080))
PORT = 8642
"""Where the test index is served, when free (the address shows in the pictures)."""


class Handler(http.server.SimpleHTTPRequestHandler):
    stall: threading.Event | None = None
    """Set: the faction's download sends its first bytes, then waits for it."""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        stall = type(self).stall
        if stall is not None and self.path.endswith("test-duellists.catz"):
            body = Path(self.translate_path(self.path)).read_bytes()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body[: len(body) // 3])
            self.wfile.flush()
            stall.wait(30)
            return
        super().do_GET()

    def log_message(self, *args: object) -> None:
        pass


@contextmanager
def serving(folder: Path) -> Iterator[str]:
    """``folder`` served on 127.0.0.1; the address of its index."""
    handler = partial(Handler, directory=str(folder))
    try:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", PORT), handler)
    except OSError:
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/releases/latest/test-duel.bsi"
    finally:
        httpd.shutdown()
        httpd.server_close()


def wait(app: Any, until: Callable[[], bool]) -> None:
    while not until():
        app.processEvents()


def screen(app: Any, window: Any, dialog: Any, width: int, height: int, target: Path, *,
           keep_size: bool = False) -> None:
    """The screen as the player sees it: the window filling it, the dialog over its middle
    (at the size it has with ``keep_size``, else the data dialog's)."""
    from PySide6.QtCore import QPoint, QRect, QSize, Qt
    from PySide6.QtGui import QPainter, QPalette, QPixmap

    from builder.gui.screenfit import FRAME, fitted

    window.resize(width, height)
    if not keep_size:
        size = fitted(QSize(1000, 640), QSize(width - FRAME.width(), height - FRAME.height()))
        dialog.resize(size)
    for _ in range(3):
        app.processEvents()
    picture = QPixmap(width, height)
    painter = QPainter(picture)
    painter.drawPixmap(0, 0, window.grab())
    shown = dialog.grab()
    # the dialog's frame as a desktop draws it: a title bar above, a line around
    bar = FRAME.height() - FRAME.width() // 2
    left = (width - shown.width()) // 2
    top = (height - shown.height() - bar) // 2 + bar
    palette = dialog.palette()
    frame = QRect(left - 1, top - bar, shown.width() + 1, shown.height() + bar)
    painter.fillRect(frame, palette.color(QPalette.ColorRole.Mid))
    painter.setPen(palette.color(QPalette.ColorRole.Shadow))
    painter.drawRect(frame)
    painter.setPen(palette.color(QPalette.ColorRole.BrightText))
    painter.drawText(QRect(left, top - bar, shown.width(), bar),
                     Qt.AlignmentFlag.AlignCenter, dialog.windowTitle())
    painter.drawPixmap(QPoint(left, top), shown)
    painter.end()
    picture.save(str(target))
    print(f"wrote {target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}")


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else HERE
    out.mkdir(parents=True, exist_ok=True)
    app, scratch = offscreen_app("spherewars-bsdata-shots-")
    socket.setdefaulttimeout(30)

    from PySide6.QtCore import QSettings

    from builder import i18n
    from builder.bsdata.store import Store
    from builder.data import Catalogue
    from builder.gui.app import shut_down
    from builder.gui.language import install_qt_translations
    from builder.gui.mainwindow import MainWindow
    from tests.bsdata.helpers import DUEL_FACTION, DUEL_SYSTEM, TEST_FILES, release_folder

    site = scratch / "site"
    release = site / "releases" / "latest"
    release_folder(release, {"test-duel.gst": DUEL_SYSTEM.read_bytes(),
                             "test-duellists.cat": DUEL_FACTION.read_bytes()})
    (release / "index.bsi").rename(release / "test-duel.bsi")
    files = Path(tempfile.gettempdir()) / "spherewars-shots" / "Downloads" / "test-skirmish"
    shutil.rmtree(files.parent.parent, ignore_errors=True)  # a fixed path: the same pictures
    files.mkdir(parents=True)
    for path in TEST_FILES:
        shutil.copy(path, files)
    with serving(site) as index:
        for language in ("en", "es"):
            i18n.set_language(language)
            install_qt_translations(app, language)
            shutil.rmtree(Store().root, ignore_errors=True)
            settings = QSettings(str(scratch / f"settings-{language}.ini"),
                                 QSettings.Format.IniFormat)
            window = MainWindow(Catalogue.load([], user=False), settings=settings,
                                recovery_dir=scratch / "recovery")
            window.resize(*SIZES[0])
            window.show()
            dialog = window.bsdata.open_dialog([index])
            wait(app, lambda dialog=dialog: dialog.task is None)
            dialog.add([str(files)])
            wait(app, lambda dialog=dialog: dialog.task is None)
            dialog.tree.topLevelItem(1).setExpanded(True)
            dialog.tree.setCurrentItem(dialog.tree.topLevelItem(1))
            window.statusBar().clearMessage()
            suffix = "" if language == "en" else f"-{language}"
            for width, height in SIZES:
                screen(app, window, dialog, width, height,
                       out / f"bsdata{suffix}-{width}x{height}.png")
            if language == "en":  # at work: a download under way
                stall = threading.Event()
                Handler.stall = stall
                shutil.rmtree(Store().root, ignore_errors=True)
                dialog.refresh()
                dialog.add([index])
                wait(app, lambda dialog=dialog: "Downloading test-duellists"
                     in dialog.progress.format())
                screen(app, window, dialog, *SIZES[0], out / "bsdata-busy-1024x600.png")
                dialog.cancel()
                stall.set()
                wait(app, lambda dialog=dialog: dialog.task is None)
                Handler.stall = None
            dialog.close()
            window.stack.setClean()
            window.close()
            shut_down(app, window)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
