"""Benchmark of reading hostile mail for share codes (issue 40 #9): ``event --codes`` and
``import --all`` on MIME nested 3,000 deep, a Subject of 30,000 encoded words, 20,000 RFC 2231
parameters and a mail of 100,000 parts, and, for comparison, a mailbox of 300 ordinary messages
with a share code each (test data generated at run time).

Each case runs in a process of its own (``builder.events.submissions.gather``, what both
commands call): the seconds it takes and the process's peak memory (its maximum resident set,
and how much reading the mail added to it). Goal: each within a second, memory bounded.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

CHILD = """
import json, resource, sys, time
from builder.events.submissions import gather
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
start = time.perf_counter()
got = gather([], [sys.argv[1]])
seconds = time.perf_counter() - start
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps({"seconds": seconds, "kib": peak - before, "peak_kib": peak,
                  "codes": sum(1 for s in got.submissions if s.code),
                  "refused": [s.refused for s in got.submissions if s.refused][:1]}))
"""


def cases() -> dict[str, str]:
    sys.path.insert(0, str(ROOT))
    from tests.hostile.test_mail import CODE, deep, parameters, parts, subject

    mailbox = "".join(
        f"From player{i}@example.invalid Mon Jan  1 00:00:00 2027\nMIME-Version: 1.0\n"
        f"Subject: list {i}\nContent-Type: text/plain; charset=utf-8\n\nMy list: {CODE}\n\n"
        for i in range(300))
    return {"MIME nested 3,000 deep": deep(3000),
            "Subject of 30,000 encoded words": subject(30_000),
            "20,000 RFC 2231 parameters": parameters(20_000),
            "100,000 parts": parts(100_000),
            "300 ordinary messages": mailbox}


def main() -> int:
    from timing import compiled

    compiled()
    with tempfile.TemporaryDirectory() as tmp:
        for name, text in cases().items():
            path = Path(tmp) / "mail.eml"
            path.write_text(text, encoding="utf-8")
            out = subprocess.run([sys.executable, "-c", CHILD, str(path)], cwd=ROOT,
                                 capture_output=True, text=True, timeout=600)
            if out.returncode:
                print(f"{name}: failed\n{out.stderr[-2000:]}")
                continue
            got = json.loads(out.stdout)
            said = f"refused ({got['refused'][0]})" if got["refused"] else \
                f"{got['codes']} codes"
            print(f"{name} ({len(text) / 1024:,.0f} KiB): {got['seconds']:.3f} s, peak "
                  f"{got['peak_kib'] / 1024:.0f} MiB (+{got['kib'] / 1024:.1f} MiB reading); "
                  f"{said}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
