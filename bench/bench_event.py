"""Benchmark of `spherewars event` (issue 12, speed goals).

Creates 500 random Soimi list files and an event with a points limit, a faction list, one rule
and registered fingerprints, then times (median of 5 processes):
- `spherewars validate DIR --format json` over the lists;
- `spherewars event EVENT DIR` in each format (text, json, csv, html);
- `spherewars event EVENT DIR --pack` over 100 of the lists.
Goals: each event format ≤ 1.5× validate of the same lists; a pack of 100 lists ≤ 10 s.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from timing import wall

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
lists:
  - {player: Ana, fingerprint: AAAA-BBBB}
  - {player: Bo, fingerprint: CCCC-DDDD}
"""


def main() -> int:
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        lists, few = root / "lists", root / "few"
        lists.mkdir()
        few.mkdir()
        make_lists(lists, N_FILES)
        make_lists(few, N_PACK)
        event = root / "bench.event.yaml"
        event.write_text(EVENT, encoding="utf-8")
        spw = [sys.executable, "-m", "builder"]
        base = wall([*spw, "validate", str(lists), "--format", "json"])
        print(f"spherewars validate {N_FILES} lists --format json: {base:.3f} s")
        for fmt in ("text", "json", "csv", "html"):
            t = wall([*spw, "event", str(event), str(lists), "--format", fmt])
            print(f"spherewars event {N_FILES} lists --format {fmt}: {t:.3f} s "
                  f"({t / base:.2f}× validate; goal ≤ 1.5×)")
        pack = wall([*spw, "event", str(event), str(few), "--pack", str(root / "pack.pdf")],
                    runs=1)
        print(f"spherewars event {N_PACK} lists --pack: {pack:.2f} s (goal ≤ 10 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
