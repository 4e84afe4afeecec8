"""Benchmark of the user's BattleScribe data (issue 37, speed): Kill Team from
``../shared/battlescribe/data/killteam`` (129 files, 16 MB of XML, three game systems; never
committed: skipped when the folder is not here).

- ``floor_s``: parsing every file once with ``xml.etree.ElementTree`` in a fresh process (the
  floor the issue measures against);
- ``add_s`` and ``add_ratio``: ``spherewars bsdata add`` of the folder into an empty user
  folder, a fresh process (the issue asks ≤ 3× the floor);
- ``open_roster_s`` and ``open_roster_ratio``: opening it again for a roster, a fresh process:
  :func:`builder.bsdata.finding.find_data` of the 2024 game system and one of its catalogues
  (what the app, ``validate`` or an event reads for a Kill Team roster; the issue asks ≤ 1×);
- ``open_all_s`` and ``open_all_ratio``: opening every installed file again (the three game
  systems with all their catalogues, ``find_data(every_catalogue=True)``), a fresh process:
  the first time, which reads the XML and writes the engine's cache;
- ``open_all_again_s`` and its ratio: the same once more, from the engine's cache (its index,
  the elements read when first used);
- ``*_cpu_s``: the processor time (user + system) of the same processes, which a busy shared
  machine does not stretch as it stretches wall times.

Medians (``*_best_s``: the fastest) of ``--runs`` (default 5) rounds, each round running every
process in turn; ``*_ratio`` divides by the floor's figure of the same kind.
``--json`` prints, as the last line, one JSON object of them all.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from timing import ROOT, compiled  # noqa: E402

GAME = ROOT.parent / "shared" / "battlescribe" / "data" / "killteam"
SYSTEM_2024 = "c521-ad27-44df-f959"

FLOOR = """
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
for path in sorted(Path(sys.argv[1]).iterdir()):
    if path.suffix in (".gst", ".cat"):
        ET.parse(path)
"""

OPEN_ROSTER = """
import sys
from builder.bsdata.finding import Wanted, find_data
from builder.bsdata.store import Store
system = Store().get(sys.argv[1])
catalogue = next(c for c in system.catalogues if not c.library)
found = find_data(Wanted("gameSystem", system.id), [Wanted("catalogue", catalogue.id)])
assert found.data.catalogues
"""

OPEN_ALL = """
from builder.bsdata.finding import Wanted, find_data
from builder.bsdata.store import Store
count = 0
for system in Store().systems().values():
    found = find_data(Wanted("gameSystem", system.id), every_catalogue=True)
    count += 1 + len(found.data.catalogues)
assert count == 129, count
"""


def timed(cmd: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Wall and processor time (user + system) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr}")
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(runs: int) -> dict[str, float]:
    spherewars = [sys.executable, "-m", "builder"]
    times: dict[str, list[tuple[float, float]]] = {
        "floor": [], "add": [], "open_roster": [], "open_all": [], "open_all_again": []}
    with tempfile.TemporaryDirectory(prefix="bench-bsdata-") as tmp:
        for number in range(runs):
            user = Path(tmp) / f"user{number}"
            env = {**os.environ, "SPHEREWARS_USER_DIR": str(user)}
            times["floor"].append(timed([sys.executable, "-c", FLOOR, str(GAME)], env))
            times["add"].append(timed([*spherewars, "bsdata", "add", str(GAME)], env))
            times["open_roster"].append(
                timed([sys.executable, "-c", OPEN_ROSTER, SYSTEM_2024], env))
            times["open_all"].append(timed([sys.executable, "-c", OPEN_ALL], env))
            times["open_all_again"].append(timed([sys.executable, "-c", OPEN_ALL], env))
            shutil.rmtree(user)
    found: dict[str, float] = {}
    for name, pairs in times.items():
        found[f"{name}_s"] = round(statistics.median(w for w, _c in pairs), 3)
        found[f"{name}_best_s"] = round(min(w for w, _c in pairs), 3)
        found[f"{name}_cpu_s"] = round(statistics.median(c for _w, c in pairs), 3)
    for name in ("add", "open_roster", "open_all", "open_all_again"):
        for kind in ("", "_best", "_cpu"):
            found[f"{name}{kind}_ratio"] = round(
                found[f"{name}{kind}_s"] / found[f"floor{kind}_s"], 2)
    return found


def main() -> int:
    args = sys.argv[1:]
    runs = int(args[args.index("--runs") + 1]) if "--runs" in args else 5
    if not GAME.is_dir():
        print(f"bench_bsdata: {GAME} is not here (BattleScribe material is never committed); "
              "skipped")
        if "--json" in args:
            print(json.dumps({}))
        return 0
    compiled()
    found = measure(runs)
    print(f"Kill Team, {runs} rounds (wall s, median and best / processor s, median):")
    print(f"  floor: xml.etree parse of every file   {found['floor_s']:.3f} "
          f"{found['floor_best_s']:.3f} / {found['floor_cpu_s']:.3f}")
    for name, what, budget in (("add", "bsdata add of the folder", "≤ 3"),
                               ("open_roster", "open again for a roster", "≤ 1"),
                               ("open_all", "every file, first time", "-"),
                               ("open_all_again", "every file again (cache)", "≤ 1")):
        print(f"  {what:<37}  {found[name + '_s']:.3f} {found[name + '_best_s']:.3f} / "
              f"{found[name + '_cpu_s']:.3f}   the floor × {found[name + '_ratio']} "
              f"{found[name + '_best_ratio']} / {found[name + '_cpu_ratio']} (asked {budget})")
    if "--json" in args:
        print(json.dumps(found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
