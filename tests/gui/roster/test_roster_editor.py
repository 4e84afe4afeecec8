"""The roster editor's panels as a player uses them (issue 39 item 3): what can be added where
the cursor is, grouped, filtered, hidden entries never offered; a selection's options shaped
by the data (radio buttons, check boxes, spin boxes, nested groups indented); counts edited in
place; add, remove and duplicate; costs against limits and every finding, a click on one
selecting its owner; profiles as tables per type, rules and notes. Every change is one undo
step."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem
from PySide6.QtWidgets import QCheckBox, QLabel, QRadioButton, QSpinBox
from shiboken6 import Shiboken

from builder.gui.roster.forces import ForceChoice
from builder.gui.roster.outline import COUNT
from tests.gui.roster.steps import offer, offered, option


def test_what_a_force_offers_grouped_and_filtered(editor: Any, qtbot: Any) -> None:
    force = editor.doc.roster.forces[0]
    editor.select(force)
    assert editor.offers.title.text() == "Add to Warband"
    assert offered(editor) == {
        "Uncategorised": ["Wandering Ogre"], "Leader": ["Captain"],
        "Heroes": ["Champion", "Youngblood"], "Henchmen": ["Marksmen", "Warriors"]}
    # the War Dog is hidden by the data until a Champion joins
    editor.offers.focus_filter()
    qtbot.keyClicks(editor.offers.filter, "champ")
    assert offered(editor) == {"Heroes": ["Champion"]}
    qtbot.keyClick(editor.offers.filter, Qt.Key.Key_Return)  # Enter adds
    champion = force.selections[1]
    assert champion.node.name == "Champion" and editor.tree.current() is champion
    assert editor.stack.count() == 1
    editor.offers.filter.clear()
    editor.select(force)
    assert "War Dog" in offered(editor)["Henchmen"]
    editor.stack.undo()
    assert "War Dog" not in offered(editor)["Henchmen"]
    assert editor.offers.model.headerData(1, Qt.Orientation.Horizontal,
                                          Qt.ItemDataRole.ToolTipRole) == \
        "How many are chosen there"


def test_no_wrapper_of_an_item_qt_deletes_is_left(editor: Any) -> None:
    """The panels' items are made in Python, or never fetched: a wrapper of an item made (and
    deleted) by Qt stays registered at its address and once crashed a window (see
    test_gui_catalogue)."""
    force = editor.doc.roster.forces[0]
    editor.select(force)
    editor.add(offer(editor, "Warriors"))
    editor.select(force)
    editor.stack.undo()
    models = {id(editor.offers.model), id(editor.tree.model)}
    left = [w for w in Shiboken.getAllValidWrappers()
            if isinstance(w, QStandardItem) and not Shiboken.createdByPython(w)
            and id(w.model()) in models]
    assert left == []


def test_a_selections_options_as_the_data_shapes_them(editor: Any, qtbot: Any) -> None:
    captain = editor.doc.roster.forces[0].selections[0]
    editor.select(captain)
    assert editor.offers.title.text() == "Add to Captain"
    assert "Promotion" not in str(offered(editor))  # hidden: never offered
    dagger, sword = option(editor, "Dagger"), option(editor, "Sword")
    assert isinstance(dagger, QRadioButton) and dagger.isChecked()  # a group of one choice
    assert isinstance(option(editor, "Crossbow"), QCheckBox)  # at most once
    assert isinstance(option(editor, "Pistol"), QSpinBox)  # up to two
    # the skills' nested groups stand further right than their group
    headings = {label.text(): label for label in editor.options.findChildren(QLabel)
                if label.objectName() == "option-group"}
    assert headings["Combat Skills"].contentsMargins().left() > \
        headings["Skills (up to 2)"].contentsMargins().left()
    sword.click()
    assert [c.node.name for c in captain.children] == ["Sword"]
    assert editor.doc.costs()[0].value == 70 and sword.isChecked()
    option(editor, "Light Armour").click()
    option(editor, "Pistol").setValue(2)
    assert sorted((c.node.name, c.amount) for c in captain.children) == [
        ("Light Armour", 1), ("Pistol", 2), ("Sword", 1)]
    assert editor.stack.count() == 3
    for _step in range(3):
        editor.stack.undo()
    assert [c.node.name for c in captain.children] == ["Dagger"]
    assert dagger.isChecked() and option(editor, "Pistol").value() == 0
    assert not option(editor, "Light Armour").isChecked()


def test_henchmen_group_sizes_counts_and_findings(editor: Any, qtbot: Any) -> None:
    force = editor.doc.roster.forces[0]
    editor.select(force)
    editor.add(offer(editor, "Warriors"))
    warriors = editor.tree.current()
    assert warriors.node.name == "Warriors"
    size = option(editor, "Warrior")
    assert isinstance(size, QSpinBox) and size.value() == 1
    size.setValue(4)
    assert warriors.children[0].amount == 4 and editor.doc.costs()[0].value == 160
    # a dagger for each of the four: the tree shows 4 of them, F2 edits the one each has
    dagger = warriors.children[0].children[0]
    editor.select(dagger)
    assert editor.tree.model.index_of(dagger, COUNT).data() == 4
    editor.tree.view.setFocus()
    qtbot.keyClick(editor.tree.view, Qt.Key.Key_F2)
    spin = editor.tree.view.findChild(QSpinBox, "count-editor")
    assert spin is not None and spin.value() == 1
    qtbot.keyClick(spin, Qt.Key.Key_Escape)
    assert dagger.amount == 1 and editor.stack.count() == 2
    qtbot.waitUntil(lambda: editor.tree.view.findChild(QSpinBox, "count-editor") is None)
    # F2 edits the count in place; six Warriors break the data's limit: the error is listed,
    # and clicking it selects the Warrior
    editor.select(warriors.children[0])
    editor.tree.view.setFocus()
    qtbot.keyClick(editor.tree.view, Qt.Key.Key_F2)
    spin = editor.tree.view.findChild(QSpinBox, "count-editor")
    assert spin is not None
    spin.setValue(6)
    qtbot.keyClick(spin, Qt.Key.Key_Return)
    assert warriors.children[0].amount == 6
    assert "1 error" in editor.header.verdict.text()
    editor.select(force)
    index = editor.findings.model.index(0, 0)
    assert "Warrior" in index.data()
    editor.findings.view.clicked.emit(index)
    assert editor.tree.current() is warriors.children[0]
    editor.stack.undo()
    assert "Legal" in editor.header.verdict.text()


def test_remove_duplicate_and_forces(editor: Any) -> None:
    force = editor.doc.roster.forces[0]
    captain = force.selections[0]
    editor.select(captain)
    editor.duplicate_selected()
    copy = editor.tree.current()
    assert copy is not captain and copy.node.name == "Captain"
    assert sorted(f.message for f in editor.findings.model.findings) == [
        "Warband has 1 too many selections of Captain (maximum 1)",
        "Warband has 1 too many selections of Leader (maximum 1)"]
    editor.remove_selected()
    assert force.selections == [captain] and editor.doc.report.legal
    editor.force_answers.append(ForceChoice("tm-reavers", "tm-fe-hired", "Hired Swords"))
    editor.add_force()
    hired = editor.tree.current()
    assert hired.entry.name == "Hired Swords"
    assert offered(editor) == {
        "Uncategorised": ["Captain", "Champion", "Marksmen", "Warriors", "Youngblood"],
        "Hired Swords": ["Wandering Ogre"]}
    editor.select(captain)
    editor.tree.view.selectAll()
    editor.remove_selected()
    assert editor.doc.roster.forces == []
    editor.stack.undo()
    assert editor.doc.roster.forces[0] is force and force.selections == [captain]


def test_costs_limits_profiles_rules_and_notes(editor: Any, qtbot: Any) -> None:
    header = editor.header
    gold = header.figures["tm-gc"]
    assert gold.value.text() == "60" and gold.limit.value() == 500
    gold.limit.setValue(50)
    assert "1 error" in header.verdict.text() and editor.doc.cost_limit("tm-gc") == 50
    editor.stack.undo()
    assert editor.doc.cost_limit("tm-gc") == 500 and gold.limit.value() == 500
    captain = editor.doc.roster.forces[0].selections[0]
    editor.select(captain)
    html = editor.info.browser.toHtml()
    for text in ("Warrior", "WS", "Ld", "Weapon", "Enemy armour save +1", "Leader",
                 "Warriors within 6\" of the leader may use his Leadership."):
        assert text.replace('"', "&quot;") in html or text in html
    qtbot.keyClicks(editor.info.own_name, "Old Hans")
    assert captain.custom_name == "Old Hans" and editor.stack.count() == 1  # typing: one step
    assert editor.tree.model.index_of(captain).data() == "Old Hans"
    editor.info.notes.setPlainText("Lost an eye")
    assert captain.custom_notes == "Lost an eye"


def test_a_name_longer_than_a_roster_file_holds_is_cut_where_it_is_typed(editor: Any) -> None:
    """A roster's names are attributes of its XML, read back up to 10,000 characters: the
    name fields take no more (a longer name was refused by the engine inside the edit)."""
    from builder.battlescribe.xmlsafe import MAX_ATTRIBUTE

    editor.header.name.selectAll()
    editor.header.name.insert("n" * (MAX_ATTRIBUTE + 5000))
    assert editor.doc.roster.name == "n" * MAX_ATTRIBUTE
    captain = editor.doc.roster.forces[0].selections[0]
    editor.select(captain)
    editor.info.own_name.insert("o" * (MAX_ATTRIBUTE + 1))
    assert captain.custom_name == "o" * MAX_ATTRIBUTE
