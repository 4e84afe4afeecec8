"""An add killed outright (SIGKILL: no clean-up runs) at a chosen point, in a real process:
the data is the old or the new, whole, never a mix; what the killed process left is tidied by
the next add, and its lock died with it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from builder.bsdata.store import Store
from tests.bsdata.helpers import DUEL, TEST_FACTION, TEST_FILES, bumped, run
from tests.conftest import REPO

CHILD = """
import sys
from builder.bsdata.adding import Adder

stage, number = sys.argv[1], int(sys.argv[2])

def progress(at, done, total, what):
    if (at, done) == (stage, number):
        print("at", at, done, flush=True)
        sys.stdin.readline()  # the test kills it here

Adder(progress=progress).add(sys.argv[3:])
print("done", flush=True)
"""

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")


def state() -> dict[str, int]:
    return {f.id: f.revision for s in Store().systems().values() for f in s.files}


@pytest.mark.parametrize(("stage", "number"), [
    ("reading", 2),      # reading the files given
    ("writing", 1),      # the first game system's new folder written, the second not
    ("committing", 1),   # both folders in place, installed.json not yet replaced
])
def test_killed_mid_add_leaves_the_old_data_whole(capsys, tmp_path: Path, user_dir: Path,
                                                  stage: str, number: int) -> None:
    assert run(capsys, "bsdata", "add", *map(str, TEST_FILES))[0] == 0
    before = state()
    newer = tmp_path / "test-faction.cat"
    newer.write_bytes(bumped(TEST_FACTION.read_bytes(), 8))
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, stage, str(number), str(newer), str(DUEL)],
        env={**os.environ, "SPHEREWARS_USER_DIR": str(user_dir)}, cwd=REPO,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        line = child.stdout.readline().strip()
        assert line == f"at {stage} {number}", child.stderr.read() if child.stderr else ""
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    assert state() == before  # the old data, whole: no Test Duel, the faction at 7
    code, out, _err = run(capsys, "bsdata", "list")
    assert code == 0 and "Test Wanderers  revision 7" in out
    # the next add takes the lock the dead process held, and tidies what it left
    code, _out, err = run(capsys, "bsdata", "add", str(newer), str(DUEL))
    assert code == 0, err
    assert state() == {**before, "ts-fac": 8, "td-sys": 1, "td-fac": 1}
    in_use = {s.folder.name for s in Store().systems().values()}
    assert sorted(p.name for p in (user_dir / "battlescribe").iterdir()) == sorted(
        [".lock", "installed.json", *in_use])


def test_killed_after_the_commit_leaves_the_new_data(capsys, tmp_path: Path,
                                                     user_dir: Path) -> None:
    """Killed once installed.json is replaced, before the old folders are removed."""
    assert run(capsys, "bsdata", "add", *map(str, TEST_FILES))[0] == 0
    old_folder = Store().systems()["ts-sys"].folder
    newer = tmp_path / "test-faction.cat"
    newer.write_bytes(bumped(TEST_FACTION.read_bytes(), 8))
    script = CHILD.replace("Adder(progress=progress)", """
import builder.bsdata.store as store
def tidy(self):
    print("at tidy 0", flush=True)
    sys.stdin.readline()
store.Store.tidy = tidy
Adder(progress=progress)""")
    child = subprocess.Popen(
        [sys.executable, "-c", script, "tidy", "0", str(newer)],
        env={**os.environ, "SPHEREWARS_USER_DIR": str(user_dir)}, cwd=REPO,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "at tidy 0"  # the lock's own tidy first
        child.stdin.write("\n")  # type: ignore[union-attr]
        child.stdin.flush()  # type: ignore[union-attr]
        assert child.stdout.readline().strip() == "at tidy 0"  # the commit's
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert state()["ts-fac"] == 8
    assert old_folder.exists()  # left over
    assert run(capsys, "bsdata", "remove", "ts-sys")[0] == 0
    assert not old_folder.exists()
