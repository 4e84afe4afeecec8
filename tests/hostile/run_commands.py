"""Runs many ``spherewars`` commands in one process, for tests/hostile/test_every_command.py
and test_every_bs_command.py.

``python -m tests.hostile.run_commands CASES.json RESULTS.json``: each case is
``{"name", "argv", "env": {NAME: VALUE or null}}`` and optionally ``"stdin"`` (a file whose
bytes are the command's standard input) and ``"seconds"``; each command runs as the entry point
runs it (``builder.cli.main``), its standard output and error captured, under a limit of
seconds (a FIFO waited on ends there) and of memory (a file read without end ends in
MemoryError). Each result says how long its command ``took`` (seconds: to see what costs).
An exception that leaves ``main`` is written as the traceback a user would see. One process
for every case: the interpreter and the data load once.
"""

from __future__ import annotations

import io
import json
import os
import resource
import signal
import sys
import time
import traceback
from typing import Any

SECONDS = 20
MEMORY = 3 << 30


class _TimedOut(BaseException):
    pass


def _alarm(_signum: int, _frame: object) -> None:
    raise _TimedOut()


def run_case(case: dict[str, Any]) -> dict[str, Any]:
    from builder.cli import main

    saved = {name: os.environ.get(name) for name in case.get("env", {})}
    for name, value in case.get("env", {}).items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    out = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="surrogateescape")
    err = io.TextIOWrapper(io.BytesIO(), encoding="utf-8", errors="surrogateescape")
    real = sys.stdin, sys.stdout, sys.stderr
    given = case.get("stdin")
    sys.stdin = io.TextIOWrapper(open(given, "rb") if given else io.BytesIO(),  # noqa: SIM115
                                 encoding="utf-8")
    sys.stdout, sys.stderr = out, err
    result: dict[str, Any] = {"name": case["name"], "code": None, "timeout": False}
    signal.alarm(case.get("seconds", SECONDS))
    began = time.monotonic()
    try:
        result["code"] = main(case["argv"])
    except SystemExit as exc:
        result["code"] = exc.code if isinstance(exc.code, int) else 2
    except _TimedOut:
        result["timeout"] = True
    except BaseException:  # noqa: BLE001 (what the user would see)
        err.write(traceback.format_exc())
    finally:
        signal.alarm(0)
        result["took"] = round(time.monotonic() - began, 3)
        sys.stdin.close()
        sys.stdin, sys.stdout, sys.stderr = real
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
    for stream, key in ((out, "out"), (err, "err")):
        stream.flush()
        result[key] = stream.buffer.getvalue().decode("utf-8", "replace")  # type: ignore[attr-defined]
    return result


def main() -> int:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    signal.signal(signal.SIGALRM, _alarm)
    with open(sys.argv[1], encoding="utf-8") as stream:
        cases = json.load(stream)
    results = [run_case(case) for case in cases]
    with open(sys.argv[2], "w", encoding="utf-8") as stream:
        json.dump(results, stream)
    return 0


if __name__ == "__main__":
    sys.exit(main())
