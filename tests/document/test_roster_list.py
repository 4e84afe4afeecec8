"""The roster kind of list document (SPEC §10, issue 39): a BattleScribe roster read with its
data, checked in its context (a points limit for every list, an event), fingerprinted, saved
and written as text, with the engine's own test game (tests/fixtures/battlescribe) and the
real phalanx sample when ../shared is here."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from builder import i18n
from builder.battlescribe import ReadError
from builder.battlescribe.rosterio import MissingData
from builder.data import Catalogue
from builder.data.fingerprint import canonical_json, encode
from builder.document.files import is_roster, known_games
from builder.document.roster import RosterList
from builder.events import parse_event
from tests.battlescribe.helpers import FIXTURES, shared_battlescribe

ROSTER = FIXTURES / "test-roster.ros"
PHALANX = shared_battlescribe() / "data" / "phalanx-sample"


def load(path: Path = ROSTER, **context: object) -> RosterList:
    return RosterList.load(path, [FIXTURES], **context)  # type: ignore[arg-type]


def test_a_roster_reads_with_its_costs_against_their_limits() -> None:
    doc = load()
    assert (doc.kind, doc.name, doc.system, doc.factions) == ("roster", "Road Wardens",
                                                               "ts-sys", ("ts-fac",))
    assert [(c.name, c.value, c.limit) for c in doc.costs()] == [("Points", 106, 150),
                                                                ("Fuel", 1, None)]
    assert doc.legal and doc.report.findings == [] and doc.notes == []
    row = doc.check().to_json("r.ros")
    assert list(row) == ["path", "name", "system", "faction", "legal", "points",
                         "points_limit", "costs", "stats", "findings", "fingerprint",
                         "data_fingerprint"]
    assert row["faction"] == "Test Wanderers" and row["points"] == 106
    assert row["costs"] == [{"id": "ts-pts", "name": "Points", "value": 106, "limit": 150},
                            {"id": "ts-fuel", "name": "Fuel", "value": 1, "limit": None}]


def test_a_finding_names_its_owner_entry_and_constraint() -> None:
    doc = load()
    seen: list[object] = []
    doc.validated.connect(seen.append)
    trooper = doc.editor.selection("tr-06")
    doc.editor.set_count(trooper, 6)  # the force takes at most 5 troopers
    doc.refresh()
    assert seen == [doc.report] and not doc.legal
    (finding,) = doc.report.to_json("r.ros")["findings"]
    assert finding["rule"] == "bs-constraint" and finding["severity"] == "error"
    assert finding["owner"] == {"type": "selection", "entry": "ts-trooper"}
    assert (finding["entry"], finding["constraint"]) == ("ts-trooper", "ts-con-max-troopers")
    assert "Trooper" in finding["message"]


def _expected_fingerprint(troopers: int = 3) -> str:
    def sel(entry: str, n: int, children: list[list[object]] | None = None) -> list[object]:
        return [entry, n, sorted(children or [], key=canonical_json)]

    selections = [sel("ts-lib-mascot", 1),
                  sel("ts-captain", 1, [sel("ts-captain-banner::ts-banner", 1)]),
                  sel("ts-trooper", troopers, [sel("ts-bow", troopers)])]
    return encode({"system": "ts-sys", "forces": [
        {"entry": "ts-fe-warband", "catalogue": "ts-fac",
         "selections": sorted(selections, key=canonical_json)}]})


def test_the_fingerprint_is_spec_10s_canonical_form() -> None:
    doc = load()
    assert doc.fingerprint() == _expected_fingerprint()
    captain = doc.editor.selection("tr-04")
    doc.editor.customise(captain, name="Someone else", notes="changed")  # does not count
    doc.editor.set_cost_limit("ts-pts", 500)
    doc.refresh()
    assert doc.fingerprint() == _expected_fingerprint()
    doc.editor.set_count(doc.editor.selection("tr-06"), 4)  # numbers count
    doc.refresh()
    assert doc.fingerprint() == _expected_fingerprint(troopers=4)


def test_a_points_limit_for_every_list_replaces_the_first_cost_types_own() -> None:
    doc = load(points=100)
    assert [(c.value, c.limit) for c in doc.costs()][0] == (106, 100)
    assert [f.rule for f in doc.report.errors] == ["bs-cost-limit"]
    assert doc.roster.cost_limits == {"ts-pts": 150.0}  # the roster keeps its own
    assert load(points=150).legal


def test_an_event_checks_the_game_system_catalogues_limit_and_registration() -> None:
    doc = load()
    games = {"ts-sys": {"ts-fac", "ts-lib"}}
    event = parse_event("cup.event.yaml", (
        "schema: spherewars-event/1\nname: Cup\nsystem: ts-sys\npoints_limit: 120\n"
        f"factions: [ts-fac]\nlists:\n  - {{player: Ana, fingerprint: {doc.fingerprint()}}}\n"),
        Catalogue(), lambda: games)
    doc.set_event(event)
    assert doc.legal and doc.costs()[0].limit == 120
    checked = doc.check()
    assert checked.players == ("Ana",) and checked.registered is True
    other = event.model_copy(update={"system": "another-game", "factions": ["other-cat"],
                                     "points_limit": 100})
    doc.set_event(other)
    assert [f.rule for f in doc.report.errors] == ["bs-cost-limit", "event-system",
                                                   "event-faction"]
    assert "Test Wanderers" in doc.report.errors[2].message
    doc.editor.set_count(doc.editor.selection("tr-06"), 4)  # not the list registered
    doc.set_event(event)
    assert [f.rule for f in doc.report.errors] == ["list-not-registered"]


ROSTER_EVENT_WORDS = {
    "en": [("event-system", "Cup plays another-game; this roster is for the game system Test "
             "Skirmish System (ts-sys)"),
           ("event-faction", "catalogue 'Test Wanderers' (ts-fac) is not allowed at Cup "
            "(allowed: other-cat, x-cat)"),
           ("event-faction", "catalogue 'Test Wanderers' (ts-fac) is not allowed at Cup "
            "(allowed: none)")],
    "es": [("event-system", "Cup se juega a another-game; esta lista es del sistema de juego "
            "Test Skirmish System (ts-sys)"),
           ("event-faction", "el catálogo 'Test Wanderers' (ts-fac) no está permitido en Cup "
            "(permitidos: other-cat, x-cat)"),
           ("event-faction", "el catálogo 'Test Wanderers' (ts-fac) no está permitido en Cup "
            "(permitidos: ninguna)")],
}
"""What an event's own checks of a roster said before their sentences moved to
builder/rules/wording.py (issue 38), word for word."""


@pytest.mark.parametrize("language", ["en", "es"])
def test_an_events_findings_on_a_roster_read_word_for_word(language: str) -> None:
    i18n.set_language(language)
    doc = load()
    event = parse_event("cup.event.yaml", (
        "schema: spherewars-event/1\nname: Cup\nsystem: ts-sys\nfactions: [ts-fac]\n"),
        Catalogue(), lambda: {"ts-sys": {"ts-fac", "ts-lib"}})
    said = []
    for update in ({"system": "another-game", "factions": ["other-cat", "x-cat"]},
                   {"factions": []}):
        doc.set_event(event.model_copy(update=update))
        said += [(f.rule, f.message) for f in doc.report.errors]
    assert said == ROSTER_EVENT_WORDS[language]


def test_an_event_file_names_battlescribe_games_only_when_they_are_there() -> None:
    from builder.data import DataError

    text = "schema: spherewars-event/1\nname: Cup\nsystem: ts-sys\nfactions: [ts-fac]\n"
    with pytest.raises(DataError, match="unknown game system 'ts-sys'"):
        parse_event("cup.event.yaml", text, Catalogue(), lambda: {})
    assert known_games([FIXTURES])["ts-sys"] == {"ts-fac", "ts-lib"}
    event = parse_event("cup.event.yaml", text, Catalogue(), lambda: known_games([FIXTURES]))
    assert event.system == "ts-sys" and event.factions == ["ts-fac"]
    rules = text + "rules:\n  - {id: x, name: X, count: {models: {}}, at_most: 1}\n"
    with pytest.raises(DataError, match="rules are for a SphereWars game"):
        parse_event("cup.event.yaml", rules, Catalogue(), lambda: known_games([FIXTURES]))


def test_a_roster_whose_data_is_not_installed_names_it_and_is_untouched(tmp_path: Path) -> None:
    copy = tmp_path / "road.ros"
    shutil.copy(ROSTER, copy)
    before = (copy.read_bytes(), os.stat(copy).st_mtime_ns)
    with pytest.raises(MissingData) as caught:
        RosterList.load(copy)
    assert [(m.kind, m.id, m.name, m.revision) for m in caught.value.missing] == [
        ("gameSystem", "ts-sys", "Test Skirmish System", 3),
        ("catalogue", "ts-fac", "Test Wanderers", 7)]
    assert "'Test Skirmish System'" in str(caught.value)
    assert (copy.read_bytes(), os.stat(copy).st_mtime_ns) == before


def test_a_fifo_named_like_a_roster_is_refused_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "trap.ros"
    os.mkfifo(fifo)
    with pytest.raises(ReadError, match="not a regular file"):
        RosterList.load(fifo, [FIXTURES])


@pytest.mark.parametrize("name", ["again.ros", "again.rosz"])
def test_saved_and_read_again_it_is_the_same_roster(tmp_path: Path, name: str) -> None:
    doc = load()
    out = tmp_path / name
    doc.save(out)
    again = load(out)
    assert again.fingerprint() == doc.fingerprint() and again.costs() == doc.costs()
    assert is_roster(out) and is_roster(tmp_path / "X.ROSZ") and not is_roster("a.yaml")
    out.chmod(0o444)
    doc.save(out, replace_read_only=True)  # (the app asked first)
    assert load(out).fingerprint() == doc.fingerprint()


def test_its_text_shows_forces_categories_selections_costs_verdict_fingerprint() -> None:
    doc = load()
    text = doc.text()
    lines = text.splitlines()
    assert lines[:2] == ["Road Wardens",
                         "Test Skirmish System · Test Wanderers · Points 106/150 · Fuel 1"]
    assert "Warband (Test Wanderers)" in lines and "Leader" in lines and "Troops" in lines
    assert "  1 × Old Marta (Captain) · 50 Points" in lines
    assert "    1 × Ancient Banner · 15 Points, 1 Fuel" in lines
    assert "  3 × Trooper · 30 Points" in lines and "    3 × Bow · 6 Points" in lines
    assert lines.index("Troops") < lines.index("Uncategorised")  # what has none, last
    assert "✔ Legal under the game's data" in lines
    assert lines[-1] == f"Fingerprint: {doc.fingerprint()}"
    markdown = doc.text("markdown")
    assert "**Road Wardens**" in markdown and "  - 1 × Ancient Banner" in markdown
    assert "[b]Road Wardens[/b]" in doc.text("bbcode")


def test_printouts_and_play_mode_come_from_the_roster_as_checked(tmp_path: Path,
                                                                  user_dir: Path) -> None:
    from builder.document import PdfOptions
    from tests.export.helpers import pdf_text

    doc = load(points=100)
    summary = doc.summary()  # (as checked: the limit for every list, its findings)
    assert [(c.name, c.value, c.limit) for c in summary.costs][0] == ("Points", 106, 100)
    assert [f.rule for f in summary.findings] == ["bs-cost-limit"] and not summary.legal
    out = tmp_path / "road.pdf"
    doc.export_pdf(out, PdfOptions(cards=False))
    text = pdf_text(out.read_bytes())
    assert "Road Wardens" in text and f"Roster fingerprint {doc.fingerprint()}" in text
    plan = doc.play_plan()
    assert plan.list_name == "Road Wardens" and plan.fingerprint == doc.fingerprint()


@pytest.mark.skipif(not PHALANX.is_dir(), reason="../shared/battlescribe is not here")
def test_the_phalanx_sample_roster_has_the_costs_battlescribe_wrote() -> None:
    doc = RosterList.load(PHALANX / "Test Roster 1.ros", [PHALANX])
    assert [(c.name, c.value, c.limit) for c in doc.costs()] == [("Points", 114, 200),
                                                                ("Fuel", 32, None)]
    assert doc.legal and doc.report.faction == "Grannies"
