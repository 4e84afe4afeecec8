"""The top of a sheet drawn straight on the page (issue 30: a roster-style pack of 500 lists
in well under 8 s): it prints what the platypus flow prints, word for word and line for line
as a PDF reader extracts them, and falls back to the flow when it cannot."""

from __future__ import annotations

import dataclasses
import io

import pytest
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from builder.data import Catalogue
from builder.export import direct, sheettop
from builder.export.fonts import register_fonts
from builder.export.sheetpage import draw_sheet
from builder.export.summary import WarbandSummary, summarise
from builder.model import Warband
from builder.rules import Finding
from tests.conftest import TEST_DATA
from tests.export import helpers as h

DRAW_TOP = sheettop.draw_top
LONG_NAME = "Test Trooper with a name so long that it cannot fit in its column " * 2


def _pdf(s: WarbandSummary, *, flowed: bool, monkeypatch: pytest.MonkeyPatch) -> bytes:
    """The sheet without its reference, drawn straight (or, ``flowed``, through platypus)."""
    calls: list[float | None] = []

    def spy(*args: object) -> float | None:
        calls.append(None if flowed else DRAW_TOP(*args))  # type: ignore[arg-type]
        return calls[-1]

    monkeypatch.setattr(sheettop, "draw_top", spy)
    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4)
    draw_sheet(c, s, A4, reference=False)
    c.save()
    assert calls and (calls[0] is None) == flowed  # the path asked for was the one taken
    return buffer.getvalue()


def _pages(data: bytes) -> list[str]:
    return [p.extract_text() for p in h.pdf_reader(data).pages]


def _sheet(entries: list[tuple[str, int]], combatants: list[dict], *, name: str = "Test list",
           notes: str | None = None, findings: tuple[Finding, ...] | None = None,
           points_limit: int | None = 300) -> WarbandSummary:
    f = h.faction([h.leader(), *combatants])
    s = summarise(h.warband(entries, points_limit=points_limit, notes=notes), f,
                  h.universal())
    # a pack's roster sheet: no QR code, the list's name and its players in the heading
    s = dataclasses.replace(s, share_code="", name=name)
    return dataclasses.replace(s, findings=findings) if findings is not None else s


SHEETS = {
    "legal": lambda: _sheet([("test-chief", 1)], []),
    "illegal with a warning and an unknown combatant": lambda: _sheet(
        [("test-chief", 1), ("test-trooper-1", 7), ("test-ghost", 2)], [h.combatant(1)],
        notes="Bring <dice> & tokens\nsecond line", points_limit=10,
        findings=(Finding("test-a", "error", "Test error " + "long words " * 30),
                  Finding("test-b", "warning", "Test warning that is short"),
                  Finding("test-c", "warning", "Test warning " + "x" * 60 + " y" * 80))),
    "a long name and a long list name": lambda: _sheet(
        [("test-chief", 1), ("test-trooper-1", 2)],
        [h.combatant(1, name=LONG_NAME.strip())], name="Test list — " + "Player, " * 40),
    "Chinese names": lambda: _sheet([("test-chief", 1)], [], name="龍の戦団 한국어",
                                    notes="笔记 and Latin"),
    "no combatants": lambda: _sheet([], []),
}


@pytest.mark.parametrize("case", SHEETS)
def test_drawn_straight_it_reads_as_the_flowed_sheet(case: str, monkeypatch) -> None:
    s = SHEETS[case]()
    straight = _pages(_pdf(s, flowed=False, monkeypatch=monkeypatch))
    assert straight == _pages(_pdf(s, flowed=True, monkeypatch=monkeypatch))
    assert len(straight) == 1


def test_other_games_sheets_read_as_the_flowed_ones(monkeypatch) -> None:
    """Games without points or with ranks, and more figures than a row holds."""
    catalogue = Catalogue.load([TEST_DATA / "systems"], user=False)
    for faction in catalogue.factions.values():
        entries = [{"combatant": c.id, "count": 1} for c in faction.combatants[:6]]
        warband = Warband.model_validate({"name": "Test", "faction": faction.id,
                                          "entries": entries})
        s = dataclasses.replace(summarise(warband, faction), share_code="")
        straight = _pages(_pdf(s, flowed=False, monkeypatch=monkeypatch))
        assert straight == _pages(_pdf(s, flowed=True, monkeypatch=monkeypatch)), faction.id


def test_a_long_name_wraps_inside_its_column(monkeypatch) -> None:
    s = SHEETS["a long name and a long list name"]()
    data = _pdf(s, flowed=False, monkeypatch=monkeypatch)
    text = _pages(data)[0]
    assert LONG_NAME.split()[-1] in text and "Test Trooper with a name" in text
    spans: list[tuple[float, str]] = []
    h.pdf_reader(data).pages[0].extract_text(
        visitor_text=lambda t, cm, tm, *_: spans.append((cm[4] + tm[4], t)))
    starts = [x for x, t in spans if "name so long" in t or "cannot fit" in t]
    assert len(starts) >= 2  # on two lines or more, each from the column's left edge
    assert max(starts) - min(starts) < 1


def test_what_does_not_fit_one_page_flows_as_before(monkeypatch) -> None:
    many = tuple(Finding(f"test-{i}", "error", f"Test finding {i}.") for i in range(120))
    s = _sheet([("test-chief", 1)], [], findings=many)
    assert sheettop.draw_top(Canvas(io.BytesIO()), s, 36, 800, 40, 520) is None
    pages = _pages(_pdf(s, flowed=True, monkeypatch=monkeypatch))
    assert len(pages) >= 2
    assert "Test finding 119." in "\n".join(pages)


def test_a_share_code_goes_the_flowed_way() -> None:
    s = dataclasses.replace(_sheet([("test-chief", 1)], []), share_code="SWB1.test")
    assert sheettop.draw_top(Canvas(io.BytesIO()), s, 36, 800, 40, 520) is None


@pytest.mark.parametrize("markup", ["<u>x</u>", "a <img src='x'/>", "</font>", "a > b"])
def test_markup_it_does_not_know_is_refused(markup: str) -> None:
    with pytest.raises(direct.Unsupported):
        direct.markup_runs(markup, "SW-Sans", colors.black)


def test_markup_becomes_runs_in_their_fonts_and_colours() -> None:
    register_fonts()
    runs = direct.markup_runs("a <b>b &amp; <i>c</i></b><br/><font color='#b00020'>d</font>",
                              "SW-Sans", colors.black)
    assert [(r.text, r.font) for r in runs] == [
        ("a ", "SW-Sans"), ("b & ", "SW-Sans-Bold"), ("c", "SW-Sans-BoldItalic"),
        ("\n", "SW-Sans"), ("d", "SW-Sans")]
    assert runs[-1].color == colors.HexColor("#b00020")
