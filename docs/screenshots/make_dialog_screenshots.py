"""The pictures of the open list's file questions in docs/files.md (offscreen, English and
Spanish): ``python docs/screenshots/make_dialog_screenshots.py``."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from PySide6.QtWidgets import QMessageBox, QWidget  # noqa: E402

from builder.gui.app import create_app  # noqa: E402
from builder.gui.dialogs import file_questions  # noqa: E402
from builder.gui.language import install_qt_translations  # noqa: E402
from builder.i18n import set_language  # noqa: E402

OUT = Path(__file__).resolve().parent / "dialogs"
LIST = Path("/home/ana/lists/los-ensartadores.warband.yaml")
FOLDER = Path("/home/ana/.local/share/SphereWars/Warband Builder")
PROBLEM = {"en": "Read-only file system", "es": "Sistema de archivos de sólo lectura"}


def main() -> int:
    app = create_app([sys.argv[0]])
    OUT.mkdir(exist_ok=True)
    name = [""]

    def grab(box: QMessageBox) -> int:
        box.show()
        app.processEvents()
        box.grab().save(str(OUT / name[0]))
        box.close()
        return 0

    QMessageBox.exec = grab  # type: ignore[method-assign]
    parent = QWidget()
    for language in ("en", "es"):
        set_language(language)
        install_qt_translations(app, language)
        name[0] = f"changed-on-disk-{language}-modified.png"
        file_questions.ask_changed_on_disk(parent, LIST, modified=True, saving=True)
        name[0] = f"recovery-off-{language}.png"
        file_questions.note_recovery_off(parent, FOLDER, PROBLEM[language])
    return 0


if __name__ == "__main__":
    sys.exit(main())
