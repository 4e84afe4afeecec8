"""The cache of checked data files (builder.data.cache): a later load gives exactly what reading
the files gives, never stale data, and nothing breaks when the cache itself is broken."""

from __future__ import annotations

import gc
import os
import pickle
import shutil
import stat
import weakref
from pathlib import Path
from typing import Any

import pytest

from builder.cli import main
from builder.data import Catalogue, Document, _loader
from builder.data import cache as cache_module
from builder.plumbing import paths
from tests.conftest import TEST_DATA, TEST_FACTIONS

TEST_SYSTEMS = TEST_DATA / "systems"


def _state(cat: Catalogue) -> dict[str, Any]:
    """Everything a catalogue tells its users, in comparable form."""
    return {
        "factions": {k: (f.model_dump(), f.model_fields_set, f.system, f.game.id,
                         [(c.model_dump(), c.model_fields_set) for c in f.combatants])
                     for k, f in cat.factions.items()},
        "systems": {k: (s.model_dump(), s.model_fields_set) for k, s in cat.systems.items()},
        "files": cat.files, "system_files": cat.system_files,
        "builtin": (cat.builtin_ids, cat.builtin_system_ids),
        "documents": cat.documents, "system_documents": cat.system_documents,
        "fingerprints": {k: cat.data_fingerprint(k) for k in cat.factions},
        "problems": [str(p) for p in cat.problems], "broken": cat.broken_systems,
    }


def _load(*extra: Path, cached: bool = True) -> Catalogue:
    return Catalogue.load(list(extra), cached=cached)


def _parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the files parsed from now on."""
    seen: list[str] = []
    real = _loader.parse_yaml

    def parse(path: str | Path, text: str) -> Document:
        seen.append(Path(path).name)
        return real(path, text)

    monkeypatch.setattr(_loader, "parse_yaml", parse)
    return seen


@pytest.fixture
def data(tmp_path: Path, user_dir: Path) -> Path:
    """A folder of test data: the test faction and the test systems with their factions."""
    folder = tmp_path / "data"
    shutil.copytree(TEST_FACTIONS, folder / "factions")
    shutil.copytree(TEST_SYSTEMS, folder / "systems", ignore=shutil.ignore_patterns("lists"))
    return folder


def test_a_second_load_is_the_first_without_reading_a_file(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fresh = _state(_load(data, cached=False))
    first = _state(_load(data))
    parsed = _parses(monkeypatch)
    second = _state(_load(data))
    assert first == fresh and second == fresh
    assert parsed == []
    assert any(paths.user_cache_dir().iterdir())


def test_a_list_validates_the_same_from_the_cache(data: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    lists = TEST_SYSTEMS / "lists"
    outputs = []
    for _ in range(2):  # the first run fills the cache, the second reads from it
        status = main(["validate", str(lists), "--data", str(data), "--format", "json"])
        outputs.append((status, capsys.readouterr()))
    assert outputs[0] == outputs[1]
    assert '"legal": true' in outputs[0][1].out


@pytest.mark.parametrize("cached", [False, True], ids=["parsed", "from the cache"])
def test_later_collections_skip_what_a_load_made(data: Path, cached: bool) -> None:
    """Issue 15: the collector walked a big faction again and again after its load (1.2 s of
    a 3.5 s check-data); the load now leaves what it made frozen."""
    if cached:
        _load(data)  # (fills the cache)
    cat = _load(data, cached=cached)
    made = {id(f) for f in cat.factions.values()}
    made |= {id(c) for f in cat.factions.values() for c in f.combatants}
    assert len(made) > 10
    assert not made & {id(o) for o in gc.get_objects()}  # (every generation but the frozen)
    assert gc.isenabled()


@pytest.mark.parametrize("cached", [False, True], ids=["parsed", "from the cache"])
def test_a_dropped_catalogue_goes_at_once(data: Path, cached: bool) -> None:
    """What a load made is frozen, so a reference cycle in it would never be freed: there is
    none, and reference counting frees it all as soon as it is dropped."""
    if cached:
        _load(data)
    gc.collect()
    gc.disable()  # (a load inside a paused collector freezes nothing: its objects stay young)
    try:
        cat = _load(data, cached=cached)
        kept = [weakref.ref(cat)] + [weakref.ref(f) for f in cat.factions.values()]
        kept += [weakref.ref(c) for f in cat.factions.values() for c in f.combatants]
        del cat
        assert [ref for ref in kept if ref() is not None] == []
        assert gc.collect() == 0  # (nothing it made was left in a cycle)
    finally:
        gc.enable()


def test_a_changed_file_is_read_again(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    faction = data / "factions" / "test-faction.yaml"
    _load(data)
    # the same size and (after the write) a new mtime: only the bytes tell
    text = faction.read_text(encoding="utf-8")
    faction.write_text(text.replace("Test Leader", "Test Lea-er"), encoding="utf-8")
    parsed = _parses(monkeypatch)
    cat = _load(data)
    assert parsed == ["test-faction.yaml"]
    assert cat.factions["test-faction"].combatant("test-leader").name == "Test Lea-er"
    assert _state(cat) == _state(_load(data, cached=False))


def test_a_faction_is_checked_again_when_its_system_changes(
        data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the game system torn, given again in the data folder (it replaces the built-in one)
    system = data / "torn.yaml"
    shutil.copy(paths.systems_dir() / "torn.yaml", system)
    _load(data)
    system.write_text(system.read_text(encoding="utf-8") + "# changed\n", encoding="utf-8")
    parsed = _parses(monkeypatch)
    cat = _load(data)
    assert sorted(parsed) == ["test-torn-expedition.yaml", "torn.yaml"]  # nothing else
    assert cat.factions["test-torn-expedition"].game is cat.systems["torn"]
    assert _state(cat) == _state(_load(data, cached=False))


def test_a_broken_file_is_never_kept(tmp_path: Path, user_dir: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "broken.yaml").write_text(
        "schema: spherewars-faction/1\nid: broken\nname: Broken\ncombatants:\n"
        "  - id: x\n    name: X\n    type: nonsense\n", encoding="utf-8")
    first = [str(p) for p in _load(tmp_path).problems]
    parsed = _parses(monkeypatch)
    second = [str(p) for p in _load(tmp_path).problems]
    assert first == second and "type must be one of" in second[0]
    assert "broken.yaml" in parsed


@pytest.mark.parametrize("damage", [b"", b"not a pickle", b"\x80\x05garbage"])
def test_a_damaged_cache_is_ignored_and_written_again(data: Path, damage: bytes) -> None:
    fresh = _state(_load(data, cached=False))
    _load(data)
    entries = list(paths.user_cache_dir().iterdir())
    for entry in entries:
        entry.write_bytes(damage)
    assert _state(_load(data)) == fresh
    assert all(entry.read_bytes() != damage for entry in entries)
    assert _state(_load(data)) == fresh


def test_a_cache_that_cannot_be_written_is_no_cache(data: Path, user_dir: Path) -> None:
    (user_dir / "cache").write_text("a file where the cache folder would be")
    assert _state(_load(data)) == _state(_load(data, cached=False))


def test_other_code_does_not_read_the_entries(data: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    _load(data)
    store = cache_module.Store.default()
    assert store is not None
    monkeypatch.setattr(cache_module.Store, "default",
                        classmethod(lambda cls: cls(store.folder, store.code + "-changed",
                                                    store.secret)))
    parsed = _parses(monkeypatch)
    _load(data)
    assert "test-faction.yaml" in parsed


def test_check_data_reads_every_file(data: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    _load(data)
    monkeypatch.setattr(cache_module.Store, "get", lambda *a: pytest.fail("cache read"))
    monkeypatch.setattr(cache_module.Store, "put", lambda *a: pytest.fail("cache written"))
    assert main(["check-data"]) == 0
    assert main(["check-data", str(data)]) == 0
    assert "no problems" in capsys.readouterr().err


def test_the_cache_keeps_the_files_written_last(tmp_path: Path, user_dir: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    _load()
    builtin = len(list(paths.user_cache_dir().glob("*.entry")))
    monkeypatch.setattr(cache_module, "MAX_ENTRIES", builtin + 3)
    source = (TEST_FACTIONS / "test-faction.yaml").read_text(encoding="utf-8")
    for i in range(5):  # five folders given once each, one faction in each
        folder = tmp_path / f"data{i}"
        folder.mkdir()
        (folder / "f.yaml").write_text(source, encoding="utf-8")
        _load(folder)
    parsed = _parses(monkeypatch)
    _load(tmp_path / "data4")
    _load(tmp_path / "data0")
    # data0's entry is gone, data4's is kept, and so are the built-in files' (used each time)
    assert parsed == ["f.yaml"]
    assert len(list(paths.user_cache_dir().glob("*.entry"))) == builtin + 3


def test_a_path_is_within_a_folder_through_links_only_when_it_really_is(tmp_path: Path) -> None:
    from builder.plumbing import paths

    mine, other = tmp_path / "mine", tmp_path / "other"
    mine.mkdir()
    other.mkdir()
    (mine / "a.yaml").write_text("x")
    (other / "link.yaml").symlink_to(mine / "a.yaml")
    assert paths.within(mine / "a.yaml", other, mine)
    assert paths.within(other / "link.yaml", mine)  # (the link resolves into it)
    assert not paths.within(other / "link.yaml", other / "sub")
    assert not paths.within(mine / "a.yaml")  # (no folder at all)


class _Planted:
    """What an attacker puts in the cache folder: a pickle that runs a call when loaded."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self) -> tuple[Any, ...]:
        return (Path.touch, (self.marker,))


def _planted_forms(marker: Path, key: str) -> list[bytes]:
    """The old layout (the key's pickle, then the entry's), a bare pickle, and the new layout
    with a made-up signature."""
    payload = pickle.dumps(_Planted(marker))
    return [pickle.dumps(key) + payload, payload,
            cache_module.MAGIC + b"\0" * 32 + key.encode() + b"\n" + payload]


@pytest.mark.parametrize("form", range(3))
def test_a_pickle_planted_in_the_cache_is_never_loaded(
        data: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], form: int) -> None:
    """Issue 28: the next validate ran the planted pickle's code. An entry is unpickled only
    with the signature made by the user's own key, kept outside the cache folder; a planted
    one is deleted and the file read afresh."""
    fresh = _state(_load(data, cached=False))
    _load(data)
    store = cache_module.Store.default()
    assert store is not None
    marker = tmp_path / "the planted code ran"
    source = data / "factions" / "test-faction.yaml"
    key = store.key(source.read_text(encoding="utf-8"))
    entries = list(paths.user_cache_dir().glob("*.entry"))
    assert entries
    for entry in entries:
        entry.write_bytes(_planted_forms(marker, key)[form])
    assert _state(_load(data)) == fresh
    main(["validate", str(TEST_DATA / "systems" / "lists"), "--data", str(data)])
    capsys.readouterr()
    assert not marker.exists()
    assert all(not e.exists() or _planted_forms(marker, key)[form] != e.read_bytes()
               for e in entries)


def test_the_key_is_the_users_alone_and_not_in_the_cache_folder(data: Path,
                                                                user_dir: Path) -> None:
    _load(data)
    key = cache_module.key_path()
    assert key.is_file() and len(key.read_bytes()) == cache_module.KEY_BYTES
    assert paths.user_cache_dir() not in key.parents
    if os.name == "posix":
        assert stat.S_IMODE(key.stat().st_mode) == 0o600
    # another user's key (or none readable): the entries do not check out, nothing is taken
    key.write_bytes(b"x" * cache_module.KEY_BYTES)
    store = cache_module.Store.default()
    assert store is not None
    source = (data / "factions" / "test-faction.yaml")
    assert store.get(source, store.key(source.read_text(encoding="utf-8"))) is None
    key.unlink()
    key.mkdir()  # the key cannot be read: no cache at all, and no error
    assert cache_module.Store.default() is None
    assert _state(_load(data)) == _state(_load(data, cached=False))
