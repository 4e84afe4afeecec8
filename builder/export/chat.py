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
from collections.abc import Callable
from dataclasses import dataclass

from builder.export.summary import RosterLine, WarbandSummary

STYLES = ("plain", "markdown", "bbcode")
STYLE_NAMES = {"plain": "Plain text", "markdown": "Markdown (Discord, Reddit)",
               "bbcode": "BBCode (forums)"}

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_~|\[\]<>#])")
_ZWSP = "\u200b"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


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
        return f"{s.stats.points} points (no limit)"
    return f"{s.stats.points}/{s.points_limit} points"


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
        ordered.append(("Not in the faction data", groups[""]))
    return ordered


def list_text(s: WarbandSummary, style: str = "plain") -> str:
    """The list as text to paste into a chat or forum post, in ``style`` (one of STYLES)."""
    try:
        m = MARKUP[style]
    except KeyError:
        raise ValueError(f"unknown style '{style}' (use {', '.join(STYLES)})") from None
    faction = m.esc(s.faction_name) if s.faction_name else \
        f"unknown faction ‘{m.esc(s.faction_id)}’"
    out = [m.bold(m.esc(_one_line(s.name))),
           " · ".join(part for part in [m.esc(s.game.name), faction, points_text(s),
                                        _plural(s.stats.models, "model")] if part),
           ""]
    groups = _groups(s)
    if not groups:
        out += ["No combatants yet.", ""]
    for title, lines in groups:
        models = sum(line.count for line in lines)
        points = sum(line.points for line in lines)
        totals = _plural(models, "model") + (f", {_plural(points, 'point')}"
                                              if s.game.has_cost else "")
        out.append(f"{m.heading(m.esc(title))} ({totals})")
        if m.list_start:
            out.append(m.list_start)
        for line in lines:
            what = f"{line.count} × {m.esc(_one_line(line.name))}"
            if not line.known:
                out.append(f"{m.item}{what} · not in the data, counts toward nothing")
            elif s.game.has_cost:
                out.append(f"{m.item}{what} · {_plural(line.points, 'point')}")
            else:
                out.append(f"{m.item}{what}")
        if m.list_end:
            out.append(m.list_end)
        out.append("")
    out += _verdict(s, m)
    out += ["", f"Fingerprint: {m.short_code(s.fingerprint)}",
            f"Share code: {m.code(s.share_code)}"]
    return "\n".join(out) + "\n"


def _verdict(s: WarbandSummary, m: _Markup) -> list[str]:
    errors = sum(1 for f in s.findings if f.severity == "error")
    if s.legal:
        head = m.good("✔ Legal") + " under the recruiting rules"
    else:
        head = m.bad(f"✘ NOT LEGAL: {_plural(errors, 'problem')}")
    if not s.findings:
        return [head]
    out = [head + ":"]
    if m.list_start:
        out.append(m.list_start)
    for f in s.findings:
        label = "" if f.severity == "error" else "warning: "
        out.append(f"{m.finding}{label}{m.esc(_one_line(f.message))} {m.esc(f'[{f.rule}]')}")
    if m.list_end:
        out.append(m.list_end)
    return out


__all__ = ["STYLES", "STYLE_NAMES", "list_text", "points_text"]
