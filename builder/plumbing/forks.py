"""Check many files on two cores: a forked child takes half, the parent the other half.

Only where ``os.fork`` exists and the batch is large enough to repay it (an organiser's folder
of lists); the order of results is kept. If the child fails in any way the parent does its half
itself, so the result never depends on the fork working.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Callable, Sequence
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")

MIN_PARALLEL = 300
"""Below this many items one process is faster than forking."""


RUN = 100
"""Items a run takes (:func:`map_runs_in_halves`)."""


def map_runs_in_halves(fn: Callable[[Sequence[T]], list[R]], items: Sequence[T],
                       run: int | None = None) -> list[R]:
    """``fn`` over runs of ``run`` items in turn (each giving one result per item), half of
    the runs in a forked child as :func:`map_in_halves` does for items: for a ``fn`` that takes
    each step for all the items of a run before the next step (a few lines of code over and
    over run faster than each item's whole path in turn). ``run``: by default :data:`RUN`,
    read at each call."""
    run = run or RUN
    runs = [items[i:i + run] for i in range(0, len(items), run)]
    parts = map_in_halves(fn, runs, min_parallel=-(-MIN_PARALLEL // run))
    return [result for part in parts for result in part]


def map_in_halves(fn: Callable[[T], R], items: Sequence[T],
                  min_parallel: int | None = None) -> list[R]:
    """``[fn(item) for item in items]``, half of it in a forked child when there are at least
    ``min_parallel`` items (by default :data:`MIN_PARALLEL`, read at each call; fewer for
    costly items, such as QR codes to encode)."""
    if min_parallel is None:
        min_parallel = MIN_PARALLEL
    if len(items) < min_parallel or not hasattr(os, "fork") or (os.cpu_count() or 1) < 2:
        return [fn(item) for item in items]
    half = len(items) // 2
    first, second = items[:half], items[half:]
    sys.stdout.flush()
    sys.stderr.flush()
    read_fd, write_fd = os.pipe()
    try:
        pid = os.fork()
    except OSError:
        os.close(read_fd)
        os.close(write_fd)
        return [fn(item) for item in items]
    if pid == 0:  # the child: its half, pickled down the pipe, then leave without cleanup
        status = 1
        try:
            os.close(read_fd)
            with os.fdopen(write_fd, "wb") as out:
                pickle.dump([fn(item) for item in second], out, pickle.HIGHEST_PROTOCOL)
            status = 0
        finally:
            os._exit(status)
    os.close(write_fd)
    mine = [fn(item) for item in first]
    with os.fdopen(read_fd, "rb") as pipe:
        payload = pipe.read()
    _, status = os.waitpid(pid, 0)
    theirs: list[R] | None = None
    if os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0:
        try:
            theirs = pickle.loads(payload)
        except Exception:
            theirs = None
    if theirs is None or len(theirs) != len(second):
        theirs = [fn(item) for item in second]
    return mine + theirs
