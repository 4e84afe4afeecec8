"""``python -m builder`` and the ``spherewars`` / ``spherewars-gui`` commands."""

from __future__ import annotations

import os
import sys


def launch_gui(file: str | None) -> int:
    """Start the desktop app (imports Qt only now, so the other commands stay light)."""
    try:
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
