"""The embedded fonts: DejaVu Sans Condensed, and Droid Sans Fallback for what DejaVu lacks,
shipped in ``resources/fonts`` with their licences.

reportlab's standard fonts only know Latin-1, so a Cyrillic name or a ✓ would print as black
boxes; DejaVu covers the alphabets a player is likely to type, and its condensed cut fits more
rules text on a poker-size card at the same point size. Chinese, Japanese and Korean it has
not: reportlab draws each string in one font, so :func:`fallback_markup` (paragraphs) and
:func:`draw_mixed` (single lines) put the runs of characters DejaVu lacks in the fallback font,
which is read only when such a character is first met. A character neither font has (Kill
Team's ⌖, ⬛ and 💀: symbols and emoji) would print as nothing at all; it prints as its
compatibility form where DejaVu has that, else as its Unicode name in brackets
(:func:`stand_in`), never as a blank.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from builder.plumbing import paths

REGULAR = "SW-Sans"
BOLD = "SW-Sans-Bold"
ITALIC = "SW-Sans-Italic"
BOLD_ITALIC = "SW-Sans-BoldItalic"

_FILES = {
    REGULAR: "DejaVuSansCondensed.ttf",
    BOLD: "DejaVuSansCondensed-Bold.ttf",
    ITALIC: "DejaVuSansCondensed-Oblique.ttf",
    BOLD_ITALIC: "DejaVuSansCondensed-BoldOblique.ttf",
}


def fonts_dir() -> Path:
    return paths.resources_dir() / "fonts"


class SubsetFont(TTFont):
    """The TrueType font with a quick way through ``splitString`` (a Python loop over every
    character of every string drawn, a fifth of the cards' time): when every character of a
    text already has its code in the first subset, the codes are one ``str.translate`` away.
    Anything else (a character seen for the first time, a second subset, a no-break space,
    which reportlab prints as a space) goes the usual way, which assigns the codes."""

    def splitString(self, text: str, doc: object,  # noqa: N802 (reportlab's name)
                    encoding: str = "utf-8") -> list[tuple[int, bytes]]:
        state = self.state.get(doc) if isinstance(text, str) else None
        if state is not None:
            assignments = state.assignments
            fast = getattr(state, "_sw_fast", None)
            if fast is None or fast[0] != len(assignments):
                table = {code: n for code, n in assignments.items() if n < 256}
                fast = state._sw_fast = (len(assignments), table, frozenset(map(chr, table)))
            if fast[2].issuperset(text) and "\xa0" not in text:
                return [(0, text.translate(fast[1]).encode("latin-1"))] if text else []
        return list(super().splitString(text, doc, encoding))


@cache
def register_fonts() -> str:
    """Register the family once per process (parsing the TTFs is the slow part); returns the
    regular font's name. ``<b>`` and ``<i>`` in paragraphs map to the matching files."""
    folder = fonts_dir()
    for name, filename in _FILES.items():
        pdfmetrics.registerFont(SubsetFont(name, str(folder / filename)))
    for bold, italic, name in ((0, 0, REGULAR), (1, 0, BOLD), (0, 1, ITALIC),
                               (1, 1, BOLD_ITALIC)):
        addMapping(REGULAR, bold, italic, name)
    return REGULAR


FALLBACK = "SW-Fallback"
_FALLBACK_FILE = "DroidSansFallback.ttf"


def _glyphs(name: str) -> frozenset[int]:
    """The characters the registered font ``name`` has a glyph for."""
    return frozenset(pdfmetrics.getFont(name).face.charToGlyph)  # type: ignore[attr-defined]


@cache
def _dejavu_chars() -> frozenset[int]:
    return _glyphs(register_fonts())


@cache
def register_fallback() -> str:
    """Register the fallback font (3.4 MB to parse: only when a text needs it)."""
    pdfmetrics.registerFont(SubsetFont(FALLBACK, str(fonts_dir() / _FALLBACK_FILE)))
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(FALLBACK, bold, italic, FALLBACK)
    return FALLBACK


@cache
def _fallback_chars() -> frozenset[int]:
    return _glyphs(register_fallback())


@cache
def stand_in(ch: str) -> str:
    """What prints for a character neither font has: its compatibility form when DejaVu has
    every character of that ("𝐀" → "A"), else its Unicode name in brackets ("💀" →
    "[skull]"; "[U+E000]" for one without a name), so the reader sees that something is
    there and what. An invisible format character (a joiner, a direction mark) prints as the
    nothing it is."""
    known = _dejavu_chars()
    plain = unicodedata.normalize("NFKC", ch)
    if plain != ch and plain and all(ord(c) in known for c in plain):
        return plain
    if unicodedata.category(ch) == "Cf":
        return ""
    name = unicodedata.name(ch, "")
    return f"[{name.lower()}]" if name else f"[U+{ord(ch):04X}]"


@cache
def _other() -> re.Pattern[str]:
    """Matches a character DejaVu lacks (a search in C: most texts have none)."""
    ranges: list[list[int]] = []
    for code in sorted(_dejavu_chars()):
        if ranges and code == ranges[-1][1] + 1:
            ranges[-1][1] = code
        else:
            ranges.append([code, code])
    body = "".join(re.escape(chr(a)) if a == b else f"{re.escape(chr(a))}-{re.escape(chr(b))}"
                   for a, b in ranges)
    return re.compile(f"[^{body}\\s]")


def runs(text: str) -> list[tuple[bool, str]]:
    """``text`` in runs of ``(needs the fallback font, characters)``; a character neither
    font has is in a DejaVu run as its :func:`stand_in`."""
    if text.isascii() or not _other().search(text):
        return [(False, text)] if text else []
    known = _dejavu_chars()
    out: list[tuple[bool, str]] = []
    for ch in text:
        # a space stays in the run it follows: "龍の戦団 한국어" is one run, drawn in one go
        if ch.isspace() and out:
            other = out[-1][0]
        elif ord(ch) in known:
            other = False
        elif ord(ch) in _fallback_chars():
            other = True
        else:
            other, ch = False, stand_in(ch)
            if not ch:
                continue
        if out and out[-1][0] == other:
            out[-1] = (other, out[-1][1] + ch)
        else:
            out.append((other, ch))
    return out


def fallback_markup(markup: str) -> str:
    """Paragraph markup with every run of characters DejaVu lacks in the fallback font (and
    the characters neither has as their :func:`stand_in`)."""
    if markup.isascii():
        return markup
    parts = runs(markup)
    if not any(other for other, _text in parts):
        return "".join(text for _other, text in parts)
    face = register_fallback()
    return "".join(f'<font face="{face}">{text}</font>' if other else text
                   for other, text in parts)


def mixed_width(text: str, font: str, size: float) -> float:
    parts = runs(text)
    if any(other for other, _text in parts):
        register_fallback()
    return sum(pdfmetrics.stringWidth(t, FALLBACK if other else font, size)
               for other, t in parts)


def draw_mixed(c: Any, x: float, y: float, text: str, font: str, size: float,
               align: str = "left") -> None:
    """``c.drawString`` for text a user typed: runs DejaVu lacks in the fallback font;
    ``align`` "left", "centre" or "right" of ``x``."""
    parts = runs(text)
    if not any(other for other, _text in parts):
        c.setFont(font, size)
        {"left": c.drawString, "centre": c.drawCentredString,
         "right": c.drawRightString}[align](x, y, "".join(t for _other, t in parts))
        return
    register_fallback()
    width = mixed_width(text, font, size)
    x -= {"left": 0.0, "centre": width / 2, "right": width}[align]
    for other, t in parts:
        face = FALLBACK if other else font
        c.setFont(face, size)
        c.drawString(x, y, t)
        x += pdfmetrics.stringWidth(t, face, size)
    c.setFont(font, size)
