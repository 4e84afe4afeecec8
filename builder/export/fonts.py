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


@cache
def register_fonts() -> str:
    """Register the family once per process (parsing the TTFs is the slow part); returns the
    regular font's name. ``<b>`` and ``<i>`` in paragraphs map to the matching files."""
    folder = fonts_dir()
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(TTFont(name, str(folder / filename)))
    for bold, italic, name in ((0, 0, REGULAR), (1, 0, BOLD), (0, 1, ITALIC),
                               (1, 1, BOLD_ITALIC)):
        addMapping(REGULAR, bold, italic, name)
    return REGULAR
