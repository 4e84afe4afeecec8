"""Play mode for a BattleScribe roster: a tile per model with a counter from the
characteristic the player names, remembered per game system; the phone page shows the
counters and keeps them across a reload (real headless Chromium, as test_play_page)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from builder.battlescribe.engine.editing import Editor
from builder.battlescribe.rosterio import write_roster
from builder.cli import main
from builder.export.roster.summary import summarise_roster
from builder.play import state as game
from builder.play.page import render_page
from builder.play.roster import (
    counter_choices,
    counter_for,
    guess_counter,
    remember_counter,
    remembered_counter,
    roster_plan,
)
from tests.battlescribe.helpers import FIXTURES
from tests.export.roster.helpers import (
    PHALANX,
    PRINTING,
    printing_data,
    printing_roster,
    shared_data,
    skirmish_roster,
)
from tests.play.test_play_page import (  # noqa: F401 (fixtures)
    _click,
    _no_console_errors,
    _open,
    _pressed,
    _turn,
    browser,
    served,
)


def full_roster():
    """The printing roster with a crew group (models without profiles of their own) and a
    carrier (a vehicle whose driver has a profile of his own)."""
    roster = printing_roster()
    editor = Editor(printing_data(), roster.name, roster)
    editor.select(roster.forces[0], "tp-crew")
    editor.select(roster.forces[0], "tp-carrier")
    return roster


def test_a_tile_per_model_with_its_counter() -> None:
    plan = roster_plan(summarise_roster(full_roster()), "Wounds")
    tiles = [(m.key, m.name, m.type, [(t.name, t.value, t.removes) for t in m.tracks])
             for m in plan.models]
    assert tiles == [
        ("tp-hero/1", "Captain Testa", "Test Command", [("Wounds", 5, True)]),
        # a model without profiles: its unit's
        ("tp-crewman/1", "Test Crewman 1", "Test Crew Group", [("Wounds", 1, True)]),
        ("tp-crewman/2", "Test Crewman 2", "Test Crew Group", [("Wounds", 1, True)]),
        ("tp-walker/1", "Test Walker 1", "Test Walker Squad", [("Wounds", 2, True)]),
        ("tp-walker/2", "Test Walker 2", "Test Walker Squad", [("Wounds", 2, True)]),
        ("tp-walker/3", "Test Walker 3", "Test Walker Squad", [("Wounds", 2, True)]),
        # a vehicle with its driver, who has a profile of his own without wounds
        ("tp-carrier/1", "Test Carrier", "Test Engines", [("Wounds", 8, True)]),
        ("tp-driver/1", "Test Driver", "Test Carrier", []),
        # a unit without models is the model; its profile has no wounds
        ("tp-engine/1", "Test Siege Engine of the Extraordinarily Long and Winding Name That "
         "Wraps", "Test Engines", []),
    ]
    hero = plan.models[0]
    assert hero.stats == (("Move", '6"'), ("Save", "3+"))  # the counted one has its track
    assert [(p.name, p.type) for p in hero.profiles] == [("Test Rifle", "Test Weapon")]
    assert hero.rules == ("Test Steady Aim",)
    assert (plan.counter, plan.turn, plan.faction) == ("Wounds", "Turn",
                                                       "Test Printing Faction")
    assert plan.fingerprint == summarise_roster(full_roster()).fingerprint


def test_the_last_box_removes_the_model_and_next_turn_goes_on() -> None:
    plan = roster_plan(summarise_roster(full_roster()), "Wounds")
    s = game.new_game(plan)
    s = game.tick(plan, s, "tp-walker/2", "Wounds", 2)
    assert s["models"]["tp-walker/2"]["removed"] is True
    s = game.next_turn(plan, s)
    assert s["turn"] == 2 and game.removed(plan, s) == 1


def test_the_characteristics_offered_and_the_likeliest() -> None:
    summary = summarise_roster(full_roster())
    choices = counter_choices(summary)
    assert choices[0] == "Wounds" and "Attacks" in choices and "Move" not in choices  # 6"
    assert guess_counter(choices) == "Wounds"
    assert guess_counter(["M", "APL", "W"]) == "W"
    assert guess_counter(["Hit Points", "Speed"]) == "Hit Points"
    assert guess_counter(["Move", "Fight"]) is None


def test_no_counter_gives_tiles_without_tracks() -> None:
    plan = roster_plan(summarise_roster(skirmish_roster()), None)
    assert [m.name for m in plan.models] == ["Mascot", "Old Marta", "Trooper 1", "Trooper 2",
                                             "Trooper 3"]
    assert all(m.tracks == () for m in plan.models) and plan.counter == ""


def test_the_choice_is_remembered_per_game_system(user_dir) -> None:
    summary = summarise_roster(full_roster())
    assert remembered_counter("tp-sys") is None and counter_for(summary) == "Wounds"
    remember_counter("tp-sys", "Attacks")
    remember_counter("ts-sys", "Fight")
    assert remembered_counter("tp-sys") == "Attacks"
    assert remembered_counter("ts-sys") == "Fight"
    assert counter_for(summary) == "Attacks"
    assert json.loads((user_dir / "play-counters.json").read_text(encoding="utf-8")) == {
        "tp-sys": "Attacks", "ts-sys": "Fight"}
    remember_counter("tp-sys", "")  # no counter, chosen
    assert counter_for(summary) is None
    (user_dir / "play-counters.json").write_text("[not what we wrote", encoding="utf-8")
    assert remembered_counter("tp-sys") is None  # a damaged file: asked again


# --- the command line ------------------------------------------------------------------------


def _roster_file(tmp_path: Path) -> Path:
    path = tmp_path / "printing.ros"
    write_roster(path, full_roster())
    return path


def _play(path: Path, out: Path, *extra: str) -> int:
    return main(["play", str(path), "--bsdata", str(PRINTING), "-o", str(out), *extra])


def test_play_names_the_counter_and_remembers_it(tmp_path, user_dir, capsys) -> None:
    path = _roster_file(tmp_path)
    out = tmp_path / "game.html"
    assert _play(path, out, "--counter", "Attacks") == 0
    assert "Models counted down by" in out.read_text(encoding="utf-8")
    assert remembered_counter("tp-sys") == "Attacks"
    assert _play(path, out) == 0  # the game system's choice, remembered
    assert '"counter": "Attacks"' in out.read_text(encoding="utf-8")
    assert capsys.readouterr().out.startswith(f"wrote {out}: Test Printing Roster, 9 models")


def test_play_refuses_a_characteristic_the_roster_has_not(tmp_path, user_dir, capsys) -> None:
    path = _roster_file(tmp_path)
    assert _play(path, tmp_path / "g.html", "--counter", "Nerve") == 2
    err = capsys.readouterr().err
    assert "no profile of this roster has a whole number for 'Nerve'" in err
    assert "Wounds, Test Alpha" in err
    assert remembered_counter("tp-sys") is None


def test_the_page_never_replaces_the_roster(tmp_path, user_dir, capsys) -> None:
    path = _roster_file(tmp_path)
    before = path.read_bytes()
    assert _play(path, path) == 2
    assert path.read_bytes() == before
    assert "is one of the files this command reads" in capsys.readouterr().err


@pytest.mark.skipif(not PHALANX.is_dir(), reason="the shared BattleScribe data is not here")
def test_the_phalanx_vehicles_count_hit_points_and_their_crew_do_not() -> None:
    from builder.battlescribe.rosterio import read_roster_file

    roster = read_roster_file(PHALANX / "Test Roster 1.ros", shared_data("phalanx-sample"))
    summary = summarise_roster(roster.roster)
    assert counter_for(summary) == "Hit Points"
    plan = roster_plan(summary, "Hit Points")
    counted = [(m.name, m.tracks[0].value) for m in plan.models if m.tracks]
    assert counted == [("Horse and Buggy", 10), ("Horse and Buggy", 10), ("Big Rig", 10),
                       ("1978 Cutlass", 10)]
    assert len(plan.models) == 12


# --- in a real browser -----------------------------------------------------------------------


def _page(tmp_path: Path) -> Path:
    out = tmp_path / "roster.html"
    assert _play(_roster_file(tmp_path), out, "--counter", "Wounds") == 0
    return out


def test_the_phone_page_shows_the_counters_and_keeps_them_across_a_reload(
        browser, served, tmp_path, user_dir):  # noqa: F811 (fixtures)
    page = _page(tmp_path)
    _open(browser, served(page))
    assert _turn(browser) == "Turn 1"
    hero = '[data-key="tp-hero/1"]'
    assert "Wounds: 5 left, maximum 5" in browser.find_element("css selector", hero).text
    _click(browser, f'{hero} [data-track="Wounds"] .box:nth-child(2)')  # two wounds
    walker = '[data-key="tp-walker/1"]'
    _click(browser, f'{walker} [data-track="Wounds"] .box:nth-child(2)')  # taken out
    _click(browser, "button.next")
    browser.refresh()
    assert _turn(browser) == "Turn 2"
    assert _pressed(browser, f'{hero} [data-track="Wounds"] .box') == [True, True, False,
                                                                       False, False]
    assert "Wounds: 3 left, maximum 5" in browser.find_element("css selector", hero).text
    assert "gone" in browser.find_element("css selector", walker).get_attribute("class")
    assert browser.find_element("id", "tally").text == "In play: 8 · Removed: 1"
    assert "Models counted down by Wounds" in browser.find_element("id", "top").text
    # what the hero carries, folded until asked for
    _click(browser, f"{hero} details summary")
    assert "Test Rifle (Test Weapon): Range 24\"" in browser.find_element(
        "css selector", f"{hero} details").text
    _no_console_errors(browser)


def test_the_page_in_spanish(tmp_path, user_dir) -> None:
    out = tmp_path / "partida.html"
    assert main(["--lang", "es", "play", str(_roster_file(tmp_path)), "--bsdata",
                 str(PRINTING), "-o", str(out), "--counter", "Wounds"]) == 0
    text = out.read_text(encoding="utf-8")
    for word in ("Turno siguiente", "Perfiles y reglas", "Miniaturas que se descuentan por"):
        assert word in text, word


def test_a_copy_of_the_same_roster_shares_its_game(tmp_path, user_dir) -> None:
    one = _roster_file(tmp_path)
    other = tmp_path / "copy.ros"
    shutil.copy(one, other)
    a, b = tmp_path / "a.html", tmp_path / "b.html"
    assert _play(one, a) == 0 and _play(other, b) == 0
    key = '"key": "spherewars-play:'
    text_a, text_b = a.read_text(encoding="utf-8"), b.read_text(encoding="utf-8")
    assert text_a.split(key)[1][:9] == text_b.split(key)[1][:9]


def test_fixture_folder_is_ours() -> None:
    assert (FIXTURES / "printing" / "test-printing.gst").is_file()


def test_the_pages_script_defines_each_of_its_functions_once(tmp_path, user_dir) -> None:
    import re

    text = _page(tmp_path).read_text(encoding="utf-8")
    names = re.findall(r"\bfunction (\w+)\(", text)
    assert names and len(names) == len(set(names))


def test_a_rosters_plan_for_its_list_document(user_dir) -> None:
    from builder.play.roster import plan_of_roster

    roster = full_roster()
    assert plan_of_roster(roster).counter == "Wounds"  # the likeliest
    remember_counter("tp-sys", "Attacks")
    assert plan_of_roster(roster).counter == "Attacks"  # the game system's choice
    assert plan_of_roster(roster, "Wounds").counter == "Wounds"


def test_a_million_models_share_a_tile_and_too_many_tiles_are_left_out(user_dir) -> None:
    from dataclasses import replace

    from builder.play.roster import MAX_TILES

    roster = full_roster()
    editor = Editor(printing_data(), roster.name, roster)
    crew = next(s for s in roster.walk_selections() if s.node.id == "tp-crewman")
    editor.set_count(crew, 1_000_000)
    plan = roster_plan(summarise_roster(roster), "Wounds")
    assert [m.name for m in plan.models if m.combatant == "tp-crewman"] == [
        "Test Crewman ×1000000"]
    assert len(plan.models) == 8 and plan.left_out == 0
    # six hundred heroes: five hundred tiles, the rest said
    summary = summarise_roster(full_roster())
    force = summary.forces[0]
    hero = force.categories[0].selections[0]
    crowded = replace(summary, forces=(replace(force, categories=(
        replace(force.categories[0], selections=(hero,) * 600),)),))
    plan = roster_plan(crowded, "Wounds")
    assert len(plan.models) == MAX_TILES and plan.left_out == 600 - MAX_TILES
    assert '"left_out": 100' in render_page(plan)
