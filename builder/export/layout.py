"""Layout that holds whatever a valid file puts on a page, at a cost that grows with it
(issue 28, item 2).

reportlab's ``Table`` computes its row heights with a scan per row over every row (quadratic:
40,000 findings took 145 s), a row never splits across pages unless asked (a 10,000-character
finding raised ``LayoutError``), and a long paragraph is broken into lines again on every
page it continues to. So every table the printouts build from data goes through
:func:`long_table`: short tables of :data:`CHUNK_ROWS` rows, each allowed to split inside a
row, their heading repeated where a page starts with one; and long text through
:func:`pieces`: paragraphs of at most :data:`PIECE_CHARS` characters, cut between words.
:func:`flow` lays them into the pages' frames, repeating a continued table's heading.
Core module: no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Paragraph, Table, TableStyle
from reportlab.platypus.doctemplate import LayoutError

from builder.export.fonts import REGULAR
from builder.export.text import esc

CHUNK_ROWS = 25
"""Rows per table: each is measured and split on its own, so the cost stays linear."""
PIECE_CHARS = 1500
"""Longest paragraph made from one text: a fifth of a page at the sheet's sizes."""

Command = tuple[Any, ...]


def para_style(name: str, size: float, font: str = REGULAR, color: colors.Color = colors.black,
               leading: float | None = None, **kw: object) -> ParagraphStyle:
    """A paragraph style of the printouts: leading 1.22 × the size, long words split."""
    return ParagraphStyle(name, fontName=font, fontSize=size,
                          leading=leading or round(size * 1.22, 2), textColor=color,
                          bulletFontName=font, splitLongWords=1, **kw)


class Group(Flowable):
    """Flowables kept together in one column (a reference item must not lose its title);
    the flow breaks it up only when it is taller than a whole column.

    Its parts are laid out once per width: the reference is the same on every sheet of a
    pack, and its paragraphs' line breaking was most of a sheet's time."""

    def __init__(self, parts: list[Flowable], space_after: float = 6) -> None:
        super().__init__()
        self.parts = parts
        self.spaceAfter = space_after
        self._laid_out: tuple[float, list[float]] | None = None
        """(width, height of each part) of the last layout."""

    def _heights(self, avail_w: float, avail_h: float) -> list[float]:
        if self._laid_out is None or self._laid_out[0] != avail_w:
            self._laid_out = (avail_w, [f.wrap(avail_w, avail_h)[1] for f in self.parts])
        return self._laid_out[1]

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        self.width = avail_w
        self.height = 0.0
        for i, (f, h) in enumerate(zip(self.parts, self._heights(avail_w, avail_h),
                                       strict=True)):
            self.height += h + (f.getSpaceBefore() if i else 0) + f.getSpaceAfter()
        return self.width, self.height

    def split(self, avail_w: float, avail_h: float) -> list[Flowable]:
        return []

    def draw(self) -> None:
        top = self.height
        for i, (f, h) in enumerate(zip(self.parts, self._heights(self.width, self.height),
                                       strict=True)):
            top -= h + (f.getSpaceBefore() if i else 0)
            f.drawOn(self.canv, 0, top)
            top -= f.getSpaceAfter()


def pieces(text: str, limit: int = PIECE_CHARS) -> list[str]:
    """``text`` cut into parts of at most ``limit`` characters, between words where there is
    a space in the last quarter of a part (else anywhere); joined with spaces they give the
    text back, but for the spaces at the cuts."""
    out: list[str] = []
    start, n = 0, len(text)
    while n - start > limit:
        end = start + limit
        cut = max(text.rfind(" ", start + limit * 3 // 4, end + 1),
                  text.rfind("\n", start + limit * 3 // 4, end + 1))
        if cut <= start:
            out.append(text[start:end])
            start = end
        else:
            out.append(text[start:cut])
            start = cut + 1
    out.append(text[start:])
    return out


def _shift(command: Command, first: int, count: int) -> Command | None:
    """A style command on absolute rows, for the chunk of rows ``first`` … ``first+count-1``
    (None when it does not touch it)."""
    name, (c0, r0), (c1, r1), *rest = command
    lo, hi = max(r0, first), min(r1, first + count - 1)
    if lo > hi:
        return None
    return (name, (c0, lo - first), (c1, hi - first), *rest)


def _by_chunk(rows_style: Sequence[Command], count: int) -> list[list[Command]]:
    """For each of ``count`` chunks, the commands of ``rows_style`` whose rows reach into it:
    each chunk looks only at its own (a roster of 10,000 forces has a command for every
    force's heading: 800 chunks looking at all 20,000 of them took minutes)."""
    touching: list[list[Command]] = [[] for _ in range(count)]
    for command in rows_style:
        _name, (_c0, r0), (_c1, r1), *_rest = command
        for k in range(max(r0, 0) // CHUNK_ROWS, min(r1 // CHUNK_ROWS + 1, count)):
            touching[k].append(command)
    return touching


def long_table(rows: Sequence[Sequence[Any]], widths: Sequence[float | str],
               style: Sequence[Command],
               *, first: Sequence[Command] = (), last: Sequence[Command] = (),
               rows_style: Sequence[Command] = (),
               head: Sequence[Any] | None = None,
               head_style: Sequence[Command] = ()) -> list[Flowable]:
    """``rows`` as a run of short tables that flow one after the other as one table.

    ``style`` applies to every chunk (relative rows, -1 allowed), ``first`` to the first chunk
    only and ``last`` to the last one (a box's top and bottom lines), ``rows_style`` on
    absolute row numbers (≥ 0) of ``rows`` (an unknown combatant's red row). ``head`` is a
    heading row, printed above the first row and again at the top of every page or column
    the table continues on (:func:`flow` puts it there)."""
    make_head: Callable[[], Table] | None = None
    if head is not None:
        cells = list(head)

        def make_head() -> Table:
            table = Table([list(cells)], colWidths=list(widths))
            table.setStyle(TableStyle([*style, *head_style]))
            table.keep_with_next = True
            return table

    out: list[Flowable] = [make_head()] if make_head is not None else []
    chunks = range(0, len(rows), CHUNK_ROWS)
    touching = _by_chunk(rows_style, len(chunks))
    for k, start in enumerate(chunks):
        part = [list(r) for r in rows[start:start + CHUNK_ROWS]]
        commands = list(style)
        if k == 0:
            commands += first
        if k == len(chunks) - 1:
            commands += last
        commands += [c for c in (_shift(c, start, len(part)) for c in touching[k]) if c]
        table = Table(part, colWidths=list(widths), splitInRow=1)
        table.setStyle(TableStyle(commands))
        table.heading = make_head
        out.append(table)
    return out


def _plain(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple)):
        return " ".join(t for t in map(_plain, value) if t)
    get = getattr(value, "getPlainText", None)
    if get is not None:
        return str(get())
    parts = getattr(value, "_cellvalues", None) or getattr(value, "parts", None)
    return _plain(parts) if parts is not None else ""


def as_text(f: Flowable, make: Callable[[str], Flowable]) -> list[Flowable] | None:
    """What ``f`` says as plain paragraphs (``make`` one of a text), a row or a part a
    paragraph: the last resort for something that fits no page, so that it is printed
    plainly rather than not at all. None when ``f`` holds no text to print this way."""
    rows = getattr(f, "_cellvalues", None)
    texts = [_plain(r) for r in rows] if rows is not None else [_plain(f)]
    out = [make(piece) for text in texts if text for piece in pieces(text)]
    return out or None


PLAIN = para_style("plain", 7.5)
"""What :func:`flow` prints a flowable's text in when nothing of it fits a page."""


def flow(c: Canvas, flowables: list[Flowable], frames: Iterator[Frame]) -> Frame:
    """Lay ``flowables`` into ``frames`` in turn, splitting tables and paragraphs; a
    :class:`Group` moves to the next frame whole unless it is taller than an empty frame.
    Returns the last frame used (its ``_y`` is where the text stopped)."""
    frame = next(frames)
    queue = list(flowables)
    while queue:
        f = queue.pop(0)
        heading = getattr(f, "heading", None)
        if heading is not None and frame._atTop:  # a table continued: its heading again
            queue[:0] = [heading(), f]
            f.heading = None
            continue
        if isinstance(f, Table):
            f.splitInRow = 1  # a row taller than what is left continues, not fails
        if getattr(f, "keep_with_next", False) and queue and not frame._atTop \
                and not _fits_with_next(f, queue[0], frame, c):
            frame = next(frames)
            queue.insert(0, f)
            continue
        if frame.add(f, c, trySplit=1):
            continue
        if isinstance(f, Group):
            if frame._atTop:
                queue[:0] = f.parts
                continue
        else:
            parts = _split(f, frame, c)
            if parts and frame.add(parts[0], c, trySplit=1):
                for rest in parts[1:]:
                    rest.heading = heading
                queue[:0] = parts[1:]
                continue
        if frame._atTop:  # nothing of it fits a whole page: print its text plainly
            plain = as_text(f, lambda text: Paragraph(esc(text), PLAIN))
            if plain is None:
                raise LayoutError(f"{f.identity()} does not fit on an empty page")
            queue[:0] = plain
            continue
        frame = next(frames)
        queue.insert(0, f)
    return frame


def _split(f: Flowable, frame: Frame, c: Canvas) -> list[Flowable]:
    """``f`` split to fill what is left of ``frame``, or [] when it cannot be, or when what
    is left after the split is no shorter than ``f`` (a row holding something that cannot
    split, such as a picture taller than the page: splitting it again would never end)."""
    tall = f.wrapOn(c, frame._aW, frame._aH)[1]
    parts = frame.split(f, c)
    if len(parts) < 2 or parts[-1].wrapOn(c, frame._aW, frame._aH)[1] >= tall - 0.5:
        return []
    return list(parts)


def _fits_with_next(f: Flowable, following: Flowable, frame: Frame, c: Canvas) -> bool:
    """Whether ``f`` (a table's heading) and the first row of what follows fit together in
    what is left of ``frame``."""
    room = frame._y - frame._y1p
    height = f.wrapOn(c, frame._aW, room)[1]
    following.wrapOn(c, frame._aW, 10_000_000)
    first = getattr(following, "_rowHeights", None)
    return height + (first[0] if first else 0.0) <= room + 0.01
