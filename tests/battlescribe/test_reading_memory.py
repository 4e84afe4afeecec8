"""What a file read is made of is freed as soon as it is dropped, by reference counting alone:
the reader leaves no cycle behind (the parser and the tree builder held each other, so every
element read waited for the garbage collector, whose pass over a large game's million objects
held the interpreter, and the app's window with it, for a tenth of a second and more)."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from builder.battlescribe import read_data_file, read_index
from tests.battlescribe.helpers import TEST_FILES
from tests.bsdata.helpers import bsi


@pytest.fixture
def collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_a_data_file_read_and_dropped_leaves_nothing_to_collect(collector_off):
    for path in TEST_FILES:
        data = read_data_file(path)
        assert data.id
        del data
    assert gc.collect() == 0


def test_a_refused_file_leaves_nothing_to_collect(collector_off, tmp_path):
    broken = tmp_path / "broken.cat"
    broken.write_text("<catalogue>\n  <oops>\n</catalogue>\n", encoding="utf-8")
    with pytest.raises(Exception, match="end tag"):
        read_data_file(broken)
    assert gc.collect() == 0


def test_an_index_read_and_dropped_leaves_nothing_to_collect(collector_off):
    index = read_index(bsi([{"filePath": "a.catz", "dataType": "catalogue", "dataId": "a",
                             "dataName": "A", "dataRevision": 1}]), "t.bsi")
    assert len(index.entries) == 1
    del index
    assert gc.collect() == 0
