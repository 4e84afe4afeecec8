"""The engine's Python API as the app will use it: a roster built with the Editor, what it
offers where, its costs, findings, profiles and rules, and its state as plain data."""

from __future__ import annotations

import pytest

from builder.battlescribe import load_data_set
from builder.battlescribe.engine.editing import EditError, Editor
from builder.battlescribe.engine.state import roster_state, selection_info
from builder.battlescribe.linking import DataSet
from tests.battlescribe.helpers import TEST_FILES


@pytest.fixture(scope="module")
def data() -> DataSet:
    return load_data_set(TEST_FILES)


def test_what_a_force_and_a_selection_offer(data: DataSet) -> None:
    editor = Editor(data, "Offers")
    [entry] = editor.force_entries(catalogue_id="ts-fac")
    force = editor.add_force(entry.id, "ts-fac")
    offers = {o.name: o for o in editor.offers(force)}
    assert list(offers) == ["Captain", "Trooper", "Mascot"]
    trooper = offers["Trooper"]
    assert (trooper.costs, trooper.chosen, trooper.hidden) == (
        {"ts-pts": 10.0, "ts-fuel": 0.0}, 0, False)
    assert [(lim.type, lim.field, lim.scope, lim.value) for lim in trooper.limits] == [
        ("max", "selections", "force", 5.0)]
    selection = editor.select(force, trooper.id)
    editor.set_count(selection, 2)
    assert {o.name: o.chosen for o in editor.offers(force)}["Trooper"] == 2
    weapons = editor.offers(selection)
    assert [(o.name, o.group, o.chosen) for o in weapons] == [
        ("Spear", "Weapon", 2), ("Bow", "Weapon", 0)]


def test_a_roster_through_the_editor(data: DataSet) -> None:
    editor = Editor(data, "Wardens")
    force = editor.add_force("ts-fe-warband", "ts-fac")
    captain = editor.select(force, "ts-captain")
    banner = editor.select(captain, "ts-captain-banner::ts-banner")
    ev = editor.evaluation
    assert ev.totals == {"ts-pts": 65.0, "ts-fuel": 1.0}
    assert ev.costs(banner) == {"ts-pts": 15.0, "ts-fuel": 1.0}
    assert ev.findings == []
    info = selection_info(ev, captain)
    assert [p.name for p in info.profiles] == ["Captain"]
    assert [r.name for r in info.rules] == ["Brave"]
    second = editor.duplicate_selection(captain)
    assert [(f.owner_type, f.message) for f in editor.evaluation.findings] == [
        ("roster", "Roster is over the Points limit by 30Points"),
        ("category", "Warband has 1 too many selections of Leader (maximum 1)")]
    editor.remove(second)
    editor.deselect(banner)
    assert editor.evaluation.totals == {"ts-pts": 50.0, "ts-fuel": 0.0}
    copy = editor.duplicate_force(force)
    editor.customise(copy, name="Reserve")
    state = roster_state(editor.evaluation)
    assert [f.get("customName") for f in state["forces"]] == [None, "Reserve"]
    editor.remove_force(copy)
    assert len(editor.roster.forces) == 1


def test_what_cannot_be_done_changes_nothing(data: DataSet) -> None:
    editor = Editor(data, "Refused")
    force = editor.add_force("ts-fe-warband", "ts-fac")
    version = editor.roster.version
    for action in (lambda: editor.add_force("nowhere", "ts-fac"),
                   lambda: editor.select(force, "ts-spear"),
                   lambda: editor.force("ghost"),
                   lambda: editor.set_cost_limit("gold", 5)):
        with pytest.raises(EditError):
            action()
    assert editor.roster.version == version


def test_a_removed_force_or_selection_is_put_back_where_it_was(data: DataSet) -> None:
    """Undo's way back: the very objects, at their place, with what they hold."""
    editor = Editor(data, "Undone")
    force = editor.add_force("ts-fe-warband", "ts-fac")
    captain = editor.select(force, "ts-captain")
    banner = editor.select(captain, "ts-captain-banner::ts-banner")
    trooper = editor.select(force, "ts-trooper")
    before = roster_state(editor.evaluation)
    index = force.selections.index(captain)
    editor.remove(captain)
    assert editor.evaluation.totals["ts-pts"] == 10.0
    editor.put_back(captain, index)
    assert force.selections == [captain, trooper] and captain.children == [banner]
    assert roster_state(editor.evaluation) == before
    with pytest.raises(EditError):
        editor.put_back(captain, 0)  # (it is there already)
    second = editor.duplicate_force(force)
    editor.remove_force(second)
    editor.put_back(second, 1)
    assert editor.roster.forces == [force, second]
    assert editor.roster.find_selection(second.selections[0].id) is second.selections[0]
