"""Property tests (hypothesis) for the loaders and the rules."""

from __future__ import annotations

import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.data import DataError, load_warband, parse_warband, save_warband
from builder.data import parse_yaml as parse
from builder.model import Entry, Warband
from builder.rules import validate
from tests.helpers import make_faction

FACTION = make_faction()
IDS = [c.id for c in FACTION.combatants] + ["ghost", "other-ghost"]

# Names hold no control characters (SPEC: C0/C1 controls, line separators, bidi controls).
text = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc", "Cf", "Zl", "Zp")),
               min_size=1, max_size=40).filter(lambda s: s.strip())
entries = st.lists(st.builds(Entry, combatant=st.sampled_from(IDS),
                             count=st.integers(1, 12)), max_size=12)
warbands = st.builds(
    Warband,
    name=text,
    faction=st.sampled_from(["test-faction", "test-faction", "nobody"]),
    points_limit=st.none() | st.integers(0, 2000),
    entries=entries,
    notes=st.none() | st.text(max_size=200),
)
buildings = st.fixed_dictionaries({
    "max_same_combatant": st.integers(1, 8),
    "max_squad_units": st.integers(1, 6),
    "messengers_per_command": st.integers(0, 3),
})


@given(warbands, buildings, st.none() | st.integers(0, 3000))
def test_validation_never_raises(warband: Warband, building, override):
    faction = make_faction(**building)
    report = validate(warband, faction if warband.faction == faction.id else None, override)
    assert report.legal == (not any(f.severity == "error" for f in report.findings))
    if warband.faction != faction.id:
        assert [f.rule for f in report.findings] == ["unknown-faction"]
        return
    known = {c.id: c for c in faction.combatants}
    assert report.stats.models == sum(e.count for e in warband.entries if e.combatant in known)
    assert report.stats.points == sum(known[e.combatant].number("PE") * e.count
                                      for e in warband.entries if e.combatant in known)
    limit = override if override is not None else warband.points_limit
    over = limit is not None and report.stats.points > limit
    assert over == any(f.rule == "points-limit" for f in report.findings)
    assert all(f.message for f in report.findings)


@given(warbands)
@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=60,
          deadline=None)  # the first example imports ruamel.yaml and builds the validators
def test_load_save_load_is_identity(warband: Warband):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "list.warband.yaml"
        save_warband(warband, path)
        first = load_warband(path)
        save_warband(first, path)
        assert load_warband(path) == first == warband


@given(st.sampled_from([c.id for c in FACTION.combatants]),
       st.lists(st.integers(1, 5), min_size=1, max_size=6), buildings)
def test_caps_see_the_total_over_entries(combatant: str, split: list[int], building):
    faction = make_faction(**building)
    leader = [Entry(combatant="test-leader", count=1)]
    spread = Warband(name="s", faction=faction.id,
                     entries=leader + [Entry(combatant=combatant, count=n) for n in split])
    single = Warband(name="s", faction=faction.id,
                     entries=leader + [Entry(combatant=combatant, count=sum(split))])
    a, b = validate(spread, faction), validate(single, faction)
    assert [(f.rule, f.message) for f in a.findings] == [(f.rule, f.message) for f in b.findings]
    assert a.stats == b.stats


@given(st.binary(max_size=300))
def test_any_bytes_load_or_fail_cleanly(raw: bytes):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "x.warband.yaml"
        path.write_bytes(raw)
        try:
            load_warband(path)
        except DataError as exc:
            assert str(exc).startswith(f"{path}:")


yaml_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 50) | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=20,
)


@given(st.dictionaries(st.sampled_from(["schema", "name", "faction", "points_limit", "entries",
                                        "notes", "extra"]), yaml_values))
def test_any_mapping_validates_or_fails_with_a_location(data):
    text = yaml.safe_dump(data, allow_unicode=True)
    try:
        parse_warband("gen.warband.yaml", text)
    except DataError as exc:
        for problem in exc.problems:
            assert problem.path == "gen.warband.yaml"
            assert problem.line >= 1 and problem.column >= 1 and problem.message


@given(st.text(max_size=200))
def test_any_text_parses_or_fails_cleanly(source: str):
    try:
        doc = parse("t.yaml", source)
    except DataError as exc:
        assert exc.problems[0].line >= 1
    else:
        assert isinstance(doc.data, dict)


ids = st.from_regex(r"[a-z0-9]{1,6}(-[a-z0-9]{1,4}){0,2}", fullmatch=True)
stat = st.none() | st.integers(0, 12)
profiles = st.fixed_dictionaries(
    {"PE": st.integers(0, 400)},
    optional={"CA": stat, "MOV": stat, "MAN": stat, "DES": stat, "PRE": stat, "POT": stat,
              "CON": st.none() | st.integers(1, 9) | st.tuples(st.integers(1, 9),
                                                               st.integers(1, 9)).map(
                  lambda t: f"{t[0]}-{t[1]}"),
              "FUR": stat, "POD": stat})
inline_abilities = st.fixed_dictionaries(
    {"name": text},
    optional={"kind": st.sampled_from(["passive", "feat", "enchantment"]),
              "scope": st.sampled_from(["racial", "unique", "universal"]),
              "difficulty": st.none() | st.integers(1, 9) | st.just("A"),
              "successes": st.integers(1, 3), "text": st.text(max_size=60)})
combatant_data = st.fixed_dictionaries(
    {"name": text, "type": st.sampled_from(["leader", "avatar", "messenger", "troop"]),
     "profile": profiles},
    optional={"nickname": text, "rank": st.sampled_from(["irregular", "regular", "veteran",
                                                         "elite"]),
              "base": st.sampled_from([30, 40, 50, 60]), "squad": st.booleans(),
              "max": st.none() | st.integers(1, 5), "wounds": st.integers(1, 9),
              "abilities": st.lists(st.just("enorme") | inline_abilities, max_size=3),
              "equipment": st.lists(text, max_size=3), "description": st.text(max_size=80)})


@given(st.lists(combatant_data, min_size=1, max_size=5), ids,
       st.fixed_dictionaries({}, optional={"max_same_combatant": st.integers(1, 9),
                                           "messengers_per_command": st.integers(0, 3)}))
@settings(max_examples=60)
def test_faction_save_load_is_identity(combatants, faction_id, building):
    from builder.data import builtin_systems, check_faction_data, load_faction, save_faction

    for i, c in enumerate(combatants):
        c["id"] = f"c{i}"
    data = {"schema": "spherewars-faction/1", "id": faction_id, "name": "Generated",
            "building": building, "combatants": combatants}
    faction, problems = check_faction_data(data, builtin_systems()["spherewars-1e"])
    assert faction is not None, problems
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "f.yaml"
        save_faction(faction, path)
        assert load_faction(path) == faction


@given(st.lists(st.tuples(st.sampled_from([c.id for c in FACTION.combatants]),
                          st.integers(1, 9)), max_size=30),
       st.integers(0, 6), st.integers(0, 4), st.sampled_from([0, 10**9]))
@settings(max_examples=150, deadline=None)
def test_an_each_rule_with_both_bounds_names_too_few_and_too_many(entries, low, span, long):
    """Form 2 with a lower and an upper bound (an event's "two to four of each"): exactly the
    combatants hired below the one or above the other are named, through plain loops and
    through the faction's kept answers (``long``: the engine's threshold)."""
    import pytest

    import builder.rules.engine as engine
    from builder.model.system import Rule, Selector

    rule = Rule(id="test-two-to-four", each=Selector(), at_least=low, at_most=low + span)
    w = Warband(name="Generated", faction=FACTION.id,
                entries=[Entry(combatant=c, count=n) for c, n in entries])
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(engine, "_LONG", long)
        report = validate(w, FACTION, extra_rules=[rule])
    named = [f.combatants[0] for f in report.findings if f.rule == rule.id]
    assert named == [cid for cid, n in w.totals().items() if n < low or n > low + span]
