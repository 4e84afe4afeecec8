"""Text that is safe to show on a terminal.

Files come from strangers: a list name or a key may hold terminal escapes (``ESC [ 2 J``
clears the screen; a carriage return overwrites a verdict line), so every message that
quotes file text goes through :func:`escape` before it is printed. Core module: no Qt.
"""

from __future__ import annotations

import re

# C0 and C1 control characters, DEL, the line and paragraph separators, the bidirectional
# overrides and isolates (they reorder what the terminal shows: "Trojan Source"), and lone
# surrogates (a file name's bytes that are not UTF-8, as Python reads them: no UTF-8 text can
# hold one, so a report naming the file could not be written).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069"
                      "\ud800-\udfff]")
_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r", "\x1b": "\\e"}


def _escaped(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:  # the byte 0x80-0xff of a name that is not UTF-8
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape(text: str) -> str:
    """``text`` with every control character written as a visible escape (``\\e``, ``\\n``,
    ``\\x07``, ``\\u202e``; a file name's byte that is not UTF-8 as ``\\xff``), so that it
    prints on one line, cannot drive the terminal and can be written as UTF-8."""
    return _CONTROL.sub(_escaped, text)


def json_safe(document: str) -> str:
    """JSON text (``ensure_ascii=False``) with the control characters JSON leaves raw (C1,
    the line separators, bidi controls) written as ``\\uXXXX``, which JSON reads back the
    same: a system's name in ``spherewars systems --format json`` cannot drive the terminal."""
    return _CONTROL.sub(lambda m: m.group() if m.group() == "\n"  # indent's line breaks
                        else f"\\u{ord(m.group()):04x}", document)


def escape_lines(text: str) -> str:
    """Each line of a multi-line message escaped, the line breaks kept."""
    return "\n".join(escape(line) for line in text.split("\n"))


class Lines(str):
    """Text of several lines for :func:`say` (the problems of a :class:`DataError`): each
    line is escaped, the line breaks kept."""


def say(template: str, **fields: object) -> str:
    """A message for the terminal: ``template`` (our own words) filled with ``fields``, each
    escaped on the way in, so that a name, a path or an id from a file (or typed) can neither
    drive the terminal nor break the line to forge another (a list named "A\\n✔ legal").
    Numbers go in as they are; :class:`Lines` keep their line breaks. Every message of the
    command line that quotes such text is made here."""
    shown = {key: value if isinstance(value, int) else
             escape_lines(value) if isinstance(value, Lines) else escape(str(value))
             for key, value in fields.items()}
    return template.format(**shown)


def has_control(text: str, *, allow: str = "") -> str | None:
    """The first control character of ``text`` not in ``allow``, or None."""
    for match in _CONTROL.finditer(text):
        if match.group() not in allow:
            return match.group()
    return None
