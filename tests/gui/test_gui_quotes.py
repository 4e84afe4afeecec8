"""The window shows a rulebook sentence as what it is (issue 31 item 13, issue 32 items 1, 2, 8).

The games' rules are English; a Spanish cite is our translation: the findings label it
"Reglamento (traducido)" and keep the book's own words in the tooltip. A figure's tooltip
shows its cite as a finding's does; the strategic roll is one of SphereWars' figures."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from builder.data import Catalogue
from tests.conftest import REPO

EXAMPLE = REPO / "resources" / "examples" / "soimi-illegal-same-combatant-limit.warband.yaml"
POINTS_EXAMPLE = REPO / "resources" / "examples" / "soimi-illegal-points-limit.warband.yaml"
FIVE_CITE = "a Warband can only hire a maximum of five of the same combatant"
ORDERS_CITE = ("add the command (MAN) value of your Warband, the number obtained defining the "
               "number of orders for the turn")
ROLL_CITE = "an opposition roll is made using the command (MAN) value of the leaders"


def _finding_row(window: Any) -> tuple[str, str]:
    model = window.findings.model
    index = model.index(0)
    return index.data(), index.data(Qt.ItemDataRole.ToolTipRole)


def test_english_cites_are_the_books_words(make_window: Any) -> None:
    window = make_window(Catalogue.load(user=False))
    window.files.open_example(EXAMPLE)
    text, tip = _finding_row(window)
    assert text.endswith(f"\n“{FIVE_CITE}”") and "translated" not in text
    assert f"The rulebook: “{FIVE_CITE}”" in tip and "our translation" not in tip
    # the figures say what they rest on, as the rules do
    orders = window.totals.orders.toolTip()
    assert orders.startswith("Orders for the turn: the MAN of every combatant")
    assert f"The rulebook: “{ORDERS_CITE}”" in orders
    # the strategic roll is printed in the totals, with its reading and cite
    roll = window.totals.strategic_roll
    assert roll.caption.text() == "Strategic roll" and roll.value.text() == "2"  # Tir'Abé's MAN
    assert "single die" in roll.toolTip() and ROLL_CITE in roll.toolTip()


def test_spanish_cites_are_labelled_as_our_translation(spanish: None, make_window: Any) -> None:
    window = make_window(Catalogue.load(user=False))
    window.files.open_example(EXAMPLE)
    text, tip = _finding_row(window)
    assert text.splitlines()[-1] == ("Reglamento (traducido): «una Banda solo puede contratar "
                                     "un máximo de cinco del mismo combatiente»")
    # the book's own words are a hover away
    assert tip.splitlines()[-2].startswith("El reglamento, en nuestra traducción: «una Banda")
    assert tip.splitlines()[-1] == f"Las palabras originales del libro: «{FIVE_CITE}»"
    roll = window.totals.strategic_roll.toolTip().splitlines()
    assert roll[0].startswith("Dados de la tirada estratégica")
    assert roll[1].startswith("El reglamento, en nuestra traducción: «se hace una tirada")
    assert roll[2] == f"Las palabras originales del libro: «{ROLL_CITE}»"


def test_first_steps_label_a_translated_cite(spanish: None, make_window: Any) -> None:
    """An empty list shows what to hire first with the rule's cite: labelled, the original in
    the tooltip."""
    window = make_window(Catalogue.load(user=False))
    label = window.findings.guidance_label
    assert window.findings.stack.currentWidget() is label
    assert "Reglamento (traducido): «Líder: el comandante de la Banda»" in label.text()
    assert "«Leader: the commander of the Warband»" in label.toolTip()


def test_the_points_finding_quotes_no_definition_as_its_rule(make_window: Any) -> None:
    """Issue 41 item 13: the points finding quoted the book's definition of PE ("cost to
    enroll the combatant"), which sets no limit; the core rulebook has no sentence that does
    (the players agree a limit, or an event sets it), so the finding quotes nothing."""
    window = make_window(Catalogue.load(user=False))
    window.files.open_example(POINTS_EXAMPLE)
    text, tip = _finding_row(window)
    assert text == "332 points spent, the limit is 300"
    assert "Points to Enrol" not in tip and "rulebook" not in tip
