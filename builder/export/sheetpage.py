"""The turn summary sheet on its pages: the top (heading, verdict, roster, figures) drawn
straight on the page when it can be (:mod:`builder.export.sheettop`), else flowed through
platypus from :mod:`builder.export.sheet`'s parts, then the game's turn reference in two
columns; a footer with the list's name, page number and fingerprints on every page."""

from __future__ import annotations

from collections.abc import Iterator

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, Paragraph

from builder.data.reference import is_translation, load_reference
from builder.export import sheettop
from builder.export.fonts import REGULAR, draw_mixed, register_fonts
from builder.export.layout import flow
from builder.export.palette import INK, MUTED, markup
from builder.export.sheet import (
    COLUMN_GAP,
    FOOTER,
    H2,
    MARGIN,
    MIN_COLUMN_START,
    fingerprints_line,
    fit_line,
    header,
    roster,
    turn_numbers,
)
from builder.export.summary import WarbandSummary
from builder.export.text import esc
from builder.export.turnref import fitted_groups, flow_columns
from builder.i18n import _
from builder.model.reference import Reference


class Pages:
    """The sheet's pages on the shared canvas: a footer on each, frames on demand."""

    def __init__(self, c: Canvas, s: WarbandSummary, page_size: tuple[float, float]) -> None:
        self.c, self.s = c, s
        self.w, self.h = page_size
        self.number = 0

    def new_page(self) -> None:
        if self.number:
            self.c.showPage()
        self.number += 1
        c = self.c
        c.saveState()
        c.setFont(REGULAR, 6.5)
        c.setFillColor(MUTED)
        source = self.s.game.source or self.s.game.name
        rules = _("Rules: {source}").format(source=source) if source else ""
        room = self.w - 2 * MARGIN - c.stringWidth(rules, REGULAR, 6.5) - 6 * mm
        draw_mixed(c, MARGIN, MARGIN - 1, fit_line(f"{self.s.name}", _(
            " · turn summary · page {page}").format(page=self.number), room, 6.5), REGULAR,
            6.5)
        if rules:
            c.drawRightString(self.w - MARGIN, MARGIN - 1, rules)
        c.setFillColor(INK)
        c.drawString(MARGIN, MARGIN + 7, fingerprints_line(self.s))
        c.restoreState()

    @property
    def bottom(self) -> float:
        return MARGIN + FOOTER

    def full(self, started: bool = False) -> Iterator[Frame]:
        """Frames of whole pages; the first on the page already begun when ``started``."""
        while True:
            if not started:
                self.new_page()
            started = False
            yield Frame(MARGIN, self.bottom, self.w - 2 * MARGIN, self.h - MARGIN - self.bottom,
                        0, 0, 0, 0)

    @property
    def column_width(self) -> float:
        return (self.w - 2 * MARGIN - COLUMN_GAP) / 2

    @property
    def top(self) -> float:
        return self.h - MARGIN

    left = MARGIN
    column_gap = COLUMN_GAP


def draw_sheet(c: Canvas, s: WarbandSummary, page_size: tuple[float, float],
               ref: Reference | None = None, *, reference: bool = True) -> int:
    """Draw the sheet from a fresh page of ``c``; returns the number of pages drawn.
    ``reference`` False leaves the game's turn reference out (an event pack's roster)."""
    register_fonts()
    pages = Pages(c, s, page_size)
    width = pages.w - 2 * MARGIN
    pages.new_page()
    stopped = sheettop.draw_top(c, s, MARGIN, pages.top, pages.bottom, width)
    if stopped is None:  # a QR code, or more than a page: platypus flows it
        top = [*header(s, width), *roster(s, width), *turn_numbers(s, width)]
        stopped = flow(c, top, pages.full(started=True))._y
    if not reference:
        c.showPage()
        return pages.number
    if ref is None and s.game.reference is not None:
        ref = load_reference(s.game.reference)
    if ref is None:  # the game prints no reference
        c.showPage()
        return pages.number
    translated = s.game.reference is not None and is_translation(s.game.reference)
    about = _("· from the {source}, in our translation; each item names its section") \
        if translated else _("· from the {source}; each item names its section")
    heading = Paragraph(f"{esc(ref.title)} <font size='7' color='{markup(MUTED)}'>"
                        + esc(about.format(source=ref.source)) + "</font>", H2)
    _w, h = heading.wrap(width, pages.h)
    y = stopped - H2.spaceBefore
    if y - h - pages.bottom < MIN_COLUMN_START:  # no heading alone at the foot of a page
        pages.new_page()
        y = pages.h - MARGIN
    heading.drawOn(c, MARGIN, y - h)
    y -= h + H2.spaceAfter
    groups = fitted_groups(ref, pages.column_width, y - pages.bottom, pages.top - pages.bottom)
    flow_columns(c, groups, pages, y)
    c.showPage()
    return pages.number
