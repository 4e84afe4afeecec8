"""A roster's opponent's copy: the one page a player hands across the table, as for a
warband (:mod:`builder.export.opponent`, whose layout and footer it uses).

What the opponent checks, and nothing of the player's own aids (no notes, no profiles): the
roster's name, game system and catalogues, its costs against their limits, the verdict with
the first few errors, every selection with its number, upgrades, category and costs, and the
roster's fingerprint in large type (SPEC §10). The entries' type shrinks, then takes two
columns, to keep it to a page.
"""

from __future__ import annotations

from reportlab.lib.enums import TA_RIGHT
from reportlab.platypus import Flowable, Paragraph

from builder.battlescribe.engine.modifiers import format_number
from builder.export.fonts import BOLD
from builder.export.layout import Command, para_style
from builder.export.opponent import CopyParts, copy_verdict, entries_table
from builder.export.palette import MUTED, SHADE, markup
from builder.export.roster.sheet import (
    about_markup,
    bold,
    category_name,
    costs_markup,
    fingerprint_line,
    italic,
    legal_line,
    upgrades_text,
)
from builder.export.roster.summary import RosterSummary
from builder.export.sheet import SUB, TITLE
from builder.export.text import esc
from builder.i18n import _


def _top(summary: RosterSummary, width: float) -> list[Flowable]:
    label = Paragraph(esc(_("Opponent's copy")).upper(), para_style("rolabel", 8, BOLD, MUTED))
    return [label, Paragraph(esc(summary.name), TITLE), Paragraph(about_markup(summary), SUB),
            Paragraph(costs_markup(summary), SUB)]


def _entries(summary: RosterSummary, width: float, size: float) -> list[Flowable]:
    """Number ×, the selection with its upgrades, its category and its costs."""
    cell = para_style(f"roc{size}", size)
    right = para_style(f"ror{size}", size, alignment=TA_RIGHT)
    section = para_style(f"ros{size}", size, BOLD, MUTED)
    costs = list(summary.costs)
    count_w = size * 4.2
    cost_w = size * 6.5
    category_w = width * 0.22
    name_w = width - count_w - category_w - cost_w * len(costs)
    widths = [count_w, name_w, category_w, *([cost_w] * len(costs))]
    head = ["", Paragraph(bold(_("Selection")), cell),
            Paragraph(bold(_("Category")), cell),
            *(Paragraph(f"<b>{esc(c.name)}</b>", right) for c in costs)]
    rows: list[list[object]] = []
    style_rows: list[Command] = []
    several = len(list(summary.walk_forces())) > 1
    for force in summary.walk_forces():
        if several:
            rows.append([Paragraph(esc(f"{force.shown_name} · {force.catalogue}"), section)]
                        + [""] * (len(widths) - 1))
            r = len(rows) - 1
            style_rows += [("SPAN", (0, r), (-1, r)), ("BACKGROUND", (0, r), (-1, r), SHADE)]
        for category in force.categories:
            for selection in category.selections:
                name = f"<b>{esc(selection.shown_name)}</b>"
                chosen = upgrades_text(selection)
                if chosen:
                    name += f" <font color='{markup(MUTED)}'><i>(" + esc(chosen) + ")</i></font>"
                total = dict(selection.total)
                rows.append([Paragraph(f"<b>{selection.number} ×</b>", right),
                             Paragraph(name, cell),
                             Paragraph(esc(category_name(category.entry_id, category.name)),
                                       cell),
                             *(Paragraph(format_number(total.get(c.id, 0.0)), right)
                               for c in costs)])
    if not rows:
        rows.append(["", Paragraph(italic(_("No selections yet.")), cell), ""]
                    + [""] * len(costs))
    rows.append(["", Paragraph(bold(_("Total")), cell), "",
                 *(Paragraph(f"<b>{esc(c.shown)}</b>", right) for c in costs)])
    return entries_table(rows, widths, size, head, style_rows)


def roster_copy(summary: RosterSummary) -> CopyParts:
    """The copy's parts, for :func:`builder.export.opponent.draw_opponent_copy`."""
    return CopyParts(lambda width: _top(summary, width), copy_verdict(summary, legal_line()),
                     lambda width, size: _entries(summary, width, size),
                     fingerprint_line(summary),
                     _("{name} · opponent's copy · printed {date}").format(
                         name=summary.name, date=summary.date.isoformat()))
