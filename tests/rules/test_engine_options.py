"""The rule engine with options, units and picks (SPEC §9), on the invented test system
shaped like the 2025 relaunch (tests/fixtures/relaunch): what the quantities count, points with
options and picks, the built-in ``unit-size`` and ``option-limit``, the fast and the plain
paths agreeing, and the catalogue's greying agreeing with the engine."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import builder.rules.engine as engine
from builder.model import Entry, Faction, Warband
from builder.model.system import Rule
from builder.rules import validate
from builder.rules.engine import evaluate, quantity
from builder.rules.headroom import headroom
from tests.rules.test_engine_long_lists import both_ways, run_edits
from tests.rules.test_headroom import assert_matches_the_engine, load

BAND = load("relaunch", "test-relaunch-band")


def band(*entries: tuple[str, int, dict[str, int]], picks: list[str] | None = None,
         limit: int | None = 60) -> Warband:
    return Warband(name="Test", faction=BAND.id, points_limit=limit, picks=picks or [],
                   entries=[Entry(combatant=c, count=n, options=o) for c, n, o in entries])


SIXTY = band(("test-warlord", 1, {"test-great-weapon": 1}),
             ("test-spearmen", 4, {"test-veteran": 1, "test-long-spears": 1}),
             ("test-archers", 3, {}), picks=["test-sword-of-fire"])


def value(q: dict, w: Warband) -> int | None:
    rule = Rule.model_validate({"id": "test-q", "count": q, "at_least": 0})
    return quantity(rule.count, evaluate(w, BAND, w.points_limit))


def test_points_add_options_and_picks() -> None:
    """Warlord 20 + great weapon 2; spearmen 4 × 3 + veteran 1 + long spears 1 per model;
    archers 3 × 4; the sword adds no points, the pact 5."""
    assert validate(SIXTY, BAND).stats.points == 22 + 17 + 12
    with_pact = SIXTY.model_copy(update={"picks": ["test-sword-of-fire", "test-pact"]})
    assert validate(with_pact, BAND).stats.points == 22 + 17 + 12 + 5


def test_a_sum_without_of_adds_the_picks_and_one_with_of_does_not() -> None:
    w = band(("test-warlord", 1, {"test-seal": 1}), ("test-council", 3, {}),
             picks=["test-sword-of-fire", "test-crown"])
    assert value({"sum": "DOMC"}, w) == 2 + 3  # the picks: the whole list
    assert value({"sum": "DOMC", "of": {"type": "leader"}}, w) == 0  # an of: no picks
    # the leaders' own DOM, and what their options add: the seal's 1
    assert value({"sum": "DOM", "of": {"type": "leader"}}, w) == 3 + 1 + 3 * 1
    assert value({"sum": "PB", "of": {"id": "test-warlord"}}, w) == 20 + 3


def test_per_model_options_count_per_model_and_times_count() -> None:
    w = band(("test-spearmen", 5, {"test-long-spears": 1, "test-drill": 2}))
    assert value({"sum": "PB"}, w) == 5 * 3 + 5 * 1 + 2 * 1
    assert value({"sum": "PB", "times": 2}, w) == 2 * (5 * 3 + 5 * 1 + 2 * 1)


def test_entries_count_a_unit_once() -> None:
    w = band(("test-warlord", 1, {}), ("test-council", 3, {}), ("test-spearmen", 4, {}),
             ("test-spearmen", 5, {}))
    assert value({"entries": {"type": "leader"}}, w) == 2
    assert value({"entries": {}}, w) == 4
    assert value({"models": {"type": "leader"}}, w) == 4


def test_option_selectors_look_at_the_entries_that_took_the_option() -> None:
    w = band(("test-spearmen", 4, {"test-veteran": 1}), ("test-spearmen", 5, {}),
             ("test-archers", 3, {"test-veteran": 1}), ("test-warlord", 1, {"test-seal": 1}))
    assert value({"models": {"option": "test-veteran"}}, w) == 4 + 3
    assert value({"models": {"option_tag": "veteran", "id": "test-spearmen"}}, w) == 4
    assert value({"entries": {"option_tag": "veteran"}}, w) == 2
    assert value({"entries": {"option": ["test-seal", "test-banner"]}}, w) == 1
    # a sum over those entries: their models' stat and what their options add
    assert value({"sum": "PB", "of": {"option": "test-veteran"}}, w) == 4 * 3 + 1 + 3 * 4 + 1
    # max looks at combatants as before: their own stat, nothing an option adds
    assert value({"max": "DOM", "of": {"option": "test-seal"}}, w) == 3
    assert value({"max": "DOM", "of": {"option": "test-banner"}}, w) == 0


def test_picks_are_counted_by_id_and_tag_and_an_unknown_one_counts_nothing() -> None:
    w = band(("test-warlord", 1, {}), picks=["test-crown", "test-pact", "test-nothing"])
    assert value({"picks": {}}, w) == 2
    assert value({"picks": {"tag": "artefact"}}, w) == 1
    assert value({"picks": {"id": ["test-pact", "test-crown"]}}, w) == 2


def test_the_test_system_finds_its_second_budget_overspent() -> None:
    """Two artefacts for one leader, and more Dominion spent than the leaders give."""
    w = band(("test-warlord", 1, {}), ("test-spearmen", 3, {}),
             picks=["test-sword-of-fire", "test-crown"])
    report = validate(w, BAND)
    found = {f.rule: f for f in report.findings}
    assert found["artefact-limit"].amount == 2 and found["artefact-limit"].bound == 1
    assert found["dominion-limit"].amount == 5 and found["dominion-limit"].bound == 3
    assert "Test Sword of Fire DOMC +2" in found["dominion-limit"].message or \
        found["dominion-limit"].bound == 3
    assert report.stats.figures["artefacts"] == 2


def test_unit_size_names_the_combatant_and_the_bounds() -> None:
    w = band(("test-spearmen", 2, {}), ("test-spearmen", 6, {}), ("test-council", 3, {}),
             ("test-scout", 9, {}))
    found = [f for f in validate(w, BAND).findings if f.rule == "unit-size"]
    assert [(f.combatants, f.amount, f.bound, f.severity) for f in found] == [
        (("test-spearmen",), 2, 3, "error"), (("test-spearmen",), 6, 5, "error")]
    assert found[0].message == "Test Spearmen: an entry of 2 models; a unit has 3 to 5"
    council = band(("test-council", 4, {}))
    assert [f.message for f in validate(council, BAND).findings if f.rule == "unit-size"] \
        == ["Test Council: an entry of 4 models; a unit has exactly 3"]


def test_option_limit_names_each_mistake() -> None:
    w = band(("test-warlord", 1, {"test-great-weapon": 1, "test-shield": 1}),
             ("test-spearmen", 3, {"test-drill": 3, "test-vetran": 1}),
             picks=["test-crown", "test-crown", "test-swrd-of-fire"])
    messages = [f.message for f in validate(w, BAND).findings if f.rule == "option-limit"]
    assert messages == [
        "Test Warlord: Test Great Weapon and Test Shield exclude each other (one option of a "
        "group per entry)",
        "Test Spearmen: Test Drill taken 3 times; at most 2 per entry",
        "Test Spearmen: option 'test-vetran', which the Test Relaunch Band data does not have "
        "for it: it counts toward nothing (update the data or remove the option; did you mean "
        "'test-veteran'?)",
        "Test Crown taken 2 times; a list takes each pick once",
        "pick 'test-swrd-of-fire', which the Test Relaunch Band data does not have: it counts "
        "toward nothing (update the data or remove the pick; did you mean "
        "'test-sword-of-fire'?)"]
    assert validate(SIXTY, BAND).legal


def test_an_unknown_option_or_pick_counts_toward_nothing() -> None:
    plain = band(("test-spearmen", 3, {}))
    odd = band(("test-spearmen", 3, {"test-nothing": 2}), picks=["test-nothing"])
    assert validate(odd, BAND).stats == validate(plain, BAND).stats


# --- the fast and the plain paths agree, with options and picks -----------------------------

OPTION_IDS = ["test-great-weapon", "test-shield", "test-seal", "test-banner",
              "test-long-spears", "test-drill", "test-veteran", "test-nothing"]
PICK_IDS = ["test-sword-of-fire", "test-crown", "test-pact", "test-blessing", "test-nothing"]
EXTRA = [Rule.model_validate(r) for r in (
    {"id": "test-each-vet", "each": {"option_tag": "veteran"}, "at_least": 3, "at_most": 4},
    {"id": "test-banners", "count": {"entries": {"option": "test-banner"}}, "at_most": 1},
    {"id": "test-spend", "count": {"sum": "PB", "of": {"option_tag": ["veteran", "weapon"]}},
     "at_most": {"max": "DOM", "of": {"option": "test-seal"}, "times": 9}},
    {"id": "test-each-unit", "each": {}, "exactly": {"entries": {"type": "troop"}}},
    {"id": "test-same", "each": {}, "at_most": 5, "own_max": True},
)]


@st.composite
def optioned_lists(draw: st.DrawFn, faction: Faction = BAND) -> Warband:
    ids = [c.id for c in faction.combatants] + ["ghost"]
    entries = draw(st.lists(st.builds(
        Entry, combatant=st.sampled_from(ids), count=st.integers(1, 7),
        options=st.dictionaries(st.sampled_from(OPTION_IDS), st.integers(1, 3), max_size=3)),
        max_size=10))
    return Warband(name="Generated", faction=faction.id,
                   points_limit=draw(st.none() | st.integers(0, 120)), entries=entries,
                   picks=draw(st.lists(st.sampled_from(PICK_IDS), max_size=4)))


@settings(max_examples=150, deadline=None)
@given(optioned_lists(), st.lists(st.sampled_from(EXTRA), max_size=2, unique_by=id))
def test_kept_answers_and_plain_loops_agree_with_options_and_picks(w, extra) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        plain, kept = both_ways(monkeypatch, w, BAND, None, tuple(extra))
    assert kept == plain


@settings(max_examples=60, deadline=None)
@given(optioned_lists(), st.lists(st.sampled_from(EXTRA), max_size=2, unique_by=id),
       st.sampled_from([0, 10**9]))
def test_dimmed_exactly_when_one_more_unit_breaks_a_rule(w, extra, long) -> None:
    """One more of a unit combatant is a new unit of its least size; the list's options and
    picks count in every amount and bound."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(engine, "_LONG", long)
        assert_matches_the_engine(w, BAND, None, tuple(extra))


@pytest.mark.parametrize("entries", [
    [("test-spearmen", 3, {})], [("test-spearmen", 2, {})], [("test-council", 3, {})],
    [("test-spearmen", 3, {"test-veteran": 1}), ("test-archers", 4, {"test-veteran": 1})],
    [("test-warlord", 1, {"test-seal": 1}), ("test-spearmen", 4, {"test-long-spears": 1})],
])
def test_one_more_of_a_unit_is_a_unit_of_its_least_size(entries) -> None:
    """Three spearmen under a cap of five: one more unit (three more) breaks it, one more
    model would not."""
    for extra in EXTRA:
        assert_matches_the_engine(band(*entries), BAND, None, (extra,))
    rooms = headroom(band(("test-spearmen", 3, {})), BAND, None, (EXTRA[-1],))
    assert [r.id for r in rooms.room("test-spearmen").breaks] == ["test-same"]
    assert rooms.room("test-scout").breaks == ()


@settings(max_examples=80, deadline=None)
@given(optioned_lists(), st.lists(st.tuples(st.integers(0, 9), st.integers(1, 7)), max_size=6),
       st.sampled_from([0, 10**9]))
def test_count_edits_of_a_list_with_options_give_a_fresh_validations_report(w, steps, long):
    """A per-model option's part moves with its entry's count: the report moved on after a
    count edit is the one a fresh validation gives."""
    steps = [(row % len(w.entries), n) for row, n in steps] if w.entries else []
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(engine, "_LONG", long)
        run_edits(BAND, w, steps)
