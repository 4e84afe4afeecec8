"""Start-up loads what the first screen needs and nothing more (issue 31, item 19): what a
menu, a dialog or an export needs is imported when it is first used, after the window shows.
The time itself is measured by ``bench/bench_startup.py`` (a test cannot time a shared
machine); this test keeps the heavy modules from creeping back into the start."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

NOT_AT_START = (
    "builder.gui.dialogs.datafiles",  # the data problems dialog's text editor
    "builder.export.chat",  # Copy as text
    "builder.export.pdf", "builder.export.cards", "builder.export.sheet", "reportlab",
    "pypdfium2",  # export and its preview
    "builder.gui.editor",  # the faction editor
    "builder.events.output", "builder.events.pack",  # organisers' reports
    "builder.packs.fetch", "builder.packs.install", "builder.gui.dialogs.packs",
    "builder.packs.format",  # the pack and index formats (pydantic models)
    "urllib.request", "http.client", "ssl",  # the data packs dialog and its downloads
    "builder.play.plan", "builder.play.page", "builder.gui.play.view",  # play mode
    "builder.packs.cli",  # the `data` command's sub-commands, parsed only when it is named
    "builder.packstore",  # read only when a pack was ever installed
)

FIRST_SCREEN = """
import json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtGui import QWindow
from PySide6.QtWidgets import QApplication
import builder.gui.app as app_module

seen = {}

class Watch(QObject):
    def eventFilter(self, obj, event):
        if event.type() == QEvent.Type.Expose and isinstance(obj, QWindow) and not seen:
            seen["modules"] = sorted(sys.modules)
            QTimer.singleShot(0, QApplication.instance().quit)
        return False

real = app_module.create_window

def create_window(file=None):
    QApplication.instance().installEventFilter(watch)
    return real(file)

watch = Watch()
app_module.create_window = create_window
sys.argv = ["spherewars", "gui", sys.argv[1]]
from builder.__main__ import main
main()
print(json.dumps(seen.get("modules")))
"""


def test_the_first_window_shows_without_what_it_does_not_need(tmp_path: Path) -> None:
    example = ROOT / "resources" / "examples" / "soimi-legal-ensartadores.warband.yaml"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen",
           "SPHEREWARS_USER_DIR": str(tmp_path / "user"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    run = subprocess.run([sys.executable, "-c", FIRST_SCREEN, str(example)], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    modules = json.loads(run.stdout.strip().splitlines()[-1])
    assert "builder.gui.mainwindow" in modules  # (the window was there)
    loaded = [name for name in modules for heavy in NOT_AT_START
              if name == heavy or name.startswith(heavy + ".")]
    assert loaded == []
