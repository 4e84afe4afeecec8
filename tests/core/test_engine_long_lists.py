"""Long lists (issue 15): from a couple of dozen combatants hired, the engine adds up through
answers kept with the faction instead of looping over what the list hires. Both ways must
give the same report, for any list, and the kept answers must never outlive the data they
were read from."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import builder.rules.engine as engine
from builder.model import Entry, Faction, Warband
from builder.rules import Report, validate
from tests.core.helpers import make_faction, warband
from tests.core.test_headroom import HOST, MOVING, big_faction

FACTIONS = {"spherewars": make_faction(), "host": HOST, "moving": MOVING,
            "generated": big_faction(60)}


def seen(report: Report) -> object:
    """Everything a user or a script reads of a report."""
    return (report.stats, [(f.rule, f.severity, f.message, f.combatants, f.amount, f.bound,
                            f.cite) for f in report.findings])


def both_ways(monkeypatch: pytest.MonkeyPatch, w: Warband, faction: Faction,
              limit: int | None = None) -> tuple[object, object]:
    monkeypatch.setattr(engine, "_LONG", 10**9)  # plain loops, whatever the length
    plain = seen(validate(w, faction, limit))
    monkeypatch.setattr(engine, "_LONG", 0)  # the kept answers, whatever the length
    kept = seen(validate(w, faction, limit))
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


@settings(max_examples=200, deadline=None)
@given(long_lists())
def test_kept_answers_give_the_report_plain_loops_give(case) -> None:
    faction, w, override = case
    with pytest.MonkeyPatch.context() as monkeypatch:
        plain, kept = both_ways(monkeypatch, w, faction, override)
    assert kept == plain


def test_a_long_list_is_validated_through_the_kept_answers(monkeypatch) -> None:
    """Sixty combatants hired: no selector is matched against a combatant a second time."""
    faction = big_faction(300)
    w = warband([(f"test-gen-{i}", 1 + i % 3) for i in range(0, 300, 5)])
    first = seen(validate(w, faction))
    monkeypatch.setattr(engine, "matches", lambda *_a: pytest.fail("matched again"))
    assert seen(validate(w, faction)) == first


def test_answers_are_read_again_for_new_combatant_data() -> None:
    """A faction copied with other combatants (the editor's, after a change) carries the kept
    answers over; they must not be used for the new combatants."""
    faction = big_faction(60)
    w = warband([(f"test-gen-{i}", 1) for i in range(40)])
    before = validate(w, faction)
    cheaper = faction.model_copy(update={"combatants": [
        c.model_copy(update={"profile": {**c.profile, "PE": 1}}) for c in faction.combatants]})
    assert "_answers" in cheaper.__dict__  # carried over by the copy
    after = validate(w, cheaper)
    assert after.stats.points == 40 != before.stats.points
