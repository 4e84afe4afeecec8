"""Run every benchmark script in this folder and print their figures.

Each ``bench_*.py`` is run as its own process (so imports and start-up are measured as a user
sees them) and prints its own lines. ``--json`` runs the catalogue-scale benchmark
(``bench_scale.py``) and the cards of 300 distinct combatants (``bench_export.py``) and
prints, as its last line, one JSON object of both their figures.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
JSON_SCRIPTS = ("bench_scale.py", "bench_export.py")
"""The scripts whose ``--json`` figures (issue 15) make up the last line, in this order."""


def figures(script: str, args: list[str]) -> tuple[int, dict[str, object]]:
    """Run ``script --json``, passing its lines through; its status and last line's object."""
    process = subprocess.Popen([sys.executable, str(HERE / script), "--json", *args],
                               cwd=HERE.parent, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    last = ""
    for line in process.stdout:
        if last:
            print(last, end="", flush=True)
        last = line
    status = process.wait()
    try:
        found = json.loads(last)
    except json.JSONDecodeError:
        print(last, end="", flush=True)
        return status or 1, {}
    return status, found if isinstance(found, dict) else {}


def main() -> int:
    sys.path.insert(0, str(HERE))
    from timing import compiled

    compiled()  # (once for all the scripts; the two that compare with a floor also do it alone)
    if "--json" in sys.argv:
        args = sys.argv[sys.argv.index("--json") + 1:]
        status, merged = 0, {}
        for script in JSON_SCRIPTS:
            code, found = figures(script, args if script == "bench_scale.py" else [])
            status = status or code
            merged.update(found)
        print(json.dumps(merged))
        return status
    status = 0
    for script in sorted(HERE.glob("bench_*.py")):
        print(f"== {script.stem}", flush=True)
        result = subprocess.run([sys.executable, str(script)], cwd=HERE.parent)
        status = status or result.returncode
    return status


if __name__ == "__main__":
    sys.exit(main())
