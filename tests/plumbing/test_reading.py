"""The one guarded reader (builder/plumbing/reading.py): what it reads is what ``json`` reads
within its limits, it measures nesting as the parser would meet it, and it opens nothing but
a regular file."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.plumbing.reading import (
    MAX_JSON_DEPTH,
    Unreadable,
    json_depth,
    load_json,
    parse_json,
    read_bytes,
)
from tests.hostile.helpers import ends_within

values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**20, 10**20) | st.floats(allow_nan=False,
                                                                         allow_infinity=False)
    | st.text(alphabet=st.sampled_from('ab"\\[]{}é\n'), max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.text(alphabet=st.sampled_from('k"[]{}\\'), max_size=4), inner, max_size=3),
    max_leaves=30)


def depth_of(value: Any) -> int:
    if isinstance(value, list):
        return 1 + max(map(depth_of, value), default=0)
    if isinstance(value, dict):
        return 1 + max(map(depth_of, value.values()), default=0)
    return 0


@given(values)
def test_what_json_reads_within_the_limits_is_read_the_same(value: Any) -> None:
    text = json.dumps(value)
    assert json_depth(text, 1000) == depth_of(value)
    assert parse_json(text) == json.loads(text)


@pytest.mark.parametrize(("text", "message"), [
    ("[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1), "nested more than 64 deep"),
    ("[" * 300_000, "nested more than 64 deep"),
    ("[" + "1" * 31 + "]", "a number of 31 digits"),
    ("-" + "1" * 5000, "a number of 5,000 digits"),
    ("[Infinity]", "Infinity is not a number JSON knows"),
    ("{", "not valid JSON (line 1, column 2)"),
])
def test_past_the_limits_is_a_message_in_our_words(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        parse_json(text)


def test_at_the_limits_is_read() -> None:
    deepest = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert parse_json(deepest) == json.loads(deepest)
    assert parse_json("9" * 30) == int("9" * 30)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_only_a_regular_file_is_opened(tmp_path: Path) -> None:
    fifo = tmp_path / "f.json"
    os.mkfifo(fifo)
    zero = tmp_path / "z.json"
    zero.symlink_to("/dev/zero")
    for path, said in [(fifo, "named pipe"), (zero, "device"), (tmp_path, "folder"),
                       (tmp_path / "none", "no such file")]:
        with pytest.raises(Unreadable, match=said):
            read_bytes(path, 10)
    big = tmp_path / "big.json"
    big.write_bytes(b"[]" + b" " * 100)
    with pytest.raises(Unreadable, match="larger than 50 bytes"):
        load_json(big, 50)
    assert read_bytes(big, 2, head=True) == b"[]"


@pytest.mark.parametrize("text", [
    '"\\' * 500_000,  # a string that never ends, full of escaped quotes: 1 MB
    '["\\' * 300_000,
    '"' * 1_000_000,
    "[" * 1_000_000,
])
def test_the_depth_is_measured_in_linear_time(text: str) -> None:
    """A file of 1 MB (the game file's limit) is measured in a moment, whatever it holds: the
    scan of strings once took the square of the length of ``"\\"\\"\\…`` (218 s for 160 KB),
    so a game file beside a list could hang the app at every start."""
    with ends_within(10), pytest.raises(ValueError,
                                        match="not valid JSON|nested more than 64 deep"):
        parse_json(text)
