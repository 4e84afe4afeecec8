"""A data index (``.bsi``) on disk, beside its files (a release downloaded whole, a file
dropped on the window): ``bsdata add INDEX.bsi`` reads the files it lists from the index's own
folder, by the rules of an index at an address — nothing outside that folder, each file what
the index says it is — and installs them as files (no address to update from)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.battlescribe import IndexEntry
from builder.bsdata.sources import entry_file
from builder.bsdata.store import Store
from tests.battlescribe.helpers import zipped
from tests.bsdata.helpers import (
    TEST_FACTION,
    TEST_SYSTEM,
    bsi,
    game_files,
    release_folder,
    run,
)


def installed() -> dict[str, tuple[int, str | None, str]]:
    return {f.id: (f.revision, f.source, f.origin) for s in Store().systems().values()
            for f in s.files}


def test_a_release_folder_adds_from_its_index(capsys, tmp_path: Path, user_dir):
    index = release_folder(tmp_path / "release", game_files())
    code, out, err = run(capsys, "bsdata", "add", str(index))
    assert code == 0, err
    assert "added Test Skirmish System (revision 3), id ts-sys:" in out
    assert "added Test Duel System (revision 1), id td-sys:" in out
    faction = tmp_path / "release" / "test-faction.catz"
    assert installed()["ts-fac"] == (7, None, str(faction))  # a file: no address to update
    assert f"{faction}:55:13: the link 'Lost Relic'" in err  # a warning names the file
    code, out, _err = run(capsys, "bsdata", "list")
    assert "added from files" in out


def test_only_what_the_index_lists_is_added(capsys, tmp_path: Path, user_dir):
    files = game_files()
    index = release_folder(tmp_path / "r", {k: v for k, v in files.items() if "duel" not in k})
    (tmp_path / "r" / "test-duel.gst").write_bytes(files["test-duel.gst"])  # not listed
    assert run(capsys, "bsdata", "add", str(index))[0] == 0
    assert "td-sys" not in Store().systems()


def entries_with(path: str) -> list[dict[str, object]]:
    return [{"filePath": "test-skirmish.gstz", "dataType": "gamesystem", "dataId": "ts-sys",
             "dataName": "T", "dataRevision": 3},
            {"filePath": path, "dataType": "catalogue", "dataId": "ts-fac", "dataName": "X",
             "dataRevision": 7}]


@pytest.mark.parametrize(("path", "why"), [
    ("../outside.catz", "is not a plain path inside the index's folder"),
    ("/etc/outside.catz", "is not a plain path inside the index's folder"),
    ("C:/outside.catz", "is not a plain path inside the index's folder"),
    ("sub\\..\\..\\outside.catz", "is not a plain path inside the index's folder"),
    ("file:///etc/passwd", "is not a plain path inside the index's folder"),
    ("http://127.0.0.1/x.catz", "is not a plain path inside the index's folder"),
    ("link.catz", "points outside the index's folder"),
    ("nowhere.catz", "no such file beside the index"),
])
def test_an_index_on_disk_pointing_outside_its_folder_is_refused(capsys, tmp_path: Path,
                                                                 user_dir, path, why):
    folder = tmp_path / "release"
    folder.mkdir()
    (tmp_path / "outside.catz").write_bytes(zipped("f.cat", TEST_FACTION.read_bytes()))
    (folder / "link.catz").symlink_to(tmp_path / "outside.catz")
    (folder / "test-skirmish.gstz").write_bytes(zipped("s.gst", TEST_SYSTEM.read_bytes()))
    index = folder / "index.bsi"
    index.write_bytes(bsi(entries_with(path)))
    code, out, err = run(capsys, "bsdata", "add", str(index))
    assert code == 2 and out == ""
    assert f"{index}:5:5: the file path" in err and why in err
    assert installed() == {}


def test_a_file_in_a_subfolder_of_the_index_is_read(capsys, tmp_path: Path, user_dir):
    folder = tmp_path / "release"
    (folder / "factions").mkdir(parents=True)
    (folder / "test-skirmish.gstz").write_bytes(zipped("s.gst", TEST_SYSTEM.read_bytes()))
    (folder / "factions" / "test faction.catz").write_bytes(
        zipped("f.cat", TEST_FACTION.read_bytes()))
    (folder / "index.bsi").write_bytes(bsi(entries_with("factions/test%20faction.catz")))
    code, _out, err = run(capsys, "bsdata", "add", str(folder / "index.bsi"))
    # the library the faction links is not there: a warning, as BattleScribe has it
    assert code == 0, err
    assert installed()["ts-fac"][2] == str(folder / "factions" / "test faction.catz")


def test_a_file_that_is_not_what_the_index_says_is_refused(capsys, tmp_path: Path, user_dir):
    index = release_folder(tmp_path / "r", game_files(),
                           test_faction_cat={"dataRevision": 12})
    code, _out, err = run(capsys, "bsdata", "add", str(index))
    assert code == 2
    assert (f"{tmp_path / 'r' / 'test-faction.catz'}:4:1: the index says revision 12; the "
            f"file is revision 7 (the index {index} is wrong") in err
    assert installed() == {}


def test_an_index_file_that_is_not_one(capsys, tmp_path: Path, user_dir):
    broken = tmp_path / "broken.bsi"
    broken.write_bytes(b"PK")
    other = tmp_path / "other.bsi"
    other.write_bytes(zipped("x.cat", TEST_FACTION.read_bytes()))
    code, _out, err = run(capsys, "bsdata", "add", str(broken), str(other))
    assert code == 2
    assert f"{broken}:1:1: not well-formed XML" in err
    assert f"{other}:4:1: the root element is 'catalogue'; a data index is <dataIndex>" in err
    assert installed() == {}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_named_like_an_index_is_not_waited_on(capsys, tmp_path: Path, user_dir):
    pipe = tmp_path / "index.bsi"
    os.mkfifo(pipe)
    code, _out, err = run(capsys, "bsdata", "add", str(pipe))
    assert code == 2 and "not a regular file" in err


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)
       | st.lists(st.sampled_from(["..", ".", "a", "b.cat", "%2e%2e", "/", "\\", "~", ":"]),
                  max_size=6).map("/".join))
def test_an_entry_on_disk_is_in_the_folder_or_refused(tmp_path: Path, path: str):
    folder = tmp_path / "release"
    (folder / "a").mkdir(parents=True, exist_ok=True)
    (folder / "b.cat").write_bytes(b"x")
    (folder / "a" / "b.cat").write_bytes(b"x")
    (tmp_path / "b.cat").write_bytes(b"x")
    entry = IndexEntry(path, "catalogue", "x", "X", 1, "2.03", 1, 1)
    try:
        found = Path(entry_file(folder / "index.bsi", entry))
    except ValueError:
        return
    assert found.resolve().is_relative_to(folder.resolve()) and found.is_file()
