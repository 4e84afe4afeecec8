"""The turn reference on the summary sheet: its items in two columns, each kept whole in a
column, page after page, the last page's columns balanced.

Filling pages (issue 31, item 17): when the reference at its size would leave a last page
mostly empty (Torn's sheet put one short section alone on page 2), it is set a step or two
smaller if that saves the page. Never smaller than :data:`SCALES`' last step.
"""

from __future__ import annotations

from functools import cache
from typing import Protocol

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph, Table, TableStyle
from reportlab.platypus.doctemplate import LayoutError

from builder.export.fonts import BOLD, ITALIC
from builder.export.layout import Group
from builder.export.layout import para_style as _style
from builder.export.palette import ACCENT, MUTED, RULE, SHADE
from builder.export.text import esc, rich
from builder.i18n import _
from builder.model.reference import Item, Reference

GROUP_GAP = 6.0
"""Space under each item."""

SCALES = (1.0, 0.95, 0.9, 0.85)
"""The reference's sizes, as a share of its own: smaller ones only to save a page."""
SPARSE = 0.5
"""A last page filled less than this (of its two columns) is worth saving."""


class Styles:
    """The reference's paragraph styles at one scale."""

    def __init__(self, scale: float) -> None:
        def size(points: float) -> float:
            return round(points * scale, 2)

        tag = f"{scale:g}"
        self.title = _style(f"reftitle{tag}", size(8.5), BOLD, ACCENT, spaceBefore=0)
        self.section = _style(f"refsection{tag}", max(5.5, size(6)), ITALIC, MUTED,
                              spaceAfter=size(1.5))
        self.text = _style(f"reftext{tag}", size(7.3), spaceBefore=size(1.2))
        self.point = _style(f"refpoint{tag}", size(7.3), spaceBefore=size(1.2),
                            leftIndent=size(8), bulletIndent=1)
        self.cell = _style(f"refcell{tag}", size(6.6))
        self.gap = size(GROUP_GAP)


@cache
def styles(scale: float = 1.0) -> Styles:
    return Styles(scale)


_REFERENCE_ITEMS: dict[tuple[int, float, float], tuple[Reference, list[Flowable]]] = {}


def reference_groups(ref: Reference, width: float, scale: float = 1.0) -> list[Flowable]:
    """The reference's items, built once per reference, column width and scale and reused by
    every sheet (a pack prints the same reference for each list)."""
    key = (id(ref), width, scale)
    found = _REFERENCE_ITEMS.get(key)
    if found is None or found[0] is not ref:
        found = _REFERENCE_ITEMS[key] = (ref, reference_items(ref, width, scale))
    return list(found[1])


def reference_items(ref: Reference, width: float, scale: float = 1.0) -> list[Flowable]:
    st = styles(scale)
    return [Group(_item(item, width, st), st.gap) for item in ref.items]


def _item(item: Item, width: float, st: Styles) -> list[Flowable]:
    parts: list[Flowable] = [Paragraph(esc(item.title), st.title),
                             Paragraph(esc(_("See: {section}").format(section=item.section)),
                                       st.section)]
    if item.text:
        parts.append(Paragraph(rich(item.text), st.text))
    for point in item.points:
        parts.append(Paragraph(rich(point), st.point, bulletText="•"))
    if item.table:
        parts.append(_ref_table(item.table.columns, item.table.rows, width, st))
    if item.note:
        parts.append(Paragraph(rich(item.note), st.text))
    return parts


def _ref_table(columns: list[str], rows: list[list[str]], width: float, st: Styles) -> Table:
    data = [[Paragraph(f"<b>{esc(c)}</b>", st.cell) for c in columns]]
    data += [[Paragraph(rich(cell), st.cell) for cell in row] for row in rows]
    n = len(columns)
    if n == 2:
        widths = [width * 0.8, width * 0.2]
    elif n == 3 and not columns[0]:
        widths = [width * 0.07, width * 0.53, width * 0.40]
    elif n == 3:
        widths = [width * 0.22, width * 0.2, width * 0.58]
    else:
        widths = [width / n] * n
    table = Table(data, colWidths=widths, repeatRows=1, splitInRow=1)
    table.setStyle(TableStyle([
        ("BACKGROUND", (0, 0), (-1, 0), SHADE),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), 2),
    ]))
    table.spaceBefore = 2
    return table


# --- two columns, page after page ----------------------------------------------------------


class Pages(Protocol):
    """What the columns need of the sheet's pages."""

    @property
    def bottom(self) -> float: ...
    @property
    def top(self) -> float: ...
    @property
    def left(self) -> float: ...
    @property
    def column_width(self) -> float: ...
    @property
    def column_gap(self) -> float: ...

    def new_page(self) -> None: ...


def _pack(heights: list[float], height: float, gap: float, columns: int = 2) -> int:
    """How many of ``heights`` fit, in order, into ``columns`` columns of ``height``."""
    placed, col, used = 0, 0, 0.0
    for h in heights:
        while used and used + h > height + 0.01:
            col, used = col + 1, 0.0
            if col == columns:
                return placed
        if h > height + 0.01:
            return placed
        used += h + gap
        placed += 1
    return placed


def pages_needed(heights: list[float], gap: float, first: float, full: float
                 ) -> tuple[int, float]:
    """(pages, share of the last page's two columns used) for items of ``heights`` set in
    two columns from a first page with ``first`` points of height left, then pages of
    ``full``; an item taller than a page counts as many pages (it is broken up)."""
    pages, height, i = 1, first, 0
    while True:
        placed = _pack(heights[i:], height, gap)
        if placed == len(heights) - i:
            used = sum(h + gap for h in heights[i:])
            return pages, used / (2 * height) if height > 0 else 1.0
        if placed == 0 and height >= full - 0.01:
            return 10**6, 1.0
        i += placed
        pages, height = pages + 1, full


def fitted_groups(ref: Reference, width: float, first: float, full: float) -> list[Flowable]:
    """The reference at the largest of :data:`SCALES` that needs the fewest pages, trying a
    smaller one only when the last page would be mostly empty."""
    def measure(scale: float) -> tuple[list[Flowable], float, int, float]:
        groups = reference_groups(ref, width, scale)
        heights = [g.wrap(width, full)[1] for g in groups]
        gap = max((g.getSpaceAfter() for g in groups), default=0.0)
        return (groups, sum(heights) + gap * len(heights),
                *pages_needed(heights, gap, first, full))

    groups, total, pages, fill = measure(SCALES[0])
    if pages == 1 or fill >= SPARSE:
        return groups
    room = 2 * first + 2 * full * (pages - 2)  # the columns of one page fewer
    for scale in SCALES[1:]:
        if total * scale * scale > room:  # text shrinks in both directions: not even close
            continue
        smaller, _total, fewer, _fill = measure(scale)
        if fewer < pages:
            return smaller
    return groups


def flow_columns(c: Canvas, groups: list[Flowable], pages: Pages, top: float) -> None:
    """Two columns from ``top`` down, page after page; on the last page both columns are
    balanced so the text does not all sit in the left one. Groups move whole to the next
    column; one taller than a full column is broken into its parts."""
    col_w = pages.column_width
    queue = list(groups)
    while queue:
        height = top - pages.bottom
        heights = [f.wrap(col_w, height)[1] for f in queue]
        gaps = [f.getSpaceAfter() for f in queue]
        gap = max(gaps, default=0.0)
        placed = _pack(heights, height, gap)
        if placed == 0:
            if top < pages.top - 1:  # not a fresh page: start one
                pages.new_page()
                top = pages.top
                continue
            head = queue.pop(0)
            if not isinstance(head, Group):
                raise LayoutError(f"{head.identity()} does not fit on an empty page")
            queue[:0] = head.parts
            continue
        if placed == len(queue):  # the last page: the shortest height that still holds all
            low, high = max(heights), height
            for _step in range(24):
                mid = (low + high) / 2
                low, high = (low, mid) if _pack(heights, mid, gap) == placed else (mid, high)
            height = high
        col, used = 0, 0.0
        for f, h in zip(queue[:placed], heights[:placed], strict=True):
            if used and used + h > height + 0.01:
                col, used = col + 1, 0.0
            x = pages.left + col * (col_w + pages.column_gap)
            f.wrap(col_w, height)
            f.drawOn(c, x, top - used - h)
            used += h + gap
        del queue[:placed]
        if queue:
            pages.new_page()
            top = pages.top
