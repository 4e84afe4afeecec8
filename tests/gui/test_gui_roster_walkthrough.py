"""Issue 39's "Done means", in a real window: a player adds a BattleScribe game from a folder,
builds a legal warband with equipment and henchmen groups, sees each error appear and go,
saves a .rosz, reopens it, prints the sheet and cards, plays two turns; a second player, who
added the same game from a data index address served on 127.0.0.1, opens the same file and
finds the same roster. With our own invented game (tests/fixtures/battlescribe/mercenaries),
and with the real Mordheim where ../shared/battlescribe/data is here."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from builder.gui.dialogs import DISCARD, ExportOptions
from builder.gui.roster.commands import SetCostLimitCommand
from builder.gui.roster.forces import ForceChoice, NewRoster
from builder.gui.roster.outline import COUNT
from builder.play.roster import remember_counter
from tests.battlescribe.helpers import FIXTURES
from tests.bsdata.helpers import publish, real_game, serving
from tests.gui.roster.steps import add, offered, option

MERCENARIES = FIXTURES / "mercenaries"


def add_folder(qtbot: Any, window: Any, folder: Path) -> None:
    """Data → BattleScribe data… → Add folder…, as the player does it."""
    dialog = window.bsdata.open_dialog()
    dialog.ask_folder = lambda: str(folder)
    with qtbot.waitSignal(dialog.changed, timeout=60000):
        dialog.add_folder()
    dialog.close()


def add_index(qtbot: Any, window: Any, address: str) -> None:
    """Data → BattleScribe data… → Add data index address…"""
    dialog = window.bsdata.open_dialog()
    dialog.ask_address = lambda: address
    with qtbot.waitSignal(dialog.busy_done, timeout=120000):
        dialog.add_address()
    assert dialog.problem_lines("error") == []
    dialog.close()


def second_player(qtbot: Any, make_window: Any, tmp_path: Path,
                  monkeypatch: pytest.MonkeyPatch, game: Path) -> Any:
    """Another player's window (their own user folder), with ``game``'s data files added
    from a data index address served on 127.0.0.1 (named without spaces: the test server
    does not decode %20)."""
    second_user = tmp_path / "second-user"
    second_user.mkdir()
    monkeypatch.setenv("SPHEREWARS_USER_DIR", str(second_user))
    other = make_window(recovery_dir=tmp_path / "second-recovery")
    with serving() as server:
        files = {p.name.replace(" ", "-"): p.read_bytes() for p in sorted(game.iterdir())
                 if p.suffix in (".gst", ".cat")}
        add_index(qtbot, other, publish(server, f"{game.name}/latest", files))
    return other


def errors(editor: Any) -> list[str]:
    return [f.message for f in editor.findings.model.findings if f.severity == "error"]


def summary(editor: Any) -> tuple[Any, ...]:
    """What a second player must find the same: the roster's selections, costs, verdict and
    fingerprint."""
    doc = editor.doc
    return (doc.name, rows(editor.tree.model),
            [(c.name, c.value, c.limit) for c in doc.costs()], doc.report.legal,
            doc.list.fingerprint())


def rows(model: Any, parent: Any = None, depth: int = 0) -> list[str]:
    """The roster's tree as the player reads it: each row's name, count and costs."""
    from PySide6.QtCore import QModelIndex

    parent = parent if parent is not None else QModelIndex()
    found = []
    for row in range(model.rowCount(parent)):
        cells = [model.index(row, c, parent).data() for c in range(model.columnCount())]
        found.append("  " * depth + " | ".join(str(c) for c in cells))
        found.extend(rows(model, model.index(row, 0, parent), depth + 1))
    return found


def test_a_warband_of_our_own_game_from_data_to_the_table(
        qtbot: Any, make_window: Any, user_dir: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    folder = tmp_path / "download" / "mercenaries"
    shutil.copytree(MERCENARIES, folder)
    add_folder(qtbot, window, folder)

    # File → New: the game among the games, the roster's name, limits and first force
    window.prompter.script("choose", "bs:tm-sys")
    window.prompter.script("new_roster", NewRoster(
        "Grey Reavers", {"tm-gc": 500, "tm-wr": None},
        ForceChoice("tm-reavers", "tm-fe-warband", "Warband")))
    window.files.new_file()
    editor = window.roster_editor
    force = editor.doc.roster.forces[0]
    captain = force.selections[0]  # (the leader the data requires, there by itself)
    assert captain.node.name == "Captain" and errors(editor) == []

    # the captain's equipment: a sword instead of his dagger, light armour
    editor.select(captain)
    option(editor, "Sword").click()
    option(editor, "Light Armour").click()
    assert sorted(c.node.name for c in captain.children) == ["Light Armour", "Sword"]
    champion = add(editor, force, "Champion")
    option(editor, "Axe").click()
    # a henchmen group: four warriors with spears… with swords
    warriors = add(editor, force, "Warriors")
    option(editor, "Warrior").setValue(4)
    model = warriors.children[0]
    editor.select(model)
    option(editor, "Sword").click()
    assert (model.amount, [c.number for c in model.children]) == (4, [4])  # a sword each
    assert "War Dog" in offered(_at_force(editor, force))["Henchmen"]  # (with a Champion)

    # each error appears, and goes: six warriors typed in place (the options' spin box stops
    # at the five the data allows)
    tree = editor.tree.model
    assert tree.setData(tree.index_of(model, COUNT), 6)
    assert errors(editor) == ["Warriors has 1 too many selections of Warrior (maximum 5)"]
    assert tree.setData(tree.index_of(model, COUNT), 4)
    assert errors(editor) == []
    editor.select(champion)
    editor.duplicate_selected()
    editor.duplicate_selected()  # a third Champion: at most two
    assert any("Champion" in e for e in errors(editor))
    editor.remove_selected()
    assert errors(editor) == []
    window.stack.push(SetCostLimitCommand(editor.doc, "tm-gc", 200))
    assert errors(editor) == ["Roster is over the Gold Crowns limit by 110Gold Crowns"]
    window.stack.undo()
    assert errors(editor) == [] and editor.doc.report.legal
    assert "Legal" in editor.header.verdict.text()

    # saved as a .rosz, opened again: the same roster
    built = summary(editor)
    path = tmp_path / "grey-reavers.rosz"
    window.prompter.script("save_path", str(path))
    assert window.files.save_as() and not window.isWindowModified()
    window.prompter.script("save_changes", DISCARD)
    window.prompter.script("choose", "soimi-system")
    window.files.new_file()
    assert window.files.load_path(path)
    editor = window.roster_editor
    assert summary(editor) == built

    # printed: the sheet and the cards
    pdf = tmp_path / "grey-reavers.pdf"
    window.prompter.script("export_options", ExportOptions(cards=True, summary=True))
    window.prompter.script("pdf_path", str(pdf))
    window.pdf.export()
    printed = pdf.read_bytes()
    assert printed.startswith(b"%PDF") and b"Grey Reavers" in printed

    # two turns at the table, the game kept beside the roster
    remember_counter("tm-sys", "W")
    play = window.game.start_game()
    assert play is not None
    assert sorted(t.m.name for t in play.tiles)[:2] == ["Captain", "Champion"]
    play.next_button.click()
    play.next_button.click()
    game = json.loads((tmp_path / "grey-reavers.game.json").read_text(encoding="utf-8"))
    assert game["turn"] == 3
    play.close()

    # a second player, who added the game from its data index, opens the same file
    other = second_player(qtbot, make_window, tmp_path, monkeypatch, MERCENARIES)
    assert other.files.load_path(path, confirmed=True)
    assert summary(other.roster_editor) == built


def _at_force(editor: Any, force: Any) -> Any:
    """The editor with its cursor on ``force`` (what the force offers)."""
    editor.select(force)
    return editor


def test_a_mordheim_warband_from_the_real_data(qtbot: Any, make_window: Any, user_dir: Path,
                                               tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """The real BSData Mordheim (where ../shared is here): added from its folder, a legal
    Reiklanders warband with equipment and a henchmen group, its errors coming and going,
    saved, reopened, printed, played, and opened by a player who added it from an index."""
    folder = real_game("mordheim")
    window = make_window()
    add_folder(qtbot, window, folder)
    system = next(i for i, name in window.rosters.games() if name == "Mordheim")
    catalogue = next(c for c, name in window.rosters.catalogues(system)
                     if name.startswith("Reiklanders"))
    window.prompter.script("choose", "bs:" + system)
    window.prompter.script("new_roster", NewRoster(
        "Reikland Blades", {"points": 500, "wb-rating": None}, ForceChoice(
            catalogue, _warband_entry(window, system, catalogue), "Warband")))
    window.files.new_file()
    editor = window.roster_editor
    force = editor.doc.roster.forces[0]
    captain = next(s for s in force.selections if s.node.name == "Mercenary Captain")
    assert errors(editor) == []

    # the captain buys a sword and light armour at the trading post
    editor.select(captain)
    option(editor, "Trading Post").click()
    post = next(c for c in captain.children if c.node.name == "Trading Post")
    editor.select(post)
    option(editor, "Sword").setValue(1)
    option(editor, "Light Armour").click()
    assert sorted(c.node.name for c in post.children) == ["Light Armour", "Sword"]
    add(editor, force, "Champion")
    warriors = add(editor, force, "Warriors")
    editor.select(warriors)
    option(editor, "Warriors").setValue(3)
    assert editor.doc.report.legal, errors(editor)

    # an error appears and goes: six warriors in a group
    model = next(c for c in warriors.children if c.node.name == "Warriors")
    tree = editor.tree.model
    assert tree.setData(tree.index_of(model, COUNT), 6)
    assert errors(editor)
    assert tree.setData(tree.index_of(model, COUNT), 3)
    assert errors(editor) == []
    built = summary(editor)
    path = tmp_path / "reikland-blades.rosz"
    window.prompter.script("save_path", str(path))
    assert window.files.save_as()
    window.prompter.script("save_changes", DISCARD)
    assert window.files.load_path(path)
    assert summary(window.roster_editor) == built
    pdf = tmp_path / "reikland-blades.pdf"
    window.prompter.script("export_options", ExportOptions(cards=True, summary=True))
    window.prompter.script("pdf_path", str(pdf))
    window.pdf.export()
    assert pdf.read_bytes().startswith(b"%PDF")
    remember_counter(system, "W")
    play = window.game.start_game()
    assert play is not None and play.tiles
    play.next_button.click()
    play.next_button.click()
    play.close()

    other = second_player(qtbot, make_window, tmp_path, monkeypatch, folder)
    assert other.files.load_path(path, confirmed=True)
    assert summary(other.roster_editor) == built


def _warband_entry(window: Any, system: str, catalogue: str) -> str:
    data = window.rosters.loader(system)(catalogue)
    from builder.battlescribe.engine.editing import Editor

    return next(e.id for e in Editor(data).force_entries(None, catalogue)
                if e.name == "Warband")
