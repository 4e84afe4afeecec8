"""The top of a turn summary sheet (heading, verdict box, notes, roster, the turn's figures)
drawn straight on the page by :mod:`builder.export.direct` (issue 30).

:func:`builder.export.layout.flow` lays the same parts out through platypus at about 20 ms a
sheet, nearly all of a roster-style event pack's time. When the top carries no QR code (a
pack's roster sheets, anonymised packs) and fits on the first page, it is drawn here from
the same data (:func:`~builder.export.sheet.header_markup`,
:func:`~builder.export.sheet.verdict_lines`, :func:`~builder.export.sheet.roster_table`,
:func:`~builder.export.sheet.figure_cells`), sizes and colours; otherwise nothing is drawn
and the sheet flows as before.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from builder.export import direct
from builder.export import sheet as sh
from builder.export.direct import CENTRE, LEFT, Block, Cell, Pads, Row, Text, TextBlock
from builder.export.fonts import REGULAR
from builder.export.layout import para_style
from builder.export.text import esc
from builder.export.textfit import Paragraph, Run
from builder.i18n import _

PLAIN = para_style("plaincell", 7.5, leading=9.0)
"""A table's plain string cell: the table's font, leading 1.2 × its size (reportlab's)."""


def _plain(value: str, width: float, align: str) -> Text:
    """A stat as a table prints a plain string: on one line, however long."""
    lines = Paragraph([Run(value, REGULAR)], PLAIN.textColor).lines(
        PLAIN.fontSize, 1e9, PLAIN.leading)
    return Text(lines, width, align, string=True)


def _heading(markup: str, width: float) -> TextBlock:
    return direct.text_block(markup, sh.H2, width)


def _verdict(s: sh.WarbandSummary, width: float) -> Block:
    head, ink, bg = sh.verdict_head(s)
    inner = width - 14
    rows = [Row([Cell([direct.text(esc(head), sh.verdict_style(ink), inner)])],
                Pads(7, 7, 5, 2), bg)]
    for line in sh.verdict_lines(s):
        tail = (" " + line.label, REGULAR, float(sh.WARNING_SIZE), sh.WARNING_INK)
        body = direct.bulleted(line.markup, sh.FINDING, inner, "•" if line.bullet else None,
                               tail if line.label else None)
        rows.append(Row([Cell([body])], Pads(7, 7, 2, 2), bg))
    rows[-1].pads = Pads(7, 7, rows[-1].pads.top, 5)
    rows[0].above = rows[-1].below = (1.2, ink)
    return direct.table([width], rows, sides=(1.2, ink))


def _roster(s: sh.WarbandSummary, width: float) -> list[Block]:
    t = sh.roster_table(s, width)
    vertical, side = sh.ROSTER_PAD
    pads = Pads(side, side, vertical, vertical)
    stats = range(t.first_stat, t.first_stat + t.stats)

    def cells(row: list[sh.Cell], spans: bool) -> list[Cell | None]:
        out: list[Cell | None] = []
        for i, c in enumerate(row):
            if spans and i > 2:
                out.append(None)
                continue
            w = (sum(t.widths[i:]) if spans and i == 2 else t.widths[i]) - 2 * side
            if isinstance(c, str):
                out.append(Cell([_plain(c, w, CENTRE if i in stats else LEFT)]) if c else None)
            else:
                out.append(Cell([direct.text(m, st, w) for m, st in
                                 (c if isinstance(c, list) else [c])]))
        return out

    head = Row(cells(t.head, False), pads, sh.SHADE, below=(0.6, sh.RULE))
    rows = [Row(cells(r, i in t.unknown_rows), pads,
                sh.BAD_BG if i in t.unknown_rows else None,
                below=(0.25, sh.RULE) if i < len(t.rows) - 1 else None)
            for i, r in enumerate(t.rows)]
    rows[-1].above = (0.8, sh.INK)
    # the heading a table of its own, as platypus draws it (the rows' shading over its rule)
    return [_heading(esc(_("Roster")), width), direct.table(t.widths, [head]),
            direct.table(t.widths, rows)]


def _figures(s: sh.WarbandSummary, width: float) -> list[Block]:
    cells = sh.figure_cells(s)
    if not cells:
        return []
    per_row = sh.FIGURES_PER_ROW
    n = per_row if len(cells) > per_row else len(cells)
    inner = width / n - 12
    rows: list[Row] = []
    for start in range(0, len(cells), per_row):
        row: list[Cell | None] = [Cell([direct.text(esc(label), sh.NUMBER_LABEL, inner),
                                        direct.text(esc(value), sh.NUMBER, inner),
                                        direct.text(esc(note), sh.NUMBER_NOTE, inner)])
                                  for label, value, note in cells[start:start + per_row]]
        rows.append(Row(row + [None] * (n - len(row)), Pads(6, 6, 4, 5),
                        below=(0.6, sh.RULE)))
    rows[0].above = (0.6, sh.RULE)
    return [_heading(esc(_("Every turn")), width),
            direct.table([width / n] * n, rows, valign="top", ruled=(0.6, sh.RULE))]


def blocks(s: sh.WarbandSummary, width: float) -> list[Block]:
    """The top of the sheet as blocks; raises :class:`direct.Unsupported` for what only the
    platypus path prints (a QR code, a share code too long for one)."""
    if s.share_code:
        raise direct.Unsupported("share code")
    title, sub, notes = sh.header_markup(s)
    out: list[Block] = [direct.text_block(title, sh.TITLE, width),
                        direct.text_block(sub, sh.SUB, width),
                        direct.Gap(sh.HEADER_GAP), _verdict(s, width)]
    if notes is not None:
        out.append(direct.text_block(notes, sh.NOTES, width))
    return [*out, *_roster(s, width), *_figures(s, width)]


def draw_top(c: Canvas, s: sh.WarbandSummary, x: float, top: float, bottom: float,
             width: float) -> float | None:
    """Draw the top of the sheet from ``top`` when it fits above ``bottom``; returns where
    it stopped (as the platypus frame's ``_y``), or None when nothing was drawn."""
    try:
        parts = blocks(s, width)
    except direct.Unsupported:
        return None
    return direct.draw_blocks(c, parts, x, top, bottom)
