"""Benchmark of the catalogue's dimming (issue 14.4, issue 38): what one more of each
combatant would break, measured after every edit of the list (:meth:`Headroom.measure`).

Three cases, each the median of many in-process measurements of one list (µs):
- ``soimi``: the shipped Soimi faction and a short list (what most players see);
- ``gen-5000-200`` / ``gen-5000-1000``: an invented faction of 5,000 combatants (test data
  generated at run time, as ``bench_scale.py`` makes it) and lists of 200 and 1,000 entries;
- ``relaunch``: the invented relaunch-shaped test game (tests/fixtures/relaunch), units,
  options and picks (the rules then count what the list took beyond its models).
Also the set-up, once per faction (``Headroom(faction)``, ms). ``--json`` prints, as the
last line, one JSON object of the figures. Only public names are used, so the same script
times another checkout (``PYTHONPATH=OTHER python OTHER/bench/bench_headroom.py``).
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

RUNS = 9
"""Medians of this many timed rounds."""


def _median_us(act, number: int) -> float:  # type: ignore[no-untyped-def]
    rounds = []
    for _ in range(RUNS):
        start = time.perf_counter()
        for _i in range(number):
            act()
        rounds.append((time.perf_counter() - start) / number)
    return statistics.median(rounds) * 1e6


def main() -> int:
    from bench_scale import faction_data, list_text
    from timing import compiled

    compiled()
    from builder.data import Catalogue, parse_warband
    from builder.rules import validate
    from builder.rules.headroom import Headroom

    figures: dict[str, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "gen-5000.yaml").write_text(
            yaml.safe_dump(faction_data(5000), sort_keys=False, allow_unicode=True),
            encoding="utf-8")
        catalogue = Catalogue.load([folder, ROOT / "tests" / "fixtures" / "relaunch"],
                                   user=False, cached=False)
    cases = []
    soimi = catalogue.get("soimi")
    assert soimi is not None
    cases.append(("soimi", soimi, parse_warband("soimi", (
        "schema: spherewars-warband/1\nname: Bench\nfaction: soimi\npoints_limit: 400\n"
        "entries:\n" + "".join(f"  - combatant: {c.id}\n    count: {1 + i % 2}\n"
                               for i, c in enumerate(soimi.combatants[:6]))))))
    big = catalogue.get("gen-5000")
    assert big is not None
    for n in (200, 1000):
        cases.append((f"gen-5000-{n}", big, parse_warband("gen", list_text("gen-5000", n,
                                                                            5000))))
    relaunch = catalogue.get("test-relaunch-band")
    assert relaunch is not None
    cases.append(("relaunch", relaunch, parse_warband("relaunch", (
        "schema: spherewars-warband/1\nname: Bench\nfaction: test-relaunch-band\n"
        "points_limit: 90\nentries:\n"
        "- combatant: test-spearmen\n  count: 4\n  options:\n    test-veteran: 1\n"
        "    test-banner: 1\n- combatant: test-warlord\n  count: 1\n  options:\n"
        "    test-seal: 1\n- combatant: test-archers\n  count: 3\n"
        "picks:\n- test-crown\n"))))
    for name, faction, warband in cases:
        start = time.perf_counter()
        plan = Headroom(faction)
        figures[f"setup_ms_{name}"] = (time.perf_counter() - start) * 1000
        hired = validate(warband, faction).hired
        limit = warband.points_limit
        number = 20 if len(faction.combatants) > 1000 else 2000
        figures[f"measure_us_{name}"] = _median_us(
            lambda p=plan, w=warband, lim=limit, h=hired: p.measure(w, lim, h), number)
        print(f"dimming, {name}: {figures[f'measure_us_{name}']:.1f} µs per measure "
              f"(set-up {figures[f'setup_ms_{name}']:.1f} ms)", flush=True)
    if "--json" in sys.argv:
        print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
