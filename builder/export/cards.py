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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph as RLParagraph

from builder.export.card_blocks import (
    CARD_H,
    CARD_W,
    INNER_H,
    INNER_W,
    PAD,
    AttackTable,
    Block,
    BoxRow,
    SquadMark,
    StatLine,
    TextBlock,
    WoundTrack,
    _leading,
    reused,
    text_block,
)
from builder.export.fonts import BOLD, ITALIC, REGULAR, register_fonts
from builder.export.palette import ACCENT, INK, MUTED, RULE
from builder.export.summary import ProfileSheet, WarbandSummary
from builder.export.text import capital, esc
from builder.export.textfit import Paragraph, Run, unit_width
from builder.i18n import _

COLUMNS, ROWS = 3, 3
BODY_SIZES = (7.5, 7.0, 6.5, 6.0)
"""Rules text sizes, largest first; 6 pt is the floor below which it continues on a new card."""
TITLE_SIZES = (10.0, 9.0, 8.0, 7.0)
SPACE_BEFORE = 0.4
"""Space above a paragraph of rules text, as a multiple of its size."""


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
    points, and its points when it is paid once for an entry of several models ("Test Drill
    (PE +2 per entry)": the card's cost is one model's)."""
    out = []
    for o in p.options:
        parts = [f"{label} +{n}" for label, n in o.adds]
        if o.per_entry is not None:
            parts.insert(0, _("{stat} +{n} per entry").format(stat=o.per_entry[0],
                                                               n=o.per_entry[1]))
        adds = ", ".join(parts)
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


def stacked(blocks: Sequence[Block]) -> float:
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
        used = stacked(laid[size])
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
    room_first = INNER_H - max(stacked(h) for h in heads.values()) - GAP_AFTER_HEADER
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
        room_first = INNER_H - max(stacked(h) for h in first.values()) - GAP_AFTER_HEADER
        room_next = INNER_H - stacked(header(p, parts, parts, None)) - GAP_AFTER_HEADER
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
    return stacked(face.header) + GAP_AFTER_HEADER + stacked(face.body)


# --- drawing -----------------------------------------------------------------------------


class Sides(Protocol):
    """What a card prints: blocks in its header, a rule, blocks in its body (a warband's
    :class:`Face`, a BattleScribe unit's)."""

    @property
    def header(self) -> Sequence[Block]: ...

    @property
    def body(self) -> Sequence[Block]: ...


def draw_card(c: Canvas, face: Sides, x: float, y: float) -> None:
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
    cards = all_faces(summary, per_model)
    if not cards:
        _no_cards_page(c, summary, *page_size)
        return 1
    return draw_grid(c, cards, page_size)


def draw_grid(c: Canvas, cards: Sequence[Sides], page_size: tuple[float, float]) -> int:
    """Draw ``cards`` nine to a page, with crop marks; returns the number of pages drawn."""
    page_w, page_h = page_size
    x0 = (page_w - COLUMNS * CARD_W) / 2
    y0 = (page_h - ROWS * CARD_H) / 2
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
    title = _("<b>No profile cards for {name}</b>").format(name=esc(summary.name))
    notice_page(c, (page_w, page_h), title, why)


def notice_page(c: Canvas, page_size: tuple[float, float], title: str, why: str) -> None:
    """A page saying why there are no cards (``title``: markup; ``why``: plain text), rather
    than an empty file."""
    page_w, page_h = page_size
    style = ParagraphStyle("notice", fontName=REGULAR, fontSize=11, leading=15,
                           alignment=TA_CENTER)
    p = RLParagraph(f"{title}<br/>{esc(why)}", style)
    _w, h = p.wrap(page_w - 50 * mm, page_h)
    p.drawOn(c, 25 * mm, page_h * 0.6 - h)
    c.showPage()
