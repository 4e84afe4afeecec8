"""The faction editor opened from the main window: Data → Factions…, save, and the main window
sees the new faction (issue 5, end to end)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMenu

from builder.data import Catalogue
from builder.gui.editor import FactionEditor
from tests.gui.editor.test_editor import ScriptedPrompts, add_combatant, click, retype


def menu_action(window: Any, menu_title: str, action_text: str) -> Any:
    """The action as the menu bar shows it (ampersands left out)."""
    for top in window.menuBar().actions():
        if top.text().replace("&", "") == menu_title:
            menu = top.menu()
            assert isinstance(menu, QMenu)
            for action in menu.actions():
                if action.text().replace("&", "") == action_text:
                    return action
    raise AssertionError(f"no {menu_title} → {action_text}")


def test_data_factions_opens_the_editor_and_a_saved_faction_reaches_the_main_window(
        qtbot, make_window, user_dir: Path) -> None:
    window = make_window(Catalogue.load())
    assert window.doc.catalogue.get("test-e2e") is None
    menu_action(window, "Data", "Factions…").trigger()
    editor = window.findChild(FactionEditor)
    assert editor is not None and editor.isVisible()
    scripted = ScriptedPrompts()
    editor.prompts = scripted  # type: ignore[assignment]

    click(qtbot, editor.new_button)
    retype(qtbot, editor.pane.faction_form.name_edit, "Test End To End")
    retype(qtbot, editor.pane.faction_form.id_edit, "test-e2e")
    editor.pane.tabs.setCurrentIndex(1)
    add_combatant(qtbot, editor, "Test Warlord", "leader", 30, man=1)
    with qtbot.waitSignal(editor.faction_saved):
        editor.save_action.trigger()

    assert (user_dir / "factions" / "test-e2e.yaml").is_file()
    faction = window.doc.catalogue.get("test-e2e")
    assert faction is not None and faction.name == "Test End To End"
    assert window.details.faction_combo.findData("test-e2e") >= 0  # offered for a new list
    assert editor.catalogue is window.doc.catalogue  # the editor lists the reloaded data
    menu_action(window, "Data", "Factions…").trigger()
    assert window.findChildren(FactionEditor) == [editor]  # the open editor is reused
    scripted.closing = True


def test_the_editor_opens_on_the_lists_faction_and_says_each_factions_game(
        qtbot, make_window, user_dir: Path) -> None:
    """Issue 41 item 11: Data → Factions… opens on the open list's faction (it opened on the
    first of the list), each faction's line says its game, and a new faction's game is the
    open list's, whichever faction the editor shows."""
    from tests.conftest import TEST_DATA

    catalogue = Catalogue.load([TEST_DATA / "systems"])
    window = make_window(catalogue)
    assert window.files.load_path(TEST_DATA / "systems" / "lists"
                                  / "torn-one-leader.warband.yaml", confirmed=True)
    menu_action(window, "Data", "Factions…").trigger()
    editor = window.findChild(FactionEditor)
    assert editor is not None and editor.isVisible()
    assert editor.pane is not None and editor.pane.doc.data["id"] == "test-torn-expedition"
    lines = {editor.faction_list.item(r).data(256): editor.faction_list.item(r).text()
             for r in range(editor.faction_list.count())}
    assert "Torn: hex skirmish" in lines["test-torn-expedition"]
    assert "SphereWars — first edition" in lines["soimi"]
    assert "Spherus" in lines["test-spherus-party"]
    assert editor.open_faction("soimi")  # looking at another game's faction
    asked: list[object] = []
    scripted = ScriptedPrompts()
    scripted.choose = lambda _t, _x, choices, current=None: asked.append(current)  # type: ignore[method-assign]
    editor.prompts = scripted  # type: ignore[assignment]
    editor.new_action.trigger()
    assert asked == ["torn"]
    scripted.closing = True
    editor.close()
