"""Values are read as written (issue 10 #9), lines counted as an editor counts them (#10),
messages escaped (#6)."""

from __future__ import annotations

import pytest

from builder.data import DataError
from builder.data import parse_yaml as parse
from builder.plumbing.terminal_text import escape


@pytest.mark.parametrize(("written", "read"), [
    ("10", 10), ("0", 0), ("-3", -3), ("true", True), ("false", False), ("True", True),
    ("~", None), ("null", None), ("", None),
    # YAML 1.1 would have made numbers, booleans or dates of these: they stay text
    ("010", "010"), ("0x10", "0x10"), ("0o7", "0o7"), ("1_000", "1_000"), ("6:40", "6:40"),
    ("1e3", "1e3"), ("5.0", "5.0"), ("+5", "+5"), (".inf", ".inf"), (".nan", ".nan"),
    ("yes", "yes"), ("no", "no"), ("on", "on"), ("off", "off"), ("y", "y"),
    ("2001-12-14", "2001-12-14"), ("-0", "-0"),
])
def test_a_scalar_is_read_as_written(written: str, read: object) -> None:
    value = parse("t.yaml", f"x: {written}\n").data["x"]
    assert value == read and type(value) is type(read)


@pytest.mark.parametrize(("text", "message"), [
    ("x: !!float 1\n", "unsupported YAML tag"),
    ("x: !!timestamp 2001-12-14\n", "unsupported YAML tag"),
    ("x: !!set {a: null}\n", "unsupported YAML tag"),
    ("x: !!bool yes\n", "!!bool 'yes' is not true or false"),
    ("x: !!int 010\n", "!!int '010' is not a whole number in plain digits"),
])
def test_tags_that_would_reinterpret_are_refused(text: str, message: str) -> None:
    with pytest.raises(DataError, match=message):
        parse("t.yaml", text)


def test_an_explicit_text_tag_is_text() -> None:
    assert parse("t.yaml", "x: !!str 10\n").data["x"] == "10"


@pytest.mark.parametrize("brk", ["\u2028", "\x85", "\u2029", "\r"])
def test_lines_are_counted_as_an_editor_counts_them(brk: str) -> None:
    """An invisible break on line 2 does not shift the line of a problem on line 4."""
    text = f"a: 1\n# note{brk}# more\nb: 2\nc: d: e\n"
    with pytest.raises(DataError) as info:
        parse("t.yaml", text)
    problem = info.value.problems[0]
    assert (problem.line, problem.column) == (4, 5)  # YAML itself counts line 5
    assert "holds" not in str(info.value)  # the break is on another line: no note


def test_a_problem_on_the_line_with_the_break_names_it() -> None:
    with pytest.raises(DataError) as info:
        parse("t.yaml", "a: 1\n# note\u2028b: c: d\n")
    problem = info.value.problems[0]
    assert (problem.line, problem.column) == (2, 12)
    assert "line 2 holds U+2028 LINE SEPARATOR at column 7" in problem.message


def test_control_characters_in_a_duplicate_key_are_escaped() -> None:
    with pytest.raises(DataError) as info:
        parse("t.yaml", 'a: 1\n"\\e[2Jk": 1\n"\\e[2Jk": 2\n')
    assert "duplicate key '\\e[2Jk' (first given on line 2)" in str(info.value)
    assert "\x1b" not in str(info.value)


@pytest.mark.parametrize(("raw", "shown"), [
    ("\x1b[2J", "\\e[2J"), ("a\rb", "a\\rb"), ("a\nb", "a\\nb"), ("\x07", "\\x07"),
    ("\x9b", "\\x9b"), ("\u202e", "\\u202e"), ("\u2028", "\\u2028"), ("é ✓ 🙂", "é ✓ 🙂"),
])
def test_escape(raw: str, shown: str) -> None:
    assert escape(raw) == shown
