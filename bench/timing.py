"""Timing shared by the benchmark scripts (each runs as its own process from ``bench/``)."""

from __future__ import annotations

import statistics
import subprocess
import time

RUNS = 5


def wall(cmd: list[str], runs: int = RUNS) -> float:
    """Median wall time of running ``cmd`` ``runs`` times, its output discarded."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        times.append(time.perf_counter() - start)
    return statistics.median(times)
