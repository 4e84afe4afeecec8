"""The turn summary sheet: the list as an organiser checks it, then the turn as a player plays it.

Page one opens with the warband's name, faction, points and verdict; an illegal list prints
every finding in a red box right under the name, where nobody can miss it. Then the roster,
this warband's numbers for each turn (SPEC §3), and the turn reference from
``resources/reference`` in two columns.
"""

from __future__ import annotations

from collections.abc import Iterator

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.doctemplate import LayoutError

from builder.batch import map_in_halves
from builder.data.reference import is_translation, load_reference
from builder.data.share import QR_MAX_CHARS
from builder.export.fonts import (
    BOLD,
    ITALIC,
    REGULAR,
    draw_mixed,
    mixed_width,
    register_fonts,
)
from builder.export.layout import Command, Group, as_text, long_table, para_style, pieces
from builder.export.palette import (
    ACCENT,
    BAD,
    BAD_BG,
    GOOD,
    GOOD_BG,
    INK,
    MUTED,
    RULE,
    SHADE,
    markup,
)
from builder.export.summary import RosterLine, WarbandSummary
from builder.export.text import capital, esc
from builder.export.turnref import fitted_groups, flow_columns
from builder.i18n import _, ngettext, number
from builder.model.reference import Reference

MARGIN = 13 * mm
COLUMN_GAP = 6 * mm
FOOTER = 7 * mm
MIN_COLUMN_START = 60
"""Below this much room the reference starts on a new page rather than in a sliver."""



_style = para_style


TITLE = _style("title", 18, BOLD, ACCENT, leading=22)
SUB = _style("sub", 9, REGULAR, MUTED, spaceBefore=2)
H2 = _style("h2", 10.5, BOLD, ACCENT, spaceBefore=9, spaceAfter=3)
CELL = _style("cell", 7.5)
CELL_B = _style("cellb", 7.5, BOLD)
CELL_R = _style("cellr", 7.5, alignment=TA_RIGHT)
SMALL = _style("small", 7, color=MUTED)
VERDICT = _style("verdict", 10, BOLD)
FINDING = _style("finding", 8.5, leftIndent=9, bulletIndent=0)
NUMBER = _style("number", 16, BOLD, alignment=TA_CENTER, leading=18)
NUMBER_SMALL = _style("numsmall", 8.5, BOLD, alignment=TA_CENTER, spaceBefore=2)
NUMBER_LABEL = _style("numlabel", 8, BOLD, alignment=TA_CENTER)
NUMBER_NOTE = _style("numnote", 6.5, ITALIC, MUTED, alignment=TA_CENTER)



# --- the list ----------------------------------------------------------------------------


def _points_text(s: WarbandSummary) -> str:
    used = s.stats.points
    if s.points_limit is None:
        return _("{points} points (no limit set)").format(points=used)
    text = _("{points} / {limit} points").format(points=used, limit=s.points_limit)
    return f"<font color='{markup(BAD)}'><b>{text}</b></font>" if used > s.points_limit else text


QR_MIN = 32 * mm
QR_MAX = 70 * mm
QR_MODULE = 0.45 * mm
"""Smallest printed module: a phone reads 0.45 mm squares from a hand's length away."""
QR_GAP = 6 * mm
HEADER_BESIDE_QR = 80 * mm
"""Most of the header set beside the QR code; the rest follows below it."""
QR_CAPTION = _style("qrcaption", 6.5, color=MUTED, leading=7.8, alignment=TA_CENTER)


Runs = list[tuple[int, int, int]]
"""(row, first column, length) of each run of dark modules in a row of a QR code."""
_QR_CACHE: dict[str, tuple[Runs, int]] = {}
_QR_CACHE_SIZE = 512


def qr_runs(code: str) -> tuple[Runs, int]:
    """Encode ``code``: error correction M (15 % may be damaged) while it is short, L for long
    codes. Returns the dark runs and the module count."""
    qr = QrCodeWidget(code, barLevel="M" if len(code) <= 1000 else "L", barBorder=0).qr
    qr.make()
    n = qr.getModuleCount()
    runs: Runs = []
    for row in range(n):
        start = None
        for col in range(n + 1):
            dark = col < n and qr.isDark(row, col)
            if dark and start is None:
                start = col
            elif not dark and start is not None:
                runs.append((row, start, col - start))
                start = None
    return runs, n


def prepare_qr_codes(codes: list[str]) -> None:
    """Encode many share codes at once, on both cores (a pack of lists): choosing a QR code's
    mask is most of a sheet's time, and each list's code is its own."""
    todo = sorted({c for c in codes if c and len(c) <= QR_MAX_CHARS and c not in _QR_CACHE})
    if len(_QR_CACHE) + len(todo) > _QR_CACHE_SIZE:
        _QR_CACHE.clear()
    for code, found in zip(todo, map_in_halves(qr_runs, todo, min_parallel=8), strict=True):
        _QR_CACHE[code] = found


class QrCode(Flowable):
    """The share code as a QR code, modules of at least ``QR_MODULE``, so the side is 32-70 mm
    with the quiet zone. Drawn as one path with a rectangle per run of dark modules
    (reportlab's widget encodes twice and draws each module as a shape)."""

    BORDER = 4

    def __init__(self, code: str) -> None:
        super().__init__()
        found = _QR_CACHE.get(code)
        self.runs, n = found if found is not None else qr_runs(code)
        self.modules = n + 2 * self.BORDER
        self.width = self.height = min(QR_MAX, max(QR_MIN, self.modules * QR_MODULE))

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        unit = self.width / self.modules
        path = c.beginPath()
        for row, col, length in self.runs:
            x = (col + self.BORDER) * unit
            y = self.height - (row + self.BORDER + 1) * unit
            path.rect(x, y, length * unit, unit)
        c.saveState()
        c.setFillColor(colors.black)
        c.drawPath(path, stroke=0, fill=1)
        c.restoreState()


def share_block(s: WarbandSummary) -> tuple[Flowable | None, Flowable | None]:
    """(the QR code with its caption for the header's right side, or None;
    a line for under the verdict when the code is too long for a QR code, or None)."""
    code = s.share_code
    if not code:
        return None, None
    if len(code) > QR_MAX_CHARS:
        return None, Paragraph(
            _("This list's share code is {length} characters long, more than a QR code holds "
              "({most}), so none is printed: copy it in the builder with <i>Edit → Copy share "
              "code</i>.").format(length=number(len(code)), most=number(QR_MAX_CHARS)),
            _style("qrnote", 7, color=MUTED, spaceBefore=4))
    drawing = QrCode(code)
    # the program's name is a game's name: another game's sheet must not carry it
    caption = Paragraph(_("Share code of this list: scan it with a phone, then paste it into "
                          "the builder (<i>File → Import from code…</i>)"), QR_CAPTION)
    block = Table([[drawing], [caption]], colWidths=[drawing.width])
    block.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                               ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                               ("ALIGN", (0, 0), (-1, -1), "CENTER")]))
    return block, None


def header(s: WarbandSummary, width: float | None = None) -> list[Flowable]:
    """Name, faction, points, verdict and notes; the share code's QR code on the right."""
    qr, note = share_block(s)

    def parts() -> list[Flowable]:  # fresh each time: a table keeps the width it was measured at
        return _header_text(s) + ([note] if note is not None else [])

    if qr is None or width is None:
        return parts()
    qr_w, qr_h = qr.wrap(width, 1000)
    # A table row cannot break across pages: beside the code go only as many of the header's
    # parts as fit in its height (the title always); long notes or many findings follow
    # below at full width, where they can flow on to the next page.
    left_w = width - qr_w - QR_GAP
    n, used = 0, 0.0
    for f in parts():
        h = f.wrap(left_w, 10_000)[1] + f.getSpaceBefore() + f.getSpaceAfter()
        if n and used + h > max(qr_h, HEADER_BESIDE_QR):
            break
        n, used = n + 1, used + h
    text = parts()
    return [beside_qr(text[:n], qr, width), *text[n:]]


def beside_qr(text: list[Flowable], qr: Flowable, width: float) -> Table:
    """``text`` on the left of ``width``, the QR code block on the right, tops aligned."""
    qr_w = qr.wrap(width, 1000)[0]
    table = Table([[text, qr]], colWidths=[width - qr_w - QR_GAP, qr_w + QR_GAP])
    table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                               ("ALIGN", (1, 0), (1, 0), "RIGHT"),
                               ("LEFTPADDING", (0, 0), (-1, -1), 0),
                               ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                               ("TOPPADDING", (0, 0), (-1, -1), 0),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
    return table


def facts(s: WarbandSummary) -> list[str]:
    """What the list is, as paragraph markup: the game's word for a list and the game, the
    faction, the points (in games with a cost) and the models."""
    faction = esc(s.faction_name) if s.faction_name else (
        _("unknown faction ‘{id}’").format(id=esc(s.faction_id)))
    # what the game calls a list ("Party", "Expedition"), then the game: the heading says
    # what this page is in the game's own words
    parts = [esc(capital(s.game.list_name)), esc(s.game.name)] if s.game.name else []
    parts.append(faction)
    if s.game.has_cost:
        parts.append(_points_text(s))
    parts.append(ngettext("{n} model", "{n} models", s.stats.models).format(n=s.stats.models))
    return parts


def _header_text(s: WarbandSummary) -> list[Flowable]:
    parts = [*facts(s), _("printed {date}").format(date=s.date.isoformat())]
    out: list[Flowable] = [
        Paragraph(esc(s.name), TITLE),
        Paragraph(" · ".join(parts), SUB),
        Spacer(0, 6),
        *verdict(s),
    ]
    if s.notes:
        out.append(Paragraph(_("<b>Notes:</b> {notes}").format(notes=esc(s.notes)),
                             _style("notes", 8, spaceBefore=5)))
    return out


MAX_PRINTED_FINDINGS = 500
"""Most findings printed on a sheet (a system with 40,000 rules may break them all: a
thousand pages nobody reads); the box says how many more there are."""


def verdict_head(s: WarbandSummary) -> tuple[str, colors.Color, colors.Color]:
    """The verdict's line ("✓ Legal…", "✗ NOT LEGAL: 2 problems"), its ink and background."""
    if s.legal:
        return _("✓ Legal under the recruiting rules"), GOOD, GOOD_BG
    n = sum(1 for f in s.findings if f.severity == "error")
    return (ngettext("✗ NOT LEGAL: {n} problem", "✗ NOT LEGAL: {n} problems", n).format(n=n),
            BAD, BAD_BG)


def verdict_box(rows: list[list[Flowable]], ink: colors.Color, bg: colors.Color
                ) -> list[Flowable]:
    """Rows of one cell each in a coloured box that continues from page to page."""
    return long_table(rows, ["100%"], [
        ("BACKGROUND", (0, 0), (-1, -1), bg),
        ("LINEBEFORE", (0, 0), (0, -1), 1.2, ink),
        ("LINEAFTER", (-1, 0), (-1, -1), 1.2, ink),
        ("LEFTPADDING", (0, 0), (-1, -1), 7),
        ("RIGHTPADDING", (0, 0), (-1, -1), 7),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ], first=[("LINEABOVE", (0, 0), (-1, 0), 1.2, ink), ("TOPPADDING", (0, 0), (-1, 0), 5)],
        last=[("LINEBELOW", (0, -1), (-1, -1), 1.2, ink),
              ("BOTTOMPADDING", (0, -1), (-1, -1), 5)])


def verdict(s: WarbandSummary) -> list[Flowable]:
    """Legal or not, and every finding (up to :data:`MAX_PRINTED_FINDINGS`), in a coloured box
    under the title."""
    head, ink, bg = verdict_head(s)
    rows: list[list[Flowable]] = [[Paragraph(esc(head), _style("v", 10, BOLD, ink))]]
    shown = s.findings[:MAX_PRINTED_FINDINGS]
    label = esc(_("warning"))
    warning = f" <font color='{markup(MUTED)}' size='7'>[{label}]</font>"
    for f in shown:  # the message a player reads (no rule id); a warning says it is one
        texts = pieces(f.message)
        for i, text in enumerate(texts):  # a long message continues, a paragraph a part
            tail = warning if f.severity != "error" and i == len(texts) - 1 else ""
            rows.append([Paragraph(esc(text) + tail, FINDING,
                                   bulletText="•" if i == 0 else None)])
    if len(s.findings) > len(shown):
        more = len(s.findings) - len(shown)
        rows.append([Paragraph("<i>" + esc(ngettext(
            "… and {n} more finding, not printed: spherewars validate lists them all",
            "… and {n} more findings, not printed: spherewars validate lists them all",
            more).format(n=number(more))) + "</i>", FINDING)])
    return verdict_box(rows, ink, bg)


def roster(s: WarbandSummary, width: float) -> list[Flowable]:
    """Count × name, type, rank (in games with ranks), the stat line and the points (in games
    with a cost) of each line of the list."""
    columns = list(s.stat_columns)
    ranks = [_("Rank")] if s.game.has_ranks else []
    points = [_("Points")] if s.game.has_cost else []
    head = ["", _("Combatant"), _("Type"), *ranks, *map(s.game.stat_label, columns), *points]
    head_row = [Paragraph(f"<b>{esc(h)}</b>", CELL) for h in head]
    rows: list[list[object]] = []
    unknown_rows: list[int] = []
    for line in s.roster:
        rows.append(_roster_row(line, s, len(head), bool(ranks), bool(points)))
        if not line.known:
            unknown_rows.append(len(rows) - 1)
    if not s.roster:
        none_yet = esc(_("No combatants yet."))
        rows.append(["", Paragraph(f"<i>{none_yet}</i>", CELL)]
                    + [""] * (len(head) - 2))
    total = ["", Paragraph("<b>" + esc(ngettext("Total: {n} model", "Total: {n} models",
                                                 s.stats.models).format(n=s.stats.models))
                           + "</b>", CELL)]
    total += [""] * (len(head) - 2 - len(points))
    total += [Paragraph(f"<b>{s.stats.points}</b>", CELL_R)] if points else []
    rows.append(total)

    # a stat column as wide as its header needs ("WPN" must not wrap), at least 24 pt
    stat_ws = [max(24.0, stringWidth(c, BOLD, 7.5) + 8) for c in columns]
    # the type column as wide as the longest type name ("Leader of the Expedition" on one
    # line), at least 46 pt and at most a quarter of the table
    type_w = min(max([46.0] + [stringWidth(line.type or "", REGULAR, 7.5) + 7
                               for line in s.roster if line.known]), width / 4)
    fixed = [22.0, type_w] + ([44.0] if ranks else []) + ([34.0] if points else [])
    name_w = width - sum(fixed) - sum(stat_ws)
    widths = [22.0, name_w, type_w, *([44.0] if ranks else []), *stat_ws,
              *([34.0] if points else [])]
    first_stat = 3 + len(ranks)
    style = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 7.5),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (first_stat, 0), (first_stat + len(columns) - 1, -1), "CENTER"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
    ]
    rows_style: list[Command] = [("LINEBELOW", (0, 0), (-1, len(rows) - 2), 0.25, RULE)]
    for r in unknown_rows:
        rows_style += [("SPAN", (2, r), (-1, r)), ("BACKGROUND", (0, r), (-1, r), BAD_BG)]
    return [Paragraph(esc(_("Roster")), H2), *long_table(
        rows, widths, style, last=[("LINEABOVE", (0, -1), (-1, -1), 0.8, INK)],
        rows_style=rows_style, head=head_row,
        head_style=[("BACKGROUND", (0, 0), (-1, -1), SHADE),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.6, RULE)])]


def _roster_row(line: RosterLine, s: WarbandSummary, n_cells: int, ranks: bool,
                points: bool) -> list[object]:
    count = Paragraph(f"<b>{line.count} ×</b>", CELL_R)
    if not line.known:
        if s.faction_name:
            why = _("unknown combatant: not in the {faction} data; counts toward "
                    "nothing").format(faction=s.faction_name)
        else:
            why = _("unknown combatant: not in the loaded data; counts toward nothing")
        return [count, Paragraph(f"<b>{esc(line.name)}</b>", CELL),
                Paragraph(f"<i>{esc(why)}</i>",
                          _style("unk", 7.5, ITALIC, BAD))] + [""] * (n_cells - 3)
    row: list[object] = [count, Paragraph(esc(line.name), CELL_B),
                         Paragraph(esc(line.type), CELL)]
    if ranks:
        row.append(Paragraph(esc(line.rank or "–"), CELL))
    row += [shown for _n, shown in line.stats]
    if points:
        row.append(Paragraph(str(line.points), CELL_R))
    return row


def turn_numbers(s: WarbandSummary, width: float) -> list[Flowable]:
    """The game system's derived figures (SPEC §5 ``figures``), computed from the whole list
    as hired, each with its help text."""
    if not s.figures and s.faction_name is not None:
        return []
    cells = [(f.name, f.shown, f.help) for f in s.figures]
    if s.faction_name is None:  # nothing is known about the combatants: no figure is honest
        cells = [(_("Figures"), "–", _("unknown: the faction is not loaded"))]
    per_row = 5
    rows = []
    for start in range(0, len(cells), per_row):
        chunk = cells[start:start + per_row]
        row = [[Paragraph(esc(label), NUMBER_LABEL), Paragraph(esc(value), NUMBER),
                Paragraph(esc(note), NUMBER_NOTE)] for label, value, note in chunk]
        rows.append(row + [""] * (per_row - len(chunk)) if len(cells) > per_row else row)
    n = len(rows[0])
    return [Paragraph(esc(_("Every turn")), H2), *long_table(rows, [width / n] * n, [
        ("LINEBEFORE", (0, 0), (-1, -1), 0.6, RULE),
        ("LINEAFTER", (-1, 0), (-1, -1), 0.6, RULE),
        ("LINEBELOW", (0, 0), (-1, -1), 0.6, RULE),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 4),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 5),
    ], first=[("LINEABOVE", (0, 0), (-1, 0), 0.6, RULE)])]


# --- flowing onto pages ------------------------------------------------------------------


class _Pages:
    """The sheet's pages on the shared canvas: a footer on each, frames on demand."""

    def __init__(self, c: Canvas, s: WarbandSummary, page_size: tuple[float, float]) -> None:
        self.c, self.s = c, s
        self.w, self.h = page_size
        self.number = 0

    def new_page(self) -> None:
        if self.number:
            self.c.showPage()
        self.number += 1
        c = self.c
        c.saveState()
        c.setFont(REGULAR, 6.5)
        c.setFillColor(MUTED)
        source = self.s.game.source or self.s.game.name
        rules = _("Rules: {source}").format(source=source) if source else ""
        room = self.w - 2 * MARGIN - c.stringWidth(rules, REGULAR, 6.5) - 6 * mm
        draw_mixed(c, MARGIN, MARGIN - 1, _fit(f"{self.s.name}", _(
            " · turn summary · page {page}").format(page=self.number), room, 6.5), REGULAR,
            6.5)
        if rules:
            c.drawRightString(self.w - MARGIN, MARGIN - 1, rules)
        c.setFillColor(INK)
        c.drawString(MARGIN, MARGIN + 7, fingerprints_line(self.s))
        c.restoreState()

    @property
    def bottom(self) -> float:
        return MARGIN + FOOTER

    def full(self) -> Iterator[Frame]:
        while True:
            self.new_page()
            yield Frame(MARGIN, self.bottom, self.w - 2 * MARGIN, self.h - MARGIN - self.bottom,
                        0, 0, 0, 0)

    @property
    def column_width(self) -> float:
        return (self.w - 2 * MARGIN - COLUMN_GAP) / 2

    @property
    def top(self) -> float:
        return self.h - MARGIN

    left = MARGIN
    column_gap = COLUMN_GAP


def _fit(name: str, tail: str, room: float, size: float) -> str:
    """``name + tail`` in ``room`` points, the name shortened with "…" when needed: to the
    longest start of it that fits (found by halving, not a letter at a time: a pack's
    heading may name seventy players)."""
    if not name or mixed_width(name + tail, REGULAR, size) <= room:
        return name + tail

    def cut(k: int) -> str:
        return name[:k].rstrip() + "…" + tail

    low, high = 0, len(name) - 1  # cut(low) is what is left when nothing else fits
    while low < high:
        middle = (low + high + 1) // 2
        if mixed_width(cut(middle), REGULAR, size) <= room:
            low = middle
        else:
            high = middle - 1
    return cut(low)


def fingerprints_line(s: WarbandSummary) -> str:
    """SPEC §6: the list's fingerprint and its faction data's, in every page's footer."""
    data = s.data_fingerprint or _("– (faction not loaded)")
    return _("List fingerprint {fingerprint} · data fingerprint {data}").format(
        fingerprint=s.fingerprint or "–", data=data)


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
            plain = as_text(f, lambda text: Paragraph(esc(text), CELL))
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


def draw_sheet(c: Canvas, s: WarbandSummary, page_size: tuple[float, float],
               ref: Reference | None = None, *, reference: bool = True) -> int:
    """Draw the sheet from a fresh page of ``c``; returns the number of pages drawn.
    ``reference`` False leaves the game's turn reference out (an event pack's roster)."""
    register_fonts()
    pages = _Pages(c, s, page_size)
    width = pages.w - 2 * MARGIN
    top = [*header(s, width), *roster(s, width), *turn_numbers(s, width)]
    last = flow(c, top, pages.full())
    if not reference:
        c.showPage()
        return pages.number
    if ref is None and s.game.reference is not None:
        ref = load_reference(s.game.reference)
    if ref is None:  # the game prints no reference
        c.showPage()
        return pages.number
    translated = s.game.reference is not None and is_translation(s.game.reference)
    about = _("· from the {source}, in our translation; each item names its section") \
        if translated else _("· from the {source}; each item names its section")
    heading = Paragraph(f"{esc(ref.title)} <font size='7' color='{markup(MUTED)}'>"
                        + esc(about.format(source=ref.source)) + "</font>", H2)
    _w, h = heading.wrap(width, pages.h)
    y = last._y - H2.spaceBefore
    if y - h - pages.bottom < MIN_COLUMN_START:  # no heading alone at the foot of a page
        pages.new_page()
        y = pages.h - MARGIN
    heading.drawOn(c, MARGIN, y - h)
    y -= h + H2.spaceAfter
    groups = fitted_groups(ref, pages.column_width, y - pages.bottom, pages.top - pages.bottom)
    flow_columns(c, groups, pages, y)
    c.showPage()
    return pages.number
