"""Real BSData games (the shared copies, never committed): every file reads and links with
only the warnings their defects deserve, and a legal list in each game has no findings while
a broken one is caught. Skipped when the shared data is not here."""

from __future__ import annotations

from typing import Any

import pytest

from builder.battlescribe import load_data_sets
from builder.battlescribe.engine.editing import Editor
from builder.battlescribe.engine.roster import Force, Selection
from builder.battlescribe.linking import DataSet
from tests.battlescribe.helpers import shared_battlescribe

DATA = shared_battlescribe() / "data"
pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason="the shared BattleScribe data is "
                                                          "not here")


def _load(game: str) -> list[DataSet]:
    folder = DATA / game
    return load_data_sets(sorted(str(p) for p in folder.iterdir()
                                 if p.suffix in (".gst", ".cat")))


def _start(data: DataSet, catalogue_name: str, force_name: str | None = None
           ) -> tuple[Editor, Force]:
    catalogue = next(c for c in data.catalogues.values() if catalogue_name in c.name)
    editor = Editor(data, "test")
    entries = editor.force_entries(catalogue_id=catalogue.id)
    entry = next(e for e in entries if force_name in (None, e.name))
    return editor, editor.add_force(entry.id, catalogue.id)


def _choose(editor: Editor, container: Force | Selection, name: str) -> Selection:
    """The entry a player sees by ``name`` (its visible option, names as shown)."""
    ev = editor.evaluation
    node = next(o for o in editor.options(container)
                if o.name.strip() == name and not ev.option(container, o).hidden)
    return editor.select(container, node.id)


def _messages(editor: Editor) -> list[str]:
    return [f.message for f in editor.evaluation.findings]


def _cost_type(editor: Editor, name: str) -> str:
    return next(c.id for c in editor.roster.cost_types() if c.name.strip() == name)


@pytest.fixture(scope="module")
def mordheim() -> DataSet:
    [data] = _load("mordheim")
    return data


@pytest.fixture(scope="module")
def warcry() -> DataSet:
    [data] = _load("warcry")
    return data


@pytest.fixture(scope="module")
def kill_team() -> list[DataSet]:
    return _load("killteam")


def test_mordheim_reads_with_its_twelve_parry_warnings(mordheim: DataSet) -> None:
    assert not mordheim.errors
    assert len(mordheim.warnings) == 12
    assert all("'Parry'" in w.message for w in mordheim.warnings)


def test_warcry_and_kill_team_read_without_warnings(warcry: DataSet,
                                                    kill_team: list[DataSet]) -> None:
    assert warcry.problems == []
    assert sorted(d.game_system.name for d in kill_team) == [
        "Warhammer 40,000: Kill Team (2018)", "Warhammer 40,000: Kill Team (2021)",
        "Warhammer 40,000: Kill Team (2024)"]
    assert [d.problems for d in kill_team] == [[], [], []]


def test_a_legal_mordheim_warband(mordheim: DataSet) -> None:
    editor, force = _start(mordheim, "Reiklanders", "Warband")
    # the captain the warband must have is there already
    assert "Mercenary Captain" in [s.node.name for s in force.selections]
    for name in ("Champion", "Youngblood", "Warriors", "Marksmen"):
        _choose(editor, force, name)
    gold = _cost_type(editor, "gc")
    # the game's limit is 0 until the player sets theirs
    assert [m for m in _messages(editor) if "limit" in m] == [
        "Roster is over the  gc limit by 160 gc"]
    editor.set_cost_limit(gold, 500)
    assert editor.evaluation.totals[gold] == 160
    assert _messages(editor) == []
    _choose(editor, force, "Mercenary Captain")
    assert len(_messages(editor)) == 1


def test_a_legal_warcry_warband(warcry: DataSet) -> None:
    editor, force = _start(warcry, "Iron Golems", "Open Play")
    assert _messages(editor) == [
        "Roster must have 1 more selections of Heroes (1 to 3) (minimum 1)"]
    for name in ("Dominar", "Iron Legionary", "Iron Legionary", "Signifer", "Drillmaster"):
        _choose(editor, force, name)
    points = _cost_type(editor, "pts")
    editor.set_cost_limit(points, 1000)
    assert editor.evaluation.totals[points] == 585
    assert _messages(editor) == []
    editor.set_cost_limit(points, 500)
    assert _messages(editor) == ["Roster is over the pts limit by 85pts"]


def _equip(editor: Editor, selection: Selection) -> None:
    """A weapon or mark from each choice the operative has, the first offered."""
    for node in editor.options(selection):
        group: Any = node.group
        if group is None or editor.evaluation.option(selection, node).hidden:
            continue
        if not any(c.node.group is not None and c.node.group.id == group.id
                   for c in selection.children):
            editor.select(selection, node.id)


def test_a_legal_kill_team(kill_team: list[DataSet]) -> None:
    data = next(d for d in kill_team if "2021" in d.game_system.name)
    editor, force = _start(data, "Legionary")
    for name in ("Aspiring Champion", "Warrior", "Gunner", "Heavy Gunner", "Butcher",
                 "Anointed"):
        _equip(editor, _choose(editor, force, name))
    assert _messages(editor) == []
    _equip(editor, _choose(editor, force, "Aspiring Champion"))
    assert _messages(editor) == [
        "Legionary Kill Team has 1 too many selections of Leader (maximum 1)"]



def test_a_catalogues_own_force_is_not_hidden(kill_team: list[DataSet]) -> None:
    """Kill Team's Kasrkin hides its force entry unless the force is of its own catalogue
    (notInstanceOf, scope primary-catalogue): in its own catalogue it is shown, so its
    minimums are asked for (a hidden force's were not, and an empty team passed)."""
    data = next(d for d in kill_team if "2021" in d.game_system.name)
    editor, force = _start(data, "Kasrkin")
    assert not editor.evaluation.force_effects[force].hidden
    assert _messages(editor) == [
        "Kasrkin Kill Team must have 1 more selections of Leader (minimum 1)",
        "Kasrkin Kill Team must have 9 more selections of Operative (minimum 9)"]
