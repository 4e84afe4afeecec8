"""What a stat's value must be (SPEC §5 ``constraints``, issue 31 item 5): a system file says
it (a minimum, a maximum, a pattern for a text stat such as a dice pool), and check-data and
the faction editor's check refuse a value that breaks it, at its line.

The pattern is our template language (builder.model.pattern), matched in time proportional to
the template times the value, so a hostile system file cannot hang the program."""

from __future__ import annotations

import copy
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.cli import main
from builder.data import Catalogue, DataError, check_faction_data, load_system
from builder.data import dump_yaml as dump
from builder.model.pattern import PatternError, matches, parse
from builder.plumbing import paths

TORN = yaml.safe_load((paths.systems_dir() / "torn.yaml").read_text(encoding="utf-8"))


# --- the template language ----------------------------------------------------------------


@pytest.mark.parametrize(("pattern", "value", "expected"), [
    ("{n}D[+{n}A]|{n}A", "2D+1A", True),
    ("{n}D[+{n}A]|{n}A", "2D", True),
    ("{n}D[+{n}A]|{n}A", "3A", True),
    ("{n}D[+{n}A]|{n}A", "3", False),
    ("{n}D[+{n}A]|{n}A", "2D+", False),
    ("{n}D[+{n}A]|{n}A", "2d+1a", False),  # case kept
    ("{n}D[+{n}A]|{n}A", "1234567D", False),  # at most six digits
    ("{n}\"", "6\"", True),
    ("[{n}+]{n}[x[y]]", "2+3xy", True),
    ("[{n}+]{n}[x[y]]", "3y", False),
    ("a\\[b\\]", "a[b]", True),
    ("a\\|b", "a|b", True),
    ("a|b", "a|b", False),
])
def test_pattern_matches_the_whole_value(pattern: str, value: str, expected: bool) -> None:
    assert matches(pattern, value) is expected


@pytest.mark.parametrize(("pattern", "message"), [
    ("{n}D[+{n}A", "a '[' is not closed"),
    ("{n}D]", "']' at character 5 closes no '['"),
    ("{n}{n}", "two {n} side by side"),
    ("{x}", "'{' at character 1: write {n} for a number"),
    ("ab\\", "ends with '\\'"),
    ("", "cannot be empty"),
    ("a" * 201, "at most 200 characters"),
])
def test_unreadable_pattern_says_why(pattern: str, message: str) -> None:
    with pytest.raises(PatternError, match=re.escape(message)):
        parse(pattern)


def test_hostile_pattern_matches_quickly() -> None:
    """A backtracking regular expression takes 2^30 steps on this; the template does not."""
    pattern = "[a]" * 30 + "a" * 30
    start = time.perf_counter()
    assert matches(pattern, "a" * 30)
    assert not matches(pattern, "a" * 29 + "b")
    assert not matches("[[[[[[[[[[a]]]]]]]]]]" * 9, "a" * 5000 + "b")
    assert time.perf_counter() - start < 1.0


PIECES = st.sampled_from(["{n}", "D", "A", "+", "-", "[", "]", "|", "x"])


def _regex(tree: Any) -> str:
    """The template as a Python regular expression, to compare with (test only)."""
    from builder.model.pattern import Choice, Number

    def seq(nodes: tuple[object, ...]) -> str:
        out = ""
        for node in nodes:
            if isinstance(node, Number):
                out += "[0-9]{1,6}"
            elif isinstance(node, Choice):
                out += "(?:" + "|".join(seq(o) for o in node.options) + ")" + (
                    "?" if node.optional else "")
            else:
                out += re.escape(str(node))
        return out

    return "(?:" + "|".join(seq(o) for o in tree.options) + ")"


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, min_size=1, max_size=8).map("".join),
       st.text("0123456789DA+-x", max_size=10))
def test_pattern_agrees_with_a_regular_expression(pattern: str, value: str) -> None:
    try:
        tree = parse(pattern)
    except PatternError:
        assert not matches(pattern, value)
        return
    assert matches(pattern, value) == bool(re.fullmatch(_regex(tree), value))


# --- the system file -------------------------------------------------------------------------


def _mutator_unknown_stat(d):
    """unknown stat 'WW' (did you mean 'W'?)"""
    d["constraints"]["WW"] = d["constraints"].pop("W")


def _mutator_minimum_on_text(d):
    """'minimum' bounds a number; DEF is a text stat: give it a 'pattern' instead"""
    d["constraints"]["DEF"]["minimum"] = 1


def _mutator_pattern_on_number(d):
    """a pattern is for a text stat; W is a number stat: give it a 'minimum' or a 'maximum'
    instead"""
    d["constraints"]["W"]["pattern"] = "{n}"


def _mutator_minimum_above_maximum(d):
    """the minimum (1) is above the maximum (0)"""
    d["constraints"]["W"]["maximum"] = 0


def _mutator_bad_pattern(d):
    """a '[' is not closed: add ']'"""
    d["constraints"]["DEF"]["pattern"] = "{n}D[+{n}A"


def _mutator_means_alone(d):
    """'means' says what the pattern asks for: give the pattern too"""
    del d["constraints"]["DEF"]["pattern"]


def _mutator_unknown_key(d):
    """unknown key 'minimun' (did you mean 'minimum'?)"""
    d["constraints"]["W"]["minimun"] = d["constraints"]["W"].pop("minimum")


MUTATORS = [f for name, f in sorted(globals().items()) if name.startswith("_mutator_")]


@pytest.mark.parametrize("mutate", MUTATORS, ids=lambda f: f.__name__[9:])
def test_broken_constraint(tmp_path: Path, mutate: Any) -> None:
    data = copy.deepcopy(TORN)
    mutate(data)
    path = tmp_path / "torn-broken.yaml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_system(path)
    text = " ".join(str(info.value).split())
    assert " ".join((mutate.__doc__ or "").split()) in text
    assert re.match(rf"^{re.escape(str(path))}:\d+:\d+: ", str(info.value))


# --- the built-in games, checked by check-data and by the editor's check ------------------------


def _check(system: str, profile: dict[str, Any]) -> tuple[Any, list[tuple[str, str]]]:
    """The editor's check of a faction of one combatant of ``system`` with ``profile``."""
    game = Catalogue.load([], user=False).systems[system]
    data = {"schema": "spherewars-faction/1", "system": system, "id": "test-limits",
            "name": "Test limits", "combatants": [
                {"id": "test-one", "name": "Test One", "type": game.types[0].id,
                 "profile": profile}]}
    return check_faction_data(data, game)


@pytest.mark.parametrize(("system", "profile", "stat", "message"), [
    ("spherus-tactical", {"HP": 0, "HLT": 1, "MOV": 2}, "HP", "HP must be at least 1 (got 0)"),
    ("spherus-tactical", {"HP": 10, "HLT": 5, "MOV": 0}, "MOV", "MOV must be at least 2 (got 0)"),
    ("torn", {"DEF": "2D+1A", "W": 0}, "W", "W must be at least 1 (got 0)"),
    ("torn", {"DEF": "3", "W": 2}, "DEF",
     "DEF must be Defence and Agility dice, such as 2D+1A (got '3')"),
])
def test_builtin_limits_refuse_nonsense(system: str, profile: dict[str, Any], stat: str,
                                        message: str) -> None:
    faction, problems = _check(system, profile)
    assert faction is None
    assert (f"combatants.0.profile.{stat}", message) in problems


@pytest.mark.parametrize(("system", "profile"), [
    ("spherus-tactical", {"HP": 1, "HLT": 1, "MOV": 2}),
    ("torn", {"DEF": "2D+1A", "W": 1}),
    ("torn", {"DEF": "1D", "W": 3}),
])
def test_builtin_limits_accept_what_the_rules_allow(system: str, profile: dict[str, Any]) -> None:
    faction, problems = _check(system, profile)
    assert problems == [] and faction is not None


def test_check_data_reports_a_broken_limit_at_its_line(capsys, tmp_path: Path) -> None:
    (tmp_path / "test-torn.yaml").write_text(
        "schema: spherewars-faction/1\nsystem: torn\nid: test-torn\nname: Test Torn\n"
        "combatants:\n  - id: test-a\n    name: Test A\n    type: leader\n"
        "    profile: {DEF: '3', W: 0}\n", encoding="utf-8")
    code = main(["check-data", str(tmp_path)])
    out = capsys.readouterr().out
    assert code == 2
    path = tmp_path / "test-torn.yaml"
    assert out.splitlines() == [
        f"{path}:9:20: DEF must be Defence and Agility dice, such as 2D+1A (got '3')",
        f"{path}:9:28: W must be at least 1 (got 0)",
    ]


def test_schema_documents_constraints(capsys) -> None:
    assert main(["schema", "system"]) == 0
    out = capsys.readouterr().out
    assert '"constraints"' in out and "{n} a whole number" in out


def test_faction_schema_carries_a_minimum(capsys) -> None:
    assert main(["schema", "faction", "--system", "spherus-tactical"]) == 0
    schema = json.loads(capsys.readouterr().out)
    mov = schema["$defs"]["Combatant"]["properties"]["profile"]["properties"]["MOV"]
    assert {"type": "integer", "minimum": 2, "maximum": 999_999} in mov["anyOf"]


# --- the JSON schema tells the same truth (issue 41 item 14) ---------------------------------


def _profile_schema(system: Any) -> Any:
    """A validator of one combatant's profile, from ``schema faction --system``'s schema."""
    import jsonschema

    from builder.model.schema import json_schema

    schema = json_schema("faction", system)
    return jsonschema.Draft202012Validator(schema)


def _faction(system: Any, profile: dict[str, Any]) -> dict[str, Any]:
    return {"schema": "spherewars-faction/1", "system": system.id, "id": "test-limits",
            "name": "Test limits", "source": "test data", "combatants": [
                {"id": "test-one", "name": "Test One", "type": system.types[0].id,
                 "profile": profile}]}


def _with_limits(system_id: str, limits: dict[str, dict[str, Any]]) -> Any:
    """A built-in system with ``limits`` added to its constraints (a club's system file)."""
    from builder.model.system import StatLimit

    game = Catalogue.load([], user=False).systems[system_id]
    return game.model_copy(update={"constraints": {
        **game.constraints, **{k: StatLimit(**v) for k, v in limits.items()}}})


def test_torns_faction_schema_carries_the_defence_pattern() -> None:
    """``schema faction --system torn`` left DEF's pattern out: an editor's YAML plug-in took
    "2X" that check-data refuses."""
    torn = Catalogue.load([], user=False).systems["torn"]
    validator = _profile_schema(torn)
    for value, fine in (("2D+1A", True), ("3A", True), (" 1D ", True), ("-", False),
                        ("2X", False), ("3", False), ("2D+", False)):
        data = _faction(torn, {"DEF": value, "W": 2})
        assert (not list(validator.iter_errors(data))) is fine, value
        assert (check_faction_data(data, torn)[0] is not None) is fine, value


VALUES = st.one_of(st.none(), st.integers(-3, 1_200_000),
                   st.sampled_from([0, 1, 2, 5, 12, 13, 999_999, 1_000_000]),
                   st.text("0123456789DA+- x–", max_size=9),
                   st.builds(lambda a, b, s: f"{a}{s}-{s}{b}", st.integers(0, 1_000_010),
                             st.integers(0, 20), st.sampled_from(["", " "])))
GAMES = ["torn", "spherus-tactical", "spherewars-1e", "club"]


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(GAMES), st.data())
def test_what_the_schema_accepts_check_data_accepts(game: str, data: Any) -> None:
    """Every value of every stat of the built-in games (and of a club's game with bounds on a
    pair stat and a pattern with a choice): a profile the JSON schema takes is one check-data
    takes, and a value check-data refuses for its constraint the schema refuses too."""
    system = _with_limits("spherewars-1e", {"CON": {"minimum": 2, "maximum": 12},
                                            "PE": {"minimum": 5, "maximum": 400}}) \
        if game == "club" else Catalogue.load([], user=False).systems[game]
    base = {s.id: (1 if s.kind != "text" else "1D") for s in system.stats if s.required}
    stat = data.draw(st.sampled_from([s.id for s in system.stats]))
    value = data.draw(VALUES)
    faction = _faction(system, {**base, stat: value})
    schema_ok = not list(_profile_schema(system).iter_errors(faction))
    checked, problems = check_faction_data(faction, system)
    if schema_ok:
        assert checked is not None, (stat, value, problems)


@settings(max_examples=300, deadline=None)
@given(st.lists(PIECES, min_size=1, max_size=8).map("".join),
       st.text("0123456789DA+-x", max_size=10))
def test_the_schemas_regular_expression_matches_what_the_template_does(pattern: str,
                                                                       value: str) -> None:
    """The JSON schema's pattern for a template (``template_regex``) takes exactly what
    check-data's matcher takes."""
    from builder.model.pattern import template_regex

    try:
        regex = template_regex(pattern)
    except PatternError:
        return
    assert matches(pattern, value) == bool(re.fullmatch(regex, value))


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 999_999), st.integers(0, 999_999), st.integers(0, 1_200_000))
def test_the_schemas_range_takes_the_numbers_between(a: int, b: int, n: int) -> None:
    from builder.model.pattern import whole_range

    low, high = min(a, b), max(a, b)
    regex = re.compile(whole_range(low, high))
    assert bool(regex.fullmatch(str(n))) == (low <= n <= high)
    assert not regex.fullmatch("0" + str(n))  # never a leading zero
