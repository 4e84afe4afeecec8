"""Hostile BattleScribe data and rosters for the engine (issue 37's list): absurd repeats and
numbers, values that are not numbers, links in circles, costs that feed on each other,
rosters of ten thousand forces or nested past any sense, rosters for data not installed, and
lines to the adapter that are not commands. Each ends in a value, a finding, a warning or a
message; never a traceback, a hang or an infinity."""

from __future__ import annotations

import io
import json
import math
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.battlescribe import ReadError, data_from_json, data_set, load_data_set
from builder.battlescribe import adapter as adapter_module
from builder.battlescribe.engine.editing import MAX_AUTO, MAX_NUMBER, EditError, Editor
from builder.battlescribe.engine.evaluate import Evaluation
from builder.battlescribe.engine.modifiers import MAX_TIMES
from builder.battlescribe.engine.state import roster_state
from builder.battlescribe.linking import DataSet
from builder.battlescribe.rosterio import MissingData, read_roster, roster_xml
from builder.battlescribe.xmlsafe import MAX_ATTRIBUTE, MAX_DEPTH
from tests.battlescribe.helpers import TEST_FILES

ROSTER_HEAD = ('<roster id="r" name="R" battleScribeVersion="2.03" gameSystemId="ts-sys" '
               'xmlns="http://www.battlescribe.net/schema/rosterSchema">')


def _data(catalogue: dict[str, Any]) -> DataSet:
    system = data_from_json({"id": "g", "name": "G", "forceEntries": [{"id": "fe", "name": "F"}],
                             "costTypes": [{"id": "pts", "name": "pts",
                                            "defaultCostLimit": -1}]}, "gameSystem", "g.gst")
    return data_set([system, data_from_json({"id": "c", "name": "C", "gameSystemId": "g",
                                             **catalogue}, "catalogue", "c.cat")])


def _cost(value: Any) -> list[dict[str, Any]]:
    return [{"name": "pts", "typeId": "pts", "value": value}]


@pytest.fixture(scope="module")
def test_data() -> DataSet:
    return load_data_set(TEST_FILES)


def test_a_repeat_of_a_billion_times_is_capped() -> None:
    data = _data({"selectionEntries": [{
        "id": "b", "name": "B", "type": "unit", "costs": _cost(1),
        "modifiers": [{"type": "increment", "field": "pts", "value": "1", "repeats": [
            {"value": 1, "repeats": 1_000_000_000, "field": "selections", "scope": "force",
             "childId": "b"}]}]}]})
    editor = Editor(data)
    force = editor.add_force("fe", "c")
    editor.select(force, "b")
    start = time.perf_counter()
    assert editor.evaluation.totals["pts"] == 1 + MAX_TIMES
    assert time.perf_counter() - start < 5


def test_numbers_that_are_not_numbers_change_nothing() -> None:
    data = _data({"selectionEntries": [{
        "id": "b", "name": "B", "type": "unit", "costs": _cost("NaN"),
        "constraints": [{"id": "k", "type": "max", "value": "inf", "field": "selections",
                         "scope": "force"}],
        "modifiers": [{"type": "set", "field": "pts", "value": "NaN"},
                      {"type": "multiply", "field": "pts", "value": "1e308"},
                      {"type": "divide", "field": "pts", "value": "0"},
                      {"type": "increment", "field": "k", "value": "-inf"}]}]})
    assert [p.message for p in data.warnings] == [
        "value='NaN' is not a number; 0 is used", "value='inf' is not a number; 0 is used"]
    editor = Editor(data)
    selection = editor.select(editor.add_force("fe", "c"), "b")
    editor.set_count(selection, 10**30)
    assert selection.number == MAX_NUMBER
    ev = editor.evaluation
    assert all(math.isfinite(v) for v in ev.totals.values())
    json.dumps(roster_state(ev), allow_nan=False)
    for bad in (math.nan, math.inf):
        with pytest.raises(EditError):
            editor.set_cost_limit("pts", bad)


def test_a_modifier_or_condition_the_builder_does_not_know_is_a_warning() -> None:
    data = _data({"selectionEntries": [{
        "id": "b", "name": "B", "type": "unit", "costs": _cost(5),
        "modifiers": [{"type": "explode", "field": "pts", "value": "3"},
                      {"type": "increment", "field": "pts", "value": "1",
                       "conditions": [{"type": "sometimes", "value": 1, "field": "selections",
                                       "scope": "self"}]}]}]})
    assert [p.message for p in data.warnings] == [
        "the modifier type 'explode' is not one the builder knows; the modifier is ignored",
        "the condition type 'sometimes' is not one the builder knows; the condition is never "
        "met"]
    editor = Editor(data)
    editor.select(editor.add_force("fe", "c"), "b")
    assert editor.evaluation.totals == {"pts": 5.0}


def test_a_percentage_of_nothing_is_no_error() -> None:
    data = _data({"selectionEntries": [
        {"id": "p", "name": "P", "type": "unit", "constraints": [
            {"id": "k", "type": "min", "value": 50, "field": "pts", "scope": "roster",
             "percentValue": True}]},
        {"id": "q", "name": "Q", "type": "unit", "modifiers": [
            {"type": "set", "field": "name", "value": "Half", "conditions": [
                {"type": "atLeast", "value": 50, "field": "pts", "scope": "roster",
                 "childId": "q", "percentValue": True}]}]}]})
    editor = Editor(data)
    force = editor.add_force("fe", "c")
    editor.select(force, "q")
    assert editor.evaluation.findings == []
    assert [s["name"] for s in roster_state(editor.evaluation)["forces"][0]["selections"]] \
        == ["Q"]


def test_links_in_a_circle_expand_once() -> None:
    data = _data({
        "sharedSelectionEntries": [
            {"id": "a", "name": "A", "type": "upgrade", "entryLinks": [
                {"id": "to-b", "name": "B", "targetId": "b", "type": "selectionEntry",
                 "constraints": [{"id": "ka", "type": "min", "value": 1,
                                  "field": "selections", "scope": "parent"}]}]},
            {"id": "b", "name": "B", "type": "upgrade", "entryLinks": [
                {"id": "to-a", "name": "A", "targetId": "a", "type": "selectionEntry",
                 "constraints": [{"id": "kb", "type": "min", "value": 1,
                                  "field": "selections", "scope": "parent"}]}]}],
        "entryLinks": [{"id": "root", "name": "A", "targetId": "a", "type": "selectionEntry"}]})
    editor = Editor(data)
    selection = editor.select(editor.add_force("fe", "c"), "root::a")
    depth = 0
    while selection.children:
        [selection] = selection.children
        depth += 1
    assert depth == 1  # A holds B; B's link back to A goes nowhere
    roster_state(editor.evaluation)


def test_costs_that_feed_on_each_other_settle_or_are_named() -> None:
    def flip(own: str, other: str, compare: str, value: int) -> dict[str, Any]:
        return {"id": own, "name": own.upper(), "type": "unit", "costs": _cost(2),
                "modifiers": [{"type": "increment", "field": "pts", "value": "3",
                               "conditions": [{"type": compare, "value": value, "field": "pts",
                                               "scope": "force", "childId": other}]}]}
    data = _data({"selectionEntries": [flip("x", "y", "lessThan", 4),
                                       flip("y", "x", "greaterThan", 3)]})
    editor = Editor(data)
    force = editor.add_force("fe", "c")
    editor.select(force, "x")
    editor.select(force, "y")
    ev = editor.evaluation
    assert ev.totals == {"pts": 4.0}
    assert [f.message for f in ev.findings] == [
        "The costs of X, Y depend on each other through their modifiers and never settle; "
        "those modifiers are left out"]


def test_a_minimum_of_a_million_fills_in_at_most_a_thousand() -> None:
    data = _data({"selectionEntries": [{"id": "m", "name": "M", "type": "model",
                                        "constraints": [{"id": "k", "type": "min",
                                                         "value": 1_000_000,
                                                         "field": "selections",
                                                         "scope": "force"}]}]})
    editor = Editor(data)
    force = editor.add_force("fe", "c")
    assert len(force.selections) == MAX_AUTO


def test_a_roster_of_ten_thousand_forces_reads_in_seconds(test_data: DataSet) -> None:
    force = ('<force id="f{i}" name="W" entryId="ts-fe-warband" catalogueId="ts-fac">'
             '<selections><selection id="s{i}" name="T" entryId="ts-trooper" number="1"/>'
             '</selections></force>')
    xml = (ROSTER_HEAD + "<forces>" + "".join(force.format(i=i) for i in range(10_000)) +
           "</forces></roster>").encode()
    start = time.perf_counter()
    loaded = read_roster(xml, "big.ros", test_data)
    ev = Evaluation(loaded.roster)
    assert len(loaded.roster.forces) == 10_000
    assert ev.totals["ts-pts"] == 100_000
    assert time.perf_counter() - start < 60


def test_selections_nested_a_hundred_thousand_deep_are_refused(test_data: DataSet) -> None:
    deep = (ROSTER_HEAD + '<forces><force id="f" entryId="ts-fe-warband" catalogueId="ts-fac">'
            + '<selections><selection id="s" entryId="ts-trooper">' * 100_000).encode()
    with pytest.raises(ReadError) as refused:
        read_roster(deep, "deep.ros", test_data)
    assert f"nested more than {MAX_DEPTH} deep" in refused.value.problems[0].message


def test_a_custom_name_longer_than_the_reader_reads_back_is_refused(
        test_data: DataSet) -> None:
    """A roster the engine writes must read back: a name is an attribute of its XML."""
    editor = Editor(test_data)
    force = editor.add_force("ts-fe-warband", "ts-fac")
    version = editor.roster.version
    with pytest.raises(EditError, match="a name of 10,001 characters is too long; at most "
                                        "10,000 are kept"):
        editor.customise(force, name="x" * (MAX_ATTRIBUTE + 1), notes="kept?")
    assert editor.roster.version == version and force.custom_notes is None
    editor.customise(editor.roster, name="y" * MAX_ATTRIBUTE)
    again = read_roster(roster_xml(editor.roster).encode(), "again.ros", test_data).roster
    assert again.name == "y" * MAX_ATTRIBUTE


def test_absurd_numbers_in_a_roster_are_bounded(test_data: DataSet) -> None:
    xml = (ROSTER_HEAD + '<forces><force id="f" entryId="ts-fe-warband" catalogueId="ts-fac">'
           '<selections><selection id="a" entryId="ts-trooper" number="99999999999999"/>'
           '<selection id="b" entryId="ts-trooper" number="-5"/>'
           '<selection id="c" entryId="ts-trooper" number="many"/></selections></force>'
           '</forces></roster>').encode()
    roster = read_roster(xml, "odd.ros", test_data).roster
    assert [s.number for s in roster.forces[0].selections] == [MAX_NUMBER, 1, 1]


def test_a_roster_for_a_game_not_installed_touches_nothing(test_data: DataSet) -> None:
    xml = b'<roster id="r" name="R" battleScribeVersion="2.03" gameSystemId="elsewhere" ' \
          b'gameSystemName="Far Away Game"><forces><force catalogueId="x" ' \
          b'catalogueName="X"/></forces></roster>'
    with pytest.raises(MissingData) as missing:
        read_roster(xml, "far.ros", test_data)
    assert [(n.kind, n.name) for n in missing.value.missing] == [("gameSystem", "Far Away Game")]


_names = st.sampled_from(["roster", "forces", "force", "selections", "selection", "costs",
                          "cost", "categories", "category", "customNotes", "costLimits",
                          "costLimit", "rules", "profiles", "x"])
_values = st.sampled_from(["ts-sys", "ts-fac", "ts-fe-warband", "ts-trooper", "ts-captain",
                           "ts-captain-banner::ts-banner", "ts-pts", "1", "-1", "NaN", "2.03",
                           "1e400", ""])
_attributes = st.dictionaries(st.sampled_from(
    ["id", "entryId", "catalogueId", "gameSystemId", "number", "typeId", "value",
     "battleScribeVersion", "customName"]), _values, max_size=5)


def _soup(depth: int) -> Any:
    leaf: Any = st.tuples(_names, _attributes, st.just([]))
    if depth == 0:
        return leaf
    return st.tuples(_names, _attributes, st.lists(_soup(depth - 1), max_size=3))


def _xml(tree: Any) -> str:
    name, attributes, children = tree
    text = "".join(f' {k}="{v}"' for k, v in attributes.items())
    return f"<{name}{text}>{''.join(_xml(c) for c in children)}</{name}>"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tree=_soup(4))
def test_any_roster_soup_is_a_roster_or_a_read_error(test_data: DataSet, tree: Any) -> None:
    xml = _xml(("roster", {"gameSystemId": "ts-sys", "battleScribeVersion": "2.03"},
                [tree]))
    try:
        loaded = read_roster(xml.encode(), "soup.ros", test_data)
    except ReadError:
        return
    ev = Evaluation(loaded.roster)
    json.dumps(roster_state(ev), allow_nan=False)
    roster_xml(loaded.roster, ev)


# ----- the adapter --------------------------------------------------------------------------

def _serve(lines: list[str]) -> list[dict[str, Any]]:
    out = io.StringIO()
    adapter_module.serve(io.StringIO("".join(lines)), out)
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_lines_that_are_not_commands_are_answered_and_the_session_goes_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(adapter_module, "MAX_LINE", 200)
    answers = _serve([
        "not json\n", "[1, 2]\n", "\n", '{"type": "fly", "corrId": 7}\n',
        '{"type": "action", "action": "selectEntry", "corrId": "a"}\n',
        '{"type": "setup", "gameSystem": {"id": "g", "name": "G", "forceEntries": '
        '[{"id": "fe", "name": "F"}]}, "catalogues": [], "corrId": 1}\n',
        '{"type": "action", "action": "addForce", "forceEntryId": "nothing", "corrId": 2}\n',
        '{"type": "action", "action": "warp", "corrId": 3}\n',
        '{"type": "action", "action": "setCostLimit", "costTypeId": "x", "value": "lots", '
        '"corrId": 4}\n',
        '{"type": "getState", "corrId": "' + "x" * 300 + '"}\n',
        '{"type": "getState", "corrId": 5}\n', '{"corrId": 6}\n', '{"type": [1]}\n',
        '{"type": "action", "action": "removeForce", "forceId": [null], "corrId": 8}\n',
    ])
    kinds = [(a.get("type"), a.get("ok"), a.get("corrId")) for a in answers]
    assert kinds == [("error", None, None), ("error", None, None), ("error", None, 7),
                     ("actionResult", False, "a"), ("setupResult", None, 1),
                     ("actionResult", False, 2), ("actionResult", False, 3),
                     ("actionResult", False, 4), ("error", None, None), ("state", None, 5),
                     ("error", None, 6), ("error", None, None), ("actionResult", False, 8)]
    assert "longer than 200 characters" in answers[8]["message"]
    assert answers[9]["forces"] == []
    assert answers[12]["error"] == "forceId is missing or not text"  # (was "… id [None]")
    assert [(a["message"], a.get("corrId")) for a in answers[10:12]] == [
        ("not a command: its type is missing or not text", 6),
        ("not a command: its type is missing or not text", None)]  # (was "None is not …")
