"""Opening a BattleScribe roster (issue 39: "opening it ≤ 1 s warm"), on the shared real Kill
Team data in ``../shared/battlescribe`` (``SPHEREWARS_BATTLESCRIBE`` names another place):
a Legionary roster of about 60 selections (``bench_roster_print.kill_team``) written to a
``.ros``, its data added to a scratch user folder, then
:meth:`builder.document.roster.RosterList.load` again and again (warm: the data read once),
beside one parse of its XML, the part a second parse would add (it was read twice, once for
its header and once to link it, until polish item 6). Medians of 25 runs, in CPU time (steady
on a shared machine). ``--json`` ends with one JSON object of the figures.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))
RUNS = 25


def cpu(work: Callable[[], object]) -> float:
    times = []
    for _ in range(RUNS):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def main() -> int:
    from bench_roster_print import SHARED, kill_team

    if not (SHARED / "data" / "killteam").is_dir():
        print(f"skipped: no Kill Team data in {SHARED}")
        return 0
    scratch = Path(tempfile.mkdtemp(prefix="spherewars-bench-open-"))
    os.environ["SPHEREWARS_USER_DIR"] = str(scratch / "user")
    from builder.battlescribe.rosterio import parse_roster, write_roster
    from builder.battlescribe.xmlsafe import read_bytes
    from builder.bsdata.adding import Adder
    from builder.document.roster import RosterList

    Adder().add([str(SHARED / "data" / "killteam")])
    path = scratch / "legionaries.ros"
    write_roster(path, kill_team())
    selections = sum(1 for _ in RosterList.load(path).roster.walk_selections())
    raw = read_bytes(path, str(path))
    opening = cpu(lambda: RosterList.load(path))
    parse = cpu(lambda: parse_roster(raw, str(path)))
    figures = {"roster_open_warm_ms": opening * 1000, "roster_parse_ms": parse * 1000}
    print(f"Kill Team roster, {selections} selections, {len(raw) // 1024} KiB")
    print(f"  open, warm: {opening * 1000:.1f} ms CPU (budget 1 s)")
    print(f"  one parse of its XML: {parse * 1000:.1f} ms CPU "
          f"({100 * parse / opening:.0f}% of opening)")
    if "--json" in sys.argv:
        print(json.dumps({k: round(v, 2) for k, v in figures.items()}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
