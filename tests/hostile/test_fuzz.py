"""Hypothesis fuzzing of the loaders: whatever the bytes, a DataError or a model, in bounded
time; and a value that loads is the value written (nothing reinterpreted)."""

from __future__ import annotations

import re
import tempfile
import time
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.data import DataError, load_faction, load_warband, parse_warband
from builder.data import parse_yaml as parse
from builder.model.base import MAX_COUNT
from tests.hostile import helpers as h

HEADER = "schema: spherewars-warband/1\nname: Test fuzz\nfaction: test-faction\n"

# Pieces that YAML gives meaning to, numbers in every YAML 1.1 spelling, and the characters
# that break lines or terminals.
PIECES = ["\n", " ", "  ", "- ", ": ", "[", "]", "{", "}", ",", "&a ", "*a", "!!int ", "!!str ",
          "!!float ", "!!binary ", "? ", "|", ">", "'", '"', "#", "%YAML 1.1\n", "---\n",
          "<<: ", "count", "entries", "combatant", "name", "points_limit", "test-leader",
          "010", "0x1F", "0o7", "1_000", "6:40", "1e3", "5.0", "+5", "-0", ".inf", ".nan",
          "yes", "No", "on", "~", "null", "true", "2001-12-14", "9" * 30, "9" * 4500,
          "\t", "\r", "\r\n", "\x85", "\u2028", "\u2029", "\x1b[2J", "\u202e", "\ufeff",
          "\x00", "é", "🙂"]
yamlish = st.lists(st.sampled_from(PIECES), max_size=60).map("".join)


def _timed_load(text_or_bytes: str | bytes, loader: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "fuzz.yaml"
        if isinstance(text_or_bytes, str):
            path.write_text(text_or_bytes, encoding="utf-8", errors="surrogatepass")
        else:
            path.write_bytes(text_or_bytes)
        start = time.perf_counter()
        try:
            if loader == "warband":
                load_warband(path)
            else:
                load_faction(path)
        except DataError as exc:
            assert str(exc).startswith(str(path))
            assert h.no_terminal_control(str(exc))
        assert time.perf_counter() - start < h.SECONDS


@given(st.binary(max_size=3000), st.sampled_from(["warband", "faction"]))
@settings(max_examples=150, deadline=None)
def test_any_bytes(raw: bytes, loader: str) -> None:
    _timed_load(raw, loader)


@given(yamlish, st.booleans(), st.sampled_from(["warband", "faction"]))
@settings(max_examples=300, deadline=None)
def test_yaml_like_text(text: str, with_header: bool, loader: str) -> None:
    _timed_load((HEADER if with_header else "") + text, loader)


scalars = st.sampled_from(PIECES[31:]) | st.integers(-10, 10**25).map(str) | st.text(max_size=8)


@given(scalars, st.sampled_from(["count", "points_limit"]))
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_a_number_loads_only_as_written(written: str, key: str) -> None:
    """If a list loads, its number is exactly the plain digits written, in range."""
    text = HEADER + (f"points_limit: {written}\n" if key == "points_limit" else "")
    text += "entries:\n  - combatant: test-leader\n    count: " + (
        written if key == "count" else "1") + "\n"
    try:
        warband = parse_warband("fuzz.warband.yaml", text)
    except DataError as exc:
        assert str(exc).startswith("fuzz.warband.yaml:")
        return
    value = warband.points_limit if key == "points_limit" else warband.entries[0].count
    as_read = parse("fuzz.yaml", f"x: {written}\n").data["x"]
    if as_read is None:  # nothing written: the default (no limit, one model)
        assert value == (None if key == "points_limit" else 1)
        return
    assert isinstance(as_read, int) and not isinstance(as_read, bool)
    assert re.fullmatch(r"0|[1-9][0-9]*", str(written).strip().split(" #")[0])
    assert value == as_read <= (MAX_COUNT if key == "count" else 999_999)
