"""The one summary every printout is rendered from."""

from __future__ import annotations

import datetime

import pytest

from builder.export.profile import AbilityLine
from builder.export.summary import summarise
from tests.export import helpers as h


def _faction():
    return h.faction([
        h.combatant(1),
        h.combatant(2, type="messenger", profile={"PE": 20, "MAN": 1, "POD": 2}),
        h.leader(),
        h.combatant(3, type="avatar", profile={"PE": 60, "MAN": 1, "POD": 3, "PRE": 2}),
    ])


def test_profiles_in_print_order_by_type_then_list_order() -> None:
    w = h.warband([("test-trooper-1", 2), ("test-trooper-2", 1), ("test-chief", 1),
                   ("test-trooper-3", 1), ("test-trooper-1", 1)])
    s = summarise(w, _faction(), h.universal())
    assert [p.id for p in s.profiles] == ["test-chief", "test-trooper-3", "test-trooper-2",
                                          "test-trooper-1"]
    assert [(line.combatant_id, line.count) for line in s.roster] == [
        ("test-chief", 1), ("test-trooper-3", 1), ("test-trooper-2", 1), ("test-trooper-1", 3)]
    assert s.profiles[-1].count == 3


def test_totals_and_derived_figures_come_from_the_rules() -> None:
    w = h.warband([("test-chief", 1), ("test-trooper-2", 1), ("test-trooper-3", 1)],
                  points_limit=150)
    s = summarise(w, _faction(), h.universal(), date=datetime.date(2030, 1, 2))
    assert s.stats.points == 120 + 20 + 60
    assert s.stats.orders == 3 + 1 + 1
    assert s.stats.power_gems == 2 + 3
    assert s.stats.deployment_drop == 3
    assert not s.legal
    assert [f.rule for f in s.findings] == ["points-limit"]
    assert s.date == datetime.date(2030, 1, 2)


def test_pre_column_only_when_some_combatant_has_it() -> None:
    f = _faction()
    without = summarise(h.warband([("test-chief", 1)]), f, h.universal())
    assert "PRE" not in without.stat_columns
    assert "PRE" not in dict(without.profiles[0].stats)
    with_pre = summarise(h.warband([("test-chief", 1), ("test-trooper-3", 1)]), f,
                         h.universal())
    assert with_pre.stat_columns == ("PE", "CA", "MOV", "MAN", "DES", "PRE", "POT", "CON",
                                     "FUR", "POD")
    chief, avatar = with_pre.profiles
    assert "PRE" not in dict(chief.stats)  # a card shows PRE only for a marksman
    assert dict(avatar.stats)["PRE"] == "2"
    assert dict(with_pre.roster[0].stats)["PRE"] == "–"


def test_stat_line_shows_dash_for_none_and_con_pairs() -> None:
    s = summarise(h.warband([("test-chief", 1)]), _faction(), h.universal())
    stats = dict(s.profiles[0].stats)
    assert stats["CON"] == "6-5"
    assert stats["POD"] == "–"
    assert [name for name, _v in s.profiles[0].stats] == [
        "PE", "CA", "MOV", "MAN", "DES", "POT", "CON", "FUR", "POD"]


def test_abilities_are_resolved_from_glossaries() -> None:
    f = h.faction([h.leader(abilities=["test-gift", "enorme", {"name": "Inline", "kind":
                                                                "enchantment"}])])
    s = summarise(h.warband([("test-chief", 1)]), f, h.universal())
    names = [(a.name, a.kind, a.scope) for a in s.profiles[0].abilities]
    assert names == [("Test gift", "passive", "racial"), ("Enorme", None, "universal"),
                     ("Inline", "enchantment", None)]
    assert "Precision" in (s.profiles[0].abilities[1].text or "")


@pytest.mark.parametrize(("ability", "label"), [
    (AbilityLine("a", "feat", difficulty=5, successes=2), "feat 5, 2 successes"),
    (AbilityLine("a", "feat", difficulty=4), "feat 4, 1 success"),
    (AbilityLine("a", "feat", difficulty="A"), "feat A, automatic"),
    (AbilityLine("a", "feat"), "feat"),
    (AbilityLine("a", "passive"), "passive"),
    (AbilityLine("a", "enchantment"), "enchantment"),
    (AbilityLine("a"), ""),
])
def test_ability_labels(ability: AbilityLine, label: str) -> None:
    assert ability.label == label


def test_unknown_combatant_is_a_roster_line_without_a_profile() -> None:
    s = summarise(h.warband([("test-chief", 1), ("ghost", 2)]), _faction(), h.universal())
    assert [p.id for p in s.profiles] == ["test-chief"]
    ghost = s.roster[-1]
    assert (ghost.combatant_id, ghost.count, ghost.known) == ("ghost", 2, False)
    assert s.unknown == (ghost,)
    assert any(f.rule == "unknown-combatant" for f in s.findings)


def test_unknown_faction_still_summarises_with_the_finding() -> None:
    s = summarise(h.warband([("test-chief", 1)], faction_id="nobody"), None, h.universal())
    assert s.faction_name is None
    assert s.profiles == ()
    assert [f.rule for f in s.findings] == ["unknown-faction"]
    assert [(line.combatant_id, line.known) for line in s.roster] == [("test-chief", False)]


def test_figures_are_the_systems_in_its_order() -> None:
    """The sheet's numbers are the game system's figures with their names and help."""
    f = h.faction([h.leader(), h.leader(id="test-second", name="Test Second",
                                        profile={"PE": 90, "MAN": 2})])
    s = summarise(h.warband([("test-chief", 1), ("test-second", 1)]), f)
    assert [(x.id, x.name, x.shown) for x in s.figures] == [
        ("messengers", "Messengers", "0 / 5"),  # messenger_cap is its cap, folded in
        ("orders", "Orders", "5"), ("power_gems", "Power gems", "0"),
        ("deployment_drop", "Deployment", "3"),
        # the dice of the strategic roll: the highest leader's MAN (3, not 3 + 2)
        ("strategic_roll", "Strategic roll", "3")]
    assert all(x.help for x in s.figures)
    roll = next(x for x in s.figures if x.id == "strategic_roll")
    assert "single die" in roll.help  # once a leader is lost, whatever the list says
    assert s.game.id == "spherewars-1e" and s.game.reference == "spherewars-1e"
