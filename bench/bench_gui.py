"""Benchmark of the desktop app (issue "Desktop app", speed goals).

- Launch: a fresh process starts the app the way ``spherewars gui`` does and stops at the main
  window's first paint; wall time from just before the process is spawned to that paint
  (interpreter start, imports, faction data, window). Goal ≤ 1.0 s.
- Edit: on a 60-model list, one count edit through the roster model (an undo command, the
  re-validation, totals, findings, row icons) and then the repaint, measured two ways: the
  event-loop pass that paints what changed (what a user sees) and a forced repaint of the
  whole window (the worst case). Goal ≤ 16 ms.

Runs with the real display when there is one, else on Qt's offscreen platform. The user's
settings and data are never touched (a temporary folder stands in for them).
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LAUNCH_RUNS = 5
EDITS = 200
GOAL_LAUNCH_S = 1.0
GOAL_EDIT_MS = 16.0


def _isolated_env(tmp: str) -> dict[str, str]:
    env = dict(os.environ)
    env["SPHEREWARS_USER_DIR"] = os.path.join(tmp, "user")
    env["XDG_CONFIG_HOME"] = os.path.join(tmp, "config")
    if not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


# ---------------------------------------------------------------- launch (child process)


def child_launch() -> int:
    """What ``spherewars gui`` runs, with a watcher that prints the time of the first paint
    of the main window and then closes it."""
    from PySide6.QtCore import QEvent, QObject, QTimer

    from builder.cli import build_parser  # noqa: F401  (the CLI module is on the real path)
    from builder.gui.app import create_app, create_window

    app = create_app([sys.argv[0]])
    painted: list[float] = []

    class Watcher(QObject):
        def eventFilter(self, obj: QObject, event: QEvent) -> bool:  # noqa: N802
            if (not painted and event.type() == QEvent.Type.Paint
                    and obj.objectName() == "main-window"):
                painted.append(time.time())
                QTimer.singleShot(0, finish)
            return False

    watcher = Watcher()
    app.installEventFilter(watcher)
    window = create_window(None)

    def finish() -> None:
        window.close()
        app.quit()

    app.exec()
    print(f"{painted[0]:.6f}" if painted else "none")
    return 0


def measure_launch(env: dict[str, str]) -> list[float]:
    times = []
    for _ in range(LAUNCH_RUNS):
        start = time.time()
        out = subprocess.run([sys.executable, __file__, "--child-launch"], env=env,
                             capture_output=True, text=True, cwd=ROOT, timeout=60)
        lines = out.stdout.strip().splitlines()
        if out.returncode or not lines or lines[-1] == "none":
            raise RuntimeError(f"launch run failed: {out.stderr[-2000:]}")
        times.append(float(lines[-1]) - start)
    return times


# ---------------------------------------------------------------- edit on a 60-model list


def bench_faction() -> object:
    from builder.data.loading import builtin_systems
    from builder.model import Faction

    combatants = [{"id": "bench-leader", "name": "Bench Leader", "type": "leader",
                   "profile": {"PE": 150, "MAN": 4, "CON": "6-5", "POD": 1}}]
    for i in range(5):
        combatants.append({"id": f"bench-messenger-{i}", "name": f"Bench Messenger {i}",
                           "type": "messenger", "profile": {"PE": 30, "MAN": 1}})
    for i in range(14):
        combatants.append({"id": f"bench-troop-{i}", "name": f"Bench Troop {i}",
                           "type": "troop", "squad": i % 2 == 0,
                           "profile": {"PE": 20 + i, "MAN": 0, "POD": i % 3}})
    faction = Faction.model_validate({"schema": "spherewars-faction/1", "id": "bench",
                                      "name": "Bench (generated)", "combatants": combatants})
    return faction.attach(builtin_systems()[faction.system])


def measure_edit() -> tuple[list[float], list[float], int]:
    from PySide6.QtCore import QSettings

    from builder.data import Catalogue
    from builder.gui.app import create_app
    from builder.gui.mainwindow import MainWindow
    from builder.gui.panels.roster_model import COUNT
    from builder.model import Entry, Warband

    app = create_app([sys.argv[0]])
    faction = bench_faction()
    catalogue = Catalogue(factions={"bench": faction})  # type: ignore[dict-item]
    with tempfile.TemporaryDirectory() as tmp:
        settings = QSettings(os.path.join(tmp, "s.ini"), QSettings.Format.IniFormat)
        window = MainWindow(catalogue, settings=settings, recovery_dir=Path(tmp))
        window.resize(1280, 760)
        window.show()
        entries = [Entry(combatant=c.id, count=3) for c in faction.combatants]  # type: ignore[attr-defined]
        window.doc.replace(Warband(name="Sixty", faction="bench", points_limit=1500,
                                   entries=entries))
        models = sum(e.count for e in window.doc.entries)
        for _ in range(20):
            app.processEvents()
        model = window.roster.model
        light, full = [], []
        for i in range(EDITS):
            row = i % len(entries)
            index = model.index(row, COUNT)
            count = 4 if model.data(index) == 3 else 3  # crosses the squad cap: findings change
            start = time.perf_counter()
            model.setData(index, count)
            app.processEvents()
            light.append((time.perf_counter() - start) * 1000)
            count = 4 if model.data(index) == 3 else 3
            start = time.perf_counter()
            model.setData(index, count)
            window.repaint()
            full.append((time.perf_counter() - start) * 1000)
        window.stack.setClean()
        window.close()
    return light, full, models


def summary(values: list[float], unit: str, fmt: str = ".2f") -> str:
    values = sorted(values)
    p95 = values[int(len(values) * 0.95) - 1]
    return (f"median {statistics.median(values):{fmt}} {unit}, p95 {p95:{fmt}} {unit}, "
            f"max {values[-1]:{fmt}} {unit}")


def main() -> int:
    if "--child-launch" in sys.argv:
        return child_launch()
    if "--child-edit" in sys.argv:
        light, full, models = measure_edit()
        print(f"edit + repaint, {models}-model list, {EDITS} edits:")
        print(f"  changed areas (event loop): {summary(light, 'ms')}")
        print(f"  whole window (forced):      {summary(full, 'ms')}")
        worst = statistics.median(full)
        print(f"  goal ≤ {GOAL_EDIT_MS:.0f} ms: {'met' if worst <= GOAL_EDIT_MS else 'MISSED'}")
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        env = _isolated_env(tmp)
        platform = env.get("QT_QPA_PLATFORM") or "display"
        launch = measure_launch(env)
        print(f"launch to painted main window ({LAUNCH_RUNS} runs, {platform}): "
              f"{summary(launch, 's', '.3f')}")
        median = statistics.median(launch)
        print(f"  goal ≤ {GOAL_LAUNCH_S:.1f} s: {'met' if median <= GOAL_LAUNCH_S else 'MISSED'}")
        out = subprocess.run([sys.executable, __file__, "--child-edit"], env=env, cwd=ROOT,
                             capture_output=True, text=True, timeout=300)
        sys.stdout.write(out.stdout)
        if out.returncode:
            sys.stderr.write(out.stderr[-2000:])
            return out.returncode
    return 0


if __name__ == "__main__":
    sys.exit(main())
