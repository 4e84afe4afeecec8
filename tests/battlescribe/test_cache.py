"""The cache of read data: what opens from it is what reading gave; a changed file, another
version or a damaged cache is never trusted."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.battlescribe import cache
from builder.battlescribe.engine.evaluate import Evaluation
from builder.battlescribe.linking import DataSet
from builder.battlescribe.reading import data_sets, read_files
from builder.battlescribe.rosterio import read_roster_file
from tests.battlescribe.helpers import FIXTURES, TEST_FILES


@pytest.fixture
def copied(tmp_path: Path) -> list[Path]:
    """The test game in a folder of its own (so a test may change a file)."""
    folder = tmp_path / "data"
    folder.mkdir()
    return [Path(shutil.copy(p, folder)) for p in TEST_FILES]


def _save(paths: list[Path], folder: Path) -> None:
    files = read_files(paths)
    cache.save(paths, files, data_sets(files), folder)


def _opened(paths: list[Path], folder: Path) -> list[DataSet]:
    found = cache.open_cached(paths, folder)
    assert found is not None
    return found


def _element_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.glob("*.json") if p.name != "index.json")


def test_what_opens_from_the_cache_is_what_reading_gave(copied: list[Path],
                                                        tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    _save(copied, folder)
    [fresh] = data_sets(read_files(copied))
    [cached] = _opened(copied, folder)
    assert [str(p) for p in cached.problems] == [str(p) for p in fresh.problems]
    assert [(f.id, f.name, f.revision) for f in cached.files] == \
        [(f.id, f.name, f.revision) for f in fresh.files]
    for mine, theirs in zip(cached.files, fresh.files, strict=True):
        assert cache.dump(mine) == cache.dump(theirs)
    loaded = read_roster_file(FIXTURES / "test-roster.ros", [cached])
    assert Evaluation(loaded.roster).totals == {"ts-pts": 106.0, "ts-fuel": 1.0}


def test_elements_are_read_when_first_used(copied: list[Path], tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    _save(copied, folder)
    [cached] = _opened(copied, folder)
    faction = cached.catalogues["ts-fac"]
    with pytest.raises(AttributeError):
        object.__getattribute__(faction, "selection_entries")
    assert [e.name for e in faction.selection_entries] == ["Captain", "Trooper"]


def test_a_changed_file_is_read_again(copied: list[Path], tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    _save(copied, folder)
    faction = copied[2]
    faction.write_text(faction.read_text(encoding="utf-8").replace("Captain", "Marshal"),
                       encoding="utf-8")
    assert cache.open_cached(copied, folder) is None
    _save(copied, folder)
    [cached] = _opened(copied, folder)
    assert cached.catalogues["ts-fac"].selection_entries[0].name == "Marshal"


@pytest.mark.parametrize("index", ["not json", "[]", '{"version": 1, "files": {}, "sets": {}}',
                                   '{"version": 2, "files": {"x": 1}, "sets": []}'])
def test_an_index_that_is_not_ours_is_ignored(copied: list[Path], tmp_path: Path,
                                              index: str) -> None:
    folder = tmp_path / "cache"
    _save(copied, folder)
    (folder / "index.json").write_text(index, encoding="utf-8")
    assert cache.open_cached(copied, folder) is None
    _save(copied, folder)  # and it is written again
    assert cache.open_cached(copied, folder) is not None


@pytest.mark.parametrize("damage", [
    "not json", "[]", '["catalogue", {}, 1, 1, null, "no"]',
    '["catalogue", {"id": 5}, 1, 1, null, []]',
    "[" * 5000 + "]" * 5000,
    '["gameSystem", {"id": "other", "name": "Other"}, 1, 1, null, []]'])
def test_damaged_elements_are_read_from_the_file_instead(copied: list[Path], tmp_path: Path,
                                                         damage: str) -> None:
    folder = tmp_path / "cache"
    _save(copied, folder)
    for path in _element_files(folder):
        path.write_text(damage, encoding="utf-8")
    [cached] = _opened(copied, folder)
    assert [e.name for e in cached.catalogues["ts-fac"].selection_entries] == \
        ["Captain", "Trooper"]


def test_gone_elements_are_read_from_the_file(copied: list[Path], tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    _save(copied, folder)
    [cached] = _opened(copied, folder)
    for path in _element_files(folder):
        path.unlink()
    assert [e.name for e in cached.catalogues["ts-fac"].selection_entries] == \
        ["Captain", "Trooper"]
    assert cache.open_cached(copied, folder) is None


def test_the_cache_is_json(copied: list[Path], tmp_path: Path) -> None:
    folder = tmp_path / "cache"
    _save(copied, folder)
    index = json.loads((folder / "index.json").read_text(encoding="utf-8"))
    assert index["version"] == cache.VERSION
    assert len(_element_files(folder)) == 3
