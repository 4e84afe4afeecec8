"""SPEC §9 in the file models: options, units and picks are read, and every mistake in them
is a FILE:LINE:COLUMN error at its key with the closest valid name suggested."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.data import DataError, load_faction, load_system, load_warband
from builder.data import dump_yaml as dump
from builder.model.system import EntriesQuantity, PicksQuantity
from tests.conftest import TEST_DATA

RELAUNCH = TEST_DATA / "relaunch"
SYSTEM_FILE = RELAUNCH / "test-relaunch.system.yaml"
FACTION_FILE = RELAUNCH / "test-relaunch-band.yaml"
SIXTY = RELAUNCH / "lists" / "test-relaunch-sixty.warband.yaml"
SYSTEM_DATA = yaml.safe_load(SYSTEM_FILE.read_text(encoding="utf-8"))
FACTION_DATA = yaml.safe_load(FACTION_FILE.read_text(encoding="utf-8"))


def _system():
    return load_system(SYSTEM_FILE)


def _faction():
    system = _system()
    return load_faction(FACTION_FILE, {system.id: system})


def _combatant(data: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in data["combatants"] if c["id"] == cid)


# --- what loads --------------------------------------------------------------------------


def test_the_test_system_reads_options_picks_and_the_new_quantities() -> None:
    system = _system()
    assert [o.id for o in system.options] == ["test-veteran"]
    assert system.options[0].for_.type == "troop"
    assert [p.id for p in system.picks] == ["test-blessing"]
    rules = {r.id: r for r in system.rules}
    assert isinstance(rules["artefact-limit"].count, PicksQuantity)
    assert rules["artefact-limit"].count.picks.tag == "artefact"
    assert isinstance(rules["artefact-limit"].at_most, EntriesQuantity)
    assert rules["veteran-limit"].count.entries.option_tag == "veteran"
    assert rules["banner-needs-veterans"].when.models.option == "test-banner"


def test_a_combatant_is_offered_its_own_options_and_the_systems_that_match() -> None:
    faction = _faction()
    offered = {c.id: list(faction.options_for(c)) for c in faction.combatants}
    assert offered["test-warlord"] == ["test-great-weapon", "test-shield", "test-seal"]
    # the system's veteran upgrade is for troops only, after the combatant's own options
    assert offered["test-spearmen"] == ["test-banner", "test-long-spears", "test-drill",
                                        "test-veteran"]
    assert offered["test-council"] == []
    assert offered["test-scout"] == ["test-veteran"]
    spearmen = faction.combatant("test-spearmen")
    assert spearmen.unit is not None and (spearmen.unit.min, spearmen.unit.max) == (3, 5)
    assert faction.option(spearmen, "test-veteran").label == "Test Veteran"
    assert faction.option(spearmen, "test-great-weapon") is None
    assert list(faction.picks_offered) == ["test-sword-of-fire", "test-crown", "test-pact",
                                           "test-blessing"]


def test_what_an_entry_and_the_picks_add() -> None:
    faction = _faction()
    warband = load_warband(SIXTY)
    spearmen = faction.combatant("test-spearmen")
    taken = {"test-veteran": 1, "test-long-spears": 1}
    # veteran once per entry (1), long spears per model (1 x 4)
    assert faction.entry_adds(spearmen, taken, 4, "PB") == 5
    assert faction.entry_cost(spearmen, 4, taken) == 4 * 3 + 5
    assert faction.entry_adds(spearmen, {"test-drill": 2}, 5, "PB") == 2
    assert faction.entry_adds(spearmen, {"no-such-option": 3}, 5, "PB") == 0
    assert faction.entry_adds(spearmen, taken, 4, "DOM") == 0
    warlord = faction.combatant("test-warlord")
    assert faction.entry_adds(warlord, {"test-seal": 1}, 1, "DOM") == 1
    points = sum(faction.entry_cost(faction.combatant(e.combatant), e.count, e.options)
                 for e in warband.entries) + faction.picks_add(warband.picks, "PB")
    assert points == 22 + 17 + 12
    assert faction.picks_add(warband.picks, "DOMC") == 2
    assert faction.picks_add(["test-pact", "test-blessing", "unknown"], "PB") == 7


def test_which_entries_an_option_selector_takes_in() -> None:
    from builder.model.system import Selector

    faction = _faction()
    spearmen = faction.combatant("test-spearmen")
    veteran = {"test-veteran": 1, "test-banner": 1}
    assert faction.took(spearmen, veteran, Selector(option="test-banner"))
    assert faction.took(spearmen, veteran, Selector(option=["test-drill", "test-veteran"]))
    assert not faction.took(spearmen, {}, Selector(option="test-banner"))
    assert faction.took(spearmen, veteran, Selector(option_tag="veteran"))  # the system's
    assert faction.took(spearmen, veteran, Selector(option_tag=["weapon", "command"]))
    assert not faction.took(spearmen, {"test-drill": 2}, Selector(option_tag="veteran"))
    assert not faction.took(spearmen, {"no-such": 1}, Selector(option_tag="veteran"))
    assert faction.took(spearmen, {}, Selector(type="troop"))  # no option key: any entry


def test_a_list_reads_options_and_picks_on_both_paths(tmp_path: Path) -> None:
    quick = load_warband(SIXTY)
    assert quick.entries[1].options == {"test-veteran": 1, "test-long-spears": 1}
    assert quick.picks == ["test-sword-of-fire"]
    assert quick.option_totals() == {"test-warlord": {"test-great-weapon": 1},
                                     "test-spearmen": {"test-veteran": 1,
                                                       "test-long-spears": 1}}
    # a flow-style file goes the full way through: the same list
    from builder.model import Warband

    full = Warband.model_validate(yaml.safe_load(SIXTY.read_text(encoding="utf-8")))
    assert full == quick
    assert full.to_data()["entries"][2] == {"combatant": "test-archers", "count": 3}
    assert full.to_data()["picks"] == ["test-sword-of-fire"]


def test_a_list_without_options_writes_no_options_or_picks() -> None:
    from builder.model import Warband

    plain = Warband.model_validate({"name": "x", "faction": "soimi",
                                    "entries": [{"combatant": "nek-org", "count": 1}]})
    data = plain.to_data()
    assert "picks" not in data and data["entries"] == [{"combatant": "nek-org", "count": 1}]
    assert not plain.has_options


# --- mistakes in a faction file ----------------------------------------------------------


def _adds_unknown_stat(d):
    """unknown stat 'PBB' (did you mean 'PB'?)|test-great-weapon|PBB"""
    d["combatants"][0]["options"][0]["adds"] = {"PBB": 2}


def _adds_swapped_letters(d):
    """unknown stat 'BP' (did you mean 'PB'?)|test-great-weapon|BP"""
    d["combatants"][0]["options"][0]["adds"] = {"BP": 2}


def _adds_text_stat(d):
    """cannot add to 'DEF': it is a text stat; an option or pick adds to number stats only
    (PB, MAN, DOM, DOMC)|test-great-weapon|DEF"""
    d["combatants"][0]["options"][0]["adds"] = {"DEF": 2}


def _adds_not_a_number(d):
    """PB must be an integer >= 0 (got the text 'two')|test-great-weapon|two"""
    d["combatants"][0]["options"][0]["adds"] = {"PB": "two"}


def _unit_min_above_max(d):
    """the unit's min (5) is above its max (3)|test-spearmen|min: ^5"""
    _combatant(d, "test-spearmen")["unit"] = {"min": 5, "max": 3}


def _unit_min_above_own_max(d):
    """the unit's min (3) is above the combatant's max (2): no entry could be hired|
    test-council|min: ^3"""
    _combatant(d, "test-council")["max"] = 2


def _unit_min_zero(d):
    """min must be an integer >= 1 (got the number 0)|test-spearmen|min: ^0"""
    _combatant(d, "test-spearmen")["unit"] = {"min": 0, "max": 3}


def _unit_unknown_key(d):
    """unknown key 'maximum' (did you mean 'max'?)|test-spearmen|maximum"""
    _combatant(d, "test-spearmen")["unit"] = {"min": 3, "maximum": 5}


def _duplicate_option(d):
    """option id 'test-shield' is used twice (options[1] and options[2])|Test Shield|test-shield"""
    d["combatants"][0]["options"][2]["id"] = "test-shield"


def _option_unknown_key(d):
    """unknown key 'per_modle' (did you mean 'per_model'?)|test-great-weapon|per_modle"""
    d["combatants"][0]["options"][0]["per_modle"] = True


def _option_clashes_with_system(d):
    """option id 'test-veteran' is already an option the game system offers this combatant;
    give it another id|test-spearmen|test-veteran"""
    _combatant(d, "test-spearmen")["options"][0]["id"] = "test-veteran"


def _option_bad_id(d):
    """is not a valid id|test-warlord|Great Weapon"""
    d["combatants"][0]["options"][0]["id"] = "Great Weapon"


def _option_name_too_long(d):
    """is 201 characters long; at most 200 are allowed|test-warlord|nnnnn"""
    d["combatants"][0]["options"][0]["name"] = "n" * 201


def _option_name_control(d):
    """names cannot hold control characters|test-warlord|"Test"""
    d["combatants"][0]["options"][0]["name"] = "Test\x1b[2JWeapon"


def _option_text_too_long(d):
    """is 20,001 characters long; at most 20,000 are allowed|test-warlord|ttttt"""
    d["combatants"][0]["options"][0]["text"] = "t" * 20_001


def _option_max_zero(d):
    """max must be an integer >= 1 (got the number 0)|test-great-weapon|max: ^0"""
    d["combatants"][0]["options"][0]["max"] = 0


def _option_per_model_text(d):
    """per_model: expected true or false (got the text 'yes')|test-great-weapon|'yes'"""
    d["combatants"][0]["options"][0]["per_model"] = "yes"


def _option_bad_group(d):
    """is not a valid id|test-warlord|Weapon choice"""
    d["combatants"][0]["options"][0]["group"] = "Weapon choice"


def _options_not_a_list(d):
    """options must be a list (got the text 'veteran')|test-warlord|options: ^veteran"""
    d["combatants"][0]["options"] = "veteran"


def _pick_unknown_stat(d):
    """unknown stat 'DOMCC' (did you mean 'DOMC'?)|test-sword-of-fire|DOMCC"""
    d["picks"][0]["adds"] = {"DOMCC": 2}


def _pick_duplicate(d):
    """pick id 'test-sword-of-fire' is used twice (picks[0] and picks[1])|Test Sword of Fire|
    test-sword-of-fire"""
    d["picks"][1]["id"] = "test-sword-of-fire"


def _pick_clashes_with_system(d):
    """pick id 'test-blessing' is already a pick of the game system; give it another id|
    Test Crown|test-blessing"""
    d["picks"][2]["id"] = "test-blessing"


def _pick_option_key(d):
    """unknown key 'per_model'|test-sword-of-fire|per_model"""
    d["picks"][0]["per_model"] = True


FACTION_MUTATORS = [v for k, v in dict(globals()).items()
                    if k.startswith("_") and callable(v) and v.__doc__ and "|" in v.__doc__
                    and k not in ("_system", "_faction", "_combatant")]


def _where(text: str, near: str, at: str) -> str:
    """"LINE:COLUMN" of ``at`` (a ``^`` in it marks the column) on the first line holding it
    at or after the first line holding ``near``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if near in line)
    plain = at.replace("^", "")
    for i in range(start, len(lines)):
        if plain in lines[i]:
            return f"{i + 1}:{lines[i].index(plain) + max(at.find('^'), 0) + 1}"
    raise AssertionError(f"{at} not after {near}")


@pytest.mark.parametrize("mutate", FACTION_MUTATORS, ids=lambda f: f.__name__.strip("_"))
def test_a_mistake_in_options_units_or_picks_is_reported_at_its_key(
        tmp_path: Path, mutate: Callable[[dict[str, Any]], None]) -> None:
    system = _system()
    _refused_at_its_key(tmp_path, mutate, FACTION_DATA,
                        lambda path: load_faction(path, {system.id: system}))


def _refused_at_its_key(tmp_path: Path, mutate: Callable[[dict[str, Any]], None],
                        original: dict[str, Any], load: Callable[[Path], object]) -> None:
    """``original`` changed by ``mutate`` and written out is refused with the message of
    ``mutate``'s docstring (MESSAGE|NEAR|AT) at AT's line and column."""
    message, near, at = [" ".join(p.split()) for p in (mutate.__doc__ or "").split("|")]
    data = copy.deepcopy(original)
    mutate(data)
    path = tmp_path / "broken.yaml"
    text = dump(data)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load(path)
    assert message in " ".join(str(info.value).split())
    assert f"{path}:{_where(text, near, at)}: " in str(info.value), str(info.value)


# --- mistakes in a system file -----------------------------------------------------------


def _sys_for_unknown_type(d):
    """type must be one of: leader, troop (got the text 'troops'; did you mean 'troop'?)|
    test-veteran|troops"""
    d["options"][0]["for"] = {"type": "troops"}


def _sys_for_option_key(d):
    """'for:' chooses combatants; 'option' looks at what an entry took|test-veteran|option:"""
    d["options"][0]["for"] = {"option": "test-banner"}


def _sys_option_adds_unknown(d):
    """unknown stat 'PBB' (did you mean 'PB'?)|test-veteran|PBB"""
    d["options"][0]["adds"] = {"PBB": 1}


def _sys_option_name_language(d):
    """is not a language code|test-veteran|English"""
    d["options"][0]["name"] = {"English": "Veteran"}


def _sys_pick_adds_pair(d):
    """cannot add to 'DEF': it is a text stat|test-blessing|DEF"""
    d["picks"][0]["adds"] = {"DEF": 1}


def _sys_picks_selector_key(d):
    """unknown key 'tags' (did you mean 'tag'?)|artefact-limit|tags"""
    d["rules"][3]["count"] = {"picks": {"tags": "artefact"}}


def _sys_entries_selector_rank(d):
    """rank must be one of: regular, veteran (got the text 'elite')|artefact-limit|elite"""
    d["rules"][3]["at_most"] = {"entries": {"rank": "elite"}}


def _sys_entries_times(d):
    """unknown parameter 'artefacts_per_leeder' (did you mean 'artefacts_per_leader'?)|
    artefact-limit|artefacts_per_leeder"""
    d["rules"][3]["at_most"] = {"entries": {"type": "leader"}, "times": "artefacts_per_leeder"}


def _sys_option_tag_not_text(d):
    """option_tag: must be a text or a list of texts (got the number 3)|veteran-limit|
    option_tag: ^3"""
    d["rules"][4]["count"] = {"entries": {"option_tag": 3}}


def _sys_duplicate_option(d):
    """option id 'test-veteran' is used twice (options[0] and options[1])|rerolls|test-veteran"""
    d["options"].append(copy.deepcopy(d["options"][0]))


SYSTEM_MUTATORS = [v for k, v in dict(globals()).items() if k.startswith("_sys_")]


@pytest.mark.parametrize("mutate", SYSTEM_MUTATORS, ids=lambda f: f.__name__.strip("_"))
def test_a_mistake_in_a_systems_options_picks_or_quantities_is_reported_at_its_key(
        tmp_path: Path, mutate: Callable[[dict[str, Any]], None]) -> None:
    _refused_at_its_key(tmp_path, mutate, SYSTEM_DATA, load_system)


# --- mistakes in a list ------------------------------------------------------------------


@pytest.mark.parametrize(("entry_or_picks", "message", "at"), [
    ("  - {combatant: test-archers, count: 3, options: {test-veteran: 0}}\n",
     "test-veteran must be an integer >= 1 (got the number 0)", "0}"),
    ("  - {combatant: test-archers, count: 3, options: [test-veteran]}\n",
     "options: expected a mapping of keys (got a list)", "[test"),
    ("  - {combatant: test-archers, count: 3, optoins: {test-veteran: 1}}\n",
     "unknown key 'optoins' (did you mean 'options'?)", "optoins"),
    ("  - {combatant: test-archers, count: 3}\npicks: test-crown\n",
     "picks must be a list (got the text 'test-crown')", "test-crown"),
    ("  - {combatant: test-archers, count: 3}\npicks: [test-crown, 3]\n",
     "picks[1] must be text (got the number 3)", "3]"),
    ("  - {combatant: test-archers, count: 3}\npicks: [\"\\e[2J\"]\n",
     "names cannot hold control characters", "\"\\e"),
])
def test_a_mistake_in_a_lists_options_or_picks_is_reported_at_its_key(
        tmp_path: Path, entry_or_picks: str, message: str, at: str) -> None:
    text = ("schema: spherewars-warband/1\nname: Test\nfaction: test-relaunch-band\n"
            "entries:\n" + entry_or_picks)
    path = tmp_path / "x.warband.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_warband(path)
    lines = text.splitlines()
    line = next(i for i, line in enumerate(lines) if at in line and i >= 4)
    assert message in str(info.value)
    assert f"{path}:{line + 1}:{lines[line].index(at) + 1}: " in str(info.value), \
        str(info.value)


def test_a_faction_and_a_system_with_options_are_written_back_as_read(tmp_path: Path) -> None:
    """The faction editor saves through faction_text: units, options and picks survive, in the
    SPEC's order, and read back the same."""
    from builder.data.loading import faction_text, system_text

    system = _system()
    path = tmp_path / "system.yaml"
    path.write_text(system_text(system), encoding="utf-8")
    assert load_system(path) == system
    assert "for:" in path.read_text(encoding="utf-8")
    faction = _faction()
    path = tmp_path / "faction.yaml"
    path.write_text(faction_text(faction), encoding="utf-8")
    again = load_faction(path, {system.id: system})
    assert again == faction
    written = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert list(written)[-2:] == ["picks", "combatants"]
    spearmen = _combatant(written, "test-spearmen")
    assert spearmen["unit"] == {"min": 3, "max": 5}
    assert spearmen["options"][1] == {"id": "test-long-spears", "name": "Test Long Spears",
                                      "adds": {"PB": 1}, "per_model": True,
                                      "tags": ["weapon"]}


_SYSTEM = load_system(SYSTEM_FILE)
_JUNK = st.one_of(st.none(), st.booleans(), st.integers(-5, 10_000_000), st.text(max_size=30),
                  st.lists(st.integers(0, 5), max_size=3),
                  st.dictionaries(st.text(max_size=6), st.integers(-1, 3), max_size=3))
_OPTION_KEYS = ["id", "name", "adds", "per_model", "max", "group", "tags", "text", "for",
                "misspelt"]


@given(st.lists(st.tuples(st.sampled_from(["option", "pick", "unit", "system-option",
                                           "entries", "picks"]),
                          st.sampled_from(_OPTION_KEYS), _JUNK), min_size=1, max_size=4))
@settings(max_examples=25, deadline=None)
def test_any_value_in_options_units_or_picks_is_read_or_refused_in_words(changes) -> None:
    """Whatever is written in these keys, loading gives the model or a DataError (each
    problem at a line and column), never another exception."""
    import tempfile

    faction, system = copy.deepcopy(FACTION_DATA), copy.deepcopy(SYSTEM_DATA)
    for where, key, value in changes:
        if where == "option":
            faction["combatants"][0]["options"][0][key] = value
        elif where == "pick":
            faction["picks"][0][key] = value
        elif where == "unit":
            _combatant(faction, "test-spearmen")["unit"][key[:3]] = value
        elif where == "system-option":
            system["options"][0][key] = value
        elif where == "entries":
            system["rules"][3]["at_most"] = {"entries": {key: value}}
        else:
            system["rules"][3]["count"] = {"picks": {key: value}}
    with tempfile.TemporaryDirectory() as folder:
        system_path, faction_path = Path(folder) / "s.yaml", Path(folder) / "f.yaml"
        system_path.write_text(dump(system), encoding="utf-8")
        faction_path.write_text(dump(faction), encoding="utf-8")
        try:
            loaded = load_system(system_path)
        except DataError as exc:
            assert all(p.line >= 1 and p.column >= 1 for p in exc.problems)
            loaded = _SYSTEM
        try:
            load_faction(faction_path, {loaded.id: loaded})
        except DataError as exc:
            assert all(p.line >= 1 and p.column >= 1 for p in exc.problems)
