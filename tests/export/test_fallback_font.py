"""Chinese, Japanese and Korean print in the PDFs (issue 30 item 3): DejaVu lacks them, so the
runs it lacks go to the bundled Droid Sans Fallback, in paragraphs and in footers alike."""

from __future__ import annotations

import datetime
import unicodedata

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.export.fonts import (
    FALLBACK,
    _dejavu_chars,
    _fallback_chars,
    fallback_markup,
    runs,
    stand_in,
)
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


# --- characters neither font has (Kill Team's ⌖, ⬛, 💀) -------------------------------------

KILL_TEAM_NAME = "⌖ Flamer 💀"
KILL_TEAM_NOTES = "Within ⬛ of this operative"


def test_a_character_neither_font_has_prints_as_its_name() -> None:
    """DejaVu and Droid Sans Fallback both lack these: they printed as nothing at all."""
    f = h.faction([h.leader(name=KILL_TEAM_NAME)])
    summary = summarise(h.warband([("test-chief", 1)], name=KILL_TEAM_NAME,
                                  notes=KILL_TEAM_NOTES), f, h.universal())
    for data in (render_pdf(summary), render_pdf(summary, sheet=False)):  # sheet, cards
        out = " ".join(h.pdf_text(data).split())
        assert "[position indicator] Flamer [skull]" in out
    out = " ".join(h.pdf_text(render_pdf(summary)).split())
    assert "Within [black large square] of this operative" in out
    # the footer, drawn as a line
    assert "[position indicator] Flamer [skull] · turn summary · page 1" in out


def test_the_stand_in_is_the_plain_form_or_the_name_never_nothing() -> None:
    assert stand_in("⌖") == "[position indicator]"
    assert stand_in("𝐀") == "A"  # MATHEMATICAL BOLD CAPITAL A: its compatibility form
    assert stand_in("\ue000") == "[U+E000]"  # a private character: no name
    assert stand_in("\u2066") == ""  # an invisible direction mark prints as nothing
    assert runs("a⬛汉💀") == [(False, "a[black large square]"), (True, "汉"),
                              (False, "[skull]")]
    assert fallback_markup("<b>⌖</b> Bolt") == "<b>[position indicator]</b> Bolt"


@given(st.text(max_size=12))
@settings(max_examples=300, deadline=None)
def test_every_character_printed_is_one_its_font_draws(text: str) -> None:
    """Whatever a data file holds, each run holds only characters its font has a glyph for
    (white space and control characters aside: no glyph is theirs): nothing prints blank."""
    drawn = {False: _dejavu_chars(), True: _fallback_chars()}
    for other, part in runs(text):
        assert all(ord(ch) in drawn[other] for ch in part
                   if not ch.isspace() and unicodedata.category(ch) != "Cc"), (other, part)
