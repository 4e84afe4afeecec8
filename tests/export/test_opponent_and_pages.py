"""The opponent's copy (issue 31, item 18) and a sheet that fills its pages (item 17)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from builder.cli import main
from builder.data import Catalogue, load_warband
from builder.export.opponent import SIZES, copy_flowables
from builder.export.pdf import render_pdf
from builder.export.summary import summarise
from builder.export.turnref import pages_needed
from builder.i18n import set_language
from tests.export import helpers as h

SYSTEMS = Path(__file__).resolve().parents[1] / "fixtures" / "systems"


@pytest.fixture
def torn():
    catalogue = Catalogue.load([SYSTEMS], user=False)
    warband = load_warband(SYSTEMS / "lists" / "torn-two-leaders.warband.yaml")
    return summarise(warband, catalogue.get(warband.faction),
                     data_fingerprint=catalogue.data_fingerprint(warband.faction))


def _soimi(entries=(("nek-org", 1), ("tir-abe", 1))):
    soimi = Catalogue.load(user=False).get("soimi")
    return summarise(h.warband(list(entries), faction_id="soimi", name="Test copy"), soimi,
                     data_fingerprint="ABCD-EFGH")


def test_the_copy_is_one_page_with_entries_points_verdict_and_fingerprints() -> None:
    s = _soimi()
    data = render_pdf(s, cards=False, sheet=False, opponent=True)
    reader = h.pdf_reader(data)
    assert len(reader.pages) == 1
    text = " ".join(reader.pages[0].extract_text().split())
    assert "OPPONENT'S COPY" in text and "Test copy" in text
    assert "Nek'Org, el ensartador" in text and "Tir'Abé, la bestia" in text
    assert "169" in text and "163" in text and "332" in text  # each entry's points, total
    assert "Legal under the recruiting rules" in text
    assert f"List fingerprint {s.fingerprint}" in text and "data fingerprint ABCD-EFGH" in text
    assert "Share code of this list" in text  # the QR code's caption
    assert "Turn reference" not in text and "Wounds" not in text  # not the sheet, no cards


def test_an_illegal_copy_names_its_problems(torn) -> None:
    text = h.pdf_text(render_pdf(torn, cards=False, sheet=False, opponent=True))
    assert "NOT LEGAL: 1 problem" in text
    assert "2 Leaders of the Expedition hired" in " ".join(text.split())
    assert "Points" not in text  # Torn has no points


def test_a_long_list_shrinks_to_stay_on_one_page_and_never_drops_an_entry() -> None:
    f = h.faction([h.leader(), *(h.combatant(i) for i in range(60))])
    s = summarise(h.warband([(f"test-trooper-{i}", 1) for i in range(60)]), f, h.universal())
    data = render_pdf(s, cards=False, sheet=False, opponent=True)
    assert len(h.pdf_reader(data).pages) == 1
    text = h.pdf_text(data)
    assert all(f"Test Trooper {i}" in text for i in range(60))

    f = h.faction([h.leader(), *(h.combatant(i) for i in range(400))])
    s = summarise(h.warband([(f"test-trooper-{i}", 1) for i in range(400)]), f, h.universal())
    data = render_pdf(s, cards=False, sheet=False, opponent=True)
    assert len(h.pdf_reader(data).pages) > 1  # too many for one page even at the least size
    text = h.pdf_text(data)
    assert all(f"Test Trooper {i}\n" in text or f"Test Trooper {i} " in text
               for i in range(400))
    assert SIZES[-1] >= 6


def test_the_copy_in_spanish() -> None:
    set_language("es")
    try:
        text = h.pdf_text(render_pdf(_soimi(), cards=False, sheet=False, opponent=True))
    finally:
        set_language("en")
    assert "COPIA PARA EL RIVAL" in text and "Huella de la lista" in text


def test_export_opponent_from_the_command_line(tmp_path, capsys) -> None:
    from builder.data import save_warband

    listing = tmp_path / "a.warband.yaml"
    save_warband(h.warband([("nek-org", 1)], faction_id="soimi", name="Test copy"), listing)
    out = tmp_path / "a.pdf"
    assert main(["export", str(listing), "-o", str(out), "--opponent"]) == 0
    assert "(opponent's copy)" in capsys.readouterr().out
    assert len(h.pdf_reader(out.read_bytes()).pages) == 1
    assert main(["export", str(listing), "-o", str(out), "--opponent", "--summary"]) == 0
    text = h.pdf_text(out.read_bytes())
    assert "Turn reference" in text and "OPPONENT'S COPY" in text


def test_copy_flowables_fit_the_page_they_are_measured_for() -> None:
    flowables = copy_flowables(_soimi(), 500, 700)
    assert sum(f.wrap(500, 700)[1] for f in flowables) <= 700


# --- filling pages (item 17) ---------------------------------------------------------------


@pytest.mark.parametrize("language", ["en", "es"])
def test_torns_sheet_keeps_its_reference_on_one_page(torn, language) -> None:
    """Torn's two-leader sheet put one short section alone on page 2."""
    set_language(language)
    try:
        data = render_pdf(dataclasses.replace(torn), cards=False)
    finally:
        set_language("en")
    assert len(h.pdf_reader(data).pages) == 1


def test_pages_needed_counts_pages_and_the_last_ones_fill() -> None:
    assert pages_needed([100, 100], 5, 300, 800) == (1, pytest.approx(210 / 600))
    pages, fill = pages_needed([250, 250, 100], 5, 300, 800)
    assert pages == 2 and fill == pytest.approx(105 / 1600)
    assert pages_needed([900], 5, 300, 800)[0] > 100  # taller than a page: never preferred
