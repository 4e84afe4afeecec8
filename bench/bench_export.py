"""Benchmark of the printouts (issue "Printouts", speed goal).

Builds an invented 30-profile faction (bench data, not SphereWars content) and a list hiring
each once, then times:
- in process, the first export (fonts parsed and registered) and the median of later ones:
  cards for the 30 distinct profiles plus the turn summary sheet, written to a file;
- one `spherewars export` process, as a user at the command line sees it.
Goal: cards for 30 distinct profiles plus the summary sheet ≤ 1.0 s.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

N_PROFILES = 30
RUNS = 5
GOAL = 1.0

RULES = ("When this bench combatant is activated it may test its resolve; on a success it "
         "gains one die for the rest of the turn. ")


def bench_faction() -> dict:
    types = ["leader", "avatar", "messenger"] + ["troop"] * (N_PROFILES - 3)
    combatants = []
    for i, kind in enumerate(types):
        combatants.append({
            "id": f"bench-{i:02d}", "name": f"Bench Combatant {i:02d}", "nickname": "the timed",
            "type": kind, "rank": "veteran", "base": 30, "squad": i % 5 == 4,
            "profile": {"PE": 20 + i, "CA": 1, "MOV": 5, "MAN": 2 if i < 3 else 0, "DES": 3,
                        "PRE": 2 if i % 3 == 0 else None, "POT": 3, "CON": "5-4", "FUR": 2,
                        "POD": 1 if kind == "avatar" else None},
            "abilities": ["bench-racial", "enorme",
                          {"name": f"Bench feat {i}", "kind": "feat", "difficulty": 5,
                           "successes": 1 + i % 2, "text": RULES * (1 + i % 6)}],
            "equipment": ["bench blade", "bench shield"],
        })
    return {"schema": "spherewars-faction/1", "id": "bench-faction", "name": "Bench Faction",
            "source": "bench data (invented for bench/bench_export.py)",
            "abilities": [{"id": "bench-racial", "name": "Bench racial", "scope": "racial",
                           "kind": "passive", "text": "A racial ability for the benchmark."}],
            "combatants": combatants}


def main() -> int:
    from builder.data import Catalogue, faction_text, save_warband
    from builder.model import Faction, Warband

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        catalogue = Catalogue.load(user=False)
        faction = Faction.model_validate(bench_faction(),
                                         context={"universal": catalogue.universal})
        catalogue.factions[faction.id] = faction
        data_dir = folder / "data"
        data_dir.mkdir()
        (data_dir / "bench-faction.yaml").write_text(faction_text(faction), encoding="utf-8")
        warband = Warband.model_validate({
            "name": "Bench warband — Tir'Abé", "faction": faction.id, "points_limit": 2000,
            "entries": [{"combatant": c.id, "count": 1} for c in faction.combatants]})
        list_file = folder / "bench.warband.yaml"
        save_warband(warband, list_file)
        out = folder / "out.pdf"

        from builder.export import export_pdf

        start = time.perf_counter()
        export_pdf(warband, catalogue, out)
        first = time.perf_counter() - start
        times = []
        for _ in range(RUNS):
            start = time.perf_counter()
            export_pdf(warband, catalogue, out)
            times.append(time.perf_counter() - start)
        warm = statistics.median(times)

        from pypdf import PdfReader

        pages = len(PdfReader(out).pages)
        size = out.stat().st_size

        cli = []
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "builder", "export", str(list_file), "-o",
                            str(out), "--data", str(data_dir)], check=True,
                           stdout=subprocess.DEVNULL)
            cli.append(time.perf_counter() - start)

    print(f"cards for {N_PROFILES} distinct profiles + summary sheet ({pages} pages, "
          f"{size / 1024:.0f} KiB):")
    print(f"  first export in process (fonts loaded): {first:.3f} s (goal ≤ {GOAL:.1f} s)")
    print(f"  later exports: {warm:.3f} s (median of {RUNS})")
    print(f"  `spherewars export` process, start to finish: {statistics.median(cli):.3f} s "
          "(median of 3)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
