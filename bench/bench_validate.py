"""Benchmark of `spherewars validate` (issues 9 and 15, speed goals).

Creates 2,000 random Soimi list files, then times in the same run:
- one `spherewars validate DIR --format json` process with an empty cache of checked data
  files (shown on its own);
- the floor, a Python process that imports yaml and C-loads every file, and the same validate
  process, run in turns five times each (medians);
- the same in one process (no fork);
- one warband's validation in process (µs).
Goals: ≤ 1.3× the floor (issue 15; issue 9: ≤ 1.6×), ≤ 200 µs per warband.
The user folder (and so the cache, builder.data.cache) is a temporary one.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

from timing import RUNS, compiled, wall, walls

N_FILES = 2000

FLOOR = """
import sys, yaml
from pathlib import Path
for p in sorted(Path(sys.argv[1]).rglob('*.yaml')):
    yaml.load(p.read_text(encoding='utf-8'), Loader=yaml.CSafeLoader)
"""


SINGLE = """
import sys
import builder.plumbing.forks
builder.plumbing.forks.MIN_PARALLEL = 10**9
from builder.cli import main
sys.exit(main(['validate', sys.argv[1], '--format', 'json']))
"""


def make_lists(folder: Path, n: int) -> None:
    rng = random.Random(1)
    ids = ["nek-org", "tir-abe", "unknown-one"]
    for i in range(n):
        entries = "".join(f"  - combatant: {rng.choice(ids)}\n    count: {rng.randint(1, 6)}\n"
                          for _ in range(rng.randint(0, 6))) or "  []\n"
        limit = rng.choice(["null", "300", "400", "1000"])
        (folder / f"list-{i:04d}.warband.yaml").write_text(
            f"schema: spherewars-warband/1\nname: Bench list {i} — Tir'Abé\nfaction: soimi\n"
            f"points_limit: {limit}\nentries:\n{entries}notes: generated\n",
            encoding="utf-8")


def main() -> int:
    compiled()
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as user:
        os.environ["SPHEREWARS_USER_DIR"] = user  # (for the processes below and this one)
        folder = Path(tmp)
        make_lists(folder, N_FILES)
        ours_cmd = [sys.executable, "-m", "builder", "validate", str(folder), "--format", "json"]
        start = time.perf_counter()
        subprocess.run(ours_cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        first = time.perf_counter() - start  # the cache of checked data files still empty
        floor, ours = walls([[sys.executable, "-c", FLOOR, str(folder)], ours_cmd])
        one_process = wall([sys.executable, "-c", SINGLE, str(folder)])

        from builder.data import Catalogue, load_warband
        from builder.rules import validate
        from builder.rules.cache import rule_cache

        catalogue = Catalogue.load(user=False)
        warband = load_warband(next(folder.glob("*.yaml")))
        faction = catalogue.get("soimi")
        cache = rule_cache(catalogue)  # (as the command validates)
        n = 20000
        per = timeit.timeit(lambda: validate(warband, faction, cache=cache), number=n) / n
    print(f"floor (import yaml, C-load {N_FILES} files): {floor:.3f} s (median of {RUNS}, "
          f"run in turns with validate's)")
    print(f"spherewars validate {N_FILES} lists --format json: {ours:.3f} s "
          f"({ours / floor:.2f}× the floor; goal ≤ 1.3×)")
    print(f"  its first run, the cache empty: {first:.3f} s ({first / floor:.2f}× the floor)")
    print(f"  the same in one process (no fork): {one_process:.3f} s "
          f"({one_process / floor:.2f}× the floor)")
    print(f"one warband's validation: {per * 1e6:.1f} µs (goal ≤ 200 µs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
