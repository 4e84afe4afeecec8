"""Play mode's core: what each game tracks (from its system file), a game played through
turns, the file beside the list, and the system file's ``play:`` section checked like every
other key."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.data import Catalogue, DataError, load_system, load_warband
from builder.data import dump_yaml as dump
from builder.play import state as game
from builder.play.plan import Plan, make_plan
from builder.plumbing import paths
from tests.conftest import TEST_DATA, TEST_FACTIONS

SYSTEMS_DATA = TEST_DATA / "systems"
LISTS = SYSTEMS_DATA / "lists"
EXAMPLES = paths.resources_dir() / "examples"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue.load([SYSTEMS_DATA, TEST_FACTIONS], user=False)


def plan_of(catalogue: Catalogue, path: Path) -> Plan:
    warband = load_warband(path)
    faction = catalogue.get(warband.faction)
    assert faction is not None
    return make_plan(warband, faction)


def sw_list(tmp_path: Path) -> Path:
    """A SphereWars test list with command and power: a leader (MAN 2, POD 1), an avatar
    (MAN 1, POD 3) and two grunts."""
    path = tmp_path / "sw.warband.yaml"
    path.write_text(dump({"schema": "spherewars-warband/1", "name": "Test table",
                          "faction": "test-faction",
                          "entries": [{"combatant": "test-leader", "count": 1},
                                      {"combatant": "test-grunt", "count": 2},
                                      {"combatant": "test-avatar", "count": 1}]}),
                    encoding="utf-8")
    return path


# --- what each game tracks ------------------------------------------------------------------


def test_spherewars_tracks_wounds_orders_power_gems_and_fatigue(catalogue, tmp_path):
    plan = plan_of(catalogue, sw_list(tmp_path))
    # by type in the game's order (leader, avatar, ..., troop), then as the list names them
    assert [m.key for m in plan.models] == ["test-leader/1", "test-avatar/1", "test-grunt/1",
                                            "test-grunt/2"]
    assert [m.name for m in plan.models][2:] == ["Test Grunt 1", "Test Grunt 2"]
    assert {t.id: (t.value, t.removes) for t in plan.models[0].tracks} == {"wounds": (5, True)}
    assert [c.id for c in plan.counters] == ["orders", "power-gems"]
    assert [c.id for c in plan.model_counters] == ["fatigue"]
    state = game.new_game(plan)
    assert state["counters"] == {"orders": 3, "power-gems": 4}  # MAN 2+1, POD 1+3
    assert plan.turn == "Turn" and plan.activated == "Activated"


def test_torn_tracks_its_w_stat_and_the_six_conditions(catalogue):
    plan = plan_of(catalogue, LISTS / "torn-one-leader.warband.yaml")
    brute = plan.model("test-brute/1")
    assert brute is not None and [(t.id, t.value) for t in brute.tracks] == [("wounds", 8)]
    assert [m.id for m in plan.markers] == ["burning", "slowed", "poisoned", "stunned",
                                            "bleeding", "panic"]
    assert ("DEF", "3D") in brute.stats and all(s != "W" for s, _v in brute.stats)


def test_spherus_counts_hit_points_below_zero_and_psi_points(catalogue):
    plan = plan_of(catalogue, LISTS / "spherus-one.warband.yaml")
    (psion,) = plan.models
    hp, pp = psion.tracks
    assert (hp.id, hp.value, hp.boxes, hp.removes) == ("hp", 18, 37, False)  # 18, 0, -1…-18
    assert hp.shade_from == 6  # below -health (HLT 6): no counter raises the character
    assert (pp.id, pp.boxes) == ("pp", 40)
    assert plan.turn == "Round"
    assert [(c.id, c.max, c.reset) for c in plan.model_counters] == [
        ("defeat", 3, False), ("blocks", None, True)]


def test_a_model_without_a_tracked_stat_has_no_boxes_for_it(catalogue):
    plan = plan_of(catalogue, LISTS / "spherus-large.warband.yaml")
    brawler = plan.model("test-brawler/1")  # PP 0
    assert brawler is not None and [t.id for t in brawler.tracks] == ["hp"]


def test_a_game_without_play_section_tracks_its_wounds(tmp_path):
    data = yaml.safe_load((paths.systems_dir() / "spherewars-1e.yaml").read_text("utf-8"))
    del data["play"]
    path = tmp_path / "plain.yaml"
    path.write_text(dump(data), encoding="utf-8")
    play = load_system(path).at_the_table
    assert [(t.boxes, t.removes) for t in play.tracks] == [("wounds", True)]
    assert play.counters == [] and play.markers == []


def test_the_names_follow_the_language(catalogue, tmp_path):
    from builder import i18n

    i18n.set_language("es")
    plan = plan_of(catalogue, sw_list(tmp_path))
    assert plan.turn == "Turno" and plan.counters[0].name == "Órdenes"
    assert plan.models[0].tracks[0].name == "Heridas"


def test_each_model_carries_the_options_it_took():
    """Issue 41 item 6: a tile names the options its model took, entry by entry (models of
    one combatant are numbered across its entries, in the list's order)."""
    cat = Catalogue.load([TEST_DATA / "relaunch"], user=False)
    warband = load_warband(TEST_DATA / "relaunch" / "lists" / "test-relaunch-sixty.warband.yaml")
    warband = warband.model_copy(update={"entries": [
        *warband.entries,
        warband.entries[1].model_copy(update={"count": 3, "options": {"test-drill": 2}})]})
    plan = make_plan(warband, cat.get("test-relaunch-band"))
    options = {m.key: m.options for m in plan.models}
    assert options["test-warlord/1"] == ("Test Great Weapon",)
    assert options["test-spearmen/4"] == ("Test Veteran", "Test Long Spears")
    assert options["test-spearmen/5"] == ("Test Drill ×2",)
    assert options["test-archers/1"] == ()
    assert json.loads(json.dumps(plan.to_json()))["models"][0]["options"] == [
        "Test Great Weapon"]


@pytest.mark.parametrize(("lang", "turn_of", "words"), [
    ("en", "spherus-one", ("Round", "Next round")),
    ("en", "torn-one-leader", ("Turn", "Next turn")),
    ("es", "spherus-one", ("Ronda", "Ronda siguiente")),
    ("es", "torn-one-leader", ("Turno", "Turno siguiente")),
])
def test_next_turn_is_said_in_the_games_own_word(catalogue, lang, turn_of, words):
    """Issue 41 item 6: Spherus counts rounds, so its button says *Next round*."""
    from builder import i18n

    i18n.set_language(lang)
    plan = plan_of(catalogue, LISTS / f"{turn_of}.warband.yaml")
    assert (plan.turn, plan.next_turn) == words


# --- playing --------------------------------------------------------------------------------


def test_spherewars_three_turns(catalogue, tmp_path):
    plan = plan_of(catalogue, sw_list(tmp_path))
    s = game.new_game(plan)
    s = game.step(plan, s, None, "orders", -1)  # an order given
    s = game.toggle(plan, s, "test-leader/1", "activated")
    s = game.step(plan, s, "test-leader/1", "fatigue", +1)
    for box in range(1, 6):  # the avatar takes five wounds: dead, removed
        s = game.tick(plan, s, "test-avatar/1", "wounds", box)
    assert s["models"]["test-avatar/1"]["removed"] and game.removed(plan, s) == 1
    assert s["counters"]["orders"] == 2
    s = game.next_turn(plan, s)  # turn 2: refilled from those still present
    assert s["turn"] == 2 and s["counters"] == {"orders": 2, "power-gems": 1}
    assert not s["models"]["test-leader/1"]["activated"]
    assert s["models"]["test-leader/1"]["counters"]["fatigue"] == 0
    s = game.tick(plan, s, "test-leader/1", "wounds", 2)
    s = game.toggle(plan, s, "test-grunt/1", "removed")
    s = game.next_turn(plan, s)
    assert s["turn"] == 3 and s["counters"] == {"orders": 2, "power-gems": 1}
    assert s["models"]["test-leader/1"]["ticks"]["wounds"] == 2  # wounds stay
    assert game.in_play(plan, s) == ["test-leader/1", "test-grunt/2"]


def test_torn_three_turns(catalogue):
    plan = plan_of(catalogue, LISTS / "torn-one-leader.warband.yaml")
    s = game.new_game(plan)
    s = game.toggle_marker(plan, s, "test-musketeer/1", "panic")
    s = game.toggle_marker(plan, s, "test-musketeer/1", "burning")
    s = game.tick(plan, s, "test-musketeer/2", "wounds", 3)  # three wounds at once: removed
    assert s["models"]["test-musketeer/2"]["removed"]
    s = game.next_turn(plan, s)
    s = game.toggle_marker(plan, s, "test-musketeer/1", "panic")  # the panic passes
    s = game.next_turn(plan, s)
    assert s["turn"] == 3
    assert s["models"]["test-musketeer/1"]["markers"] == ["burning"]  # kept across turns


def test_spherus_three_rounds(catalogue):
    plan = plan_of(catalogue, LISTS / "spherus-one.warband.yaml")
    s = game.new_game(plan)
    s = game.tick(plan, s, "test-psion/1", "pp", 3)  # flight: 3 pp
    s = game.step(plan, s, "test-psion/1", "blocks", +1)
    s = game.next_turn(plan, s)
    assert s["models"]["test-psion/1"]["counters"] == {"defeat": 0, "blocks": 0}
    s = game.tick(plan, s, "test-psion/1", "hp", 20)  # 18 HP lost and two more: at -2
    s = game.step(plan, s, "test-psion/1", "defeat", +3)
    s = game.step(plan, s, "test-psion/1", "defeat", +1)  # never above its max
    assert not s["models"]["test-psion/1"]["removed"]  # defeated, not dead
    s = game.next_turn(plan, s)
    s = game.step(plan, s, "test-psion/1", "defeat", -1)
    assert s["turn"] == 3 and s["models"]["test-psion/1"]["counters"]["defeat"] == 2
    assert s["models"]["test-psion/1"]["ticks"] == {"hp": 20, "pp": 3}


def test_clicking_the_last_ticked_box_unticks_it_and_brings_the_model_back(catalogue):
    plan = plan_of(catalogue, LISTS / "torn-one-leader.warband.yaml")
    s = game.new_game(plan)
    s = game.tick(plan, s, "test-captain/1", "wounds", 5)
    assert s["models"]["test-captain/1"]["removed"]
    s = game.tick(plan, s, "test-captain/1", "wounds", 5)
    assert s["models"]["test-captain/1"]["ticks"]["wounds"] == 4
    assert not s["models"]["test-captain/1"]["removed"]
    s = game.tick(plan, s, "test-captain/1", "wounds", 2)  # an earlier box: back to two
    assert s["models"]["test-captain/1"]["ticks"]["wounds"] == 2


def test_a_change_leaves_the_state_before_it_as_it_was(catalogue):
    plan = plan_of(catalogue, LISTS / "torn-one-leader.warband.yaml")
    before = game.new_game(plan)
    kept = copy.deepcopy(before)
    game.tick(plan, before, "test-captain/1", "wounds", 1)
    game.next_turn(plan, before)
    game.toggle_marker(plan, before, "test-captain/1", "panic")
    assert before == kept  # what undo goes back to


def test_counters_stay_within_zero_and_their_max(catalogue, tmp_path):
    plan = plan_of(catalogue, sw_list(tmp_path))
    s = game.new_game(plan)
    for _i in range(5):
        s = game.step(plan, s, None, "orders", -1)
    assert s["counters"]["orders"] == 0


# --- the file beside the list ---------------------------------------------------------------


def test_game_file_is_named_after_the_list():
    assert game.game_path(Path("/x/los-ensartadores.warband.yaml")) == \
        Path("/x/los-ensartadores.game.json")
    assert game.game_path(Path("/x/list.yml")) == Path("/x/list.game.json")


def test_saved_game_reads_back(catalogue, tmp_path):
    plan = plan_of(catalogue, LISTS / "torn-one-leader.warband.yaml")
    s = game.next_turn(plan, game.tick(plan, game.new_game(plan), "test-brute/1", "wounds", 3))
    path = tmp_path / "g.game.json"
    game.save_game(path, s)
    assert game.load_game(path, plan) == s
    assert [p.name for p in tmp_path.iterdir()] == ["g.game.json"]  # no temporary left


def test_a_game_of_another_list_is_refused(catalogue, tmp_path):
    plan = plan_of(catalogue, LISTS / "torn-one-leader.warband.yaml")
    other = plan_of(catalogue, LISTS / "spherus-one.warband.yaml")
    path = tmp_path / "g.game.json"
    game.save_game(path, game.new_game(other))
    with pytest.raises(game.GameFileError, match="a game of another list"):
        game.load_game(path, plan)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(game.GameFileError, match=re.escape(f"{path}: not a game file")):
        game.load_game(path, plan)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 10**7) | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=12), inner,
                                                                 max_size=4),
    max_leaves=20)


@given(turn=json_values, counters=json_values, model=json_values, ticks=json_values,
       extra=json_values)
@settings(max_examples=80, deadline=None)
def test_any_game_file_content_gives_a_valid_state(turn, counters, model, ticks, extra):
    plan = _TORN
    data: dict[str, Any] = {"schema": game.GAME_SCHEMA, "fingerprint": plan.fingerprint,
                            "turn": turn, "counters": counters, "extra": extra,
                            "models": {"test-brute/1": model,
                                       "test-captain/1": {"ticks": ticks, "markers": model}}}
    s = game.checked(plan, json.loads(json.dumps(data)))
    assert s["turn"] >= 1
    for m in plan.models:
        ms = s["models"][m.key]
        assert all(0 <= ms["ticks"][t.id] <= t.boxes for t in m.tracks)
        assert set(ms["markers"]) <= {x.id for x in plan.markers}
    game.next_turn(plan, s)  # and it plays on


_TORN = plan_of(Catalogue.load([SYSTEMS_DATA], user=False),
                LISTS / "torn-one-leader.warband.yaml")


# --- the system file's play: section --------------------------------------------------------

FIRST = yaml.safe_load((paths.systems_dir() / "spherewars-1e.yaml").read_text("utf-8"))


@pytest.mark.parametrize(("change", "message"), [
    (lambda p: p["tracks"][0].update(boxes="WND"),
     "unknown stat 'WND'"),
    (lambda p: p["tracks"][0].update(boxes="CON"),
     "a track needs a number: 'CON' is a pair stat"),
    (lambda p: p["counters"][0].update(refill={"sum": "MNA"}),
     "unknown stat 'MNA' (did you mean 'MAN'?)"),
    (lambda p: p["counters"][2].update(refill={"sum": "MAN"}),
     "a counter with 'per: model' takes start, max and reset instead"),
    (lambda p: p["counters"].append(copy.deepcopy(p["counters"][0])),
     "counter id 'orders' is used twice"),
    (lambda p: p.update(stats=["MOV", "MOVE"]), "unknown stat 'MOVE' (did you mean 'MOV'?)"),
    (lambda p: p["tracks"][0].update(boxs="wounds"), "unknown key 'boxs'"),
    (lambda p: p["counters"][2].update(start=4, max=3), "start (4) is above max (3)"),
    (lambda p: p["tracks"][0].update(shade_from="MAN"),
     "shade_from shades boxes below zero: give the track below_zero: true"),
    (lambda p: p["tracks"][0].update(below_zero=True, shade_from="CON"),
     "shade_from needs a number: 'CON' is a pair stat"),
], ids=["unknown-stat", "pair-stat", "refill-stat", "refill-per-model", "duplicate",
        "shown-stat", "typo", "start-above-max", "shade-without-below-zero", "shade-pair"])
def test_a_broken_play_section_is_reported_at_its_key(tmp_path, change, message):
    data = copy.deepcopy(FIRST)
    change(data["play"])
    path = tmp_path / "broken.yaml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_system(path)
    text = str(info.value)
    assert message in text
    assert re.match(rf"^{re.escape(str(path))}:\d+:\d+: ", text), text


def test_wounds_track_needs_the_game_to_have_wounds(tmp_path):
    data = copy.deepcopy(FIRST)
    del data["wounds"]
    path = tmp_path / "nowounds.yaml"
    path.write_text(dump(data), encoding="utf-8")
    with pytest.raises(DataError, match="this game has no wound track"):
        load_system(path)


def test_every_builtin_game_says_what_it_tracks():
    for source in sorted(paths.systems_dir().glob("*.yaml")):
        assert load_system(source).play is not None, source.name


def test_spheres_of_war_counts_actions_per_match_and_calls_them_inert(catalogue):
    plan = plan_of(catalogue, LISTS / "sow-builtin-five.warband.yaml")
    assert plan.activated == "Inert" and all(m.tracks == () for m in plan.models)
    s = game.new_game(plan)
    for _i in range(6):
        s = game.step(plan, s, "combatant/1", "actions", +1)
    assert s["models"]["combatant/1"]["counters"]["actions"] == 5  # five Actions per Match
    s = game.next_turn(plan, game.toggle(plan, s, "combatant/1", "activated"))
    assert s["models"]["combatant/1"]["counters"]["actions"] == 0
    assert not s["models"]["combatant/1"]["activated"]
