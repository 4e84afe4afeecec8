"""Profile cards: poker size (63.5 × 88.9 mm), nine to a page in a 3 × 3 grid, crop marks.

A card carries everything a player looks up at the table (*Knowing your combatants*): name and
nickname, type and rank, base, faction, the stat line with the book's column names, a wound
track, abilities with their kind, equipment, and the squad deployment reminder; the table aids
the game's reference asks for (dice pools spelt out, lines such as "Move 2 hexagons", tracks
and counters to tick, a table of attacks); and the combatant's description in the space left.
Rules text and description that do not fit shrink down to a readable floor and then continue
on the next card, titled "Name (2/2)": nothing is ever cut (issue 31, item 15). Per-model
cards say which model each is ("model 2 of 3") whether or not the game has a wound track.

Text is laid out by :mod:`builder.export.textfit`: every word measured once, each text broken
into lines once at the size chosen (issue 15: 300 cards in well under a second).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph as RLParagraph

from builder.export.fonts import BOLD, ITALIC, REGULAR, register_fonts
from builder.export.palette import ACCENT, INK, MUTED, RULE, SHADE, TRACK_BELOW, TRACK_DARK
from builder.export.summary import AttackLine, ProfileSheet, WarbandSummary
from builder.export.text import capital, esc
from builder.export.textfit import LEADING, Lines, Paragraph, Run, unit_width
from builder.i18n import _, number

CARD_W = 63.5 * mm
CARD_H = 88.9 * mm
COLUMNS, ROWS = 3, 3
PAD = 3.2 * mm
"""Inner margin: keeps text clear of an imprecise cut and of the printed frame."""
INNER_W = CARD_W - 2 * PAD
INNER_H = CARD_H - 2 * PAD

BODY_SIZES = (7.5, 7.0, 6.5, 6.0)
"""Rules text sizes, largest first; 6 pt is the floor below which it continues on a new card."""
TITLE_SIZES = (10.0, 9.0, 8.0, 7.0)
SPACE_BEFORE = 0.4
"""Space above a paragraph of rules text, as a multiple of its size."""



# --- blocks: laid out once, drawn where they fall -----------------------------------------


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
        self.size, self.per_row = self.SIZES[0], 1
        if not self.written:
            for size in self.SIZES:
                self.size, self.per_row = size, self._per_row(size, room)
                if self._rows() <= (4 if shaded else 2):
                    break
        rows = 1 if self.written else self._rows()
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

    def _per_row(self, size: float, room: float) -> int:
        step, group = size + round(size * 0.3, 2), size * 0.6
        n = 1
        while (n * step) + (n // 5) * group + size <= room + 1e-6:
            n += 1
        return n - n % 5 if n >= 5 else n

    def _rows(self) -> int:
        return -(-self.plain // self.per_row) + -(-self.shaded // self.per_row)

    def _place(self, i: int) -> tuple[int, int]:
        """(row, column) of box ``i``: the shaded part starts a row of its own."""
        if i < self.plain:
            return divmod(i, self.per_row)
        row, col = divmod(i - self.plain, self.per_row)
        return row + -(-self.plain // self.per_row), col

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
        return self._x(min(self.plain + self.shaded, self.per_row) - 1) + self.size

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
            reused(c, ("boxes", self.plain, self.shaded, self.dark, self.size, self.per_row),
                   left, top - self.rows_h, self._boxes)
        if self.help is not None:
            if self.help_beside:
                self.help.draw(c, left + self.help_beside, top)
            else:
                self.help.draw(c, left, top - self.boxes_h - self.help.space_before)


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
        used, k = self.head_h, 0
        while k < len(self.rows) and used + self.row_h[k] <= room + 1e-6:
            used += self.row_h[k]
            k += 1
        if k < 1 or k >= len(self.rows):
            return None
        return (AttackTable(self.heads, self.rows[:k], self.size, self.space_before,
                            self.widths),
                AttackTable(self.heads, self.rows[k:], self.size, self.space_before,
                            self.widths))

    def draw(self, c: Canvas, x: float, top: float) -> None:
        c.setFillColor(SHADE)
        c.rect(x, top - self.head_h, INNER_W, self.head_h, stroke=0, fill=1)
        edges = [x]
        for w in self.widths:
            edges.append(edges[-1] + w)
        for cell, left in zip(self.head_cells, edges, strict=False):
            cell.draw(c, left + self.PAD_X, top - self.PAD_Y)
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


# --- card content ------------------------------------------------------------------------


HEADER_GAP = 2.4
"""Space above the stat line, the tracks, the wound track and the squad mark."""
LINE_GAP = 0.8
"""Space above the nickname, the type line and each aid line."""
GAP_AFTER_HEADER = 3.0
"""Space between the header (ending with the wound track) and the rules text."""


def _title(name: str) -> TextBlock:
    """The name on one line at the largest size that fits; at the smallest it may wrap."""
    unit = unit_width(name, BOLD)
    size = next((s for s in TITLE_SIZES if unit * s <= INNER_W), TITLE_SIZES[-1])
    return text_block([Run(name, BOLD)], size, ACCENT)


def _type_line(p: ProfileSheet) -> str:
    parts = [capital(p.type)]
    if p.rank:
        parts.append(p.rank)
    if p.base:
        parts.append(_("{size} mm base").format(size=p.base))
    parts.append(p.faction)
    return " · ".join(parts)


def _options(p: ProfileSheet) -> str:
    """"Test Banner, Test Axe (Test Command +1)": each option with what it adds besides
    points."""
    out = []
    for o in p.options:
        adds = ", ".join(f"{label} +{n}" for label, n in o.adds)
        out.append(_("{option} ({adds})").format(option=o.printed, adds=adds) if adds
                   else o.printed)
    return ", ".join(out)


def header(p: ProfileSheet, part: int, parts: int, model: int | None) -> list[Block]:
    """The top of a card. A continuation repeats only the name, the type line and the part."""
    suffix = f" ({part}/{parts})" if parts > 1 else ""
    out: list[Block] = [_title(p.name + suffix)]
    if p.nickname:
        out.append(text_block([Run(p.nickname, ITALIC)], 7.5, space_before=LINE_GAP))
    if p.options:  # SPEC §9: what these models took, on every card of them
        out.append(text_block([Run(_("Options:") + " ", BOLD), Run(_options(p), REGULAR)],
                              7.0, space_before=LINE_GAP))
    line = _type_line(p)
    if model is not None and p.count > 1:  # per-model cards: which of the identical ones
        line = _("{line} · model {n} of {count}").format(line=line, n=model, count=p.count)
    if part > 1:
        line = _("{line} · continued").format(line=line)
    out.append(text_block([Run(line, REGULAR)], 6.5, MUTED, space_before=LINE_GAP + 1))
    if part == 1:
        out += _first_card(p, model)
    return out


def _first_card(p: ProfileSheet, model: int | None) -> list[Block]:
    out: list[Block] = []
    if p.stats:  # a game without a stat line (or all of it in aids) prints no empty box
        out.append(StatLine(p.stats, HEADER_GAP))
    aids = p.aids
    for i, (label, text) in enumerate(aids.lines):
        out.append(text_block([Run(label + " ", BOLD), Run(text, REGULAR)], 7.0,
                              space_before=HEADER_GAP if i == 0 else LINE_GAP))
    labels = [t.name + f" {t.value}" for t in aids.tracks] + [k.name for k in aids.counters]
    label_w = max((unit_width(label, BOLD) * BoxRow.LABEL + 4 for label in labels), default=0)
    for t in aids.tracks:
        shaded = t.value + 1 if t.below_zero else 0  # 0, then -1 … -value
        out.append(BoxRow(f"{t.name} {t.value}", t.value, shaded, t.help, label_w,
                          HEADER_GAP, t.dark))
    for k in aids.counters:
        out.append(BoxRow(k.name, k.boxes, 0, k.help, label_w, HEADER_GAP))
    if p.wounds:
        out.append(WoundTrack(p.wounds, "", HEADER_GAP))
    if p.squad:
        out.append(SquadMark(p.squad_note, HEADER_GAP))
    return out


class _Text:
    """A paragraph of the body: measured once, laid out at whichever size is tried."""

    def __init__(self, runs: Sequence[Run]) -> None:
        self.paragraph = Paragraph(runs, INK)

    def least(self, size: float) -> float:
        return self.paragraph.estimate(size, INNER_W) * _leading(size)

    def layout(self, size: float) -> Block:
        return TextBlock(self.paragraph.lines(size, INNER_W), size * SPACE_BEFORE)


class _Attacks:
    def __init__(self, p: ProfileSheet) -> None:
        self.p = p

    def least(self, size: float) -> float:
        return 0.0

    def layout(self, size: float) -> Block:
        return AttackTable(self.p.aids.attack_heads, self.p.aids.attacks, size,
                           size * SPACE_BEFORE)


_Item = _Text | _Attacks


def _kind(label: str) -> list[Run]:
    return [Run(f" ({label})", ITALIC)] if label else []


def body_items(p: ProfileSheet) -> list[_Item]:
    """Attacks (a table, in games whose reference asks for one), abilities with their kind,
    equipment and tags, in print order.

    Abilities without rules text (racial ones described in the faction's Manuscript, most
    universal ones) share one paragraph so they do not take a line each.
    """
    out: list[_Item] = [_Text([Run(o.name, BOLD), Run(": " + o.text, REGULAR)])
                        for o in p.options if o.text]
    if p.aids.attacks:
        out.append(_Attacks(p))
    bare = [a for a in p.abilities if not a.text]
    if bare:
        runs = [Run(_("Abilities:") + " ", BOLD)]
        for i, a in enumerate(bare):
            runs.append(Run(a.name + ("" if a.label or i == len(bare) - 1 else ", "), REGULAR))
            if a.label:
                runs += _kind(a.label)
                if i < len(bare) - 1:
                    runs.append(Run(", ", REGULAR))
        out.append(_Text(runs))
    for a in p.abilities:
        if a.text:
            out.append(_Text([Run(a.name, BOLD), *_kind(a.label), Run(": " + a.text, REGULAR)]))
    for label, items in ((_("Equipment:"), p.equipment),
                         (_("Unique equipment:"), p.unique_equipment), (_("Tags:"), p.tags)):
        if items:
            out.append(_Text([Run(label + " ", BOLD), Run(", ".join(items), REGULAR)]))
    return out


def _stacked(blocks: Sequence[Block]) -> float:
    """The height of ``blocks`` one under the other, as :func:`_stack` draws them."""
    return sum(b.height + (b.space_before if i else 0.0) for i, b in enumerate(blocks))


def _stack(c: Canvas, blocks: Sequence[Block], left: float, top: float) -> float:
    """Draw ``blocks`` downwards from ``top``; returns the new top."""
    for i, b in enumerate(blocks):
        if i:
            top -= b.space_before
        b.draw(c, left, top)
        top -= b.height
    return top


def paginate(blocks: list[Block], first_room: float, next_room: float) -> list[list[Block]]:
    """Split ``blocks`` into chunks: the first fits ``first_room`` points of height (the
    first card, under the stat line), every other one ``next_room`` (a continuation card).

    Text is split between lines and tables between rows; space before a block counts only
    when it is not the first of its chunk.
    """
    pages: list[list[Block]] = [[]]
    avail = first_room
    queue = list(blocks)
    while queue:
        b = queue.pop(0)
        space = b.space_before if pages[-1] else 0.0
        if b.height + space <= avail + 0.01:
            pages[-1].append(b)
            avail -= b.height + space
            continue
        parts = b.split(avail - space) if avail - space > 0 else None
        if parts is not None:
            pages[-1].append(parts[0])
            queue.insert(0, parts[1])
            avail -= parts[0].height + space
            continue
        if not pages[-1]:
            raise ValueError(f"{b!r} does not fit on an empty card")
        pages.append([])
        avail = next_room
        queue.insert(0, b)
    return pages


def _description(p: ProfileSheet) -> Paragraph | None:
    return Paragraph([Run(p.description, ITALIC)], INK) if p.description else None


def _described(description: Paragraph | None, size: float, room: float,
               first: bool) -> list[Block] | None:
    """The description in the ``room`` left under the rules text, whole, at the largest size
    up to the rules text's that holds it; [] when there is none, None when it does not fit
    (then it continues on the next card: it is never cut)."""
    if description is None:
        return []
    for tried in BODY_SIZES:
        if tried > size:
            continue
        space = 0.0 if first else tried * SPACE_BEFORE
        if description.estimate(tried, INNER_W) * _leading(tried) > room - space:
            continue
        lines = description.lines(tried, INNER_W)
        if lines.height <= room - space + 0.01:
            return [TextBlock(lines, tried * SPACE_BEFORE)]
    return None


def _fit(items: list[_Item], description: Paragraph | None, room: float,
         laid: dict[float, list[Block]]) -> tuple[float, list[Block]] | None:
    """The largest size at which the rules text and the whole description fit ``room``, and
    their blocks; None when not even the floor size holds them. A text is broken into lines
    only at a size its least height does not already rule out."""
    for size in BODY_SIZES:
        if sum(item.least(size) for item in items) > room:
            continue
        if size not in laid:
            laid[size] = [item.layout(size) for item in items]
        used = _stacked(laid[size])
        if used > room:
            continue
        described = _described(description, size, room - used, not laid[size])
        if described is not None:
            return size, laid[size] + described
    return None


@dataclass
class Face:
    """One printed card: the first face of a profile, or a continuation."""

    profile: ProfileSheet
    part: int
    parts: int
    header: list[Block]
    body: list[Block]
    model: int | None = None
    """Which model (1-based) this card's wound track is for, in per-model mode."""
    size: float = BODY_SIZES[0]
    """The rules text size used (points)."""


def faces(p: ProfileSheet, per_model: bool = False) -> list[Face]:
    """The cards printed for one profile: the first at the largest text size that fits, or
    at the floor size followed by as many continuation cards as needed."""
    register_fonts()
    models: list[int | None] = list(range(1, p.count + 1)) if per_model else [None]
    heads = {m: header(p, 1, 1, m) for m in models}
    room_first = INNER_H - max(_stacked(h) for h in heads.values()) - GAP_AFTER_HEADER
    items = body_items(p)
    description = _description(p)
    laid: dict[float, list[Block]] = {}
    found = _fit(items, description, room_first, laid)
    if found is not None:
        size, body = found
        return [Face(p, 1, 1, heads[m], body, m, size) for m in models]
    # Continue on further cards, the description last; the "(k/n)" title may itself wrap,
    # so settle n first.
    floor = BODY_SIZES[-1]
    if floor not in laid:
        laid[floor] = [item.layout(floor) for item in items]
    blocks = laid[floor] + ([TextBlock(description.lines(floor, INNER_W),
                                       floor * SPACE_BEFORE)] if description else [])
    parts = 2
    for _attempt in range(4):
        first = {m: header(p, 1, parts, m) for m in models}
        room_first = INNER_H - max(_stacked(h) for h in first.values()) - GAP_AFTER_HEADER
        room_next = INNER_H - _stacked(header(p, parts, parts, None)) - GAP_AFTER_HEADER
        chunks = paginate(blocks, room_first, room_next)
        if len(chunks) == parts:
            break
        parts = len(chunks)
    parts = len(chunks)
    first = {m: header(p, 1, parts, m) for m in models}
    out = [Face(p, 1, parts, first[m], chunks[0], m, floor) for m in models]
    out += [Face(p, k + 1, parts, header(p, k + 1, parts, None), chunk, None, floor)
            for k, chunk in enumerate(chunks) if k]
    return out


def content_height(face: Face) -> float:
    """The height a face's header and rules text take; never more than the card holds."""
    return _stacked(face.header) + GAP_AFTER_HEADER + _stacked(face.body)


# --- drawing -----------------------------------------------------------------------------


def draw_card(c: Canvas, face: Face, x: float, y: float) -> None:
    """Draw ``face`` with its lower-left corner at (x, y)."""
    c.saveState()
    reused(c, ("frame",), x, y, _frame)
    left, top = x + PAD, y + CARD_H - PAD
    top = _stack(c, face.header, left, top)
    top -= GAP_AFTER_HEADER
    c.setStrokeColor(RULE)
    c.setLineWidth(0.4)
    c.line(left, top + GAP_AFTER_HEADER / 2, left + INNER_W, top + GAP_AFTER_HEADER / 2)
    _stack(c, face.body, left, top)
    c.restoreState()


def _frame(c: Canvas) -> None:
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.roundRect(1.4 * mm, 1.4 * mm, CARD_W - 2.8 * mm, CARD_H - 2.8 * mm, 2 * mm)


def crop_marks(c: Canvas, x0: float, y0: float, page_w: float, page_h: float) -> None:
    """Short lines in the margin continuing every cut line of the grid."""
    gap, length = 1.5 * mm, 5 * mm
    right, top = x0 + COLUMNS * CARD_W, y0 + ROWS * CARD_H
    c.saveState()
    c.setStrokeColor(INK)
    c.setLineWidth(0.3)
    top_len = min(length, page_h - top - gap - 1 * mm)
    side_len = min(length, x0 - gap - 1 * mm)
    for i in range(COLUMNS + 1):
        x = x0 + i * CARD_W
        c.line(x, top + gap, x, top + gap + top_len)
        c.line(x, y0 - gap, x, y0 - gap - top_len)
    for j in range(ROWS + 1):
        y = y0 + j * CARD_H
        c.line(x0 - gap, y, x0 - gap - side_len, y)
        c.line(right + gap, y, right + gap + side_len, y)
    c.restoreState()


def all_faces(summary: WarbandSummary, per_model: bool) -> list[Face]:
    return [f for p in summary.profiles for f in faces(p, per_model)]


def draw_cards(c: Canvas, summary: WarbandSummary, page_size: tuple[float, float],
               per_model: bool = False) -> int:
    """Draw every card, nine to a page; returns the number of pages drawn."""
    page_w, page_h = page_size
    x0 = (page_w - COLUMNS * CARD_W) / 2
    y0 = (page_h - ROWS * CARD_H) / 2
    cards = all_faces(summary, per_model)
    if not cards:
        _no_cards_page(c, summary, page_w, page_h)
        return 1
    per_page = COLUMNS * ROWS
    pages = 0
    for start in range(0, len(cards), per_page):
        for slot, face in enumerate(cards[start:start + per_page]):
            row, col = divmod(slot, COLUMNS)
            draw_card(c, face, x0 + col * CARD_W, y0 + (ROWS - 1 - row) * CARD_H)
        crop_marks(c, x0, y0, page_w, page_h)
        c.showPage()
        pages += 1
    return pages


def _no_cards_page(c: Canvas, summary: WarbandSummary, page_w: float, page_h: float) -> None:
    """Say why there is nothing to print rather than producing an empty file."""
    if summary.faction_name is None:
        why = _("The faction '{faction}' is not in the loaded data, so no profile can be "
                "printed.").format(faction=summary.faction_id)
    elif summary.roster:
        why = _("None of the combatants in this list is in the faction data.")
    else:
        why = _("This list has no combatants yet.")
    style = ParagraphStyle("notice", fontName=REGULAR, fontSize=11, leading=15,
                           alignment=TA_CENTER)
    title = _("<b>No profile cards for {name}</b>").format(name=esc(summary.name))
    p = RLParagraph(f"{title}<br/>{esc(why)}", style)
    _w, h = p.wrap(page_w - 50 * mm, page_h)
    p.drawOn(c, 25 * mm, page_h * 0.6 - h)
    c.showPage()
