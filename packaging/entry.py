"""Entry point of the PyInstaller bundle: one program, two names.

``spherewars`` is the command line (and the app when run with no command);
``spherewars-gui`` (built without a console on Windows) opens the app directly.
"""

from __future__ import annotations

import sys
from pathlib import Path

from builder.__main__ import gui_main, main

if __name__ == "__main__":
    name = Path(sys.executable).stem.lower()
    sys.exit(gui_main() if name.endswith("-gui") else main())
