"""The roster editor's speed (issue 39), on the real Kill Team data in ``../shared/battlescribe``
(``SPHEREWARS_BATTLESCRIBE`` names another place) with a roster of about 60 selections:

- **open**: File → Open of the roster (``bench_roster_print.kill_team``'s) in the main
  window, to its first paint: the first time in the process (the data files read) and again
  (warm: what a second roster of the same game costs; budget 1 s);
- **edit**: one edit through an undo command (an operative added to the force, then undone;
  a count changed in place) and the repaint after it, two ways as ``bench_gui.py`` does: the
  event-loop pass that paints what changed, and a forced repaint of the whole window (budget
  16 ms);
- **filter**: one keystroke in the catalogue's filter and the repaint (budget 16 ms).

The data is installed into a temporary user folder first; the user's own is never touched.
Start-up without a roster is ``bench_startup.py``'s (its test keeps BattleScribe out of the
first window). Prints one line per figure; ``--json`` ends with one JSON object of them.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

SHARED = Path(os.environ.get("SPHEREWARS_BATTLESCRIBE") or ROOT.parent / "shared" / "battlescribe")
KILLTEAM = SHARED / "data" / "killteam"
EDITS = 60
KEYS = "warrior"


def make_roster(path: Path) -> int:
    """A Legionary kill team of about 60 selections (``bench_roster_print``'s: each operative
    with one choice of every group it offers), saved; how many selections it has."""
    from bench_roster_print import kill_team

    from builder.battlescribe.rosterio import write_roster

    roster = kill_team()
    write_roster(path, roster)
    return sum(1 for _ in roster.walk_selections())


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * share) - 1)]


def main() -> int:
    if not KILLTEAM.is_dir():
        print(f"no Kill Team data at {KILLTEAM}; nothing to measure")
        return 0
    with tempfile.TemporaryDirectory(prefix="bench-roster-gui-") as folder:
        tmp = Path(folder)
        os.environ["SPHEREWARS_USER_DIR"] = str(tmp / "user")
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
        from builder.bsdata.adding import Adder

        Adder().add([str(KILLTEAM)])
        path = tmp / "sixty.rosz"
        count = make_roster(path)
        figures = measure(tmp, path)
    print(f"roster of {count} selections (Kill Team 2021, Legionary)")
    print(f"open, first in the process:   {figures['open_first_s']:.3f} s")
    print(f"open again (warm):            {figures['open_warm_s']:.3f} s (budget 1 s)")
    print(f"add an operative + repaint:   median {figures['add_ms']:.1f} ms "
          f"({figures['add_cpu_ms']:.1f} ms of CPU, which a busy machine sways less), p95 "
          f"{figures['add_p95_ms']:.1f} ms; whole window forced: {figures['add_full_ms']:.1f} ms "
          "(budget 16 ms)")
    print(f"count in place + repaint:     median {figures['count_ms']:.1f} ms "
          f"({figures['count_cpu_ms']:.1f} ms of CPU), p95 {figures['count_p95_ms']:.1f} ms; "
          f"whole window forced: {figures['count_full_ms']:.1f} ms (budget 16 ms)")
    print(f"filter keystroke + repaint:   median {figures['filter_ms']:.1f} ms, p95 "
          f"{figures['filter_p95_ms']:.1f} ms (budget 16 ms)")
    if "--json" in sys.argv:
        print(json.dumps({"selections": count, **{k: round(v, 3) for k, v in figures.items()}}))
    return 0


def measure(tmp: Path, path: Path) -> dict[str, float]:
    from PySide6.QtCore import QSettings

    from builder.gui.app import create_app
    from builder.gui.mainwindow import MainWindow
    from builder.gui.roster.commands import SelectCommand
    from builder.gui.roster.outline import COUNT

    app = create_app([sys.argv[0]])
    settings = QSettings(str(tmp / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(settings=settings, recovery_dir=tmp / "recovery")
    window.resize(1280, 760)
    window.show()
    for _ in range(10):
        app.processEvents()
    opened = []
    for _ in range(4):
        start = time.perf_counter()
        window.files.load_path(path, confirmed=True)
        app.processEvents()
        opened.append(time.perf_counter() - start)
    editor = window.roster_editor
    assert editor is not None
    doc = editor.doc
    force = doc.roster.forces[0]
    warrior = next(o for o in doc.offers(force) if o.name.strip() == "Warrior" and not o.hidden)
    editor.select(force)
    for _ in range(5):
        app.processEvents()

    cpu: dict[str, list[float]] = {"add": [], "count": []}

    def timed(act: Any, full: bool, kind: str | None = None) -> float:
        start, start_cpu = time.perf_counter(), time.process_time()
        act()
        if full:
            window.repaint()
        else:
            app.processEvents()
        if kind is not None:
            cpu[kind].append((time.process_time() - start_cpu) * 1000)
        return (time.perf_counter() - start) * 1000

    add, add_full, count, count_full, keys = [], [], [], [], []
    for i in range(EDITS):
        full = i % 2 == 1
        spent = timed(lambda: window.stack.push(SelectCommand(doc, force, warrior.id,
                                                              warrior.name)), full,
                      None if full else "add")
        (add_full if full else add).append(spent)
        timed(window.stack.undo, full)
        selection = force.selections[i % len(force.selections)]
        index = editor.tree.model.index_of(selection, COUNT)
        spent = timed(lambda i=index: editor.tree.model.setData(i, 2), full,
                      None if full else "count")
        (count_full if full else count).append(spent)
        timed(window.stack.undo, full)
    editor.focus_filter()
    for _ in range(6):
        for key in KEYS:
            keys.append(timed(lambda k=key: editor.offers.filter.insert(k), False))
        editor.offers.filter.clear()
        app.processEvents()
    window.stack.setClean()
    window.close()
    return {"open_first_s": opened[0], "open_warm_s": statistics.median(opened[1:]),
            "add_ms": statistics.median(add), "add_p95_ms": percentile(add, 0.95),
            "add_cpu_ms": statistics.median(cpu["add"]),
            "count_cpu_ms": statistics.median(cpu["count"]),
            "add_full_ms": statistics.median(add_full),
            "count_ms": statistics.median(count), "count_p95_ms": percentile(count, 0.95),
            "count_full_ms": statistics.median(count_full),
            "filter_ms": statistics.median(keys), "filter_p95_ms": percentile(keys, 0.95)}


if __name__ == "__main__":
    raise SystemExit(main())
