"""`validate`'s output is the same, byte for byte, whatever way a file is read.

Lists are read on fast paths (``_fast.simple_data`` line by line, ``_fast.plain`` over
libyaml's nodes, ``_fast.well_formed`` without pydantic), each falling back to the full
reader for anything else. The folder ``mixed/`` holds legal, illegal, broken and odd lists
(test data); with the hostile corpus it is checked against the output the program gave before
the fast paths existed (``mixed-expected/``; data fingerprints aside, since they hash the
built-in game system, which changes with its data), and against a run with every fast path and
the cache of checked data files off.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from builder.cli import main
from builder.data import DataError, _fast, _loader, parse_yaml
from builder.data.cache import Store
from builder.data.loading import warband_from
from builder.model import Warband
from builder.plumbing import forks

TESTS = Path(__file__).resolve().parent.parent
EXPECTED = Path(__file__).resolve().parent / "mixed-expected"
ARGS = ["validate", "cli/mixed", "hostile/corpus/lists", "--data", "fixtures/factions"]


def _validate(fmt: str, capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main([*ARGS, "--format", fmt])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.fixture
def in_tests(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(TESTS)  # the paths in the output are relative, as a user types them


def _fast_paths_off(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_fast, "simple_data", lambda text: None)
    monkeypatch.setattr(_fast, "plain", lambda root: _fast.UNUSUAL)
    monkeypatch.setattr(_fast, "well_formed", lambda data: None)
    monkeypatch.setattr(Store, "default", classmethod(lambda cls: None))


def _no_data_fingerprints(text: str) -> str:
    return re.sub(r'"data_fingerprint": "[0-9A-Z]{4}-[0-9A-Z]{4}"', '"data_fingerprint": "-"',
                  text)


@pytest.mark.parametrize("fmt, name", [("json", "validate.json"), ("text", "validate.txt")])
def test_output_is_the_one_before_the_fast_paths(fmt: str, name: str, in_tests: None,
                                                 user_dir: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    for _run in range(2):  # the cache of checked data files empty, then filled
        status, out, err = _validate(fmt, capsys)
        assert (status, err) == (2, "")
        assert _no_data_fingerprints(out) == _no_data_fingerprints(
            (EXPECTED / name).read_text(encoding="utf-8"))


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_output_is_the_same_with_the_fast_paths_off(fmt: str, in_tests: None,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    fast = _validate(fmt, capsys)
    _fast_paths_off(monkeypatch)
    assert _validate(fmt, capsys) == fast


@pytest.mark.parametrize("fmt", ["json", "text"])
def test_output_is_the_same_on_two_cores(fmt: str, in_tests: None,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The forked half renders its own rows (JSON or text) and sends them as text."""
    one = _validate(fmt, capsys)
    monkeypatch.setattr(forks, "MIN_PARALLEL", 2)
    assert _validate(fmt, capsys) == one


def test_the_folder_holds_every_kind_of_list() -> None:
    text = (EXPECTED / "validate.txt").read_text(encoding="utf-8")
    assert text.count("✔ cli/mixed/") >= 10
    assert text.count(", ILLEGAL\n") >= 5
    assert "not valid YAML" in text and "duplicate key" in text and "NUL byte" in text


# --- the fast paths read what the full reader reads -----------------------------------------

_KEYS = ["schema", "name", "faction", "points_limit", "entries", "notes", "count", "combatant",
         "true", "null", "NULL", "on", "y", "_k", "k9"]
_ODD = ["", "a: b", "a:b", "a #b", "a#b", "#c", "'it''s'", "'bad' x", "'a'b'", '"dq"',
        '"a\\"b"', '"a#b"', "[]", "[ ]", "{}", "-", "-1", "-0", "00", "010", "999999", "~",
        "null", "Null", "NULL", "nULL", "true", "False", "TRUE", "tRue", "yes", "1e3", "0x10",
        "&a x", "*a", "!!str 5", "!x", "|", ">", "a:", "\u202e", "x ", "@x", "`x", "%x", "?x",
        "? x", ": x", ",x", "a,b", "a]b", "--- x", "a  b", "a\tb", "'", '"', "''", '""', "a'b",
        "\\x", "- x", "-x", "+1", "1.0", "1" * 4001, "a :b", "a :", "x\u00a0: y", "\ufeffx",
        "x\u2028y", "x\x85y", "x\ry", "\u3000x", "'a' # b", "[a]", "{a: 1}", "*", "&", "<<"]
_PLAIN = ["a", "Test name", "1", "0", "soimi", "x-y", "Ünï ✓ 漢 🎲", "it's", "12", "", "[]"]
_LINES = ["  []", "[]", "---", "...", "- x", "  - x", "  -", "key", "  more", "\t- a: b", "",
          "  ", "# c", "    # c"]


@st.composite
def _documents(draw: st.DrawFn) -> str:
    """Texts in the plain layout, with a few odd values, keys, lines and indents mixed in."""
    value = st.sampled_from(_PLAIN) | st.sampled_from(_ODD) | st.text(
        "ab :#'\"-[]{}!&*|>,%@`?\\ é\t0129~", max_size=6)
    dash, gap = draw(st.sampled_from([0, 1, 2, 4])), draw(st.sampled_from([1, 2, 3]))
    inner = " " * (dash + 1 + gap)
    lines = ["schema: spherewars-warband/1", "name: A list", "faction: soimi",
             "points_limit: 400", "entries:"]
    for _ in range(draw(st.integers(0, 3))):
        lines += [" " * dash + "-" + " " * gap + "combatant: nek-org", inner + "count: 2"]
    lines.append("notes: n")
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(lines) - 1))
        change = draw(st.integers(0, 4))
        head, colon, _rest = lines[at].partition(":")
        if change == 0 and colon:  # another value
            lines[at] = f"{head}:{draw(st.sampled_from([' ', '  ', '']))}{draw(value)}"
        elif change == 1 and colon:  # another key
            lines[at] = f"{head[:len(head) - len(head.lstrip(' -'))]}" \
                        f"{draw(st.sampled_from(_KEYS))}:{_rest}"
        elif change == 2:  # another indent
            lines[at] = " " * draw(st.integers(0, 6)) + lines[at].lstrip(" ")
        elif change == 3:  # a line more
            lines.insert(at, draw(st.sampled_from(_LINES)))
        else:  # a line twice
            lines.insert(at, lines[at])
    return "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n", " "]))


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_documents())
def test_the_line_reader_reads_what_libyaml_reads(text: str) -> None:
    simple = _fast.simple_data(text)
    if simple is not None:
        # same values of the same types (repr tells True from 1 and 1 from '1')
        assert repr(parse_yaml("t.yaml", text).data) == repr(simple)


@pytest.mark.parametrize("value", _ODD + _PLAIN)
def test_each_odd_value_is_read_as_libyaml_reads_it(value: str) -> None:
    for text in (f"name: {value}\n", f"entries:\n  - combatant: {value}\n",
                 f"entries:\n- combatant: x\n  count: {value}\nnotes: n",
                 f"entries:\n- combatant: x\n  options: {{a: {value}}}\n",
                 f"entries:\n- combatant: x\n  options: {{{value}: 1, b: 2}}\n",
                 f"picks: [a, {value}]\nnotes: n", f"picks: [{value}]\n"):
        simple = _fast.simple_data(text)
        if simple is not None:
            assert repr(parse_yaml("t.yaml", text).data) == repr(simple), text


_REFUSED = [(0x00, 0x09), (0x0B, 0x1F), (0x7F, 0x9F), (0x2028, 0x2029), (0xD800, 0xDFFF),
            (0xFEFF, 0xFEFF), (0xFFFE, 0xFFFF)]
"""What the line reader leaves to libyaml (and libyaml refuses or reads otherwise): controls,
tab and carriage return, the invisible line breaks, lone surrogates, the byte-order mark."""


@pytest.mark.parametrize("code", sorted({c for low, high in _REFUSED
                                         for c in (low - 1, low, high, high + 1)
                                         if c >= 0 and c != 0x0A}))  # (a newline ends a line)
def test_the_line_reader_leaves_the_characters_it_cannot_read_to_libyaml(code: int) -> None:
    """Every edge of the ranges the reader refuses: one inside is left to libyaml, one just
    outside is read in the line reader, as libyaml reads it."""
    text = f"name: a{chr(code)}b\nnotes: n\n"
    simple = _fast.simple_data(text)
    if any(low <= code <= high for low, high in _REFUSED):
        assert simple is None, hex(code)
    else:
        assert simple == {"name": f"a{chr(code)}b", "notes": "n"}, hex(code)


def test_the_line_reader_takes_the_lists_it_is_for() -> None:
    for path in sorted((TESTS / "cli" / "mixed").glob("*.yaml")):
        text = path.read_bytes().decode("utf-8", "replace")
        simple = _fast.simple_data(text)
        if simple is not None:
            assert repr(parse_yaml(path, text).data) == repr(simple)
    for name in ("legal", "quoted", "no-limit", "empty-entries", "empty-entries-below",
                 "wide-dash", "unicode-ok"):
        text = (TESTS / "cli" / "mixed" / f"{name}.warband.yaml").read_text(encoding="utf-8")
        assert _fast.simple_data(text) is not None, name


_ATOMS = ["a", "1", "-1", "0", "010", "true", "True", "yes", "null", "~", "", "1.5", "'q'",
          '"d\\n"', "!!str 5", "!!int 5", "!!int 0x5", "!!bool yes", "!!bool true",
          "!!null x", "!!float 1", "!!str [1]", "!!seq [1]", "!!map {a: 1}", "!!seq {a: 1}",
          "!!null {a: 1}", "!foo x", "! x", "&x a", "'1'", "1" * 4001, "[1, 2]", "{}", "[]",
          "{a: 1, a: 2}", "{1: a, '1': b}", "{1: a, true: b}", "{[1]: a}",
          "{!!merge <<: {a: 1}}", "{!!value =: 1}", "{<<: {a: 1}}"]


def _flow(rng: random.Random, depth: int = 0) -> str:
    roll = rng.random()
    if depth > 3 or roll < 0.5:
        return rng.choice(_ATOMS)
    if roll < 0.75:
        return "[" + ", ".join(_flow(rng, depth + 1) for _ in range(rng.randint(0, 3))) + "]"
    keys = [rng.choice(["a", "b", "1", "true", "null", "'a'", "!!str 1"])
            for _ in range(rng.randint(0, 3))]
    return "{" + ", ".join(f"{k}: {_flow(rng, depth + 1)}" for k in keys) + "}"


@settings(max_examples=300, deadline=None)
@given(st.randoms(use_true_random=False))
def test_the_node_reader_builds_what_pyyaml_builds(rng: random.Random) -> None:
    text = "\n".join(f"k{i}: {_flow(rng)}" for i in range(rng.randint(1, 4))) + "\n"
    loader = _loader._Loader(text)
    try:
        root = loader.get_single_node()
        plain = _fast.plain(root)
        try:
            built = loader.construct_document(root)
        except Exception as exc:  # a YAMLError, a duplicate key, a number too long
            assert plain is _fast.UNUSUAL, exc  # left to PyYAML, which says why
            return
    except yaml.YAMLError:
        return
    finally:
        loader.dispose()
    assert plain is _fast.UNUSUAL or repr(plain) == repr(built)


_NAMES = ["A list", "", "  ", "x\u202ey", "tab\tok", "n" * 200, "n" * 201, None, 3, True]
_ENTRY_VALUES = {"combatant": ["nek-org", *_NAMES], "count": [None, 0, 1, 9999, 10000, True,
                                                              "2", -1],
                 "options": [None, {}, {"veteran": 1}, {"veteran": 2, "banner": 1},
                             {"veteran": 0}, {"veteran": 10000}, {"": 1}, {"x\u202ey": 1},
                             {"veteran": True}, {"veteran": "1"}, {3: 1}, ["veteran"], "x"]}
_LIST_VALUES = {
    "schema": [None, "spherewars-warband/1", "spherewars-warband/2", 1],
    "name": _NAMES, "faction": ["soimi", *_NAMES],
    "points_limit": [None, 0, 400, 999_999, 1_000_000, -1, False, "400"],
    "entries": [None, "x", [], ["x"], [{}], [{"count": 2}]],
    "picks": [None, [], ["sword"], ["sword", "crown"], "sword", [""], [3], ["n" * 201], {}],
    "notes": [None, "", "n", "n" * 20_000, "n" * 20_001, 7]}


@st.composite
def _lists(draw: st.DrawFn) -> dict:
    """A well-formed list's data with a few keys left out, added or given odd values."""
    entries = [{"combatant": "nek-org", "count": 2}, {"combatant": "tir-abe"}]
    data: dict = {"schema": "spherewars-warband/1", "name": "A list", "faction": "soimi",
                  "points_limit": 400, "entries": entries, "notes": "n"}
    for _ in range(draw(st.integers(0, 3))):
        key = draw(st.sampled_from([*_LIST_VALUES, "combatant", "count", "options", "extra"]))
        if key in _ENTRY_VALUES:
            entry = draw(st.sampled_from(entries))
            if draw(st.integers(0, 3)) == 0:
                entry.pop(key, None)
            else:
                entry[key] = draw(st.sampled_from(_ENTRY_VALUES[key]))
        elif key == "extra":
            draw(st.sampled_from([data, *entries]))["extra"] = 1
        elif draw(st.integers(0, 3)) == 0:
            data.pop(key, None)
        else:
            data[key] = draw(st.sampled_from(_LIST_VALUES[key]))
    return data


@settings(max_examples=400, deadline=None)
@given(_lists())
def test_a_well_formed_list_is_the_model_pydantic_builds(data: dict) -> None:
    quick = _fast.well_formed(data)
    try:
        full = Warband.model_validate(data)
    except ValidationError:
        assert quick is None
        return
    if quick is not None:
        assert_same_list(quick, full)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_documents())
def test_the_fast_way_to_a_list_gives_the_list_the_full_reader_gives(text: str) -> None:
    """The whole fast path (the line reader, then the model built without pydantic) against
    the whole full reader (libyaml, then the model validated), text to list."""
    assert_the_fast_way_reads(text)


def assert_the_fast_way_reads(text: str) -> None:
    """``text`` read on the fast way gives the list the full reader gives, or nothing (and
    the full reader then reads it, or says what is wrong)."""
    quick = _fast.warband(text)
    try:
        full = warband_from(parse_yaml("t.yaml", text))
    except DataError:
        assert quick is None
        return
    if quick is not None:
        assert_same_list(quick, full)


def assert_same_list(quick: Warband, full: Warband) -> None:
    """The list a fast path built is the one the full reader built, down to which keys the
    file gave (what saving it again writes)."""
    assert quick == full and repr(quick) == repr(full)
    assert quick.model_fields_set == full.model_fields_set
    assert [e.model_fields_set for e in quick.entries] == \
        [e.model_fields_set for e in full.entries]
    assert quick.model_dump(exclude_unset=True) == full.model_dump(exclude_unset=True)


def test_a_broken_list_read_on_the_fast_path_still_names_its_line(tmp_path: Path) -> None:
    from builder.data import load_warband

    path = tmp_path / "x.warband.yaml"
    path.write_text("schema: spherewars-warband/1\nname: X\nfaction: soimi\nentries:\n"
                    "  - combatant: nek-org\n    count: 0\n", encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_warband(path)
    assert str(caught.value) == (f"{path}:6:12: count must be an integer >= 1 "
                                 "(got the number 0)")
