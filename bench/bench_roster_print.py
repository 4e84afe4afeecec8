"""Printing a BattleScribe roster (issue 39 item 5) and making its play plan and phone page
(item 6), on the shared real data in ``../shared/battlescribe`` (``SPHEREWARS_BATTLESCRIBE``
names another place):

- **phalanx**: the phalanx sample roster BattleScribe wrote (``Test Roster 1.ros``);
- **kill team**: a Kill Team (2021) Legionary roster of about 60 selections (operatives with
  their weapons and marks), built with the engine's editor;
- **many forces** (issue 40): a roster of 2,000 forces of our test game
  (``tests/fixtures/battlescribe``, TEST DATA), each part printed once: the sheet, the
  opponent's copy (four minutes for 10,000 forces before its sizes were skipped and its row
  styles sorted by table) and the unit cards (minutes before the summary gathered its
  profile tables once). These need no shared data.

For each of the first two: the summary (the roster read once into plain data), the PDF of
the roster sheet, the opponent's copy and the unit cards, and the play plan with its phone
page. The first PDF of the process (the fonts parsed) is shown apart; the others are the
median of five runs, wall time and the process's CPU time (steadier on a shared machine).
No budget is set by the issue; the warband printouts' goal (``bench_export.py``: 30 cards
and a sheet in 1 s) is the yardstick. ``--json`` ends with one JSON object of the figures.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SHARED = Path(os.environ.get("SPHEREWARS_BATTLESCRIBE") or ROOT.parent / "shared" / "battlescribe")
RUNS = 5
OPERATIVES = ["Aspiring Champion", "Warrior", "Gunner", "Heavy Gunner", "Butcher", "Anointed",
              "Icon Bearer", "Balefire Acolyte", "Chosen", "Shrivetalon", "Warrior", "Gunner",
              "Warrior", "Heavy Gunner"]


def phalanx() -> Any:
    from builder.battlescribe import load_data_sets
    from builder.battlescribe.rosterio import read_roster_file

    folder = SHARED / "data" / "phalanx-sample"
    sets = load_data_sets(sorted(str(p) for p in folder.iterdir()
                                 if p.suffix in (".gst", ".cat")))
    return read_roster_file(folder / "Test Roster 1.ros", sets).roster


def kill_team() -> Any:
    """About 60 selections: each operative with one choice of every group it offers."""
    from builder.battlescribe import load_data_sets
    from builder.battlescribe.engine.editing import Editor

    folder = SHARED / "data" / "killteam"
    sets = load_data_sets(sorted(str(p) for p in folder.iterdir()
                                 if p.suffix in (".gst", ".cat")))
    data = next(d for d in sets if "2021" in d.game_system.name)
    catalogue = next(c for c in data.catalogues.values() if c.name.endswith("Legionary"))
    editor = Editor(data, "Bench Legionaries")
    force = editor.add_force(editor.force_entries(catalogue_id=catalogue.id)[0].id,
                             catalogue.id)
    for name in OPERATIVES:
        ev = editor.evaluation
        node = next(o for o in editor.options(force)
                    if o.name.strip() == name and not ev.option(force, o).hidden)
        operative = editor.select(force, node.id)
        taken: set[str] = set()
        for option in editor.options(operative):
            group = option.group
            if group is None or group.id in taken:
                continue
            if editor.evaluation.option(operative, option).hidden:
                continue
            if not any(c.node.group is not None and c.node.group.id == group.id
                       for c in operative.children):
                editor.select(operative, option.id)
            taken.add(group.id)
    return editor.roster


def timed(work: Callable[[], object]) -> tuple[float, float]:
    """(median wall time, median CPU time) of ``RUNS`` runs, in seconds."""
    wall, cpu = [], []
    for _ in range(RUNS):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        wall.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    return statistics.median(wall), statistics.median(cpu)


def measure(name: str, roster: Any, figures: dict[str, float]) -> None:
    from builder.export.roster.pdf import render_roster_pdf
    from builder.export.roster.summary import summarise_roster
    from builder.play.page import render_page
    from builder.play.roster import counter_choices, guess_counter, roster_plan

    selections = sum(1 for _ in roster.walk_selections())
    start = time.perf_counter()
    summary = summarise_roster(roster)
    pdf = render_roster_pdf(summary, cards=True, sheet=True, opponent=True)
    first = time.perf_counter() - start

    def printed() -> bytes:
        return render_roster_pdf(summarise_roster(roster), cards=True, sheet=True,
                                 opponent=True)

    def played() -> str:
        s = summarise_roster(roster)
        return render_page(roster_plan(s, guess_counter(counter_choices(s))))

    summary_s, _cpu = timed(lambda: summarise_roster(roster))
    print_s, print_cpu = timed(printed)
    play_s, _play_cpu = timed(played)
    print(f"{name}: {selections} selections, {len(summary.units)} units, "
          f"{len(pdf) // 1024} KiB of PDF")
    print(f"  summary            {summary_s * 1000:8.1f} ms")
    print(f"  sheet+copy+cards   {print_s * 1000:8.1f} ms  ({print_cpu * 1000:.1f} ms CPU; "
          f"first of the process {first * 1000:.1f} ms)")
    print(f"  play plan + page   {play_s * 1000:8.1f} ms")
    key = name.replace(" ", "_")
    figures.update({f"{key}_selections": selections, f"{key}_summary_s": summary_s,
                    f"{key}_print_s": print_s, f"{key}_print_cpu_s": print_cpu,
                    f"{key}_print_first_s": first, f"{key}_play_s": play_s})


FORCES = 2000


def many_forces(figures: dict[str, float]) -> None:
    """Each part of the printout of a roster of :data:`FORCES` forces, once."""
    from builder.battlescribe import load_data_set
    from builder.battlescribe.engine.editing import Editor
    from builder.export.roster.pdf import render_roster_pdf
    from builder.export.roster.summary import summarise_roster

    fixtures = ROOT / "tests" / "fixtures" / "battlescribe"
    data = load_data_set([fixtures / name for name in ("test-skirmish.gst", "test-library.cat",
                                                       "test-faction.cat")])
    editor = Editor(data, "Bench many forces")
    for _ in range(FORCES):
        editor.select(editor.add_force("ts-fe-warband", "ts-fac"), "ts-trooper")
    summary = summarise_roster(editor.roster)
    print(f"many forces: {FORCES} forces, {len(summary.units)} units")
    for part, key in (("sheet", "sheet"), ("opponent's copy", "opponent"),
                      ("unit cards", "cards")):
        start = time.perf_counter()
        render_roster_pdf(summary, **{"cards": False, "sheet": False, key: True})
        took = time.perf_counter() - start
        print(f"  {part:<18} {took:8.1f} s")
        figures[f"many_forces_{key}_s"] = took


def main() -> int:
    figures: dict[str, float] = {}
    many_forces(figures)
    if not (SHARED / "data").is_dir():
        print(f"the shared BattleScribe data is not at {SHARED / 'data'}", file=sys.stderr)
        return 2
    measure("phalanx", phalanx(), figures)
    measure("kill team", kill_team(), figures)
    if "--json" in sys.argv[1:]:
        print(json.dumps(figures, sort_keys=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
