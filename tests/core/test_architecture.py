"""The core never imports Qt: the GUI and the CLI are two thin faces on it (STYLE.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import REPO

CORE = ["builder/model", "builder/data", "builder/rules", "builder/export", "builder/events",
        "builder/packs",
        "builder/cli.py",
        "builder/batch.py", "builder/paths.py"]
FORBIDDEN = ("PySide6", "builder.gui", "shiboken6")


def core_files() -> list[Path]:
    files: list[Path] = []
    for name in CORE:
        path = REPO / name
        files.extend(sorted(path.rglob("*.py")) if path.is_dir() else [path])
    return files


@pytest.mark.parametrize("path", core_files(), ids=lambda p: str(p.relative_to(REPO)))
def test_core_module_does_not_import_qt(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            imported.append(node.module)
    bad = [m for m in imported if m.startswith(FORBIDDEN)]
    assert not bad, f"{path.name} imports {bad}"
