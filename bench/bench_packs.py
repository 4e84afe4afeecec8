"""Benchmark of data packs (issue 27): a pack of 5,000 combatants (test data, generated at run
time in a temporary folder, never committed).

- ``install_ratio_5000``: ``spherewars data install`` of the pack from an address on
  127.0.0.1 (a web server this script starts) over ``spherewars check-data`` of the pack's
  files (medians of processes, run in turns; the issue asks ≤ 2);
- ``diff_s_5000_installed``: ``spherewars data diff ID@1.0.0 ID@1.1.0`` of two installed
  versions (median wall time of the process, s; the issue asks ≤ 1);
- ``diff_cpu_s_5000_installed``: the processor time (user + system) of that process, which
  a busy shared machine does not stretch as it stretches the wall time;
- ``diff_s_5000_files``: the same two packs given as .swpack files (each unpacked and checked
  whole first).

``--json`` prints, as the last line, one JSON object of them all.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_scale import faction_data  # noqa: E402
from timing import ROOT, compiled, walls  # noqa: E402

RUNS = 5


def make_pack(folder: Path, version: str, pe_shift: int) -> None:
    import yaml

    data = faction_data(5000)
    data["id"] = "gen-pack"
    for c in data["combatants"][:50]:
        c["profile"]["PE"] += pe_shift
    (folder / "factions").mkdir(parents=True)
    (folder / "factions" / "gen-pack.yaml").write_text(
        yaml.safe_dump(data, sort_keys=False, allow_unicode=True), encoding="utf-8")
    (folder / "pack.yaml").write_text(
        f"schema: spherewars-pack/1\nid: gen-pack\nname: Generated pack (test data)\n"
        f"version: {version}\n", encoding="utf-8")


def timed(cmd: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    spent = time.perf_counter() - start
    if done.returncode:
        raise SystemExit(f"{' '.join(cmd)} failed: {done.stderr}")
    return spent


def cpu(cmd: list[str], env: dict[str, str], runs: int = RUNS) -> float:
    """Median processor time (user + system) of running ``cmd``."""
    import resource
    import statistics

    spent = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, env=env, cwd=ROOT, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        spent.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return statistics.median(spent)


def main() -> int:
    compiled()
    spherewars = [sys.executable, "-m", "builder"]
    work = Path(tempfile.mkdtemp(prefix="spherewars-bench-packs-"))
    try:
        env = {**os.environ, "SPHEREWARS_USER_DIR": str(work / "user"), "LANGUAGE": "en"}
        make_pack(work / "v1", "1.0.0", 0)
        make_pack(work / "v2", "1.1.0", -4)
        (work / "site").mkdir()
        for v in ("v1", "v2"):
            timed([*spherewars, "data", "build", str(work / v), "-o",
                   str(work / "site" / f"{v}.swpack")], env)
        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

        handler = functools.partial(Quiet, directory=str(work / "site"))
        httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{httpd.server_address[1]}/v1.swpack"
        # each install run starts from an empty user folder: the pack is new each time
        install = [sys.executable, "-c",
                   "import shutil, os, sys; shutil.rmtree(os.environ['SPHEREWARS_USER_DIR'], "
                   "ignore_errors=True); from builder.cli import main; "
                   f"sys.exit(main(['data', 'install', {url!r}]))"]
        check = [*spherewars, "check-data", str(work / "v1")]
        install_s, check_s = walls([install, check], RUNS, env)
        httpd.shutdown()
        for v in ("v1", "v2"):
            timed([*spherewars, "data", "install", str(work / "site" / f"{v}.swpack")], env)
        diff = [*spherewars, "data", "diff", "gen-pack@1.0.0", "gen-pack@1.1.0"]
        diff_installed = walls([diff], RUNS, env)[0]
        diff_cpu = cpu(diff, env)
        diff_files = walls([[*spherewars, "data", "diff", str(work / "site" / "v1.swpack"),
                             str(work / "site" / "v2.swpack")]], 3, env)[0]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    results = {"install_s_5000": round(install_s, 3), "check_data_s_5000": round(check_s, 3),
               "install_ratio_5000": round(install_s / check_s, 2),
               "diff_s_5000_installed": round(diff_installed, 3),
               "diff_cpu_s_5000_installed": round(diff_cpu, 3),
               "diff_s_5000_files": round(diff_files, 3)}
    for key, value in results.items():
        print(f"{key:28} {value}")
    if "--json" in sys.argv:
        print(json.dumps(results))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
