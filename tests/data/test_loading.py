"""Loading faction and warband files: every mistake as FILE:LINE:COLUMN: message."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml

from builder.data import (
    Catalogue,
    DataError,
    builtin_systems,
    load_faction,
    load_warband,
    save_warband,
)
from builder.data import dump_yaml as dump
from tests.conftest import TEST_DATA, TEST_FACTIONS

FACTION = yaml.safe_load((TEST_FACTIONS / "test-faction.yaml").read_text(encoding="utf-8"))
SYSTEM = builtin_systems()["spherewars-1e"]


def _mutator_unknown_key(d):
    """unknown key 'sqaud' (did you mean 'squad'?)"""
    d["combatants"][0]["sqaud"] = True


def _mutator_unknown_top_key(d):
    """unknown key 'combatans' (did you mean 'combatants'?)"""
    d["combatans"] = []


def _mutator_pe_text(d):
    """PE must be an integer >= 0 (got the text 'lots')"""
    d["combatants"][0]["profile"]["PE"] = "lots"


def _mutator_pe_negative(d):
    """PE must be an integer >= 0 (got the number -3)"""
    d["combatants"][0]["profile"]["PE"] = -3


def _mutator_pe_missing(d):
    """missing required key 'PE'"""
    del d["combatants"][0]["profile"]["PE"]


def _mutator_pe_number_as_text(d):
    """PE must be an integer >= 0 (got the text '100')"""
    d["combatants"][0]["profile"]["PE"] = "100"


def _mutator_squad_text(d):
    """squad: expected true or false (got the text 'yes')"""
    d["combatants"][0]["squad"] = "yes"


def _mutator_type(d):
    """type must be one of: leader, avatar, messenger, troop (got the text 'general')"""
    d["combatants"][0]["type"] = "general"


def _mutator_base(d):
    """base must be one of: 30, 40, 50, 60 (got the number 35)"""
    d["combatants"][0]["base"] = 35


def _mutator_con(d):
    """CON must be a whole number (6) or arcane-mundane ("6-5"), not 'six'"""
    d["combatants"][0]["profile"]["CON"] = "six"


def _mutator_bad_id(d):
    """id: 'Test Leader' is not a valid id: use lowercase letters, digits and '-'"""
    d["combatants"][0]["id"] = "Test Leader"


def _mutator_duplicate_combatant(d):
    """combatant id 'test-leader' is used twice"""
    d["combatants"][1]["id"] = "test-leader"


def _mutator_duplicate_ability(d):
    """ability id 'test-racial' is used twice (abilities[0] and abilities[1])"""
    d["abilities"].append(dict(d["abilities"][0]))


def _mutator_unknown_ability(d):
    """unknown ability 'test-racal' (did you mean 'test-racial'?)"""
    d["combatants"][2]["abilities"][0] = "test-racal"


def _mutator_inline_ability_kind(d):
    """kind must be one of: passive, feat, enchantment (got the text 'spell')"""
    d["combatants"][2]["abilities"].append({"name": "X", "kind": "spell"})


def _mutator_difficulty(d):
    """difficulty must be a whole number (the target value) or "A" (automatic), not 'B'"""
    d["abilities"][0]["difficulty"] = "B"


def _mutator_no_combatants(d):
    """a faction needs at least one combatant"""
    d["combatants"] = []


def _mutator_schema_newer(d):
    """this file is spherewars-faction/2; this program reads spherewars-faction/1"""
    d["schema"] = "spherewars-faction/2"


def _mutator_schema_other(d):
    """schema must be 'spherewars-faction/1'"""
    d["schema"] = "something-else"


def _mutator_building_negative(d):
    """max_squad_units must be an integer >= 0 (got the number -1)"""
    d["building"] = {"max_squad_units": -1}


def _mutator_building_typo(d):
    """unknown key 'max_same' (did you mean 'max_same_combatant'?)"""
    d["building"] = {"max_same": 3}


def _mutator_wounds_bool(d):
    """wounds must be an integer >= 1 (got true)"""
    d["combatants"][0]["wounds"] = True


def _mutator_name_blank(d):
    """name: must not be empty"""
    d["name"] = "  "


def _mutator_combatant_not_mapping(d):
    """expected a mapping of keys (got the text 'oops')"""
    d["combatants"][0] = "oops"


MUTATORS = [v for k, v in dict(globals()).items() if k.startswith("_mutator_")]


@pytest.mark.parametrize("mutate", MUTATORS, ids=lambda f: f.__name__[9:])
def test_invalid_faction(tmp_path: Path, mutate: Callable[[dict[str, Any]], None]):
    data = copy.deepcopy(FACTION)
    mutate(data)
    path = tmp_path / "bad.yaml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_faction(path)
    text = str(info.value)
    expected = mutate.__doc__.strip()
    assert expected in text
    assert re.match(rf"^{re.escape(str(path))}:\d+:\d+: ", text), text
    assert "Traceback" not in text and "pydantic" not in text


def test_error_points_at_the_line_and_column(tmp_path: Path):
    path = tmp_path / "soimi-typo.yaml"
    path.write_text(
        "schema: spherewars-faction/1\n"
        "id: typo\n"
        "name: Typo\n"
        "combatants:\n"
        "  - id: a\n"
        "    name: A\n"
        "    type: leader\n"
        "    sqaud: true\n"
        "    profile:\n"
        "      PE: lots\n",
        encoding="utf-8",
    )
    with pytest.raises(DataError) as info:
        load_faction(path)
    assert [str(p) for p in info.value.problems] == [
        f"{path}:8:5: unknown key 'sqaud' (did you mean 'squad'?)",
        f"{path}:10:11: PE must be an integer >= 0 (got the text 'lots')",
    ]


def test_reference_problems_come_with_the_other_mistakes(tmp_path: Path):
    """check-data prints every problem in one pass: an unknown ability id and a duplicate
    id are reported even when a type error elsewhere stops the cross-field check."""
    data = copy.deepcopy(FACTION)
    data["combatants"][0]["profile"]["PE"] = "lots"
    data["combatants"][1]["id"] = "test-leader"
    data["combatants"][2]["abilities"][0] = "test-racal"
    path = tmp_path / "many.yaml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_faction(path)
    messages = [p.message for p in info.value.problems]
    assert any(m.startswith("PE must be an integer") for m in messages)
    assert "combatant id 'test-leader' is used twice (combatants[0] and combatants[1])" in messages
    assert "unknown ability 'test-racal' (did you mean 'test-racial'?)" in messages
    assert len(messages) == len(set(messages)) == 3


def test_form_data_gets_reference_problems_with_paths():
    from builder.data import check_faction_data

    data = copy.deepcopy(FACTION)
    data["name"] = ""
    data["combatants"][2]["abilities"][0] = "nothing-like-it"
    faction, problems = check_faction_data(data, SYSTEM)
    assert faction is None
    assert ("name", "name: must not be empty") in problems
    assert any(where == "combatants.2.abilities.0" and "unknown ability" in message
               for where, message in problems)


def test_missing_key_points_at_its_mapping(tmp_path: Path):
    path = tmp_path / "w.warband.yaml"
    path.write_text("schema: spherewars-warband/1\nfaction: soimi\nentries: []\n")
    with pytest.raises(DataError) as info:
        load_warband(path)
    assert str(info.value) == f"{path}:1:1: missing required key 'name'"


def test_spec_example_count_message(tmp_path: Path):
    path = tmp_path / "broken.yaml"
    path.write_text("schema: spherewars-warband/1\nname: X\nfaction: soimi\nentries:\n"
                    "  - combatant: nek-org\n    count: 0\n")
    with pytest.raises(DataError) as info:
        load_warband(path)
    assert str(info.value).startswith(f"{path}:6:12: count must be an integer >= 1")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("schema: spherewars-warband/2\nname: X\nfaction: s\nentries: []\n",
         "this file is spherewars-warband/2; this program reads spherewars-warband/1"),
        ("schema: spherewars-warband/1\nname: X\nfaction: s\nentries: []\nnote: x\n",
         "unknown key 'note' (did you mean 'notes'?)"),
        ("schema: spherewars-warband/1\nname: X\nfaction: s\nentries: []\n"
         "points_limit: 'lots'\n", "points_limit must be an integer >= 0"),
        ("schema: spherewars-warband/1\nname: X\nfaction: s\n", "missing required key 'entries'"),
        ("schema: spherewars-warband/1\nname: X\nfaction: s\nentries:\n  - combatant: a\n"
         "    count: 1.5\n", "count must be a whole number written in plain digits"),
    ],
)
def test_invalid_warband(tmp_path: Path, text: str, message: str):
    path = tmp_path / "list.warband.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(DataError, match=re.escape(message)):
        load_warband(path)


def test_shipped_soimi_profiles_are_the_books():
    soimi = Catalogue.load(user=False).get("soimi")
    assert soimi is not None and "Manuscrito de Saphir" in (soimi.source or "")
    nek, tir = soimi.combatant("nek-org"), soimi.combatant("tir-abe")
    assert (nek.name, nek.nickname, nek.type) == ("Nek'Org", "el ensartador", "leader")
    assert [nek.shown(s) for s in ("PE", "CA", "MOV", "MAN", "DES", "POT", "CON",
                                           "FUR", "POD")] == \
        ["169", "2", "5", "3", "3", "4", "6-5", "3", "–"]
    assert "máquina de matar" in nek.description
    assert (tir.name, tir.nickname) == ("Tir'Abé", "la bestia")
    assert [tir.shown(s) for s in ("PE", "CA", "MOV", "MAN", "DES", "POT", "CON",
                                           "FUR", "POD")] == \
        ["163", "0", "5", "2", "2", "4", "6-6", "4", "–"]
    abilities = [soimi.ability(a) for a in tir.abilities]
    golpe = next(a for a in abilities if a.name == "Golpe de empuñadura")
    assert (golpe.kind, golpe.difficulty, golpe.successes, golpe.scope) == ("feat", 5, 2, "unique")
    names = {a.name for a in abilities}
    assert {"Comunicación sensorial", "Agujones", "Culto de Enur'Anar", "Corteza Ósea descomunal",
            "Enorme", "Espantoso", "Arremetida", "Inquebrantable", "Durísimo de matar"} <= names
    assert tir.equipment == ["armadura de tela", "arma contundente"]
    assert tir.unique_equipment == []


def test_catalogue_survives_a_broken_file(tmp_path: Path):
    (tmp_path / "broken.yaml").write_text("schema: spherewars-faction/1\nid: [\n")
    (tmp_path / "ok.yaml").write_text((TEST_FACTIONS / "test-faction.yaml").read_text("utf-8"),
                                      encoding="utf-8")
    cat = Catalogue.load([tmp_path], user=False)
    assert "test-faction" in cat.factions and "soimi" in cat.factions
    assert len(cat.problems) == 1 and "broken.yaml:" in str(cat.problems[0])


def test_data_dir_replaces_a_builtin_faction(tmp_path: Path):
    data = copy.deepcopy(FACTION)
    data["id"] = "soimi"
    data["name"] = "Replacement Soimi (test data)"
    (tmp_path / "soimi.yaml").write_text(dump(data), encoding="utf-8")
    cat = Catalogue.load([tmp_path], user=False)
    assert cat.get("soimi").name == "Replacement Soimi (test data)"
    assert "soimi" not in cat.builtin_ids


def test_user_folder_is_loaded(user_dir: Path):
    (user_dir / "factions").mkdir()
    (user_dir / "factions" / "mine.yaml").write_text(
        (TEST_FACTIONS / "test-faction.yaml").read_text("utf-8"), encoding="utf-8")
    assert "test-faction" in Catalogue.load().factions
    assert "test-faction" not in Catalogue.load(user=False).factions


def test_save_keeps_unknown_entries_and_is_atomic(tmp_path: Path, monkeypatch):
    path = tmp_path / "list.warband.yaml"
    path.write_text("schema: spherewars-warband/1\nname: Los Ensartadores\nfaction: soimi\n"
                    "points_limit: 400\nentries:\n  - combatant: nek-org\n    count: 1\n"
                    "  - combatant: gone-from-data\n    count: 2\nnotes: ñandú — ✓\n",
                    encoding="utf-8")
    w = load_warband(path)
    save_warband(w, path)
    again = load_warband(path)
    assert again == w
    assert [e.combatant for e in again.entries] == ["nek-org", "gone-from-data"]
    assert "ñandú — ✓" in path.read_text(encoding="utf-8")

    # A crash while writing leaves the old file whole and no temporary file behind.
    import os

    def boom(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    changed = w.model_copy(update={"name": "Changed"})
    with pytest.raises(OSError):
        save_warband(changed, path)
    assert load_warband(path) == w
    assert [p.name for p in tmp_path.iterdir()] == ["list.warband.yaml"]


def test_spec_examples_load():
    """The examples of SPEC §1 and §2, copied verbatim into tests/fixtures, are valid files."""
    faction = load_faction(TEST_DATA / "spec" / "faction.yaml")
    nek = faction.combatant("nek-org")
    assert (nek.rank, nek.base, nek.stat("CON"), nek.stat("POD")) == ("elite", 40, "6-5", None)
    golpe = faction.ability(nek.abilities[1])
    assert (golpe.difficulty, golpe.successes) == (5, 2)
    w = load_warband(TEST_DATA / "spec" / "example.warband.yaml")
    assert (w.name, w.points_limit, w.entries[0].combatant) == ("Los Ensartadores", 400, "nek-org")


def test_a_file_of_the_other_kind_gets_one_clear_message():
    with pytest.raises(DataError) as info:
        load_warband(TEST_DATA / "spec" / "faction.yaml")
    assert [p.message for p in info.value.problems] == [
        "this is a faction file (spherewars-faction/1), not a warband list"]
    with pytest.raises(DataError, match="this is a warband list"):
        load_faction(TEST_DATA / "spec" / "example.warband.yaml")


def test_optional_keys_left_empty_take_their_defaults(tmp_path: Path):
    path = tmp_path / "empty-values.yaml"
    path.write_text("schema: spherewars-faction/1\nid: t\nname: T\nbuilding:\nabilities:\n"
                    "combatants:\n  - id: a\n    name: A\n    type: leader\n    squad:\n"
                    "    wounds:\n    max:\n    equipment:\n    profile: {PE: 1, MAN: }\n",
                    encoding="utf-8")
    a = load_faction(path).combatants[0]
    assert (a.squad, a.wounds, a.max, a.equipment, a.stat("MAN")) == (False, 5, None, [], None)
    path.write_text(path.read_text().replace("PE: 1", "PE: "), encoding="utf-8")
    with pytest.raises(DataError, match="PE must be an integer >= 0"):
        load_faction(path)


def test_an_empty_required_number_is_asked_for_in_plain_words(tmp_path: Path):
    """Issue 14: "PE must be an integer >= 0", not "integer >= 0 (got nothing
    (null))"."""
    data = copy.deepcopy(FACTION)
    data["combatants"][0]["profile"]["PE"] = None
    path = tmp_path / "bad.yaml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_faction(path)
    assert str(info.value).endswith(": PE must be an integer >= 0")
