"""The one summary a roster's printouts and play plan are made from: what it holds of a known
roster, in the order and words the data gives."""

from __future__ import annotations

from builder.battlescribe.engine.editing import Editor
from builder.battlescribe.fingerprint import roster_fingerprint
from builder.export.roster.summary import summarise_roster
from tests.export.roster.helpers import (
    ENGINE,
    TWENTY,
    printing_data,
    printing_roster,
    skirmish_data,
    skirmish_roster,
)


def test_the_test_roster_with_its_forces_categories_selections_and_costs() -> None:
    roster = skirmish_roster()
    s = summarise_roster(roster)
    assert (s.name, s.system_name, s.system_revision) == ("Road Wardens",
                                                          "Test Skirmish System", 3)
    assert s.catalogues == (("Test Wanderers", 7),)
    [force] = s.forces
    assert (force.shown_name, force.catalogue, force.notes) == ("Warband", "Test Wanderers",
                                                                "Campaign week 3")
    assert [(c.name, [x.shown_name for x in c.selections]) for c in force.categories] == [
        ("Uncategorized", ["Mascot"]), ("Leader", ["Old Marta"]), ("Troops", ["Trooper"])]
    captain = force.categories[1].selections[0]
    assert (captain.name, captain.custom_name, captain.notes) == (
        "Captain", "Old Marta", "Leads from the front")
    assert dict(captain.costs) == {"ts-pts": 50.0, "ts-fuel": 0.0}
    assert dict(captain.total) == {"ts-pts": 65.0, "ts-fuel": 1.0}  # with its banner
    [banner] = captain.children
    assert (banner.name, banner.number, dict(banner.costs)["ts-pts"]) == ("Ancient Banner", 1,
                                                                         15.0)
    trooper = force.categories[2].selections[0]
    assert (trooper.number, trooper.children[0].name, trooper.children[0].number) == (
        3, "Bow", 3)
    assert [(c.name, c.shown, c.over) for c in s.costs] == [("Points", "106 / 150", False),
                                                            ("Fuel", "1", False)]
    assert s.legal and s.findings == ()
    assert s.fingerprint == roster_fingerprint(roster) == "DVFT-CT8M"


def test_profiles_by_type_with_the_types_columns_and_each_rule_once() -> None:
    s = summarise_roster(skirmish_roster())
    [table] = s.profile_tables
    assert (table.name, table.columns) == ("Model", ("Move", "Fight"))
    assert [(p.name, table.cells(p)) for p in table.rows] == [("Captain", ('6"', "4")),
                                                             ("Dagger", ("-", "+1"))]
    # the captain and his banner both have Brave: one rule
    assert [(r.name, r.page) for r in s.rules] == [("Brave", "12")]


def test_twenty_characteristics_in_the_datas_order_and_one_row_per_profile() -> None:
    s = summarise_roster(printing_roster(walkers=4))
    tables = {t.name: t for t in s.profile_tables}
    assert list(tables) == ["Test Trooper Profile", "Test Engine", "Test Weapon"]
    assert tables["Test Engine"].columns == tuple(f"Test {n}" for n in TWENTY)
    # four walkers and a hero carry the same rifle: one row
    assert [p.name for p in tables["Test Weapon"].rows] == ["Test Rifle"]
    assert [p.name for p in tables["Test Trooper Profile"].rows] == ["Test Hero", "Test Walker"]
    assert [u.shown_name for u in s.units] == ["Captain Testa", "Test Walker Squad", ENGINE]


def test_an_illegal_roster_says_why_and_what_is_over() -> None:
    roster = printing_roster()
    editor = Editor(printing_data(), roster.name, roster)
    editor.set_cost_limit("tp-pts", 100)
    s = summarise_roster(roster)
    assert not s.legal
    assert [f.message for f in s.findings] == ["Roster is over the Points limit by 122Points"]
    assert [(c.shown, c.over) for c in s.costs] == [("222 / 100", True)]


def test_a_summary_is_made_again_for_an_edited_roster() -> None:
    roster = skirmish_roster()
    first = summarise_roster(roster)
    editor = Editor(skirmish_data(), roster.name, roster)
    trooper = next(s for s in roster.walk_selections() if s.node.id == "ts-trooper")
    editor.set_count(trooper, 4)
    again = summarise_roster(roster)
    assert again.fingerprint != first.fingerprint
    assert [c.value for c in again.costs] == [118.0, 1.0]
