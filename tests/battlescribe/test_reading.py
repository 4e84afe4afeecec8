"""Reading one BattleScribe file: its header, its definitions, what is kept and what is
refused (SPEC §10)."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.battlescribe import ReadError, data_from_json, read_data, read_data_file
from builder.battlescribe.model import EMPTY, Entry
from tests.battlescribe.helpers import TEST_FACTION, TEST_LIBRARY, TEST_SYSTEM, zipped


def test_the_header_of_a_game_system_and_of_a_catalogue() -> None:
    system = read_data_file(TEST_SYSTEM)
    assert (system.kind, system.id, system.name, system.revision) == (
        "gameSystem", "ts-sys", "Test Skirmish System", 3)
    assert system.battlescribe_version == "2.03" and system.game_system_id is None
    faction = read_data_file(TEST_FACTION)
    assert (faction.kind, faction.id, faction.revision, faction.library) == (
        "catalogue", "ts-fac", 7, False)
    assert (faction.game_system_id, faction.game_system_revision) == ("ts-sys", 3)
    [link] = faction.catalogue_links
    assert (link.target_id, link.name, link.import_root_entries) == (
        "ts-lib", "Test Armoury", True)
    assert read_data_file(TEST_LIBRARY).library is True


def test_definitions_are_read_with_their_places() -> None:
    faction = read_data_file(TEST_FACTION)
    captain, trooper = faction.selection_entries
    assert isinstance(captain, Entry) and captain.kind == "selectionEntry"
    assert (captain.name, captain.type, captain.page, captain.line) == (
        "Captain", "unit", "20", 10)
    assert [(c.type_id, c.value) for c in captain.costs] == [("ts-pts", 50.0), ("ts-fuel", 0)]
    [profile] = captain.profiles
    assert [(c.name, c.value) for c in profile.characteristics] == [
        ("Move", '6"'), ("Fight", "4")]
    [group] = trooper.selection_entry_groups
    assert group.default_selection_entry_id == "ts-spear"
    assert [c.type for c in group.constraints] == ["min", "max"]
    assert trooper.modifiers is EMPTY  # absent lists are the shared empty tuple
    rule = read_data_file(TEST_SYSTEM).shared_rules[0]
    assert rule.description == "Brave models ignore the first fear test of a game."


def test_unknown_elements_and_attributes_are_kept_and_ignored() -> None:
    faction = read_data_file(TEST_FACTION)
    [future] = faction.extra
    assert (future.tag, future.text, future.raw) == (
        "x:futureElement", "a future element", {"x:note": "kept, not used"})
    assert faction.selection_entries[0].raw["futureAttribute"] == "kept"


def test_a_zipped_file_reads_as_the_file_itself(tmp_path: Path) -> None:
    catz = tmp_path / "faction.catz"
    catz.write_bytes(zipped("Test Wanderers.cat", TEST_FACTION.read_bytes()))
    assert read_data_file(catz).selection_entries[1].name == "Trooper"


def test_setup_json_builds_the_same_model_as_xml() -> None:
    """One path: the adapter's JSON mirrors the XML, and gives the same objects."""
    xml = read_data(b"""<catalogue id="c" name="C" gameSystemId="g"
        xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries>
        <selectionEntry id="se" name="Unit" type="unit" hidden="true"><costs>
        <cost name="pts" typeId="pts" value="12.5"/></costs><rules><rule id="r" name="R">
        <description>Text</description></rule></rules><profiles><profile id="p" name="P"
        typeId="t" typeName="T"><characteristics><characteristic name="A" typeId="a">3+
        </characteristic></characteristics></profile></profiles></selectionEntry>
        </selectionEntries></catalogue>""", "x.cat")
    json = data_from_json({"id": "c", "name": "C", "gameSystemId": "g", "selectionEntries": [
        {"id": "se", "name": "Unit", "type": "unit", "hidden": True,
         "costs": [{"name": "pts", "typeId": "pts", "value": 12.5}],
         "rules": [{"id": "r", "name": "R", "description": "Text"}],
         "profiles": [{"id": "p", "name": "P", "typeId": "t", "typeName": "T",
                       "characteristics": [{"name": "A", "typeId": "a", "value": "3+\n"}]}]}]},
        "catalogue", "setup")
    for read in (xml, json):
        [entry] = read.selection_entries
        assert (entry.id, entry.name, entry.hidden, entry.costs[0].value) == (
            "se", "Unit", True, 12.5)
        assert entry.rules[0].description == "Text"
        assert entry.profiles[0].characteristics[0].value.strip() == "3+"


@pytest.mark.parametrize("version", ["1.15", "1.0", "0.9b"])
def test_a_file_in_an_older_format_is_refused_naming_its_version(version: str) -> None:
    with pytest.raises(ReadError) as info:
        read_data(f'<gameSystem id="g" name="G" battleScribeVersion="{version}"/>'.encode(),
                  "old.gst")
    [problem] = info.value.problems
    assert (problem.line, problem.column) == (1, 1)
    assert f"format '{version}'" in problem.message and "2.00" in problem.message


def test_newer_formats_are_read() -> None:
    for version in ("2.00", "2.01", "2.03", "3.1"):
        read_data(f'<gameSystem id="g" name="G" battleScribeVersion="{version}"/>'.encode(),
                  "g.gst")


@pytest.mark.parametrize(("xml", "where", "message"), [
    (b'<roster id="r"/>', (1, 1), "the root element is 'roster'"),
    (b'<catalogue id="c" name="C"/>', (1, 1), "names no game system"),
    (b'<gameSystem name="G"/>', (1, 1), "has no id"),
    (b'<gameSystem id="g">\n  <costTypes>\n</gameSystem>', (3, 3), "does not match"),
    (b'', (1, 1), "ends before its first element"),
])
def test_what_cannot_be_used_is_refused_at_its_place(xml: bytes, where: tuple[int, int],
                                                     message: str) -> None:
    with pytest.raises(ReadError) as info:
        read_data(xml, "bad.gst")
    [problem] = info.value.problems
    assert (problem.line, problem.column) == where and message in problem.message
    assert str(problem).startswith(f"bad.gst:{where[0]}:{where[1]}: ")


def test_a_number_that_is_not_one_is_a_warning_and_its_default() -> None:
    cat = read_data(b'<catalogue id="c" name="C" gameSystemId="g"><selectionEntries>\n'
                    b'<selectionEntry id="s" name="S" type="unit"><costs>\n'
                    b'<cost name="pts" typeId="pts" value="NaN"/></costs>\n'
                    b'<constraints><constraint id="k" type="max" value="lots" field="selections"'
                    b' scope="parent"/></constraints></selectionEntry></selectionEntries>'
                    b'</catalogue>', "n.cat")
    [entry] = cat.selection_entries
    assert entry.costs[0].value == 0 and entry.constraints[0].value == 0
    assert [(w.line, w.message) for w in cat.warnings] == [
        (3, "value='NaN' is not a number; 0 is used"),
        (4, "value='lots' is not a number; 0 is used")]
    assert all(w.severity == "warning" for w in cat.warnings)
