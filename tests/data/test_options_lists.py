"""SPEC §9 in everything that carries a list: saving, fingerprints, share codes and import.

The fingerprint vector below was worked without the code under test, as in
test_fingerprint.py: the canonical JSON written out by hand, its SHA-256 from
``printf '%s' '…' | sha256sum``, the first 40 bits cut into 5-bit groups by hand.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.cli import main
from builder.data import Catalogue, load_warband, save_warband
from builder.data.catalogue import Fingerprints
from builder.data.fingerprint import canonical_json, encode, list_fingerprint, list_models
from builder.data.share import decode_warband, encode_warband
from builder.model import Entry, Warband
from tests.conftest import REPO, TEST_DATA

RELAUNCH = TEST_DATA / "relaunch"
SIXTY = RELAUNCH / "lists" / "test-relaunch-sixty.warband.yaml"

SIXTY_JSON = ('{"faction":"test-relaunch-band","models":{"test-archers":3,"test-spearmen":4,'
              '"test-warlord":1},"options":{"test-spearmen":{"test-long-spears":4,'
              '"test-veteran":1},"test-warlord":{"test-great-weapon":1}},'
              '"picks":["test-sword-of-fire"]}')
SIXTY_SHA = "35dd513347f481f74474447a990b5a6579a1c55496bade5622c5eb4f1c174950"
# 35 dd 51 33 47 = 00110101 11011101 01010001 00110011 01000111
#   -> 00110 10111 01110 10101 00010 01100 11010 00111
#   -> 6 23 14 21 2 12 26 7 -> 6 Q E N 2 C T 7
SIXTY_PRINT = "6QEN-2CT7"


@pytest.fixture(scope="module")
def data() -> Catalogue:
    return Catalogue.load([RELAUNCH], user=False, cached=False)


# --- fingerprints (SPEC §6 with §9) ------------------------------------------------------


def test_vector_a_list_with_options_and_picks(data: Catalogue) -> None:
    """Long spears count per model (1 time x 4 models); the veteran upgrade once."""
    w = load_warband(SIXTY)
    faction = data.get(w.faction)
    from builder.data.fingerprint import list_options

    document = list_models(w.faction, w.totals(), list_options(w, faction), w.picks)
    assert canonical_json(document) == SIXTY_JSON
    assert hashlib.sha256(SIXTY_JSON.encode()).hexdigest() == SIXTY_SHA
    assert list_fingerprint(w, faction=faction) == SIXTY_PRINT
    assert data.list_fingerprint(w) == SIXTY_PRINT


def _every_list() -> list[Path]:
    found = [*REPO.glob("resources/examples/**/*.yaml"), *REPO.glob("tests/**/*.warband.yaml")]
    return sorted(p for p in found if "relaunch" not in p.parts)


def test_every_existing_list_keeps_its_fingerprint() -> None:
    """A list without options or picks is hashed as §6 always hashed it."""
    checked = 0
    for path in _every_list():
        try:
            w = load_warband(path)
        except Exception:  # noqa: BLE001 (the broken lists of the hostile corpus)
            continue
        assert not w.has_options, path
        old = encode({"faction": w.faction,
                      "models": {cid: n for cid, n in w.totals().items() if n > 0}})
        assert list_fingerprint(w) == old, path
        checked += 1
    assert checked > 20


def test_empty_options_and_picks_keep_the_fingerprint() -> None:
    plain = Warband(name="x", faction="soimi", entries=[Entry(combatant="nek-org", count=2)])
    empty = Warband(name="x", faction="soimi", picks=[],
                    entries=[Entry(combatant="nek-org", count=2, options={})])
    assert list_fingerprint(empty) == list_fingerprint(plain)
    assert "options" not in list_models("soimi", {"a": 1}, {"a": {}}, [])


def test_what_changes_a_fingerprint_with_options(data: Catalogue) -> None:
    w = load_warband(SIXTY)
    same = data.list_fingerprint(w)
    # entries in another order: the same
    moved = w.model_copy(update={"entries": list(reversed(w.entries))})
    assert data.list_fingerprint(moved) == same
    # another option, another pick, one more time: other fingerprints
    for changed in (
        w.model_copy(update={"picks": ["test-crown"]}),
        w.model_copy(update={"picks": [*w.picks, "test-crown"]}),
        w.model_copy(update={"entries": [w.entries[0], Entry(
            combatant="test-spearmen", count=4, options={"test-veteran": 1}), w.entries[2]]}),
    ):
        assert data.list_fingerprint(changed) != same
    two = w.model_copy(update={"picks": ["test-crown", "test-sword-of-fire"]})
    assert data.list_fingerprint(two) == data.list_fingerprint(
        w.model_copy(update={"picks": ["test-sword-of-fire", "test-crown"]}))


def test_a_per_model_option_counts_each_model(data: Catalogue) -> None:
    """Two entries of 3 and 5 with long spears (per model) hash as 8 times; the veteran
    upgrade (per entry) as 2 times; without the faction each option counts its times."""
    w = Warband(name="x", faction="test-relaunch-band", entries=[
        Entry(combatant="test-spearmen", count=3, options={"test-long-spears": 1,
                                                            "test-veteran": 1}),
        Entry(combatant="test-spearmen", count=5, options={"test-long-spears": 1,
                                                            "test-veteran": 1})])
    expected = encode({"faction": "test-relaunch-band", "models": {"test-spearmen": 8},
                       "options": {"test-spearmen": {"test-long-spears": 8,
                                                     "test-veteran": 2}}})
    assert data.list_fingerprint(w) == expected
    assert list_fingerprint(w) == encode({"faction": "test-relaunch-band",
                                          "models": {"test-spearmen": 8},
                                          "options": {"test-spearmen": {"test-long-spears": 2,
                                                                        "test-veteran": 2}}})


def test_the_fingerprint_command_reads_the_data_for_options(capsys, tmp_path: Path) -> None:
    assert main(["fingerprint", str(SIXTY), "--data", str(RELAUNCH)]) == 0
    assert capsys.readouterr().out.split() == [SIXTY_PRINT, str(SIXTY)]
    # a list without options reads no data at all
    plain = tmp_path / "plain.warband.yaml"
    save_warband(Warband(name="p", faction="soimi", entries=[Entry(combatant="nek-org")]),
                 plain)
    fingerprints = Fingerprints(["/nonexistent"])
    fingerprints.of(load_warband(plain))
    assert fingerprints.catalogue is None


# --- save and reopen ---------------------------------------------------------------------


def test_saving_keeps_options_picks_and_comments(tmp_path: Path) -> None:
    path = tmp_path / "sixty.warband.yaml"
    path.write_text(SIXTY.read_text(encoding="utf-8"), encoding="utf-8")
    w = load_warband(path)
    spearmen = w.entries[1].model_copy(update={"options": {"test-veteran": 1, "test-drill": 2}})
    changed = w.model_copy(update={"entries": [w.entries[0], spearmen, w.entries[2]],
                                   "picks": ["test-sword-of-fire", "test-crown"]})
    save_warband(changed, path)
    text = path.read_text(encoding="utf-8")
    assert "# the warlord's weapon" in text and text.startswith("# TEST DATA ONLY")
    back = load_warband(path)
    assert back == changed
    assert back.entries[1].options == {"test-veteran": 1, "test-drill": 2}
    # taking every option and pick away leaves no empty keys behind
    bare = changed.model_copy(update={
        "entries": [e.model_copy(update={"options": {}}) for e in changed.entries],
        "picks": []})
    save_warband(bare, path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert "picks" not in data and all("options" not in e for e in data["entries"])
    assert load_warband(path) == bare


# --- share codes and import (SPEC §7) ----------------------------------------------------


ids = st.from_regex(r"test-[a-z]{1,8}", fullmatch=True)


@given(st.lists(st.tuples(ids, st.integers(1, 20),
                          st.dictionaries(ids, st.integers(1, 5), max_size=3)),
                max_size=6),
       st.lists(ids, max_size=4))
@settings(max_examples=25, deadline=None)
def test_share_then_import_brings_options_and_picks_back(entries, picks) -> None:
    w = Warband(name="Test", faction="test-relaunch-band", points_limit=60, picks=picks,
                entries=[Entry(combatant=c, count=n, options=o) for c, n, o in entries])
    back = decode_warband("my list: " + encode_warband(w))
    assert back == w
    assert list_fingerprint(back) == list_fingerprint(w)


def test_import_writes_a_list_with_its_options_and_picks(capsys, tmp_path: Path) -> None:
    code = encode_warband(load_warband(SIXTY))
    out = tmp_path / "back.warband.yaml"
    assert main(["import", f"here: {code}", "-o", str(out), "--data", str(RELAUNCH)]) == 0
    said = capsys.readouterr().out
    assert SIXTY_PRINT in said
    back = load_warband(out)
    assert back == load_warband(SIXTY)
    assert json.loads(json.dumps(yaml.safe_load(out.read_text(encoding="utf-8"))["picks"])) \
        == ["test-sword-of-fire"]


# --- text for posting (SPEC §7) ----------------------------------------------------------


@pytest.fixture(scope="module")
def plain_rules(tmp_path_factory) -> Path:
    """The test system with only the rules of §5's first quantities (the text is what this
    tests, not the rule engine's reading of §9) beside the test faction."""
    from builder.data import dump_yaml as dump

    folder = tmp_path_factory.mktemp("relaunch")
    system = yaml.safe_load((RELAUNCH / "test-relaunch.system.yaml").read_text(encoding="utf-8"))
    system["rules"] = [r for r in system["rules"]
                       if r["id"] in ("leader-required", "dominion-limit")]
    system["figures"] = [f for f in system["figures"] if f["id"] == "dominion"]
    (folder / "test-relaunch.system.yaml").write_text(dump(system), encoding="utf-8")
    (folder / "faction.yaml").write_text(
        (RELAUNCH / "test-relaunch-band.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    return folder


@pytest.mark.parametrize(("style", "line", "pick"), [
    ("plain", "  4 × Test Spearmen (Test Veteran, Test Long Spears) · 17 points",
     "  Test Sword of Fire · DOMC +2"),
    ("markdown", "- 4 × Test Spearmen (Test Veteran, Test Long Spears) · 17 points",
     "- Test Sword of Fire · DOMC +2"),
    ("bbcode", "[*]4 × Test Spearmen (Test Veteran, Test Long Spears) · 17 points",
     "[*]Test Sword of Fire · DOMC +2"),
])
def test_text_names_each_entrys_options_and_the_picks(capsys, plain_rules: Path, style: str,
                                                      line: str, pick: str) -> None:
    assert main(["text", str(SIXTY), "--data", str(plain_rules), "--style", style]) == 0
    out = capsys.readouterr().out.splitlines()
    assert line in out and pick in out
    # the picks are headed with the game's word for them (picks_name)
    assert out[out.index(pick) - 1].strip("*[]b/ ").endswith("Test Artefacts") \
        or out[out.index(pick) - 2].strip("*[]b/ ").endswith("Test Artefacts")
    # the warlord's weapon adds 2 to his 20; the archers took nothing
    assert any(x.endswith("1 × Test Warlord (Test Great Weapon) · 22 points") for x in out)
    assert any(x.endswith("3 × Test Archers · 12 points") for x in out)
    assert out.index(pick) < next(i for i, x in enumerate(out) if "Legal" in x)
    assert any(SIXTY_PRINT in x for x in out)


def test_text_keeps_an_entry_with_options_apart_and_names_what_is_unknown(
        capsys, plain_rules: Path, tmp_path: Path) -> None:
    path = tmp_path / "mixed.warband.yaml"
    path.write_text(
        "schema: spherewars-warband/1\nname: Test Mixed\nfaction: test-relaunch-band\n"
        "entries:\n  - {combatant: test-warlord}\n"
        "  - {combatant: test-spearmen, count: 3}\n"
        "  - {combatant: test-spearmen, count: 5, options: {test-drill: 2, test-vet: 1}}\n"
        "  - {combatant: test-spearmen, count: 4}\n"
        "picks: [test-pact, test-no-such-relic]\n", encoding="utf-8")
    assert main(["text", str(path), "--data", str(plain_rules)]) in (0, 1)
    out = capsys.readouterr().out.splitlines()
    # the entries without options make one line (3 + 4), the one with options its own
    assert "  7 × Test Spearmen · 21 points" in out
    assert "  5 × Test Spearmen (Test Drill ×2, test-vet: not offered) · 17 points" in out
    assert "  Test Pact · 5 points" in out
    assert "  test-no-such-relic · not in the data, counts toward nothing" in out


# --- JSON Schemas ------------------------------------------------------------------------


def _schema(capsys, *args: str) -> dict:
    assert main(["schema", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_the_schemas_describe_options_units_and_picks(capsys) -> None:
    import jsonschema

    faction = _schema(capsys, "faction", "--system", "test-relaunch", "--data", str(RELAUNCH))
    data = yaml.safe_load((RELAUNCH / "test-relaunch-band.yaml").read_text(encoding="utf-8"))
    check = jsonschema.Draft202012Validator(faction)
    assert [e.message for e in check.iter_errors(data)] == []
    combatant = faction["$defs"]["Combatant"]["properties"]
    assert {"unit", "options"} <= set(combatant)
    # the faction schema of a game names its number stats as what an option may add
    adds = faction["$defs"]["Option"]["properties"]["adds"]
    assert set(adds["properties"]) == {"PB", "MAN", "DOM", "DOMC"}
    data["combatants"][0]["options"][0]["adds"] = {"DEF": 1}
    data["combatants"][0]["options"][0]["per_modle"] = True
    data["picks"][0]["adds"] = {"BP": 1}
    messages = " ".join(e.message for e in check.iter_errors(data))
    assert "'DEF' was unexpected" in messages and "'per_modle' was unexpected" in messages
    assert "'BP' was unexpected" in messages

    system = _schema(capsys, "system")
    data = yaml.safe_load((RELAUNCH / "test-relaunch.system.yaml").read_text(encoding="utf-8"))
    assert [e.message for e in
            jsonschema.Draft202012Validator(system).iter_errors(data)] == []
    option = system["$defs"]["SystemOption"]["properties"]
    assert "for" in option and option["for"]["description"]
    assert {"option", "option_tag"} <= set(system["$defs"]["Selector"]["properties"])

    warband = _schema(capsys, "warband")
    data = yaml.safe_load(SIXTY.read_text(encoding="utf-8"))
    check = jsonschema.Draft202012Validator(warband)
    assert list(check.iter_errors(data)) == []
    data["entries"][1]["options"]["test-veteran"] = 0
    data["picks"] = "test-crown"
    assert len(list(check.iter_errors(data))) == 2


def test_an_events_published_entries_carry_options_and_their_points(data: Catalogue) -> None:
    from builder.events.html import _entries
    from builder.events.submissions import entries_of

    rows = entries_of(load_warband(SIXTY), data)
    assert rows[1] == {"name": "Test Spearmen", "count": 4, "points": 17,
                       "options": ["Test Veteran", "Test Long Spears"]}
    assert rows[2] == {"name": "Test Archers", "count": 3, "points": 12}
    html = _entries({"entries": rows})
    assert "4× Test Spearmen (Test Veteran, Test Long Spears) · 17 pts" in html


# --- the line reader reads lists with options and picks as libyaml does -------------------


_OPTION_LINES = ["    options:", "      test-veteran: 1", "      test-long-spears: 2"]
_MORE_LINES = ["options:", "  options:", "      - x", "      a: b: c", "      x:", "  - sword",
               "- 'crown'", "-  z", "- 3", "- true", "- ~", "- []", "- a: 1", "      <<: 1",
               "      True: 1", "      1: 2", "      010: 1", "        deeper: 1", "    # c",
               "      test-veteran: 1", "   odd: 1", "  more", "- ", "",
               # hand-written flow style (read on the fast path too) and its near misses
               "    options: {test-veteran: 1, test-drill: 2}", "    options: {}",
               "picks: [sword, crown]", "picks: [ sword ,crown ]", "picks: [sword, [x]]",
               "    options: {a: 1, a: 2}", "    options: {a: 1,}", "    options: {a:1}",
               "    options: {a: {b: 1}}", "    options: {a: 'q'}", "picks: [a, b #c]",
               "picks: [1, true, ~, null, 010, x y]", "    options: {true: 1, 1: 2}",
               "  - {combatant: c, count: 2}", "- {combatant: c}", "  - {combatant: c,}",
               "  - {combatant: c, options: {a: 1}}", "  - {}", "    - {a: 1}"]


@st.composite
def _saved_lists(draw: st.DrawFn) -> str:
    """Lists in the layout the builder saves, with options and picks, then a few lines
    changed, moved, doubled or re-indented."""
    value = st.sampled_from(["1", "0", "x", "'q'", "x y", "", "a: b", "1e3", "true", "~",
                             "[]", "{}", "-1", "010", "x #c", "\"d\"", "*a", "&a x",
                             "[a, b]", "[ ]", "[a,b]", "[a, , b]", "[a, 1.5, y]",
                             "{a: 1}", "{ a: 2 , b: x }", "{a: 1, a: 2}", "{a}", "{a: }",
                             "{a: [1]}", "[{a: 1}]", "{a: 1} #c", "{Yes: 1}", "{a-b_c: 0x1}"])
    lines = ["schema: spherewars-warband/1", "name: A list", "faction: f", "entries:",
             "  - combatant: a", "    count: 3", *_OPTION_LINES,
             "  - combatant: b"]
    if draw(st.booleans()):
        lines += ["    options:", "      test-drill: 2"]
    else:  # (the flow style people write by hand)
        lines += ["    options: {test-drill: 2, test-veteran: 1}"]
    picks = draw(st.lists(st.sampled_from(["sword", "crown", "x"]), max_size=3))
    if draw(st.booleans()):
        lines += ["picks:", *(f"  - {p}" for p in picks), "notes: n"]
    else:
        lines += [f"picks: [{', '.join(picks)}]", "notes: n"]
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(lines) - 1))
        change = draw(st.integers(0, 3))
        head, colon, _rest = lines[at].partition(":")
        if change == 0 and colon:
            lines[at] = f"{head}: {draw(value)}"
        elif change == 1:
            lines[at] = " " * draw(st.integers(0, 8)) + lines[at].lstrip(" ")
        elif change == 2:
            lines.insert(at, draw(st.sampled_from(_MORE_LINES)))
        else:
            lines.insert(at, lines[at])
    return "\n".join(lines) + "\n"


@settings(max_examples=300, deadline=None)
@given(_saved_lists())
def test_the_line_reader_reads_options_and_picks_as_libyaml_does(text: str) -> None:
    from builder.data import _fast, parse_yaml

    simple = _fast.simple_data(text)
    if simple is not None:
        assert repr(parse_yaml("t.yaml", text).data) == repr(simple), text


@settings(max_examples=300, deadline=None)
@given(_saved_lists())
def test_the_fast_way_reads_a_list_with_options_and_picks_as_the_full_reader(text: str
                                                                             ) -> None:
    from tests.cli.test_validate_output import assert_the_fast_way_reads

    assert_the_fast_way_reads(text)


def test_a_saved_list_with_options_and_picks_is_read_on_the_fast_path() -> None:
    from builder.data import _fast, dump_yaml

    w = load_warband(SIXTY)
    data = _fast.simple_data(dump_yaml(w.to_data()))
    assert data is not None and data["picks"] == ["test-sword-of-fire"]
    assert data["entries"][1]["options"] == {"test-veteran": 1, "test-long-spears": 1}
    assert _fast.well_formed(data) == w


def test_a_hand_written_list_in_flow_style_is_read_on_the_fast_path() -> None:
    from builder.data import _fast, parse_yaml

    text = ("schema: spherewars-warband/1\nname: By hand\nfaction: test-relaunch-band\n"
            "entries:\n  - combatant: test-spearmen\n    count: 4\n"
            "    options: {test-veteran: 1, test-long-spears: 1}\n"
            "  - combatant: test-archers\n    count: 3\n    options: {}\n"
            "picks: [test-sword-of-fire, test-crown]\n")
    data = _fast.simple_data(text)
    assert data is not None and data == parse_yaml("t.yaml", text).data
    assert data["picks"] == ["test-sword-of-fire", "test-crown"]
    assert data["entries"][0]["options"] == {"test-veteran": 1, "test-long-spears": 1}
    assert data["entries"][1]["options"] == {}
    entries = text.partition("entries:\n")[0] + (
        "entries:\n  - {combatant: test-scout, count: 1}\n  - {combatant: test-archers}\n")
    data = _fast.simple_data(entries)
    assert data is not None and data == parse_yaml("t.yaml", entries).data
    assert data["entries"] == [{"combatant": "test-scout", "count": 1},
                               {"combatant": "test-archers"}]
