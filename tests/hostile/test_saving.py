"""A save killed midway (issue 40 #13): its temporary file ``.NAME.PID.XXXXXXXX.tmp`` is left
beside the list, and the next save of that list, or the app opening a list there, removes
it; a save still running keeps its own. The saves are real processes stopped by
``SPHEREWARS_TEST_STOP_AT=atomic:written`` (builder/plumbing/stops.py) and killed there."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from builder.data import load_warband, save_warband
from builder.plumbing.atomic import remove_leftovers
from tests.conftest import REPO
from tests.helpers import warband
from tests.hostile.helpers import wait_stopped

posix = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="stops processes with SIGSTOP")
SAVE = """
import sys
from pathlib import Path
from builder.data import save_warband
from tests.helpers import warband
save_warband(warband([("test-leader", 2)], name="Saved by the child"), Path(sys.argv[1]))
"""


def saving(path: Path) -> subprocess.Popen[str]:
    """A process saving a list to ``path``, stopped after writing its temporary file."""
    env = {**os.environ, "SPHEREWARS_TEST_STOP_AT": "atomic:written", "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen([sys.executable, "-c", SAVE, str(path)], cwd=REPO, env=env,
                            stderr=subprocess.PIPE, text=True)
    assert proc.stderr is not None
    line = proc.stderr.readline()
    assert line.startswith("spherewars: stopped at atomic:written"), line + proc.stderr.read()
    wait_stopped(proc)
    return proc


def killed_saving(path: Path) -> int:
    """A save of ``path`` killed after writing its temporary file (left beside it): its pid."""
    child = saving(path)
    child.send_signal(signal.SIGKILL)
    child.wait(timeout=30)
    assert len(temporaries(path.parent)) == 1
    return child.pid


def temporaries(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.fixture
def saved(tmp_path: Path) -> Path:
    path = tmp_path / "my-list.warband.yaml"
    save_warband(warband([("test-leader", 1)]), path)
    return path


@posix
def test_a_save_killed_midway_leaves_a_temporary_the_next_save_removes(saved: Path) -> None:
    pid = killed_saving(saved)
    left = temporaries(saved.parent)
    assert left == [f".my-list.warband.yaml.{pid}.{left[0].split('.')[-2]}.tmp"]
    assert load_warband(saved).name == "Test list"  # the list itself is whole, as it was
    save_warband(warband([("test-leader", 3)]), saved)  # the next save, in a new process
    assert temporaries(saved.parent) == []
    assert load_warband(saved).entries[0].count == 3


@posix
def test_a_save_still_running_keeps_its_temporary(saved: Path) -> None:
    child = saving(saved)
    try:
        assert remove_leftovers(saved.parent) == []
        assert len(temporaries(saved.parent)) == 1
    finally:
        child.send_signal(signal.SIGCONT)
        child.wait(timeout=30)
    assert temporaries(saved.parent) == []
    assert load_warband(saved).name == "Saved by the child"


def test_an_old_temporary_without_a_process_id_goes_when_an_hour_old(saved: Path) -> None:
    old = saved.parent / ".my-list.warband.yaml.0badf00d.tmp"
    fresh = saved.parent / ".my-list.warband.yaml.1badf00d.tmp"
    stranger = saved.parent / ".not-ours.0badf00d.tmp"  # names no file beside it
    for path in (old, fresh, stranger):
        path.write_text("half a list", encoding="utf-8")
    hours_ago = time.time() - 7200
    os.utime(old, (hours_ago, hours_ago))
    os.utime(stranger, (hours_ago, hours_ago))
    assert remove_leftovers(saved.parent) == [old.name]
    assert temporaries(saved.parent) == sorted([fresh.name, stranger.name])
