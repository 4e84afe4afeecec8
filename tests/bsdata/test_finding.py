"""Finding the data a roster needs (:func:`builder.bsdata.finding.find_data`): only what it
needs is read, folders given for one run come first, what is missing is named as the roster
names it, and files read once are not read again."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from builder.battlescribe import ReadError
from builder.bsdata import finding
from builder.bsdata.adding import Adder
from builder.bsdata.finding import DataMissing, Wanted, data_for_roster, find_data
from builder.bsdata.store import Store
from tests.bsdata.helpers import DUEL, TEST_FACTION, TEST_FILES, TEST_SYSTEM, bumped, run

SYSTEM = Wanted("gameSystem", "ts-sys", "Test Skirmish System", 3)
FACTION = Wanted("catalogue", "ts-fac", "Test Wanderers", 7)


@pytest.fixture(autouse=True)
def _fresh():
    finding.forget()
    yield
    finding.forget()


@pytest.fixture
def added(capsys, user_dir):
    assert run(capsys, "bsdata", "add", *map(str, TEST_FILES), str(DUEL))[0] == 0
    return Store()


def test_a_roster_gets_its_game_system_and_catalogues_linked(added):
    found = find_data(SYSTEM, [FACTION], label="band.ros")
    data = found.data
    assert data.game_system.id == "ts-sys"
    # the faction, and the library it links (importRootEntries): nothing else
    assert list(data.catalogues) == ["ts-fac", "ts-lib"]
    assert [c.id for c in data.imported_roots(data.catalogues["ts-fac"])] == ["ts-lib"]
    assert found.notes == []
    # the game system alone reads no catalogue; every_catalogue reads them all
    assert list(find_data(SYSTEM).data.catalogues) == []
    assert sorted(find_data(SYSTEM, every_catalogue=True).data.catalogues) == ["ts-fac",
                                                                               "ts-lib"]


def test_what_is_missing_is_named_as_the_roster_names_it(added):
    with pytest.raises(DataMissing) as caught:
        find_data(Wanted("gameSystem", "kt-sys", "Kill Team", 9),
                  [Wanted("catalogue", "kt-x", "Blades", None)], label="team.rosz")
    assert [str(p) for p in caught.value.problems] == [
        "team.rosz: needs the game system 'Kill Team' ('kt-sys') (revision 9), which is not "
        "installed",
        "team.rosz: needs the catalogue 'Blades' ('kt-x'), which is not installed"]
    with pytest.raises(DataMissing) as caught:
        find_data(SYSTEM, [FACTION, Wanted("catalogue", "ts-gone", "Test Deserters", 2)],
                  label="band.ros")
    assert [w.id for w in caught.value.missing] == ["ts-gone"]
    assert "needs the catalogue 'Test Deserters' ('ts-gone') (revision 2)" in str(caught.value)


def test_a_roster_file_opens_with_the_data_found_for_it(added):
    from builder.battlescribe.rosterio import header, parse_roster, read_roster
    from tests.battlescribe.helpers import FIXTURES

    path = FIXTURES / "test-roster.ros"
    raw = path.read_bytes()
    found = data_for_roster(header(parse_roster(raw, str(path))), label=str(path))
    loaded = read_roster(raw, str(path), found.data)
    assert loaded.roster.name == "Road Wardens"
    # the same roster when its game system is not installed: named as the roster names it
    Adder().remove("ts-sys")
    with pytest.raises(DataMissing, match="needs the game system 'Test Skirmish System' "
                                          r"\('ts-sys'\) \(revision 3\)"):
        data_for_roster(header(parse_roster(raw, str(path))), label=str(path))


def test_an_older_installed_revision_is_a_note(added):
    found = find_data(SYSTEM, [Wanted("catalogue", "ts-fac", "Test Wanderers", 9)],
                      label="band.ros")
    assert len(found.notes) == 1
    assert str(found.notes[0]).startswith(
        "band.ros: written with revision 9 of 'Test Wanderers'; revision 7 is here")


def test_a_folder_for_one_run_comes_first(added, tmp_path: Path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "test-faction.cat").write_bytes(bumped(TEST_FACTION.read_bytes(), 30))
    found = find_data(SYSTEM, [FACTION], [folder])
    assert found.data.catalogues["ts-fac"].revision == 30
    assert found.data.catalogues["ts-fac"].path == str(folder / "test-faction.cat")
    # with nothing installed at all, the folder is the data
    shutil.copy(TEST_SYSTEM, folder)
    Store().root.joinpath("installed.json").unlink()
    found = find_data(SYSTEM, [FACTION], [folder])
    assert found.data.game_system.path == str(folder / "test-skirmish.gst")
    assert list(found.data.catalogues) == ["ts-fac"]  # its library link: a warning
    assert any("ts-lib" in str(p) for p in found.data.warnings)


def test_a_broken_file_in_a_folder_is_named(tmp_path: Path, user_dir):
    (tmp_path / "broken.gst").write_text("<gameSystem", encoding="utf-8")
    with pytest.raises(ReadError, match="broken.gst:1:"):
        find_data(SYSTEM, [], [tmp_path])


def test_files_read_once_are_kept_until_they_change(added, monkeypatch):
    reads: list[str] = []
    real = finding.read_data_file
    monkeypatch.setattr(finding, "read_data_file",
                        lambda path: reads.append(Path(path).suffix) or real(path))
    first = find_data(SYSTEM, [FACTION])
    assert sorted(reads) == [".cat", ".cat", ".gst"]
    second = find_data(SYSTEM, [FACTION])
    assert len(reads) == 3 and second.data is first.data
    # a newer faction added: only it is read again
    newer = Path(first.data.catalogues["ts-fac"].path).parent.parent / "new.cat"
    newer.write_bytes(bumped(TEST_FACTION.read_bytes(), 8))
    Adder().add([str(newer)])
    third = find_data(SYSTEM, [FACTION])
    assert third.data.catalogues["ts-fac"].revision == 8
    assert len(reads) == 6  # a new folder: its files are new paths


def test_a_whole_game_system_opens_again_from_the_engine_cache(added, monkeypatch, tmp_path):
    import os

    store = Store()
    first = find_data(SYSTEM, every_catalogue=True).data
    cache = store.root / "cache"
    assert (cache / "index.json").is_file()  # kept with the data
    finding.forget()
    reads: list[str] = []
    real = finding.read_data_file
    monkeypatch.setattr(finding, "read_data_file",
                        lambda path: reads.append(str(path)) or real(path))
    again = find_data(SYSTEM, every_catalogue=True).data
    assert reads == []  # no XML read: the cache's index, the elements when first used
    assert sorted(again.catalogues) == sorted(first.catalogues)
    assert [e.name for e in again.catalogues["ts-fac"].selection_entries] == [
        e.name for e in first.catalogues["ts-fac"].selection_entries]
    assert [str(p) for p in again.problems] == [str(p) for p in first.problems]
    # a newer faction: its own bytes, so the cache reads it afresh; the old one's cache goes
    # a day later
    newer = tmp_path / "new.cat"
    newer.write_bytes(bumped(TEST_FACTION.read_bytes(), 8))
    old_hash = store.systems()["ts-sys"].by_id()["ts-fac"].sha256
    Adder().add([str(newer)])
    finding.forget()
    assert find_data(SYSTEM, every_catalogue=True).data.catalogues["ts-fac"].revision == 8
    assert (cache / f"{old_hash}.json").is_file()
    os.utime(cache / f"{old_hash}.json", (0, 0))
    Adder().remove("td-sys")  # any change tidies
    assert not (cache / f"{old_hash}.json").exists()
    assert len(list(cache.glob("*.json"))) == 4  # the index and three files in use


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="no FIFOs here")
def test_a_pipe_in_a_folder_for_one_run_is_named_not_waited_on(tmp_path: Path, user_dir):
    import os

    os.mkfifo(tmp_path / "waits.cat")
    with pytest.raises(ReadError, match=r"waits.cat: is a named pipe \(FIFO\), not a regular file"):
        find_data(SYSTEM, [], [tmp_path])
    with pytest.raises(ReadError, match=r"waits.cat: is a named pipe \(FIFO\), not a regular file"):
        find_data(SYSTEM, [], [tmp_path / "waits.cat"])
