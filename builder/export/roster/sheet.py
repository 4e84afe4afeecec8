"""The roster sheet: a BattleScribe roster as a player and an organiser read it.

Page one opens with the roster's name, its game system and catalogues, its costs against
their limits and the verdict with every finding (BattleScribe's own messages). Then each
force: its selections grouped by category, each with its number, its upgrades (the
selections below it, nested, with their numbers and costs) and its costs. Then every profile
of the roster in tables, one per profile type with the type's characteristics as columns
(fitted by :mod:`builder.export.roster.tables`: smaller type down to a floor, then the
columns on a second band), and each rule once, with its text. A footer on every page: the
roster's name, the page, the game system and the roster's fingerprint (SPEC §10).

The warband sheet's styles, verdict box, table flowing and text helpers are reused
(:mod:`builder.export.sheet`, :mod:`builder.export.layout`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, Frame, Paragraph, Spacer

from builder.battlescribe.engine.modifiers import format_number
from builder.battlescribe.engine.roster import NO_CATEGORY
from builder.export.fonts import BOLD, ITALIC, REGULAR, draw_mixed, register_fonts
from builder.export.layout import Command, Group, flow, long_table, para_style, pieces
from builder.export.palette import BAD, INK, MUTED, RULE, SHADE, markup
from builder.export.roster.summary import (
    ForceLine,
    ProfileTable,
    RosterSummary,
    RuleLine,
    SelectionLine,
)
from builder.export.roster.tables import fit_table
from builder.export.sheet import (
    CELL,
    CELL_R,
    FOOTER,
    H2,
    MARGIN,
    NOTES,
    SUB,
    TITLE,
    fit_line,
    verdict,
)
from builder.export.text import esc
from builder.i18n import _

H3 = para_style("rh3", 9, BOLD, INK, spaceBefore=6, spaceAfter=2)
UPGRADE = para_style("rupgrade", 6.8, color=MUTED, leading=8.2)
NOTE = para_style("rnote", 6.8, ITALIC, MUTED, leading=8.2)
RULE_TEXT = para_style("rrule", 7.5, spaceAfter=3)
CATEGORY = para_style("rcategory", 7.5, BOLD, MUTED)
TABLE_SIZES = (7.5, 7.0, 6.5, 6.0)
"""A profile table's type, largest first; 6 pt is the floor, below which it takes bands."""
PAD = 3.0


def bold(text: str) -> str:
    return f"<b>{esc(text)}</b>"


def italic(text: str) -> str:
    return f"<i>{esc(text)}</i>"


def legal_line() -> str:
    return _("✓ Legal: no validation errors")


def costs_markup(summary: RosterSummary) -> str:
    """"Points 106 / 150 · Fuel 1", a cost over its limit in red."""
    parts = []
    for cost in summary.costs:
        text = esc(f"{cost.name} {cost.shown}")
        parts.append(f"<font color='{markup(BAD)}'><b>{text}</b></font>" if cost.over
                     else f"<b>{text}</b>")
    return " · ".join(parts) if parts else esc(_("no costs"))


def about_markup(summary: RosterSummary) -> str:
    """The game system and the catalogues with their revisions, and when it was printed."""
    catalogues = ", ".join(_("{name} (revision {revision})").format(name=name,
                                                                   revision=revision)
                           for name, revision in summary.catalogues)
    parts = [_("{name} (revision {revision})").format(name=summary.system_name,
                                                      revision=summary.system_revision)]
    if catalogues:
        parts.append(catalogues)
    parts.append(_("printed {date}").format(date=summary.date.isoformat()))
    return " · ".join(esc(p) for p in parts)


def header(summary: RosterSummary) -> list[Flowable]:
    out: list[Flowable] = [Paragraph(esc(summary.name), TITLE),
                           Paragraph(about_markup(summary), SUB),
                           Paragraph(costs_markup(summary), SUB), Spacer(0, 6),
                           *verdict(summary, legal_line())]
    if summary.notes:
        out.append(Paragraph(_("<b>Notes:</b> {notes}").format(notes=esc(summary.notes)),
                             NOTES))
    return out


# --- the forces ------------------------------------------------------------------------------


def cost_text(values: Sequence[tuple[str, float]], names: dict[str, str]) -> str:
    """"15 Points, 1 Fuel": the costs that are not 0, of the cost types shown (``names``,
    in their order)."""
    given = dict(values)
    return ", ".join(f"{format_number(given[t])} {name}" for t, name in names.items()
                     if given.get(t))


def numbered(selection: SelectionLine, number: int | None = None) -> str:
    """"3 × Bow", or "Bow" for one (``number``, else the selection's); a custom name first,
    the entry's after it."""
    name = selection.shown_name
    if selection.custom_name and selection.custom_name != selection.name:
        name = _("{custom} ({entry})").format(custom=selection.custom_name,
                                              entry=selection.name)
    n = selection.number if number is None else number
    if n == 1:
        return name
    return _("{n} × {name}").format(n=n, name=name)


def upgrades_text(selection: SelectionLine, names: dict[str, str] | None = None) -> str:
    """"Boltgun and fists (Fists, Boltgun), 3 × Bow [6 Points]": what was chosen below
    ``selection``, with numbers, the selections below each in parentheses, and each one's
    own costs when ``names`` (cost type id -> name) are given. Alike selections (the same
    name and the same below them) are said once, their numbers and costs added."""
    alike: dict[tuple[str, str, str], list[SelectionLine]] = {}
    for child in selection.children:
        key = (child.shown_name, child.name, upgrades_text(child, names))
        alike.setdefault(key, []).append(child)
    parts = []
    for (_shown, _name, inner), group in alike.items():
        first = group[0]
        number = sum(c.number for c in group)
        costs: dict[str, float] = {}
        for c in group:
            for t, v in c.costs:
                costs[t] = costs.get(t, 0.0) + v
        text = numbered(first, number)
        spent = cost_text(tuple(costs.items()), names) if names else ""
        if spent:
            text += f" [{spent}]"
        parts.append(f"{text} ({inner})" if inner else text)
    return ", ".join(parts)


def _selection_cell(selection: SelectionLine, names: dict[str, str]) -> list[Flowable]:
    title = esc(selection.shown_name)
    if selection.custom_name and selection.custom_name != selection.name:
        title = f"<b>{title}</b> <font color='{markup(MUTED)}'>({esc(selection.name)})</font>"
    else:
        title = f"<b>{title}</b>"
    out: list[Flowable] = [Paragraph(title, CELL)]
    chosen = upgrades_text(selection, names)
    if chosen:
        out += [Paragraph(esc(piece), UPGRADE) for piece in pieces(chosen)]
    rules = sorted({r.name for s in selection.walk() for r in s.rules})
    if rules:
        out.append(Paragraph(esc(_("Rules: {names}").format(names=", ".join(rules))), NOTE))
    for s in selection.walk():
        if s.notes:
            out += [Paragraph(esc(piece), NOTE) for piece in pieces(s.notes)]
    return out


def category_name(entry_id: str, name: str) -> str:
    return _("Uncategorised") if entry_id == NO_CATEGORY else name


def force_heading(force: ForceLine) -> str:
    name = esc(force.shown_name)
    return (f"{name} <font size='8' color='{markup(MUTED)}'>· "
            + esc(force.catalogue) + "</font>")


def force_table(summary: RosterSummary, force: ForceLine, width: float) -> list[Flowable]:
    """A force's selections by category: number, the selection with its upgrades, and one
    column per cost type shown; a total row."""
    names = {c.id: c.name for c in summary.costs}
    shown = [c for c in summary.costs if any(dict(s.total).get(c.id) for s in force.selections)]
    count_w = 24.0
    cost_ws = [max(34.0, stringWidth(c.name, BOLD, 7.5) + 2 * PAD) for c in shown]
    widths = [count_w, width - count_w - sum(cost_ws), *cost_ws]
    head = ["", Paragraph(bold(_("Selection")), CELL),
            *(Paragraph(f"<b>{esc(c.name)}</b>", CELL_R) for c in shown)]
    rows: list[list[object]] = []
    style_rows: list[Command] = []
    totals = {c.id: 0.0 for c in shown}
    for category in force.categories:
        rows.append([Paragraph(esc(category_name(category.entry_id, category.name)),
                               CATEGORY)] + [""] * (len(widths) - 1))
        r = len(rows) - 1
        style_rows += [("SPAN", (0, r), (-1, r)), ("BACKGROUND", (0, r), (-1, r), SHADE)]
        for selection in category.selections:
            total = dict(selection.total)
            for c in shown:
                totals[c.id] += total.get(c.id, 0.0)
            rows.append([Paragraph(f"<b>{selection.number} ×</b>", CELL_R),
                         _selection_cell(selection, names),
                         *(Paragraph(format_number(total.get(c.id, 0.0)), CELL_R)
                           for c in shown)])
    if not rows:
        rows.append(["", Paragraph(italic(_("No selections yet.")), CELL)]
                    + [""] * len(shown))
    rows.append(["", Paragraph(bold(_("Total")), CELL),
                 *(Paragraph(f"<b>{format_number(totals[c.id])}</b>", CELL_R)
                   for c in shown)])
    style: list[Command] = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 2.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
    ]
    style_rows.append(("LINEBELOW", (0, 0), (-1, len(rows) - 2), 0.25, RULE))
    return long_table(rows, widths, style, last=[("LINEABOVE", (0, -1), (-1, -1), 0.8, INK)],
                      rows_style=style_rows, head=head,
                      head_style=[("BACKGROUND", (0, 0), (-1, -1), SHADE),
                                  ("LINEBELOW", (0, 0), (-1, -1), 0.6, RULE)])


def forces(summary: RosterSummary, width: float) -> list[Flowable]:
    out: list[Flowable] = []
    for force in summary.walk_forces():
        out.append(Paragraph(force_heading(force), H2))
        if force.rules:
            out.append(Paragraph(esc(_("Rules: {names}").format(
                names=", ".join(r.name for r in force.rules))), NOTE))
        if force.notes:
            out.append(Paragraph(esc(force.notes), NOTES))
        out += force_table(summary, force, width)
    return out


# --- profiles and rules ----------------------------------------------------------------------


def profile_table(table: ProfileTable, width: float) -> list[Flowable]:
    """One profile type's table, fitted to ``width`` (:func:`fit_table`): a heading, then a
    band of columns, or several one under the other, each beginning with the names."""
    head = [table.name, *table.columns]
    rows = [[p.name, *table.cells(p)] for p in table.rows]
    fit = fit_table(head, rows, width, TABLE_SIZES, PAD)
    size = fit.size
    cell = para_style(f"pcell{size}", size)
    name = para_style(f"pname{size}", size, BOLD)
    out: list[Flowable] = []
    for k, band in enumerate(fit.bands):
        title = esc(table.name)
        if len(fit.bands) > 1:
            title += f" <font color='{markup(MUTED)}' size='7'>" + esc(
                _("({part} of {parts})").format(part=k + 1, parts=len(fit.bands))) + "</font>"
        heading = Paragraph(title, H3)
        heading.keep_with_next = True
        out.append(heading)
        cells = [[Paragraph(esc(row[j]), name if j == 0 else cell) for j in band.columns]
                 for row in rows]
        out += long_table(cells, band.widths, [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 1.5),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
            ("LEFTPADDING", (0, 0), (-1, -1), PAD),
            ("RIGHTPADDING", (0, 0), (-1, -1), PAD),
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE),
        ], head=[Paragraph(f"<b>{esc(head[j] if j else '')}</b>", cell) for j in band.columns],
            head_style=[("BACKGROUND", (0, 0), (-1, -1), SHADE),
                        ("LINEBELOW", (0, 0), (-1, -1), 0.6, RULE)])
    return out


def profiles(summary: RosterSummary, width: float) -> list[Flowable]:
    tables = summary.profile_tables
    if not tables:
        return []
    out: list[Flowable] = [Paragraph(esc(_("Profiles")), H2)]
    for table in tables:
        out += profile_table(table, width)
    return out


def rule_paragraphs(rule: RuleLine) -> list[Flowable]:
    """A rule: its name in bold (and page), then its text, long text cut into pieces."""
    page = f" <font color='{markup(MUTED)}'>" + esc(_("p. {page}").format(page=rule.page)) \
        + "</font>" if rule.page else ""
    texts = pieces(rule.text) if rule.text else [""]
    first = f"<b>{esc(rule.name)}</b>{page}" + (": " + esc(texts[0]) if texts[0] else "")
    out: list[Flowable] = [Paragraph(first, RULE_TEXT)]
    out += [Paragraph(esc(t), RULE_TEXT) for t in texts[1:]]
    return out


def rules(summary: RosterSummary) -> list[Flowable]:
    """Each rule once: kept whole in a column, unless longer than a page."""
    found = summary.rules
    if not found:
        return []
    return [Paragraph(esc(_("Rules")), H2),
            *(Group(rule_paragraphs(r), space_after=0) for r in found)]


# --- on pages -------------------------------------------------------------------------------


def fingerprint_line(summary: RosterSummary) -> str:
    return _("Roster fingerprint {fingerprint}").format(fingerprint=summary.fingerprint)


class Pages:
    """The sheet's pages: a footer on each, a frame each."""

    def __init__(self, c: Canvas, summary: RosterSummary, page_size: tuple[float, float],
                 what: str) -> None:
        self.c, self.s, self.what = c, summary, what
        self.w, self.h = page_size
        self.number = 0

    def footer(self) -> None:
        c = self.c
        c.saveState()
        c.setFont(REGULAR, 6.5)
        c.setFillColor(MUTED)
        system = self.s.system_name
        room = self.w - 2 * MARGIN - c.stringWidth(system, REGULAR, 6.5) - 6 * mm
        draw_mixed(c, MARGIN, MARGIN - 1, fit_line(self.s.name, self.what.format(
            page=self.number), room, 6.5), REGULAR, 6.5)
        draw_mixed(c, self.w - MARGIN, MARGIN - 1, system, REGULAR, 6.5, "right")
        c.setFillColor(INK)
        c.drawString(MARGIN, MARGIN + 7, fingerprint_line(self.s))
        c.restoreState()

    def frames(self) -> Iterator[Frame]:
        while True:
            if self.number:
                self.c.showPage()
            self.number += 1
            self.footer()
            bottom = MARGIN + FOOTER
            yield Frame(MARGIN, bottom, self.w - 2 * MARGIN, self.h - MARGIN - bottom,
                        0, 0, 0, 0)


def sheet_flowables(summary: RosterSummary, width: float) -> list[Flowable]:
    """Everything the sheet prints, in order (for drawing, and for tests)."""
    return [*header(summary), *forces(summary, width), *profiles(summary, width),
            *rules(summary)]


def draw_roster_sheet(c: Canvas, summary: RosterSummary, page_size: tuple[float, float]
                      ) -> int:
    """Draw the sheet from a fresh page of ``c``; returns the number of pages drawn."""
    register_fonts()
    pages = Pages(c, summary, page_size, _(" · roster sheet · page {page}"))
    flow(c, sheet_flowables(summary, page_size[0] - 2 * MARGIN), pages.frames())
    c.showPage()
    return pages.number
