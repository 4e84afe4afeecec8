"""``python -m builder`` and the ``spherewars`` command."""

from __future__ import annotations

import sys


def main() -> int:
    from builder.cli import main as cli_main

    return cli_main()


def gui_main() -> int:
    from builder.cli import run_gui

    return run_gui(sys.argv[1] if len(sys.argv) > 1 else None)


if __name__ == "__main__":
    sys.exit(main())
