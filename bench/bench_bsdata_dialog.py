"""How responsive Data → BattleScribe data… stays while it adds Kill Team (issue 39 item 1):
``../shared/battlescribe/data/killteam`` (129 files, 16 MB of XML; never committed: skipped
when the folder is not here) added through the dialog, offscreen, into an empty user folder.

While the worker thread reads, links and writes, a timer in the GUI thread ticks as often as
the event loop lets it. Figures:

- ``add_s``: the add, from the click to its result shown;
- ``longest_gap_ms``: the longest time the GUI thread went without a tick (what a player
  would feel as a freeze; ≤ 100 ms is smooth, a frame is 16 ms);
- ``gap_p99_ms``: the 99th percentile of the gaps;
- ``ticks`` and ``progress_reports``: how often the loop turned, and the progress reports the
  dialog showed; ``--each`` prints every run, with what the progress bar said when its longest
  gap began (``longest_after``).

Medians of ``--runs`` (default 3) runs; ``--json`` prints, as the last line, one JSON object.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT.parent / "shared" / "battlescribe" / "data" / "killteam"


def one_run(app: object) -> dict[str, float]:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from builder.gui.dialogs.bsdata import BSDataDialog

    os.environ["SPHEREWARS_USER_DIR"] = tempfile.mkdtemp(prefix="spherewars-bench-")
    dialog = BSDataDialog()
    dialog.show()
    ticks: list[float] = []
    shown: list[str] = []
    reports = [0]
    dialog.progress_seen.connect(lambda _stage: reports.__setitem__(0, reports[0] + 1))
    timer = QTimer()
    timer.setInterval(0)
    timer.timeout.connect(lambda: (ticks.append(time.perf_counter()),
                                   shown.append(dialog.progress.format())))
    done = [False]
    dialog.busy_done.connect(lambda: done.__setitem__(0, True))
    start = time.perf_counter()
    timer.start()
    dialog.add([str(GAME)])
    while not done[0]:
        QApplication.processEvents()
    end = time.perf_counter()
    timer.stop()
    assert dialog.last_result is not None and not isinstance(dialog.last_result, Exception), \
        dialog.report_text()
    gaps = sorted(b - a for a, b in zip([start, *ticks], [*ticks, end], strict=True))
    times = [start, *ticks, end]
    where = max(range(len(times) - 1), key=lambda i: times[i + 1] - times[i])
    after = (["(start)", *shown, "(done)"])[where]
    dialog.close()
    return {"add_s": end - start, "longest_gap_ms": gaps[-1] * 1000, "longest_after": after,
            "gap_p99_ms": gaps[int(len(gaps) * 0.99)] * 1000, "ticks": len(ticks),
            "progress_reports": reports[0]}


def main(argv: list[str]) -> int:
    if not GAME.is_dir():
        print(f"skipped: {GAME} is not here")
        return 0
    runs = int(argv[argv.index("--runs") + 1]) if "--runs" in argv else 3
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    sys.path.insert(0, str(ROOT))
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    results = [one_run(app) for _ in range(runs)]
    if "--each" in argv:
        for r in results:
            print(r)
    figures = {key: round(statistics.median(r[key] for r in results), 3) for key in results[0]
               if key != "longest_after"}
    for key, value in figures.items():
        print(f"{key}: {value}")
    if "--json" in argv:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
