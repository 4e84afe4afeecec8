"""Paragraphs and tables drawn straight on a canvas, laid out as reportlab's platypus lays
them out, at a fraction of its cost (issue 30: a roster-style pack of 500 lists).

Platypus parses each paragraph's markup with an HTML parser, breaks it into lines word by
word and measures a table cell by cell, twice; here the same markup (the little the
printouts write: ``<b>``, ``<i>``, ``<br/>``, ``<font color face>``) becomes runs of text
(:class:`builder.export.textfit.Run`) broken into lines by :mod:`builder.export.textfit`
(each word measured once per font), and a table is rows of such texts with the paddings,
backgrounds and rules platypus would draw. No page breaks: :func:`draw_blocks` draws only
what fits, else nothing (the caller flows it through platypus instead).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from builder.export.fonts import BOLD, BOLD_ITALIC, FALLBACK, ITALIC, REGULAR, register_fallback
from builder.export.fonts import runs as script_runs
from builder.export.textfit import Lines, Paragraph, Run, unit_width

LEFT, CENTRE, RIGHT = "left", "centre", "right"


class Unsupported(Exception):
    """Markup or a layout this module does not draw: the sheet flows through platypus."""


_TAG = re.compile(r"<(/?)(b|i|br|font)\b([^>]*?)/?>")
_ATTR = re.compile(r"""(\w+)\s*=\s*(?:'([^']*)'|"([^"]*)")""")
_SPACES = re.compile(r"[ \t\r\n\f\v]+")  # (a no-break space stays one)
_FACES = {(False, False): REGULAR, (True, False): BOLD, (False, True): ITALIC,
          (True, True): BOLD_ITALIC}


def markup_runs(markup: str, font: str, color: colors.Color) -> list[Run]:
    """The printouts' paragraph markup (``<b>``, ``<i>``, ``<br/>``, ``<font color face>``
    and entities, as :func:`builder.export.text.esc` and the sheet's own strings write it)
    as runs of one font and colour; a character DejaVu lacks goes to the fallback font.
    Raises :class:`Unsupported` for any other tag."""
    bold, italic = font in (BOLD, BOLD_ITALIC), font in (ITALIC, BOLD_ITALIC)
    stack: list[tuple[colors.Color | None, str | None]] = [(None, None)]
    out: list[Run] = []
    pos = 0

    def add(text: str) -> None:
        """Text between tags: its white space is a space, as in a paragraph's markup."""
        if not text:
            return
        col, face = stack[-1]
        name = face or _FACES[bold, italic]
        for other, part in script_runs(html.unescape(_SPACES.sub(" ", text))):
            out.append(Run(part, register_fallback() if other else name, col))

    for m in _TAG.finditer(markup):
        if "<" in markup[pos:m.start()] or ">" in markup[pos:m.start()]:
            raise Unsupported(markup)
        add(markup[pos:m.start()])
        pos = m.end()
        closing, tag, attrs = m.group(1) == "/", m.group(2), m.group(3)
        if tag == "br":
            out.append(Run("\n", _FACES[bold, italic], stack[-1][0]))
        elif tag == "b":
            bold = not closing
        elif tag == "i":
            italic = not closing
        elif closing:
            if len(stack) == 1:
                raise Unsupported(markup)
            stack.pop()
        else:
            found = {k: a or b for k, a, b in _ATTR.findall(attrs)}
            if set(found) - {"color", "face"} or (found.get("face") not in (None, FALLBACK)):
                raise Unsupported(markup)
            col = colors.HexColor(found["color"]) if "color" in found else stack[-1][0]
            stack.append((col, found.get("face") or stack[-1][1]))
    if "<" in markup[pos:] or ">" in markup[pos:]:
        raise Unsupported(markup)
    add(markup[pos:])
    return out


def width_of(segments: Sequence[tuple[str, str, colors.Color | None]], size: float) -> float:
    return sum(unit_width(t, f) for t, f, _c in segments) * size


@dataclass
class Text:
    """A paragraph broken into lines in ``width``, drawn left, centred or right within it."""

    lines: Lines
    width: float
    align: str = LEFT
    indent: float = 0.0
    """Of every line but the first, from the left (a finding's text beside its bullet)."""
    first: float = 0.0
    """Of the first line, from the left."""
    bullet: tuple[str, str, float] | None = None
    """(text, font, size) drawn at the left of the first line."""
    tail: tuple[str, str, float, colors.Color] | None = None
    """(text, font, size, colour) after the last line, smaller (a finding's "[warning]",
    "[note]")."""
    tail_own_line: bool = False
    string: bool = False
    """A table's plain string (one line): placed at its start, as reportlab places one."""

    @property
    def height(self) -> float:
        n = len(self.lines.lines) + (1 if self.tail_own_line else 0)
        return n * self.lines.leading

    def draw(self, c: Canvas, x: float, top: float) -> None:
        """Drawn as platypus draws a paragraph: a text object of its own, each line ended by
        a line break (a text extractor reads the same words, spaces and lines as before).
        Sets the fill colour: the caller saves the graphics state around it."""
        lines = self.lines
        if not lines.lines and self.bullet is None and self.tail is None:
            return
        size, leading = lines.size, lines.leading
        y = top - size
        if self.bullet is not None:
            text, font, bsize = self.bullet
            b = c.beginText(x, y)
            b.setFont(font, bsize)
            b.setFillColor(lines.color)
            b.textOut(text)
            c.drawText(b)
        # as platypus writes it: lines from the indent, each moved right by its offset and
        # back (text extractors read the same words, spaces and line breaks as before)
        start = x + self.indent
        if self.string and lines.lines and self.align != LEFT:
            free = self.width - width_of(lines.lines[0], size)
            start += free if self.align == RIGHT else free / 2
        t = c.beginText(start, y)
        font, color = "", None
        last = len(lines.lines) - 1
        tail_beside = self.tail is not None and not self.tail_own_line
        for n, line in enumerate(lines.lines):
            shift = self.first - self.indent if n == 0 else 0.0
            if self.align != LEFT and not self.string:
                free = self.width - self.indent - shift - width_of(line, size)
                shift += free if self.align == RIGHT else free / 2
            if shift:
                t.moveCursor(shift, 0)
            squeeze = 0.0  # a line that holds one more word by narrower spaces (platypus's)
            if self.align == LEFT and not self.string:
                over = width_of(line, size) - (self.width - self.indent - shift)
                spaces = sum(chunk.count(" ") for chunk, _f, _c in line) - (
                    line[-1][0].endswith(" ") if line else 0)
                if over > 1e-8 and spaces > 0:
                    squeeze = -over / spaces
                    t.setWordSpace(squeeze)
            for i, (chunk, chunk_font, chunk_color) in enumerate(line):
                if chunk_font != font:
                    font = chunk_font
                    t.setFont(font, size, leading)
                wanted = chunk_color or lines.color
                if wanted is not color:
                    color = wanted
                    t.setFillColor(color)
                if i < len(line) - 1 or (n == last and tail_beside):
                    t.textOut(chunk)
                else:  # the line's end, as platypus ends it (text extractors see a break)
                    t.textLine(chunk)
            if squeeze:
                t.setWordSpace(0)
            if shift and not (n == last and tail_beside):
                t.moveCursor(-shift, 0)
        if self.tail is not None:
            tail, tail_font, tail_size, tail_color = self.tail
            t.setFont(tail_font, tail_size, leading)
            t.setFillColor(tail_color)
            t.textLine(tail)
        c.drawText(t)


def broken(runs: list[Run], style: ParagraphStyle, width: float) -> Lines:
    """``runs`` in lines of ``width`` at the style's size and leading (no lines for none)."""
    if not any(r.text.strip() for r in runs):
        return Lines((), style.fontSize, style.leading, style.textColor)
    return Paragraph(runs, style.textColor).lines(style.fontSize, max(width, 1.0),
                                                  style.leading, style.spaceShrinkage)


_TEXTS: dict[tuple[object, ...], Text] = {}
"""Texts laid out, by markup, style, width and alignment: a pack's sheets repeat most of
theirs (headings, types, figures and their help)."""
_MAX_TEXTS = 20_000


def text(markup: str, style: ParagraphStyle, width: float, *, align: str | None = None
         ) -> Text:
    """``markup`` in ``style`` (font, size, leading, colour, alignment) broken into ``width``;
    the same Text for the same arguments (texts are not changed once made)."""
    key = (markup, style.fontName, style.fontSize, style.leading, style.alignment,
           style.textColor.rgb(), width, align)
    found = _TEXTS.get(key)
    if found is None:
        if len(_TEXTS) >= _MAX_TEXTS:
            _TEXTS.clear()
        found = _TEXTS[key] = _text(markup, style, width, align)
    return found


def _text(markup: str, style: ParagraphStyle, width: float, align: str | None) -> Text:
    lines = broken(markup_runs(markup, style.fontName, style.textColor), style, width)
    if align is None:
        align = {TA_CENTER: CENTRE, TA_RIGHT: RIGHT}.get(style.alignment, LEFT)
    return Text(lines, width, align)


def bulleted(markup: str, style: ParagraphStyle, width: float, bullet: str | None,
             tail: tuple[str, str, float, colors.Color] | None = None) -> Text:
    """A paragraph with a bullet as reportlab sets one: the bullet at ``bulletIndent`` in its
    own font and size, the first line after it (at least at ``leftIndent``), the others at
    ``leftIndent``; ``tail`` at the end, on the last line when it fits there."""
    first = style.leftIndent
    if bullet:
        bullet_end = style.bulletIndent + unit_width(bullet, style.bulletFontName) \
            * style.bulletFontSize + style.bulletFontSize * 0.6
        first = max(first, bullet_end)
    room = width - first
    lines = broken(markup_runs(markup, style.fontName, style.textColor), style, room)
    out = Text(lines, width, LEFT, indent=style.leftIndent, first=first,
               bullet=(bullet, style.bulletFontName, style.bulletFontSize) if bullet else None)
    if tail is not None:
        out.tail = tail
        last = lines.lines[-1] if lines.lines else ()
        used = width_of(last, style.fontSize) + (first if len(lines.lines) == 1 else
                                                 style.leftIndent)
        out.tail_own_line = used + unit_width(tail[0], tail[1]) * tail[2] > width + 1e-6
    return out


# --- blocks and tables ---------------------------------------------------------------------


@dataclass
class Block:
    """Something laid out at the full width: its height, and the spaces platypus would put
    before and after it (a space before shrinks by the space after the block above)."""

    height: float
    space_before: float = 0.0
    space_after: float = 0.0

    def draw(self, c: Canvas, x: float, top: float) -> None:
        raise NotImplementedError


@dataclass
class Gap(Block):
    """Empty space (platypus's ``Spacer``)."""

    def draw(self, c: Canvas, x: float, top: float) -> None:
        pass


@dataclass
class TextBlock(Block):
    body: Text | None = None

    def draw(self, c: Canvas, x: float, top: float) -> None:
        assert self.body is not None
        self.body.draw(c, x, top)


def text_block(markup: str, style: ParagraphStyle, width: float) -> TextBlock:
    body = text(markup, style, width)
    return TextBlock(body.height, style.spaceBefore, style.spaceAfter, body)


@dataclass
class Cell:
    """A table cell: paragraphs stacked, their ``Text``s laid out in the cell's inner width."""

    parts: list[Text]
    span: int = 1
    """Columns this cell covers (an unknown combatant's explanation)."""

    @property
    def height(self) -> float:
        return sum(p.height for p in self.parts)


@dataclass
class Pads:
    left: float = 6.0
    right: float = 6.0
    top: float = 3.0
    bottom: float = 3.0


Line = tuple[float, colors.Color]
"""(width, colour) of a rule."""


@dataclass
class Row:
    cells: list[Cell | None]
    """None: an empty cell, or one covered by a span."""
    pads: Pads
    background: colors.Color | None = None
    above: Line | None = None
    below: Line | None = None
    height: float = 0.0


@dataclass
class TableBlock(Block):
    """Rows of cells in fixed columns, drawn as reportlab draws a table: backgrounds, then the
    cells' text, then the rules. ``valign`` "middle" or "top"; ``ruled`` draws a rule before
    every column and after the last (the figures' grid); ``sides`` a rule at both sides (the
    verdict's box)."""

    widths: list[float] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    valign: str = "middle"
    ruled: Line | None = None
    sides: Line | None = None

    def draw(self, c: Canvas, x: float, top: float) -> None:
        total = sum(self.widths)
        starts = [x]
        for w in self.widths:
            starts.append(starts[-1] + w)
        c.saveState()
        y = top
        for row in self.rows:
            if row.background is not None:
                c.setFillColor(row.background)
                c.rect(x, y - row.height, total, row.height, stroke=0, fill=1)
            y -= row.height
        y = top
        for row in self.rows:
            for i, cell in enumerate(row.cells):
                if cell is None:
                    continue
                inner = cell.height
                if self.valign == "top":
                    at = y - row.pads.top
                else:
                    at = y - row.height + (row.height + row.pads.bottom - row.pads.top
                                           + inner) / 2
                for part in cell.parts:
                    part.draw(c, starts[i] + row.pads.left, at)
                    at -= part.height
            y -= row.height
        bottom = y
        c.setLineCap(0)
        aboves, belows = [], []  # the rules above rows first, as the sheet's tables order them
        y = top
        for row in self.rows:
            aboves.append((row.above, y))
            belows.append((row.below, y - row.height))
            y -= row.height
        for line, at in aboves + belows:
            if line is not None:
                c.setLineWidth(line[0])
                c.setStrokeColor(line[1])
                c.line(x, at, x + total, at)
        for line, xs in ((self.ruled, starts), (self.sides, [x, x + total])):
            if line is not None:
                c.setLineWidth(line[0])
                c.setStrokeColor(line[1])
                for at in xs:
                    c.line(at, top, at, bottom)
        c.restoreState()


def table(widths: list[float], rows: list[Row], **kw: object) -> TableBlock:
    for row in rows:
        row.height = max([row.pads.top + row.pads.bottom] + [
            cell.height + row.pads.top + row.pads.bottom for cell in row.cells
            if cell is not None])
    return TableBlock(sum(r.height for r in rows), widths=widths, rows=rows,
                      **kw)  # type: ignore[arg-type]


def laid_out(blocks: Sequence[Block], top: float, bottom: float) -> list[float] | None:
    """Where each block's top goes, platypus's way (no space before the first block, a
    space before shrunk by the space after the one above), or None when they do not all fit
    above ``bottom``. The last value is where the text stopped (its space after taken)."""
    out: list[float] = []
    y = top
    after = 0.0
    for i, b in enumerate(blocks):
        if i:
            y -= max(b.space_before - after, 0.0)
        out.append(y)
        y -= b.height
        if y < bottom - 1e-6:
            return None
        after = b.space_after
        y -= after
    out.append(y)
    return out


def draw_blocks(c: Canvas, blocks: Sequence[Block], x: float, top: float, bottom: float
                ) -> float | None:
    """Draw ``blocks`` from ``top`` down when they all fit above ``bottom``; returns where
    the text stopped, or None (nothing drawn)."""
    tops = laid_out(blocks, top, bottom)
    if tops is None:
        return None
    c.saveState()
    for b, y in zip(blocks, tops, strict=False):
        b.draw(c, x, y)
    c.restoreState()
    return tops[-1]
