"""Profile cards: poker size (63.5 × 88.9 mm), nine to a page in a 3 × 3 grid, crop marks.

A card carries everything a player looks up at the table (*Knowing your combatants*): name and
nickname, type and rank, base, faction, the stat line with the book's column names, a wound
track, abilities with their kind, equipment, and the squad deployment reminder. Rules text that
does not fit shrinks down to a readable floor and then continues on the next card, titled
"Name (2/2)": nothing is cut off silently.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Paragraph

from builder.export.fonts import BOLD, ITALIC, REGULAR, register_fonts
from builder.export.summary import ProfileSheet, WarbandSummary
from builder.export.text import capital, esc
from builder.i18n import _, number

CARD_W = 63.5 * mm
CARD_H = 88.9 * mm
COLUMNS, ROWS = 3, 3
PAD = 3.2 * mm
"""Inner margin: keeps text clear of an imprecise cut and of the printed frame."""
INNER_W = CARD_W - 2 * PAD
INNER_H = CARD_H - 2 * PAD

BODY_SIZES = (7.5, 7.0, 6.5, 6.0)
"""Rules text sizes tried in turn; 6 pt is the floor below which it continues on a new card."""
TITLE_SIZES = (10.0, 9.0, 8.0, 7.0)

INK = colors.black
MUTED = colors.HexColor("#555555")
RULE = colors.HexColor("#8a8a8a")
SHADE = colors.HexColor("#e6e6e6")
ACCENT = colors.HexColor("#6b1d1d")


@dataclass
class Face:
    """One printed card: the first face of a profile, or a continuation."""

    profile: ProfileSheet
    part: int
    parts: int
    body: list[Flowable]
    model: int | None = None
    """Which model (1-based) this card's wound track is for, in per-model mode."""
    size: float = BODY_SIZES[0]
    """The rules text size used (points)."""


# --- building blocks ---------------------------------------------------------------------


def _style(name: str, size: float, font: str = REGULAR, color: colors.Color = INK,
           leading: float | None = None, **kw: object) -> ParagraphStyle:
    return ParagraphStyle(name, fontName=font, fontSize=size,
                          leading=leading or round(size * 1.18, 2), textColor=color,
                          bulletFontName=font, splitLongWords=1, **kw)


class StatLine(Flowable):
    """The book's stat table: column names over values, one column each, PRE only if present."""

    def __init__(self, stats: Sequence[tuple[str, str]], head: float = 5.6,
                 value: float = 8.5) -> None:
        super().__init__()
        self.stats = list(stats)
        self.head, self.value = head, value
        self.head_h, self.value_h = head + 3.2, value + 4.0

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        self.width = avail_w
        self.height = self.head_h + self.value_h
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        n = max(len(self.stats), 1)
        col = self.width / n
        c.setFillColor(SHADE)
        c.rect(0, self.value_h, self.width, self.head_h, stroke=0, fill=1)
        c.setStrokeColor(RULE)
        c.setLineWidth(0.4)
        c.rect(0, 0, self.width, self.height, stroke=1, fill=0)
        for i in range(1, n):
            c.line(i * col, 0, i * col, self.height)
        for i, (name, shown) in enumerate(self.stats):
            mid = (i + 0.5) * col
            c.setFillColor(MUTED)
            c.setFont(BOLD, self.head)
            c.drawCentredString(mid, self.value_h + 2.0, name)
            c.setFillColor(INK)
            size = self.value
            while size > 5 and stringWidth(shown, BOLD, size) > col - 1.5:
                size -= 0.5
            c.setFont(BOLD, size)
            c.drawCentredString(mid, (self.value_h - size * 0.72) / 2, shown)


class WoundTrack(Flowable):
    """A row of tick boxes, one per wound level (*Attributes*: 5 unless stated otherwise)."""

    BOX = 8.0
    GAP = 3.0
    LABEL = 6.0
    MAX_BOXES = 30
    """More wounds than this (a data file may give up to 999,999) are printed as a number:
    the boxes would not fit on a card, and drawing a million of them would take minutes."""

    def __init__(self, wounds: int, note: str = "") -> None:
        super().__init__()
        self.wounds, self.note = wounds, note

    def _layout(self, avail_w: float) -> tuple[float, int]:
        label_w = stringWidth(_("Wounds"), BOLD, self.LABEL) + 4
        note_w = stringWidth(self.note, ITALIC, self.LABEL) + 4 if self.note else 0
        room = max(avail_w - label_w - note_w, self.BOX)
        per_row = max(1, int((room + self.GAP) // (self.BOX + self.GAP)))
        return label_w, per_row

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        self.width = avail_w
        _label_w, per_row = self._layout(avail_w)
        boxes = self.wounds if 0 < self.wounds <= self.MAX_BOXES else 1
        rows = -(-boxes // per_row)
        self.height = rows * self.BOX + (rows - 1) * self.GAP
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        label_w, per_row = self._layout(self.width)
        top = self.height
        c.setFillColor(INK)
        c.setFont(BOLD, self.LABEL)
        c.drawString(0, top - self.BOX + 1.6, _("Wounds"))
        if self.note:
            c.setFont(ITALIC, self.LABEL)
            c.setFillColor(MUTED)
            c.drawRightString(self.width, top - self.BOX + 1.6, self.note)
        if self.wounds > self.MAX_BOXES:
            c.setFont(BOLD, self.BOX)
            c.drawString(label_w, top - self.BOX + 1.2, number(self.wounds))
            return
        c.setStrokeColor(INK)
        c.setLineWidth(0.6)
        for i in range(self.wounds):
            row, col = divmod(i, per_row)
            x = label_w + col * (self.BOX + self.GAP)
            y = top - (row + 1) * self.BOX - row * self.GAP
            c.roundRect(x, y, self.BOX, self.BOX, 1.2, stroke=1, fill=0)


class SquadMark(Flowable):
    """The squad badge and the deployment reminder (*Recruiting a Warband*, Squads)."""

    SIZE = 6.0

    def __init__(self, note: str | None) -> None:
        super().__init__()
        self.badge = _("SQUAD")
        self.badge_w = stringWidth(self.badge, BOLD, self.SIZE) + 5
        self.text = Paragraph(esc(note or _("forms a squad")), _style("squad", self.SIZE, ITALIC))

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        self.width = avail_w
        _w, h = self.text.wrap(avail_w - self.badge_w - 3, avail_h)
        self.height = max(h, self.SIZE + 3)
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        bh = self.SIZE + 3
        c.setFillColor(ACCENT)
        c.roundRect(0, self.height - bh, self.badge_w, bh, 1.5, stroke=0, fill=1)
        c.setFillColor(colors.white)
        c.setFont(BOLD, self.SIZE)
        c.drawCentredString(self.badge_w / 2, self.height - bh + 2.1, self.badge)
        self.text.drawOn(c, self.badge_w + 3, self.height - self.text.height)


# --- card content ------------------------------------------------------------------------


def _title(name: str) -> Paragraph:
    """The name on one line at the largest size that fits; at the smallest it may wrap."""
    for size in TITLE_SIZES:
        if stringWidth(name, BOLD, size) <= INNER_W:
            break
    return Paragraph(esc(name), _style("title", size, BOLD, ACCENT))


def _type_line(p: ProfileSheet) -> str:
    parts = [capital(p.type)]
    if p.rank:
        parts.append(p.rank)
    if p.base:
        parts.append(_("{size} mm base").format(size=p.base))
    parts.append(p.faction)
    return " · ".join(parts)


def header(p: ProfileSheet, part: int, parts: int, model: int | None) -> list[Flowable]:
    """The top of a card. A continuation repeats only the name, the type line and the part."""
    suffix = f" ({part}/{parts})" if parts > 1 else ""
    out: list[Flowable] = [_title(p.name + suffix)]
    if p.nickname:
        out.append(Paragraph(esc(p.nickname), _style("nick", 7.5, ITALIC)))
    line = _type_line(p)
    if part > 1:
        line = _("{line} · continued").format(line=line)
    out.append(Paragraph(esc(line), _style("type", 6.5, REGULAR, MUTED, spaceBefore=1)))
    if part == 1:
        if p.stats:  # a game without a stat line prints no empty box
            out.append(StatLine(p.stats))
        note = _("model {n} of {count}").format(n=model, count=p.count) \
            if model is not None and p.count > 1 else ""
        if p.wounds:
            out.append(WoundTrack(p.wounds, note))
        if p.squad:
            out.append(SquadMark(p.squad_note))
    return out


def body(p: ProfileSheet, size: float) -> list[Flowable]:
    """Abilities (with their kind) and equipment at ``size`` points.

    Abilities without rules text (racial ones described in the faction's Manuscript, most
    universal ones) share one paragraph so they do not take a line each.
    """
    text_style = _style(f"body{size}", size, spaceBefore=size * 0.4)
    out: list[Flowable] = []
    bare = [a for a in p.abilities if not a.text]
    if bare:
        names = ", ".join(f"{esc(a.name)}" + (f" <i>({esc(a.label)})</i>" if a.label else "")
                          for a in bare)
        out.append(Paragraph(_("<b>Abilities:</b> {names}").format(names=names), text_style))
    for a in p.abilities:
        if a.text:
            kind = f" <i>({esc(a.label)})</i>" if a.label else ""
            out.append(Paragraph(f"<b>{esc(a.name)}</b>{kind}: {esc(a.text)}", text_style))
    if p.equipment:
        out.append(Paragraph(_("<b>Equipment:</b> {items}").format(
            items=esc(", ".join(p.equipment))), text_style))
    if p.unique_equipment:
        out.append(Paragraph(_("<b>Unique equipment:</b> {items}").format(
            items=esc(", ".join(p.unique_equipment))), text_style))
    return out


GAP_AFTER_HEADER = 3.0
"""Space between the header (ending with the wound track) and the rules text."""
HEADER_GAP = 2.4
"""Space above the stat line, the wound track and the squad mark."""


def _header_gap(i: int, f: Flowable) -> float:
    return 0.0 if i == 0 else 0.8 if isinstance(f, Paragraph) else HEADER_GAP


def _body_gap(i: int, f: Flowable) -> float:
    return f.getSpaceBefore() if i else 0.0


def _height(flowables: Iterable[Flowable], gap: Callable[[int, Flowable], float]) -> float:
    """Height of ``flowables`` stacked with ``gap`` above each, as :func:`_stack` draws them."""
    total = 0.0
    for i, f in enumerate(flowables):
        _w, h = f.wrap(INNER_W, INNER_H * 4)
        total += h + gap(i, f)
    return total


def _stack(c: Canvas, flowables: Iterable[Flowable], left: float, top: float,
           gap: Callable[[int, Flowable], float]) -> float:
    """Draw ``flowables`` downwards from ``top``; returns the new top."""
    for i, f in enumerate(flowables):
        _w, h = f.wrap(INNER_W, INNER_H * 4)
        top -= h + gap(i, f)
        f.drawOn(c, left, top)
    return top


def paginate(flowables: list[Flowable], width: float, first_room: float,
             next_room: float) -> list[list[Flowable]]:
    """Split ``flowables`` into chunks: the first fits ``first_room`` points of height (the
    first card, under the stat line), every other one ``next_room`` (a continuation card).

    Paragraphs are split between lines; space before a flowable counts only when it is not
    the first of its chunk.
    """
    pages: list[list[Flowable]] = [[]]
    avail = first_room
    queue = list(flowables)
    while queue:
        f = queue.pop(0)
        space = f.getSpaceBefore() if pages[-1] else 0.0
        _w, h = f.wrap(width, max(avail - space, 0))
        if h + space <= avail + 0.01:
            pages[-1].append(f)
            avail -= h + space
            continue
        parts = f.split(width, avail - space) if avail - space > 0 else []
        if len(parts) > 1:
            pages[-1].append(parts[0])
            queue[:0] = parts[1:]
            _w, h = parts[0].wrap(width, avail - space)
            avail -= h + space
            continue
        if not pages[-1]:
            raise ValueError(f"{f!r} does not fit on an empty card")
        pages.append([])
        avail = next_room
        queue.insert(0, f)
    return pages


def faces(p: ProfileSheet, per_model: bool = False) -> list[Face]:
    """The cards printed for one profile: the first at the largest text size that fits, or
    at the floor size followed by as many continuation cards as needed."""
    register_fonts()
    first_models: list[int | None] = list(range(1, p.count + 1)) if per_model else [None]
    probe_model = first_models[-1]
    room_first = INNER_H - _height(header(p, 1, 1, probe_model), _header_gap) - GAP_AFTER_HEADER
    for size in BODY_SIZES:
        flows = body(p, size)
        if _height(flows, _body_gap) <= room_first:
            return [Face(p, 1, 1, flows, m, size) for m in first_models]
    # Continue on further cards; the "(k/n)" title may itself wrap, so settle n first.
    parts = 2
    for _attempt in range(4):
        room_first = (INNER_H - _height(header(p, 1, parts, probe_model), _header_gap)
                      - GAP_AFTER_HEADER)
        room_next = (INNER_H - _height(header(p, parts, parts, None), _header_gap)
                     - GAP_AFTER_HEADER)
        chunks = paginate(body(p, BODY_SIZES[-1]), INNER_W, room_first, room_next)
        if len(chunks) == parts:
            break
        parts = len(chunks)
    floor = BODY_SIZES[-1]
    out = [Face(p, 1, len(chunks), chunks[0], m, floor) for m in first_models]
    out += [Face(p, k + 1, len(chunks), chunk, None, floor)
            for k, chunk in enumerate(chunks) if k]
    return out


def content_height(face: Face) -> float:
    """The height a face's header and rules text take; never more than the card holds."""
    head = _height(header(face.profile, face.part, face.parts, face.model), _header_gap)
    return head + GAP_AFTER_HEADER + _height(face.body, _body_gap)


# --- drawing -----------------------------------------------------------------------------


def draw_card(c: Canvas, face: Face, x: float, y: float) -> None:
    """Draw ``face`` with its lower-left corner at (x, y)."""
    c.saveState()
    c.setStrokeColor(RULE)
    c.setLineWidth(0.5)
    c.roundRect(x + 1.4 * mm, y + 1.4 * mm, CARD_W - 2.8 * mm, CARD_H - 2.8 * mm, 2 * mm)
    left, top = x + PAD, y + CARD_H - PAD
    top = _stack(c, header(face.profile, face.part, face.parts, face.model), left, top,
                 _header_gap)
    top -= GAP_AFTER_HEADER
    c.setStrokeColor(RULE)
    c.setLineWidth(0.4)
    c.line(left, top + GAP_AFTER_HEADER / 2, left + INNER_W, top + GAP_AFTER_HEADER / 2)
    _stack(c, face.body, left, top, _body_gap)
    c.restoreState()


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
    style = _style("notice", 11, leading=15, alignment=TA_CENTER)
    title = _("<b>No profile cards for {name}</b>").format(name=esc(summary.name))
    p = Paragraph(f"{title}<br/>{esc(why)}", style)
    _w, h = p.wrap(page_w - 50 * mm, page_h)
    p.drawOn(c, 25 * mm, page_h * 0.6 - h)
    c.showPage()
