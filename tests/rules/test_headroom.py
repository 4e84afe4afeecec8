"""What one more model of a combatant would break (builder/rules/headroom.py, issue 14.4):
checked against the engine itself. A combatant is dimmed exactly when validating the list with
one more of it gives a new error finding of a rule, or one further from its bound; on the
SphereWars rules, the invented later edition of tests/fixtures/engine and an invented system whose
bounds move as models are hired (tests/fixtures/headroom)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import builder.model.quantity as quantity_module
import builder.rules.headroom as headroom_module
from builder.data import Catalogue
from builder.model import Entry, Faction, Warband
from builder.model.quantity import Selector, selects
from builder.model.system import Rule
from builder.rules import validate
from builder.rules.explain import explain, one_more, step
from builder.rules.headroom import Headroom, _Reader, headroom
from tests.conftest import TEST_DATA
from tests.helpers import make_faction, warband


def load(folder: str, faction_id: str) -> Faction:
    catalogue = Catalogue.load([TEST_DATA / folder], builtin=False, user=False)
    assert not catalogue.problems
    faction = catalogue.get(faction_id)
    assert faction is not None
    return faction


SPHEREWARS = make_faction()
HOST = load("engine", "test-host")
MOVING = load("headroom", "test-moving")


def worse_rules(w: Warband, faction: Faction, combatant_id: str, limit: int | None = None,
                extra: tuple[Rule, ...] = ()) -> set[str]:
    """The truth, from two validations: rules whose error findings appear or move further
    from their bound when one more ``combatant_id`` is hired."""
    return worse_after(w, one_more(w, combatant_id, step(faction, combatant_id)), faction,
                       limit, extra)


def worse_after(w: Warband, changed: Warband, faction: Faction, limit: int | None = None,
                extra: tuple[Rule, ...] = ()) -> set[str]:
    """Rules whose error findings appear or move further from their bound from ``w`` to
    ``changed``."""
    each = {r.id for r in (*faction.game.rules, *extra) if r.each is not None}

    def errors(report_list: Warband) -> dict[tuple[str, tuple[str, ...]], tuple[int, int]]:
        report = validate(report_list, faction, limit, extra)
        return {(f.rule, f.combatants if f.rule in each else ()):
                (f.amount or 0, f.bound or 0) for f in report.findings if f.severity == "error"}

    before, after = errors(w), errors(changed)
    out = set()
    for key, (amount, bound) in after.items():
        old = before.get(key)
        if old is None or abs(amount - bound) > abs(old[0] - old[1]):
            out.add(key[0])
    return out


def assert_matches_the_engine(w: Warband, faction: Faction, limit: int | None = None,
                              extra: tuple[Rule, ...] = ()) -> None:
    rooms = headroom(w, faction, limit, extra)
    effective = w.points_limit if limit is None else limit
    # the app measures from its validation's totals (no second pass over the entries)
    hired = validate(w, faction, limit, extra).hired
    from_totals = Headroom(faction, extra).measure(w, effective, hired)
    assert (from_totals.hired_at, from_totals.caps, from_totals.breaks_at) == \
        (rooms.hired_at, rooms.caps, rooms.breaks_at)
    for c in faction.combatants:
        room = rooms.room(c.id)
        expected = worse_rules(w, faction, c.id, limit, extra)
        assert {r.id for r in room.breaks} == expected, c.id
        breaches = explain(w, faction, c.id, room.breaks, effective)
        assert [b.rule.id for b in breaches] == [r.id for r in room.breaks]
        assert all(b.after.severity == "error" and b.after.message for b in breaches)
        assert all(b.amount is not None and b.bound is not None for b in breaches)
        assert room.hired == sum(e.count for e in w.entries if e.combatant == c.id)


def entries_of(faction: Faction, max_count: int = 4) -> st.SearchStrategy[list[Entry]]:
    ids = [c.id for c in faction.combatants] + ["ghost"]
    return st.lists(st.builds(Entry, combatant=st.sampled_from(ids),
                              count=st.integers(1, max_count)), max_size=8)


def lists_of(faction: Faction, max_count: int = 4) -> st.SearchStrategy[Warband]:
    return st.builds(Warband, name=st.just("Generated"), faction=st.just(faction.id),
                     points_limit=st.none() | st.integers(0, 500),
                     entries=entries_of(faction, max_count))


buildings = st.fixed_dictionaries({
    "max_same_combatant": st.integers(1, 6),
    "max_squad_units": st.integers(1, 4),
    "messengers_per_command": st.integers(0, 2),
})


@settings(max_examples=120, deadline=None)
@given(lists_of(SPHEREWARS, 7), buildings, st.none() | st.integers(0, 600))
def test_dimmed_exactly_when_one_more_breaks_a_rule_spherewars(w: Warband, building, override):
    assert_matches_the_engine(w, make_faction(**building), override)


@settings(max_examples=120, deadline=None)
@given(lists_of(HOST), st.integers(0, 500))
def test_dimmed_exactly_when_one_more_breaks_a_rule_later_edition(w: Warband, budget: int):
    faction = HOST.model_copy(update={"building": {"budget": budget}})
    assert_matches_the_engine(w, faction)


@settings(max_examples=150, deadline=None)
@given(lists_of(MOVING, 3), st.integers(0, 3))
def test_dimmed_exactly_when_one_more_breaks_a_rule_moving_bounds(w: Warband, pets: int):
    faction = MOVING.model_copy(update={"building": {"pets_per_rank": pets}})
    assert_matches_the_engine(w, faction)


EVENT_RULE = Rule.model_validate({"id": "event-no-messengers", "count":
                                  {"models": {"type": "messenger"}}, "at_most": 1})


@settings(max_examples=60, deadline=None)
@given(lists_of(SPHEREWARS), st.none() | st.integers(0, 600))
def test_an_events_rules_and_limit_count_too(w: Warband, limit: int | None):
    assert_matches_the_engine(w, SPHEREWARS, limit, (EVENT_RULE,))


# --- what a player reads -------------------------------------------------------------------


def test_hired_and_caps_on_the_spherewars_rules() -> None:
    w = warband([("test-leader", 1), ("test-squaddie", 2), ("test-squaddie", 1),
                 ("test-hero", 1)])
    rooms = headroom(w, SPHEREWARS)
    # five of a kind, a squad's three units, a combatant's own max: the tightest
    assert [(c.id, rooms.room(c.id).hired, rooms.room(c.id).cap)
            for c in SPHEREWARS.combatants] == [
        ("test-leader", 1, 5), ("test-captain", 0, 5), ("test-avatar", 0, 5),
        ("test-runner", 0, 5), ("test-grunt", 0, 5), ("test-squaddie", 3, 3),
        ("test-hero", 1, 1)]
    assert [r.id for r in rooms.room("test-squaddie").breaks] == ["squad-limit"]
    assert [r.id for r in rooms.room("test-hero").breaks] == ["same-combatant-limit"]
    assert rooms.room("test-grunt").breaks == ()


def test_a_faction_rule_changes_the_cap() -> None:
    faction = make_faction(max_same_combatant=2)
    rooms = headroom(warband([("test-grunt", 2)]), faction)
    assert rooms.room("test-grunt").cap == 2
    assert [r.id for r in rooms.room("test-grunt").breaks] == ["same-combatant-limit"]


def test_no_cap_without_a_form_2_rule() -> None:
    rooms = headroom(warband([("test-guard", 1)], faction="test-moving"), MOVING)
    # below-ranks caps every combatant at the chiefs' ranks (0 with no chief), or its own max
    assert rooms.room("test-guard").cap == 0
    assert rooms.room("test-pet").cap == 1
    host = headroom(warband([("test-warlord", 1)], faction="test-host"), HOST)
    assert host.room("test-warlord").cap is None  # no form-2 rule looks at a lord
    assert host.room("test-saint").cap == 1
    assert host.room("test-elder").cap == 3  # its own max replaces the rule's 2
    assert host.room("test-veteran").cap == 2


def test_messengers_at_the_leaders_command() -> None:
    w = warband([("test-leader", 1), ("test-runner", 2)])
    rooms = headroom(w, SPHEREWARS)
    assert [r.id for r in rooms.room("test-runner").breaks] == ["messenger-limit"]
    # a leader raises the cap: adding one stays possible and breaks nothing
    assert rooms.room("test-captain").breaks == ()
    (breach,) = explain(w, SPHEREWARS, "test-runner", rooms.room("test-runner").breaks, None)
    assert breach.now is None and (breach.amount, breach.bound) == (2, 2)  # "2 of 2 now"
    assert breach.after.message == ("3 Messengers hired; the leaders' command allows 2 "
                                    "(Test Leader MAN 2)")


def test_already_over_a_bound_stays_dimmed_and_says_by_how_much() -> None:
    w = warband([("test-leader", 1), ("test-runner", 3)])
    rooms = headroom(w, SPHEREWARS)
    (breach,) = explain(w, SPHEREWARS, "test-runner", rooms.room("test-runner").breaks, None)
    assert breach.now is not None and (breach.now.amount, breach.now.bound) == (3, 2)
    assert (breach.after.amount, breach.after.bound) == (4, 2)
    # a troop does not make it worse: not dimmed for that
    assert rooms.room("test-grunt").breaks == ()


def test_points_left_against_each_cost() -> None:
    w = warband([("test-leader", 1), ("test-avatar", 1)], points_limit=200)  # 170 spent
    rooms = headroom(w, SPHEREWARS)
    dimmed = {c.id for c in SPHEREWARS.combatants if rooms.room(c.id).breaks}
    # 30 left: the runner (20), grunt (10) and squaddie (15) fit
    assert dimmed == {"test-leader", "test-captain", "test-avatar", "test-hero"}
    (breach,) = explain(w, SPHEREWARS, "test-hero", rooms.room("test-hero").breaks, 200)
    assert breach.after.message == "220 points spent, the limit is 200"
    assert (breach.amount, breach.bound) == (170, 200)
    w = warband([("test-leader", 1), ("test-hero", 1)])
    (breach,) = explain(w, SPHEREWARS, "test-hero", headroom(w, SPHEREWARS).room(
        "test-hero").breaks, None)
    assert (breach.amount, breach.bound) == (1, 1)  # its own max


def test_unknown_entries_count_toward_nothing() -> None:
    rooms = headroom(warband([("ghost", 9), ("test-leader", 1)]), SPHEREWARS)
    assert rooms.room("test-leader").hired == 1
    assert not any(rooms.room(c.id).breaks for c in SPHEREWARS.combatants)


# --- cost at catalogue scale ---------------------------------------------------------------


def big_faction(n: int) -> Faction:
    base = SPHEREWARS.combatants
    combatants = [base[i % len(base)].model_copy(update={
        "id": f"test-gen-{i}", "name": f"Test Generated {i}",
        "profile": {**base[i % len(base)].profile, "PE": 10 + i % 90}}) for i in range(n)]
    return SPHEREWARS.model_copy(update={"combatants": combatants})


def test_one_pass_per_rule_not_one_validation_per_combatant(monkeypatch) -> None:
    """5,000 combatants: what each adds to each rule is read once, with the faction; then a
    list is measured with no validation and no selector matched against a combatant (that
    would be 5,000 validations per edit)."""
    faction = big_faction(5000)
    plan = Headroom(faction)
    w = warband([(f"test-gen-{i}", 1 + i % 4) for i in range(0, 5000, 5)])
    spent = validate(w, faction).stats.points
    for name in ("check_rule", "evaluate", "quantity"):
        # set even where headroom does not import it (today check_rule and quantity are
        # only the explanation's, builder.rules.explain): a later import of it is caught
        monkeypatch.setattr(headroom_module, name, lambda *_a: pytest.fail("per combatant"),
                            raising=False)
    monkeypatch.setattr(quantity_module, "_holds", lambda *_a: pytest.fail("per combatant"))
    rooms = plan.measure(w, spent + 50)  # 50 points left
    assert rooms.room("test-gen-0").hired == 1
    dimmed = {c.id for c in faction.combatants
              if any(r.id == "points-limit" for r in rooms.room(c.id).breaks)}
    assert dimmed == {c.id for c in faction.combatants if c.number("PE") > 50}


@pytest.mark.parametrize("given", [
    {}, {"type": "soldier"}, {"type": ["lord", "hero"]}, {"id": "test-saint"},
    {"id": ["test-saint", "nobody"]}, {"rank": "grizzled"}, {"squad": True}, {"squad": False},
    {"tag": "unique"}, {"tag": ["clan-a", "clan-b"]}, {"squad": True, "rank": "grizzled"},
    {"type": "soldier", "tag": "clan-a", "rank": ["green", "grizzled"]},
])
def test_selectors_read_for_every_combatant_as_the_engine_reads_them(given) -> None:
    sel = Selector.model_validate(given)
    assert _Reader(HOST).matched(sel) == [selects(sel, c) for c in HOST.combatants]
