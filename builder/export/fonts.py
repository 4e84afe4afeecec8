"""The embedded font: DejaVu Sans Condensed, shipped in ``resources/fonts`` with its licence.

reportlab's standard fonts only know Latin-1, so a Cyrillic name or a ✓ would print as black
boxes; DejaVu covers every script a player is likely to type. The condensed cut fits more rules
text on a poker-size card at the same point size.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from builder import paths

REGULAR = "SW-Sans"
BOLD = "SW-Sans-Bold"
ITALIC = "SW-Sans-Italic"
BOLD_ITALIC = "SW-Sans-BoldItalic"

_FILES = {
    REGULAR: "DejaVuSansCondensed.ttf",
    BOLD: "DejaVuSansCondensed-Bold.ttf",
    ITALIC: "DejaVuSansCondensed-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSansCondensed-BoldOblique.ttf",
}


def fonts_dir() -> Path:
    return paths.resources_dir() / "fonts"


class SubsetFont(TTFont):
    """The TrueType font with a quick way through ``splitString`` (a Python loop over every
    character of every string drawn, a fifth of the cards' time): when every character of a
    text already has its code in the first subset, the codes are one ``str.translate`` away.
    Anything else (a character seen for the first time, a second subset, a no-break space,
    which reportlab prints as a space) goes the usual way, which assigns the codes."""

    def splitString(self, text: str, doc: object,  # noqa: N802 (reportlab's name)
                    encoding: str = "utf-8") -> list[tuple[int, bytes]]:
        state = self.state.get(doc) if isinstance(text, str) else None
        if state is not None:
            assignments = state.assignments
            fast = getattr(state, "_sw_fast", None)
            if fast is None or fast[0] != len(assignments):
                table = {code: n for code, n in assignments.items() if n < 256}
                fast = state._sw_fast = (len(assignments), table, frozenset(map(chr, table)))
            if fast[2].issuperset(text) and "\xa0" not in text:
                return [(0, text.translate(fast[1]).encode("latin-1"))] if text else []
        return list(super().splitString(text, doc, encoding))


@cache
def register_fonts() -> str:
    """Register the family once per process (parsing the TTFs is the slow part); returns the
    regular font's name. ``<b>`` and ``<i>`` in paragraphs map to the matching files."""
    folder = fonts_dir()
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(SubsetFont(name, str(folder / filename)))
    for bold, italic, name in ((0, 0, REGULAR), (1, 0, BOLD), (0, 1, ITALIC),
                               (1, 1, BOLD_ITALIC)):
        addMapping(REGULAR, bold, italic, name)
    return REGULAR
