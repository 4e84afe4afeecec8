"""What is not a readable regular file is named, never waited on (issue 10 #5); output that
cannot be written ends cleanly (#7); saving (#8)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from builder.cli import main
from builder.data import DataError, load_warband, save_warband, yaml_files
from builder.plumbing.atomic import ReadOnlyError, write_atomic
from tests.hostile import helpers as h

posix = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and symbolic links")


def _good(folder: Path, n: int = 0) -> Path:
    path = folder / f"good-{n}.warband.yaml"
    path.write_text(h.GOOD_LIST.format(n=n), encoding="utf-8")
    return path


def _validate(capsys: pytest.CaptureFixture[str], *paths: Path) -> tuple[int, str, float]:
    start = time.perf_counter()
    status = main(["validate", *map(str, paths), "--data", str(h.TEST_FACTIONS)])
    out, err = capsys.readouterr()
    return status, out + err, time.perf_counter() - start


@posix
def test_a_fifo_is_named_not_waited_on(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "pipe.warband.yaml"
    os.mkfifo(fifo)
    status, out, elapsed = _validate(capsys, fifo)
    assert status == 2 and elapsed < h.SECONDS
    assert f"{fifo}: is a named pipe (FIFO), not a regular file" in out
    start = time.perf_counter()
    assert main(["export", str(fifo), "-o", str(tmp_path / "o.pdf")]) == 2
    assert main(["check-data", str(fifo)]) == 2
    out = capsys.readouterr().out
    assert "no problems" not in out and "named pipe" in out
    assert time.perf_counter() - start < 3 * h.SECONDS


@posix
def test_everything_unreadable_in_a_folder_is_named(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    good = _good(tmp_path)
    os.mkfifo(tmp_path / "fifo.warband.yaml")
    (tmp_path / "dangling.warband.yaml").symlink_to(tmp_path / "nowhere")
    (tmp_path / "loop.warband.yaml").symlink_to(tmp_path / "loop.warband.yaml")
    (tmp_path / "folder.warband.yaml").mkdir()
    (tmp_path / "device.warband.yaml").symlink_to(os.devnull)
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "up").symlink_to(tmp_path)  # a link back up: searched once
    status, out, elapsed = _validate(capsys, tmp_path)
    assert status == 2 and elapsed < h.SECONDS
    assert f"✔ {good}: Test good list 0 (test-faction)" in out
    for name, message in [("fifo", "is a named pipe (FIFO)"),
                          ("dangling", "is a link to something that does not exist"),
                          ("loop", "is a link that loops back on itself"),
                          ("folder", "is a folder, not a file"),
                          ("device", "is a device, not a regular file")]:
        assert f"{tmp_path / name}.warband.yaml: {message}" in out
    assert "6 lists: 1 legal, 0 illegal, 5 unreadable" in out


def test_a_folder_that_cannot_be_listed_is_named(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """(Simulated: the suite may run as root, who can list any folder.)"""
    locked = tmp_path / "locked"
    locked.mkdir()
    real = os.scandir

    def scandir(path: object) -> object:
        if Path(str(path)) == locked:
            raise PermissionError(13, "Permission denied", str(path))
        return real(path)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "scandir", scandir)
    _good(tmp_path)
    assert locked in yaml_files(tmp_path)


def test_faction_folders_name_what_they_cannot_read(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "broken.yaml").symlink_to(tmp_path / "nowhere")
    assert main(["check-data", str(tmp_path)]) == 2
    out = capsys.readouterr().out
    assert f"{tmp_path / 'broken.yaml'}: is a link to something that does not exist" in out


def _spherewars(*args: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "builder", *args], timeout=60,
                          capture_output=kwargs.pop("capture", True), **kwargs)  # type: ignore


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [("schema", "faction"), ("validate", "LIST")])
def test_a_full_disk_ends_with_one_line(tmp_path: Path, args: tuple[str, ...]) -> None:
    args = tuple(str(_good(tmp_path)) if a == "LIST" else a for a in args)
    with open("/dev/full", "wb") as full:
        proc = subprocess.run([sys.executable, "-m", "builder", *args, "--data",
                               str(h.TEST_FACTIONS)] if args[0] == "validate" else
                              [sys.executable, "-m", "builder", *args],
                              stdout=full, stderr=subprocess.PIPE, timeout=60)
    err = proc.stderr.decode()
    assert proc.returncode == 2
    assert err.splitlines() == ["spherewars: cannot write the output: No space left on device"]


def test_a_closed_pipe_ends_silently(tmp_path: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-m", "builder", "schema", "faction"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.read(10)
    proc.stdout.close()  # the reader has seen enough, like `| head -c 10`
    err = proc.stderr.read()
    assert proc.wait(timeout=60) == 0
    assert err == b""


COMMENTED = """# TEST DATA ONLY: my list, with comments that must survive a save
schema: spherewars-warband/1
name: 'Test commented list'   # quoted on purpose
faction: test-faction
points_limit: 400 # the club's limit
entries:
  # the boss first
  - combatant: test-leader   # our leader
    count: 1
notes: |
  first line
  second line
"""


def test_saving_keeps_comments_and_layout(tmp_path: Path) -> None:
    path = tmp_path / "list.warband.yaml"
    path.write_text(COMMENTED, encoding="utf-8")
    warband = load_warband(path).model_copy(update={"points_limit": 300})
    save_warband(warband, path)
    assert path.read_text(encoding="utf-8") == COMMENTED.replace("400 #", "300 #")
    assert load_warband(path) == warband


def test_saving_never_changes_a_value_to_keep_a_comment(tmp_path: Path) -> None:
    """A value whose old spelling would read differently is written afresh."""
    path = tmp_path / "list.warband.yaml"
    path.write_text(COMMENTED.replace("name: 'Test commented list'", "name: '010'"),
                    encoding="utf-8")
    warband = load_warband(path)
    for name in ("010", "true", "null", "12", "6:40"):
        changed = warband.model_copy(update={"name": name})
        save_warband(changed, path)
        assert load_warband(path) == changed
        assert "# our leader" in path.read_text(encoding="utf-8")


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symbolic links")
def test_saving_through_a_link_writes_the_file_it_points_to(tmp_path: Path) -> None:
    real = tmp_path / "real.warband.yaml"
    real.write_text(COMMENTED, encoding="utf-8")
    link = tmp_path / "link.warband.yaml"
    link.symlink_to(real)
    warband = load_warband(link).model_copy(update={"name": "Test via link"})
    save_warband(warband, link)
    assert link.is_symlink()
    assert load_warband(real).name == "Test via link"


def test_a_253_byte_name_can_be_saved(tmp_path: Path) -> None:
    path = tmp_path / ("l" * (253 - len(".warband.yaml")) + ".warband.yaml")
    assert len(path.name.encode()) == 253
    save_warband(load_warband(_good(tmp_path)), path)
    assert load_warband(path).name == "Test good list 0"
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(["good-0.warband.yaml",
                                                                  path.name])


def test_a_read_only_file_is_not_replaced_unless_asked(tmp_path: Path) -> None:
    path = _good(tmp_path)
    before = path.read_bytes()
    path.chmod(0o444)
    warband = load_warband(path).model_copy(update={"name": "Test changed"})
    with pytest.raises(ReadOnlyError, match="read-only"):
        save_warband(warband, path)
    assert path.read_bytes() == before
    save_warband(warband, path, replace_read_only=True)
    assert load_warband(path).name == "Test changed"
    assert stat.S_IMODE(path.stat().st_mode) == 0o444


@posix
def test_a_fifo_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.warband.yaml"
    os.mkfifo(fifo)
    with pytest.raises(OSError, match="not a regular file"):
        write_atomic(fifo, "x")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


def test_reading_a_link_loop_is_a_data_error(tmp_path: Path) -> None:
    loop = tmp_path / "a.warband.yaml"
    loop.symlink_to(loop)
    with pytest.raises(DataError, match="loops back on itself"):
        load_warband(loop)
