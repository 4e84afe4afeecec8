"""The core never imports Qt: the GUI and the CLI are two thin faces on it (STYLE.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from tests.conftest import REPO

CORE = ["builder/model", "builder/data", "builder/rules", "builder/export", "builder/events",
        "builder/document",
        "builder/packs", "builder/battlescribe", "builder/bsdata",
        "builder/cli", "builder/plumbing"]
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


# ---------------------------------------------------------------- no import cycles

PACKAGE = REPO / "builder"

def module_name(path: Path) -> str:
    parts = list(path.relative_to(REPO).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Module → the package's modules it imports, anywhere in it (in a function, or only for
    type checking: a cycle a reader has to follow all the same)."""
    files = {module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    base = ".".join(package.split(".")[:len(package.split(".")) - node.level + 1]
                                    + ([node.module] if node.module else []))
                for alias in node.names:  # `from pkg import module` imports the module
                    found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in files
                              else base)
        graph[name] = {m for m in found if m in files and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[set[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = set()
            while True:
                w = stack.pop()
                part.add(w)
                if w == v:
                    break
            if len(part) > 1:
                found.append(part)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def test_the_cycle_finder_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert cycles(graph) == [{"a", "b", "c"}]


def test_the_graph_sees_imports_in_functions_and_for_type_checking() -> None:
    graph = import_graph()
    assert "builder.gui.mainwindow.window" in graph["builder.gui.mainwindow"]  # in a function
    assert "builder.gui.host" in graph["builder.gui.sharing"]  # only for type checking


def test_no_import_cycle_in_the_package() -> None:
    found = [sorted(part) for part in cycles(import_graph())]
    assert found == [], "modules that import each other (directly or round a loop)"
