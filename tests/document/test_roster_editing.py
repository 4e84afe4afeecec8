"""The roster kind's editing API (issue 39 item 4): what the app's undo commands call. Every
change is checked again and told to the listeners; what is taken out comes back, the very
objects, where it was. On the invented Test Mercenary Skirmish game
(tests/fixtures/battlescribe/mercenaries)."""

from __future__ import annotations

import pytest

from builder.battlescribe import load_data_set
from builder.battlescribe.engine.editing import EditError, Editor
from builder.battlescribe.engine.state import roster_state
from builder.battlescribe.linking import DataSet
from builder.document.roster import RosterList
from tests.battlescribe.helpers import FIXTURES

MERCENARIES = FIXTURES / "mercenaries"


@pytest.fixture(scope="module")
def data() -> DataSet:
    return load_data_set(sorted(MERCENARIES.iterdir()))


def new(data: DataSet) -> tuple[RosterList, list[object], list[str]]:
    doc = RosterList(data, Editor(data, "Reavers of the Test"))
    reports: list[object] = []
    details: list[str] = []
    doc.validated.connect(reports.append)
    doc.details_changed.connect(lambda: details.append(doc.name))
    return doc, reports, details


def names(doc: RosterList) -> list[tuple[str, int]]:
    return [(s.node.name, s.number) for s in doc.roster.walk_selections()]


def test_a_force_comes_with_what_it_requires_and_offers_what_can_be_added(
        data: DataSet) -> None:
    doc, reports, _details = new(data)
    assert [e.name for e in doc.force_entries("tm-reavers")] == ["Warband", "Hired Swords"]
    force = doc.add_force("tm-fe-warband", "tm-reavers")
    assert reports == [doc.report]
    assert names(doc) == [("Captain", 1), ("Dagger", 1)]  # the minimums, chosen by themselves
    offered = {o.name: o.hidden for o in doc.offers(force)}
    assert offered["War Dog"] and not offered["Champion"]  # hidden until a Champion comes
    doc.select(force, "tm-champion")
    assert not {o.name: o.hidden for o in doc.offers(force)}["War Dog"]
    assert [(c.name, c.value, c.limit) for c in doc.costs()] == [
        ("Gold Crowns", 95, 500), ("Warband Rating", 32, None)]


def test_select_says_whether_it_made_a_selection_or_grew_one(data: DataSet) -> None:
    doc, reports, _details = new(data)
    force = doc.add_force("tm-fe-warband", "tm-reavers")
    made = doc.select(force, "tm-warriors")
    assert made.grown_from is None and made.selection in force.selections
    warrior = made.selection.children[0]
    grown = doc.select(made.selection, "tm-warrior")
    assert grown.selection is warrior and grown.grown_from == 1 and warrior.amount == 2
    doc.set_count(warrior, 5)
    assert warrior.number == 5 and doc.costs()[0].value == 60 + 125
    with pytest.raises(EditError):
        doc.set_count(warrior, 0)  # (taking it out is remove_selection)
    assert len(reports) == 4


def test_what_is_removed_is_put_back_where_it_was(data: DataSet) -> None:
    doc, _reports, _details = new(data)
    force = doc.add_force("tm-fe-warband", "tm-reavers")
    champion = doc.select(force, "tm-champion").selection
    doc.select(force, "tm-youngblood")
    before = roster_state(doc.editor.evaluation)
    place = doc.remove_selection(champion)
    assert champion not in force.selections and place.index == 1
    assert any(f.severity == "warning" for f in doc.report.findings)  # a Youngblood alone
    doc.put_back(place)
    assert force.selections[1] is champion
    assert roster_state(doc.editor.evaluation) == before and doc.report.findings == []
    second = doc.duplicate_force(force)
    taken = doc.remove_force(second)
    assert doc.roster.forces == [force]
    doc.put_back(taken)
    assert doc.roster.forces == [force, second]
    with pytest.raises(EditError):
        doc.put_back(taken)  # (it is there already)


def test_names_notes_and_limits(data: DataSet) -> None:
    doc, reports, details = new(data)
    force = doc.add_force("tm-fe-warband", "tm-reavers")
    captain = force.selections[0]
    doc.set_name(doc.roster, "Grey Reavers")
    doc.set_name(captain, "Old Hans")
    doc.set_notes(captain, "Lost an eye")
    doc.set_cost_limit("tm-gc", 50)
    assert details == ["Grey Reavers", "Grey Reavers"]  # the roster's name and its limit
    assert (doc.name, captain.custom_name, captain.custom_notes) == (
        "Grey Reavers", "Old Hans", "Lost an eye")
    assert doc.cost_limit("tm-gc") == 50 and not doc.legal
    doc.set_cost_limit("tm-gc", None)
    assert doc.cost_limit("tm-gc") is None and doc.legal
    doc.set_name(captain, "")
    assert captain.custom_name is None
    assert len(reports) == 7
