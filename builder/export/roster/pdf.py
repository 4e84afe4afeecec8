"""A roster's PDF: the roster sheet, the opponent's copy and the unit cards, with metadata."""

from __future__ import annotations

import io

from builder.export.opponent import draw_opponent_copy
from builder.export.pdf import pdf_canvas
from builder.export.roster.cards import draw_unit_cards
from builder.export.roster.opponent import roster_copy
from builder.export.roster.sheet import draw_roster_sheet
from builder.export.roster.summary import RosterSummary
from builder.i18n import _


def _subject(summary: RosterSummary, cards: bool, sheet: bool, opponent: bool) -> str:
    parts = []
    if sheet:
        parts.append(_("roster sheet"))
    if opponent:
        parts.append(_("opponent's copy"))
    if cards:
        parts.append(_("unit cards"))
    return _("{game} roster: {what}").format(game=summary.system_name, what=", ".join(parts))


def render_roster_pdf(summary: RosterSummary, *, cards: bool = True, sheet: bool = True,
                      opponent: bool = False, page: str = "a4") -> bytes:
    """The PDF as bytes: the sheet first, then the opponent's copy, then the cards.
    ValueError for nothing chosen or an unknown page size."""
    if not (cards or sheet or opponent):
        raise ValueError(_("nothing to print: ask for cards, the summary sheet, the "
                           "opponent's copy, or more"))
    buffer = io.BytesIO()
    c, page_size = pdf_canvas(buffer, page, summary.name,
                              _subject(summary, cards, sheet, opponent))
    if sheet:
        draw_roster_sheet(c, summary, page_size)
    if opponent:
        draw_opponent_copy(c, roster_copy(summary), page_size)
    if cards:
        draw_unit_cards(c, summary, page_size)
    c.save()
    return buffer.getvalue()
