"""The catalogue (issue 14 items 2, 4 and 14; issue 15): type groups, the filter and what it
says when nothing matches, hired counts against caps, dimmed rows with the rule in their
tooltip, names readable at 1024×600, and only the rows that changed signalled after an edit."""

from __future__ import annotations

import gc
import weakref
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QItemSelectionModel, Qt
from PySide6.QtGui import QHelpEvent, QStandardItem
from PySide6.QtWidgets import QApplication, QToolTip
from shiboken6 import Shiboken

from builder.data import Catalogue
from builder.gui.panels.catalogue_model import (
    COST,
    HIRED,
    MARKS,
    NAME,
    RANK,
    CatalogueFilter,
    CatalogueModel,
)
from builder.model import Entry, Warband
from tests.gui.conftest import paints_after

FOREGROUND = Qt.ItemDataRole.ForegroundRole


def dimmed(model: CatalogueModel, combatant_id: str) -> bool:
    return model.index_of(combatant_id).data(FOREGROUND) is not None


def shown_names(window: Any) -> list[str]:
    """The combatant names a user sees in the catalogue, top to bottom."""
    proxy = window.catalogue_panel.proxy
    return [c.display_name for row in range(proxy.rowCount())
            if (c := proxy.combatant(proxy.index(row, NAME))) is not None]


def headings(window: Any) -> list[str]:
    return window.catalogue_panel.proxy.headings()


def caps_list(window: Any, limit: int | None = 400) -> None:
    window.doc.replace(Warband(name="Caps", faction="test-faction", points_limit=limit, entries=[
        Entry(combatant="test-leader", count=1), Entry(combatant="test-messenger", count=2),
        Entry(combatant="test-squaddie", count=2), Entry(combatant="test-squaddie", count=1),
        Entry(combatant="test-hero", count=1)]))


def tooltip_of(qtbot: Any, window: Any, combatant_id: str) -> str:
    """Hover a row as a user would: the tooltip the view shows."""
    view = window.catalogue_panel.view
    rect = view.visualRect(window.catalogue_panel.proxy.index_of(combatant_id))
    assert rect.isValid()
    event = QHelpEvent(QEvent.Type.ToolTip, rect.center(),
                       view.viewport().mapToGlobal(rect.center()))
    QApplication.sendEvent(view.viewport(), event)
    qtbot.waitUntil(QToolTip.isVisible, timeout=2000)
    return QToolTip.text()


# ---------------------------------------------------------------- the tree


def test_changing_faction_leaves_no_wrapper_of_a_deleted_item(catalogue: Catalogue) -> None:
    """Rows removed in C++ must not leave Python wrappers behind: a wrapper of a deleted item
    stays registered at its address, and the next Qt object made there (once, the Redo
    action of a new window) came back to Python as that QStandardItem and crashed the
    window. Only items made in Python tell the bindings when C++ deletes them."""
    model = CatalogueModel(catalogue.get("test-faction"))
    model.set_faction(catalogue.get("soimi"))
    model.set_faction(None)
    made_in_cpp = [w for w in Shiboken.getAllValidWrappers()
                   if isinstance(w, QStandardItem) and not Shiboken.createdByPython(w)]
    assert made_in_cpp == []


def test_groups_by_type_in_the_systems_order(catalogue: Catalogue, qtmodeltester: Any,
                                             qtlog: Any) -> None:
    model = CatalogueModel(catalogue.get("test-faction"))
    qtmodeltester.check(model)
    rows = [[model.index(r, c).data() or None for c in range(5)]
            for r in range(model.rowCount())]
    assert rows == [
        ["Leaders (1)", None, None, None, None],
        ["Test Leader, the tester", None, "100", "Elite", None],
        ["Avatars (1)", None, None, None, None],
        ["Test Avatar", None, "80", "Veteran", None],
        ["Messengers (1)", None, None, None, None],
        ["Test Messenger", None, "30", "Regular", None],
        ["Troops (2)", None, None, None, None],
        ["Test Squaddie", None, "20", "Irregular", "squad"],
        ["Test Hero", None, "60", "Elite", "max 1"]]
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(5)] == [
        "Combatant", "Hired", "PE", "Rank", "Marks"]
    heading, hero = model.index(6, NAME), model.index_of("test-hero")
    assert not model.flags(heading) & Qt.ItemFlag.ItemIsDragEnabled
    assert not model.flags(heading) & Qt.ItemFlag.ItemIsSelectable
    assert model.flags(hero) & Qt.ItemFlag.ItemIsDragEnabled
    assert model.combatant(model.index_of("test-hero", RANK)).id == "test-hero"
    assert model.combatant(heading) is None
    proxy = CatalogueFilter(model)
    qtmodeltester.check(proxy)
    assert proxy.set_text("SQUAD")
    assert [proxy.index(r, 0).data() for r in range(proxy.rowCount())] == [
        "Troops (1 of 2)", "Test Squaddie"]
    assert not proxy.index_of("test-hero").isValid()  # filtered out
    assert not proxy.set_text("squad ")  # the same rows: nothing to do
    assert proxy.set_text("")
    assert proxy.headings() == ["Leaders (1)", "Avatars (1)", "Messengers (1)", "Troops (2)"]
    model.set_faction(catalogue.get("soimi"))
    assert model.index(0, 0).data() == "Leaders (2)"
    model.set_faction(None)
    assert model.rowCount() == 0
    assert not [r for r in qtlog.records if "ResetModel" in r.message]


def test_the_app_starts_without_model_warnings(make_window: Any, qtlog: Any) -> None:
    window = make_window()
    caps_list(window)
    assert not [r for r in qtlog.records if "ResetModel" in r.message]


def test_filter_narrows_counts_follow_and_nothing_found_says_so(qtbot: Any,
                                                                window: Any) -> None:
    window.doc.set_faction("test-faction")
    qtbot.keyClicks(window.catalogue_panel.filter, "HERO")
    assert shown_names(window) == ["Test Hero"]
    assert headings(window) == ["Troops (1 of 2)"]
    # the match is highlighted, so Enter hires it
    assert window.catalogue_panel.current_id() == "test-hero"
    placeholder = window.catalogue_panel.view.placeholder
    assert not placeholder.isVisible()

    window.catalogue_panel.filter.setText("the tester")  # nicknames match too
    assert shown_names(window) == ["Test Leader, the tester"]
    assert headings(window) == ["Leaders (1)"]

    window.catalogue_panel.filter.setText("nobody")
    assert shown_names(window) == [] and headings(window) == []
    assert placeholder.isVisible()
    assert placeholder.text() == "No combatant matches “nobody”"
    assert window.catalogue_panel.selected_ids() == []  # Enter hires nothing
    qtbot.keyClick(window.catalogue_panel.filter, Qt.Key.Key_Return)
    assert window.doc.entries == []

    window.catalogue_panel.filter.clear()
    assert not placeholder.isVisible()
    assert len(shown_names(window)) == 5
    assert headings(window) == ["Leaders (1)", "Avatars (1)", "Messengers (1)", "Troops (2)"]


def test_a_filter_keystroke_paints_the_catalogue_once(qtbot: Any, window: Any) -> None:
    """Issue 15: the rows a keystroke shows are laid out and painted in that keystroke's
    pass, not painted again when the view's layout timer fires in the next one (a second
    full repaint of the table)."""
    window.doc.set_faction("test-faction")
    qtbot.waitExposed(window)
    viewport = window.catalogue_panel.view.viewport()
    box = window.catalogue_panel.filter
    for text in ("hero", "", "test s", "", "leader"):
        assert (text, paints_after(viewport, lambda t=text: box.setText(t))) == (text, 1)


def test_a_keystroke_that_shows_or_hides_the_scroll_bar_paints_the_catalogue_once(
        qtbot: Any, window: Any) -> None:
    """When the rows come to fit (or stop fitting), the scroll bar hides (shows) and the name
    column widens (narrows); Qt does both after the pass's paint, and painted the whole table
    again in the next pass."""
    window.doc.set_faction("test-faction")
    view = window.catalogue_panel.view
    view.setFixedHeight(8 * view.verticalHeader().defaultSectionSize())  # < nine rows
    viewport, bar = view.viewport(), view.verticalScrollBar()
    for _pass in range(3):
        QApplication.processEvents()
    assert bar.isVisible()
    widths: list[int] = []
    for text, scrolls in (("hero", False), ("", True), ("leader", False), ("", True)):
        paints = paints_after(viewport, lambda t=text: window.catalogue_panel.filter.setText(t))
        assert (text, bar.isVisible(), paints) == (text, scrolls, 1)
        widths.append(view.columnWidth(NAME))
    assert widths[0] > widths[1]  # the name column took the scroll bar's room


def test_the_highlighted_row_stays_while_it_matches(qtbot: Any, window: Any) -> None:
    window.doc.set_faction("test-faction")
    panel = window.catalogue_panel
    window.catalogue_panel.view.setCurrentIndex(window.catalogue_panel.proxy.index_of("test-squaddie"))
    shown: list[str] = []
    panel.combatant_selected.connect(shown.append)
    # every row matches: the squaddie stays highlighted
    window.catalogue_panel.filter.setText("test")
    window.catalogue_panel.filter.setText("test s")
    assert panel.current_id() == "test-squaddie" and shown == []
    # no longer a match: the first match is highlighted
    window.catalogue_panel.filter.setText("hero")
    assert panel.current_id() == "test-hero" and shown == ["test-hero"]


def test_a_filtered_out_highlight_goes_to_the_first_match_not_the_row_above(
        qtbot: Any, window: Any) -> None:
    """While the proxy removes the highlighted row, Qt's selection model moves the highlight
    to the row above it; what the user gets is still the first match, and the profile is
    told once, of that one."""
    window.doc.set_faction("test-faction")
    panel = window.catalogue_panel
    window.catalogue_panel.view.setCurrentIndex(window.catalogue_panel.proxy.index_of("test-hero"))
    shown: list[str] = []
    panel.combatant_selected.connect(shown.append)
    # "d" keeps the leader ("Test Leader") and the squaddie, the row just above the hero
    window.catalogue_panel.filter.setText("d")
    assert [c.id for c in window.catalogue_panel.model.faction.combatants
            if window.catalogue_panel.proxy.index_of(c.id).isValid()] == ["test-leader",
                                                                    "test-squaddie"]
    assert panel.current_id() == "test-leader"
    assert shown == ["test-leader"]
    assert window.profile_panel.profile.toPlainText().startswith("Test Leader")
    # moved up onto the first match itself, the highlight changes no more: still told once
    window.catalogue_panel.filter.clear()
    window.catalogue_panel.view.setCurrentIndex(window.catalogue_panel.proxy.index_of("test-avatar"))
    shown.clear()
    window.catalogue_panel.filter.setText("leader")
    assert panel.current_id() == "test-leader" and shown == ["test-leader"]
    assert window.profile_panel.profile.toPlainText().startswith("Test Leader")


def test_the_filter_keeps_the_selection_it_still_shows(qtbot: Any, window: Any) -> None:
    window.doc.set_faction("test-faction")
    view, model = window.catalogue_panel.view, window.catalogue_panel.proxy
    select = QItemSelectionModel.SelectionFlag.Select | QItemSelectionModel.SelectionFlag.Rows
    for cid in ("test-squaddie", "test-hero", "test-leader"):
        view.selectionModel().select(model.index_of(cid), select)
    view.selectionModel().setCurrentIndex(model.index_of("test-hero"),
                                          QItemSelectionModel.SelectionFlag.NoUpdate)
    assert sorted(window.catalogue_panel.selected_ids()) == ["test-hero", "test-leader",
                                                             "test-squaddie"]
    # the squaddie is filtered out; the rest stay selected
    window.catalogue_panel.filter.setText("er")
    assert shown_names(window) == ["Test Leader, the tester", "Test Messenger", "Test Hero"]
    assert sorted(window.catalogue_panel.selected_ids()) == ["test-hero", "test-leader"]
    assert window.catalogue_panel.current_id() == "test-hero"
    window.add_selected()
    assert sorted(e.combatant for e in window.doc.entries) == ["test-hero", "test-leader"]
    window.catalogue_panel.filter.clear()  # the squaddie shows again, no longer selected
    assert sorted(window.catalogue_panel.selected_ids()) == ["test-hero", "test-leader"]
    assert not view.selectionModel().isRowSelected(
        window.catalogue_panel.proxy.index_of("test-squaddie").row())


def test_a_range_selected_across_filtered_rows_hires_only_the_shown(qtbot: Any,
                                                                    window: Any) -> None:
    """Shift+click from the first match to the last selects the rows a user sees between
    them, not those the filter leaves out."""
    window.doc.set_faction("test-faction")
    # Leader, Messenger, Hero (not the Avatar and Squaddie)
    window.catalogue_panel.filter.setText("er")
    view, matches = window.catalogue_panel.view, window.catalogue_panel.proxy
    first, last = matches.index_of("test-leader"), matches.index_of("test-hero")
    view.setCurrentIndex(first)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ShiftModifier, view.visualRect(last).center())
    assert sorted(window.catalogue_panel.selected_ids()) == [
        "test-hero", "test-leader", "test-messenger"]
    window.add_selected()
    assert sorted(e.combatant for e in window.doc.entries) == [
        "test-hero", "test-leader", "test-messenger"]


# ---------------------------------------------------------------- hired, caps, dimmed rows


def test_rows_show_hired_against_the_cap_and_dim_what_breaks_a_rule(qtbot: Any,
                                                                     window: Any) -> None:
    caps_list(window)  # 280 of 400 points
    model = window.catalogue_panel.model
    hired = {c: model.index_of(c, HIRED).data() or "" for c in (
        "test-leader", "test-avatar", "test-messenger", "test-squaddie", "test-hero")}
    # five of a kind, a squad's three units over two entries, a combatant's own max
    assert hired == {"test-leader": "1/5", "test-avatar": "", "test-messenger": "2/5",
                     "test-squaddie": "3/3", "test-hero": "1/1"}
    # the leader's MAN 2 allows two messengers; squads and the hero are at their caps
    assert {c: dimmed(model, c) for c in hired} == {
        "test-leader": False, "test-avatar": False, "test-messenger": True,
        "test-squaddie": True, "test-hero": True}
    row = model.index_of("test-messenger")
    assert all(row.siblingAtColumn(col).data(FOREGROUND) is not None
               for col in (NAME, HIRED, COST, RANK, MARKS))

    tip = tooltip_of(qtbot, window, "test-messenger")
    assert "<b>Test Messenger</b>" in tip and "2 hired, at most 5" in tip
    assert ("<b>Messengers</b>: 2 of 2 now; one more: 3 Messengers hired; the leaders&#x27; "
            "command allows 2 (Test Leader MAN 2)") in tip
    assert "Squads" in tooltip_of(qtbot, window, "test-squaddie")
    assert "Five of a kind" in tooltip_of(qtbot, window, "test-hero")
    tip = tooltip_of(qtbot, window, "test-avatar")
    assert "one more" not in tip and "hired" not in tip

    # dimmed rows can still be added; the finding then says why
    window.add_combatant("test-messenger")
    assert model.index_of("test-messenger", HIRED).data() == "3/5"
    assert [f.rule for f in window.doc.report.findings] == ["messenger-limit"]
    # a second leader raises the cap: the messengers are no longer dimmed for it
    window.add_combatant("test-avatar")
    window.stack.undo()
    window.stack.undo()
    assert not dimmed(model, "test-avatar")


def test_the_points_limit_dims_what_costs_more_than_is_left(qtbot: Any, window: Any) -> None:
    caps_list(window, limit=330)  # 280 spent: 50 left
    model = window.catalogue_panel.model
    assert dimmed(model, "test-leader") and dimmed(model, "test-avatar")  # 100, 80
    tip = tooltip_of(qtbot, window, "test-avatar")
    assert "<b>Points</b>: 280 of 330 now; one more: 360 points spent, the limit is 330" in tip
    window.details.limit_spin.setValue(400)
    assert not dimmed(model, "test-avatar") and not dimmed(model, "test-leader")


def test_an_edit_signals_only_the_rows_it_changed(qtbot: Any, window: Any) -> None:
    caps_list(window, limit=None)
    model = window.catalogue_panel.model
    changed: list[tuple[str, int, int]] = []
    model.dataChanged.connect(lambda first, last, _roles=None: changed.append(
        (first.data(), first.row(), last.row())))
    window.add_combatant("test-avatar")  # one row's count: nothing else changes
    avatar = model.index_of("test-avatar")
    assert changed == [("Test Avatar", avatar.row(), avatar.row())]
    assert model.index_of("test-avatar", HIRED).data() == "1/5"
    changed.clear()
    window.doc.set_name("Renamed")  # no change to any row
    assert changed == []


def test_no_list_data_no_counts(window: Any) -> None:
    caps_list(window)
    window.doc.set_faction("nobody")
    assert window.catalogue_panel.model.rowCount() == 0
    window.doc.set_faction("test-faction")
    assert window.catalogue_panel.model.index_of("test-leader", HIRED).data() == "1/5"


# ---------------------------------------------------------------- small screens


@pytest.mark.parametrize("size", [(1024, 600), (1280, 760)])
def test_names_stay_readable_on_a_small_screen(qtbot: Any, window: Any,
                                               size: tuple[int, int]) -> None:
    caps_list(window)
    window.resize(*size)
    qtbot.waitUntil(lambda: window.catalogue_panel.view.viewport().width() < 400, timeout=2000)
    view = window.catalogue_panel.view
    name_width = view.horizontalHeader().sectionSize(NAME)
    assert name_width >= view.fontMetrics().horizontalAdvance("Test Messenger") + 8
    # the numbers stay narrow; Marks gave way first
    assert view.horizontalHeader().sectionSize(HIRED) < name_width / 2
    assert view.isColumnHidden(MARKS) or view.width() > 400
    # the whole name is in the tooltip whatever the width
    assert "<b>Test Leader, the tester</b>" in tooltip_of(qtbot, window, "test-leader")
    # widen the catalogue: every column comes back
    window.splits.main.setSizes([600, 500, 300])
    qtbot.waitUntil(lambda: not view.isColumnHidden(MARKS), timeout=2000)
    assert not view.isColumnHidden(RANK)


def test_the_catalogue_speaks_spanish(qtbot: Any, make_window: Any) -> None:
    from builder import i18n

    i18n.set_language("es")
    window = make_window()
    caps_list(window)
    model = window.catalogue_panel.model
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in (NAME, HIRED)] == [
        "Combatiente", "Contr."]
    assert model.headerData(HIRED, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole) \
        == "Cuántos contrata la lista, frente al máximo que permiten las reglas"
    tip = tooltip_of(qtbot, window, "test-messenger")
    assert "2 contratados, como mucho 5" in tip
    assert "Uno más incumpliría una regla (se puede añadir igualmente):" in tip
    assert "2 de 2 ahora; uno más:" in tip
    window.catalogue_panel.filter.setText("hero")
    assert headings(window) == ["Tropas (1 de 2)"]  # (the system names its types in both)
    window.catalogue_panel.filter.setText("nadie")
    placeholder = window.catalogue_panel.view.placeholder
    assert placeholder.text() == "Ningún combatiente coincide con «nadie»"


def _used_data(window: Any) -> list[weakref.ref]:
    """Read the data again, use it as a user would (a list, an edit, the filter) and return
    weak references to that catalogue and its faction (made in a frame of its own, which
    ends here and keeps nothing)."""
    window.gamedata.reload()
    data = window.doc.catalogue
    window.doc.replace(Warband(name="Kept", faction="soimi", points_limit=400,
                               entries=[Entry(combatant="tir-abe", count=1)]))
    window.doc.set_count(0, 2)
    window.catalogue_panel.filter.setText("tir")
    QApplication.processEvents()
    return [weakref.ref(data), weakref.ref(data.get("soimi"))]


def test_data_read_again_lets_the_old_data_go(qtbot: Any, window: Any) -> None:
    """A load leaves what it made frozen for the collector (issue 15), so the data the app
    drops when it reads the files again must go by reference counting alone: nothing the
    window, the list's validation or the catalogue's counts keep may hold it in a cycle."""
    kept = _used_data(window)
    window.gamedata.reload()
    QApplication.processEvents()
    gc.collect()  # (it cannot free what is frozen: what is still here is kept for good)
    assert [ref() for ref in kept] == [None, None]
    assert window.doc.faction is window.doc.catalogue.get("soimi")
