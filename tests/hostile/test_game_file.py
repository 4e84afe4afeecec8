"""The play-mode game file beside a list (issue 40 #1): whatever lies there (300,000 nested
``[``, a 5,000-digit number, a FIFO, a link to ``/dev/zero``, a folder) is "the game beside the
list cannot be resumed … start a new game?" within a second; never a traceback, a hang or the
memory exhausted (the app's side: tests/gui/play/test_play_hostile.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, TEST_DATA, TEST_FACTIONS
from tests.hostile import helpers as h

posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and /dev/zero")
LIST = TEST_DATA / "systems" / "lists" / "torn-one-leader.warband.yaml"


def _json(text: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(text, encoding="utf-8")


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _folder(path: Path) -> None:
    path.mkdir()


HOSTILE: dict[str, tuple[Callable[[Path], None], str]] = {
    "nested-300000": (_json("[" * 300_000), "nested more than 64 deep"),
    "number-5000-digits": (_json('{"schema": "spherewars-game/1", "turn": ' + "9" * 5000 + "}"),
                           "a number of 5,000 digits"),
    "nested-in-strings": (_json('{"a": "' + "[" * 100_000 + '", ' + "[" * 70 + "]" * 70 + "}"),
                          "nested more than 64 deep"),
    "nan": (_json('{"schema": "spherewars-game/1", "turn": NaN}'), "NaN is not a number"),
    "not-json": (_json("{not json"), "not valid JSON (line 1, column 2)"),
    "two-mib": (_json(" " * (2 << 20)), "file is larger than 1 MiB"),
    "fifo": (_fifo, "is a named pipe (FIFO)"),
    "dev-zero": (_zero, "is a device, not a regular file"),
    "folder": (_folder, "is a folder, not a file"),
}


CHILD = """
import resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))  # /dev/zero read whole: MemoryError
from pathlib import Path
from builder.data import Catalogue, load_warband
from builder.play import state as game
from builder.play.plan import make_plan
catalogue = Catalogue.load([Path(sys.argv[1]), Path(sys.argv[2])], user=False)
warband = load_warband(Path(sys.argv[3]))
plan = make_plan(warband, catalogue.get(warband.faction))
start = time.perf_counter()
try:
    game.load_game(Path(sys.argv[4]), plan)
    print("loaded")
except game.GameFileError as exc:
    print(f"{time.perf_counter() - start:.3f}")
    print(exc)
"""


def _load_in_a_child(path: Path) -> tuple[float, str]:
    """``load_game(path)`` in a process of its own, with 2 GiB of memory at most and 30 s:
    (seconds it took, its message). A FIFO waited on, or ``/dev/zero`` read whole, ends there
    rather than in the test run."""
    try:
        proc = subprocess.run([sys.executable, "-c", CHILD, str(TEST_DATA / "systems"),
                               str(TEST_FACTIONS), str(LIST), str(path)], cwd=REPO,
                              capture_output=True, text=True, timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"still reading {path} after 30 s")
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr[-2000:]
    seconds, _newline, message = proc.stdout.partition("\n")
    return float(seconds), message.strip()


def _within(seconds: float, path: Path, call: Callable[[], Any]) -> Any:
    """``call()`` (on this thread: it may make windows), failing when it takes longer than
    ``seconds``; a FIFO it waits on is opened for writing after 5 s, so that it ends."""
    done = threading.Event()

    def release() -> None:
        if not done.wait(5) and path.is_fifo():
            os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))

    watchdog = threading.Thread(target=release, daemon=True)
    watchdog.start()
    start = time.perf_counter()
    try:
        return call()
    finally:
        done.set()
        watchdog.join(5)
        elapsed = time.perf_counter() - start
        assert elapsed < seconds, f"{elapsed:.2f} s"


@posix
@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_game_file_cannot_be_resumed(case: str, tmp_path: Path) -> None:
    make, message = HOSTILE[case]
    path = tmp_path / "list.game.json"
    make(path)
    seconds, said = _load_in_a_child(path)
    assert seconds < h.SECONDS
    assert said.startswith(f"{path}: ")
    assert message in said
