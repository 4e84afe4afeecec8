"""Hostile packs and indexes handed to ``data install`` (issue 40 #2, #4): every problem on a
line of its own in our words, and entries nested too deep refused before anything is unpacked.
"""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from builder.packs.store import Store
from tests.packs.helpers import make_pack, pack_yaml, run

PLACED = re.compile(r"^\S.*:\d+:\d+: \S")
TYPE_NAMES = re.compile(r"\b(?:str|int|bool|dict|list|float)\b(?:\[|\s+must|:)|dict\[")


def _zip(entries: list[tuple[str, bytes]]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        for name, data in entries:
            zf.writestr(name, data)
    return out.getvalue()


def _no_leftovers(user_dir: Path) -> None:
    assert Store().packs() == {}
    packs = user_dir / "packs"
    assert not (packs.exists() and [p for p in packs.iterdir() if p.name.startswith(".tmp")])


# --- #2: one problem per line, in our words -----------------------------------------------


def test_every_problem_of_a_pack_is_a_line_of_its_own(capsys: pytest.CaptureFixture[str],
                                                      tmp_path: Path, user_dir: Path) -> None:
    folder = make_pack(tmp_path / "p")
    (folder / "factions" / "b.yaml").write_text(
        "schema: spherewars-faction/1\nid: test-other\nname: Other\ncombatants:\n"
        "  - {id: x, name: X, type: leeder, profile: {PE: many}, bogus: 1}\n",
        encoding="utf-8")
    code, _out, err = run(capsys, "data", "install", str(folder))
    assert code == 2
    assert "\\n" not in err
    lines = err.splitlines()
    placed = [line for line in lines if PLACED.match(line.removeprefix(
        "spherewars: not installed: "))]
    assert len(placed) >= 3, err
    assert all(str(folder / "factions" / "b.yaml") in line for line in placed)
    _no_leftovers(user_dir)


BAD_VALUES = st.one_of(st.lists(st.integers(), max_size=2), st.integers(),
                       st.dictionaries(st.sampled_from(["en", "es", "x"]),
                                       st.one_of(st.lists(st.integers(), max_size=1),
                                                 st.integers(), st.none()), max_size=2),
                       st.none(), st.booleans())


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(field=st.sampled_from(["id", "name", "version", "url", "sha256", "size"]),
       value=BAD_VALUES)
def test_index_problems_are_in_our_words(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                         user_dir: Path, field: str, value: object) -> None:
    import json

    assume(not (field == "size" and type(value) is int and value >= 0))  # (a good size)
    entry = {"id": "test-pack", "name": "Test", "version": "1.0.0", "url": "a.swpack",
             "sha256": "a" * 64, "size": 1, field: value}
    index = tmp_path / "index.yaml"
    index.write_text("schema: spherewars-index/1\npacks:\n  - " + json.dumps(entry) + "\n",
                     encoding="utf-8")
    code, _out, err = run(capsys, "data", "install", str(index))
    assert code == 2
    assert "\\n" not in err
    assert not TYPE_NAMES.search(err), err
    assert f"{index}:3:" in err


def test_the_name_of_an_index_entry_says_what_it_may_be(capsys: pytest.CaptureFixture[str],
                                                        tmp_path: Path, user_dir: Path) -> None:
    index = tmp_path / "index.yaml"
    index.write_text("schema: spherewars-index/1\npacks:\n  - {id: test-pack, name: [a], "
                     f"version: 1.0.0, url: a.swpack, sha256: {'a' * 64}, size: 1}}\n",
                     encoding="utf-8")
    code, _out, err = run(capsys, "data", "install", str(index))
    assert code == 2
    assert err.splitlines() == [
        f"spherewars: not installed: {index}:3:27: name: must be a text, or one text per "
        "language such as {en: …, es: …} (got a list)"]


# --- #4: entries too deep, names too long: refused before unpacking ------------------------


@pytest.mark.parametrize(("name", "message"), [
    ("/".join(["a"] * 2000) + "/f.yaml", "is 2,000 folders deep; a pack's files are at most"),
    ("/".join(["a"] * 40) + "/f.yaml", "is 40 folders deep; a pack's files are at most"),
    ("b" * 300 + ".yaml", "has a name longer than 255 bytes"),
    ("factions/" + "é" * 200 + ".yaml", "has a name longer than 255 bytes"),
])
def test_entries_too_deep_or_too_long_are_refused_before_unpacking(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, user_dir: Path,
        monkeypatch: pytest.MonkeyPatch, name: str, message: str) -> None:
    bad = tmp_path / "bad.swpack"
    bad.write_bytes(_zip([("pack.yaml", pack_yaml().encode()), (name, b"x: 1\n")]))
    opened: list[str] = []
    real_open = zipfile.ZipFile.open
    monkeypatch.setattr(zipfile.ZipFile, "open",
                        lambda self, info, *a, **k: opened.append(str(info)) or real_open(
                            self, info, *a, **k))
    code, out, err = run(capsys, "data", "install", str(bad))
    assert code == 2
    assert "Traceback" not in out + err and len(err) < 2000
    assert "bad.swpack: entry " in err and message in err
    assert opened == []  # nothing unpacked
    _no_leftovers(user_dir)


def test_a_pack_folder_too_deep_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                           user_dir: Path) -> None:
    folder = make_pack(tmp_path / "p")
    deep = folder.joinpath(*["d"] * 40)
    deep.mkdir(parents=True)
    (deep / "f.yaml").write_text("x: 1\n", encoding="utf-8")
    code, out, err = run(capsys, "data", "install", str(folder))
    assert code == 2 and "Traceback" not in out + err
    assert "folders deep; a pack's files are at most" in err
    _no_leftovers(user_dir)
