"""One process at a time in a folder (builder.plumbing.folder_lock): a second taker is told at
once, and the lock goes with its holder, even one killed outright."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from builder.plumbing.folder_lock import Busy, folder_lock


def test_a_second_taker_is_told_at_once_and_takes_it_after(tmp_path: Path) -> None:
    folder = tmp_path / "made" / "here"
    with folder_lock(folder):
        assert folder.is_dir()
        with pytest.raises(Busy), folder_lock(folder):
            pass
    with folder_lock(folder):  # let go at the end of the block
        pass


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_holder_killed_outright_lets_it_go(tmp_path: Path) -> None:
    child = subprocess.Popen(
        [sys.executable, "-c", "import sys\nfrom pathlib import Path\n"
         "from builder.plumbing.folder_lock import folder_lock\n"
         "with folder_lock(Path(sys.argv[1])):\n"
         "    print('held', flush=True)\n    sys.stdin.readline()\n", str(tmp_path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=dict(os.environ))
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "held"
        with pytest.raises(Busy), folder_lock(tmp_path):
            pass
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    with folder_lock(tmp_path):
        pass
