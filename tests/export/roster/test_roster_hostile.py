"""A roster's printouts and play plan with data no one would write, but a file may hold: a
1,200-character name without a space, sixty characteristics named at length, a 3,000-character
value, a long rule. Everything prints, within the page, nothing left out; no traceback."""

from __future__ import annotations

from pathlib import Path

from builder.battlescribe import load_data_set
from builder.battlescribe.engine.editing import Editor
from builder.export.roster.cards import all_faces
from builder.export.roster.pdf import render_roster_pdf
from builder.export.roster.summary import summarise_roster
from builder.play.page import render_page
from builder.play.roster import roster_plan
from tests.export.helpers import pdf_text

NAME = "N" * 1200
COLUMNS = 60


def _files(tmp_path: Path) -> list[Path]:
    """An invented game (test data) with one unit of everything too long."""
    kinds = "".join(f'<characteristicType id="c{i}" name="Test characteristic {i} '
                    f'{"named at length " * (20 if i == 2 else 1)}"/>' for i in range(COLUMNS))
    gst = ('<?xml version="1.0"?><gameSystem id="h-sys" name="Test Hostile System" '
           'revision="1" battleScribeVersion="2.03" '
           'xmlns="http://www.battlescribe.net/schema/gameSystemSchema">'
           '<costTypes><costType id="p" name="pts" defaultCostLimit="-1"/></costTypes>'
           f'<profileTypes><profileType id="pt" name="Test Wide"><characteristicTypes>{kinds}'
           '</characteristicTypes></profileType></profileTypes>'
           '<forceEntries><forceEntry id="fe" name="Test Force"/></forceEntries></gameSystem>')
    values = "".join(
        f'<characteristic name="Test characteristic {i} '
        f'{"named at length " * (20 if i == 2 else 1)}" typeId="c{i}">'
        f'{"V" * 3000 if i == 0 else "W" + str(i)}</characteristic>' for i in range(COLUMNS))
    cat = ('<?xml version="1.0"?><catalogue id="h-cat" name="Test Hostile Catalogue" '
           'revision="1" battleScribeVersion="2.03" gameSystemId="h-sys" '
           'xmlns="http://www.battlescribe.net/schema/catalogueSchema"><selectionEntries>'
           f'<selectionEntry id="u" name="{NAME}" type="unit"><profiles>'
           f'<profile id="pr" name="Test Wide Profile" typeId="pt" typeName="Test Wide">'
           f'<characteristics>{values}</characteristics></profile></profiles>'
           '<rules><rule id="r" name="Test Long Rule"><description>'
           + "a test rule that goes on " * 300 + "the end of the test rule</description>"
           '</rule></rules><costs><cost name="pts" typeId="p" value="1"/></costs>'
           '</selectionEntry></selectionEntries></catalogue>')
    (tmp_path / "h.gst").write_text(gst, encoding="utf-8")
    (tmp_path / "h.cat").write_text(cat, encoding="utf-8")
    return [tmp_path / "h.gst", tmp_path / "h.cat"]


def test_everything_too_long_still_prints_whole(tmp_path) -> None:
    editor = Editor(load_data_set(_files(tmp_path)), "Test Hostile Roster")
    force = editor.add_force("fe", "h-cat")
    editor.select(force, "u")
    summary = summarise_roster(editor.roster)
    faces = all_faces(summary)
    assert len(faces) > 1  # continued, not cut
    text = "".join(pdf_text(render_roster_pdf(summary, opponent=True)).split())
    assert text.count("V") >= 2 * 3000  # the sheet's table and the card's text, whole
    assert NAME in text
    assert "theendofthetestrule" in text
    assert "W59" in text
    page = render_page(roster_plan(summary, "Test characteristic 5 named at length"))
    assert NAME in page
