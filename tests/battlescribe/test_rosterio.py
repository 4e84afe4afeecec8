"""Rosters on disk (SPEC §10): ``.ros`` and ``.rosz`` read, linked to the data, counted again
and written back in BattleScribe's layout; a roster for data not installed names what it
needs."""

from __future__ import annotations

import glob
from pathlib import Path

import pytest

from builder.battlescribe import ReadError, data_from_json, data_set, load_data_set, load_data_sets
from builder.battlescribe.engine.editing import Editor
from builder.battlescribe.engine.evaluate import Evaluation
from builder.battlescribe.engine.state import roster_state
from builder.battlescribe.rosterio import (
    MissingData,
    read_roster,
    read_roster_file,
    roster_xml,
    write_roster,
)
from tests.battlescribe.helpers import FIXTURES, TEST_FILES, shared_battlescribe, zipped
from tests.battlescribe.xsd import Schema

TEST_ROSTER = FIXTURES / "test-roster.ros"
SCHEMA = shared_battlescribe() / "schema" / "Catalogue.xsd"
PHALANX = shared_battlescribe() / "data" / "phalanx-sample"
needs_schema = pytest.mark.skipif(not SCHEMA.is_file(), reason="BSData's schema is not here")


@pytest.fixture(scope="module")
def data():
    return load_data_set(TEST_FILES)


def _shape(state: dict) -> list:
    """What a roster's state says, without its generated ids."""
    def selection(s: dict) -> tuple:
        return (s["name"], s["number"], s.get("customName"), s.get("customNotes"),
                [(c["typeId"], c["value"]) for c in s["costs"]],
                [selection(c) for c in s["children"]])
    return [(f["name"], f.get("customNotes"), [selection(s) for s in f["selections"]])
            for f in state["forces"]] + [[(c["typeId"], c["value"]) for c in state["costs"]],
                                         state["costLimits"], state["validationErrors"]]


def test_our_roster_reads_links_and_counts_again(data) -> None:
    loaded = read_roster_file(TEST_ROSTER, [data])
    assert loaded.warnings == []
    ev = Evaluation(loaded.roster)
    assert ev.totals == {"ts-pts": 106.0, "ts-fuel": 1.0}
    assert loaded.roster.cost_limits == {"ts-pts": 150.0}
    assert ev.findings == []
    state = roster_state(ev)
    [force] = state["forces"]
    assert force["id"] == "tr-02" and force["customNotes"] == "Campaign week 3"
    captain = next(s for s in force["selections"] if s["name"] == "Captain")
    assert (captain["id"], captain["customName"], captain["customNotes"]) == (
        "tr-04", "Old Marta", "Leads from the front")
    trooper = next(s for s in force["selections"] if s["name"] == "Trooper")
    assert trooper["number"] == 3
    assert [(c["name"], c["number"]) for c in trooper["children"]] == [("Bow", 3)]


def test_written_roster_is_the_file_it_was_read_from(data) -> None:
    loaded = read_roster_file(TEST_ROSTER, [data])
    written = roster_xml(loaded.roster)
    original = TEST_ROSTER.read_text(encoding="utf-8")
    # the file is ours, written by the builder (a comment added after the declaration)
    without_comment = "\n".join(line for line in original.splitlines()
                                 if not line.startswith(("<!--", "     The costs"))) + "\n"
    assert written == without_comment


def test_costs_written_in_a_file_are_not_trusted(data) -> None:
    text = TEST_ROSTER.read_text(encoding="utf-8").replace('value="106.0"', 'value="1.0"')
    loaded = read_roster(text.encode(), "edited.ros", data)
    assert Evaluation(loaded.roster).totals["ts-pts"] == 106.0


def test_write_and_read_again_keeps_the_roster(data, tmp_path: Path) -> None:
    editor = Editor(data, "Round Trip")
    force = editor.add_force("ts-fe-warband", "ts-fac")
    captain = editor.select(force, "ts-captain")
    editor.select(captain, "ts-captain-banner::ts-banner")
    trooper = editor.select(force, "ts-trooper")
    editor.set_count(trooper, 4)
    editor.customise(trooper, name="Gate guards", notes="<&> kept as written")
    editor.customise(editor.roster, notes="Roster notes")
    editor.set_cost_limit("ts-pts", 250)
    before = roster_state(editor.evaluation)
    for name in ("round.ros", "round.rosz"):
        path = tmp_path / name
        write_roster(path, editor.roster)
        again = read_roster_file(path, [data])
        assert again.warnings == []
        after = roster_state(Evaluation(again.roster))
        assert _shape(after) == _shape(before)
        assert after["id"] == before["id"] and after["customNotes"] == "Roster notes"
        assert [s["id"] for s in after["forces"][0]["selections"]] == \
            [s["id"] for s in before["forces"][0]["selections"]]
    assert (tmp_path / "round.rosz").read_bytes()[:2] == b"PK"


def test_rosz_reads_like_its_ros(data) -> None:
    loaded = read_roster(zipped("test-roster.ros", TEST_ROSTER.read_bytes()), "x.rosz", data)
    assert Evaluation(loaded.roster).totals == {"ts-pts": 106.0, "ts-fuel": 1.0}


def test_a_roster_for_data_not_installed_names_what_it_needs(data) -> None:
    text = TEST_ROSTER.read_bytes()
    with pytest.raises(MissingData) as missing:
        read_roster(text.replace(b'gameSystemId="ts-sys"', b'gameSystemId="other"'),
                    "other.ros", data)
    [need] = missing.value.missing
    assert (need.kind, need.id, need.name, need.revision) == (
        "gameSystem", "other", "Test Skirmish System", 3)
    assert "needs the game system 'Test Skirmish System' ('other') (revision 3)" in \
        str(missing.value.problems[0])
    system_only = data_set([data.game_system])
    with pytest.raises(MissingData) as missing:
        read_roster(text, "test-roster.ros", system_only)
    assert [(n.kind, n.id, n.name, n.revision) for n in missing.value.missing] == [
        ("catalogue", "ts-fac", "Test Wanderers", 7)]
    with pytest.raises(MissingData):
        read_roster_file(TEST_ROSTER, [])


def test_an_entry_the_data_no_longer_has_is_left_out_with_a_warning(data) -> None:
    text = TEST_ROSTER.read_text(encoding="utf-8").replace(
        'entryId="ts-lib-mascot"', 'entryId="ts-retired"')
    loaded = read_roster(text.encode(), "old.ros", data)
    [warning] = loaded.warnings
    assert warning.severity == "warning" and warning.line == 16
    assert "the selection 'Mascot' ('ts-retired') is not in the installed data" in \
        warning.message
    assert Evaluation(loaded.roster).totals["ts-pts"] == 101.0


@pytest.mark.parametrize(("text", "message"), [
    (b"<catalogue/>", "a BattleScribe roster is <roster>"),
    (b'<roster xmlns="http://www.battlescribe.net/schema/rosterSchema" '
     b'battleScribeVersion="2.03"/>', "names no game system"),
    (b'<roster battleScribeVersion="1.15" gameSystemId="ts-sys"/>', "1.15"),
    (b"<roster", "ends in the middle of a tag"),
])
def test_files_that_are_not_rosters_are_refused(data, text: bytes, message: str) -> None:
    with pytest.raises(ReadError) as refused:
        read_roster(text, "bad.ros", data)
    assert message in str(refused.value.problems[0])


def test_an_empty_roster_is_written_with_an_empty_forces_element() -> None:
    system = data_from_json({"id": "g", "name": "G", "revision": 1}, "gameSystem", "setup")
    xml = roster_xml(Editor(data_set([system]), "Empty").roster)
    assert "<forces/>" in xml and 'gameSystemRevision="1"' in xml


@needs_schema
def test_what_we_write_is_valid_by_bsdatas_schema(data) -> None:
    schema = Schema(SCHEMA)
    loaded = read_roster_file(TEST_ROSTER, [data])
    assert schema.validate(roster_xml(loaded.roster)) == []
    assert schema.validate(TEST_ROSTER.read_bytes()) == []
    # the validator does see mistakes
    broken = TEST_ROSTER.read_text(encoding="utf-8").replace(' number="3"', "", 1)
    assert schema.validate(broken.encode()) == [
        "roster/forces/force/selections/selection: required attribute number is missing"]


@pytest.mark.skipif(not PHALANX.is_dir(), reason="the shared BattleScribe data is not here")
def test_a_roster_battlescribe_wrote_is_read_and_counted() -> None:
    sets = load_data_sets(sorted(glob.glob(str(PHALANX / "*.gst")) +
                                 glob.glob(str(PHALANX / "*.cat"))))
    loaded = read_roster_file(PHALANX / "Test Roster 1.ros", sets)
    assert loaded.warnings == []
    ev = Evaluation(loaded.roster)
    names = {c.id: c.name for c in loaded.roster.cost_types()}
    assert {names[t]: v for t, v in ev.totals.items()} == {"Points": 114.0, "Fuel": 32.0}
    assert ev.findings == []
    if SCHEMA.is_file():
        assert Schema(SCHEMA).validate(roster_xml(loaded.roster, ev)) == []


def test_forces_are_written_in_the_rosters_order_so_its_fingerprint_holds(tmp_path: Path) -> None:
    """New Recruit SHOWS top-level forces in name order, but a roster keeps the order its
    forces were added in (or written in, by BattleScribe): saving must not reorder them, or the
    fingerprint (SPEC §10: forces in roster order) would change on every save of a roster whose
    forces were not added alphabetically."""
    from builder.battlescribe.fingerprint import roster_fingerprint

    system = data_from_json({"id": "g", "name": "G", "revision": 1, "forceEntries": [
        {"id": "fe-z", "name": "Zeta Force"}, {"id": "fe-a", "name": "Alpha Force"}]},
        "gameSystem", "setup")
    data = data_set([system])
    editor = Editor(data, "Order")
    editor.add_force("fe-z", None)
    editor.add_force("fe-a", None)
    before = roster_fingerprint(editor.roster)
    path = tmp_path / "order.ros"
    write_roster(path, editor.roster)
    text = path.read_text(encoding="utf-8")
    assert text.index('entryId="fe-z"') < text.index('entryId="fe-a"')
    again = read_roster_file(path, [data])
    assert [f.entry.id for f in again.roster.forces] == ["fe-z", "fe-a"]
    assert roster_fingerprint(again.roster) == before
