"""File → New's roster dialog and *Add force…* as the player fills them in (issue 39 item
2): the game's catalogues (not its libraries), the chosen catalogue's force entries, the
cost limits prefilled with the game's defaults (none for no limit), the name."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from PySide6.QtWidgets import QDialogButtonBox

from builder.gui.roster.forces import AddForceDialog, ForceChoice, NewRoster, NewRosterDialog

CATALOGUES = [("tm-reavers", "Test Reavers"), ("tm-sisters", "Test Sisterhood")]


def test_a_new_rosters_name_limits_and_first_force(qtbot: Any, merc_data: Any) -> None:
    loaded: list[str] = []

    def load(catalogue_id: str) -> Any:
        loaded.append(catalogue_id)
        return merc_data

    dialog = NewRosterDialog("Test Mercenary Skirmish", CATALOGUES, load, "New roster")
    qtbot.addWidget(dialog)
    assert dialog.windowTitle() == "New roster of Test Mercenary Skirmish"
    assert loaded == ["tm-reavers"]  # (only the catalogue shown is read)
    gold, rating = dialog.limits["tm-gc"], dialog.limits["tm-wr"]
    assert (gold.value(), gold.text()) == (500, "500")  # the game's default
    assert rating.text() == "no limit"
    chooser = dialog.chooser
    assert [chooser.entries.item(i).text() for i in range(chooser.entries.count())] == [
        "Warband", "Hired Swords"]
    dialog.name.setText("Grey Reavers")
    gold.setValue(400)
    chooser.entries.setCurrentRow(1)
    assert dialog.answer() == NewRoster("Grey Reavers", {"tm-gc": 400.0, "tm-wr": None},
                                        ForceChoice("tm-reavers", "tm-fe-hired", "Hired Swords"))
    chooser.catalogue.setCurrentIndex(1)
    assert loaded == ["tm-reavers", "tm-sisters"] and gold.value() == 400  # (kept)
    dialog.name.selectAll()
    dialog.name.insert("n" * 20_000)  # a roster file reads back names of 10,000 characters
    assert dialog.answer().name == "n" * 10_000  # type: ignore[union-attr]


def test_add_force_offers_the_catalogues_and_child_forces(qtbot: Any, merc_data: Any) -> None:
    dialog = AddForceDialog(CATALOGUES, lambda _c: merc_data, "tm-sisters")
    qtbot.addWidget(dialog)
    chooser = dialog.chooser
    assert chooser.catalogue.currentData() == "tm-sisters"
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    chooser.entries.setCurrentRow(0)
    assert chooser.chosen() == ForceChoice("tm-sisters", "tm-fe-warband", "Warband")
    # the child forces the force under the cursor offers, after the catalogue's own; one the
    # data hides is not offered
    allies = SimpleNamespace(id="tm-fe-allies", name="Allies", hidden=False)
    secret = SimpleNamespace(id="tm-fe-secret", name="Secret Pact", hidden=True)
    inside = AddForceDialog(CATALOGUES, lambda _c: merc_data, "tm-reavers", [allies, secret])
    qtbot.addWidget(inside)
    texts = [inside.chooser.entries.item(r).text() for r in range(inside.chooser.entries.count())]
    assert texts == ["Warband", "Hired Swords", "Allies (inside the chosen force)"]
    inside.chooser.entries.setCurrentRow(2)
    assert inside.chooser.chosen() == ForceChoice("tm-reavers", "tm-fe-allies", "Allies", True)
    unreadable = AddForceDialog(CATALOGUES, lambda _c: None)
    qtbot.addWidget(unreadable)
    assert unreadable.chooser.problem.isVisibleTo(unreadable)
    assert unreadable.chooser.problem.text() == "The data of this catalogue cannot be read."
    assert not unreadable.ok.isEnabled()
