"""A Spanish PDF (issue 16): cards and the turn summary sheet, read back with ``pdftotext``.

The test faction's own texts are English test data; everything the program writes around them
(headings, labels, findings, the game's names, the turn reference) must be Spanish.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from builder import i18n
from builder.export.pdf import render_pdf
from builder.export.summary import summarise
from tests.export.helpers import combatant, faction, leader, universal, warband

pytestmark = pytest.mark.skipif(shutil.which("pdftotext") is None,
                                reason="pdftotext not installed (apt: poppler-utils)")

ENGLISH = ("Roster", "Every turn", "Turn reference", "Wounds", "Abilities:", "Equipment:",
           "Unique equipment:", "Legal under", "NOT LEGAL", "printed", "SQUAD",
           "forms a squad", "List fingerprint", "data fingerprint", "turn summary", "Rules:",
           "See:", "Combatant", "Rank", "Points", "Total:", "Share code", "mm base",
           "models", "Messengers", "Orders", "Power gems", "Deployment", "Leader",
           "Troop", "Elite", "feat", "passive", "successes", "hired", "allowed",
           "unknown combatant", "counts toward nothing", "Actualisation", "Strategic roll",
           "Close combat", "Dice")
"""English words the program itself prints on a sheet or a card (none may be left)."""


def _text(tmp_path: Path, language: str) -> str:
    chief = leader()
    chief["abilities"] = [*chief["abilities"], "small", "espantoso"]  # a bare one too
    test_faction = faction([chief, combatant(1, squad=True)])
    listed = warband([("test-chief", 1), ("test-trooper-1", 4), ("ghost", 2)],
                     name="Lista de prueba", points_limit=100, notes="notas de prueba")
    i18n.set_language(language)
    summary = summarise(listed, test_faction, universal(), data_fingerprint="ABCD-EFGH")
    pdf = tmp_path / f"{language}.pdf"
    pdf.write_bytes(render_pdf(summary, cards=True, sheet=True))
    out = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True,
                         check=True, timeout=60)
    return " ".join(out.stdout.decode("utf-8").split())


def test_a_spanish_sheet_and_cards_say_everything_in_spanish(tmp_path: Path):
    text = _text(tmp_path, "es")
    for spanish in (
            # the sheet: verdict, roster, figures, footer
            "✗ NO ES LEGAL: 3 problemas", "Composición", "Combatiente", "Tipo", "Rango",
            "Puntos", "Total: 5 miniaturas", "En cada turno", "Mensajeros", "Órdenes",
            "Gemas de poder", "Despliegue", "impreso el", "Huella de la lista",
            "huella de los datos ABCD-EFGH", "resumen del turno · página 1",
            "Reglas: Manuscrito de Saphir (reglamento básico de SphereWars)",
            "SphereWars — primera edición", "Notas: notas de prueba",
            "combatiente desconocido: no está en los datos de Export Test Faction",
            # findings from the system's Spanish messages and the engine's
            "4 × Test Trooper 1 en la banda; un combatiente que forma escuadra se puede "
            "reclutar como máximo 3 veces",
            "2 miniaturas de 'ghost', que los datos de Export Test Faction no tienen",
            "puntos gastados, el límite es 100",
            # the Spanish reference, said to be our translation
            "Referencia del turno · del Manuscrito de Saphir (reglamento básico de "
            "SphereWars), en nuestra traducción", "1 · Fase de actualización", "Tirada estratégica",
            "Ver: Desarrollo de la partida › Sistema de turnos",
            "Gemas de poder del turno = el POD de todos tus combatientes",
            # the cards
            "Heridas", "Habilidades: Espantoso", "Equipo: test blade",
            "Equipo único: test crown", "Pequeño: Los tiradores que disparan a este combatiente",
            "ESCUADRA", "se despliegan juntos", "Líder · Élite · peana de 40 mm",
            "gesta 5, 2 éxitos", "pasiva", "Tropa"):
        assert spanish in text, spanish
    left = [word for word in ENGLISH if re.search(rf"\b{re.escape(word)}\b", text)]
    assert left == []


def test_the_same_list_in_english_prints_the_english_words(tmp_path: Path):
    """The check above can fail: in English every one of those words is there."""
    text = _text(tmp_path, "en")
    missing = [word for word in ("Roster", "Every turn", "Turn reference", "Wounds",
                                 "Abilities:", "NOT LEGAL", "SQUAD", "List fingerprint",
                                 "Leader", "feat") if word not in text]
    assert missing == []
    assert "translation" not in text  # the English reference is the one we wrote
