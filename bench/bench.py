"""Run every benchmark script in this folder and print their figures.

Each ``bench_*.py`` is run as its own process (so imports and start-up are measured as a user
sees them) and prints its own lines. ``--json`` runs only the catalogue-scale benchmark
(``bench_scale.py``) and prints, as its last line, one JSON object of its figures.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    if "--json" in sys.argv:
        # the catalogue-scale figures (issue 15), the JSON object as the last line
        return subprocess.run([sys.executable, str(HERE / "bench_scale.py"), "--json",
                               *sys.argv[sys.argv.index("--json") + 1:]],
                              cwd=HERE.parent).returncode
    status = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"== {script.stem}", flush=True)
        result = subprocess.run([sys.executable, str(script)], cwd=HERE.parent)
        status = status or result.returncode
    return status


if __name__ == "__main__":
    sys.exit(main())
