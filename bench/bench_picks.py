"""Benchmark of the picks panel on a faction with many picks (issue 40 #8).

A faction of an invented game (test data generated at run time, like bench_scale.py's) offers
40 picks (a strip of check boxes), then 5,000 and 20,000 (a list): artefacts adding to a second
budget and to the points, a rule on how many artefacts a list takes. The app's window is made
offscreen; then, for each size:

- open: a list of that faction put in the window (what opening its file does after reading
  it), up to the end of the event-loop pass that shows it (the picks panel built), seconds;
- edit: a pick ticked and unticked again, and an entry's count changed, each up to the end of
  the event-loop pass that follows (the picks greyed again), median and worst of ``EDITS``
  edits, milliseconds.

Goals: open ≤ 1 s, an edit ≤ 16 ms. ``--sizes 5000`` measures one size only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

EDITS = int(os.environ.get("BENCH_PICKS_EDITS", "30"))
GOAL_OPEN_S = 1.0
GOAL_EDIT_MS = 16.0

SYSTEM = {
    "schema": "spherewars-system/1", "id": "bench-picks-game", "name": "Bench Picks Game",
    "list_name": "Warband", "cost": "PE",
    "stats": [{"id": "PE", "name": "Points", "required": True}, {"id": "DOM", "name": "Dominion"},
              {"id": "DOMC", "name": "Dominion cost", "only_when_set": True}],
    "types": [{"id": "leader", "name": "Leader", "plural": "Leaders"},
              {"id": "warrior", "name": "Warrior", "plural": "Warriors"}],
    "rules": [
        {"id": "leader-required", "count": {"models": {"type": "leader"}}, "at_least": 1},
        {"id": "dominion", "name": "Dominion", "count": {"sum": "DOMC"},
         "at_most": {"sum": "DOM", "of": {"type": "leader"}}},
        {"id": "artefacts", "name": "Artefacts", "count": {"picks": {"tag": "artefact"}},
         "at_most": 3},
        {"id": "points", "count": {"sum": "PE"}, "at_most": "points_limit"}],
}


def faction(picks: int) -> dict[str, object]:
    """TEST DATA: a leader, warriors, and ``picks`` picks (a third of them artefacts)."""
    return {
        "schema": "spherewars-faction/1", "id": "bench-picks", "system": "bench-picks-game",
        "name": "Bench Picks (generated)",
        "picks": [{"id": f"bench-pick-{i}", "name": f"Bench Pick {i}",
                   "adds": {"DOMC": 1 + i % 3, "PE": i % 4},
                   "tags": ["artefact"] if i % 3 == 0 else ["pact"]} for i in range(picks)],
        "combatants": [
            {"id": "bench-chief", "name": "Bench Chief", "type": "leader",
             "profile": {"PE": 10, "DOM": 6}},
            *({"id": f"bench-warrior-{i}", "name": f"Bench Warrior {i}", "type": "warrior",
               "profile": {"PE": 2 + i % 5}} for i in range(20))],
    }


def measure(picks: int, folder: Path, app: object) -> dict[str, float]:
    from PySide6.QtCore import QSettings

    from builder.data import Catalogue
    from builder.gui.mainwindow import MainWindow
    from builder.gui.panels.roster_model import COUNT
    from builder.model import Entry, Warband

    data = folder / f"picks-{picks}"
    data.mkdir()
    (data / "bench-picks-game.system.yaml").write_text(yaml.safe_dump(SYSTEM),
                                                       encoding="utf-8")
    (data / "bench-picks.yaml").write_text(yaml.safe_dump(faction(picks), sort_keys=False),
                                           encoding="utf-8")
    catalogue = Catalogue.load([data], user=False, cached=False)
    assert not catalogue.problems, catalogue.problems
    settings = QSettings(str(folder / f"s{picks}.ini"), QSettings.Format.IniFormat)
    window = MainWindow(catalogue, settings=settings, recovery_dir=folder / f"r{picks}")
    window.resize(1280, 760)
    window.show()
    app.processEvents()  # type: ignore[attr-defined]
    warband = Warband(name="Bench", faction="bench-picks", points_limit=100,
                      picks=["bench-pick-1", "bench-pick-3"],
                      entries=[Entry(combatant="bench-chief", count=1),
                               *(Entry(combatant=f"bench-warrior-{i}", count=2)
                                 for i in range(5))])
    start = time.perf_counter()
    window.doc.replace(warband)
    app.processEvents()  # type: ignore[attr-defined]
    opened = time.perf_counter() - start
    panel = window.picks_panel
    assert panel.isVisible()
    ticks: list[float] = []
    counts: list[float] = []
    model = window.roster.model
    for n in range(EDITS):
        pid = f"bench-pick-{(5, 7, 8, 10)[n % 4]}"
        for _twice in range(2):
            start = time.perf_counter()
            tick(panel, pid)
            app.processEvents()  # type: ignore[attr-defined]
            ticks.append((time.perf_counter() - start) * 1000)
        index = model.index(1 + n % 5, COUNT)
        start = time.perf_counter()
        model.setData(index, 3 if model.data(index) == 2 else 2)
        app.processEvents()  # type: ignore[attr-defined]
        counts.append((time.perf_counter() - start) * 1000)
    window.stack.setClean()
    window.close()
    return {"open_s": opened, "tick_ms": statistics.median(ticks), "tick_max_ms": max(ticks),
            "count_ms": statistics.median(counts), "count_max_ms": max(counts)}


def tick(panel: object, pid: str) -> None:
    """Click a pick's check box, or tick its row in the list of many (as a click does)."""
    from PySide6.QtCore import Qt

    boxes = panel.boxes  # type: ignore[attr-defined]
    if pid in boxes:
        boxes[pid].click()
        return
    model = panel.model  # type: ignore[attr-defined]
    index = model.index(model.pids.index(pid))
    on = model.data(index, Qt.ItemDataRole.CheckStateRole) != Qt.CheckState.Checked
    model.setData(index, Qt.CheckState.Checked if on else Qt.CheckState.Unchecked,
                  Qt.ItemDataRole.CheckStateRole)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[40, 5000, 20000])
    args = parser.parse_args()
    from timing import compiled

    compiled()
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SPHEREWARS_USER_DIR"] = str(Path(tmp) / "user")
        from builder.gui.app import create_app

        app = create_app([sys.argv[0]])
        for size in args.sizes:
            f = measure(size, Path(tmp), app)
            print(f"{size:,} picks: open {f['open_s']:.2f} s; tick a pick {f['tick_ms']:.1f} ms "
                  f"(worst {f['tick_max_ms']:.1f}); change a count {f['count_ms']:.1f} ms "
                  f"(worst {f['count_max_ms']:.1f})")
            met = f["open_s"] <= GOAL_OPEN_S and max(f["tick_ms"], f["count_ms"]) <= GOAL_EDIT_MS
            print(f"  goals (open ≤ {GOAL_OPEN_S:.0f} s, edit ≤ {GOAL_EDIT_MS:.0f} ms): "
                  f"{'met' if met else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
