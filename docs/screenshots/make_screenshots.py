"""Screenshots of the main window for the README, at the three sizes issue 14 asks about, and
of the faction editor on a 1024×600 screen (issue 31).

Run with ``make screenshots`` (or ``python docs/screenshots/make_screenshots.py [FOLDER]``).
Offscreen and deterministic: the built-in data only (no user folder), fresh settings, English
(and one picture in Spanish, ``--lang es``),
the Fusion style, and a list built from ``resources/examples/`` by the same gestures a player
makes (open an example, hire a leader, set a points limit), so it shows findings.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from shots import offscreen_app  # this folder: the scripts are run as scripts

SIZES = ((1024, 600), (1280, 760), (1920, 1080))
SHOTS = [("en", width, height, f"main-{width}x{height}.png") for width, height in SIZES] + [
    ("es", 1280, 760, "main-es-1280x760.png")]
"""(language, width, height, file): the English window at each size, the Spanish one once."""
EDITOR_SHOTS = [("en", 1024, 600, "editor-1024x600.png")]
"""The faction editor on a small screen: a copy of Soimi on its Combatants tab."""
EXAMPLE = "soimi-illegal-same-combatant-limit.warband.yaml"
"""Six Tir'Abé over two entries: one too many (its notes say so)."""
HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else HERE
    out.mkdir(parents=True, exist_ok=True)
    app, scratch = offscreen_app("spherewars-shots-")

    from PySide6.QtCore import QSettings

    from builder import i18n
    from builder.data import Catalogue
    from builder.gui.app import shut_down
    from builder.gui.editor import FactionEditor
    from builder.gui.language import install_qt_translations
    from builder.gui.mainwindow import MainWindow
    from builder.plumbing import paths

    for language, width, height, name in SHOTS:
        i18n.set_language(language)  # as asked, whatever the machine's language
        install_qt_translations(app, language)
        settings = QSettings(str(scratch / f"settings-{language}-{width}.ini"),
                             QSettings.Format.IniFormat)
        window = MainWindow(Catalogue.load([], user=False), settings=settings,
                            recovery_dir=scratch / "recovery")
        window.resize(width, height)
        window.show()
        example = paths.resources_dir() / "examples" / EXAMPLE
        window.files.open_example(example)  # its name and notes in the window's language
        window.add_combatant("nek-org")  # a leader for the six Tir'Abé…
        window.details.limit_check.click()  # …and a 1,000-point game they do not fit
        window.details.limit_spin.setValue(1000)
        window.roster.select_first()
        window.roster.view.setFocus()
        if not shoot(app, window, out / name):
            return 1
        window.stack.setClean()
        window.close()
        shut_down(app, window)
    for language, width, height, name in EDITOR_SHOTS:
        i18n.set_language(language)
        install_qt_translations(app, language)
        editor = FactionEditor(Catalogue.load([], user=False))
        editor.resize(width, height)
        editor.show()
        editor.open_faction("soimi")
        editor.duplicate_faction()  # an editable copy, as a player makes one
        editor.pane.tabs.setCurrentIndex(1)
        editor.pane.combatants.select(1)
        if not shoot(app, editor, out / name):
            return 1
        editor.pane.stack.setClean()
        editor.close()
        shut_down(app, editor)
    return 0


def shoot(app: Any, window: Any, target: Path) -> bool:
    """The window as it is once its events are handled, without a status message."""
    window.statusBar().clearMessage()
    for _ in range(3):
        app.processEvents()
    if not window.grab().save(str(target)):
        print(f"could not write {target}", file=sys.stderr)
        return False
    print(f"wrote {target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}")
    return True


if __name__ == "__main__":
    sys.exit(main(sys.argv))
