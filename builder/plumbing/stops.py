"""Points where a test may stop the program, to kill it there or let it go on.

``SPHEREWARS_TEST_STOP_AT=POINT`` makes the process say ``spherewars: stopped at POINT`` on
standard error and stop itself (SIGSTOP) when it reaches :func:`stop_here` with that name: a
test then kills it at exactly that point (an install between its two renames, a save between
writing and replacing) or continues it (another install waiting for the lock). For tests only
(tests/hostile/test_data_folder.py, tests/hostile/test_saving.py); otherwise one look at the
environment. POSIX only (Windows has no SIGSTOP).
"""

from __future__ import annotations

import os
import signal
import sys

STOP_ENV = "SPHEREWARS_TEST_STOP_AT"


def stop_here(point: str) -> None:
    if os.environ.get(STOP_ENV) == point and hasattr(signal, "SIGSTOP"):
        print(f"spherewars: stopped at {point} ({STOP_ENV})", file=sys.stderr, flush=True)
        os.kill(os.getpid(), signal.SIGSTOP)
