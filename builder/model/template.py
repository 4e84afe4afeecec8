"""Message templates written in data files (a rule's ``message``, SPEC §5).

A data file is not code: its template may name the documented placeholders, plainly
(``{amount}``), and write a brace as ``{{`` or ``}}``; nothing else. Python's ``str.format``
would also take format specs (``{amount:>300000000}`` writes 300 MB, ``{amount:c}`` raises),
conversions (``{amount!r}``), fields inside specs (``{amount:{bound[0]}}``) and attribute or
index lookups (``{basis.x}``): so a template is never given to ``str.format``. It is checked
here when its file loads (:func:`template_problems`) and filled here (:func:`fill`), by
replacing each whole ``{name}`` with its value and nothing more, and cut at
:data:`MAX_FILLED` characters.

Core module: no Qt, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache

from builder.i18n import _, number
from builder.model.base import quote

MAX_FILLED = 20_000
"""Longest filled message (the text limit of a data file): a template naming ``{basis}``
a thousand times for a list of a thousand combatants stops here, with "…"."""

_TOKEN = re.compile(r"\{\{|\}\}|\{([^{}]*(?:\{[^{}]*\}[^{}]*)*)\}|[{}]")
"""``{{``, ``}}``, a field ``{…}`` (group 1: what is inside, with any fields nested one deep
as ``str.format`` would read them: ``{amount:{bound}}``), or a lone brace."""
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def template_problems(text: str, allowed: Iterable[str]) -> list[str]:
    """What is wrong with a template, one message per mistake (at most a few: a template of
    20,000 braces need not be reported 20,000 times)."""
    known = tuple(allowed)
    use = ", ".join(f"{{{name}}}" for name in known)
    problems: list[str] = []
    for match in _TOKEN.finditer(text):
        token, inside = match.group(), match.group(1)
        if token in ("{{", "}}"):
            continue
        if inside is None:
            problems.append(_("a lone {brace} at character {at}: write {{{{ and }}}} for a "
                              "brace in the text").format(brace=quote(token),
                                                          at=number(match.start() + 1)))
        elif inside in known:
            continue
        elif _NAME.fullmatch(inside):
            problems.append(_("unknown placeholder {field}; use {known}").format(
                field=token, known=use))
        else:
            name = _NAME.match(inside)
            if name and name.group() in known:
                problems.append(_("{field}: a placeholder is its name alone, such as "
                                  "{{{name}}}; formats, conversions and lookups are not "
                                  "allowed").format(field=quote(token), name=name.group()))
            else:
                problems.append(_("{field} is not a placeholder; use {known} (write {{{{ and "
                                  "}}}} for a brace in the text)").format(field=quote(token),
                                                                       known=use))
        if len(problems) >= 5:
            break
    return problems


@lru_cache(maxsize=512)
def placeholders(text: str) -> frozenset[str]:
    """The placeholders a template names (whatever else it holds)."""
    return frozenset(m.group(1) for m in _TOKEN.finditer(text) if m.group(1) is not None)


def fill(text: str, values: Mapping[str, object], limit: int = MAX_FILLED) -> str:
    """``text`` with each ``{name}`` of ``values`` replaced by its value, ``{{`` and ``}}`` by
    a brace, anything else kept as written; at most ``limit`` characters (then "…"). Time
    and size are linear in the template's length whatever it holds."""
    out: list[str] = []
    size = 0
    at = 0
    for match in _TOKEN.finditer(text):
        piece = text[at:match.start()]
        token, inside = match.group(), match.group(1)
        if token in ("{{", "}}"):
            piece += token[0]
        elif inside is not None and inside in values:
            piece += str(values[inside])
        else:
            piece += token
        at = match.end()
        out.append(piece)
        size += len(piece)
        if size > limit:
            return "".join(out)[:limit] + "…"
    out.append(text[at:])
    size += len(out[-1])
    if size > limit:
        return "".join(out)[:limit] + "…"
    return "".join(out)
