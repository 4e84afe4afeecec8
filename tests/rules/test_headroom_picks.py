"""What taking a pick would break (builder/rules/headroom.py's :meth:`Headroom.picks`, issue
40 #8): checked against the engine itself, as the combatants' room is. A pick is greyed exactly
when validating the list with it taken gives a new error finding of a rule, or one further from
its bound; on the invented relaunch-shaped game (options, units, picks in the points and in a
second budget, a cap on artefacts) and an invented system whose rules the picks move (a count
of picks, a bound a pick raises, a rule a pick switches on: tests/fixtures/headroom-picks)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.model import Entry, Faction, Warband
from builder.model.system import Rule
from builder.rules import validate
from builder.rules.explain import explain_pick
from builder.rules.headroom import Headroom
from tests.rules.test_headroom import load, worse_after

RELAUNCH = load("relaunch", "test-relaunch-band")
PICK_BOUNDS = load("headroom-picks", "test-pick-band")


def worse_rules(w: Warband, faction: Faction, pick_id: str, limit: int | None,
                extra: tuple[Rule, ...] = ()) -> set[str]:
    """The truth, from two validations: rules whose error findings appear or move further
    from their bound when ``pick_id`` is taken."""
    return worse_after(w, w.model_copy(update={"picks": [*w.picks, pick_id]}), faction, limit,
                       extra)


def assert_matches_the_engine(w: Warband, faction: Faction, limit: int | None = None,
                              extra: tuple[Rule, ...] = ()) -> None:
    effective = w.points_limit if limit is None else limit
    room = Headroom(faction, extra)
    breaks = room.picks(w, effective)
    hired = validate(w, faction, limit, extra).hired  # (the app gives its report's totals)
    assert room.picks(w, effective, hired) == breaks
    assert not set(breaks) & set(w.picks)
    for pid in faction.picks_offered:
        if pid in w.picks:
            continue
        rules = breaks.get(pid, ())
        assert {r.id for r in rules} == worse_rules(w, faction, pid, limit, extra), pid
        breaches = explain_pick(w, faction, pid, rules, effective)
        assert [b.rule.id for b in breaches] == [r.id for r in rules]
        assert all(b.after.severity == "error" and b.after.message for b in breaches)


def lists_of(faction: Faction, max_count: int = 4) -> st.SearchStrategy[Warband]:
    ids = [c.id for c in faction.combatants] + ["ghost"]
    entries = st.lists(st.builds(
        lambda cid, n, options: Entry(combatant=cid, count=n, options={
            o: 1 for o in options if cid in faction.by_id
            and o in faction.options_for(faction.by_id[cid])}),
        st.sampled_from(ids), st.integers(1, max_count),
        st.lists(st.sampled_from(sorted({o for c in faction.combatants
                                         for o in faction.options_for(c)} or {"none"})),
                 max_size=2)), max_size=6)
    picks = st.lists(st.sampled_from([*faction.picks_offered, "ghost-pick"]), max_size=3,
                     unique=True)
    return st.builds(Warband, name=st.just("Generated"), faction=st.just(faction.id),
                     points_limit=st.none() | st.integers(0, 200), entries=entries, picks=picks)


@settings(max_examples=150, deadline=None)
@given(lists_of(RELAUNCH), st.none() | st.integers(0, 200))
def test_greyed_exactly_when_taking_it_breaks_a_rule_relaunch(w: Warband, limit: int | None
                                                               ) -> None:
    assert_matches_the_engine(w, RELAUNCH, limit)


@settings(max_examples=200, deadline=None)
@given(lists_of(PICK_BOUNDS, 3), st.none() | st.integers(0, 200))
def test_greyed_exactly_when_taking_it_breaks_a_rule_moving_bounds(w: Warband,
                                                                    limit: int | None) -> None:
    assert_matches_the_engine(w, PICK_BOUNDS, limit)


def test_an_events_rules_count_too() -> None:
    event_rule = Rule.model_validate({"id": "no-crowns", "at_most": 0,
                                      "count": {"picks": {"id": "test-crown"}}})
    w = Warband(name="Event", faction=PICK_BOUNDS.id, points_limit=500,
                entries=[Entry(combatant="test-high-chief", count=1)])
    assert_matches_the_engine(w, PICK_BOUNDS, None, (event_rule,))
    assert [r.id for r in Headroom(PICK_BOUNDS, (event_rule,)).picks(w, 500)["test-crown"]] \
        == ["ranks", "no-crowns"]  # (its two ranks pass the chief's two as well)


def test_a_drill_book_breaks_the_guards_hired_and_a_banner_switches_a_rule_on() -> None:
    w = Warband(name="Guards", faction=PICK_BOUNDS.id, points_limit=500,
                entries=[Entry(combatant="test-high-chief", count=1),
                         Entry(combatant="test-guard", count=1)])
    breaks = {pid: [r.id for r in rules]
              for pid, rules in Headroom(PICK_BOUNDS).picks(w, 500).items()}
    assert breaks == {"test-drill-book": ["guards-drilled"],
                      "test-hard-drill": ["guards-drilled"],
                      "test-war-banner": ["banner-guard"],
                      "test-common-banner": ["banner-guard"],
                      "test-crown": ["ranks"], "test-small-crown": ["ranks"]}


def test_picks_that_add_the_same_are_one_answer() -> None:
    """Thousands of picks cost a handful of comparisons per rule (their groups)."""
    data = PICK_BOUNDS.model_dump(by_alias=True, exclude_unset=True)
    data["picks"] = [{"id": f"test-pick-{i}", "name": f"Test Pick {i}",
                      "adds": {"PTS": i % 4, "DRILL": i % 2 * 2}} for i in range(5000)]
    many = Faction.model_validate(data).attach(PICK_BOUNDS.game)  # (a new faction, tied)
    room = Headroom(many)
    w = Warband(name="Many", faction=many.id, points_limit=61,
                entries=[Entry(combatant="test-high-chief", count=1),
                         Entry(combatant="test-guard", count=1)])
    breaks = room.picks(w, 61)
    assert all(len(answers) <= 8 for answers in room._pick_groups()[0])
    def broken(rule: str) -> set[str]:
        return {pid for pid, rules in breaks.items() if pid.startswith("test-pick-")
                and rule in {r.id for r in rules}}

    assert broken("points-limit") == {f"test-pick-{i}" for i in range(5000) if i % 4 >= 2}
    assert broken("guards-drilled") == {f"test-pick-{i}" for i in range(5000) if i % 2 == 1}
