"""A BattleScribe roster as text for posting (``spherewars text``, SPEC §10), in the styles of
:mod:`builder.export.chat`: the roster's name, game and catalogues with every cost against
its limit; each force with its selections under their categories, each selection with its
number, its costs and its children; the verdict with every finding; the fingerprint.

It reads the roster as plain data (the engine's ``roster_state``, in New Recruit's display
order) and its report: names from the data are shown as written, escaped for the markup.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from builder.battlescribe.engine.modifiers import format_number
from builder.battlescribe.engine.roster import NO_CATEGORY
from builder.export.chat import MARKUP, _Markup, _one_line, _verdict
from builder.export.styles import STYLES
from builder.i18n import _


class _Cost(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def value(self) -> float: ...

    @property
    def limit(self) -> float | None: ...


class _Report(Protocol):
    """What the text reads of a roster's report
    (:class:`builder.document.roster.RosterReport`)."""

    @property
    def name(self) -> str: ...

    @property
    def system_name(self) -> str: ...

    @property
    def faction(self) -> str: ...

    @property
    def costs(self) -> Sequence[_Cost]: ...

    @property
    def legal(self) -> bool: ...

    @property
    def findings(self) -> Sequence[Any]: ...


def cost_text(name: str, value: float, limit: float | None) -> str:
    """"Points 106/150", or "Fuel 1" without a limit."""
    if limit is None:
        return _("{cost} {value}").format(cost=name, value=format_number(value))
    return _("{cost} {value}/{limit}").format(cost=name, value=format_number(value),
                                             limit=format_number(limit))


def _costs(costs: Sequence[dict[str, Any]]) -> str:
    """A selection's costs, those that are not nothing: "15 Points, 1 Fuel"."""
    return ", ".join(_("{value} {cost}").format(value=format_number(c["value"]),
                                               cost=c["name"])
                     for c in costs if c["value"])


def _name(item: dict[str, Any]) -> str:
    """A selection or force as the player named it: "Old Marta (Captain)"."""
    name = _one_line(item["name"])
    custom = _one_line(item.get("customName") or "")
    return _("{custom} ({name})").format(custom=custom, name=name) if custom else name


def _selection(item: dict[str, Any], depth: int, m: _Markup) -> list[str]:
    what = f"{item['number']} × {m.esc(_name(item))}"
    costs = _costs(item["costs"])
    if costs:
        what = f"{what} · {m.esc(costs)}"
    indent = "  " * depth
    if m.list_start is None and m.item.strip() == "":  # plain: indented lines
        line = m.item + indent + what
    elif m.item.startswith("["):  # bbcode's [*] cannot nest here: a mark shows the depth
        line = m.item + "↳ " * depth + what
    else:
        line = indent + m.item + what
    out = [line]
    for child in item["children"]:
        out += _selection(child, depth + 1, m)
    return out


def _force(force: dict[str, Any], m: _Markup) -> list[str]:
    title = _("{force} ({catalogue})").format(force=m.esc(_name(force)),
                                              catalogue=m.esc(force["catalogueName"]))
    out = [m.heading(title)]
    by_category: dict[str, list[dict[str, Any]]] = {}
    for selection in force["selections"]:
        primary = next((c for c in selection["categories"] if c["primary"]), None)
        key = primary["entryId"] if primary is not None else ""
        by_category.setdefault(key, []).append(selection)
    names = {c["entryId"]: c.get("customName") or c["name"] for c in force["categories"]}
    # the force's categories in order, what has none last (as New Recruit shows them)
    order = [c["entryId"] for c in force["categories"] if c["entryId"] != NO_CATEGORY]
    order += [key for key in by_category if key not in order]
    if not force["selections"]:
        out.append(_("No selections yet."))
    for key in order:
        selections = by_category.get(key)
        if not selections:
            continue
        out.append(m.bold(m.esc(_one_line(names.get(key, key) or _("Other")))))
        if m.list_start:
            out.append(m.list_start)
        for selection in selections:
            out += _selection(selection, 0, m)
        if m.list_end:
            out.append(m.list_end)
    out.append("")
    for child in force.get("childForces", []):
        out += _force(child, m)
    return out


def roster_text(state: dict[str, Any], report: _Report, fingerprint: str,
                style: str = "plain") -> str:
    """The roster (``state``: the engine's plain data of it; ``report``: its check) as
    text to paste into a chat or forum post, in ``style`` (one of STYLES)."""
    try:
        m = MARKUP[style]
    except KeyError:
        raise ValueError(_("unknown style '{style}' (use {styles})").format(
            style=style, styles=", ".join(STYLES))) from None
    costs = [cost_text(c.name, c.value, c.limit) for c in report.costs
             if c.value or c.limit is not None]
    out = [m.bold(m.esc(_one_line(report.name))),
           " · ".join(m.esc(part) for part in [report.system_name, report.faction, *costs]
                      if part),
           ""]
    if not state["forces"]:
        out += [_("No forces yet."), ""]
    for force in state["forces"]:
        out += _force(force, m)
    out += _verdict(report, m, _("{legal} under the game's data"))
    out += ["", _("Fingerprint: {code}").format(code=m.short_code(fingerprint))]
    return "\n".join(out) + "\n"


__all__ = ["cost_text", "roster_text"]
