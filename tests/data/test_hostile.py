"""Hostile and broken input (SPEC "Both formats"): refused within a second, clearly, exit 2."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from builder.data import DataError, load_faction, load_warband
from builder.data._loader import MAX_DEPTH

HEADER = "schema: spherewars-warband/1\nname: X\nfaction: soimi\n"


def _alias_bomb() -> str:
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    prev = "a"
    for name in "bcdefghij":
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
        prev = name
    return HEADER + "\n".join(lines) + "\nentries: []\n"


CASES = {
    "not utf-8": (b"name: caf\xe9\n", "not valid UTF-8"),
    "binary": (bytes(range(256)) * 4, "not valid UTF-8"),
    "nul byte": (b"name: a\x00b\n", "NUL byte"),
    "not yaml": (b"name: [unclosed\n", "not valid YAML"),
    "tab indent": (b"a:\n\t- b\n", "not valid YAML"),
    "a list at the top": (b"- 1\n- 2\n", "expected a mapping of keys at the top"),
    "a scalar at the top": (b"just text\n", "expected a mapping of keys at the top"),
    "empty": (b"", "the file is empty"),
    "two documents": (b"a: 1\n---\nb: 2\n", "not valid YAML"),
    "python tag": (HEADER.encode() + b"entries: !!python/object/apply:os.system ['true']\n",
                   "unsupported YAML tag"),
    "alias bomb": (_alias_bomb().encode(), "alias bomb"),
    "recursive alias": (HEADER.encode() + b"entries: &e [*e]\n", "refers to itself"),
    "deep flow nesting": (b"a: " + b"[" * 200_000 + b"]" * 200_000, "nested more than"),
    "deep block nesting": (b"a:\n  " + b"- " * 200_000 + b"x\n", "nested more than"),
    "duplicate key": (HEADER.encode() + b"name: Y\nentries: []\n", "duplicate key 'name'"),
}


@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_hostile_warband_is_refused_quickly(tmp_path: Path, case: str):
    raw, message = CASES[case]
    path = tmp_path / "hostile.warband.yaml"
    path.write_bytes(raw)
    start = time.perf_counter()
    with pytest.raises(DataError) as info:
        load_warband(path)
    assert time.perf_counter() - start < 1.0
    text = str(info.value)
    assert message in text
    assert text.startswith(f"{path}:")


def test_too_large_warband_is_not_read(tmp_path: Path):
    path = tmp_path / "huge.warband.yaml"
    path.write_bytes(HEADER.encode() + b"notes: '" + b"x" * (1024 * 1024) + b"'\n")
    with pytest.raises(DataError, match="larger than 1 MiB"):
        load_warband(path)


def test_too_large_faction_is_not_read(tmp_path: Path):
    path = tmp_path / "huge.yaml"
    with open(path, "wb") as fh:
        fh.write(b"# " + b"x" * (10 * 1024 * 1024) + b"\n")
    start = time.perf_counter()
    with pytest.raises(DataError, match="larger than 10 MiB"):
        load_faction(path)
    assert time.perf_counter() - start < 1.0


def test_a_folder_or_a_missing_file(tmp_path: Path):
    with pytest.raises(DataError, match="is a folder"):
        load_warband(tmp_path)
    with pytest.raises(DataError, match="no such file"):
        load_warband(tmp_path / "nope.yaml")


def test_nesting_at_the_limit_is_fine(tmp_path: Path):
    path = tmp_path / "deep.warband.yaml"
    nested = "[" * (MAX_DEPTH - 2) + "]" * (MAX_DEPTH - 2)
    path.write_text(HEADER + "entries: []\nnotes: x\n" + f"# {nested}\n", encoding="utf-8")
    assert load_warband(path).name == "X"


def test_anchors_used_sensibly_are_allowed(tmp_path: Path):
    path = tmp_path / "anchors.warband.yaml"
    path.write_text(HEADER + "entries:\n  - &e {combatant: nek-org, count: 1}\n  - *e\n",
                    encoding="utf-8")
    assert [e.count for e in load_warband(path).entries] == [1, 1]


OPENINGS = ["[", "{a: ", "[\"q]\", 'x]''y', # c ]\n  "]


@pytest.mark.parametrize("opening", OPENINGS)
def test_deep_flow_nesting_is_named_in_our_words_where_it_goes_too_deep(tmp_path: Path,
                                                                        opening: str):
    """Whatever the YAML library says of (or stops at in) a very deep flow, the user reads our
    sentence, at the bracket that opens level MAX_DEPTH + 1: quoted brackets and comments are
    not levels."""
    prefix = "schema: spherewars-warband/1\nentries: "
    path = tmp_path / "deep.warband.yaml"
    path.write_text(prefix + opening * (50_000 // len(opening)), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_warband(path)
    text = str(info.value)
    assert f"nested more than {MAX_DEPTH} levels deep" in text
    # the list's own mapping is the first level: the bracket after these is one too many
    before = prefix + opening * (MAX_DEPTH - 1)
    line = before.count("\n") + 1
    column = len(before) - before.rfind("\n")
    assert text.startswith(f"{path}:{line}:{column}:"), text


def test_a_yaml_sentence_we_do_not_know_still_reads_as_ours(tmp_path: Path, monkeypatch):
    """A libyaml version may word a problem in a way our message table has never seen: the user
    still gets 'not valid YAML: …' at the problem's line and column, not a traceback."""
    import yaml

    from builder.data import _loader

    path = tmp_path / "odd.warband.yaml"
    path.write_text(HEADER + "entries: [{combatant: x, count: 1}]\n", encoding="utf-8")

    def odd(self):
        mark = yaml.Mark("x", 40, 2, 4, None, None)
        raise yaml.scanner.ScannerError(None, None, "a sentence from a future libyaml", mark)

    monkeypatch.setattr(_loader._Loader, "get_single_node", odd)
    with pytest.raises(DataError) as info:
        load_warband(path)
    assert str(info.value).startswith(f"{path}:3:5: not valid YAML: ")
