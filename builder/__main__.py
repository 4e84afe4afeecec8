"""``python -m builder`` and the ``spherewars`` / ``spherewars-gui`` commands."""

from __future__ import annotations

import importlib
import os
import sys

CORE_BEFORE_QT = ("builder.data", "builder.data.ondisk", "builder.data.share", "builder.rules",
                  "builder.rules.headroom", "builder.rules.explain", "builder.events",
                  "builder.export.profile",
                  "builder.export.styles", "builder.play.state", "html", "importlib.metadata")
"""What the first window uses of the core (and of the standard library: pydantic reads
``importlib.metadata`` when it checks its first model), imported before Qt. Once PySide6 is
loaded, every module imported after it has its source file read, to look for PySide's
``__feature__`` switches (PYSIDE-2029): about 0.1 ms a module, and the first window imports
some 190 Qt-free modules (pydantic, PyYAML, the models, the rules). Imported first, they are
read once, as code; the test of the first screen keeps the list complete."""


def launch_gui(file: str | None) -> int:
    """Start the desktop app (imports Qt only now, so the other commands stay light)."""
    try:
        for name in CORE_BEFORE_QT:
            importlib.import_module(name)
        from builder.gui.app import run
    except ImportError as exc:
        from builder.i18n import _

        print(_("spherewars: the desktop app cannot start: {problem}").format(problem=exc),
              file=sys.stderr)
        return 2
    return run(file)


def main() -> int:
    from builder.cli import main as cli_main

    return cli_main(gui=launch_gui, leave=leave)


def leave(status: int) -> None:
    """End the process now, its output written, without the interpreter's tear-down (which
    frees every object one at a time): for the commands that only print."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass  # (a closed pipe: run_writing has said so already, or it needs no word)
    os._exit(status)


def gui_main() -> int:
    return launch_gui(sys.argv[1] if len(sys.argv) > 1 else None)


if __name__ == "__main__":
    sys.exit(main())
