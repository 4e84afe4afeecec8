"""Benchmark of `spherewars event` (issues 12 and 30, speed goals).

Creates 500 random Soimi list files and an event with a points limit, a faction list, one rule
and a registration for every list (two players share each tenth list; five players sent
nothing), then times (median of 5 processes, run in turns):
- `spherewars validate DIR --format json` over the lists;
- `spherewars event EVENT DIR` in each format (text, json, csv, html), and anonymised HTML;
- `spherewars event EVENT DIR --pack --pack-style roster` over all 500 lists (one run);
- `spherewars event EVENT DIR --pack` (the full sheets) over 100 of the lists (one run).
Goals: each event format ≤ 1.5× validate of the same lists; a roster-style pack of 500 lists
≤ 8 s; a full pack of 100 lists ≤ 10 s.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import compiled, walls

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_validate import make_lists  # noqa: E402

N_FILES = 500
N_PACK = 100

EVENT = """schema: spherewars-event/1
name: Bench Cup
system: spherewars-1e
points_limit: 400
factions: [soimi]
rules:
  - {id: one-leader, count: {models: {type: leader}}, at_most: 1}
"""


def registrations(folder: Path) -> str:
    """A player per list (a second one on every tenth), and five who sent nothing."""
    from builder.data import load_warband
    from builder.data.fingerprint import list_fingerprint

    lines = []
    for i, path in enumerate(sorted(folder.glob("*.yaml"))):
        fingerprint = list_fingerprint(load_warband(path))
        lines.append(f"  - {{player: Player {i}, fingerprint: {fingerprint}}}\n")
        if i % 10 == 0:
            lines.append(f"  - {{player: Friend of {i}, fingerprint: {fingerprint}}}\n")
    lines += [f"  - {{player: Absent {i}, fingerprint: ZZZZ-ZZZ{i}}}\n" for i in range(5)]
    return "lists:\n" + "".join(lines)


def once(cmd: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return time.perf_counter() - start


def main() -> int:
    compiled()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        lists, few = root / "lists", root / "few"
        lists.mkdir()
        few.mkdir()
        make_lists(lists, N_FILES)
        make_lists(few, N_PACK)
        event = root / "bench.event.yaml"
        event.write_text(EVENT + registrations(lists), encoding="utf-8")
        spw = [sys.executable, "-m", "builder"]
        runs = [[*spw, "validate", str(lists), "--format", "json"]]
        runs += [[*spw, "event", str(event), str(lists), "--format", fmt]
                 for fmt in ("text", "json", "csv", "html")]
        runs.append([*spw, "event", str(event), str(lists), "--format", "html", "--anonymise"])
        base, *times = walls(runs)
        print(f"spherewars validate {N_FILES} lists --format json: {base:.3f} s")
        for cmd, t in zip(runs[1:], times, strict=True):
            shown = " ".join(cmd[cmd.index("--format"):])
            print(f"spherewars event {N_FILES} lists {shown}: {t:.3f} s "
                  f"({t / base:.2f}× validate; goal ≤ 1.5×)")
        roster = once([*spw, "event", str(event), str(lists), "--pack",
                       str(root / "roster.pdf"), "--pack-style", "roster"])
        print(f"spherewars event {N_FILES} lists --pack --pack-style roster: {roster:.2f} s "
              "(goal ≤ 8 s)")
        full = once([*spw, "event", str(event), str(few), "--pack", str(root / "pack.pdf")])
        print(f"spherewars event {N_PACK} lists --pack: {full:.2f} s (goal ≤ 10 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
