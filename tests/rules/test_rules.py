"""Recruiting rules (SPEC §3): one small roster per rule, at the cap and one above it."""

from __future__ import annotations

import pytest

from builder.rules import validate
from tests.helpers import make_faction, warband

L = ("test-leader", 1)  # MAN 2: allows 2 messengers


def rules_of(entries, limit=None, **building) -> list[str]:
    report = validate(warband(entries, points_limit=limit), make_faction(**building))
    return sorted(f.rule for f in report.findings)


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        ([L], []),
        ([("test-grunt", 1)], ["leader-required"]),
        ([], ["leader-required"]),
        # messengers: cap = MAN of the leaders
        ([L, ("test-runner", 2)], []),
        ([L, ("test-runner", 3)], ["messenger-limit"]),
        ([L, ("test-runner", 1), ("test-runner", 2)], ["messenger-limit"]),
        ([L, ("test-captain", 1), ("test-runner", 3)], []),  # each leader recruits his own
        ([("test-leader", 2), ("test-runner", 4)], []),  # two of the same leader: 2 × MAN 2
        ([("test-runner", 1), ("test-grunt", 1)], ["leader-required", "messenger-limit"]),
        # five of the same combatant
        ([L, ("test-grunt", 5)], []),
        ([L, ("test-grunt", 6)], ["same-combatant-limit"]),
        ([L, ("test-grunt", 3), ("test-grunt", 3)], ["same-combatant-limit"]),
        # a combatant's own max
        ([L, ("test-hero", 1)], []),
        ([L, ("test-hero", 2)], ["same-combatant-limit"]),
        ([L, ("test-hero", 1), ("test-hero", 1)], ["same-combatant-limit"]),
        # squads: three units
        ([L, ("test-squaddie", 3)], []),
        ([L, ("test-squaddie", 4)], ["squad-limit"]),
        ([L, ("test-squaddie", 2), ("test-squaddie", 2)], ["squad-limit"]),
        ([L, ("test-squaddie", 6)], ["same-combatant-limit", "squad-limit"]),
        # unknown combatants count toward nothing else
        ([L, ("ghost", 9)], ["unknown-combatant"]),
        ([("ghost", 1)], ["leader-required", "unknown-combatant"]),
    ],
)
def test_rule(entries, expected):
    assert rules_of(entries) == expected


@pytest.mark.parametrize(("limit", "expected"), [(None, []), (150, []), (149, ["points-limit"])])
def test_points_limit(limit, expected):
    # 100 + 2 × 20 + 10 = 150
    assert rules_of([L, ("test-runner", 2), ("test-grunt", 1)], limit) == expected


def test_points_override_replaces_the_lists_limit():
    w = warband([L], points_limit=50)
    assert not validate(w, make_faction()).legal
    report = validate(w, make_faction(), points_override=100)
    assert report.legal and report.points_limit == 100
    assert validate(w, make_faction(), points_override=99).points_limit == 99


@pytest.mark.parametrize(
    ("building", "entries", "expected"),
    [
        ({"max_same_combatant": 2}, [L, ("test-grunt", 2)], []),
        ({"max_same_combatant": 2}, [L, ("test-grunt", 3)], ["same-combatant-limit"]),
        ({"max_same_combatant": 8}, [L, ("test-grunt", 8)], []),
        ({"max_squad_units": 5}, [L, ("test-squaddie", 5)], []),
        ({"max_squad_units": 1}, [L, ("test-squaddie", 2)], ["squad-limit"]),
        ({"messengers_per_command": 2}, [L, ("test-runner", 4)], []),
        ({"messengers_per_command": 2}, [L, ("test-runner", 5)], ["messenger-limit"]),
        ({"messengers_per_command": 0}, [L, ("test-runner", 1)], ["messenger-limit"]),
    ],
)
def test_faction_overrides(building, entries, expected):
    assert rules_of(entries, **building) == expected


def test_own_max_wins_over_the_faction_default():
    assert rules_of([L, ("test-hero", 2)], max_same_combatant=9) == ["same-combatant-limit"]


def test_unknown_faction_runs_no_other_check():
    report = validate(warband([("ghost", 9)], faction="nobody", points_limit=1), None)
    assert [f.rule for f in report.findings] == ["unknown-faction"]
    assert "nobody" in report.findings[0].message
    assert report.stats.points == 0 and not report.legal


def test_messages_name_combatants_and_numbers():
    report = validate(warband([L, ("test-runner", 3), ("test-grunt", 6), ("test-squaddie", 4)],
                              points_limit=100), make_faction())
    by_rule = {f.rule: f for f in report.findings}
    assert by_rule["messenger-limit"].message == (
        "3 Messengers hired; the leaders' command allows 2 (Test Leader MAN 2)")
    assert by_rule["messenger-limit"].combatants == ("test-runner",)
    assert "6 × Test Grunt" in by_rule["same-combatant-limit"].message
    assert "5" in by_rule["same-combatant-limit"].message
    assert "4 × Test Squaddie" in by_rule["squad-limit"].message
    assert "3" in by_rule["squad-limit"].message
    assert by_rule["points-limit"].message == "280 points spent, the limit is 100"
    assert all(f.severity == "error" for f in report.findings)


def test_derived_figures():
    entries = [("test-leader", 1), ("test-captain", 1), ("test-avatar", 2), ("test-runner", 3),
               ("test-hero", 1), ("ghost", 4)]
    s = validate(warband(entries), make_faction()).stats
    assert s.points == 100 + 80 + 2 * 70 + 3 * 20 + 50
    assert s.models == 1 + 1 + 2 + 3 + 1  # unknown entries count toward nothing
    assert s.messengers == 3 and s.messenger_cap == 3
    assert s.orders == 2 + 1 + 2 * 1 + 0 + 0  # MAN of every combatant; none counts 0
    assert s.power_gems == 1 + 2 * 3
    assert s.deployment_drop == 2  # the leader with the highest MAN


def test_soimi_example_from_the_spec(tmp_path):
    from builder.data import Catalogue

    soimi = Catalogue.load(user=False).get("soimi")
    report = validate(warband([("nek-org", 1), ("tir-abe", 1)], faction="soimi",
                              points_limit=300), soimi)
    assert report.stats.points == 332
    assert [f.to_json() for f in report.findings] == [
        {"rule": "points-limit", "severity": "error",
         "message": "332 points spent, the limit is 300", "amount": 332, "bound": 300}]
    assert report.stats.messenger_cap == 5 and report.stats.orders == 5
    assert report.stats.deployment_drop == 3
