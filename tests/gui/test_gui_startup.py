"""Start-up loads what the first screen needs and nothing more (issue 31, item 19): what a
menu, a dialog or an export needs is imported when it is first used, after the window shows.
The time itself is measured by ``bench/bench_startup.py`` (a test cannot time a shared
machine); this test keeps the heavy modules from creeping back into the start."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

NOT_AT_START = (
    "builder.gui.dialogs.datafiles",  # the data problems dialog's text editor
    "builder.export.chat",  # Copy as text
    "builder.export.summary", "builder.model.reference",  # what printouts and sharing read
    "builder.export.pdf", "builder.export.cards", "builder.export.sheet", "reportlab",
    "pypdfium2",  # export and its preview
    "builder.gui.editor",  # the faction editor
    "builder.events.output", "builder.events.pack",  # organisers' reports
    "builder.packs.fetch", "builder.packs.install", "builder.gui.dialogs.packs",
    "builder.packs.format",  # the pack and index formats (pydantic models)
    "urllib.request", "http.client", "ssl",  # the data packs dialog and its downloads
    "builder.play.plan", "builder.play.page", "builder.gui.play.view",  # play mode
    "builder.cli.packs",  # the `data` command's sub-commands, parsed only when it is named
    "builder.packs.store",  # read only when a pack was ever installed
    # BattleScribe data: the engine, the user's data and Data → BattleScribe data… (issue 39)
    "builder.battlescribe", "builder.bsdata", "builder.gui.dialogs.bsdata",
)

FIRST_SCREEN = (ROOT / "bench" / "firstwindow.py").read_text(encoding="utf-8") + """
import json

seen = {}

def watch(app_module):
    from PySide6.QtCore import QEvent, QObject, QTimer
    from PySide6.QtGui import QWindow
    from PySide6.QtWidgets import QApplication

    class Watch(QObject):
        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Expose and isinstance(obj, QWindow) and not seen:
                seen["modules"] = list(sys.modules)  # in the order their imports began
                QTimer.singleShot(0, QApplication.instance().quit)
            return False

    real = app_module.create_window

    def create_window(file=None):
        QApplication.instance().installEventFilter(watcher)
        return real(file)

    watcher = Watch()
    app_module.create_window = create_window

start(watch)
print(json.dumps(seen.get("modules")))
"""


@pytest.fixture(scope="module")
def first_screen_modules(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The modules loaded when the main window is first mapped, in the order their imports
    began, for ``spherewars gui FILE`` started as the command starts it (once for the tests
    that read them)."""
    tmp_path = tmp_path_factory.mktemp("first-screen")
    example = ROOT / "resources" / "examples" / "soimi-legal-ensartadores.warband.yaml"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen",
           "SPHEREWARS_USER_DIR": str(tmp_path / "user"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    run = subprocess.run([sys.executable, "-c", FIRST_SCREEN, str(example)], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    modules: list[str] = json.loads(run.stdout.strip().splitlines()[-1])
    assert "builder.gui.mainwindow" in modules  # (the window was there)
    return modules


def test_the_first_window_shows_without_what_it_does_not_need(
        first_screen_modules: list[str]) -> None:
    modules = first_screen_modules
    loaded = [name for name in modules for heavy in NOT_AT_START
              if name == heavy or name.startswith(heavy + ".")]
    assert loaded == []


QT = ("PySide6", "shiboken6", "shibokensupport", "signature_bootstrap", "builder.gui")
LOADED_BY_PYDANTIC = ("pydantic.plugin._loader",)
"""Imported by pydantic itself when it checks its first model (its plugin finder: its own
import of ``importlib.metadata`` is done before Qt)."""


def uses_qt(name: str) -> bool:
    module = sys.modules.get(name)
    if name.startswith(QT):
        return True
    spec = module.__spec__ if module is not None else importlib.util.find_spec(name)
    origin = spec.origin if spec is not None else None
    if not origin or not origin.endswith(".py"):
        return False
    return "PySide6" in Path(origin).read_text(encoding="utf-8", errors="replace")


def test_the_core_the_first_window_uses_is_loaded_before_qt(
        first_screen_modules: list[str]) -> None:
    """PySide reads the source file of every module imported after it (its ``__feature__``
    check): the Qt-free modules the first window needs are imported before Qt
    (``builder.__main__.CORE_BEFORE_QT``), so a start does not read some 190 files for
    nothing. A new Qt-free import on the first screen belongs in that list."""
    after_qt = first_screen_modules[first_screen_modules.index("PySide6.QtCore"):]
    late = [name for name in after_qt if name not in LOADED_BY_PYDANTIC and not uses_qt(name)]
    assert late == []


TRANSLATING = {"_", "ngettext", "pgettext", "npgettext"}


def translated_on_import(path: Path) -> list[str]:
    """Calls of the translation functions that run when the module is imported: at module or
    class level, in a default value or a decorator (not in a function's body)."""
    found: list[str] = []

    def visit(node: ast.AST, in_body: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                inside = in_body or any(child is line for line in node.body)
            elif isinstance(node, ast.Lambda):
                inside = in_body or child is node.body
            else:
                inside = in_body
            if not inside and isinstance(child, ast.Call) \
                    and isinstance(child.func, ast.Name) and child.func.id in TRANSLATING:
                found.append(f"{path.relative_to(ROOT)}:{child.lineno}")
            visit(child, inside)

    visit(ast.parse(path.read_text(encoding="utf-8")), False)
    return found


def test_no_message_is_translated_when_a_module_is_imported() -> None:
    """The core is imported before the app applies the language chosen in its menu
    (CORE_BEFORE_QT): a message translated at import would stay in the environment's
    language. Messages are marked with N_ there and translated when used."""
    found = [hit for path in sorted((ROOT / "builder").rglob("*.py"))
             for hit in translated_on_import(path)]
    assert found == []
