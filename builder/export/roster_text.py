"""A BattleScribe roster as text for posting (``spherewars text``, SPEC §10), in the styles of
:mod:`builder.export.chat`: the roster's name, game and catalogues with every cost against
its limit; each force with its selections under their categories, each selection with its
number, its costs and its children; the verdict with every finding; the fingerprint.

Rendered from the same summary as the roster's printouts
(:class:`~builder.export.roster.summary.RosterSummary`); names from the data are shown as
written, escaped for the markup.
"""

from __future__ import annotations

from builder.battlescribe.engine.modifiers import format_number
from builder.battlescribe.engine.roster import NO_CATEGORY
from builder.export.chat import MARKUP, _Markup, _one_line, _verdict
from builder.export.roster.summary import ForceLine, RosterSummary, SelectionLine, cost_names
from builder.export.styles import STYLES
from builder.i18n import _


def cost_text(name: str, value: float, limit: float | None) -> str:
    """"Points 106/150", or "Fuel 1" without a limit."""
    if limit is None:
        return _("{cost} {value}").format(cost=name, value=format_number(value))
    return _("{cost} {value}/{limit}").format(cost=name, value=format_number(value),
                                             limit=format_number(limit))


def _name(line: SelectionLine | ForceLine) -> str:
    """A selection or force as the player named it: "Old Marta (Captain)"."""
    name = _one_line(line.name)
    custom = _one_line(line.custom_name or "")
    return _("{custom} ({name})").format(custom=custom, name=name) if custom else name


def _selection(line: SelectionLine, depth: int, names: dict[str, str], m: _Markup) -> list[str]:
    what = f"{line.number} × {m.esc(_name(line))}"
    costs = ", ".join(_("{value} {cost}").format(value=format_number(value),
                                                 cost=names[type_id])
                      for type_id, value in line.costs if value and type_id in names)
    if costs:
        what = f"{what} · {m.esc(costs)}"
    if m.list_start is None and m.item.strip() == "":  # plain: indented lines
        out = [m.item + "  " * depth + what]
    elif m.item.startswith("["):  # bbcode's [*] cannot nest here: a mark shows the depth
        out = [m.item + "↳ " * depth + what]
    else:
        out = ["  " * depth + m.item + what]
    for child in line.children:
        out += _selection(child, depth + 1, names, m)
    return out


def _force(force: ForceLine, names: dict[str, str], m: _Markup) -> list[str]:
    out = [m.heading(_("{force} ({catalogue})").format(force=m.esc(_name(force)),
                                                       catalogue=m.esc(force.catalogue)))]
    if not force.categories:
        out.append(_("No selections yet."))
    # the force's categories in order, what has none last (as New Recruit shows them)
    categories = sorted(force.categories, key=lambda c: c.entry_id == NO_CATEGORY)
    for category in categories:
        title = _("Uncategorised") if category.entry_id == NO_CATEGORY else category.name
        out.append(m.bold(m.esc(_one_line(title))))
        if m.list_start:
            out.append(m.list_start)
        for selection in category.selections:
            out += _selection(selection, 0, names, m)
        if m.list_end:
            out.append(m.list_end)
    out.append("")
    for child in force.forces:
        out += _force(child, names, m)
    return out


def roster_text(summary: RosterSummary, style: str = "plain") -> str:
    """The roster as text to paste into a chat or forum post, in ``style`` (one of
    STYLES)."""
    try:
        m = MARKUP[style]
    except KeyError:
        raise ValueError(_("unknown style '{style}' (use {styles})").format(
            style=style, styles=", ".join(STYLES))) from None
    catalogues = " + ".join(name for name, _revision in summary.catalogues)
    costs = [cost_text(c.name, c.value, c.limit) for c in summary.costs]
    out = [m.bold(m.esc(_one_line(summary.name))),
           " · ".join(m.esc(part) for part in [summary.system_name, catalogues, *costs]
                      if part),
           ""]
    if not summary.forces:
        out += [_("No forces yet."), ""]
    names = cost_names(summary)
    for force in summary.forces:
        out += _force(force, names, m)
    out += _verdict(summary, m, _("{legal} under the game's data"))
    out += ["", _("Fingerprint: {code}").format(code=m.short_code(summary.fingerprint))]
    return "\n".join(out) + "\n"


__all__ = ["cost_text", "roster_text"]
