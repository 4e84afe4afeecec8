"""A faction with many picks (issue 40 #8): the picks are a list made as it scrolls, greyed from
the rules' headroom after each change (no validation per pick: the app froze 25 s on opening a
faction of 20,000 picks, then 1.6 s on each edit), ticked by mouse or keyboard as undo commands,
each tooltip saying what taking it would break. Speed is measured by bench/bench_picks.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from PySide6.QtCore import Qt

from builder.data import Catalogue
from builder.gui.document import WarbandDocument
from builder.gui.panels.picks import MAX_BOXES
from builder.model import Entry, Warband
from builder.rules import validate

SYSTEM = Path(__file__).resolve().parent / "data_options" / "test-options-system.yaml"
PICKS = 300


@pytest.fixture
def many(tmp_path: Path) -> Catalogue:
    """TEST DATA: the options test game and a faction of 300 picks, each adding one to three
    to the second budget (Dominion cost), some points too."""
    (tmp_path / SYSTEM.name).write_text(SYSTEM.read_text(encoding="utf-8"), encoding="utf-8")
    faction = {
        "schema": "spherewars-faction/1", "id": "test-many-picks", "system": "test-options-game",
        "name": "Test Many Picks",
        "picks": [{"id": f"test-pick-{i}", "name": f"Test Pick {i}",
                   "adds": {"DOMC": 1 + i % 3, "PE": i % 2}} for i in range(PICKS)],
        "combatants": [{"id": "test-chief", "name": "Test Chief", "type": "leader",
                        "profile": {"PE": 10, "DOM": 4}}]}
    (tmp_path / "test-many-picks.yaml").write_text(yaml.safe_dump(faction), encoding="utf-8")
    catalogue = Catalogue.load([tmp_path], user=False, cached=False)
    assert not catalogue.problems
    return catalogue


@pytest.fixture
def window(make_window: Any, many: Catalogue, monkeypatch: pytest.MonkeyPatch) -> Any:
    trials: list[Warband] = []
    real = WarbandDocument.trial
    monkeypatch.setattr(WarbandDocument, "trial",
                        lambda doc, w: trials.append(w) or real(doc, w))
    window = make_window(many)
    window.doc.replace(Warband(name="Many", faction="test-many-picks", points_limit=12,
                               entries=[Entry(combatant="test-chief", count=1)],
                               picks=["test-pick-2"]))  # Dominion cost 3 of 4
    window.trials = trials
    return window


def rows(window: Any) -> dict[str, Any]:
    model = window.picks_panel.model
    return {pid: model.index(i) for i, pid in enumerate(model.pids)}


def greyed(window: Any) -> set[str]:
    model = window.picks_panel.model
    return {pid for pid, index in rows(window).items()
            if model.data(index, Qt.ItemDataRole.ForegroundRole) is not None}


def truth(window: Any) -> set[str]:
    """The picks whose taking gives a new or worse error finding, from two validations."""
    doc = window.doc
    faction = doc.faction
    before = {(f.rule, abs((f.amount or 0) - (f.bound or 0)))
              for f in doc.report.findings if f.severity == "error"}
    out = set()
    for pid in faction.picks_offered:
        if pid in doc.warband.picks:
            continue
        after = validate(doc.warband.model_copy(update={"picks": [*doc.warband.picks, pid]}),
                         faction)
        old = {rule: gap for rule, gap in before}
        if any(f.severity == "error" and (f.rule not in old or abs(
                (f.amount or 0) - (f.bound or 0)) > old[f.rule]) for f in after.findings):
            out.add(pid)
    return out


def test_many_picks_are_a_list_greyed_without_a_validation_per_pick(window: Any) -> None:
    panel = window.picks_panel
    assert PICKS > MAX_BOXES
    assert panel.view is not None and panel.view.isVisible() and not panel.boxes
    assert len(panel.model.pids) == PICKS
    assert window.trials == []  # the headroom, not a validation per pick
    assert greyed(window) == truth(window)
    assert panel.note.text() == "1 taken"
    model = panel.model
    index = rows(window)["test-pick-0"]  # Dominion cost 1: fits (4 of 4)
    assert model.data(index, Qt.ItemDataRole.DisplayRole) == "Test Pick 0   +1 DOMC"
    assert model.setData(index, Qt.CheckState.Checked, Qt.ItemDataRole.CheckStateRole)
    assert window.doc.warband.picks == ["test-pick-2", "test-pick-0"]
    assert window.stack.undoText() == "Take Test Pick 0"
    assert model.data(index, Qt.ItemDataRole.CheckStateRole) == Qt.CheckState.Checked
    assert greyed(window) == truth(window) and "test-pick-3" in greyed(window)
    assert window.trials == []
    window.stack.undo()
    assert window.doc.warband.picks == ["test-pick-2"]
    assert greyed(window) == truth(window) and "test-pick-3" not in greyed(window)


def test_a_greyed_picks_tooltip_says_what_it_would_break(window: Any) -> None:
    model = window.picks_panel.model
    tip = model.data(rows(window)["test-pick-1"], Qt.ItemDataRole.ToolTipRole)  # cost 2
    assert "<b>Test Pick 1</b>" in tip
    assert "Taking it would break a rule (it stays possible):" in tip
    assert "Dominion" in tip.split("it stays possible")[1]
    fits = model.data(rows(window)["test-pick-0"], Qt.ItemDataRole.ToolTipRole)
    assert "would break" not in fits


def test_the_keyboard_ticks_a_pick_of_the_list(window: Any, qtbot: Any) -> None:
    panel = window.picks_panel
    qtbot.keyClick(window, Qt.Key.Key_X, Qt.KeyboardModifier.AltModifier)
    assert window.focusWidget() is panel.view
    assert panel.view.currentIndex().row() == 0
    qtbot.keyClick(panel.view, Qt.Key.Key_Space)
    assert window.doc.warband.picks == ["test-pick-2", "test-pick-0"]
