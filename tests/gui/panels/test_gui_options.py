"""Options, units and picks in the main window (SPEC §9, issue 26 point 3): an entry's options
beside its profile, the list's picks under its entries, a unit's size in the catalogue and in
the count spin box; every change undoable, the totals and findings following it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtWidgets import QCheckBox, QRadioButton, QSpinBox, QWidget

from builder.data import Catalogue, load_warband
from builder.gui.panels.roster_model import COUNT, COUNT_RANGE_ROLE, NAME, SUBTOTAL
from builder.model import Entry, Warband

DATA = Path(__file__).resolve().parent / "data_options"


@pytest.fixture
def options_catalogue() -> Catalogue:
    cat = Catalogue.load([DATA], user=False)
    assert not cat.problems
    return cat


@pytest.fixture
def win(make_window: Any, options_catalogue: Catalogue) -> Any:
    """A window on a list of the test band: its chief and a unit of four levies (the unit's
    entry current, so its options show)."""
    window = make_window(options_catalogue)
    window.doc.replace(Warband(name="Options", faction="test-options-band", points_limit=30,
                               entries=[Entry(combatant="chief", count=1),
                                        Entry(combatant="levies", count=4)]))
    window.stack.clear()
    window.roster.select_row(1)
    assert window.options_panel.isVisible()
    return window


def control(window: Any, name: str) -> Any:
    found = window.findChild(QWidget, name)
    assert found is not None, name
    return found


def points(window: Any) -> str:
    return window.totals.points.value.text()


def roster_row(window: Any, row: int) -> tuple[str, int, int]:
    groups = window.roster.groups
    return (groups.index_of_entry(row, NAME).data(), groups.index_of_entry(row, COUNT).data(),
            groups.index_of_entry(row, SUBTOTAL).data())


# ---------------------------------------------------------------- options of an entry


def test_ticking_an_option_adds_its_cost_and_undo_takes_it_back(win: Any) -> None:
    assert points(win) == "18 / 30"  # 10 + 4 × 2
    banner = control(win, "option-banner")
    assert isinstance(banner, QCheckBox) and not banner.isChecked()
    banner.click()
    assert win.doc.entry(1).options == {"banner": 1}
    assert points(win) == "21 / 30"
    assert roster_row(win, 1) == ("Levies — Banner", 4, 11)
    assert win.stack.undoText() == "Take Banner for Levies"
    assert "19 PE" not in win.options_panel.note.text()
    assert win.options_panel.note.text() == "Levies, 4 models: 11 PE"
    win.stack.undo()
    assert win.doc.entry(1).options == {}
    assert points(win) == "18 / 30" and not banner.isChecked()
    assert roster_row(win, 1) == ("Levies", 4, 8)
    win.stack.redo()
    assert banner.isChecked() and points(win) == "21 / 30"


def test_options_of_a_group_are_one_choice(win: Any) -> None:
    spear, bow = control(win, "option-spear"), control(win, "option-bow")
    none = control(win, "option-group-weapon-none")
    assert isinstance(spear, QRadioButton) and none.isChecked()
    spear.click()
    assert win.doc.entry(1).options == {"spear": 1}
    assert points(win) == "22 / 30"  # +1 per model of four
    bow.click()
    assert win.doc.entry(1).options == {"bow": 1}  # the spear is dropped with it
    assert points(win) == "26 / 30"
    assert win.stack.undoText() == "Choose Bow for Levies"
    none.click()
    assert win.doc.entry(1).options == {}
    win.stack.undo()
    assert bow.isChecked() and win.doc.entry(1).options == {"bow": 1}
    win.stack.undo()
    assert spear.isChecked()


def test_an_option_taken_several_times_is_a_spin_box_whose_steps_undo_together(
        win: Any) -> None:
    drums = control(win, "option-drums")
    assert isinstance(drums, QSpinBox) and (drums.minimum(), drums.maximum()) == (0, 3)
    drums.stepUp()
    drums.stepUp()
    assert win.doc.entry(1).options == {"drums": 2}
    assert points(win) == "20 / 30"
    assert roster_row(win, 1)[0] == "Levies — Drums ×2"
    assert win.stack.count() == 1  # two steps, one undo step
    win.stack.undo()
    assert win.doc.entry(1).options == {} and drums.value() == 0


def test_the_games_own_options_are_offered_to_the_combatants_they_are_for(win: Any) -> None:
    assert control(win, "option-veteran").text() == "Veteran"  # the system's, for warriors
    win.roster.select_row(0)  # the chief: a leader, no option for him
    assert not win.options_panel.isVisible()
    win.roster.select_row(1)
    assert win.options_panel.isVisible()


def test_an_option_that_would_break_a_rule_is_greyed_and_says_which(win: Any) -> None:
    win.details.limit_spin.setValue(21)  # 18 spent: the banner (+3) fits, the bow (+8) does not
    bow, banner = control(win, "option-bow"), control(win, "option-banner")
    assert bow.property("dimmed") and not banner.property("dimmed")
    assert "would break a rule" in bow.toolTip() and "21" in bow.toolTip()
    bow.click()  # greyed, still possible
    assert win.doc.entry(1).options == {"bow": 1}
    assert not win.doc.report.legal


def test_an_option_the_data_does_not_offer_shows_in_red_and_unticking_drops_it(
        make_window: Any, options_catalogue: Catalogue) -> None:
    window = make_window(options_catalogue)
    window.doc.replace(Warband(name="Old", faction="test-options-band", entries=[
        Entry(combatant="levies", count=3, options={"halberd": 1})]))
    window.roster.select_row(0)
    old = control(window, "option-halberd")
    assert old.isChecked() and "not an option of Levies" in old.text()
    old.click()
    assert window.doc.entry(0).options == {}
    window.stack.undo()
    assert window.doc.entry(0).options == {"halberd": 1}


def test_options_follow_the_current_entry_and_hide_for_a_catalogue_profile(win: Any) -> None:
    control(win, "option-banner").click()
    win.roster.add("levies")  # a second unit, with nothing taken
    assert win.doc.entry(2) == Entry(combatant="levies", count=3)
    assert win.roster.current_row() == 2
    assert not control(win, "option-banner").isChecked()
    win.roster.select_row(1)
    assert control(win, "option-banner").isChecked()
    index = win.catalogue_panel.proxy.index_of("chief")
    win.catalogue_panel.view.setCurrentIndex(index)
    assert not win.options_panel.isVisible()


def test_the_keyboard_reaches_the_options(win: Any, qtbot: Any) -> None:
    win.activateWindow()
    qtbot.keyClick(win, Qt.Key.Key_T, Qt.KeyboardModifier.AltModifier)  # Op&tions
    focused = win.focusWidget()
    assert focused is control(win, "option-banner")
    qtbot.keyClick(focused, Qt.Key.Key_Space)
    assert win.doc.entry(1).options == {"banner": 1}


# ---------------------------------------------------------------- units


def test_the_catalogue_shows_a_units_size_and_a_new_unit_starts_at_its_least(
        win: Any) -> None:
    index = win.catalogue_panel.proxy.index_of("levies")
    assert index.data() == "Levies (3–5)"
    assert "units of 3–5 models" in win.catalogue_panel.tooltip(index)
    win.catalogue_panel.view.setCurrentIndex(index)
    win.add_selected()
    assert win.doc.entries[-1] == Entry(combatant="levies", count=3)  # a unit of its own
    assert len(win.doc.entries) == 3
    win.stack.undo()
    assert len(win.doc.entries) == 2


def test_a_units_count_keeps_within_its_size(win: Any) -> None:
    index = win.roster.groups.index_of_entry(1, COUNT)
    assert index.data(COUNT_RANGE_ROLE) == (3, 5)
    assert index.data(Qt.ItemDataRole.ToolTipRole) == "A unit of 3 to 5 models"
    editor = win.roster.view.itemDelegateForColumn(COUNT).createEditor(
        win.roster.view.viewport(), None, index)
    assert (editor.minimum(), editor.maximum()) == (3, 5)
    win.step_selected(+1)
    win.step_selected(+1)  # 5: the most
    assert win.doc.entry(1).count == 5
    win.step_selected(-1)
    win.step_selected(-1)
    win.step_selected(-1)  # 3: the least; one fewer would be no unit
    assert win.doc.entry(1).count == 3 and len(win.doc.entries) == 2
    assert win.roster.view.itemDelegateForColumn(COUNT).createEditor(
        win.roster.view.viewport(), None, QModelIndex()).minimum() == 1  # no bounds given


def test_a_unit_outside_its_size_in_a_file_keeps_its_count_and_steps_back(
        make_window: Any, options_catalogue: Catalogue) -> None:
    window = make_window(options_catalogue)
    window.doc.replace(Warband(name="Big", faction="test-options-band", entries=[
        Entry(combatant="chief", count=1), Entry(combatant="levies", count=7)]))
    window.roster.select_row(1)
    assert window.roster.groups.index_of_entry(1, COUNT).data(COUNT_RANGE_ROLE) == (3, 7)
    window.step_selected(+1)
    assert window.doc.entry(1).count == 7  # further from its size: refused
    window.step_selected(-1)
    assert window.doc.entry(1).count == 6  # toward it


def test_a_single_combatant_with_options_is_hired_into_an_entry_without_them(
        make_window: Any, options_catalogue: Catalogue) -> None:
    window = make_window(options_catalogue)
    window.doc.replace(Warband(name="Scouts", faction="test-options-band", entries=[
        Entry(combatant="scout", count=2, options={"veteran": 1})]))
    window.roster.add("scout")
    assert window.doc.entries == [Entry(combatant="scout", count=2, options={"veteran": 1}),
                                  Entry(combatant="scout", count=1)]
    window.roster.add("scout")
    assert window.doc.entry(1).count == 2


# ---------------------------------------------------------------- picks


def test_taking_a_pick_moves_the_second_budget_and_undo_takes_it_back(win: Any) -> None:
    assert win.picks_panel.isVisible()
    dominion = win.totals.dominion_spent
    assert dominion.value.text() == "0 / 3"
    sword = control(win, "pick-sword-of-fire")
    sword.click()
    assert win.doc.warband.picks == ["sword-of-fire"]
    assert dominion.value.text() == "2 / 3"
    assert win.stack.undoText() == "Take Sword of Fire"
    assert win.picks_panel.note.text() == "1 taken"
    win.stack.undo()
    assert win.doc.warband.picks == [] and not sword.isChecked()
    assert dominion.value.text() == "0 / 3"


def test_a_pick_over_the_budget_is_greyed_and_says_which_rule(win: Any) -> None:
    crown, sword = control(win, "pick-crown"), control(win, "pick-sword-of-fire")
    crown.click()  # 3 of 3
    assert win.totals.dominion_spent.value.text() == "3 / 3"
    assert sword.property("dimmed") and "would break a rule" in sword.toolTip()
    assert points(win) == "20 / 30"  # the crown costs points too
    sword.click()
    assert win.totals.dominion_spent.state == "over"
    assert not win.doc.report.legal


def test_a_list_of_a_faction_without_picks_shows_no_picks_panel(
        make_window: Any, catalogue: Catalogue) -> None:
    window = make_window(catalogue)
    assert not window.picks_panel.isVisible()
    assert not window.options_panel.isVisible()


# ---------------------------------------------------------------- files


def test_saving_and_opening_again_keeps_options_and_picks(win: Any, tmp_path: Path) -> None:
    control(win, "option-bow").click()
    control(win, "option-drums").setValue(2)
    control(win, "pick-sword-of-fire").click()
    path = tmp_path / "options.warband.yaml"
    win.prompter.script("save_path", str(path))
    assert win.files.save_as()
    saved = load_warband(path)
    assert saved.entries[1].options == {"bow": 1, "drums": 2}
    assert saved.picks == ["sword-of-fire"]
    win.files.new_file()
    assert win.doc.warband.picks == []
    assert win.files.load_path(path)
    assert win.doc.entry(1).options == {"bow": 1, "drums": 2}
    assert control(win, "pick-sword-of-fire").isChecked()
    win.roster.select_row(1)
    assert control(win, "option-bow").isChecked() and control(win, "option-drums").value() == 2
    assert points(win) == "28 / 30"  # 10 + 4 × 2 + 4 × 2 (bow) + 2 (drums)


def test_changing_faction_drops_the_picks_it_does_not_offer_and_undo_brings_them_back(
        qapp: Any) -> None:
    from PySide6.QtGui import QUndoStack

    from builder.gui.commands import SetFactionCommand
    from builder.gui.document import WarbandDocument

    cat = Catalogue.load([DATA, Path(__file__).resolve().parents[1] / "data"], user=False)
    doc = WarbandDocument(cat, Warband(name="Picks", faction="test-options-band",
                                       entries=[Entry(combatant="chief", count=1)],
                                       picks=["crown"]))
    stack = QUndoStack()
    stack.push(SetFactionCommand(doc, "test-faction"))
    assert doc.warband.faction == "test-faction" and doc.warband.picks == []
    assert doc.entries == []
    stack.undo()
    assert doc.warband.faction == "test-options-band" and doc.warband.picks == ["crown"]
    assert doc.entries == [Entry(combatant="chief", count=1)]


def test_options_and_picks_speak_spanish(spanish: None, win: Any) -> None:
    assert win.options_panel.title.text() == "Op&ciones"
    assert control(win, "option-group-weapon-none").text() == "Ninguna"
    assert win.options_panel.note.text() == "Levies, 4 miniaturas: 8 PE"
    assert win.picks_panel.title.text() == "Extras"
    control(win, "pick-sword-of-fire").click()
    assert win.stack.undoText() == "Tomar Sword of Fire"
    assert win.picks_panel.note.text() == "1 tomado"


def test_the_profile_lists_what_an_entry_may_take(win: Any) -> None:
    index = win.catalogue_panel.proxy.index_of("levies")
    win.catalogue_panel.view.setCurrentIndex(index)
    text = win.profile_panel.profile.toPlainText()
    assert "units of 3–5" in text and "\nOptions\n" in text
    assert "Spear (+1 PE per model; one of Spear, Bow)" in text
    assert "Drums (+1 PE; up to 3 times)" in text
    assert "Veteran (+1 PE)\nRe-roll one die." in text  # the game's own, with its text
    win.catalogue_panel.view.setCurrentIndex(win.catalogue_panel.proxy.index_of("chief"))
    assert "\nOptions\n" not in win.profile_panel.profile.toPlainText()


def test_the_picks_leave_the_roster_its_rows_on_a_small_screen(
        make_window: Any, options_catalogue: Catalogue, qtbot: Any) -> None:
    window = make_window(options_catalogue)
    window.resize(1024, 600)
    ghosts = [Entry(combatant=f"ghost-{n}", count=1) for n in range(8)]  # a finding each
    window.files.replace(Warband(name="Crowded", faction="test-options-band",
                                 entries=[Entry(combatant="levies", count=4), *ghosts]), None)
    qtbot.waitUntil(lambda: not window.splits.fit_timer.isActive(), timeout=2000)
    assert window.picks_panel.isVisible() and len(window.doc.report.findings) >= 8
    assert window.roster.view.height() >= window.roster.height_for_rows(4)
    picks = window.picks_panel.geometry()
    assert window.picks_panel.parentWidget().rect().contains(picks)  # not cut off


def test_an_option_taken_more_than_its_most_in_a_file_shows_as_it_is(
        make_window: Any, options_catalogue: Catalogue) -> None:
    window = make_window(options_catalogue)
    window.doc.replace(Warband(name="Loud", faction="test-options-band", entries=[
        Entry(combatant="levies", count=3, options={"drums": 5}),
        Entry(combatant="levies", count=3)]))
    window.roster.select_row(0)
    drums = control(window, "option-drums")
    assert drums.value() == 5
    drums.stepDown()
    assert window.doc.entry(0).options == {"drums": 4}
    window.roster.select_row(1)  # the same controls, for an entry within the most
    assert drums.value() == 0 and drums.maximum() == 3


def test_the_options_of_another_combatant_take_their_rows_height(win: Any) -> None:
    """Made while the panel shows (one entry's options, then another combatant's), the new
    rows get their height at once: none is hidden under the notes."""
    win.roster.add("scout")
    scout = win.doc.rows_for(["scout"])[0]
    win.roster.select_row(scout)  # one option: the game's veteran
    veteran = control(win, "option-veteran")
    assert veteran.isVisible()
    assert win.options_panel.scroller.height() >= veteran.sizeHint().height()
    win.roster.select_row(1)  # back to the levies: five rows and a choice of weapon
    bow = control(win, "option-bow")
    assert bow.isVisible() and win.options_panel.scroller.height() > 4 * bow.height()
    assert win.options_panel.scroller.viewport().rect().contains(
        bow.geometry().translated(0, -win.options_panel.scroller.verticalScrollBar().value()))


def test_a_pick_strip_made_while_shown_fits_its_picks(
        win: Any, make_window: Any, options_catalogue: Catalogue) -> None:
    win.picks_panel._key = None  # made again, now that it shows
    win.picks_panel.refresh()
    sword = control(win, "pick-sword-of-fire")
    assert sword.isVisible() and win.picks_panel.scroller.height() >= sword.height()


def test_the_catalogue_greys_a_unit_that_would_not_fit_and_says_another_unit(
        make_window: Any) -> None:
    """The test game's 60-point list has 9 points left: another unit of spearmen (3 × 3) fits,
    another of archers (3 × 4) does not; a single scout (5) does."""
    relaunch = Path(__file__).resolve().parents[2] / "fixtures" / "relaunch"
    window = make_window(Catalogue.load([relaunch], user=False))
    assert window.files.load_path(relaunch / "lists" / "test-relaunch-sixty.warband.yaml",
                                  confirmed=True)
    panel = window.catalogue_panel
    greyed = {cid: panel.model.index_of(cid).data(Qt.ItemDataRole.ForegroundRole) is not None
              for cid in ("test-spearmen", "test-archers", "test-scout")}
    assert greyed == {"test-spearmen": False, "test-archers": True, "test-scout": False}
    tip = panel.tooltip(panel.proxy.index_of("test-archers"))
    assert "Another unit would break a rule" in tip and "another unit:" in tip
    assert "units of 3–5 models" in tip
    window.catalogue_panel.view.setCurrentIndex(panel.proxy.index_of("test-archers"))
    window.add_selected()  # greyed, still possible: a new unit of three
    assert window.doc.entries[-1] == Entry(combatant="test-archers", count=3)
    assert window.totals.points.value.text() == "63 / 60"


def test_the_keyboard_reaches_the_picks(win: Any, qtbot: Any) -> None:
    win.activateWindow()
    qtbot.keyClick(win, Qt.Key.Key_X, Qt.KeyboardModifier.AltModifier)
    first = win.focusWidget()
    assert first is control(win, "pick-sword-of-fire")
    qtbot.keyClick(first, Qt.Key.Key_Tab)
    assert win.focusWidget() is control(win, "pick-crown")
    qtbot.keyClick(win.focusWidget(), Qt.Key.Key_Space)
    assert win.doc.warband.picks == ["crown"]


def test_the_picks_are_titled_with_the_games_word(make_window: Any, qtbot: Any) -> None:
    """The relaunch test game calls its picks "Test Artefacts" (``picks_name``); Alt+X still
    reaches them."""
    relaunch = Path(__file__).resolve().parents[2] / "fixtures" / "relaunch"
    window = make_window(Catalogue.load([relaunch], user=False))
    assert window.files.load_path(relaunch / "lists" / "test-relaunch-sixty.warband.yaml",
                                  confirmed=True)
    assert window.picks_panel.title.text() == "Test Artefacts"
    # the fingerprint counts the per-model option per model, as the command line does
    assert window.sharing.fingerprint.text().endswith("6QEN-2CT7")
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_X, Qt.KeyboardModifier.AltModifier)
    assert window.focusWidget() in window.picks_panel.boxes.values()


def test_the_import_box_fingerprints_a_code_with_the_data(make_window: Any) -> None:
    """File → Import from code… says the fingerprint the command line gives, counting an
    option per model as the faction says."""
    from builder.data.share import encode_warband
    from builder.gui.dialogs.import_code import ImportCodeDialog

    relaunch = Path(__file__).resolve().parents[2] / "fixtures" / "relaunch"
    window = make_window(Catalogue.load([relaunch], user=False))
    sixty = load_warband(relaunch / "lists" / "test-relaunch-sixty.warband.yaml")
    dialog = ImportCodeDialog(encode_warband(sixty), window,
                              fingerprint=window.doc.catalogue.list_fingerprint)
    assert "6QEN-2CT7" in dialog.status.text()


def _contrast(a: Any, b: Any) -> float:
    """The WCAG contrast ratio of two colours (1 to 21)."""
    def luminance(c: Any) -> float:
        def channel(v: float) -> float:
            return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
        return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) \
            + 0.0722 * channel(c.blueF())
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _tip_colours(widget: QWidget) -> tuple[Any, Any]:
    """(text, background) of ``widget``'s tooltip as Qt shows it."""
    from PySide6.QtCore import QPoint
    from PySide6.QtWidgets import QApplication, QToolTip

    QToolTip.showText(widget.mapToGlobal(QPoint(2, 2)), widget.toolTip(), widget)
    tip = next(w for w in QApplication.topLevelWidgets()
               if w.objectName() == "qtooltip_label" and w.isVisible())
    tip.ensurePolished()
    palette = tip.palette()
    colours = palette.color(tip.foregroundRole()), palette.color(tip.backgroundRole())
    QToolTip.hideText()
    return colours


def test_a_greyed_choices_tooltip_reads_as_any_other(win: Any) -> None:
    """Issue 41 item 10: a greyed pick's (or option's) tooltip was drawn in the grey of its
    text on the tooltip's pale yellow; a tooltip reads as every tooltip does, whatever the
    greying of the choice it is about."""
    control(win, "pick-crown").click()  # 20 of 30 points, the Dominion all spent
    win.details.limit_spin.setValue(25)  # the banner (+3) fits, the bow (+8) does not
    greyed = [control(win, "pick-sword-of-fire"), control(win, "option-bow")]
    plain = control(win, "option-banner")
    assert all(w.property("dimmed") for w in greyed) and not plain.property("dimmed")
    text, background = _tip_colours(plain)
    assert _contrast(text, background) >= 7
    for widget in greyed:
        assert _tip_colours(widget) == (text, background), widget.objectName()
