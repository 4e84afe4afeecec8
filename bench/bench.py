"""Run every benchmark script in this folder and print their figures.

Each ``bench_*.py`` is run as its own process (so imports and start-up are measured as a user
sees them) and prints its own lines.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    status = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"== {script.stem}", flush=True)
        result = subprocess.run([sys.executable, str(script)], cwd=HERE.parent)
        status = status or result.returncode
    return status


if __name__ == "__main__":
    sys.exit(main())
