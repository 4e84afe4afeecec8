"""A list as text for posting (SPEC §7): chat apps, Markdown (Discord, Reddit) and forum BBCode.

Rendered from the same :class:`~builder.export.summary.WarbandSummary` as the printouts: name,
game, faction, points, the combatants grouped by type in the catalogue's order with counts and
points, the verdict (every finding when there are any), the fingerprint and the share code.
Whatever the reader's app does with the markup, the share code stays intact, so a friend can
paste the whole message into ``spherewars import`` or the app.

User text is escaped for the markup: a list named ``*Best* [b]list[/b]`` prints as typed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from builder.export.styles import STYLE_NAMES, STYLES
from builder.export.summary import RosterLine, WarbandSummary
from builder.i18n import _, ngettext

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_~|\[\]<>#])")
_ZWSP = "\u200b"


def _models(n: int) -> str:
    return ngettext("{n} model", "{n} models", n).format(n=n)


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


@dataclass(frozen=True)
class _Markup:
    """How one style writes the few things that differ between styles."""

    esc: Callable[[str], str]
    bold: Callable[[str], str]
    heading: Callable[[str], str]
    code: Callable[[str], str]
    short_code: Callable[[str], str]
    """The fingerprint: as code where that is inline, bold in BBCode (its [code] is a box)."""
    good: Callable[[str], str]
    bad: Callable[[str], str]
    list_start: str | None
    item: str
    finding: str
    list_end: str | None


def _md_esc(text: str) -> str:
    return _MARKDOWN_SPECIAL.sub(r"\\\1", text)


def _bb_esc(text: str) -> str:
    """BBCode has no escape: a zero-width space after ``[`` stops any tag from forming."""
    return text.replace("[", "[" + _ZWSP)


def _one_line(text: str) -> str:
    return " ".join(text.split())


MARKUP = {
    "plain": _Markup(esc=str, bold=str, heading=str, code=str, short_code=str, good=str, bad=str,
                     list_start=None, item="  ", finding="  • ", list_end=None),
    "markdown": _Markup(esc=_md_esc, bold=lambda t: f"**{t}**", heading=lambda t: f"**{t}**",
                        code=lambda t: f"`{t}`", short_code=lambda t: f"`{t}`",
                        good=lambda t: f"**{t}**", bad=lambda t: f"**{t}**",
                        list_start=None, item="- ", finding="- ", list_end=None),
    "bbcode": _Markup(esc=_bb_esc, bold=lambda t: f"[b]{t}[/b]",
                      heading=lambda t: f"[b]{t}[/b]", code=lambda t: f"[code]{t}[/code]",
                      short_code=lambda t: f"[b]{t}[/b]",
                      good=lambda t: f"[color=#1e6b2f][b]{t}[/b][/color]",
                      bad=lambda t: f"[color=#b00020][b]{t}[/b][/color]",
                      list_start="[list]", item="[*]", finding="[*]", list_end="[/list]"),
}


def points_text(s: WarbandSummary) -> str:
    """Points used / the limit; nothing for a game whose lists have no points."""
    if not s.game.has_cost:
        return ""
    if s.points_limit is None:
        return _("{points} points (no limit)").format(points=s.stats.points)
    return _("{points}/{limit} points").format(points=s.stats.points, limit=s.points_limit)


def _groups(s: WarbandSummary) -> list[tuple[str, list[RosterLine]]]:
    """The roster's lines by type, in the order the summary already gives (catalogue order);
    combatants the data does not know come last."""
    groups: dict[str, list[RosterLine]] = {}
    for line in s.roster:
        key = line.type if line.known and line.type else ""
        groups.setdefault(key, []).append(line)
    plurals = dict(s.game.type_plurals)
    ordered = [(plurals.get(k, k), lines) for k, lines in groups.items() if k]
    if "" in groups:
        ordered.append((_("Not in the faction data"), groups[""]))
    return ordered


def list_text(s: WarbandSummary, style: str = "plain") -> str:
    """The list as text to paste into a chat or forum post, in ``style`` (one of STYLES)."""
    try:
        m = MARKUP[style]
    except KeyError:
        raise ValueError(_("unknown style '{style}' (use {styles})").format(
            style=style, styles=", ".join(STYLES))) from None
    faction = m.esc(s.faction_name) if s.faction_name else \
        _("unknown faction ‘{id}’").format(id=m.esc(s.faction_id))
    out = [m.bold(m.esc(_one_line(s.name))),
           " · ".join(part for part in [m.esc(s.game.name), faction, points_text(s),
                                        _models(s.stats.models)] if part),
           ""]
    groups = _groups(s)
    if not groups:
        out += [_("No combatants yet."), ""]
    for title, lines in groups:
        models = sum(line.count for line in lines)
        points = sum(line.points for line in lines)
        if s.game.has_cost:
            totals = _("{models}, {points}").format(models=_models(models),
                                                    points=_points(points))
        else:
            totals = _models(models)
        out.append(f"{m.heading(m.esc(title))} ({totals})")
        if m.list_start:
            out.append(m.list_start)
        for line in lines:
            what = f"{line.count} × {m.esc(_one_line(line.name))}"
            if line.options:  # SPEC §9: the options the entry took, after its name
                what = _("{entry} ({options})").format(entry=what, options=", ".join(
                    m.esc(_one_line(o.printed)) for o in line.options))
            if not line.known:
                out.append(m.item + _("{entry} · not in the data, counts toward nothing").format(
                    entry=what))
            elif s.game.has_cost:
                out.append(f"{m.item}{what} · {_points(line.points)}")
            else:
                out.append(f"{m.item}{what}")
        if m.list_end:
            out.append(m.list_end)
        out.append("")
    out += _picks(s, m)
    out += _verdict(s, m)
    out += ["", _("Fingerprint: {code}").format(code=m.short_code(s.fingerprint)),
            _("Share code: {code}").format(code=m.code(s.share_code))]
    return "\n".join(out) + "\n"


def _picks(s: WarbandSummary, m: _Markup) -> list[str]:
    """SPEC §9: what the list took once, with what each adds to its points."""
    if not s.picks:
        return []
    out = [m.heading(m.esc(s.game.picks_name))]
    if m.list_start:
        out.append(m.list_start)
    for pick in s.picks:
        name = m.esc(_one_line(pick.name))
        if not pick.known:
            out.append(m.item + _("{pick} · not in the data, counts toward nothing").format(
                pick=name))
            continue
        parts = [name, *(f"{m.esc(label)} +{n}" for label, n in pick.adds)]
        if s.game.has_cost and pick.points:
            parts.append(_points(pick.points))
        out.append(m.item + " · ".join(parts))
    if m.list_end:
        out.append(m.list_end)
    return [*out, ""]


class Judged(Protocol):
    """What the verdict reads of a list: whether it is legal, and its findings."""

    @property
    def legal(self) -> bool: ...

    @property
    def findings(self) -> Sequence[Any]: ...


def _verdict(s: Judged, m: _Markup, rules: str | None = None) -> list[str]:
    """The verdict and every finding; ``rules``: what the list is legal under ("{legal}
    under the recruiting rules" when None)."""
    errors = sum(1 for f in s.findings if f.severity == "error")
    if s.legal:
        head = (rules or _("{legal} under the recruiting rules")).format(
            legal=m.good(_("✔ Legal")))
    else:
        head = m.bad(ngettext("✘ NOT LEGAL: {n} problem", "✘ NOT LEGAL: {n} problems",
                              errors).format(n=errors))
    if not s.findings:
        return [head]
    out = [_("{verdict}:").format(verdict=head)]
    if m.list_start:
        out.append(m.list_start)
    for f in s.findings:
        message = m.esc(_one_line(f.message))
        if f.severity == "info":  # (a BattleScribe modifier's message)
            message = _("note: {message}").format(message=message)
        elif f.severity != "error":
            message = _("warning: {message}").format(message=message)
        out.append(m.finding + message)
    if m.list_end:
        out.append(m.list_end)
    return out


__all__ = ["STYLES", "STYLE_NAMES", "list_text", "points_text"]
