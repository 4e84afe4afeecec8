"""The turn summary sheet: the list as an organiser checks it, then the turn as a player plays it.

Page one opens with the warband's name, faction, points and verdict; an illegal list prints
every finding in a red box right under the name, where nobody can miss it. Then the roster,
this warband's numbers for each turn (SPEC §3), and the turn reference from
``resources/reference`` in two columns. This module makes the parts (as flowables, and as
data that :mod:`builder.export.sheettop` draws straight on the page);
:mod:`builder.export.sheetpage` puts them on pages.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from builder.data.share import QR_MAX_CHARS
from builder.export.choices import PickLine
from builder.export.fonts import (
    BOLD,
    ITALIC,
    REGULAR,
    mixed_width,
)
from builder.export.layout import Command, long_table, para_style, pieces
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
from builder.export.qr import QrCode
from builder.export.summary import RosterLine, WarbandSummary
from builder.export.text import capital, esc
from builder.i18n import _, ngettext, number

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


QR_GAP = 6 * mm
HEADER_BESIDE_QR = 80 * mm
"""Most of the header set beside the QR code; the rest follows below it."""
QR_CAPTION = _style("qrcaption", 6.5, color=MUTED, leading=7.8, alignment=TA_CENTER)


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


NOTES = _style("notes", 8, spaceBefore=5)


def header_markup(s: WarbandSummary) -> tuple[str, str, str | None]:
    """The heading's paragraphs as markup: the name (:data:`TITLE`), what the list is and
    when it was printed (:data:`SUB`), the notes (:data:`NOTES`) or None."""
    parts = [*facts(s), _("printed {date}").format(date=s.date.isoformat())]
    notes = _("<b>Notes:</b> {notes}").format(notes=esc(s.notes)) if s.notes else None
    return esc(s.name), " · ".join(parts), notes


def _header_text(s: WarbandSummary) -> list[Flowable]:
    title, sub, notes = header_markup(s)
    out: list[Flowable] = [
        Paragraph(title, TITLE),
        Paragraph(sub, SUB),
        Spacer(0, HEADER_GAP),
        *verdict(s),
    ]
    if notes is not None:
        out.append(Paragraph(notes, NOTES))
    return out


HEADER_GAP = 6
"""Points between the heading and the verdict's box."""


MAX_PRINTED_FINDINGS = 500
"""Most findings printed on a sheet (a system with 40,000 rules may break them all: a
thousand pages nobody reads); the box says how many more there are."""


class Said(Protocol):
    """A finding as a verdict prints it (a warband's, a BattleScribe roster's)."""

    @property
    def message(self) -> str: ...

    @property
    def severity(self) -> str: ...


class Judged(Protocol):
    """What a verdict is made of: a warband's summary, a roster's."""

    @property
    def legal(self) -> bool: ...

    @property
    def findings(self) -> Sequence[Said]: ...


def verdict_head(s: Judged, legal: str | None = None
                 ) -> tuple[str, colors.Color, colors.Color]:
    """The verdict's line ("✓ Legal…", "✗ NOT LEGAL: 2 problems"), its ink and background;
    ``legal``: the line of a legal list, when not the recruiting rules'."""
    if s.legal:
        return legal or _("✓ Legal under the recruiting rules"), GOOD, GOOD_BG
    n = sum(1 for f in s.findings if f.severity == "error")
    return (ngettext("✗ NOT LEGAL: {n} problem", "✗ NOT LEGAL: {n} problems", n).format(n=n),
            BAD, BAD_BG)


def verdict_style(ink: colors.Color) -> ParagraphStyle:
    """The verdict's line, in the verdict's ink."""
    return _style("v", 10, BOLD, ink)


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


@dataclass(frozen=True)
class VerdictLine:
    """A paragraph of the verdict's box under its head line: a finding's message (or a part
    of a long one), with its bullet when it starts a finding and its label after the last
    part of a finding that is no error ("[warning]", "[note]")."""

    markup: str
    bullet: bool
    label: str = ""


def verdict_lines(s: Judged) -> list[VerdictLine]:
    """Every finding (up to :data:`MAX_PRINTED_FINDINGS`), then how many more there are."""
    shown = s.findings[:MAX_PRINTED_FINDINGS]
    out: list[VerdictLine] = []
    for f in shown:  # the message a player reads (no rule id); a warning says it is one
        texts = pieces(f.message)
        for i, text in enumerate(texts):  # a long message continues, a paragraph a part
            out.append(VerdictLine(esc(text), i == 0,
                                   severity_label(f.severity) if i == len(texts) - 1 else ""))
    if len(s.findings) > len(shown):
        more = len(s.findings) - len(shown)
        out.append(VerdictLine("<i>" + esc(ngettext(
            "… and {n} more finding, not printed: spherewars validate lists them all",
            "… and {n} more findings, not printed: spherewars validate lists them all",
            more).format(n=number(more))) + "</i>", False))
    return out


WARNING_INK = MUTED
WARNING_SIZE = 7


def severity_label(severity: str) -> str:
    """What follows a finding that is no error: "[warning]", or "[note]" for ``info`` (a
    BattleScribe modifier's message, SPEC §10: information, never a warning)."""
    if severity == "error":
        return ""
    return "[" + (_("note") if severity == "info" else _("warning")) + "]"


def verdict(s: Judged, legal: str | None = None) -> list[Flowable]:
    """Legal or not, and every finding (up to :data:`MAX_PRINTED_FINDINGS`), in a coloured box
    under the title (``legal``: see :func:`verdict_head`)."""
    head, ink, bg = verdict_head(s, legal)
    rows: list[list[Flowable]] = [[Paragraph(esc(head), verdict_style(ink))]]
    for line in verdict_lines(s):
        label = (f" <font color='{markup(WARNING_INK)}' size='{WARNING_SIZE}'>"
                 f"{esc(line.label)}</font>") if line.label else ""
        rows.append([Paragraph(line.markup + label, FINDING,
                               bulletText="•" if line.bullet else None)])
    return verdict_box(rows, ink, bg)


Para = tuple[str, ParagraphStyle]
Cell = Para | str | list[Para]
"""A table cell as data: paragraph markup in a style, a plain string (the stats), or
paragraphs one under the other (a name with the options taken under it)."""
UNKNOWN = _style("unk", 7.5, ITALIC, BAD)
CHOICES = _style("choices", 6.5, ITALIC, MUTED)
"""SPEC §9: the options an entry took, or what a pick adds, under its name."""


def _with_notes(name: Para, notes: list[str]) -> Cell:
    return [name, *((esc(n), CHOICES) for n in notes if n)] if any(notes) else name


@dataclass(frozen=True)
class RosterTable:
    """The roster as cells: what :func:`roster` makes a table of, and
    :mod:`builder.export.sheettop` draws straight on the page."""

    head: list[Cell]
    rows: list[list[Cell]]
    """The lines of the list (or a "no combatants" row), then the total."""
    widths: list[float]
    first_stat: int
    """The first stat column (stats are centred)."""
    stats: int
    unknown_rows: list[int]
    """Rows of combatants the data lacks: their explanation spans from the type column on."""


def roster_table(s: WarbandSummary, width: float) -> RosterTable:
    """Count × name, type, rank (in games with ranks), the stat line and the points (in games
    with a cost) of each line of the list."""
    columns = list(s.stat_columns)
    ranks = [_("Rank")] if s.game.has_ranks else []
    points = [_("Points")] if s.game.has_cost else []
    head = ["", _("Combatant"), _("Type"), *ranks, *map(s.game.stat_label, columns), *points]
    head_row: list[Cell] = [(f"<b>{esc(h)}</b>", CELL) for h in head]
    rows: list[list[Cell]] = []
    unknown_rows: list[int] = []
    for line in s.roster:
        rows.append(_roster_row(line, s, len(head), bool(ranks), bool(points)))
        if not line.known:
            unknown_rows.append(len(rows) - 1)
    if not s.roster:
        none_yet = esc(_("No combatants yet."))
        empty: list[Cell] = ["", (f"<i>{none_yet}</i>", CELL)]
        rows.append(empty + [""] * (len(head) - 2))
    for pick in s.picks:  # SPEC §9: what the list took once, listed with the entries
        rows.append(_pick_row(pick, s.game.picks_name, len(head), len(columns), bool(ranks),
                              bool(points)))
        if not pick.known:
            unknown_rows.append(len(rows) - 1)
    total: list[Cell] = ["", ("<b>" + esc(ngettext(
        "Total: {n} model", "Total: {n} models", s.stats.models).format(n=s.stats.models))
        + "</b>", CELL)]
    total += [""] * (len(head) - 2 - len(points))
    total += [(f"<b>{s.stats.points}</b>", CELL_R)] if points else []
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
    return RosterTable(head_row, rows, widths, 3 + len(ranks), len(columns), unknown_rows)


ROSTER_PAD = 2.5, 3
"""(top and bottom, left and right) padding of the roster's cells."""


def roster(s: WarbandSummary, width: float) -> list[Flowable]:
    """The roster's heading and table (:func:`roster_table`)."""
    t = roster_table(s, width)

    def cell(c: Cell) -> object:
        if isinstance(c, list):
            return [Paragraph(*p) for p in c]
        return c if isinstance(c, str) else Paragraph(*c)

    rows = [[cell(c) for c in r] for r in t.rows]
    style = [
        ("FONT", (0, 0), (-1, -1), REGULAR, 7.5),
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (t.first_stat, 0), (t.first_stat + t.stats - 1, -1), "CENTER"),
        ("TOPPADDING", (0, 0), (-1, -1), ROSTER_PAD[0]),
        ("BOTTOMPADDING", (0, 0), (-1, -1), ROSTER_PAD[0]),
        ("LEFTPADDING", (0, 0), (-1, -1), ROSTER_PAD[1]),
        ("RIGHTPADDING", (0, 0), (-1, -1), ROSTER_PAD[1]),
    ]
    rows_style: list[Command] = [("LINEBELOW", (0, 0), (-1, len(rows) - 2), 0.25, RULE)]
    for r in t.unknown_rows:
        rows_style += [("SPAN", (2, r), (-1, r)), ("BACKGROUND", (0, r), (-1, r), BAD_BG)]
    return [Paragraph(esc(_("Roster")), H2), *long_table(
        rows, t.widths, style, last=[("LINEABOVE", (0, -1), (-1, -1), 0.8, INK)],
        rows_style=rows_style, head=[cell(c) for c in t.head],
        head_style=[("BACKGROUND", (0, 0), (-1, -1), SHADE),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.6, RULE)])]


def _roster_row(line: RosterLine, s: WarbandSummary, n_cells: int, ranks: bool,
                points: bool) -> list[Cell]:
    count = (f"<b>{line.count} ×</b>", CELL_R)
    if not line.known:
        if s.faction_name:
            why = _("unknown combatant: not in the {faction} data; counts toward "
                    "nothing").format(faction=s.faction_name)
        else:
            why = _("unknown combatant: not in the loaded data; counts toward nothing")
        unknown: list[Cell] = [count, (f"<b>{esc(line.name)}</b>", CELL),
                               (f"<i>{esc(why)}</i>", UNKNOWN)]
        return unknown + [""] * (n_cells - 3)
    name = _with_notes((esc(line.name), CELL_B), [", ".join(o.printed for o in line.options)])
    row: list[Cell] = [count, name, (esc(line.type), CELL)]
    if ranks:
        row.append((esc(line.rank or "–"), CELL))
    row += [shown for _n, shown in line.stats]
    if points:
        row.append((str(line.points), CELL_R))
    return row


def _pick_row(pick: PickLine, kind: str, n_cells: int, stats: int, ranks: bool,
              points: bool) -> list[Cell]:
    """A pick: its name, what it adds besides points and its text under it, the game's word
    for picks (``kind``, "Artefacts") as its type, its points; one the data lacks says so,
    as an unknown combatant does."""
    if not pick.known:
        why = _("unknown pick: not in the data; counts toward nothing")
        unknown: list[Cell] = ["", (f"<b>{esc(pick.name)}</b>", CELL),
                               (f"<i>{esc(why)}</i>", UNKNOWN)]
        return unknown + [""] * (n_cells - 3)
    adds = ", ".join(f"{label} +{n}" for label, n in pick.adds)
    row: list[Cell] = ["", _with_notes((esc(pick.name), CELL_B), [adds, pick.text or ""]),
                       (esc(kind), CELL)]
    row += [""] * (int(ranks) + stats)
    return row + ([(str(pick.points), CELL_R)] if points else [])


FIGURES_PER_ROW = 5


def figure_cells(s: WarbandSummary) -> list[tuple[str, str, str]]:
    """The game system's derived figures (SPEC §5 ``figures``), computed from the whole list
    as hired: (name, value, help text) each; [] for none."""
    if s.faction_name is None:  # nothing is known about the combatants: no figure is honest
        return [(_("Figures"), "–", _("unknown: the faction is not loaded"))]
    return [(f.name, f.shown, f.help) for f in s.figures]


def turn_numbers(s: WarbandSummary, width: float) -> list[Flowable]:
    """The figures (:func:`figure_cells`) in boxes, :data:`FIGURES_PER_ROW` a row."""
    cells = figure_cells(s)
    if not cells:
        return []
    per_row = FIGURES_PER_ROW
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


def fit_line(name: str, tail: str, room: float, size: float, font: str = REGULAR) -> str:
    """``name + tail`` in ``room`` points, the name shortened with "…" when needed: to the
    longest start of it that fits (found by halving, not a letter at a time: a pack's
    heading may name seventy players)."""
    if not name or mixed_width(name + tail, font, size) <= room:
        return name + tail

    def cut(k: int) -> str:
        return name[:k].rstrip() + "…" + tail

    low, high = 0, len(name) - 1  # cut(low) is what is left when nothing else fits
    while low < high:
        middle = (low + high + 1) // 2
        if mixed_width(cut(middle), font, size) <= room:
            low = middle
        else:
            high = middle - 1
    return cut(low)


def fingerprints_line(s: WarbandSummary) -> str:
    """SPEC §6: the list's fingerprint and its faction data's, in every page's footer."""
    data = s.data_fingerprint or _("– (faction not loaded)")
    return _("List fingerprint {fingerprint} · data fingerprint {data}").format(
        fingerprint=s.fingerprint or "–", data=data)
