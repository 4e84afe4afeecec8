"""Screenshots of the main window with options, units and picks (SPEC §9), for
docs/options.md and docs/options-app.md: a small and a common screen.

Run with ``python docs/screenshots/make_options_screenshots.py [FOLDER]``. Offscreen and
deterministic like the others (:func:`shots.offscreen_app`). No shipped game has options yet,
so the window shows the test suite's invented system shaped like the 2025 relaunch
(``tests/fixtures/relaunch``; every name in it starts with "Test"): its 60-point example list,
the unit of spearmen current so its options show, and an artefact taken.
"""

from __future__ import annotations

import sys
from pathlib import Path

from make_screenshots import shoot  # this folder: the scripts are run as scripts
from shots import ROOT, offscreen_app

HERE = Path(__file__).resolve().parent
DATA = ROOT / "tests" / "fixtures" / "relaunch"
LIST = DATA / "lists" / "test-relaunch-sixty.warband.yaml"
SHOTS = (("en", 1024, 600, "options-1024x600.png"), ("en", 1280, 760, "options-1280x760.png"))


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else HERE
    out.mkdir(parents=True, exist_ok=True)
    app, scratch = offscreen_app("spherewars-options-shots-")

    from PySide6.QtCore import QSettings

    from builder import i18n
    from builder.data import Catalogue
    from builder.gui.app import shut_down
    from builder.gui.language import install_qt_translations
    from builder.gui.mainwindow import MainWindow

    for language, width, height, name in SHOTS:
        i18n.set_language(language)
        install_qt_translations(app, language)
        settings = QSettings(str(scratch / f"settings-{language}-{width}.ini"),
                             QSettings.Format.IniFormat)
        window = MainWindow(Catalogue.load([DATA], user=False), settings=settings,
                            recovery_dir=scratch / "recovery")
        window.resize(width, height)
        window.show()
        if not window.files.load_path(LIST, confirmed=True):
            print(f"could not open {LIST}", file=sys.stderr)
            return 1
        spearmen = window.doc.rows_for(["test-spearmen"])[0]
        window.roster.select_row(spearmen)
        window.roster.view.setFocus()
        if not shoot(app, window, out / name):
            return 1
        window.stack.setClean()
        window.close()
        shut_down(app, window)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
