"""The PDF file: turn summary sheet and/or profile cards, metadata, an atomic write."""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.pdfgen.canvas import Canvas

from builder import __version__
from builder.data import Catalogue, write_atomic
from builder.export.cards import draw_cards
from builder.export.fonts import register_fonts
from builder.export.opponent import draw_opponent_copy
from builder.export.sheetpage import draw_sheet
from builder.export.summary import WarbandSummary, summarise
from builder.i18n import _, number
from builder.model import Warband

PAGE_SIZES: dict[str, tuple[float, float]] = {"a4": A4, "letter": LETTER}
CREATOR = f"SphereWars Warband Builder {__version__}"
MAX_MODEL_CARDS = 2_000
"""Most cards printed one per model: a list may hire 9,999 models per entry, and a PDF of
millions of cards would never finish."""


def _subject(summary: WarbandSummary, cards: bool, sheet: bool, opponent: bool = False) -> str:
    if cards and sheet:
        what = _("turn summary sheet and profile cards")
    elif cards or sheet:
        what = _("turn summary sheet") if sheet else _("profile cards")
    else:
        what = _("opponent's copy")
    if opponent and (cards or sheet):
        what = _("{what}, and the opponent's copy").format(what=what)
    game = summary.game
    if not game.name:
        return _("list: {what}").format(what=what)
    return _("{game} {list}: {what}").format(game=game.name, list=game.list_name.lower(),
                                             what=what)


def pdf_canvas(buffer: io.BytesIO, page: str, title: str, subject: str
               ) -> tuple[Canvas, tuple[float, float]]:
    """A canvas writing to ``buffer`` on ``page`` (``a4``, ``letter``: ValueError for
    another), with the printouts' fonts and metadata; and the page's size."""
    try:
        page_size = PAGE_SIZES[page]
    except KeyError:
        raise ValueError(_("unknown page size '{page}' (use a4 or letter)").format(
            page=page)) from None
    register_fonts()
    c = Canvas(buffer, pagesize=page_size, pageCompression=1)
    c.setTitle(title)
    c.setSubject(subject)
    c.setCreator(CREATOR)
    return c, page_size


def render_pdf(summary: WarbandSummary, *, cards: bool = True, sheet: bool = True,
               page: str = "a4", per_model: bool = False, opponent: bool = False) -> bytes:
    """The PDF as bytes: the summary sheet first (it is what an organiser reads), then the
    opponent's copy (one page to hand across the table), then the cards."""
    if not (cards or sheet or opponent):
        raise ValueError(_("nothing to print: ask for cards, the summary sheet, the "
                           "opponent's copy, or more"))
    if cards and per_model and summary.stats.models > MAX_MODEL_CARDS:
        raise ValueError(_("one card per model would print {cards} cards (at most {most}); "
                           "print one card per combatant instead").format(
                               cards=number(summary.stats.models),
                               most=number(MAX_MODEL_CARDS)))
    buffer = io.BytesIO()
    c, page_size = pdf_canvas(buffer, page, summary.name,
                              _subject(summary, cards, sheet, opponent))
    if sheet:
        draw_sheet(c, summary, page_size)
    if opponent:
        draw_opponent_copy(c, summary, page_size)
    if cards:
        draw_cards(c, summary, page_size, per_model=per_model)
    c.save()
    return buffer.getvalue()


def export_pdf(warband: Warband, catalogue: Catalogue, path: str | Path, *, cards: bool = True,
               summary: bool = True, page: str = "a4", per_model: bool = False,
               opponent: bool = False) -> None:
    """Print ``warband`` to ``path`` (the GUI's File → Export PDF… and ``spherewars export``).

    An unknown faction or unknown combatants do not stop the export: the sheet shows them with
    the findings. Raises ``ValueError`` for bad options and ``OSError`` when the file cannot
    be written.
    """
    faction = catalogue.get(warband.faction)
    facts = summarise(warband, faction,
                      data_fingerprint=catalogue.data_fingerprint(warband.faction))
    data = render_pdf(facts, cards=cards, sheet=summary, page=page, per_model=per_model,
                      opponent=opponent)
    write_atomic(path, data)
