"""Stat patterns: how a system file says what a text stat looks like (a dice pool "2D+1A").

A pattern is a small template, not a regular expression, so that a club's system file cannot
make the program hang (a backtracking regular expression such as ``(a?){30}a{30}`` takes
minutes on a 30-letter value). The template language (SPEC §5, ``constraints``):

- ``{n}`` is a whole number written in digits (one to six of them);
- ``[…]`` is an optional part (parts may nest);
- ``|`` separates choices, at the top or inside ``[…]``;
- ``\\`` takes the next character as itself (``\\[``, ``\\|``, ``\\{``, ``\\\\``);
- every other character stands for itself, case kept.

Matching follows every way through the template at once (a set of positions in the value), so
it takes time proportional to the template's length times the value's, whatever both hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from builder.i18n import _

MAX_PATTERN = 200
"""A pattern's length, in characters."""
MAX_DIGITS = 6
"""``{n}`` reads at most this many digits (as MAX_WHOLE has)."""
NUMBER = "{n}"

@dataclass(frozen=True)
class Number:
    """``{n}``."""


@dataclass(frozen=True)
class Choice:
    """One of ``options`` (each a sequence of nodes); ``optional``: or nothing."""

    options: tuple[tuple[object, ...], ...]
    optional: bool = False


class PatternError(ValueError):
    """A pattern that cannot be read; the message says where and why."""


@lru_cache(maxsize=256)
def parse(pattern: str) -> Choice:
    """The template as a tree, or :class:`PatternError`."""
    if len(pattern) > MAX_PATTERN:
        raise PatternError(_("a pattern is at most {limit} characters long").format(
            limit=MAX_PATTERN))
    if not pattern:
        raise PatternError(_("a pattern cannot be empty"))
    choice, _end = _choice(pattern, 0, closing=None)
    return choice


def _choice(text: str, i: int, closing: str | None) -> tuple[Choice, int]:
    options: list[tuple[object, ...]] = []
    current: list[object] = []
    while i < len(text):
        c = text[i]
        if c == "\\":
            if i + 1 >= len(text):
                raise PatternError(_("the pattern ends with '\\': write '\\\\' for a "
                                     "backslash"))
            current.append(text[i + 1])
            i += 2
        elif text.startswith(NUMBER, i):
            if current and isinstance(current[-1], Number):
                raise PatternError(_("two {n} side by side cannot be told apart: put a "
                                     "character between them"))
            current.append(Number())
            i += len(NUMBER)
        elif c == "{" or c == "}":
            raise PatternError(_("'{char}' at character {at}: write {{n}} for a number, or "
                                 "'\\{char}' for the character itself").format(char=c,
                                                                              at=i + 1))
        elif c == "[":
            inner, i = _choice(text, i + 1, closing="]")
            current.append(Choice(inner.options, optional=True))
        elif c == "]":
            if closing != "]":
                raise PatternError(_("']' at character {at} closes no '['").format(at=i + 1))
            options.append(tuple(current))
            return Choice(tuple(options)), i + 1
        elif c == "|":
            options.append(tuple(current))
            current = []
            i += 1
        else:
            current.append(c)
            i += 1
    if closing is not None:
        raise PatternError(_("a '[' is not closed: add ']'"))
    options.append(tuple(current))
    return Choice(tuple(options)), i


def matches(pattern: str, value: str) -> bool:
    """Whether the whole of ``value`` is written as ``pattern`` says (a pattern that cannot
    be read matches nothing: the system file's check reports it)."""
    try:
        tree = parse(pattern)
    except PatternError:
        return False
    return len(value) in _advance_choice(tree, value, {0})


def _advance_choice(choice: Choice, value: str, at: set[int]) -> set[int]:
    out: set[int] = set(at) if choice.optional else set()
    for option in choice.options:
        out |= _advance(option, value, at)
    return out


def _advance(nodes: tuple[object, ...], value: str, at: set[int]) -> set[int]:
    for node in nodes:
        if not at:
            return at
        if isinstance(node, str):
            at = {p + 1 for p in at if p < len(value) and value[p] == node}
        elif isinstance(node, Number):
            nxt: set[int] = set()
            for p in at:
                q = p
                while q < len(value) and q - p < MAX_DIGITS and value[q] in "0123456789":
                    q += 1
                    nxt.add(q)
            at = nxt
        else:
            assert isinstance(node, Choice)
            at = _advance_choice(node, value, at)
    return at


# --- as regular expressions, for the JSON schema (``schema faction --system``) --------------


def template_regex(pattern: str) -> str:
    """The template as a regular expression that matches exactly what :func:`matches` does
    (for the JSON schema an editor checks a faction with; issue 41 item 14). Matching time is
    the editor's affair: check-data never uses it."""
    def seq(nodes: tuple[object, ...]) -> str:
        out = ""
        for node in nodes:
            if isinstance(node, Number):
                out += f"[0-9]{{1,{MAX_DIGITS}}}"
            elif isinstance(node, Choice):
                out += "(?:" + "|".join(seq(o) for o in node.options) + ")" + (
                    "?" if node.optional else "")
            else:
                out += _escape(str(node))
        return out

    return "(?:" + "|".join(seq(o) for o in parse(pattern).options) + ")"


SYNTAX = "\\^$.|?*+()[]{}"
"""ECMA-262's syntax characters, escaped to stand for themselves (the JSON schema's regular
expressions are ECMA-262's, which Python's also read)."""


def _escape(char: str) -> str:
    """A character as itself in a regular expression (ECMA-262's syntax characters)."""
    return "\\" + char if char in SYNTAX else char


def whole_range(low: int, high: int) -> str:
    """A regular expression of the whole numbers from ``low`` to ``high``, written in digits
    without leading zeros (as check-data reads each number of a pair)."""
    parts: list[str] = []
    for length in range(len(str(low)), len(str(high)) + 1):
        first = max(low, 10 ** (length - 1) if length > 1 else 0)
        last = min(high, 10 ** length - 1)
        if first <= last:
            parts += _same_length(str(first), str(last))
    return "(?:" + "|".join(parts) + ")"


def _same_length(a: str, b: str) -> list[str]:
    """The numbers from ``a`` to ``b``, written with as many digits as both have."""
    if a == b:
        return [a]
    rest = len(a) - 1
    tail = f"[0-9]{{{rest}}}" if rest else ""
    if a[1:] == "0" * rest and b[1:] == "9" * rest:
        return [f"[{a[0]}-{b[0]}]{tail}"]
    if a[0] == b[0]:
        return [a[0] + x for x in _same_length(a[1:], b[1:])]
    out = [a[0] + x for x in _same_length(a[1:], "9" * rest)]
    if int(a[0]) + 1 <= int(b[0]) - 1:
        out.append(f"[{int(a[0]) + 1}-{int(b[0]) - 1}]{tail}")
    out += [b[0] + x for x in _same_length("0" * rest, b[1:])]
    return out
