"""Text laid out once: runs of (text, font, colour) broken into lines by measured word widths.

A card prints a few thousand words at one of four sizes. reportlab's ``Paragraph`` parses
markup and re-measures every word for each size tried, which made 300 cards take seconds
(issue 15). Here a word's width is measured once per font, at 1 pt, and cached: a glyph's
advance scales linearly with the size (no kerning is applied), so the width at any size is a
multiplication. Breaking into lines is then plain arithmetic, cheap enough to estimate every
size and wrap only at the one chosen.

Only what cards need: left-aligned lines, breaks at spaces and at ``\\n``, a word wider than
the line broken between characters (nothing runs off a card), several fonts and colours
in one paragraph.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.lib.colors import Color
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from builder.export.fonts import register_fallback
from builder.export.fonts import runs as script_runs

_WIDTHS: dict[str, dict[str, float]] = {}
"""font -> text -> width at 1 pt. Words repeat across cards (rules text, names)."""
_MAX_CACHED = 200_000
"""Entries per font before the cache starts over (a pack of generated text never ends)."""

LEADING = 1.18
"""Line height as a multiple of the size (the cards' paragraphs have always used it)."""


def unit_width(text: str, font: str) -> float:
    """The width of ``text`` in ``font`` at 1 pt, measured once."""
    widths = _WIDTHS.get(font)
    if widths is None:
        widths = _WIDTHS[font] = {}
    found = widths.get(text)
    if found is None:
        if len(widths) >= _MAX_CACHED:
            widths.clear()
        found = widths[text] = stringWidth(text, font, 1.0)
    return found


@dataclass(frozen=True)
class Run:
    """A piece of a paragraph in one font and colour."""

    text: str
    font: str
    color: Color | None = None
    """None: the paragraph's colour."""


_BLANKS = str.maketrans("\t\r\f\v", "    ")
"""Other spaces read as a plain space (a no-break space stays a part of its word)."""


Segment = tuple[str, str, Color | None]
"""(text, font, colour or None) drawn one after the other on a line."""


@dataclass(frozen=True)
class Lines:
    """A paragraph broken into lines at one size."""

    lines: tuple[tuple[Segment, ...], ...]
    size: float
    leading: float
    color: Color

    @property
    def height(self) -> float:
        return len(self.lines) * self.leading

    def head(self, n: int) -> Lines:
        return Lines(self.lines[:n], self.size, self.leading, self.color)

    def tail(self, n: int) -> Lines:
        return Lines(self.lines[n:], self.size, self.leading, self.color)

    def shortened(self, n: int, width: float, ellipsis: str) -> Lines:
        """The first ``n`` lines, the last ending in ``ellipsis`` within ``width``: words are
        dropped from its end until it fits (characters, if one word is left)."""
        line = list(self.lines[n - 1])
        room = width / self.size

        def fits() -> bool:
            font = line[-1][1] if line else ""
            return sum(unit_width(t, f) for t, f, _c in line) + unit_width(ellipsis, font) \
                <= room + 1e-9

        while line and not fits():
            text, font, color = line[-1]
            cut = text.rstrip().rfind(" ")
            if cut > 0:
                text = text[:cut]
            elif len(line) > 1:
                line.pop()
                continue
            else:
                text = text[:-1]
            line[-1] = (text, font, color)
            if not text:
                line.pop()
        if line:
            text, font, color = line[-1]
            line[-1] = (text.rstrip(" ,;:") + ellipsis, font, color)
        return Lines(self.lines[:n - 1] + (tuple(line),), self.size, self.leading, self.color)

    def draw(self, c: Canvas, x: float, top: float) -> None:
        """The first baseline one size below ``top``, as reportlab's paragraphs place it."""
        if not self.lines:
            return
        text = c.beginText(x, top - self.size)
        font, color = "", None
        for line in self.lines:
            last = len(line) - 1
            for i, (chunk, chunk_font, chunk_color) in enumerate(line):
                if chunk_font != font:
                    font = chunk_font
                    text.setFont(font, self.size, self.leading)
                wanted = chunk_color or self.color
                if wanted is not color:
                    color = wanted
                    text.setFillColor(color)
                if i < last:
                    text.textOut(chunk)
                else:  # the line's end: on to the start of the next one
                    text.textLine(chunk)
        c.drawText(text)


def _scripts(runs: Sequence[Run]) -> list[Run]:
    """``runs`` with the characters DejaVu lacks (Chinese, Japanese, Korean) in runs of the
    fallback font of their own (see :mod:`builder.export.fonts`)."""
    if all(r.text.isascii() for r in runs):
        return list(runs)
    out: list[Run] = []
    for r in runs:
        for other, part in script_runs(r.text):
            out.append(Run(part, register_fallback(), r.color) if other else
                       Run(part, r.font, r.color))
    return out


class Paragraph:
    """Runs of text, measured once; :meth:`lines` breaks them at any size and width.

    Words are kept in parallel lists: text, font, colour, width at 1 pt, and whether the
    word is glued to the one before it (no space between: a bold name and the regular colon
    after it). A space is drawn, and measured, in the font of the word before it.
    """

    def __init__(self, runs: Sequence[Run], color: Color) -> None:
        self.color = color
        texts: list[str] = []
        fonts: list[str] = []
        colors: list[Color | None] = []
        widths: list[float] = []
        glued: list[bool] = []
        breaks: set[int] = set()  # words a written line break follows
        open_word = False  # the last word may continue (no space or break after it yet)
        for run in _scripts(runs):
            if not run.text:
                continue
            font, col = run.font, run.color
            cache = _WIDTHS.get(font)
            if cache is None or len(cache) >= _MAX_CACHED:
                cache = _WIDTHS[font] = {}
            for n, chunk in enumerate(run.text.translate(_BLANKS).split("\n")):
                if n:
                    if texts:
                        breaks.add(len(texts) - 1)
                    open_word = False
                if not chunk:
                    continue
                if chunk[0] == " ":
                    open_word = False
                parts = [p for p in chunk.split(" ") if p]
                found = [cache.get(p) for p in parts]
                if None in found:
                    for i, w in enumerate(found):
                        if w is None:
                            found[i] = cache[parts[i]] = stringWidth(parts[i], font, 1.0)
                ws: list[float] = found  # type: ignore[assignment]
                glue = open_word
                if parts and open_word and fonts[-1] == font and colors[-1] is col:
                    texts[-1] += parts[0]  # the same word, typed in two runs
                    widths[-1] += ws[0]
                    parts, ws, glue = parts[1:], ws[1:], False
                if parts:
                    k = len(parts)
                    texts += parts
                    fonts += [font] * k
                    colors += [col] * k
                    widths += ws
                    glued.append(glue)
                    glued += [False] * (k - 1)
                open_word = chunk[-1] != " "
        self.texts, self.fonts, self.colors, self.widths = texts, fonts, colors, widths
        self.glued = glued
        # the units lines break between: words glued together, with the space after them
        space = {f: unit_width(" ", f) for f in set(fonts)}
        if any(glued):
            starts = [i for i, g in enumerate(glued) if not g]
            ends = starts[1:] + [len(texts)]
            self.unit_widths = [sum(widths[a:b]) for a, b in zip(starts, ends, strict=True)]
        else:  # every word a unit of its own (most paragraphs)
            starts = list(range(len(texts)))
            ends = starts[1:] + [len(texts)] if texts else []  # (an empty text: no unit)
            self.unit_widths = widths
        self.starts = starts
        self.spaces = [space[fonts[b - 1]] for b in ends]
        self.breaks = [b - 1 in breaks for b in ends] if breaks else [False] * len(starts)
        self.total = sum(widths)
        """The words' widths at 1 pt, added up (spaces left out: a line may end at any)."""
        self.forced = sum(self.breaks[:-1])
        """Line breaks written in the text (not after its last word)."""

    def estimate(self, size: float, width: float) -> int:
        """At least this many lines at ``size`` in ``width``: a line holds no more than its
        width of words, and each forced break starts a line. Never more than :meth:`lines`
        gives, so a size this rules out truly does not fit."""
        if not self.texts:
            return 0
        return max(self.forced + 1, math.ceil(self.total * size / width - 1e-9))

    def lines(self, size: float, width: float, leading: float | None = None,
              shrink: float = 0.0) -> Lines:
        """Greedy line breaking, as a typesetter of a left-aligned column does: the breaks
        are found by adding widths, then each line's text is joined once. ``shrink``: the
        part of each space a line may lose to hold one more word (reportlab's paragraphs
        allow 5 %, which platypus's printouts need to match)."""
        room = width / size + 1e-9  # compared in 1 pt units
        spans: list[tuple[int, int]] = []  # (first unit, end unit) of each line
        out: list[tuple[Segment, ...]] = []
        first, used = 0, 0.0
        units = self.unit_widths
        spaces = self.spaces
        breaks = self.breaks
        n = len(units)
        for u in range(n):
            w = units[u]
            if u > first and used + spaces[u - 1] + w > room + shrink * spaces[u - 1] * (
                    u - first):
                spans.append((first, u))
                first, used = u, 0.0
            if w > room:  # longer than a line: on lines of its own, between characters
                if u > first:
                    spans.append((first, u))
                spans.append((u, -1))
                first, used = u + 1, 0.0
                continue
            used = w if u == first else used + spaces[u - 1] + w
            if breaks[u]:
                spans.append((first, u + 1))
                first, used = u + 1, 0.0
        if first < n:
            spans.append((first, n))
        for a, b in spans:
            if b < 0:
                out += _broken(self._segments(a, a + 1), room)
            else:
                out.append(tuple(self._segments(a, b)))
        return Lines(tuple(out), size, leading or round(size * LEADING, 2), self.color)

    def _segments(self, first: int, end: int) -> list[Segment]:
        """The text of units ``first`` to ``end`` (excluded) as runs of one font and colour."""
        starts = self.starts
        a = starts[first]
        b = starts[end] if end < len(starts) else len(self.texts)
        texts, fonts, colors, glued = self.texts, self.fonts, self.colors, self.glued
        out: list[Segment] = []
        i = a
        while i < b:
            font, col = fonts[i], colors[i]
            j = i + 1
            while j < b and fonts[j] == font and colors[j] is col:
                j += 1
            # words of one font: a space between each (glued words never share a font)
            text = " ".join(texts[i:j])
            if j < b and not glued[j]:
                text += " "  # the space before the next run, in this run's font
            out.append((text, font, col))
            i = j
        return out


def _broken(pieces: list[Segment], room: float) -> list[tuple[Segment, ...]]:
    """A word wider than the line (``room`` at 1 pt), cut between characters into lines
    that each fit; at least one character a line."""
    chunks: list[list[Segment]] = [[]]
    used = 0.0
    for text, font, color in pieces:
        start = 0
        for i, ch in enumerate(text):
            w = unit_width(ch, font)
            if used + w > room + 1e-9 and used > 0:
                if i > start:
                    chunks[-1].append((text[start:i], font, color))
                chunks.append([])
                start, used = i, 0.0
            used += w
        if start < len(text):
            chunks[-1].append((text[start:], font, color))
    return [tuple(c) for c in chunks if c]
