"""The faction editor at catalogue scale (issue 15): a keystroke re-checks the combatant it
touched and repaints the rows it changed, not every combatant of a big faction."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import QAbstractListModel, QModelIndex, Qt
from PySide6.QtWidgets import QApplication

from builder.data import builtin_systems, loading
from builder.gui.editor.document import FactionDocument
from builder.gui.editor.pane import FactionPane
from builder.gui.editor.views import UniformListView
from builder.model import DEFAULT_SYSTEM, Faction

N = 400


def big_faction(n: int = N) -> dict[str, Any]:
    """Test data: an invented faction of ``n`` combatants in the editor's form shape."""
    from builder.gui.editor.document import new_combatant_data, new_faction_data

    system = builtin_systems()[DEFAULT_SYSTEM]
    data = new_faction_data("test-scale", "Scale (test data)", system)
    for i in range(n):
        c = new_combatant_data(f"test-{i}", f"Test {i}", system)
        c["profile"]["PE"] = 10 + i % 50
        data["combatants"].append(c)
    return data


@pytest.fixture
def pane(qtbot) -> FactionPane:
    data = big_faction()  # as if read from a file: ids do not follow names
    doc = FactionDocument(data, builtin_systems()[DEFAULT_SYSTEM],
                          published_ids=[c["id"] for c in data["combatants"]])
    made = FactionPane(doc, lambda title, text, choices: "cancel")
    qtbot.addWidget(made)
    made.resize(1000, 700)
    made.show()
    qtbot.waitExposed(made)
    made.tabs.setCurrentWidget(made.combatants)
    made.combatants.select(N // 2)
    return made


def test_a_keystroke_checks_one_combatant_and_signals_its_row(qtbot, pane, monkeypatch):
    checked: list[Any] = []
    real = loading.combatant_problems
    monkeypatch.setattr(loading, "combatant_problems",
                        lambda c, *a: checked.append(c["id"]) or real(c, *a))
    built: list[Faction] = []
    attach = Faction.attach
    monkeypatch.setattr(Faction, "attach", lambda f, system: built.append(f) or attach(f, system))
    rows: list[tuple[int, int]] = []
    pane.combatants.model.dataChanged.connect(
        lambda top, bottom, *_: rows.append((top.row(), bottom.row())))
    name = pane.combatants.combatant_form.name_edit
    name.setFocus()
    name.end(False)
    qtbot.keyClick(name, Qt.Key.Key_X)
    assert pane.doc.get(("combatants", N // 2, "name")) == f"Test {N // 2}x"
    assert checked == [f"test-{N // 2}"]
    assert rows and all(r == (N // 2, N // 2) for r in rows)
    # a mistake is found and shown on its row only; fixing it clears that row only
    checked.clear()
    rows.clear()
    pe = pane.combatants.combatant_form.stat_edits["PE"]
    pe.setFocus()
    pe.selectAll()
    qtbot.keyClick(pe, Qt.Key.Key_Delete)
    assert checked == [f"test-{N // 2}"]
    assert [p for p, _m in pane.doc.problems] == [f"combatants.{N // 2}.profile.PE"]
    assert rows and all(r == (N // 2, N // 2) for r in rows)
    index = pane.combatants.model.index(N // 2)
    assert "PE" in pane.combatants.model.data(index, Qt.ItemDataRole.ToolTipRole)
    # the model of the whole faction is made when it is needed (to save), not per keystroke
    assert built == [] and pane.doc.faction is None
    qtbot.keyClicks(pe, "12")
    assert built == []
    faction = pane.doc.faction
    assert faction is not None and built == [faction] and len(faction.combatants) == N
    assert faction.combatants[N // 2].name == f"Test {N // 2}x"


def test_a_duplicate_id_typed_is_found_without_checking_the_others(qtbot, pane, monkeypatch):
    checked: list[Any] = []
    real = loading.combatant_problems
    monkeypatch.setattr(loading, "combatant_problems",
                        lambda c, *a: checked.append(c["id"]) or real(c, *a))
    edit = pane.combatants.combatant_form.id_edit
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, "test-7")
    assert len(checked) == len("test-7")
    assert pane.doc.problems == [
        ("combatants.7.id", f"“Test {N // 2}” (number {N // 2 + 1}) also has the id 'test-7': "
                            "each combatant needs an id of its own"),
        (f"combatants.{N // 2}.id", "“Test 7” (number 8) also has the id 'test-7': each "
                                    "combatant needs an id of its own")]
    qtbot.keyClick(edit, Qt.Key.Key_X)
    assert pane.doc.problems == []


class CountingModel(QAbstractListModel):
    """2,000 rows of text; counts every question about the number of rows (a view asks it of
    each row it lays out)."""

    asked = 0
    texts = [f"Combatant {i}\n    troop" for i in range(2000)]

    def rowCount(self, parent: Any = QModelIndex()) -> int:  # noqa: N802, B008
        CountingModel.asked += 1
        return 0 if parent.isValid() else len(self.texts)

    def data(self, index: Any, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        return self.texts[index.row()] if role == Qt.ItemDataRole.DisplayRole else None


def test_the_list_repaints_a_changed_row_without_laying_out_every_row(qtbot):
    model = CountingModel()
    view = UniformListView()
    qtbot.addWidget(view)
    view.setModel(model)
    view.resize(300, 400)
    view.show()
    qtbot.waitExposed(view)
    QApplication.processEvents()
    CountingModel.asked = 0
    model.texts[1000] = "Combatant 1000, renamed\n    troop"
    model.dataChanged.emit(model.index(1000), model.index(1000))
    for _ in range(3):  # Qt's QListView lays every row out again from a zero timer
        QApplication.processEvents()
    view.repaint()
    assert CountingModel.asked < 100, CountingModel.asked
