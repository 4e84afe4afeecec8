"""Chinese, Japanese and Korean print in the PDFs (issue 30 item 3): DejaVu lacks them, so the
runs it lacks go to the bundled Droid Sans Fallback, in paragraphs and in footers alike."""

from __future__ import annotations

import datetime

from builder.export.fonts import FALLBACK, fallback_markup, runs
from builder.export.pdf import render_pdf
from builder.export.summary import summarise
from tests.export import helpers as h

CJK_LIST = "龍の戦団 한국어"
CJK_LEADER = "王小明"


def _fonts(data: bytes) -> set[str]:
    return {str(font.get_object()["/BaseFont"])
            for page in h.pdf_reader(data).pages
            for font in page["/Resources"]["/Font"].values()}


def test_cjk_names_print_with_the_fallback_font() -> None:
    f = h.faction([h.leader(name=CJK_LEADER, nickname="Tir'Abé")])
    summary = summarise(h.warband([("test-chief", 1)], name=CJK_LIST, notes="笔记 and Latin"),
                        f, h.universal(), date=datetime.date(2031, 5, 6))
    data = render_pdf(summary)
    out = h.pdf_text(data)
    for expected in (CJK_LIST, CJK_LEADER, "笔记 and Latin", "Tir'Abé"):
        assert expected in out
    fonts = _fonts(data)
    assert any("DroidSansFallback" in name for name in fonts), fonts
    assert any("DejaVu" in name for name in fonts), fonts
    # the sheet's footer (drawn as a line, not a paragraph) names the list too
    assert f"{CJK_LIST} · turn summary · page 1" in " ".join(out.split())


def test_latin_text_never_loads_the_fallback() -> None:
    f = h.faction([h.leader(name="Воевода Тир'Абé")])
    data = render_pdf(summarise(h.warband([("test-chief", 1)], name="Дружина ✓"), f,
                                h.universal()))
    assert not any("DroidSansFallback" in name for name in _fonts(data))


def test_markup_wraps_only_the_runs_dejavu_lacks() -> None:
    assert fallback_markup("Ana &amp; 王小明 <br/>x") == (
        f'Ana &amp; <font face="{FALLBACK}">王小明 </font><br/>x')
    assert fallback_markup("Tir'Abé ✓") == "Tir'Abé ✓"
    assert runs("a汉 b") == [(False, "a"), (True, "汉 "), (False, "b")]


def test_cards_print_cjk_names_with_the_fallback_font() -> None:
    f = h.faction([h.leader(name=CJK_LEADER)])
    data = render_pdf(summarise(h.warband([("test-chief", 1)]), f, h.universal()), sheet=False)
    assert CJK_LEADER in h.pdf_text(data)
    assert any("DroidSansFallback" in name for name in _fonts(data))
