"""Unit cards of a BattleScribe roster: one card per unit (a root selection that is a model
or a unit, or holds profiles), poker size, nine to a page with crop marks, as the warband's
profile cards (:mod:`builder.export.cards`, whose frame, grid and splitting are reused).

A card carries the unit's name and number, its category and costs, its upgrades, its
profiles as tables (one per profile type, the type's characteristics as columns, fitted as on
the sheet: smaller type down to a floor, then a second band of columns) and its rules, each
once, with their text, then its notes. What does not fit at the floor size continues on the
next card, "Name (2/3)": nothing is cut.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas

from builder.export.card_blocks import (
    INNER_H,
    INNER_W,
    Block,
    TextBlock,
    draw_head,
    rows_fitting,
    text_block,
)
from builder.export.cards import (
    GAP_AFTER_HEADER,
    LINE_GAP,
    draw_grid,
    notice_page,
    paginate,
    stacked,
)
from builder.export.fonts import BOLD, ITALIC, REGULAR, register_fonts
from builder.export.palette import ACCENT, INK, MUTED, RULE
from builder.export.roster.sheet import cost_text, numbered, upgrades_text
from builder.export.roster.summary import (
    ProfileLine,
    ProfileTable,
    RosterSummary,
    RuleLine,
    SelectionLine,
)
from builder.export.roster.tables import Band, fit_table, measure
from builder.export.text import esc
from builder.export.textfit import Paragraph, Run, unit_width
from builder.i18n import _

BODY_SIZES = (7.0, 6.5, 6.0)
"""Rules text and tables, largest first; 6 pt is the floor, below which a card continues."""
TITLE_SIZES = (10.0, 9.0, 8.0, 7.0)
SPACE_BEFORE = 0.5
"""Space above a body part, as a multiple of its size."""
LONG_CELL = 600
"""A profile with a value longer than this (characters) is printed as text, not in a table
row (no row of a card's table holds it, and laying it out at every width tried is slow)."""
TALL_ROW = INNER_H / 2
"""A table row taller than this is printed as text (a table row cannot continue on the
next card)."""


@lru_cache(maxsize=8192)
def _measured(text: str, font: str, color: Color) -> Paragraph:
    """A cell's text measured once: a unit's tables are laid out at several sizes, and the
    same weapons and names fill many cards."""
    return Paragraph([Run(text, font)], color)


def _cell(text: str, font: str, color: Color, size: float, width: float) -> TextBlock:
    return TextBlock(_measured(text, font, color).lines(size, width))


class ProfileTableBlock(Block):
    """Some columns of a profile type's table (a band): a shaded heading row, then a row
    per profile, its name in bold. Splits between rows, the heading repeated."""

    PAD_X = 1.5
    PAD_Y = 1.0

    def __init__(self, title: str, head: Sequence[str], rows: Sequence[Sequence[str]],
                 widths: Sequence[float], size: float, space_before: float = 0.0) -> None:
        self.title, self.head, self.rows = title, list(head), [list(r) for r in rows]
        self.widths, self.size, self.space_before = list(widths), size, space_before
        inner = [w - 2 * self.PAD_X for w in self.widths]
        head_cells = [title, *self.head[1:]]
        self.head_cells = [_cell(h, BOLD, MUTED if j else ACCENT, size, w)
                           for j, (h, w) in enumerate(zip(head_cells, inner, strict=True))]
        self.head_h = max(b.height for b in self.head_cells) + 2 * self.PAD_Y
        self.cells = [[_cell(t, BOLD if j == 0 else REGULAR, INK, size, w)
                       for j, (t, w) in enumerate(zip(row, inner, strict=True))]
                      for row in self.rows]
        self.row_h = [max(b.height for b in row) + 2 * self.PAD_Y for row in self.cells]
        self.height = self.head_h + sum(self.row_h)

    def split(self, room: float) -> tuple[Block, Block] | None:
        k = rows_fitting(self.head_h, self.row_h, room)
        if k is None:
            return None
        return (ProfileTableBlock(self.title, self.head, self.rows[:k], self.widths, self.size,
                                  self.space_before),
                ProfileTableBlock(self.title, self.head, self.rows[k:], self.widths, self.size,
                                  self.space_before))

    def draw(self, c: Canvas, x: float, top: float) -> None:
        width = sum(self.widths)
        edges = draw_head(c, x, top, self.widths, self.head_h, self.head_cells,
                          (self.PAD_X, self.PAD_Y), width)
        y = top - self.head_h
        c.setStrokeColor(RULE)
        c.setLineWidth(0.3)
        for cells, h in zip(self.cells, self.row_h, strict=True):
            for cell, left in zip(cells, edges, strict=False):
                cell.draw(c, left + self.PAD_X, y - self.PAD_Y)
            y -= h
            c.line(x, y, x + width, y)
        c.setLineWidth(0.4)
        c.rect(x, top - self.height, width, self.height, stroke=1, fill=0)


def table_blocks(table: ProfileTable, rows: Sequence[ProfileLine], size: float,
                 floor: float) -> list[Block]:
    """A profile type's rows of one unit as card tables: one, or a band of columns each."""
    head = [table.name, *table.columns]
    cells = [[p.name, *table.cells(p)] for p in rows]
    if len(table.columns) == 1 and measure(head, cells).prose[1]:
        # a name and a text (abilities, actions): paragraphs hold it in less room
        texts: list[Block] = [text_block([Run(table.name, BOLD)], size, ACCENT,
                                         space_before=size * SPACE_BEFORE)]
        texts += [_text([Run(row[0], BOLD), Run(": " + row[1] if row[1] else "", REGULAR)],
                        size) for row in cells]
        return texts
    sizes = [s for s in BODY_SIZES if floor <= s <= size] or [floor]
    # a row with a value too long for a table row is text (laid out once, not at every
    # width tried); so is every row when the heading itself is taller than half a card
    tall = {i for i, row in enumerate(cells) if any(len(t) > LONG_CELL for t in row)}
    short = [row for i, row in enumerate(cells) if i not in tall]
    bands: list[ProfileTableBlock] = []
    if short:
        fit = fit_table(head, short, INNER_W, sizes, ProfileTableBlock.PAD_X)
        titles = [table.name] if len(fit.bands) == 1 else [
            _("{name} ({part}/{parts})").format(name=table.name, part=k + 1,
                                                parts=len(fit.bands))
            for k in range(len(fit.bands))]
        bands = [_band(t, head, short, band, fit.size)
                 for t, band in zip(titles, fit.bands, strict=True)]
        index = [i for i in range(len(cells)) if i not in tall]
        if any(b.head_h > TALL_ROW for b in bands):
            tall, bands = set(range(len(cells))), []
        else:
            # a row taller than half a card cannot split between cards: text, which can
            higher = {index[k] for b in bands for k, h in enumerate(b.row_h) if h > TALL_ROW}
            if higher:
                tall |= higher
                keep = [row for i, row in enumerate(cells) if i not in tall]
                bands = [_band(t, head, keep, band, fit.size)
                         for t, band in zip(titles, fit.bands, strict=True)] if keep else []
    out: list[Block] = list(bands)
    for i in sorted(tall):
        runs = [Run(rows[i].name, BOLD), Run(f" ({table.name})", ITALIC)]
        for name, value in zip(table.columns, cells[i][1:], strict=True):
            if value:
                runs += [Run(f"\n{name}: ", BOLD), Run(value, REGULAR)]
        out.append(_text(runs, min(size, sizes[0])))
    return out


def _band(title: str, head: list[str], cells: list[list[str]], band: Band, size: float
          ) -> ProfileTableBlock:
    pick = band.columns
    return ProfileTableBlock(title, [head[j] for j in pick],
                             [[row[j] for j in pick] for row in cells], band.widths, size,
                             size * SPACE_BEFORE)


def unit_tables(summary: RosterSummary, unit: SelectionLine
                ) -> list[tuple[ProfileTable, tuple[ProfileLine, ...]]]:
    """The unit's profiles (its own and those of every selection below it, once each) by
    profile type, in the roster's table order."""
    mine: dict[str, dict[tuple[str, tuple[tuple[str, str], ...]], ProfileLine]] = {}
    for s in unit.walk():
        for p in s.profiles:
            mine.setdefault(p.type_id, {}).setdefault((p.name, p.values), p)
    return [(t, tuple(mine[t.type_id].values())) for t in summary.profile_tables
            if t.type_id in mine]


def unit_rules(unit: SelectionLine) -> list[RuleLine]:
    found: dict[tuple[str, str], RuleLine] = {}
    for s in unit.walk():
        for r in s.rules:
            found.setdefault((r.name, r.text), r)
    return list(found.values())


@dataclass
class UnitFace:
    """One printed card of a unit (its first, or a continuation)."""

    unit: SelectionLine
    part: int
    parts: int
    header: list[Block]
    body: list[Block]
    size: float = BODY_SIZES[0]


HEADER_LINES = 3
"""Lines a part of a card's header takes at most: a longer name or list of upgrades is
shortened there with "…" and printed whole at the top of the card's text, which continues
on the next card if need be (a header cannot)."""


def _capped(runs: list[Run], size: float, color: Color, space_before: float = 0.0
            ) -> tuple[TextBlock, TextBlock | None]:
    """A header's part, and its whole text for the body when it had to be shortened."""
    lines = Paragraph(runs, color).lines(size, INNER_W)
    if len(lines.lines) <= HEADER_LINES:
        return TextBlock(lines, space_before), None
    whole = TextBlock(Paragraph(runs, INK).lines(BODY_SIZES[-1], INNER_W),
                      BODY_SIZES[-1] * SPACE_BEFORE)
    return TextBlock(lines.shortened(HEADER_LINES, INNER_W, "…"), space_before), whole


def header(summary: RosterSummary, unit: SelectionLine, part: int, parts: int
           ) -> tuple[list[Block], list[Block]]:
    """The top of a card, and what of it was too long for it, whole, for the first card's
    text. A continuation repeats the name and says it continues."""
    suffix = f" ({part}/{parts})" if parts > 1 else ""
    name = numbered(unit) + suffix
    unit_w = unit_width(name, BOLD)
    size = next((s for s in TITLE_SIZES if unit_w * s <= INNER_W), TITLE_SIZES[-1])
    parts_made = [_capped([Run(name, BOLD)], size, ACCENT)]
    names = {c.id: c.name for c in summary.costs}
    facts = [x for x in (unit.primary, cost_text(unit.total, names)) if x]
    line = " · ".join(facts)
    if part > 1:
        line = _("{line} · continued").format(line=line) if line else _("continued")
    if line:
        parts_made.append(_capped([Run(line, REGULAR)], 6.5, MUTED, LINE_GAP + 1))
    chosen = upgrades_text(unit)
    if part == 1 and chosen:
        parts_made.append(_capped([Run(_("Upgrades:") + " ", BOLD), Run(chosen, REGULAR)],
                                  6.5, INK, LINE_GAP + 1))
    return ([block for block, _whole in parts_made],
            [whole for _block, whole in parts_made if whole is not None])


def _text(runs: list[Run], size: float) -> TextBlock:
    return TextBlock(Paragraph(runs, INK).lines(size, INNER_W), size * SPACE_BEFORE)


def body(summary: RosterSummary, unit: SelectionLine, size: float, floor: float
         ) -> list[Block]:
    """The unit's tables, rules and notes at ``size`` (tables down to ``floor``)."""
    out: list[Block] = []
    for table, rows in unit_tables(summary, unit):
        out += table_blocks(table, rows, size, floor)
    for rule in unit_rules(unit):
        out.append(_text([Run(rule.name, BOLD), Run(": " + rule.text if rule.text else "",
                                                    REGULAR)], size))
    for s in unit.walk():
        if s.notes:
            out.append(_text([Run(s.notes, ITALIC)], size))
    return out


def faces(summary: RosterSummary, unit: SelectionLine) -> list[UnitFace]:
    """The cards of one unit: the first at the largest size that holds everything, or at the
    floor followed by continuation cards."""
    register_fonts()
    first, spilled = header(summary, unit, 1, 1)
    room = INNER_H - stacked(first) - GAP_AFTER_HEADER
    floor = BODY_SIZES[-1]
    blocks: list[Block] = []
    for size in BODY_SIZES:
        blocks = [*spilled, *body(summary, unit, size, floor)]
        if stacked(blocks) <= room + 0.01:
            return [UnitFace(unit, 1, 1, first, blocks, size)]
    # (the floor's blocks, the loop's last): continued on more cards
    parts = 2
    chunks: list[list[Block]] = []
    for _attempt in range(4):
        room_first = INNER_H - stacked(header(summary, unit, 1, parts)[0]) - GAP_AFTER_HEADER
        room_next = INNER_H - stacked(header(summary, unit, parts, parts)[0]) \
            - GAP_AFTER_HEADER
        chunks = paginate(blocks, room_first, room_next)
        if len(chunks) == parts:
            break
        parts = len(chunks)
    parts = len(chunks)
    return [UnitFace(unit, k + 1, parts, header(summary, unit, k + 1, parts)[0], chunk,
                     floor) for k, chunk in enumerate(chunks)]


def all_faces(summary: RosterSummary) -> list[UnitFace]:
    return [f for unit in summary.units for f in faces(summary, unit)]


def draw_unit_cards(c: Canvas, summary: RosterSummary, page_size: tuple[float, float]) -> int:
    """Every unit's cards, nine to a page; a page saying why when there is none."""
    cards = all_faces(summary)
    if cards:
        return draw_grid(c, cards, page_size)
    notice_page(c, page_size, _("<b>No unit cards for {name}</b>").format(
        name=esc(summary.name)), _("This roster has no units yet."))
    return 1
