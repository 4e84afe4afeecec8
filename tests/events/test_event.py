"""Tournament events (SPEC §6): the event file, `spherewars event` and its four reports."""

from __future__ import annotations

import csv
import io
import json
import time
from html.parser import HTMLParser
from pathlib import Path

import pytest

from builder.cli import main
from builder.data import Catalogue, DataError, load_warband
from builder.data.fingerprint import list_fingerprint
from builder.events import check_list, load_event, parse_event
from builder.model.event import check_fingerprint
from tests.conftest import TEST_DATA, TEST_FACTIONS
from tests.helpers import warband

EVENT = """\
schema: spherewars-event/1
name: Test Cup
date: 2027-03-14
system: spherewars-1e
points_limit: 150
factions: [test-faction]
rules:
  - {id: troop-cap, name: Troops, count: {models: {type: troop}}, at_most: 3}
"""

HOSTILE_NAME = "<script>alert('x')</script> & \"Co\""


def list_text(name: str, entries: list[tuple[str, int]], faction: str = "test-faction") -> str:
    lines = ["schema: spherewars-warband/1", f"name: {json.dumps(name)}",
             f"faction: {faction}", "entries:"]
    lines += [f"  - {{combatant: {c}, count: {n}}}" for c, n in entries]
    return "\n".join(lines) + "\n"


@pytest.fixture
def catalogue() -> Catalogue:
    return Catalogue.load([TEST_FACTIONS], user=False)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    lists = tmp_path / "lists"
    lists.mkdir()
    (lists / "good.warband.yaml").write_text(
        list_text("Good", [("test-leader", 1), ("test-runner", 1)]), encoding="utf-8")
    (lists / "hordes.warband.yaml").write_text(
        list_text(HOSTILE_NAME, [("test-leader", 1), ("test-grunt", 4)]), encoding="utf-8")
    return lists


def write_event(tmp_path: Path, text: str = EVENT) -> Path:
    path = tmp_path / "cup.event.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


# --- the event file ------------------------------------------------------------------------


def test_event_file_reads(tmp_path: Path, catalogue: Catalogue):
    event = load_event(write_event(tmp_path), catalogue)
    assert event.name == "Test Cup"
    assert event.date is not None and event.date.isoformat() == "2027-03-14"
    assert event.points_limit == 150 and event.rules[0].id == "troop-cap"
    assert event.header() == {"name": "Test Cup", "date": "2027-03-14", "points_limit": 150,
                              "system": "spherewars-1e"}


@pytest.mark.parametrize(("text", "where", "message"), [
    (EVENT.replace("name: Test Cup", "nmae: Test Cup"), "2:1", "did you mean 'name'?"),
    (EVENT.replace("points_limit: 150", "points_limit: lots"), "5:15", "points_limit must be an "
                                                                       "integer >= 0"),
    (EVENT.replace("system: spherewars-1e", "system: spherewars-2e"), "4:1",
     "unknown game system 'spherewars-2e' (did you mean 'spherewars-1e'?)"),
    (EVENT.replace("{type: troop}", "{type: trop}"), "8:58", "did you mean 'troop'?"),
    (EVENT.replace("at_most: 3", "at_most: max_same"), "8:76",
     "unknown parameter 'max_same' (did you mean 'max_same_combatant'?)"),
    (EVENT.replace("date: 2027-03-14", "date: soon"), "3:7", "expected a date"),
    (EVENT + "lists:\n  - {player: Ana, fingerprint: NOPE}\n", "10:32", "is not a fingerprint"),
    (EVENT.replace("system: spherewars-1e\n", ""), "6:1", "give 'system' as well"),
    (EVENT.replace("spherewars-event/1", "spherewars-event/2"), "1:9",
     "this program reads spherewars-event/1"),
    ("schema: spherewars-warband/1\nname: x\n", "1:9", "this is a warband list"),
])
def test_event_mistakes_are_placed(tmp_path: Path, catalogue: Catalogue, text: str, where: str,
                                   message: str):
    with pytest.raises(DataError) as caught:
        load_event(write_event(tmp_path, text), catalogue)
    text_of = str(caught.value)
    assert f"cup.event.yaml:{where}: " in text_of, text_of
    assert message in text_of


def test_fingerprints_typed_by_hand_are_read_as_meant():
    assert check_fingerprint(" k7q2-9xhm ") == "K7Q2-9XHM"
    assert check_fingerprint("O1L2-IOAB") == "0112-10AB"


def test_a_player_registered_twice_is_an_error_naming_both_lines(tmp_path: Path,
                                                                  catalogue: Catalogue):
    text = EVENT + "lists:\n  - {player: Ana, fingerprint: AAAA-BBBB}\n" \
                   "  - {player: Bo, fingerprint: aaaa-bbbb}\n" \
                   "  - {player: ana , fingerprint: CCCC-DDDD}\n"
    with pytest.raises(DataError) as caught:
        load_event(write_event(tmp_path, text), catalogue)
    assert str(caught.value) == (f"{tmp_path / 'cup.event.yaml'}:12:6: player 'ana' is "
                                 "registered twice (lines 10 and 12): a player registers one "
                                 "list")
    # two players bringing the same list is fine (SPEC §6)
    same = EVENT + "lists:\n  - {player: Ana, fingerprint: AAAA-BBBB}\n" \
                   "  - {player: Bo, fingerprint: aaaa-bbbb}\n"
    event = load_event(write_event(tmp_path, same), catalogue)
    assert event.registrations == {"AAAA-BBBB": ("Ana", "Bo")}


@pytest.mark.parametrize("case", ["bomb", "deep", "big", "binary"])
def test_hostile_event_files_are_refused_quickly(tmp_path: Path, catalogue: Catalogue,
                                                 case: str):
    path = tmp_path / "x.event.yaml"
    if case == "bomb":
        lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
        lines += [f"a{i}: &a{i} [*a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}, "
                  f"*a{i-1}, *a{i-1}, *a{i-1}, *a{i-1}]" for i in range(1, 10)]
        path.write_text("\n".join(lines))
    elif case == "deep":
        path.write_text("name: " + "[" * 5000 + "]" * 5000)
    elif case == "big":
        path.write_text("name: x\n" + "# padding\n" * 120_000)
    else:
        path.write_bytes(b"name: \xff\xfe\n")
    start = time.perf_counter()
    with pytest.raises(DataError):
        load_event(path, catalogue)
    assert time.perf_counter() - start < 1.0


def test_schema_event(capsys):
    code, out, _ = run(capsys, "schema", "event")
    schema = json.loads(out)
    assert code == 0
    assert set(schema["required"]) == {"schema", "name"}
    assert {"points_limit", "factions", "rules", "data", "lists"} <= set(schema["properties"])


# --- checking lists against an event -------------------------------------------------------


def test_event_rules_and_limit_apply(catalogue: Catalogue):
    event = parse_event("e.yaml", EVENT, catalogue)
    over = check_list(event, warband([("test-leader", 1), ("test-grunt", 4)],
                                     points_limit=999), catalogue)
    rules = {f.rule: f for f in over.report.findings}
    assert rules["troop-cap"].amount == 4 and rules["troop-cap"].bound == 3
    assert over.report.points_limit == 150  # the event's limit replaces the list's own
    assert not over.legal


def test_event_system_and_faction(tmp_path: Path, catalogue: Catalogue):
    event = parse_event("e.yaml", EVENT.replace("[test-faction]", "[soimi]"), catalogue)
    checked = check_list(event, warband([("test-leader", 1)]), catalogue)
    assert [f.rule for f in checked.report.findings] == ["event-faction"]
    other = parse_event("e.yaml", EVENT.replace("system: spherewars-1e", "system: torn")
                        .replace("rules:\n  - {id: troop-cap, name: Troops, count: {models: "
                                 "{type: troop}}, at_most: 3}\n", ""),
                        _with_system(tmp_path, catalogue, "torn"))
    checked = check_list(other, warband([("test-leader", 1)]), catalogue)
    assert "event-system" in [f.rule for f in checked.report.findings]


def _with_system(tmp_path: Path, catalogue: Catalogue, system_id: str) -> Catalogue:
    """The catalogue with one more (tiny, test-only) system loaded."""
    path = tmp_path / f"{system_id}.yaml"
    path.write_text(f"schema: spherewars-system/1\nid: {system_id}\nname: Test system\n"
                    "stats: []\ntypes: [{id: hero, name: Hero}]\n", encoding="utf-8")
    return Catalogue.load([TEST_FACTIONS, path], user=False)


def test_registered_lists(catalogue: Catalogue):
    mine = warband([("test-leader", 1), ("test-runner", 1)])
    text = EVENT + f"lists:\n  - {{player: Ana, fingerprint: {list_fingerprint(mine)}}}\n"
    event = parse_event("e.yaml", text, catalogue)
    registered = check_list(event, mine, catalogue)
    assert registered.player == "Ana" and registered.legal
    assert registered.to_json("a.yaml")["player"] == "Ana"
    swapped = check_list(event, warband([("test-leader", 1), ("test-runner", 1),
                                         ("test-grunt", 1)]), catalogue)
    assert swapped.player is None
    assert [f.rule for f in swapped.report.findings] == ["list-not-registered"]
    assert "player" not in swapped.to_json("b.yaml")


def test_an_event_with_an_empty_list_of_lists_registers_no_one(catalogue: Catalogue):
    """``lists: []`` is an event that registers lists and has registered none yet (not an
    event without registration): every list is reported as not registered."""
    event = parse_event("e.yaml", EVENT + "lists: []\n", catalogue)
    mine = warband([("test-leader", 1), ("test-runner", 1)])
    checked = check_list(event, mine, catalogue)
    assert [f.rule for f in checked.report.findings] == ["list-not-registered"]
    assert checked.registered is False and not checked.legal
    assert f"fingerprint {list_fingerprint(mine)} is not among the 0 lists registered for " \
        "Test Cup" in checked.report.findings[0].message
    # without `lists:` at all, nothing is said of registration
    assert check_list(parse_event("e.yaml", EVENT, catalogue), mine, catalogue).registered \
        is None


ANY_MODEL = "  - {id: test-no-models, count: {models: {}}, at_most: 0}\n"
"""An event rule every list with a model breaks."""


def test_an_events_rules_are_not_applied_to_a_list_of_another_game():
    """An event of SphereWars checks a list of another game for its game (event-system), not
    against its rules, which name that game's types and stats (an event with rules names its
    game); a list of the event's game is checked against them."""
    catalogue = Catalogue.load([TEST_FACTIONS, TEST_DATA / "engine"], user=False)
    event = parse_event("e.yaml", EVENT.replace("factions: [test-faction]\n", "") + ANY_MODEL,
                        catalogue)
    other = check_list(event, warband([("test-warlord", 1)], faction="test-host"), catalogue)
    assert [f.rule for f in other.report.findings] == ["event-system"]
    same = check_list(event, warband([("test-leader", 1)]), catalogue)
    assert "test-no-models" in [f.rule for f in same.report.findings]


# --- the command ---------------------------------------------------------------------------


def test_event_text_and_exit_status(tmp_path: Path, folder: Path, capsys):
    code, out, _ = run(capsys, "event", str(write_event(tmp_path)), str(folder),
                       "--data", str(TEST_FACTIONS))
    assert code == 1
    assert out.splitlines()[0] == "Event: Test Cup · 2027-03-14 · spherewars-1e · 150 pts"
    assert "Troops: 4 Troops hired; at most 3 allowed\n" in out and "troop-cap" not in out
    assert "2 lists: 1 legal, 1 illegal, 0 unreadable" in out

    (folder / "hordes.warband.yaml").unlink()
    code, _, _ = run(capsys, "event", str(write_event(tmp_path)), str(folder),
                     "--data", str(TEST_FACTIONS))
    assert code == 0
    (folder / "broken.warband.yaml").write_text("schema: [\n")
    code, out, _ = run(capsys, "event", str(write_event(tmp_path)), str(folder),
                       "--data", str(TEST_FACTIONS))
    assert code == 2 and "broken.warband.yaml:2:1" in out and "1 legal" in out


def test_event_json(tmp_path: Path, folder: Path, capsys, catalogue: Catalogue):
    good = load_warband(folder / "good.warband.yaml")
    text = EVENT + f"lists:\n  - {{player: Ana, fingerprint: {list_fingerprint(good)}}}\n"
    code, out, _ = run(capsys, "event", str(write_event(tmp_path, text)), str(folder),
                       "--data", str(TEST_FACTIONS), "--format", "json")
    doc = json.loads(out)
    assert code == 1
    assert doc["event"] == {"name": "Test Cup", "date": "2027-03-14", "points_limit": 150,
                            "system": "spherewars-1e"}
    by_name = {f["name"]: f for f in doc["files"]}
    assert by_name["Good"]["player"] == "Ana" and by_name["Good"]["legal"]
    assert by_name["Good"]["fingerprint"] == list_fingerprint(good)
    assert by_name["Good"]["data_fingerprint"] is not None
    hordes = by_name[HOSTILE_NAME]
    assert "player" not in hordes
    assert {f["rule"] for f in hordes["findings"]} == {"troop-cap", "list-not-registered"}
    assert doc["summary"] == {"files": 2, "legal": 1, "illegal": 1, "unreadable": 0}


def test_event_csv_parses_back(tmp_path: Path, folder: Path, capsys):
    (folder / "broken.warband.yaml").write_text("schema: [\n")
    out_file = tmp_path / "report.csv"
    code, out, _ = run(capsys, "event", str(write_event(tmp_path)), str(folder),
                       "--data", str(TEST_FACTIONS), "--format", "csv", "-o", str(out_file))
    assert code == 2 and out == ""
    raw = out_file.read_text(encoding="utf-8")
    assert raw.startswith("\ufeffpath,")  # a BOM: spreadsheets read the file as UTF-8
    rows = list(csv.DictReader(io.StringIO(raw[1:])))
    assert list(rows[0]) == ["path", "player", "name", "faction", "points", "points_limit",
                             "legal", "fingerprint", "data_fingerprint", "rules"]
    by_file = {Path(r["path"]).name: r for r in rows}
    assert by_file["good.warband.yaml"]["legal"] == "true"
    assert by_file["good.warband.yaml"]["points"] == "120"
    assert by_file["good.warband.yaml"]["points_limit"] == "150"
    hordes = by_file["hordes.warband.yaml"]
    assert hordes["name"] == HOSTILE_NAME  # commas, quotes and angle brackets survive
    assert hordes["legal"] == "false" and hordes["rules"] == "troop-cap"
    broken = by_file["broken.warband.yaml"]
    assert broken["legal"] == "false" and "broken.warband.yaml:2:1" in broken["rules"]


def test_csv_cells_are_not_formulas(tmp_path: Path, folder: Path, capsys):
    (folder / "good.warband.yaml").write_text(
        list_text("=HYPERLINK(\"http://x\")", [("test-leader", 1)]), encoding="utf-8")
    _, out, _ = run(capsys, "event", str(write_event(tmp_path)), str(folder),
                    "--data", str(TEST_FACTIONS), "--format", "csv")
    names = [r["name"] for r in csv.DictReader(io.StringIO(out))]
    assert "'=HYPERLINK(\"http://x\")" in names


class _Page(HTMLParser):
    """What a browser would see: the table's cells, the text, and any tag a list smuggled."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.rows: list[list[str]] = []
        self.text: list[str] = []
        self._cell: list[str] | None = None
        self._in_body = False
        self.external: list[str] = []
        self.details: list[str] = []
        self._detail = False

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        attrs = dict(attrs)
        if tag in ("link", "img", "script") and (attrs.get("src") or attrs.get("href")):
            self.external.append(tag)
        if tag == "tbody":
            self._in_body = True
        elif tag == "tr" and self._in_body:
            self.rows.append([])
            if attrs.get("class") == "detail":  # the folded entries and findings
                self._detail = True
        elif tag == "td" and self._in_body:
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None:
            self.rows[-1].append("".join(self._cell))
            self._cell = None
        elif tag == "tr" and self._detail:
            self.details.append(self.rows.pop()[0])
            self._detail = False

    def handle_data(self, data):
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def test_event_html_parses_back_and_escapes(tmp_path: Path, folder: Path, capsys):
    out_file = tmp_path / "report.html"
    code, _, _ = run(capsys, "event", str(write_event(tmp_path)), str(folder),
                     "--data", str(TEST_FACTIONS), "--format", "html", "-o", str(out_file))
    assert code == 1
    page = _Page()
    page.feed(out_file.read_text(encoding="utf-8"))
    assert page.tags.count("script") == 1  # ours (sorting); the list's name is not a tag
    assert page.external == []  # self-contained
    assert len(page.rows) == 2
    names = [row[2] for row in page.rows]
    assert HOSTILE_NAME in names  # shown as text, exactly
    hordes = page.rows[names.index(HOSTILE_NAME)]
    assert hordes[6] == "ILLEGAL" and hordes[9] == "troop-cap"
    text = "".join(page.text)
    assert "Troops: 4 Troops hired; at most 3 allowed" in text
    assert "@media print" in text


def test_data_pin(tmp_path: Path, folder: Path, capsys, catalogue: Catalogue):
    from builder.events import faction_fingerprint

    right = faction_fingerprint(catalogue, "test-faction")
    assert right is not None
    pinned = EVENT + f"data: {{test-faction: {right}}}\n"
    code, _, _ = run(capsys, "event", str(write_event(tmp_path, pinned)), str(folder),
                     "--data", str(TEST_FACTIONS))
    assert code == 1  # same data: the lists are checked
    wrong = EVENT + "data: {test-faction: AAAA-BBBB}\n"
    code, out, err = run(capsys, "event", str(write_event(tmp_path, wrong)), str(folder),
                         "--data", str(TEST_FACTIONS))
    assert code == 2 and out == ""
    assert "test-faction" in err and "AAAA-BBBB" in err and right in err


def test_broken_event_file_exits_2(tmp_path: Path, folder: Path, capsys):
    code, out, err = run(capsys, "event", str(write_event(tmp_path, "schema: [")), str(folder))
    assert code == 2 and out == "" and "cup.event.yaml:2:1" in err




# --- the list pack -------------------------------------------------------------------------


def _pdf(path: Path) -> list[str]:
    from pypdf import PdfReader

    return [" ".join(page.extract_text().split()) for page in PdfReader(str(path)).pages]


def _pack(tmp_path: Path, folder: Path, capsys, *extra: str) -> list[str]:
    pack = tmp_path / "pack.pdf"
    (folder / "good.warband.yaml").write_text(
        list_text("Good", [("test-leader", 1), ("test-runner", 1)])
        + "notes: secret plan of Ana\n", encoding="utf-8")
    good = load_warband(folder / "good.warband.yaml")
    text = EVENT + f"lists:\n  - {{player: Ana Player, fingerprint: {list_fingerprint(good)}}}\n"
    code, _, _ = run(capsys, "event", str(write_event(tmp_path, text)), str(folder),
                     "--data", str(TEST_FACTIONS), "--pack", str(pack), *extra)
    assert code == 1
    return _pdf(pack)


def test_pack_pages_and_footers(tmp_path: Path, folder: Path, capsys):
    pages = _pack(tmp_path, folder, capsys)
    cover, sheets = pages[0], pages[1:]
    assert "Test Cup" in cover and "Ana Player" in cover and "Good" in cover
    firsts = [i for i, p in enumerate(sheets) if "turn summary · page 1" in p]
    assert len(firsts) == 2  # each list's sheet starts on its own page
    # each list's whole turn summary sheet, its game's turn reference included (SPEC §6)
    assert sum("Turn reference · from the" in p for p in pages) == 2
    good = load_warband(folder / "good.warband.yaml")
    for page in sheets[:firsts[1]]:
        assert f"list 1 of 2 · Ana Player · fingerprint {list_fingerprint(good)}" in page
    # every sheet names its player in its heading and footer (SPEC §6)
    assert sheets[firsts[0]].startswith("Good — Ana Player ")
    assert "Good — Ana Player · turn summary · page 1" in sheets[firsts[0]]
    for page in sheets[firsts[1]:]:
        assert "list 2 of 2 · unregistered · fingerprint" in page
    assert "secret plan of Ana" in sheets[firsts[0]]  # notes printed when not anonymised
    assert "Share code of this list" in sheets[firsts[0]]  # the QR code's caption
    # the sheet's own footer knows the data too, as the pack's does
    assert "(faction not loaded)" not in " ".join(sheets)
    # the event's verdict, not only the system's
    assert "Troops: 4 Troops hired" in sheets[firsts[1]]


def test_anonymised_pack_names_nobody(tmp_path: Path, folder: Path, capsys):
    pages = _pack(tmp_path, folder, capsys, "--anonymise")
    text = "\n".join(pages)
    for secret in ("Ana Player", "secret plan", "Good", "good.warband", "hordes.warband",
                   "script", "Player"):
        assert secret not in text, secret
    assert "List 1" in pages[0] and "List 2" in pages[0]
    # the share code carries the list's name and notes: no QR code in an anonymised pack
    assert "Share code of this list" not in text
    assert sum("turn summary · page 1" in p for p in pages) == 2  # one sheet a list
    assert any("list 2 of 2" in p for p in pages)
