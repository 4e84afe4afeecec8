"""The printouts' colours, one set for the cards, the summary sheet and the turn reference,
so that a list's pages print alike. Greys stay dark enough for a laser printer's thin lines;
red and green are kept for the verdict, each on its own pale ground."""

from __future__ import annotations

from reportlab.lib import colors

INK = colors.black
MUTED = colors.HexColor("#555555")
"""Secondary text: notes, labels, sources."""
RULE = colors.HexColor("#8a8a8a")
"""Thin lines: table rules, card frames."""
SHADE = colors.HexColor("#e6e6e6")
"""Ground of a heading row or a stat box."""
ACCENT = colors.HexColor("#6b1d1d")
"""Titles and the card's name band."""
TRACK_BELOW = colors.HexColor("#c4c4c4")
"""A track's boxes below zero."""
TRACK_DARK = colors.HexColor("#7a7a7a")
"""A track's boxes past its shading stat (out for good)."""
BAD = colors.HexColor("#b00020")
BAD_BG = colors.HexColor("#fdecee")
GOOD = colors.HexColor("#1e6b2f")
GOOD_BG = colors.HexColor("#eaf5ec")


def markup(color: colors.Color) -> str:
    """``color`` as ``#rrggbb``, for a ``<font color=…>`` in a paragraph's markup."""
    return "#" + color.hexval()[2:]
