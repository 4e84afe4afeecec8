"""Game system files (SPEC §5) as data: one mutator per mistake, its expected message as its
docstring, every problem of a file reported in one pass at FILE:LINE:COLUMN; and the
properties: validation never raises for generated systems, factions and lists, and a system
read, written and read again is the same system."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.data import DataError, check_faction_data, load_system
from builder.data import dump_yaml as dump
from builder.data.loading import system_text
from builder.model import Warband
from builder.plumbing import paths
from builder.rules import validate

FIRST = yaml.safe_load((paths.systems_dir() / "spherewars-1e.yaml").read_text(encoding="utf-8"))


def _rule(d: dict, rule_id: str) -> dict:
    return next(r for r in d["rules"] if r["id"] == rule_id)


def _mutator_unknown_key(d):
    """unknown key 'cout' (did you mean 'count'?)"""
    rule = _rule(d, "leader-required")
    rule["cout"] = rule.pop("count")
    rule["each"] = {}  # keeps the rule's form valid: only the typo is reported


def _mutator_unknown_stat(d):
    """unknown stat 'MANN' (did you mean 'MAN'?)"""
    _rule(d, "messenger-limit")["at_most"]["sum"] = "MANN"


def _mutator_sum_of_pair(d):
    """cannot add up 'CON': it is a pair stat"""
    d["figures"][0]["value"] = {"sum": "CON"}


def _mutator_unknown_type(d):
    """type must be one of: leader, avatar, messenger, troop (got the text 'mesenger'; did
    you mean 'messenger'?)"""
    _rule(d, "messenger-limit")["count"]["models"]["type"] = "mesenger"


def _mutator_unknown_rank(d):
    """rank must be one of: irregular, regular, veteran, elite (got the text 'elit'; did you
    mean 'elite'?)"""
    _rule(d, "squad-limit")["each"]["rank"] = ["veteran", "elit"]


def _mutator_unknown_parameter(d):
    """unknown parameter 'max_squad' (did you mean 'max_squad_units'?)"""
    _rule(d, "squad-limit")["at_most"] = "max_squad"


def _mutator_unknown_parameter_name(d):
    """parameter must be one of: max_same_combatant, max_squad_units, messengers_per_command
    (got the text 'max_squad'; did you mean 'max_squad_units'?)"""
    d["parameter_names"]["max_squad"] = d["parameter_names"].pop("max_squad_units")


def _mutator_unknown_times(d):
    """unknown parameter 'per_command' (did you mean 'messengers_per_command'?)"""
    _rule(d, "messenger-limit")["at_most"]["times"] = "per_command"


def _mutator_duplicate_rule(d):
    """rule id 'points-limit' is used twice"""
    d["rules"].append(copy.deepcopy(_rule(d, "points-limit")))


def _mutator_duplicate_stat(d):
    """stat id 'MAN' is used twice"""
    d["stats"].append({"id": "MAN", "name": "Command again"})


def _mutator_count_and_each(d):
    """a rule has exactly one of 'count' (one amount for the list) or 'each'"""
    _rule(d, "leader-required")["each"] = {}


def _mutator_no_bound(d):
    """a rule needs a bound: at_most, at_least or exactly"""
    del _rule(d, "leader-required")["at_least"]


def _mutator_exactly_and_at_most(d):
    """'exactly' already sets both bounds"""
    _rule(d, "leader-required")["exactly"] = 1


def _mutator_own_max_on_count(d):
    """own_max works only with 'each' (form 2)"""
    _rule(d, "points-limit")["own_max"] = True


def _mutator_placeholder(d):
    """message: unknown placeholder {amout}"""
    _rule(d, "points-limit")["message"] = "{amout} points"


def _mutator_figure_models(d):
    """'models' is reported with every list already"""
    d["figures"][0]["id"] = "models"


def _mutator_cost_text(d):
    """the cost cannot be 'CON': it is a pair stat"""
    d["cost"] = "CON"


def _mutator_quantity_shape(d):
    """a quantity is a whole number, a parameter name, points_limit, or a mapping with
    'models', 'sum', 'max', 'entries' or 'picks' (got a list)"""
    _rule(d, "points-limit")["at_most"] = [400]


def _mutator_quantity_key(d):
    """unknown key 'off' (did you mean 'of'?)"""
    _rule(d, "messenger-limit")["at_most"]["off"] = {"type": "leader"}


def _mutator_stat_kind(d):
    """kind must be one of: number, pair, text (got the text 'dice')"""
    d["stats"][0]["kind"] = "dice"


def _mutator_language(d):
    """'english' is not a language code"""
    d["name"] = {"english": "SphereWars"}


def _mutator_no_types(d):
    """a game system needs at least one combatant type"""
    d["types"] = []


def _mutator_newer_schema(d):
    """this file is spherewars-system/2; this program reads spherewars-system/1"""
    d["schema"] = "spherewars-system/2"


MUTATORS = [v for k, v in dict(globals()).items() if k.startswith("_mutator_")]


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("mutate", MUTATORS, ids=lambda f: f.__name__[9:])
def test_broken_system_file(tmp_path: Path, mutate: Callable[[dict[str, Any]], None]) -> None:
    data = copy.deepcopy(FIRST)
    mutate(data)
    path = tmp_path / "broken.yaml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_system(path)
    text = str(info.value)
    assert _flat(mutate.__doc__ or "") in _flat(text)
    assert re.match(rf"^{re.escape(str(path))}:\d+:\d+: ", text), text
    assert "Traceback" not in text and "pydantic" not in text


def test_every_problem_in_one_pass(tmp_path: Path) -> None:
    data = copy.deepcopy(FIRST)
    for mutate in (_mutator_unknown_stat, _mutator_unknown_type, _mutator_duplicate_rule,
                   _mutator_placeholder, _mutator_stat_kind):
        mutate(data)
    path = tmp_path / "many.yaml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_system(path)
    assert len(info.value.problems) == 5
    lines = [p.line for p in info.value.problems]
    assert lines == sorted(lines) and len(set(lines)) == 5  # each at its own key


def test_unknown_stat_points_at_its_line(tmp_path: Path) -> None:
    text = (paths.systems_dir() / "spherewars-1e.yaml").read_text(encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1)
                if "at_most: {sum: MAN, of: {type: leader}, times" in row)
    path = tmp_path / "typo.yaml"
    path.write_text(text.replace("at_most: {sum: MAN, of: {type: leader}, times",
                                 "at_most: {sum: MNA, of: {type: leader}, times"),
                    encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_system(path)
    (problem,) = info.value.problems
    assert problem.line == line and "unknown stat 'MNA' (did you mean 'MAN'?)" in problem.message


# --- properties ----------------------------------------------------------------------------

names = st.text("abcdefghij", min_size=1, max_size=6)
stat_ids = st.sampled_from(["A", "B", "C", "D"])
type_ids = st.sampled_from(["boss", "grunt", "beast"])
selectors = st.fixed_dictionaries({}, optional={
    "type": type_ids | st.lists(type_ids, min_size=1, max_size=2),
    "squad": st.booleans(), "tag": st.sampled_from(["x", "y"])})
times = st.integers(0, 3) | st.just("cap")
quantities = st.deferred(lambda: st.one_of(
    st.integers(0, 50), st.sampled_from(["cap", "points_limit"]),
    st.fixed_dictionaries({"models": selectors}, optional={"times": times}),
    st.fixed_dictionaries({"sum": st.sampled_from(["A", "B"])},
                          optional={"of": selectors, "times": times}),
    st.fixed_dictionaries({"max": st.sampled_from(["A", "B"])},
                          optional={"of": selectors, "times": times})))
bound = st.sampled_from(["at_most", "at_least", "exactly"])


@st.composite
def rules(draw: Any) -> dict[str, Any]:
    rule: dict[str, Any] = {"id": draw(st.sampled_from(["r1", "r2", "r3"])) + "-" + draw(names),
                            draw(bound): draw(quantities)}
    if draw(st.booleans()):
        rule["count"] = draw(quantities)
    else:
        rule["each"] = draw(selectors)
        rule["own_max"] = draw(st.booleans())
    if draw(st.booleans()):
        rule["when"] = draw(quantities)
    if draw(st.booleans()):
        rule["severity"] = "warning"
    if draw(st.booleans()):
        rule["message"] = draw(st.sampled_from(["{amount} of {bound}", "{counted}; {basis}",
                                                "{combatant} {rule}"]))
    return rule


@st.composite
def systems(draw: Any) -> dict[str, Any]:
    rule_list = draw(st.lists(rules(), max_size=4, unique_by=lambda r: r["id"]))
    return {"schema": "spherewars-system/1", "id": "gen-" + draw(names), "name": draw(names),
            "cost": draw(st.sampled_from([None, "A"])),
            "wounds": draw(st.sampled_from([None, 3])),
            "stats": [{"id": "A", "name": "A", "required": True}, {"id": "B", "name": "B"},
                      {"id": "C", "name": "C", "kind": "pair"},
                      {"id": "D", "name": "D", "kind": "text"}],
            "types": [{"id": t, "name": t.capitalize()} for t in ("boss", "grunt", "beast")],
            "parameters": {"cap": draw(st.integers(0, 9))},
            "rules": rule_list,
            "figures": [{"id": f"f{i}", "name": f"F{i}", "value": q}
                        for i, q in enumerate(draw(st.lists(quantities, max_size=3)))]}


combatants = st.lists(st.fixed_dictionaries({
    "type": type_ids, "name": names,
    "profile": st.fixed_dictionaries({"A": st.integers(0, 99)}, optional={
        "B": st.integers(0, 99) | st.none(), "C": st.sampled_from([3, "4-5", "-"]),
        "D": st.sampled_from(["2D+1A", None])})}, optional={
    "squad": st.booleans(), "max": st.integers(1, 4), "tags": st.lists(
        st.sampled_from(["x", "y"]), max_size=2)}), min_size=1, max_size=5)


@given(systems(), combatants, st.lists(st.tuples(st.integers(0, 6), st.integers(1, 30)),
                                       max_size=6), st.none() | st.integers(0, 500))
@settings(max_examples=150, deadline=None)
def test_validation_never_raises(system_data, combatant_data, entries, limit) -> None:
    from builder.model.system import System, system_problems

    assert system_problems(system_data) == [], system_problems(system_data)
    system = System.model_validate(system_data)
    for i, c in enumerate(combatant_data):
        c["id"] = f"c{i}"
    faction, problems = check_faction_data(
        {"schema": "spherewars-faction/1", "system": system.id, "id": "gen", "name": "Gen",
         "combatants": combatant_data}, system)
    assert faction is not None, problems
    warband = Warband.model_validate({
        "name": "Generated", "faction": "gen", "points_limit": limit,
        "entries": [{"combatant": f"c{i}" if i < len(combatant_data) else "ghost", "count": n}
                    for i, n in entries]})
    report = validate(warband, faction)
    assert report.stats.models == sum(n for i, n in entries if i < len(combatant_data))
    assert set(report.stats.figures) == {f.id for f in system.figures}
    for finding in report.findings:
        assert finding.message and finding.severity in ("error", "warning")


@given(systems())
@settings(max_examples=60, deadline=None)
def test_system_read_write_read_is_identity(tmp_path_factory, system_data) -> None:
    path = tmp_path_factory.mktemp("systems") / "gen.yaml"
    path.write_text(dump({k: v for k, v in system_data.items() if v is not None}),
                    encoding="utf-8")
    first = load_system(path)
    path.write_text(system_text(first), encoding="utf-8")
    assert load_system(path) == first


def test_builtin_systems_survive_write_and_read(tmp_path: Path) -> None:
    for source in sorted(paths.systems_dir().glob("*.yaml")):
        system = load_system(source)
        path = tmp_path / source.name
        path.write_text(system_text(system), encoding="utf-8")
        assert load_system(path) == system, source.name
