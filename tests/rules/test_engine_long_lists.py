"""Long lists (issue 15): from a couple of dozen combatants hired, the engine adds up through
answers kept with the faction instead of looping over what the list hires. Both ways must
give the same report, for any list, and the kept answers must never outlive the data they
were read from."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import builder.model.quantity as quantity_module
import builder.rules.engine as engine
import builder.rules.kinds as kinds
import builder.rules.roster as roster
from builder.model import Entry, Faction, Warband
from builder.model.quantity import Selector
from builder.model.system import Rule
from builder.rules import Report, RuleCache, revalidate, validate
from tests.helpers import make_faction, warband
from tests.rules.test_headroom import HOST, MOVING, big_faction

FACTIONS = {"spherewars": make_faction(), "host": HOST, "moving": MOVING,
            "generated": big_faction(60)}


def seen(report: Report) -> object:
    """Everything a user or a script reads of a report."""
    return (report.stats, [(f.rule, f.severity, f.message, f.combatants, f.amount, f.bound,
                            f.cite) for f in report.findings])


def both_ways(monkeypatch: pytest.MonkeyPatch, w: Warband, faction: Faction,
              limit: int | None = None, extra: tuple[Rule, ...] = ()) -> tuple[object, object]:
    monkeypatch.setattr(engine, "_LONG", 10**9)  # plain loops, whatever the length
    plain = seen(validate(w, faction, limit, extra))
    monkeypatch.setattr(engine, "_LONG", 0)  # the kept answers, whatever the length
    kept = seen(validate(w, faction, limit, extra))
    return plain, kept


@st.composite
def long_lists(draw: st.DrawFn) -> tuple[Faction, Warband, int | None]:
    faction = FACTIONS[draw(st.sampled_from(sorted(FACTIONS)))]
    ids = [c.id for c in faction.combatants] + ["ghost"]
    entries = draw(st.lists(st.builds(Entry, combatant=st.sampled_from(ids),
                                      count=st.integers(1, 9)), max_size=60))
    limit = draw(st.none() | st.integers(0, 3000))
    return faction, Warband(name="Generated", faction=faction.id, points_limit=limit,
                            entries=entries), draw(st.none() | st.integers(0, 3000))


@st.composite
def both_bounds(draw: st.DrawFn) -> Rule:
    """A form-2 rule with a lower and an upper bound (an event's "two to four of each"):
    a combatant breaks it with too few models as well as with too many."""
    low = draw(st.integers(0, 6))
    high = draw(st.integers(low, 9))
    bounds = ({"exactly": low} if draw(st.booleans())
              else {"at_least": low, "at_most": high})
    each = draw(st.sampled_from([{}, {"type": "troop"}, {"type": ["leader", "troop"]}]))
    return Rule.model_validate({"id": "test-two-to-four", "each": each, **bounds,
                                "own_max": "at_most" in bounds and draw(st.booleans())})


@settings(max_examples=200, deadline=None)
@given(long_lists(), st.lists(both_bounds(), max_size=1))
def test_kept_answers_give_the_report_plain_loops_give(case, extra) -> None:
    faction, w, override = case
    with pytest.MonkeyPatch.context() as monkeypatch:
        plain, kept = both_ways(monkeypatch, w, faction, override, tuple(extra))
    assert kept == plain


def test_an_each_rule_with_both_bounds_names_the_few_and_the_many_on_a_long_list() -> None:
    """On a long list, a combatant below the lower bound is named as well as one above the
    upper (the kept answers pass over those within both)."""
    faction = big_faction(60)
    counts = {f"test-gen-{i}": 1 + i % 5 for i in range(40)}  # 1 to 5 models each
    rule = Rule(id="test-two-to-four", each=Selector(), at_least=2, at_most=4)
    report = validate(warband(counts.items()), faction, extra_rules=[rule])
    named = {f.combatants[0]: f.amount for f in report.findings if f.rule == rule.id}
    assert named == {cid: n for cid, n in counts.items() if n < 2 or n > 4}
    assert set(named.values()) == {1, 5}


def test_a_long_list_is_validated_through_the_kept_answers(monkeypatch) -> None:
    """Sixty combatants hired: with the catalogue's cache, no selector is matched against a
    combatant a second time."""
    faction = big_faction(300)
    cache = RuleCache()
    w = warband([(f"test-gen-{i}", 1 + i % 3) for i in range(0, 300, 5)])
    first = seen(validate(w, faction, cache=cache))
    monkeypatch.setattr(quantity_module, "_holds", lambda *_a: pytest.fail("matched again"))
    assert seen(validate(w, faction, cache=cache)) == first


def test_the_catalogue_owns_a_cache_that_its_validations_use() -> None:
    from builder.rules.cache import rule_cache
    from tests.helpers import catalogue

    cat = catalogue()
    assert rule_cache(cat) is rule_cache(cat) is not rule_cache(catalogue())


def test_answers_are_read_again_for_new_combatant_data() -> None:
    """A faction copied with other combatants (the editor's, after a change) under the same
    id gets answers of its own from the same cache, never the old faction's."""
    faction = big_faction(60)
    cache = RuleCache()
    w = warband([(f"test-gen-{i}", 1) for i in range(40)])
    before = validate(w, faction, cache=cache)
    cheaper = faction.model_copy(update={"combatants": [
        c.model_copy(update={"profile": {**c.profile, "PE": 1}}) for c in faction.combatants]})
    after = validate(w, cheaper, cache=cache)
    assert after.stats.points == 40 != before.stats.points
    assert validate(w, faction, cache=cache) == before


# --- revalidate: a report moved on after count edits ---------------------------------------


@st.composite
def edits(draw: st.DrawFn) -> tuple[Faction, Warband, list[tuple[int, int]]]:
    """A list and a run of count edits (entry row, new count) as the app makes them."""
    faction, w, _override = draw(long_lists())
    rows = len(w.entries)
    steps = draw(st.lists(st.tuples(st.integers(0, max(rows - 1, 0)), st.integers(1, 12)),
                          max_size=12)) if rows else []
    return faction, w, steps


def run_edits(faction: Faction, w: Warband, steps: list[tuple[int, int]]) -> None:
    report = validate(w, faction)
    for row, count in steps:
        old = w.entries[row]
        w.entries[row] = old.model_copy(update={"count": count})  # (its options kept)
        report = revalidate(report, w, faction, {old.combatant: count - old.count})
        fresh = validate(w, faction)
        assert seen(report) == seen(fresh)
        assert report.hired == fresh.hired
        assert report == fresh


@settings(max_examples=200, deadline=None)
@given(edits(), st.sampled_from([0, 10**9]))
def test_a_report_moved_on_by_count_edits_is_the_report_of_the_edited_list(case, long) -> None:
    """Whatever the list and the edits (combatants in two entries, unknown ones, counts up and
    down), the moved-on report is the one a fresh validation gives, on both of the engine's
    ways (through kept answers or plain loops)."""
    faction, w, steps = case
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(engine, "_LONG", long)
        run_edits(faction, w, steps)


def test_a_count_edit_on_a_long_list_adds_nothing_up_again(monkeypatch) -> None:
    """After a count edit of a 60-combatant list, the sums move by what the edit changed:
    no kept answer is read for every hired combatant again."""
    faction = big_faction(300)
    w = warband([(f"test-gen-{i}", 1 + i % 3) for i in range(0, 300, 5)])
    report = validate(w, faction)
    w.entries[7] = Entry(combatant=w.entries[7].combatant, count=w.entries[7].count + 2)
    calls: list[int] = []
    real_sum = sum

    def counting_sum(values, *args):  # noqa: ANN001, ANN202
        values = list(values)
        calls.append(len(values))
        return real_sum(values, *args)

    def whole_list_sums() -> int:
        return real_sum(1 for n in calls if n >= len(w.entries))

    for module in (engine, kinds, roster):  # (where the engine adds up)
        monkeypatch.setattr(module, "sum", counting_sum, raising=False)
    moved = revalidate(report, w, faction, {w.entries[7].combatant: 2})
    moved_sums = whole_list_sums()
    calls.clear()
    fresh = validate(w, faction)
    monkeypatch.undo()
    assert moved == fresh
    assert moved_sums == 1  # (the models: a sum of the totals)
    assert whole_list_sums() > 3  # (what a fresh validation adds up)


def test_revalidate_starts_again_where_it_cannot_move_on() -> None:
    """A combatant joining the list, another faction object, a changed limit: a fresh
    validation, never a stale one."""
    faction = big_faction(300)
    w = warband([(f"test-gen-{i}", 1) for i in range(0, 300, 5)])
    report = validate(w, faction)
    w.entries.append(Entry(combatant="test-gen-1", count=2))
    joined = revalidate(report, w, faction, {"test-gen-1": 2})
    assert joined == validate(w, faction) and joined.hired["test-gen-1"] == 2
    copy = faction.model_copy(update={"combatants": [
        c.model_copy(update={"profile": {**c.profile, "PE": 1}}) for c in faction.combatants]})
    w.entries[0] = Entry(combatant=w.entries[0].combatant, count=3)
    other = revalidate(joined, w, copy, {w.entries[0].combatant: 2})
    assert other == validate(w, copy) and other.stats.points == other.stats.models
    limited = w.model_copy(update={"points_limit": 1})
    assert revalidate(other, limited, copy, {}) == validate(limited, copy)
