"""What every screenshot script here starts with: an offscreen Qt application in the Fusion
style, configured as the app configures itself, with a scratch folder standing in for the
user's (so no faction, setting or recovery copy of this machine shows in a picture)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def offscreen_app(prefix: str) -> tuple[Any, Path]:
    """(the QApplication, the scratch folder); the checkout's ``builder`` is importable after."""
    scratch = Path(tempfile.mkdtemp(prefix=prefix))
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    os.environ["SPHEREWARS_USER_DIR"] = str(scratch / "user")
    sys.path.insert(0, str(ROOT))

    from PySide6.QtWidgets import QApplication

    from builder.gui.app import configure

    app = QApplication([sys.argv[0]])
    app.setStyle("Fusion")
    configure(app)
    return app, scratch
