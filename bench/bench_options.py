"""Benchmark of `spherewars validate` on lists with options, units and picks (issue 26).

Creates 2,000 random list files of the invented test game shaped like the 2025 relaunch
(tests/fixtures/relaunch: units of three to five, options per entry, picks), then times one
`spherewars validate DIR --data tests/fixtures/relaunch --format json` process against the floor,
a Python process that imports yaml and C-loads every file, run in turns (medians), and one
such list's validation in process (µs). Goal: ≤ 1.5× the floor.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import timeit
from pathlib import Path

from bench_validate import FLOOR
from timing import ROOT, RUNS, compiled, walls

N_FILES = 2000
DATA = ROOT / "tests" / "fixtures" / "relaunch"
UNITS = {"test-spearmen": ["test-veteran", "test-banner", "test-long-spears", "test-drill"],
         "test-archers": ["test-veteran"], "test-council": [], "test-scout": [],
         "test-warlord": ["test-great-weapon", "test-seal"]}
PICKS = ["test-sword-of-fire", "test-crown", "test-pact", "test-blessing"]


def make_lists(folder: Path, n: int) -> None:
    rng = random.Random(1)
    for i in range(n):
        entries = []  # (block style, as the app saves a list)
        for _ in range(rng.randint(1, 6)):
            cid = rng.choice(list(UNITS))
            options = [o for o in UNITS[cid] if rng.random() < 0.4]
            entries.append(f"- combatant: {cid}\n  count: {rng.randint(1, 5)}\n"
                           + ("  options:\n" + "".join(f"    {o}: 1\n" for o in options)
                              if options else ""))
        picks = rng.sample(PICKS, rng.randint(0, 2))
        (folder / f"list-{i:04d}.warband.yaml").write_text(
            f"schema: spherewars-warband/1\nname: Bench list {i}\nfaction: test-relaunch-band\n"
            f"points_limit: {rng.choice(['null', '60', '90'])}\nentries:\n{''.join(entries)}"
            + ("picks:\n" + "".join(f"- {p}\n" for p in picks) if picks else ""),
            encoding="utf-8")


def main() -> int:
    compiled()
    with tempfile.TemporaryDirectory() as tmp, tempfile.TemporaryDirectory() as user:
        os.environ["SPHEREWARS_USER_DIR"] = user
        folder = Path(tmp)
        make_lists(folder, N_FILES)
        ours_cmd = [sys.executable, "-m", "builder", "validate", str(folder), "--data",
                    str(DATA), "--format", "json"]
        floor, ours = walls([[sys.executable, "-c", FLOOR, str(folder)], ours_cmd])

        from builder.data import Catalogue, load_warband
        from builder.rules import validate
        from builder.rules.cache import rule_cache

        catalogue = Catalogue.load([DATA], user=False)
        lists = [load_warband(p) for p in sorted(folder.glob("*.yaml"))[:200]]
        faction = catalogue.get("test-relaunch-band")
        cache = rule_cache(catalogue)
        per = timeit.timeit(lambda: [validate(w, faction, cache=cache) for w in lists],
                            number=20) / (20 * len(lists))
    print(f"floor (import yaml, C-load {N_FILES} files): {floor:.3f} s (median of {RUNS})")
    print(f"spherewars validate {N_FILES} lists with options and picks: {ours:.3f} s "
          f"({ours / floor:.2f}× the floor; goal ≤ 1.5×)")
    print(f"one such list's validation: {per * 1e6:.1f} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
