"""``spherewars bsdata add|list|remove`` from files and folders (SPEC §10), and the store they
fill: all or nothing, merges by id and revision, warnings, the folder's lock."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.bsdata.adding import Adder
from builder.bsdata.sources import NotAdded
from builder.bsdata.store import Store
from tests.bsdata.helpers import (
    DUEL,
    DUEL_FACTION,
    DUEL_SYSTEM,
    TEST_FACTION,
    TEST_FILES,
    TEST_LIBRARY,
    TEST_SYSTEM,
    bumped,
    run,
)


def listed(capsys) -> dict[str, dict]:
    code, out, err = run(capsys, "bsdata", "list", "--format", "json")
    assert code == 0, err
    return {s["id"]: s for s in json.loads(out)["systems"]}


def revisions(capsys) -> dict[str, int]:
    found = {}
    for system in listed(capsys).values():
        found[system["id"]] = system["revision"]
        found.update({c["id"]: c["revision"] for c in system["catalogues"]})
    return found


def copy(tmp_path: Path, source: Path, revision: int | None = None, name: str = "") -> Path:
    target = tmp_path / (name or source.name)
    target.parent.mkdir(parents=True, exist_ok=True)
    data = source.read_bytes()
    target.write_bytes(bumped(data, revision) if revision is not None else data)
    return target


def test_add_files_then_list_them_as_spec_says(capsys, user_dir):
    code, out, err = run(capsys, "bsdata", "add", *map(str, TEST_FILES))
    assert code == 0, err
    assert "added Test Skirmish System (revision 3), id ts-sys:" in out
    assert "Test Wanderers: revision 7, new" in out
    # the two defects the test faction has, as BattleScribe tolerates them: warnings
    assert f"{TEST_FACTION}:55:13: the link 'Lost Relic' points to 'ts-nowhere'" in err
    assert f"{TEST_FACTION}:70:5: the id 'ts-horn' is used twice" in err
    assert "2 warnings" in err
    code, out, _ = run(capsys, "bsdata", "list", "--format", "json")
    assert json.loads(out) == {"systems": [{
        "id": "ts-sys", "name": "Test Skirmish System", "revision": 3, "source": None,
        "catalogues": [
            {"id": "ts-lib", "name": "Test Armoury", "revision": 2, "library": True},
            {"id": "ts-fac", "name": "Test Wanderers", "revision": 7, "library": False}]}]}
    code, out, _ = run(capsys, "bsdata", "list")
    assert out.splitlines() == ["Test Skirmish System  revision 3  (id ts-sys)",
                                "    added from files",
                                "    Test Armoury  revision 2  (library)",
                                "    Test Wanderers  revision 7"]
    # one folder for the game system, each file with its revision and source
    store = Store()
    system = store.systems()["ts-sys"]
    assert system.folder.parent == user_dir / "battlescribe"
    assert sorted(p.suffix for p in system.folder.iterdir()) == [".cat", ".cat", ".gst", ".json"]
    assert {(f.id, f.revision, f.source) for f in system.files} == {
        ("ts-sys", 3, None), ("ts-lib", 2, None), ("ts-fac", 7, None)}


def test_a_folder_of_several_game_systems_and_a_zipped_file(capsys, tmp_path, user_dir):
    from tests.battlescribe.helpers import zipped

    folder = tmp_path / "data"
    shutil.copytree(DUEL, folder / "duel")
    for path in TEST_FILES:
        copy(folder, path)
    zipped_faction = folder / "test-faction.catz"
    zipped_faction.write_bytes(zipped("test-faction.cat", TEST_FACTION.read_bytes()))
    (folder / "test-faction.cat").unlink()
    (folder / "README.md").write_text("not data: left alone")
    code, out, err = run(capsys, "bsdata", "add", str(folder))
    assert code == 0, err
    assert "added Test Duel System (revision 1), id td-sys:" in out
    assert "added Test Skirmish System (revision 3), id ts-sys:" in out
    assert revisions(capsys) == {"td-sys": 1, "td-fac": 1, "ts-sys": 3, "ts-lib": 2, "ts-fac": 7}
    assert f"{zipped_faction}:55:13: the link 'Lost Relic'" in err


def test_a_file_that_cannot_be_read_stops_the_add_and_nothing_is_installed(capsys, tmp_path,
                                                                         user_dir):
    broken = tmp_path / "broken.cat"
    broken.write_text('<?xml version="1.0"?>\n<catalogue id="x" name="Broken"\n  revision="1">'
                      "<unclosed></catalogue>\n", encoding="utf-8")
    old = tmp_path / "old.cat"
    old.write_text('<catalogue id="o" name="Old" battleScribeVersion="1.15" '
                   'gameSystemId="ts-sys"/>', encoding="utf-8")
    code, out, err = run(capsys, "bsdata", "add", *map(str, TEST_FILES), str(broken), str(old),
                         str(DUEL))
    assert code == 2
    assert out == ""
    assert "nothing was changed" in err
    assert f"{broken}:3:28: an end tag that does not match the element it closes" in err
    assert f"{old}:1:1: written in BattleScribe's format '1.15'" in err
    assert listed(capsys) == {}
    # no folder, nothing half-written: only the lock's file
    assert [p.name for p in (user_dir / "battlescribe").iterdir()] == [".lock"]


def test_a_catalogue_needs_its_game_system_given_or_installed(capsys, user_dir):
    code, _out, err = run(capsys, "bsdata", "add", str(DUEL_FACTION))
    assert code == 2
    assert (f"{DUEL_FACTION}:3:1: the catalogue 'Test Duellists' is for the game system "
            "'td-sys', which is neither among these files nor installed") in err
    assert run(capsys, "bsdata", "add", str(DUEL_SYSTEM))[0] == 0
    code, out, err = run(capsys, "bsdata", "add", str(DUEL_FACTION))
    assert code == 0, err
    assert "Test Duel System (revision 1), id td-sys:" in out
    assert "Test Duellists: revision 1, new" in out
    assert revisions(capsys) == {"td-sys": 1, "td-fac": 1}


def test_newer_revisions_replace_by_id_older_ones_need_force(capsys, tmp_path, user_dir):
    assert run(capsys, "bsdata", "add", *map(str, TEST_FILES))[0] == 0
    newer = copy(tmp_path / "new", TEST_FACTION, 8)
    code, out, err = run(capsys, "bsdata", "add", str(newer))
    assert code == 0, err
    assert "Test Wanderers: revision 7 → 8" in out
    assert "and 2 more files, as installed before" in out
    assert revisions(capsys)["ts-fac"] == 8
    # the older one given by mistake: refused, the newer kept, and told why
    code, _out, err = run(capsys, "bsdata", "add", str(TEST_FACTION))
    assert code == 2
    assert (f"{TEST_FACTION}:4:1: 'Test Wanderers' is revision 7, older than the installed "
            "revision 8, which is kept\n"
            "(--force installs the file given all the same, in place of the installed one)\n"
            ) in err
    assert revisions(capsys)["ts-fac"] == 8
    code, out, _err = run(capsys, "bsdata", "add", "--force", str(TEST_FACTION))
    assert code == 0 and "Test Wanderers: revision 8 → 7" in out
    assert revisions(capsys)["ts-fac"] == 7
    # the same revision again: nothing to do
    code, out, _err = run(capsys, "bsdata", "add", str(TEST_FACTION))
    assert code == 0 and "Test Wanderers: revision 7, already installed" in out


def test_the_same_revision_with_other_contents_needs_force(capsys, tmp_path, user_dir):
    assert run(capsys, "bsdata", "add", *map(str, TEST_FILES))[0] == 0
    edited = copy(tmp_path, TEST_LIBRARY)
    edited.write_bytes(edited.read_bytes().replace(b'value="5"', b'value="6"'))
    code, _out, err = run(capsys, "bsdata", "add", str(edited))
    assert code == 2
    assert "'Test Armoury' revision 2 is installed with other contents" in err
    assert "(--force installs the file given all the same" in err
    system = Store().systems()["ts-sys"]
    library = system.by_id()["ts-lib"]
    assert b'value="5"' in system.path(library).read_bytes()
    code, out, _err = run(capsys, "bsdata", "add", "--force", str(edited))
    assert code == 0 and "Test Armoury: revision 2, replaced with other contents" in out
    system = Store().systems()["ts-sys"]
    assert b'value="6"' in system.path(system.by_id()["ts-lib"]).read_bytes()


def test_one_id_in_two_different_files_is_refused(capsys, tmp_path, user_dir):
    twin = copy(tmp_path, TEST_LIBRARY, 9, "twin.cat")
    code, _out, err = run(capsys, "bsdata", "add", *map(str, TEST_FILES), str(twin))
    assert code == 2
    assert f"the id 'ts-lib' is also the id of {TEST_LIBRARY}" in err
    # the same file twice is simply read once
    code, _out, err = run(capsys, "bsdata", "add", *map(str, TEST_FILES), str(TEST_LIBRARY))
    assert code == 0, err


def test_remove_takes_the_game_system_and_its_catalogues(capsys, user_dir):
    assert run(capsys, "bsdata", "add", *map(str, TEST_FILES), str(DUEL))[0] == 0
    folder = Store().systems()["ts-sys"].folder
    code, out, _err = run(capsys, "bsdata", "remove", "ts-sys")
    assert code == 0
    assert out == "removed Test Skirmish System (id ts-sys) and its 2 catalogues\n"
    assert not folder.exists()
    assert set(listed(capsys)) == {"td-sys"}
    code, _out, err = run(capsys, "bsdata", "remove", "ts-sys")
    assert code == 2 and "ts-sys is not installed" in err


def test_a_second_add_at_the_same_time_is_told_at_once(capsys, user_dir):
    store = Store()
    with store.lock():
        code, _out, err = run(capsys, "bsdata", "add", *map(str, TEST_FILES))
        assert code == 2
        assert "another spherewars is adding, updating or removing BattleScribe data" in err
        with pytest.raises(NotAdded):
            Adder(store).remove("ts-sys")
    assert run(capsys, "bsdata", "add", *map(str, TEST_FILES))[0] == 0


def test_every_change_is_a_new_folder_and_the_old_one_goes(capsys, tmp_path, user_dir):
    assert run(capsys, "bsdata", "add", *map(str, TEST_FILES))[0] == 0
    first = Store().systems()["ts-sys"].folder
    assert run(capsys, "bsdata", "add", str(copy(tmp_path, TEST_SYSTEM, 4)))[0] == 0
    second = Store().systems()["ts-sys"].folder
    assert second != first and not first.exists()
    assert sorted(p.name for p in (user_dir / "battlescribe").iterdir()) == sorted(
        [".lock", "installed.json", second.name])


def test_bad_sources_are_named(capsys, tmp_path, user_dir):
    empty = tmp_path / "empty"
    empty.mkdir()
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / "index.bsi").write_bytes(b"PK")
    code, _out, err = run(capsys, "bsdata", "add", str(empty), str(tmp_path / "nothing.cat"),
                          str(tmp_path / "notes.txt"), str(tmp_path / "index.bsi"),
                          "ftp://example.org/x.bsi")
    assert code == 2
    assert f"{empty}: no BattleScribe data files in it" in err
    assert f"{tmp_path / 'nothing.cat'}: no such file or folder" in err
    assert f"{tmp_path / 'notes.txt'}: not a BattleScribe data file" in err
    assert f"{tmp_path / 'index.bsi'}:1:1: not well-formed XML" in err  # read, refused
    assert "ftp://example.org/x.bsi: no such file or folder" in err


def test_a_catalogue_written_for_a_newer_game_system_is_a_warning(capsys, tmp_path, user_dir):
    assert run(capsys, "bsdata", "add", str(DUEL_SYSTEM))[0] == 0
    needs = copy(tmp_path, DUEL_FACTION)
    needs.write_bytes(needs.read_bytes().replace(b'gameSystemRevision="1"',
                                                 b'gameSystemRevision="4"'))
    code, _out, err = run(capsys, "bsdata", "add", str(needs))
    assert code == 0
    assert (f"{needs}:3:1: written for revision 4 of the game system 'Test Duel System'; "
            "revision 1 is installed") in err


def test_a_damaged_store_is_listed_without_it(capsys, user_dir):
    assert run(capsys, "bsdata", "add", *map(str, TEST_FILES), str(DUEL))[0] == 0
    system = Store().systems()["td-sys"]
    (system.folder / "bsdata.json").write_text("{not json", encoding="utf-8")
    code, out, err = run(capsys, "bsdata", "list")
    assert code == 0
    assert "Test Skirmish System" in out and "Test Duel" not in out
    assert "game system td-sys cannot be read; remove it" in err
    # added again over it, or removed
    assert run(capsys, "bsdata", "add", str(DUEL))[0] == 0
    assert set(listed(capsys)) == {"ts-sys", "td-sys"}
    (Store().systems()["td-sys"].folder / "bsdata.json").write_text("[]", encoding="utf-8")
    code, out, _err = run(capsys, "bsdata", "remove", "td-sys")
    assert code == 0 and out == "removed td-sys (its data could not be read)\n"
    assert set(listed(capsys)) == {"ts-sys"}


def test_in_spanish_after_the_sub_command_too(capsys, user_dir):
    code, out, _err = run(capsys, "bsdata", "add", *map(str, TEST_FILES), "--lang", "es")
    assert code == 0
    assert "añadido Test Skirmish System (revisión 3), id ts-sys:" in out
    code, out, _err = run(capsys, "bsdata", "list", "--lang", "es")
    assert "    Test Armoury  revisión 2  (biblioteca)" in out.splitlines()


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs here")
def test_a_pipe_named_like_data_is_refused_not_waited_on(capsys, tmp_path, user_dir):
    import os

    folder = tmp_path / "data"
    folder.mkdir()
    os.mkfifo(folder / "waits.cat")
    code, _out, err = run(capsys, "bsdata", "add", str(folder / "waits.cat"))
    assert code == 2 and "waits.cat: is a named pipe (FIFO), not a regular file" in err
    copy(folder, TEST_SYSTEM)
    code, _out, err = run(capsys, "bsdata", "add", str(folder))
    assert code == 2 and "waits.cat: is a named pipe (FIFO), not a regular file" in err
    (folder / "gone.cat").symlink_to(tmp_path / "nowhere.cat")
    (folder / "waits.cat").unlink()
    code, _out, err = run(capsys, "bsdata", "add", str(folder))
    assert code == 2 and "gone.cat: is a link to something that does not exist" in err
