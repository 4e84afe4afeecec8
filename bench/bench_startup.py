"""Start-up of the desktop app (issue 31, item 19): from spawning ``spherewars gui FILE`` to
the main window mapped, and to FILE's list painted, median of 10.

Each run is a fresh process started the way the ``spherewars`` command starts (``python -m
builder gui``, through the command line's parser and the language set-up), with a small hook
that notes the time of the main window's first Expose event (the window is mapped: the user
sees it) and of the first paint after the list given on the command line is open, then quits.
The hook imports no Qt before the program does (the order of imports is part of what is
measured) and watches events only once the window is made.

Two starts are measured:

- ``cold``: the first start ever, an empty user folder (no checked-data cache, no settings);
- ``warm``: the next starts, the data cache and settings in place (what a user sees daily).

``--against DIR`` runs another checkout of the project in turns with this one (a, b, a, b…),
so that a before/after comparison is not swayed by what else the shared machine does.
``--instructions`` counts instead, with valgrind's callgrind, the instructions each start
runs up to the list painted: the same figure from run to run whatever the machine is doing
(a wall time here swings by a third when others work on it). It needs Debian's ``valgrind``
and takes about a minute a checkout.
The user's own settings and data are never touched: a temporary folder stands in for them.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 10
EXAMPLE = Path("resources/examples/soimi-legal-ensartadores.warband.yaml")

HOOK = (ROOT / "bench" / "firstwindow.py").read_text(encoding="utf-8") + r"""
import os, time
marks = {}
LEAVE_AT_LISTED = bool(os.environ.get("BENCH_LEAVE_AT_LISTED"))

def watch(app_module):
    from PySide6.QtCore import QEvent, QObject, QTimer

    made = app_module.create_window

    class Watch(QObject):
        def eventFilter(self, obj, event):
            kind = event.type()
            if kind == QEvent.Type.Expose and "mapped" not in marks:
                marks["mapped"] = time.time()
                marks["cpu"] = time.process_time()
            elif kind == QEvent.Type.Paint and "mapped" in marks and "listed" not in marks \
                    and self.window.doc.path is not None:
                marks["listed"] = time.time()
                if LEAVE_AT_LISTED:  # counting instructions: stop here, not after tear-down
                    print(marks["mapped"], marks["listed"], marks["cpu"], flush=True)
                    os._exit(0)
                QTimer.singleShot(0, self.window.close)
            return False

    def hooked(file=None):
        window = made(file)
        # Watched from here on, and only the two objects that tell: the window's QWindow
        # (made by show(), its first Expose still to come) and the list's viewport, painted
        # once the list is open. A filter on the whole application would run Python for
        # every event of the start, and its cost would be counted in the figures.
        watcher = Watch()
        watcher.window = window
        window.windowHandle().installEventFilter(watcher)
        window.roster.view.viewport().installEventFilter(watcher)
        hooked.keep = watcher
        return window

    app_module.create_window = hooked

try:
    start(watch)
finally:
    print(marks.get("mapped", 0), marks.get("listed", 0), marks.get("cpu", 0), flush=True)
"""


def env_for(checkout: Path, user: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["SPHEREWARS_USER_DIR"] = str(user / "user")
    env["XDG_CONFIG_HOME"] = str(user / "config")  # QSettings
    env["PYTHONPATH"] = str(checkout)
    env["LANGUAGE"] = "en"
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def one_start(checkout: Path, user: Path) -> tuple[float, float, float]:
    """Seconds from spawning to the window mapped, and to the list on the command line
    painted; and the processor time the process had used when its window was mapped (less
    swayed by a busy machine than the wall time)."""
    start = time.time()
    out = subprocess.run([sys.executable, "-c", HOOK, str(checkout / EXAMPLE)],
                         env=env_for(checkout, user), cwd=checkout, capture_output=True,
                         text=True, timeout=120)
    fields = out.stdout.split()
    if out.returncode or len(fields) != 3 or float(fields[0]) == 0:
        raise RuntimeError(f"start failed in {checkout}: {out.stderr[-2000:]}")
    mapped, listed, cpu = map(float, fields)
    return mapped - start, listed - start, cpu


def compile_bytecode(checkout: Path) -> None:
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(checkout / "builder")],
                   check=True, stdout=subprocess.DEVNULL)


def measure(checkouts: list[Path], runs: int) -> dict[Path, dict[str, list[float]]]:
    found: dict[Path, dict[str, list[float]]] = {
        c: {f"{kind} {what}": [] for kind in ("cold", "warm")
            for what in ("mapped", "listed", "cpu")}
        for c in checkouts}
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(runs):
            for checkout in checkouts:
                user = Path(tmp) / f"{checkouts.index(checkout)}-{i}"
                for kind in ("cold", "warm"):  # the cold start leaves the cache behind
                    figures = one_start(checkout, user)
                    for what, value in zip(("mapped", "listed", "cpu"), figures, strict=True):
                        found[checkout][f"{kind} {what}"].append(value)
                shutil.rmtree(user, ignore_errors=True)
    return found


def instructions(checkout: Path) -> dict[str, int]:
    """Instructions the process ran from its start to the list on the command line painted,
    on a cold and a warm start, counted by valgrind's callgrind: the same figure whatever
    else the machine is doing, so a before/after difference of a few per cent shows on a busy
    machine where the wall times above swing by a third."""
    found: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        user = Path(tmp)
        env = env_for(checkout, user) | {"BENCH_LEAVE_AT_LISTED": "1",
                                          "QT_NO_GUI_THREADPOOL": "1"}
        for kind in ("cold", "warm"):  # the cold start leaves the data cache behind
            out = subprocess.run(
                ["valgrind", "--tool=callgrind", f"--callgrind-out-file={user / 'callgrind'}",
                 sys.executable, "-c", HOOK, str(checkout / EXAMPLE)],
                env=env, cwd=checkout, capture_output=True, text=True, timeout=900)
            counted = [line for line in out.stderr.splitlines() if "Collected :" in line]
            if out.returncode or not counted:
                raise RuntimeError(f"callgrind failed in {checkout}: {out.stderr[-2000:]}")
            found[kind] = int(counted[-1].split(":")[-1].strip())
    return found


def main() -> int:
    checkouts = [ROOT]
    if "--against" in sys.argv:
        checkouts.insert(0, Path(sys.argv[sys.argv.index("--against") + 1]).resolve())
    runs = int(sys.argv[sys.argv.index("--runs") + 1]) if "--runs" in sys.argv else RUNS
    for checkout in checkouts:
        compile_bytecode(checkout)
    if "--instructions" in sys.argv:
        if not shutil.which("valgrind"):
            print("--instructions needs valgrind (Debian's package valgrind)", file=sys.stderr)
            return 2
        print("start-up, instructions to the list painted (callgrind):")
        for checkout in checkouts:
            counts = instructions(checkout)
            print(f"  {checkout}: " + ", ".join(f"{kind} {n:,}" for kind, n in counts.items()),
                  flush=True)
        return 0
    found = measure(checkouts, runs)
    print(f"start-up, spawn to main window (median of {runs}, "
          f"{os.environ.get('QT_QPA_PLATFORM', 'offscreen')}):")
    for checkout, figures in found.items():
        print(f"  {checkout}:")
        for name, values in figures.items():
            print(f"    {name:12} median {statistics.median(values):.3f} s "
                  f"(min {min(values):.3f}, max {max(values):.3f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
