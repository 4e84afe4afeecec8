"""Benchmark of the printouts (issue "Printouts", and issue 15's cards row).

1. Builds an invented 30-profile faction (bench data, not SphereWars content) and a list
   hiring each once, then times:
   - in process, the first export (fonts parsed and registered) and the median of later
     ones: cards for the 30 distinct profiles plus the turn summary sheet, written to a file;
   - one `spherewars export` process, as a user at the command line sees it.
   Goal: cards for 30 distinct profiles plus the summary sheet ≤ 1.0 s.
2. Generates, in a temporary folder, a faction of 300 distinct test combatants (every name,
   profile, rules text and description its own, of 1 to 9 sentences) and a list hiring each
   once, and times their cards alone (``cards_s_300``, median wall time; ``cards_cpu_s_300``
   the process's CPU time, steadier on a shared machine). Goal (issue 15): ≤ 1.0 s.

``--json`` runs only part 2 and prints, as its last line, one JSON object of its figures
(``bench/bench.py --json`` adds them to the catalogue-scale figures). To compare with another
checkout, run this file with ``PYTHONPATH`` set to that checkout.
"""

from __future__ import annotations

import io
import json
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


N_CARDS = 300
CARD_RUNS = 5
SENTENCES = [
    "When this generated combatant {n} is activated it may test its resolve",
    "on a success it gains {k} dice for the rest of the turn",
    "each ally within {k}0 cm may move {k} cm towards the nearest enemy",
    "an enemy engaged with it loses one order unless it passes a test of {k}",
    "once per game combatant {n} may repeat a failed roll of a single die",
    "it ignores the first wound it suffers in each turn after the {k}th",
    "marksmen targeting it count the distance as {k} cm longer",
    "it may not be the target of a feat of difficulty {k} or less",
    "at the end of the turn it recovers one point of fury if it did not move",
]


def card_faction(n: int = N_CARDS) -> dict:
    """``n`` distinct test combatants of SphereWars first edition (bench data)."""
    types = ["leader", "avatar", "messenger", "troop"]
    combatants = []
    for i in range(n):
        kind = types[0] if i < n // 50 else types[1 + i % 3]
        k = 2 + i % 7
        rules = "; ".join(s.format(n=i, k=k) for s in SENTENCES[:1 + i % 9]) + "."
        lore = " ".join(SENTENCES[(i + j) % 9].format(n=i, k=j) + "." for j in range(1 + i % 4))
        combatants.append({
            "id": f"bench-card-{i:03d}", "name": f"Bench Card Combatant {i:03d}",
            "nickname": f"the {i % 97}th of the bench", "type": kind,
            "rank": ("irregular", "regular", "veteran", "elite")[i % 4],
            "base": (30, 40, 50, 60)[i % 4], "squad": kind == "troop" and i % 5 == 0,
            "profile": {"PE": 10 + i % 90, "CA": i % 3, "MOV": 4 + i % 3,
                        "MAN": 1 if kind != "troop" else 0, "DES": 2 + i % 3,
                        "PRE": 2 if i % 3 == 0 else None, "POT": 3, "CON": f"{4 + i % 3}-4",
                        "FUR": i % 4, "POD": i % 2},
            "abilities": ["bench-card-racial",
                          {"name": f"Bench feat {i}", "kind": "feat", "difficulty": 3 + i % 4,
                           "successes": 1 + i % 2, "text": rules}],
            "equipment": [f"bench blade {i}", "bench shield"],
            "description": lore,
        })
    return {"schema": "spherewars-faction/1", "system": "spherewars-1e",
            "id": "bench-cards", "name": "Bench Cards (test data)",
            "source": "test data generated by bench/bench_export.py",
            "abilities": [{"id": "bench-card-racial", "name": "Bench racial", "scope": "racial",
                           "kind": "passive", "text": "A racial ability of the test data."}],
            "combatants": combatants}


def cards_300() -> dict[str, float]:
    """Cards for ``N_CARDS`` distinct combatants, timed from the summary to the PDF's bytes."""
    import yaml

    from builder.data import Catalogue
    from builder.export.pdf import render_pdf
    from builder.export.summary import summarise
    from builder.model import Warband

    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "bench-cards.yaml").write_text(
            yaml.safe_dump(card_faction(), sort_keys=False, allow_unicode=True),
            encoding="utf-8")
        catalogue = Catalogue.load([tmp], user=False)
    faction = catalogue.get("bench-cards")
    assert faction is not None, catalogue.problems
    warband = Warband.model_validate({
        "name": "Bench cards", "faction": faction.id,
        "entries": [{"combatant": c.id, "count": 1} for c in faction.combatants]})
    summary = summarise(warband, faction)
    start = time.perf_counter()
    data = render_pdf(summary, cards=True, sheet=False)
    first = time.perf_counter() - start
    wall, cpu = [], []
    for _ in range(CARD_RUNS):
        start, start_cpu = time.perf_counter(), time.process_time()
        data = render_pdf(summary, cards=True, sheet=False)
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    from pypdf import PdfReader

    return {"cards_s_300": statistics.median(wall), "cards_cpu_s_300": statistics.median(cpu),
            "cards_first_s_300": first, "cards_pages_300": len(PdfReader(io.BytesIO(data)).pages)}


def print_cards(figures: dict[str, float]) -> None:
    print(f"cards for {N_CARDS} distinct combatants ({figures['cards_pages_300']:.0f} pages): "
          f"{figures['cards_s_300']:.3f} s (median of {CARD_RUNS}; CPU "
          f"{figures['cards_cpu_s_300']:.3f} s; first {figures['cards_first_s_300']:.3f} s, "
          "fonts loaded) (goal ≤ 1.0 s)", flush=True)


def main() -> int:
    if "--json" in sys.argv:
        figures = cards_300()
        print_cards(figures)
        print(json.dumps(figures))
        return 0
    import yaml

    from builder.data import Catalogue, faction_text, load_faction, save_warband
    from builder.model import Warband

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        catalogue = Catalogue.load(user=False)
        data_dir = folder / "data"
        data_dir.mkdir()
        raw = data_dir / "raw.yaml"
        raw.write_text(yaml.safe_dump(bench_faction(), allow_unicode=True, sort_keys=False),
                       encoding="utf-8")
        faction = load_faction(raw, catalogue.systems)
        raw.unlink()
        catalogue.factions[faction.id] = faction
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
    print_cards(cards_300())
    return 0


if __name__ == "__main__":
    sys.exit(main())
