"""The real BSData games in ../shared/battlescribe/data (never committed; skipped when the
folder is not here) add with no error, warnings allowed, and open again for a roster."""

from __future__ import annotations

import json

import pytest

from builder.bsdata import finding
from builder.bsdata.finding import Wanted, find_data
from builder.bsdata.store import Store
from tests.bsdata.helpers import real_game, run


def systems(capsys) -> dict[str, dict]:
    code, out, _err = run(capsys, "bsdata", "list", "--format", "json")
    assert code == 0
    return {s["name"]: s for s in json.loads(out)["systems"]}


def test_mordheim_a_folder_with_a_library(capsys, user_dir):
    folder = real_game("mordheim")
    code, out, err = run(capsys, "bsdata", "add", str(folder))
    assert code == 0, err
    assert out.startswith("added Mordheim (revision 16)")
    warnings = [line for line in err.splitlines() if line.startswith(str(folder))]
    # exactly its twelve links to a "Parry" rule no file defines
    assert len(warnings) == 12 and all("the link 'Parry' points to" in w for w in warnings)
    mordheim = systems(capsys)["Mordheim"]
    assert len(mordheim["catalogues"]) == 17
    assert [c["name"] for c in mordheim["catalogues"] if c["library"]] == ["data"]
    # a roster of one warband opens with the library it links
    finding.forget()
    reiklanders = next(c for c in mordheim["catalogues"] if c["name"].startswith("Reiklanders"))
    found = find_data(Wanted("gameSystem", mordheim["id"]),
                      [Wanted("catalogue", reiklanders["id"])])
    assert sorted(c.name for c in found.data.catalogues.values()) == sorted(
        [reiklanders["name"], "data"])


def test_warcry(capsys, user_dir):
    code, _out, err = run(capsys, "bsdata", "add", str(real_game("warcry")))
    assert code == 0, err
    warcry = systems(capsys)["Warhammer Age of Sigmar: Warcry"]
    assert len(warcry["catalogues"]) == 57


def test_kill_team_three_game_systems_in_one_folder(capsys, user_dir):
    folder = real_game("killteam")
    code, out, err = run(capsys, "bsdata", "add", str(folder))
    assert code == 0, err
    assert out.count("added ") == 3
    found = systems(capsys)
    kill_team = {name: s for name, s in found.items() if "Kill Team" in name}
    assert len(kill_team) == 3
    assert sum(len(s["catalogues"]) for s in kill_team.values()) == 126
    # every file in its own game system's folder, no more
    for system in Store().systems().values():
        assert len(list(system.folder.glob("*.cat"))) == len(system.catalogues)
    # adding it again changes nothing, and says so
    code, out, _err = run(capsys, "bsdata", "add", str(folder / "2024 - Kill Team.gst"))
    assert code == 0 and "revision 9, already installed" in out


@pytest.mark.parametrize("game", ["phalanx-sample"])
def test_a_small_complete_game(capsys, user_dir, game):
    code, _out, err = run(capsys, "bsdata", "add", str(real_game(game)))
    assert code == 0, err
