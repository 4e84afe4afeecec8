"""Timing shared by the benchmark scripts (each runs as its own process from ``bench/``)."""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

RUNS = 5


def walls(cmds: list[list[str]], runs: int = RUNS, env: dict[str, str] | None = None
          ) -> list[float]:
    """Median wall time of each command, run in turns (a, b, a, b, …) so that a machine that
    gets faster or slower during the runs weighs on each alike (a ratio of two medians taken
    one after the other swung by a third on a shared machine)."""
    times: list[list[float]] = [[] for _cmd in cmds]
    for _ in range(runs):
        for cmd, spent in zip(cmds, times, strict=True):
            start = time.perf_counter()
            subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                           cwd=ROOT)
            spent.append(time.perf_counter() - start)
    return [statistics.median(spent) for spent in times]


def wall(cmd: list[str], runs: int = RUNS) -> float:
    """Median wall time of running ``cmd`` ``runs`` times, its output discarded."""
    return walls([cmd], runs)[0]


def compiled() -> None:
    """Compile the package's bytecode first, as installing a wheel does: the program is
    measured as users run it, not compiling its sources on every start (an editable install
    under PYTHONDONTWRITEBYTECODE=1, as on the CI machine, never keeps bytecode)."""
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "builder")],
                   check=True, stdout=subprocess.DEVNULL)
