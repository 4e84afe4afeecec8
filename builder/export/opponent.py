"""The opponent's copy (issue 31, item 18): one page a player hands across the table.

What the opponent checks before the game, and nothing of the player's own aids: the list's
name, game, faction, points and models, the verdict (with the problems, briefly), every entry
with its count, type and points, both fingerprints in large type (SPEC §6) and the share code's
QR code, so the list can be checked in the builder.

It is one page: the roster's type shrinks in steps to keep it there; a list too long for the
smallest step continues on a second page rather than leave an entry out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Paragraph, Spacer

from builder.export.fonts import BOLD, ITALIC, REGULAR, register_fonts
from builder.export.layout import Command, flow, long_table
from builder.export.palette import markup
from builder.export.sheet import (
    INK,
    MARGIN,
    MUTED,
    RULE,
    SHADE,
    SUB,
    TITLE,
    Judged,
    _style,
    beside_qr,
    facts,
    fingerprints_line,
    share_block,
    verdict_box,
    verdict_head,
)
from builder.export.summary import WarbandSummary
from builder.export.text import esc
from builder.i18n import _, ngettext, number

SIZES = (9.0, 8.0, 7.0, 6.0)
"""Roster type sizes, largest first: the first at which the page holds everything."""
SHOWN_FINDINGS = 6
"""Problems named on the copy; the full sheet has them all."""
FOOTER = 16 * mm


def copy_verdict(s: Judged, legal: str | None = None) -> list[Flowable]:
    """The sheet's verdict box, with the first few problems only (``legal``: the line of a
    legal list, when not the recruiting rules')."""
    errors = [f for f in s.findings if f.severity == "error"]
    head, ink, bg = verdict_head(s, legal)
    rows = [[Paragraph(esc(head), _style("ov", 11, BOLD, ink))]]
    line = _style("ofinding", 8, leftIndent=9, bulletIndent=0)
    for f in errors[:SHOWN_FINDINGS]:
        text = f.message if len(f.message) <= 300 else f.message[:299].rstrip() + "…"
        rows.append([Paragraph(esc(text), line, bulletText="•")])
    if len(errors) > SHOWN_FINDINGS:
        rows.append([Paragraph("<i>" + esc(_("… and {n} more: the turn summary sheet lists "
                                             "them all").format(
            n=number(len(errors) - SHOWN_FINDINGS))) + "</i>", line)])
    return verdict_box(rows, ink, bg)


def _entries(s: WarbandSummary, width: float, size: float) -> list[Flowable]:
    """Count × name, type and points (in games with a cost) of every line of the list."""
    cell = _style(f"oc{size}", size)
    bold = _style(f"ob{size}", size, BOLD)
    right = _style(f"or{size}", size, alignment=2)
    points = s.game.has_cost
    head = ["", _("Combatant"), _("Type"), *([_("Points")] if points else [])]
    rows: list[list[object]] = []
    for line in s.roster:
        if line.known:
            kind = esc(line.type or "")
        else:
            kind = "<i>" + esc(_("unknown combatant")) + "</i>"
        name = esc(line.name)
        if line.options:  # SPEC §9: what the entry took, after its name
            name += f" <font color='{markup(MUTED)}'><i>(" + esc(", ".join(
                o.printed for o in line.options)) + ")</i></font>"
        rows.append([Paragraph(f"<b>{line.count} ×</b>", right), Paragraph(name, bold),
                     Paragraph(kind, cell),
                     *([Paragraph(str(line.points), right)] if points else [])])
    for pick in s.picks:  # and what the list took once
        kind = esc(s.game.picks_name) if pick.known else "<i>" + esc(_("unknown pick")) + "</i>"
        rows.append(["", Paragraph(esc(pick.name), bold), Paragraph(kind, cell),
                     *([Paragraph(str(pick.points), right)] if points else [])])
    total = ngettext("Total: {n} model", "Total: {n} models", s.stats.models).format(
        n=s.stats.models)
    rows.append(["", Paragraph(f"<b>{esc(total)}</b>", cell), "",
                 *([Paragraph(f"<b>{s.stats.points}</b>", right)] if points else [])])
    count_w, points_w = size * 4.2, size * 6
    type_w = width * 0.3
    name_w = width - count_w - type_w - (points_w if points else 0)
    widths = [count_w, name_w, type_w, *([points_w] if points else [])]
    return entries_table(rows, widths, size, [Paragraph(f"<b>{esc(h)}</b>",
                                                        right if i == 3 else cell)
                                              for i, h in enumerate(head)])


def _pad(size: float) -> float:
    """The space above and below each row of the entries at type ``size``."""
    return max(1.0, size * 0.25)


def entries_table(rows: list[list[object]], widths: list[float], size: float,
                  head: list[object], rows_style: Sequence[Command] = ()) -> list[Flowable]:
    """The copy's entries at type ``size``: a rule under each row, the total (the last row)
    under a heavier one, the heading on every page or column."""
    pad = _pad(size)
    return long_table(rows, widths, [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("TOPPADDING", (0, 0), (-1, -1), pad),
        ("BOTTOMPADDING", (0, 0), (-1, -1), pad),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ], last=[("LINEABOVE", (0, -1), (-1, -1), 0.8, INK)],
        rows_style=[*rows_style, ("LINEBELOW", (0, 0), (-1, len(rows) - 2), 0.25, RULE)],
        head=head, head_style=[("BACKGROUND", (0, 0), (-1, -1), SHADE),
                               ("LINEBELOW", (0, 0), (-1, -1), 0.6, RULE)])


def _top(s: WarbandSummary, width: float) -> list[Flowable]:
    """Name and facts on the left, the QR code on the right (when the code fits one)."""
    parts = facts(s)
    label = Paragraph(esc(_("Opponent's copy")).upper(), _style("olabel", 8, BOLD, MUTED))
    text: list[Flowable] = [label, Paragraph(esc(s.name), TITLE),
                            Paragraph(" · ".join(parts), SUB)]
    qr, note = share_block(s)
    if qr is None:
        return [*text, *([note] if note is not None else [])]
    return [beside_qr(text, qr, width)]


def _height(flowables: list[Flowable], width: float, room: float) -> float:
    total = 0.0
    for f in flowables:
        total += f.wrap(width, room)[1] + f.getSpaceBefore() + f.getSpaceAfter()
        if total > room:
            break
    return total


COLUMN_GAP = 6 * mm


@dataclass(frozen=True)
class CopyParts:
    """What a copy prints, whatever the list's kind (a warband's, a BattleScribe roster's):
    the top at a width, the verdict, the entries at a width and type size, and the footer's
    two lines."""

    top: Callable[[float], list[Flowable]]
    verdict: list[Flowable]
    entries: Callable[[float, float], list[Flowable]]
    fingerprints: str
    """In large type: what the opponent compares with the organiser's table."""
    note: str
    """"NAME · opponent's copy · printed DATE"."""


def warband_parts(s: WarbandSummary) -> CopyParts:
    return CopyParts(lambda width: _top(s, width), copy_verdict(s),
                     lambda width, size: _entries(s, width, size), fingerprints_line(s),
                     _("{name} · opponent's copy · printed {date}").format(
                         name=s.name, date=s.date.isoformat()))


@dataclass
class Layout:
    """The copy laid out for a page: what goes at the top, then the entries in one column
    or two."""

    top: list[Flowable]
    top_height: float
    """0 when the top flows with the entries, page after page (it fills half a page or more:
    a roster's name or catalogues of thousands of characters)."""
    entries: list[Flowable]
    columns: int


def copy_layout(s: WarbandSummary | CopyParts, width: float, room: float) -> Layout:
    """The largest roster size, in one column if it fits the page, else two, that keeps the
    copy on one page of ``room`` points; the smallest in two columns when nothing does."""
    parts = s if isinstance(s, CopyParts) else warband_parts(s)
    top = [*parts.top(width), Spacer(0, 8), *parts.verdict, Spacer(0, 8)]
    top_h = _height(top, width, room)
    if top_h > room / 2:  # a page could hold little else: one column at the least size
        return Layout(top, 0.0, parts.entries(width, SIZES[-1]), 1)
    left = room - top_h
    half = (width - COLUMN_GAP) / 2
    rows: int | None = None  # how many, once built: sizes whose rows' padding alone
    for size in SIZES:       # overfills the room are not built (10,000 forces took minutes)
        least = 2 * _pad(size)
        if rows is None or rows * least <= left:
            one = parts.entries(width, size)
            rows = sum(len(getattr(f, "_cellvalues", ())) for f in one)
            if _height(one, width, left + 1) <= left:
                return Layout(top, top_h, one, 1)
        if rows * least > 2 * left and size != SIZES[-1]:
            continue
        two = parts.entries(half, size)
        row = max((f.wrap(half, left)[1] / max(len(getattr(f, "_cellvalues", [])), 1)
                   for f in two), default=0.0)
        if _height(two, half, 2 * left + 1) <= 2 * left - two[0].wrap(half, left)[1] - row:
            return Layout(top, top_h, two, 2)
    return Layout(top, top_h, two, 2)


def copy_flowables(s: WarbandSummary | CopyParts, width: float, room: float
                   ) -> list[Flowable]:
    """Everything the copy prints, in order (for measuring and for tests)."""
    layout = copy_layout(s, width, room)
    return [*layout.top, *layout.entries]


def draw_opponent_copy(c: Canvas, s: WarbandSummary | CopyParts,
                       page_size: tuple[float, float]) -> int:
    """Draw the copy from a fresh page of ``c``; returns the pages drawn (one, unless the
    list is too long for a page even at the smallest size in two columns)."""
    register_fonts()
    parts = s if isinstance(s, CopyParts) else warband_parts(s)
    w, h = page_size
    width = w - 2 * MARGIN
    bottom, top = MARGIN + FOOTER, h - MARGIN
    layout = copy_layout(parts, width, top - bottom)
    pages = 0

    def frames() -> Iterator[Frame]:
        nonlocal pages
        upper = top - layout.top_height
        while True:
            if pages:
                c.showPage()
            pages += 1
            _footer(c, parts, w, pages)
            if pages == 1 and layout.top_height:
                yield Frame(MARGIN, upper, width, layout.top_height + 1, 0, 0, 0, 0)
            else:
                upper = top
            if layout.columns == 1:
                yield Frame(MARGIN, bottom, width, upper - bottom, 0, 0, 0, 0)
                continue
            half = (width - COLUMN_GAP) / 2
            for x in (MARGIN, MARGIN + half + COLUMN_GAP):
                yield Frame(x, bottom, half, upper - bottom, 0, 0, 0, 0)

    flow(c, [*layout.top, *layout.entries], frames())
    c.showPage()
    return pages


def _footer(c: Canvas, parts: CopyParts, w: float, page: int) -> None:
    """Both fingerprints, large: what the opponent compares with the organiser's table."""
    c.saveState()
    c.setStrokeColor(RULE)
    c.setLineWidth(0.6)
    c.line(MARGIN, MARGIN + FOOTER - 3 * mm, w - MARGIN, MARGIN + FOOTER - 3 * mm)
    c.setFillColor(INK)
    c.setFont(BOLD, 10.5)
    c.drawString(MARGIN, MARGIN + 5 * mm, parts.fingerprints)
    c.setFont(ITALIC if page > 1 else REGULAR, 7)
    c.setFillColor(MUTED)
    note = parts.note
    if page > 1:
        note = _("{note} · page {page}").format(note=note, page=page)
    c.drawString(MARGIN, MARGIN, note[:160])
    c.restoreState()
