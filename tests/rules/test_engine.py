"""The rule vocabulary of SPEC §5 on a test system with a different ruleset (TEST DATA ONLY):
every rule form and quantity at and over its bound, ``when``, ``exactly``, ``own_max``,
``points_limit``, ``times``, tags, list selectors, warnings, templates and figures."""

from __future__ import annotations

import pytest

from builder.data import Catalogue
from builder.model import Faction
from builder.rules import validate
from tests.conftest import TEST_DATA
from tests.helpers import warband

ENGINE_DATA = TEST_DATA / "engine"


@pytest.fixture(scope="module")
def host() -> Faction:
    catalogue = Catalogue.load([ENGINE_DATA], builtin=False, user=False)
    assert not catalogue.problems
    faction = catalogue.get("test-host")
    assert faction is not None
    return faction


LORD = ("test-warlord", 1)


def rules(host: Faction, entries, limit=None, **building) -> list[str]:
    faction = host.model_copy(update={"building": {**host.building, **building}})
    report = validate(warband(entries, faction="test-host", points_limit=limit), faction)
    return sorted(f.rule for f in report.findings)


@pytest.mark.parametrize(
    ("entries", "expected"),
    [
        # exactly one lord (exactly = at_least and at_most)
        ([LORD], []),
        ([], ["one-lord"]),
        ([LORD, ("test-count", 1)], ["one-lord"]),
        # the lord's Domain is a budget that extra picks spend ({max: DOM, of: lord})
        ([LORD, ("test-banner", 3)], []),  # 3 picks, Domain 3
        ([LORD, ("test-banner", 2), ("test-fire-mage", 1)], ["domain"]),  # 4 picks
        ([("test-count", 1), ("test-fire-mage", 1)], ["domain"]),  # Domain 1, 2 picks
        # unique combatants (each with a tag selector)
        ([LORD, ("test-saint", 1)], []),
        ([LORD, ("test-saint", 1), ("test-saint", 1)], ["unique"]),
        # allowed only with a named lord: a warning, which does not make the list illegal
        ([("test-count", 1), ("test-banner", 1)], ["banner-needs-warlord"]),
        # two that exclude each other (when + exactly 0)
        ([LORD, ("test-fire-mage", 1)], []),
        ([LORD, ("test-ice-mage", 1)], []),
        ([LORD, ("test-fire-mage", 1), ("test-ice-mage", 1)], ["domain", "mages-exclusive"]),
        # tags limit a sub-faction
        ([LORD, ("test-clan-a", 2)], []),
        ([LORD, ("test-clan-a", 1), ("test-clan-b", 1)], ["clans-apart"]),
        # soldiers: at most max_soldiers × (lords and heroes), a list-valued selector with times
        ([LORD, ("test-veteran", 2), ("test-elder", 3), ("test-clan-a", 5)], []),
        ([LORD, ("test-veteran", 2), ("test-elder", 3), ("test-clan-a", 6)], ["soldiers"]),
        # each with squad + rank, and a combatant's own max replacing at_most
        ([LORD, ("test-veteran", 3)], ["squads-grizzled"]),
        ([LORD, ("test-elder", 3)], []),
        ([LORD, ("test-elder", 4)], ["squads-grizzled"]),
    ],
)
def test_rule_forms_at_and_over_their_bounds(host: Faction, entries, expected) -> None:
    assert rules(host, entries) == expected


def test_a_warning_leaves_the_list_legal(host: Faction) -> None:
    report = validate(warband([("test-count", 1), ("test-banner", 1)], faction="test-host"),
                      host)
    assert [f.severity for f in report.findings] == ["warning"] and report.legal


@pytest.mark.parametrize(("building", "limit", "expected"), [
    ({}, None, []),                           # 360 points, faction budget 400
    ({"budget": 359}, None, ["budget"]),      # a faction's building overrides the parameter
    ({"budget": 360}, None, []),
    ({}, 360, []),                            # points_limit: skipped with no limit
    ({}, 359, ["points-limit"]),
])
def test_parameters_and_points_limit(host: Faction, building, limit, expected) -> None:
    entries = [LORD, ("test-saint", 1), ("test-banner", 3), ("test-clan-a", 12)]
    assert 100 + 50 + 90 + 120 == 360
    found = [r for r in rules(host, entries, limit, **building) if r != "soldiers"]
    assert found == expected


def test_default_message_names_amount_bound_and_basis(host: Faction) -> None:
    report = validate(warband([LORD, ("test-banner", 2), ("test-fire-mage", 1)],
                              faction="test-host"), host)
    (finding,) = report.findings
    assert finding.message == ("Domain: PICK 4 in all; at most 3 allowed "
                               "(Test Warlord DOM 3)")
    assert (finding.amount, finding.bound) == (4, 3)
    assert finding.cite == "test: extra picks spend the lord's Domain"
    assert set(finding.combatants) == set()  # a sum over the whole list names nobody


def test_parameter_and_times_in_the_basis(host: Faction) -> None:
    report = validate(warband([LORD, ("test-clan-a", 11)], faction="test-host"), host)
    (finding,) = report.findings
    assert finding.rule == "soldiers"
    assert finding.message == ("soldiers: 11 Soldiers hired; at most 10 allowed "
                               "(10 × (Test Warlord))")  # the factor's number, not its id
    assert finding.combatants == ("test-clan-a",)


def test_message_template_overrides_the_default(host: Faction) -> None:
    report = validate(warband([LORD, ("test-fire-mage", 1), ("test-ice-mage", 1)],
                              faction="test-host"), host)
    exclusive = next(f for f in report.findings if f.rule == "mages-exclusive")
    assert exclusive.message == ("1 Test Ice Mage hired beside the fire mage; none may come "
                                 "(mages-exclusive)")


def test_own_max_names_its_basis(host: Faction) -> None:
    report = validate(warband([LORD, ("test-elder", 4)], faction="test-host"), host)
    (finding,) = report.findings
    assert finding.message == ("squads-grizzled: 4 × Test Elder hired; at most 3 allowed "
                               "(its own max)")


def test_figures_and_points(host: Faction) -> None:
    report = validate(warband([LORD, ("test-banner", 2), ("test-veteran", 2)],
                              faction="test-host"), host)
    assert report.stats.points == 100 + 60 + 10
    assert report.stats.to_json() == {"models": 5, "domain": 3, "picks": 2, "soldiers_x2": 4}


def test_unknown_combatants_count_toward_nothing(host: Faction) -> None:
    report = validate(warband([LORD, ("ghost", 20)], faction="test-host"), host)
    assert [f.rule for f in report.findings] == ["unknown-combatant"]
    assert report.stats.models == 1
