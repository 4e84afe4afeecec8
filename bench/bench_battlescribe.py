"""BattleScribe data and rosters (issue 37), on the real Kill Team data in
``../shared/battlescribe`` (129 files, 16 MB; ``SPHEREWARS_BATTLESCRIBE`` names another
place):

- **floor**: parsing every file once with ``xml.etree`` in a fresh process;
- **read and link**: :func:`builder.battlescribe.load_data_sets` of every file in a fresh
  process (budget: 3× the floor);
- **open from the cache**: the same files opened again from :mod:`builder.battlescribe.cache`
  in a fresh process (budget: 1× the floor), then with the files a Legionary roster reads
  (its catalogue, what it links, the game system), and with every file's elements read;
- **one action**: choosing an operative and taking the roster's whole state (costs, findings,
  every selection's profiles and rules) on a 60-selection Kill Team roster (budget: 16 ms);
- **the suite**: the conformance suite's 367 roster specs through ``spherewars bs-adapter``
  (budget: 60 s).

Each fresh-process figure is the median of five runs taken in turns, timed inside the process
(its interpreter's start is not the parser's). Prints one line per figure; ``--json`` ends
with one JSON object of them.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

SHARED = Path(os.environ.get("SPHEREWARS_BATTLESCRIBE") or ROOT.parent / "shared" / "battlescribe")
KILLTEAM = SHARED / "data" / "killteam"
RUNS = 5

FLOOR = """
import sys, time
start = time.perf_counter()
import xml.etree.ElementTree as ET
for path in sys.argv[1:]:
    ET.parse(path)
print(time.perf_counter() - start)
"""
READ = """
import sys, time
start = time.perf_counter()
from builder.battlescribe import load_data_sets
load_data_sets(sys.argv[1:])
print(time.perf_counter() - start)
"""
OPEN = """
import sys, time
from pathlib import Path
start = time.perf_counter()
from builder.battlescribe.cache import open_cached
sets = open_cached(sys.argv[3:], Path(sys.argv[1]))
assert sets is not None
if sys.argv[2] == "all":
    for data in sets:
        for file in data.files:
            file.selection_entries
elif sys.argv[2] == "roster":  # what a Legionary roster reads: its catalogue, what it links
    data = next(d for d in sets if "2021" in d.game_system.name)
    catalogue = next(c for c in data.catalogues.values() if c.name.endswith("Legionary"))
    for file in data.scope(catalogue).files:
        file.selection_entries
print(time.perf_counter() - start)
"""


def in_process(scripts: list[list[str]]) -> list[float]:
    """The median time each script reports, run in turns."""
    times: list[list[float]] = [[] for _ in scripts]
    for _ in range(RUNS):
        for script, found in zip(scripts, times, strict=True):
            output = subprocess.run([sys.executable, "-c", *script], cwd=ROOT, check=True,
                                    capture_output=True, text=True).stdout
            found.append(float(output.strip().splitlines()[-1]))
    return [statistics.median(t) for t in times]


def roster_action() -> float:
    """The median time of one action and the state after it, on a 60-selection roster."""
    from builder.battlescribe import load_data_sets
    from builder.battlescribe.engine.editing import Editor
    from builder.battlescribe.engine.state import roster_state

    paths = sorted(str(p) for p in KILLTEAM.iterdir() if p.suffix in (".gst", ".cat"))
    data = next(d for d in load_data_sets(paths) if "2021" in d.game_system.name)
    catalogue = next(c for c in data.catalogues.values() if c.name.endswith("Legionary"))
    editor = Editor(data, "bench")
    force = editor.add_force(editor.force_entries(catalogue_id=catalogue.id)[0].id,
                             catalogue.id)

    def choose(container, name):  # type: ignore[no-untyped-def]
        ev = editor.evaluation
        node = next(o for o in editor.options(container)
                    if o.name.strip() == name and not ev.option(container, o).hidden)
        return editor.select(container, node.id)

    for unit in ["Aspiring Champion", *["Warrior", "Gunner", "Heavy Gunner", "Butcher",
                                        "Anointed", "Icon Bearer"] * 2]:
        selection = choose(force, unit)
        for node in editor.options(selection):
            group = node.group
            if group is None or group.name not in ("Mark of Chaos", "Weapons", "Weapon",
                                                    "Pistol", "Melee weapon"):
                continue
            if editor.evaluation.option(selection, node).hidden:
                continue
            if not any(c.node.group is not None and c.node.group.id == group.id
                       for c in selection.children):
                editor.select(selection, node.id)
    count = sum(1 for _ in editor.roster.walk_selections())
    roster_state(editor.evaluation)
    spent, cpu = [], []
    for _ in range(21):
        start, start_cpu = time.perf_counter(), time.process_time()
        added = choose(force, "Warrior")
        roster_state(editor.evaluation)
        spent.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        editor.remove(added)
        roster_state(editor.evaluation)
    print(f"  (roster of {count} selections; {statistics.median(cpu) * 1000:.1f} ms of CPU "
          "an action, which a busy machine sways less)")
    return statistics.median(spent)


def suite() -> float | None:
    specs = SHARED / "conformance" / "specs" / "roster"
    if not specs.is_dir():
        return None
    from tests.battlescribe.runner import run_all

    start = time.perf_counter()
    run_all(specs)
    return time.perf_counter() - start


def main() -> int:
    if not KILLTEAM.is_dir():
        print(f"no Kill Team data at {KILLTEAM}; nothing to measure")
        return 0
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "builder")],
                   check=True, stdout=subprocess.DEVNULL)
    paths = sorted(str(p) for p in KILLTEAM.iterdir() if p.suffix in (".gst", ".cat"))
    with tempfile.TemporaryDirectory(prefix="bs-cache-") as folder:
        from builder.battlescribe.cache import save
        from builder.battlescribe.reading import data_sets, read_files

        files = read_files(paths)
        save(paths, files, data_sets(files), Path(folder))
        floor, read, opened, opened_roster, opened_all = in_process([
            [FLOOR, *paths], [READ, *paths], [OPEN, folder, "lazy", *paths],
            [OPEN, folder, "roster", *paths], [OPEN, folder, "all", *paths]])
    action = roster_action()
    whole = suite()
    figures = {"floor_s": round(floor, 3), "read_link_s": round(read, 3),
               "read_link_ratio": round(read / floor, 2), "cache_open_s": round(opened, 3),
               "cache_open_ratio": round(opened / floor, 2),
               "cache_open_roster_s": round(opened_roster, 3),
               "cache_open_roster_ratio": round(opened_roster / floor, 2),
               "cache_open_all_s": round(opened_all, 3),
               "cache_open_all_ratio": round(opened_all / floor, 2),
               "action_ms": round(action * 1000, 2),
               "suite_s": None if whole is None else round(whole, 1)}
    print(f"xml.etree floor (Kill Team, {len(paths)} files): {floor:.3f} s")
    print(f"read and link:                 {read:.3f} s = {read / floor:.2f}x the floor "
          "(budget 3x)")
    print(f"open from the cache:           {opened:.3f} s = {opened / floor:.2f}x the floor "
          "(budget 1x)")
    print(f"  and what a Legionary roster reads: {opened_roster:.3f} s = "
          f"{opened_roster / floor:.2f}x; every file: {opened_all:.3f} s = "
          f"{opened_all / floor:.2f}x")
    print(f"one action and the state:      {action * 1000:.1f} ms (budget 16 ms)")
    if whole is not None:
        print(f"the conformance suite:         {whole:.1f} s (budget 60 s)")
    if "--json" in sys.argv:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
