"""The faction editor's forms read the game from its system data: an ability summed up in the
card's words, recruiting parameters named by the system file, the stat line's fields made
from each stat's kind."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QLabel

from builder.data import load_system
from builder.export.profile import AbilityLine
from builder.gui.editor.abilities import ability_summary
from builder.gui.editor.document import FactionDocument, new_faction_data
from builder.gui.editor.pane import FactionPane
from builder.model import System
from builder.plumbing.paths import systems_dir


@pytest.fixture
def first() -> System:
    return load_system(systems_dir() / "spherewars-1e.yaml")


def _pane(qtbot, system: System) -> FactionPane:
    doc = FactionDocument(new_faction_data("test-faction", "Test faction", system), system)
    pane = FactionPane(doc, lambda *_a: "cancel")
    qtbot.addWidget(pane)
    return pane


@pytest.mark.parametrize(("ability", "card"), [
    ({"name": "Roar", "scope": "racial", "kind": "feat", "difficulty": "A"},
     AbilityLine("Roar", "feat", difficulty="A", kind_name="feat")),
    ({"name": "Leap", "kind": "feat", "difficulty": 5, "successes": 2},
     AbilityLine("Leap", "feat", difficulty=5, successes=2, kind_name="feat")),
    ({"name": "Hide", "scope": "unique", "kind": "passive"},
     AbilityLine("Hide", "passive", kind_name="passive")),
])
def test_the_editor_sums_an_ability_up_as_the_card_labels_it(first, ability, card):
    """A racial feat with difficulty A read "racial feat A" in the editor and "feat A,
    automatic" on the card: both now say the card's words, the editor adds the scope."""
    summary = ability_summary(ability, first)
    assert summary.startswith(card.label)
    scope = ability.get("scope")
    assert summary == (f"{card.label} ({scope})" if scope else card.label)


def test_racial_feat_a_in_the_glossary_list(qtbot, first):
    pane = _pane(qtbot, first)
    pane.glossary.add()
    row = pane.glossary.current_row()
    pane.set_value(("abilities", row, "kind"), "feat", "kind")
    pane.set_value(("abilities", row, "difficulty"), "A", "difficulty")
    shown = pane.glossary.model.index(row).data()
    assert shown.endswith("feat A, automatic (racial)")


def test_parameters_are_named_by_the_system_file(qtbot, first):
    assert first.parameter_label("max_squad_units") == "Max of a squad-forming combatant"
    pane = _pane(qtbot, first)
    labels = {w.text() for w in pane.faction_form.findChildren(QLabel)}
    assert "Messengers per command:" in labels


def test_parameters_are_named_in_spanish(qtbot, first, spanish):
    assert first.parameter_label("max_same_combatant") == "Máximo del mismo combatiente"
    pane = _pane(qtbot, first)
    labels = {w.text() for w in pane.faction_form.findChildren(QLabel)}
    assert "Mensajeros por mando:" in labels


def test_a_parameter_without_a_name_reads_from_its_id(first):
    data = first.model_dump(by_alias=True) | {"parameters": {"max_war_beasts": 2},
                                             "parameter_names": {}}
    data["rules"] = data["figures"] = []
    game = System.model_validate(data)
    assert game.parameter_label("max_war_beasts") == "Max war beasts"


def _accepts(edit, text: str) -> bool:
    from PySide6.QtGui import QValidator

    validator = edit.validator()
    return validator is None or validator.validate(text, len(text))[0] != QValidator.State.Invalid


def test_each_stat_field_takes_what_its_kind_allows(qtbot, first):
    """A required number takes digits only, an optional one a dash too, a pair "6-5", a text
    stat (Torn's dice pools) anything."""
    torn = load_system(systems_dir() / "torn.yaml")
    form = _pane(qtbot, first).combatants.combatant_form
    pe, man, con = (form.stat_edits[s] for s in ("PE", "MAN", "CON"))
    assert _accepts(pe, "165") and not _accepts(pe, "–") and pe.placeholderText() == ""
    assert _accepts(man, "–") and not _accepts(man, "6-5") and man.placeholderText() == "–"
    assert _accepts(con, "6-5") and not _accepts(con, "x")
    defence = _pane(qtbot, torn).combatants.combatant_form.stat_edits["DEF"]
    assert _accepts(defence, "2D+1A") and defence.maximumWidth() > pe.maximumWidth()
