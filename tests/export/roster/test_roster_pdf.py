"""A roster's printouts as a player holds them: the sheet holds every selection and cost, a
twenty-column table fits its page, no rule is printed twice, a card per unit, the
opponent's copy on one page; long names and texts wrap and continue, on A4 and Letter.
Read back from the PDF (its text, and where pdftotext finds each word)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from builder.export.card_blocks import INNER_W
from builder.export.pdf import PAGE_SIZES
from builder.export.roster.cards import ProfileTableBlock, all_faces
from builder.export.roster.pdf import render_roster_pdf
from builder.export.roster.summary import summarise_roster
from tests.export.helpers import pdf_reader, pdf_text
from tests.export.roster.helpers import (
    ENGINE,
    PHALANX,
    TWENTY,
    printing_roster,
    shared_data,
    skirmish_roster,
)
from tests.hostile.helpers import ends_within


def _words(data: bytes, tmp_path: Path) -> list[tuple[int, float, float, float, float, str]]:
    """Every word of the PDF with its box: (page, x min, x max, y min, y max, text)."""
    if shutil.which("pdftotext") is None:
        pytest.skip("pdftotext (poppler-utils) is not installed")
    pdf = tmp_path / "x.pdf"
    pdf.write_bytes(data)
    out = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                         text=True, check=True).stdout
    found = []
    page = 0
    for line in out.splitlines():
        if "<page " in line:
            page += 1
        m = re.search(r'xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">'
                      r'(.*)</word>', line)
        if m:
            found.append((page, float(m[1]), float(m[3]), float(m[2]), float(m[4]), m[5]))
    return found


def test_the_sheet_holds_every_selection_number_and_cost_of_our_roster() -> None:
    text = pdf_text(render_roster_pdf(summarise_roster(skirmish_roster()), cards=False))
    for expected in ("Road Wardens", "Test Skirmish System (revision 3)",
                     "Test Wanderers (revision 7)", "Points 106 / 150", "Fuel 1",
                     "Legal: no validation errors", "Warband", "Uncategorised", "Leader",
                     "Troops", "Mascot", "Old Marta (Captain)",
                     "Ancient Banner [15 Points, 1 Fuel]", "3 × Bow [6 Points]",
                     "Campaign week 3", "Leads from the front",
                     "Roster fingerprint DVFT-CT8M"):
        assert expected in text, expected
    # each root selection with its number and its costs (upgrades included)
    assert re.search(r"1 ×\s*Old Marta.*?65\s+1", text, re.S)
    assert re.search(r"3 ×\s*Trooper.*?36\s+0", text, re.S)
    assert re.search(r"Total\s+106\s+1", text)


def test_no_rule_is_printed_twice_and_profiles_are_tables_by_type() -> None:
    text = pdf_text(render_roster_pdf(summarise_roster(skirmish_roster()), cards=False))
    assert text.count("Brave models ignore the first fear test of a game.") == 1
    assert re.search(r"Model\s+Move\s+Fight", text)
    assert re.search(r'Captain\s+6"\s+4', text)


@pytest.mark.parametrize("page", ["a4", "letter"])
def test_a_twenty_column_table_fits_its_page(tmp_path, page) -> None:
    data = render_roster_pdf(summarise_roster(printing_roster()), cards=True, page=page)
    width, height = PAGE_SIZES[page]
    words = _words(data, tmp_path)
    assert words
    for _page, x0, x1, y0, y1, word in words:
        assert -0.5 <= x0 and x1 <= width + 0.5, word
        assert -0.5 <= y0 and y1 <= height + 0.5, word
    on_sheet = {w[-1] for w in words if w[0] == 1}
    assert set(TWENTY) <= on_sheet  # the sheet's table: all twenty, in one band
    for value in ("D6+2", "T-20", "3+", "18&quot;"):
        assert value in on_sheet


def test_on_a_card_the_wide_table_takes_bands_each_with_the_names() -> None:
    summary = summarise_roster(printing_roster())
    engine = [f for f in all_faces(summary) if f.unit.shown_name == ENGINE]
    bands = [b for f in engine for b in f.body if isinstance(b, ProfileTableBlock)
             and b.title.startswith("Test Engine")]
    assert len(bands) > 1
    assert [b.title for b in bands] == [f"Test Engine ({k}/{len(bands)})"
                                        for k in range(1, len(bands) + 1)]
    assert all(b.rows[0][0] == "Test Siege Engine" for b in bands)
    columns = [h for b in bands for h in b.head[1:]]
    assert columns == [f"Test {n}" for n in TWENTY]  # each once, in the data's order
    assert all(sum(b.widths) <= INNER_W + 1e-6 for b in bands)


def test_a_card_per_unit_and_a_long_rule_continues_on_the_next_card() -> None:
    summary = summarise_roster(printing_roster())
    faces = all_faces(summary)
    units = {f.unit.shown_name for f in faces}
    assert units == {"Captain Testa", "Test Walker Squad", ENGINE}
    assert [f.part for f in faces if f.unit.shown_name == "Captain Testa"] == [1]
    engine = [f for f in faces if f.unit.shown_name == ENGINE]
    assert len(engine) > 1 and [f.parts for f in engine] == [len(engine)] * len(engine)
    text = " ".join(pdf_text(render_roster_pdf(summary, sheet=False)).split())
    assert "The last words of the long test rule." in text
    assert all(f"Sentence {i} of the long test rule" in text for i in range(1, 41))
    assert f"({len(engine)}/{len(engine)})" in text


def test_the_opponents_copy_is_one_page_without_the_players_notes() -> None:
    data = render_roster_pdf(summarise_roster(skirmish_roster()), sheet=False, cards=False,
                             opponent=True)
    assert len(pdf_reader(data).pages) == 1
    text = pdf_text(data)
    for expected in ("OPPONENT'S COPY", "Road Wardens", "Old Marta", "Ancient Banner",
                     "3 × Bow", "Roster fingerprint DVFT-CT8M", "106 / 150"):
        assert expected in text, expected
    assert "Leads from the front" not in text and "Campaign week 3" not in text


def test_a_name_taller_than_the_copys_page_flows_on_with_the_entries() -> None:
    """A roster named with 10,000 characters (as many as an attribute may hold): its top did
    not fit the copy's page, so the entries had a frame of no height and the printout ran
    for ever, page after page."""
    roster = skirmish_roster()
    roster.name = ("Wardens " * 1250).strip()
    with ends_within(60):
        data = render_roster_pdf(summarise_roster(roster), sheet=False, cards=False,
                                 opponent=True)
    pages = pdf_reader(data).pages
    assert 1 < len(pages) < 20
    text = pdf_text(data)
    assert text.count("Wardens") >= 1250
    assert "3 × Bow" in text and "Roster fingerprint DVFT-CT8M" in text


def test_a4_and_letter_pages_and_a_bad_choice_is_refused() -> None:
    summary = summarise_roster(skirmish_roster())
    for page, size in PAGE_SIZES.items():
        box = pdf_reader(render_roster_pdf(summary, page=page)).pages[0].mediabox
        assert (round(float(box.width)), round(float(box.height))) == tuple(map(round, size))
    with pytest.raises(ValueError, match="unknown page size"):
        render_roster_pdf(summary, page="a3")
    with pytest.raises(ValueError, match="nothing to print"):
        render_roster_pdf(summary, cards=False, sheet=False)


def test_an_empty_roster_prints_a_sheet_and_says_why_there_are_no_cards() -> None:
    from builder.battlescribe.engine.editing import Editor
    from tests.export.roster.helpers import printing_data

    editor = Editor(printing_data(), "Test Empty")
    editor.add_force("tp-fe-detachment", "tp-fac")
    text = pdf_text(render_roster_pdf(summarise_roster(editor.roster)))
    assert "No selections yet." in text and "This roster has no units yet." in text


shared = pytest.mark.skipif(not PHALANX.is_dir(), reason="the shared BattleScribe data is "
                                                         "not here")


@shared
def test_the_phalanx_sample_roster_prints_every_selection_and_its_costs() -> None:
    from builder.battlescribe.rosterio import read_roster_file

    roster = read_roster_file(PHALANX / "Test Roster 1.ros", shared_data("phalanx-sample"))
    data = render_roster_pdf(summarise_roster(roster.roster), opponent=True)
    text = pdf_text(data)
    assert "Points 114 / 200" in text and "Fuel 32" in text
    for name in ("Horse and Buggy", "Big Rig", "1978 Cutlass", "Great Grandmother Eloise",
                 "Granny Trooper", "Cane", "Walker", "Second Horse", "Ol' but Gold",
                 "Hit Points", "Navigation Skill"):
        assert name in text, name
    assert text.count("Grannies are old, but with age comes experience.") == 1  # the sheet


@shared
def test_a_kill_team_roster_with_long_tables_prints_within_its_pages(tmp_path) -> None:
    from tests.battlescribe.test_real_games import _choose, _equip, _start

    data = next(d for d in shared_data("killteam") if "2021" in d.game_system.name)
    editor, force = _start(data, "Legionary")
    for name in ("Aspiring Champion", "Warrior", "Gunner", "Heavy Gunner", "Butcher",
                 "Anointed"):
        _equip(editor, _choose(editor, force, name))
    pdf = render_roster_pdf(summarise_roster(editor.roster), opponent=True)
    width, height = PAGE_SIZES["a4"]
    for _page, x0, x1, _y0, _y1, word in _words(pdf, tmp_path):
        assert -0.5 <= x0 and x1 <= width + 0.5, word
    text = pdf_text(pdf)
    assert "Heavy bolter" in text and "WS/BS" in text


@shared
def test_a_mordheim_warband_prints_its_henchmen_groups() -> None:
    from tests.battlescribe.test_real_games import _choose, _start

    [data] = shared_data("mordheim")
    editor, force = _start(data, "Reiklanders", "Warband")
    for name in ("Champion", "Warriors", "Marksmen"):
        _choose(editor, force, name)
    text = pdf_text(render_roster_pdf(summarise_roster(editor.roster)))
    for name in ("Mercenary Captain", "Warriors", "Marksmen", "WS", "LD"):
        assert name in text, name


def test_the_printout_of_a_list_document_is_made_from_the_roster_as_it_was() -> None:
    from types import SimpleNamespace

    from builder.battlescribe.engine.editing import Editor
    from builder.export.roster import RosterPrintout
    from tests.export.roster.helpers import skirmish_data

    roster = skirmish_roster()
    printout = RosterPrintout(roster)
    editor = Editor(skirmish_data(), roster.name, roster)
    editor.customise(roster.forces[0].selections[0], name="Renamed Meanwhile")
    options = SimpleNamespace(cards=False, summary=True, opponent=False, page="letter")
    text = pdf_text(printout.pdf(options))
    assert "Renamed Meanwhile" not in text and "Road Wardens" in text
