"""The cards' line breaking (builder.export.textfit): nothing runs past the width, no word is
lost or reordered, and the estimate that rules sizes out never says more lines than there are
(else a card would print its rules smaller than they fit)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from builder.export.fonts import BOLD, ITALIC, REGULAR, register_fonts
from builder.export.textfit import Paragraph, Run, unit_width

register_fonts()

WORD = st.text(alphabet=st.sampled_from(list("abcdefghijklmnopqrstuvwxyzÉñЖ—✓:,.()'")),
               min_size=1, max_size=30)
SEPARATOR = st.sampled_from([" ", " ", " ", "  ", "\n", "\t", ""])
RUNS = st.lists(st.tuples(st.lists(st.tuples(WORD, SEPARATOR), min_size=1, max_size=25),
                          st.sampled_from([REGULAR, BOLD, ITALIC])), min_size=1, max_size=4)


def _runs(spec: list) -> list[Run]:
    return [Run("".join(w + sep for w, sep in words), font) for words, font in spec]


@settings(max_examples=150, deadline=None)
@given(RUNS, st.sampled_from([6.0, 6.5, 7.0, 7.5]), st.floats(min_value=20, max_value=200))
def test_lines_fit_keep_every_word_and_the_estimate_is_a_floor(spec, size, width) -> None:
    runs = _runs(spec)
    paragraph = Paragraph(runs, colors.black)
    lines = paragraph.lines(size, width)
    for line in lines.lines:
        drawn = sum(stringWidth(text, font, size) for text, font, _c in line)
        assert drawn <= width + 1e-6
    printed = "".join(text for line in lines.lines for text, _f, _c in line)
    written = "".join(r.text for r in runs)
    assert printed.replace(" ", "") == "".join(written.split())
    assert paragraph.estimate(size, width) <= max(len(lines.lines), 1)


def test_a_line_break_in_the_text_starts_a_line_and_glued_runs_stay_one_word() -> None:
    p = Paragraph([Run("Name", BOLD), Run(": first\nsecond", REGULAR)], colors.black)
    lines = p.lines(7, 500).lines
    assert lines == ((("Name", BOLD, None), (": first", REGULAR, None)),
                     (("second", REGULAR, None),))
    narrow = Paragraph([Run("Name", BOLD), Run(": x", REGULAR)], colors.black)
    room = (unit_width("Name", BOLD) + unit_width(":", REGULAR)) * 7 + 0.5
    assert narrow.lines(7, room).lines[0] == (("Name", BOLD, None), (":", REGULAR, None))


def test_shortened_ends_in_an_ellipsis_within_the_width() -> None:
    p = Paragraph([Run("word " * 200, ITALIC)], colors.black)
    lines = p.lines(7, 150)
    short = lines.shortened(3, 150, "…")
    assert len(short.lines) == 3
    last = "".join(t for t, _f, _c in short.lines[-1])
    assert last.endswith("word…")
    assert sum(stringWidth(t, f, 7) for t, f, _c in short.lines[-1]) <= 150


def test_an_empty_text_is_no_line_and_no_failure() -> None:
    """A profile's characteristic left empty in published data (Mordheim has some) is an
    empty cell, not a crash of the printout."""
    for text in ("", " ", "  ", "\n"):
        paragraph = Paragraph([Run(text, REGULAR)], colors.black)
        assert paragraph.lines(7, 50).lines == () and paragraph.estimate(7, 50) == 0
