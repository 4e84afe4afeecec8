"""The user's data folder under attack (issue 40 #5, #6, #7, #10, #11): a version folder without
a readable ``.installed.json``, two installs at once, ``--force`` killed between its renames, a
read-only folder, ``XDG_DATA_HOME`` naming a file. Installs are real processes, stopped or killed
at chosen points by ``SPHEREWARS_TEST_STOP_AT`` (builder/plumbing/stops.py); no sleeping."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from builder.packs.store import INSTALLED, Store
from tests.conftest import REPO
from tests.hostile.helpers import read_only_folders, wait_stopped
from tests.packs.helpers import PACK_ID, list_text, make_pack, run

posix = pytest.mark.skipif(not hasattr(signal, "SIGSTOP"), reason="stops processes with SIGSTOP")
FACTION = "test-pack-faction"


def spherewars(user: Path, *args: str, stop_at: str | None = None) -> subprocess.Popen[str]:
    env = {**os.environ, "SPHEREWARS_USER_DIR": str(user), "PYTHONPATH": str(REPO)}
    env.pop("SPHEREWARS_TEST_STOP_AT", None)
    if stop_at is not None:
        env["SPHEREWARS_TEST_STOP_AT"] = stop_at
    return subprocess.Popen([sys.executable, "-m", "builder", *args], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_limited)


def _limited() -> None:
    """2 GiB of memory at most: a file read without end (a link to /dev/zero) ends the
    process, not the machine."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def stopped(proc: subprocess.Popen[str], point: str) -> None:
    """Wait until ``proc`` says it stopped itself at ``point`` (it then waits, SIGSTOPped)."""
    assert proc.stderr is not None
    for line in proc.stderr:
        if line.strip() == f"spherewars: stopped at {point} (SPHEREWARS_TEST_STOP_AT)":
            wait_stopped(proc)
            return
    out, err = proc.communicate(timeout=60)
    pytest.fail(f"never stopped at {point}: exit {proc.returncode}\n{out}\n{err}")


def finished(proc: subprocess.Popen[str]) -> tuple[int, str, str]:
    try:
        out, err = proc.communicate(timeout=60)
    except subprocess.TimeoutExpired:  # (waiting on a FIFO)
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"{proc.args}: still running after 60 s\n{out}\n{err}")
    return proc.returncode, out, err


def cli(user: Path, *args: str) -> tuple[int, str, str]:
    return finished(spherewars(user, *args))


def fingerprints(user: Path) -> dict[str, str]:
    """Version -> fingerprint of the test pack, as a new process sees them."""
    code, out, err = cli(user, "data", "list", "--format", "json")
    assert code == 0 and "Traceback" not in err, err
    rows = {row["id"]: row for row in json.loads(out)["packs"]}
    if PACK_ID not in rows:
        return {}
    return {v: Store(user / "packs").get(PACK_ID).versions[v].fingerprint  # type: ignore
            for v in rows[PACK_ID]["versions"]}


def loads(user: Path) -> bool:
    """Whether a list of the pack's faction is checked in a new process (the version's files
    there and whole)."""
    path = user.parent / "pack-list.warband.yaml"
    path.write_text(list_text(), encoding="utf-8")
    code, out, err = cli(user, "validate", str(path))
    assert "Traceback" not in err, err
    return code == 0 and f"({FACTION}), " in out


@pytest.fixture
def packs(tmp_path: Path) -> dict[str, Path]:
    """The test pack 1.0.0 (Test Boss 169 PE) and, with other contents, 1.0.0 again (150 PE)."""
    return {"old": make_pack(tmp_path / "old", "1.0.0", 169),
            "new": make_pack(tmp_path / "new", "1.0.0", 150),
            "other": make_pack(tmp_path / "other", "1.0.0", 100, pack_id="test-other",
                               faction_id="test-other-faction")}


# --- #5: a version folder without a readable .installed.json ------------------------------


def _fifo(path: Path) -> None:
    os.mkfifo(path)


DAMAGES = {
    "missing": lambda path: path.unlink(),
    "not-json": lambda path: path.write_text("{not json", encoding="utf-8"),
    "nested": lambda path: path.write_text("[" * 300_000, encoding="utf-8"),
    "fifo": lambda path: (path.unlink(), _fifo(path)),
    "dev-zero": lambda path: (path.unlink(), path.symlink_to("/dev/zero")),
    "folder": lambda path: (path.unlink(), path.mkdir()),
}


@posix
@pytest.mark.parametrize("damage", sorted(DAMAGES))
def test_a_damaged_version_is_repaired_by_force_and_removed_by_remove(
        damage: str, packs: dict[str, Path], tmp_path: Path) -> None:
    user = tmp_path / "u"
    assert cli(user, "data", "install", str(packs["old"]))[0] == 0
    version = user / "packs" / PACK_ID / "1.0.0"
    DAMAGES[damage](version / INSTALLED)
    code, out, err = cli(user, "data", "install", str(packs["old"]))
    assert code == 2 and "Traceback" not in out + err, err
    assert f"{PACK_ID} 1.0.0 is there but damaged" in err and "--force" in err
    code, out, err = cli(user, "data", "install", str(packs["old"]), "--force")
    assert code == 0, err
    assert f"installed {PACK_ID} 1.0.0" in out
    assert list(fingerprints(user)) == ["1.0.0"] and loads(user)  # repaired
    DAMAGES[damage](version / INSTALLED)
    code, out, err = cli(user, "data", "remove", PACK_ID)
    assert code == 0, err
    assert f"removed {PACK_ID} 1.0.0" in out
    assert not (user / "packs" / PACK_ID).exists()
    code, out, err = cli(user, "data", "remove", PACK_ID)
    assert code == 2 and f"{PACK_ID} is not installed" in err


# --- #6: two installs at once --------------------------------------------------------------


@posix
def test_two_installs_at_once_one_installs_the_other_finds_it(packs: dict[str, Path],
                                                              tmp_path: Path) -> None:
    user = tmp_path / "u"
    first = spherewars(user, "data", "install", str(packs["old"]), stop_at="place:locked")
    stopped(first, "place:locked")  # holding the data folder's lock, about to move in
    second = spherewars(user, "data", "install", str(packs["old"]), stop_at="lock:waiting")
    stopped(second, "lock:waiting")  # checked the same pack; now waits for the lock
    second.send_signal(signal.SIGCONT)
    first.send_signal(signal.SIGCONT)
    results = [finished(first), finished(second)]
    assert [code for code, _out, _err in results] == [0, 0], results
    assert "Traceback" not in "".join(out + err for _code, out, err in results)
    assert f"installed {PACK_ID} 1.0.0" in results[0][1]
    assert f"{PACK_ID} 1.0.0 is already installed" in results[1][1]
    assert list(fingerprints(user)) == ["1.0.0"] and loads(user)


# --- #7: --force killed anywhere leaves the old version or the new one, whole ---------------


@posix
@pytest.mark.parametrize("point", ["place:locked", "replace:old-aside", "replace:new-in-place",
                                   "place:done"])
def test_force_killed_anywhere_leaves_one_whole_version(point: str, packs: dict[str, Path],
                                                         tmp_path: Path) -> None:
    user = tmp_path / "u"
    code, _out, err = cli(user, "data", "install", str(packs["old"]))
    assert code == 0, err
    old = fingerprints(user)["1.0.0"]
    forced = spherewars(user, "data", "install", str(packs["new"]), "--force", stop_at=point)
    stopped(forced, point)
    forced.send_signal(signal.SIGKILL)
    forced.wait(timeout=60)
    now = fingerprints(user)
    assert list(now) == ["1.0.0"], now  # there, whole (every reader sees one)
    assert loads(user)
    # the next install (its clean-up of what the killed one left) keeps it
    code, _out, err = cli(user, "data", "install", str(packs["other"]))
    assert code == 0, err
    after = fingerprints(user)
    assert after["1.0.0"] == now["1.0.0"] and loads(user)
    assert now["1.0.0"] == old or point in ("replace:new-in-place", "place:done")
    leftovers = [p.name for p in (user / "packs").rglob(".*") if p.name != INSTALLED
                 and not p.name.startswith((".documents", ".lock"))]
    assert leftovers == []


# --- #10: a read-only data folder ----------------------------------------------------------


@pytest.fixture
def read_only() -> Iterator[Callable[..., None]]:
    with read_only_folders() as make:
        yield make


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX permissions")
def test_a_read_only_data_folder_is_cannot_write_never_a_false_success(
        capsys: pytest.CaptureFixture[str], packs: dict[str, Path], user_dir: Path,
        read_only) -> None:
    assert run(capsys, "data", "install", str(packs["old"]))[0] == 0
    before = Store().get(PACK_ID).current().fingerprint  # type: ignore[union-attr]
    root = user_dir / "packs"
    read_only(root / PACK_ID / "1.0.0", root / PACK_ID, root)
    for args in (["install", str(packs["new"]), "--force"], ["install", str(packs["other"])],
                 ["use", PACK_ID, "1.0.0"], ["remove", PACK_ID],
                 ["remove", PACK_ID, "--version", "1.0.0"]):
        code, out, err = run(capsys, "data", *args)
        assert code == 2, (args, out, err)
        assert "spherewars: cannot write " in err, (args, err)
        assert "Traceback" not in out + err and "removed" not in out
        state = Store().get(PACK_ID)
        assert state is not None and state.current().fingerprint == before


# --- #11: XDG_DATA_HOME naming a file ------------------------------------------------------


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="XDG folders are Linux's")
def test_xdg_data_home_naming_a_file_is_a_clear_message(
        capsys: pytest.CaptureFixture[str], packs: dict[str, Path], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    not_a_folder = tmp_path / "data-home"
    not_a_folder.write_text("a file", encoding="utf-8")
    monkeypatch.delenv("SPHEREWARS_USER_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(not_a_folder))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    code, out, err = run(capsys, "data", "install", str(packs["old"]))
    assert code == 2 and "Traceback" not in out + err
    assert f"spherewars: cannot write {not_a_folder}/" in err
    assert "is a file, not a folder" in err
    code, out, err = run(capsys, "data", "list")
    assert code == 0 and "no data packs installed" in out
