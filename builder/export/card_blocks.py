"""The blocks a profile card is made of (:mod:`builder.export.cards`): laid out once, drawn
where they fall. Text, the stat line, the wound track, the squad mark, rows of boxes to tick and
the table of attacks; each knows its height before it is drawn, so a card's content can be
measured, shrunk and split across cards before anything is put on paper.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from builder.export.fonts import BOLD, ITALIC, REGULAR
from builder.export.palette import ACCENT, INK, MUTED, RULE, SHADE, TRACK_BELOW, TRACK_DARK
from builder.export.summary import AttackLine
from builder.export.textfit import LEADING, Lines, Paragraph, Run, unit_width
from builder.i18n import _, number
from builder.model.play import box_rows

CARD_W = 63.5 * mm
CARD_H = 88.9 * mm
PAD = 3.2 * mm
"""Inner margin: keeps text clear of an imprecise cut and of the printed frame."""
INNER_W = CARD_W - 2 * PAD
INNER_H = CARD_H - 2 * PAD


class Block:
    """Something printed on a card, its height known before it is drawn."""

    height: float = 0.0
    space_before: float = 0.0
    """Space above it, unless it is the first of its card's header or body."""

    def draw(self, c: Canvas, x: float, top: float) -> None:
        raise NotImplementedError

    def split(self, room: float) -> tuple[Block, Block] | None:
        """A first part at most ``room`` high and the rest; None when it cannot be split."""
        return None


class TextBlock(Block):
    """Lines of text (:class:`textfit.Lines`)."""

    def __init__(self, lines: Lines, space_before: float = 0.0) -> None:
        self.lines = lines
        self.height = lines.height
        self.space_before = space_before

    def draw(self, c: Canvas, x: float, top: float) -> None:
        self.lines.draw(c, x, top)

    def split(self, room: float) -> tuple[Block, Block] | None:
        n = math.floor(room / self.lines.leading + 1e-6)
        if n < 1 or n >= len(self.lines.lines):
            return None
        return (TextBlock(self.lines.head(n), self.space_before),
                TextBlock(self.lines.tail(n), self.space_before))

    @property
    def text(self) -> str:
        """What the block prints, line by line (for tests and messages)."""
        return "\n".join("".join(t for t, _f, _c in line) for line in self.lines.lines)


def _leading(size: float) -> float:
    return round(size * LEADING, 2)


def text_block(runs: Sequence[Run], size: float, color: colors.Color = INK,
               width: float = INNER_W, space_before: float = 0.0) -> TextBlock:
    return TextBlock(Paragraph(runs, color).lines(size, width), space_before)


def reused(c: Canvas, key: tuple[object, ...], x: float, y: float,
           draw: Callable[[Canvas], None]) -> None:
    """Draw what ``draw`` draws from the origin, at (x, y): the first time into a PDF form
    (an XObject), every later time by naming that form. A card's frame, its stat table's
    headings and its rows of boxes are the same on most cards of a list: drawn once, they
    make the file smaller and the printing faster."""
    forms: dict[tuple[object, ...], str] = c.__dict__.setdefault("_card_forms", {})
    name = forms.get(key)
    if name is None:
        name = forms[key] = f"card{len(forms)}"
        c.beginForm(name)
        draw(c)
        c.endForm()
    c.saveState()
    c.translate(x, y)
    c.doForm(name)
    c.restoreState()


class StatLine(Block):
    """The book's stat table: column names over values, one column each."""

    HEAD = 5.6
    VALUE = 8.5

    def __init__(self, stats: Sequence[tuple[str, str]], space_before: float = 0.0) -> None:
        self.stats = list(stats)
        self.head_h, self.value_h = self.HEAD + 3.2, self.VALUE + 4.0
        self.height = self.head_h + self.value_h
        self.space_before = space_before

    def draw(self, c: Canvas, x: float, top: float) -> None:
        y = top - self.height
        col = INNER_W / max(len(self.stats), 1)
        reused(c, ("stats", tuple(n for n, _v in self.stats)), x, y, self._frame)
        # the values in one text object (a canvas string each was most of a card's drawing
        # time), centred by their cached widths
        text = c.beginText()
        text.setFillColor(INK)
        font_size = 0.0
        for i, (_name, shown) in enumerate(self.stats):
            mid = x + (i + 0.5) * col
            size = self.VALUE
            unit = unit_width(shown, BOLD)
            while size > 5 and unit * size > col - 1.5:
                size -= 0.5
            if size != font_size:
                text.setFont(BOLD, size)
                font_size = size
            text.setTextOrigin(mid - unit * size / 2, y + (self.value_h - size * 0.72) / 2)
            text.textOut(shown)
        c.drawText(text)

    def _frame(self, c: Canvas) -> None:
        """The table without its values: the same on every card with these columns."""
        width = INNER_W
        n = max(len(self.stats), 1)
        col = width / n
        c.setFillColor(SHADE)
        c.rect(0, self.value_h, width, self.head_h, stroke=0, fill=1)
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.rect(0, 0, width, self.height, stroke=1, fill=0)
        for i in range(1, n):
            c.line(i * col, 0, i * col, self.height)
        text = c.beginText()
        text.setFillColor(MUTED)
        text.setFont(BOLD, self.HEAD)
        starts = [(i + 0.5) * col - unit_width(name, BOLD) * self.HEAD / 2
                  for i, (name, _shown) in enumerate(self.stats)]
        text.setTextOrigin(starts[0] if starts else 0, self.value_h + 2.0)
        for i, (name, _shown) in enumerate(self.stats):
            if i:
                text.moveCursor(starts[i] - starts[i - 1], 0)
            text.textOut(name)
        c.drawText(text)


class WoundTrack(Block):
    """A row of tick boxes, one per wound level (*Attributes*: 5 unless stated otherwise)."""

    BOX = 8.0
    GAP = 3.0
    LABEL = 6.0
    MAX_BOXES = 30
    """More wounds than this (a data file may give up to 999,999) are printed as a number:
    the boxes would not fit on a card, and drawing a million of them would take minutes."""

    def __init__(self, wounds: int, note: str = "", space_before: float = 0.0) -> None:
        self.wounds, self.note = wounds, note
        self.label_w = unit_width(_("Wounds"), BOLD) * self.LABEL + 4
        note_w = unit_width(note, ITALIC) * self.LABEL + 4 if note else 0
        room = max(INNER_W - self.label_w - note_w, self.BOX)
        self.per_row = max(1, int((room + self.GAP) // (self.BOX + self.GAP)))
        boxes = wounds if 0 < wounds <= self.MAX_BOXES else 1
        rows = -(-boxes // self.per_row)
        self.height = rows * self.BOX + (rows - 1) * self.GAP
        self.space_before = space_before

    def draw(self, c: Canvas, x: float, top: float) -> None:
        c.setFillColor(INK)
        c.setFont(BOLD, self.LABEL)
        c.drawString(x, top - self.BOX + 1.6, _("Wounds"))
        if self.note:
            c.setFont(ITALIC, self.LABEL)
            c.setFillColor(MUTED)
            c.drawRightString(x + INNER_W, top - self.BOX + 1.6, self.note)
        if self.wounds > self.MAX_BOXES:
            c.setFillColor(INK)
            c.setFont(BOLD, self.BOX)
            c.drawString(x + self.label_w, top - self.BOX + 1.2, number(self.wounds))
            return
        reused(c, ("wounds", self.wounds, self.per_row), x + self.label_w, top - self.height,
               self._boxes)

    def _boxes(self, c: Canvas) -> None:
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        for i in range(self.wounds):
            row, col = divmod(i, self.per_row)
            bx = col * (self.BOX + self.GAP)
            by = self.height - (row + 1) * self.BOX - row * self.GAP
            c.roundRect(bx, by, self.BOX, self.BOX, 1.2, stroke=1, fill=0)


class SquadMark(Block):
    """The squad badge and the deployment reminder (*Recruiting a Warband*, Squads)."""

    SIZE = 6.0
    def __init__(self, note: str | None, space_before: float = 0.0) -> None:
        self.badge = _("SQUAD")
        self.badge_w = unit_width(self.badge, BOLD) * self.SIZE + 5
        self.text = text_block([Run(note or _("forms a squad"), ITALIC)], self.SIZE,
                               width=INNER_W - self.badge_w - 3)
        self.height = max(self.text.height, self.SIZE + 3)
        self.space_before = space_before

    def draw(self, c: Canvas, x: float, top: float) -> None:
        bh = self.SIZE + 3
        c.setFillColor(ACCENT)
        c.roundRect(x, top - bh, self.badge_w, bh, 1.5, stroke=0, fill=1)
        c.setFillColor(colors.white)
        c.setFont(BOLD, self.SIZE)
        c.drawCentredString(x + self.badge_w / 2, top - bh + 2.1, self.badge)
        self.text.draw(c, x + self.badge_w + 3, top)


class BoxRow(Block):
    """A labelled row of boxes to tick: a track sized by a stat, or a counter of a fixed number
    of boxes. A track that counts below zero continues on rows of its own with a 0 box and
    shaded boxes. Boxes come in groups of five so they can be counted at a glance; they
    shrink so a track keeps to two rows (two more below zero), and past ``MAX_BOXES`` a box
    to write the count in replaces them."""

    LABEL = 6.0
    SIZES = (8.0, 6.5, 5.5, 4.5)
    MAX_BOXES = 120
    HELP = 5.5
    BELOW = TRACK_BELOW
    DARK = TRACK_DARK

    def __init__(self, label: str, plain: int, shaded: int = 0, help_text: str = "",
                 label_w: float = 0.0, space_before: float = 0.0, dark: int = 0) -> None:
        self.label, self.plain, self.shaded = label, plain, shaded
        self.dark = min(dark, shaded)  # the last of the shaded boxes, shaded darker
        self.space_before = space_before
        self.label_w = max(label_w, unit_width(label, BOLD) * self.LABEL + 4)
        room = INNER_W - self.label_w
        self.written = plain + shaded > self.MAX_BOXES
        self.size, self.lines = self.SIZES[0], [plain + shaded]
        if not self.written:
            for size in self.SIZES:
                self.size, self.lines = size, self._lines(size, room)
                if len(self.lines) <= (4 if shaded else 2):
                    break
        rows = 1 if self.written else len(self.lines)
        self.rows = rows
        self.boxes_h = self.SIZES[0] if self.written else rows * self.size + (rows - 1) * self.gap
        self.help: TextBlock | None = None
        self.help_beside = 0.0
        height = self.boxes_h
        if help_text and not self.written:  # (a note on the boxes: none to note on)
            end = self._end()
            beside = room - end - 4
            if rows == 1 and beside >= 60:
                self.help = text_block([Run(help_text, ITALIC)], self.HELP, MUTED, beside)
                self.help_beside = end + 4
                height = max(height, self.help.height)
            else:
                self.help = text_block([Run(help_text, ITALIC)], self.HELP, MUTED, room,
                                       space_before=1.2)
                height += self.help.space_before + self.help.height
        self.height = height

    @property
    def gap(self) -> float:
        return round(self.size * 0.3, 2)

    def _x(self, col: int) -> float:
        """Left edge of the box in column ``col`` of a row, from the boxes' start."""
        return col * (self.size + self.gap) + (col // 5) * self.size * 0.6

    def _lines(self, size: float, room: float) -> list[int]:
        """The boxes of each row at ``size``: the plain part's rows, then the shaded part's."""
        step, group = size + round(size * 0.3, 2), size * 0.6
        fit = 1  # how many boxes fit on a row
        while (fit * step) + (fit // 5) * group + size <= room + 1e-6:
            fit += 1
        per_row = fit - fit % 5 if fit >= 5 else fit  # whole groups, so that rows line up
        return (box_rows(self.plain, per_row, fit, group=5)
                + box_rows(self.shaded, per_row, fit, group=5))

    def _place(self, i: int) -> tuple[int, int]:
        """(row, column) of box ``i``: the shaded part starts a row of its own."""
        for row, n in enumerate(self.lines):
            if i < n:
                return row, i
            i -= n
        raise IndexError(i)

    @property
    def rows_h(self) -> float:
        return self.rows * self.size + (self.rows - 1) * self.gap

    def _boxes(self, c: Canvas) -> None:
        """The boxes, from the lower-left corner of their rows."""
        c.setStrokeColor(INK)
        c.setLineWidth(0.6 if self.size >= 6 else 0.45)
        radius = min(1.2, self.size * 0.15)
        c.setFillColor(self.BELOW)
        top = self.rows_h
        dark_from = self.plain + self.shaded - self.dark
        for i in range(self.plain + self.shaded):
            row, col = self._place(i)
            if i == dark_from:
                c.setFillColor(self.DARK)
            c.roundRect(self._x(col), top - (row + 1) * self.size - row * self.gap, self.size,
                        self.size, radius, stroke=1, fill=1 if i >= self.plain else 0)
        if self.shaded:  # the 0 box, first below zero
            row, col = self._place(self.plain)
            c.setFillColor(INK)
            c.setFont(BOLD, self.size * 0.7)
            c.drawCentredString(self._x(col) + self.size / 2,
                                top - (row + 1) * self.size - row * self.gap
                                + self.size * 0.22, "0")

    def _end(self) -> float:
        """Where the first row's boxes end (for a note beside a one-row counter)."""
        return self._x(self.lines[0] - 1) + self.size

    def draw(self, c: Canvas, x: float, top: float) -> None:
        first = self.SIZES[0] if self.written else self.size
        c.setFillColor(INK)
        c.setFont(BOLD, self.LABEL)
        c.drawString(x, top - max(first, self.LABEL * 1.1) / 2 - self.LABEL * 0.36,
                     self.label)
        left = x + self.label_w
        c.setStrokeColor(INK)
        if self.written:  # too many boxes for a card: a field to write the count in
            c.setLineWidth(0.6)
            c.roundRect(left, top - first, first * 5, first, 1.2, stroke=1, fill=0)
        else:
            reused(c, ("boxes", self.plain, self.shaded, self.dark, self.size, *self.lines),
                   left, top - self.rows_h, self._boxes)
        if self.help is not None:
            if self.help_beside:
                self.help.draw(c, left + self.help_beside, top)
            else:
                self.help.draw(c, left, top - self.boxes_h - self.help.space_before)


def rows_fitting(head_h: float, row_h: Sequence[float], room: float) -> int | None:
    """How many rows of a table (its heading ``head_h`` high, each row as ``row_h`` says)
    fit in ``room``, when at least one does and some do not (None otherwise: the table is
    not split)."""
    used, k = head_h, 0
    while k < len(row_h) and used + row_h[k] <= room + 1e-6:
        used += row_h[k]
        k += 1
    return k if 1 <= k < len(row_h) else None


def draw_head(c: Canvas, x: float, top: float, widths: Sequence[float], head_h: float,
              cells: Sequence[TextBlock], pads: tuple[float, float], width: float
              ) -> list[float]:
    """A card table's shaded heading row; returns the columns' left edges (and the right
    one)."""
    c.setFillColor(SHADE)
    c.rect(x, top - head_h, width, head_h, stroke=0, fill=1)
    edges = [x]
    for w in widths:
        edges.append(edges[-1] + w)
    for cell, left in zip(cells, edges, strict=False):
        cell.draw(c, left + pads[0], top - pads[1])
    return edges


class AttackTable(Block):
    """The attacks of a combatant: a row each, its name and kind on a line across the card,
    then a column for each part of its text (Torn: dice, range, damage), remarks under them.
    Splits between rows, the heading repeated."""

    PAD_X = 1.6
    PAD_Y = 1.1

    def __init__(self, heads: Sequence[str], rows: Sequence[AttackLine], size: float,
                 space_before: float = 0.0, widths: list[float] | None = None) -> None:
        self.heads, self.rows, self.size = list(heads), list(rows), size
        self.space_before = space_before
        self.head_size = round(size * 0.82, 2)
        self.widths = widths or self._widths()
        self.head_cells = [text_block([Run(h, BOLD)], self.head_size, MUTED,
                                      w - 2 * self.PAD_X)
                           for h, w in zip(self.heads, self.widths, strict=True)]
        self.head_h = max(b.height for b in self.head_cells) + 2 * self.PAD_Y
        self.names: list[TextBlock] = []
        self.cells: list[list[TextBlock]] = []
        self.notes: list[TextBlock | None] = []
        self.row_h: list[float] = []
        for row in self.rows:
            name = text_block([Run(row.name, BOLD)] + ([Run(" · " + row.kind, ITALIC, MUTED)]
                                                       if row.kind else []),
                              size, INK, INNER_W - 2 * self.PAD_X)
            cells = [text_block([Run(cell, REGULAR)], size, INK, w - 2 * self.PAD_X)
                     for cell, w in zip(row.cells, self.widths, strict=True)]
            note = text_block([Run(row.note, ITALIC)], size, INK, INNER_W - 2 * self.PAD_X) \
                if row.note else None
            self.names.append(name)
            self.cells.append(cells)
            self.notes.append(note)
            self.row_h.append(name.height + max(b.height for b in cells) + 2 * self.PAD_Y
                              + (note.height if note else 0.0))
        self.height = self.head_h + sum(self.row_h)

    def _widths(self) -> list[float]:
        """Every column as wide as its longest cell when the card has room; otherwise each
        gets its longest word, and the room left goes to the columns short of their want,
        the nearest first (a range of "4 hexes" stays on one line before a dice pool does)."""
        pad = 2 * self.PAD_X
        want, least = [], []
        for j, head in enumerate(self.heads):
            cells = [r.cells[j] for r in self.rows]
            head_w = unit_width(head, BOLD) * self.head_size + pad
            want.append(max([head_w] + [unit_width(t, REGULAR) * self.size + pad
                                        for t in cells]))
            least.append(max([head_w] + [unit_width(w, REGULAR) * self.size + pad
                                         for t in cells for w in t.split()]))
        if sum(want) <= INNER_W:  # room to spare: the first column (the dice) takes it
            return [want[0] + INNER_W - sum(want), *want[1:]]
        if sum(least) >= INNER_W:
            return [INNER_W * w / sum(least) for w in least]
        widths = list(least)
        left = INNER_W - sum(least)
        for j in sorted(range(len(want)), key=lambda j: want[j] - least[j]):
            more = min(want[j] - least[j], left)
            widths[j] += more
            left -= more
        return widths

    def split(self, room: float) -> tuple[Block, Block] | None:
        k = rows_fitting(self.head_h, self.row_h, room)
        if k is None:
            return None
        return (AttackTable(self.heads, self.rows[:k], self.size, self.space_before,
                            self.widths),
                AttackTable(self.heads, self.rows[k:], self.size, self.space_before,
                            self.widths))

    def draw(self, c: Canvas, x: float, top: float) -> None:
        edges = draw_head(c, x, top, self.widths, self.head_h, self.head_cells,
                          (self.PAD_X, self.PAD_Y), INNER_W)
        y = top - self.head_h
        c.setStrokeColor(RULE)
        c.setLineWidth(0.3)
        for name, cells, note, h in zip(self.names, self.cells, self.notes, self.row_h,
                                        strict=True):
            name.draw(c, x + self.PAD_X, y - self.PAD_Y)
            row_top = y - self.PAD_Y - name.height
            for cell, left in zip(cells, edges, strict=False):
                cell.draw(c, left + self.PAD_X, row_top)
            if note is not None:
                note.draw(c, x + self.PAD_X, y - h + note.height + self.PAD_Y)
            y -= h
            c.line(x, y, x + INNER_W, y)
        c.setLineWidth(0.4)
        c.rect(x, top - self.height, INNER_W, self.height, stroke=1, fill=0)
