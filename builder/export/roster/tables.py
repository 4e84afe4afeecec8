"""Profile tables that fit their width, whatever the data puts in them.

A BattleScribe profile type may have any number of characteristics (Kill Team's have up to
ten, a game may have twenty) and a characteristic may hold a word or a paragraph. A table is
fitted in two steps: first the type shrinks, size by size down to a floor, until every column
holds its longest word; then, at the floor, the columns are dealt onto bands printed one under
the other, each band starting with the name column again, so that nothing is cut or runs off
the page. Within a band the columns get what their text needs, the room left going to each
in proportion; a word longer than a share of the width (a long address) is the only thing
broken between characters.

Widths are measured with the printouts' cached word widths (:mod:`builder.export.textfit`),
so a table of a thousand rows is measured in milliseconds. Nothing here draws.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from builder.export.fonts import BOLD, REGULAR
from builder.export.textfit import unit_width

MAX_SHARE = 0.4
"""A column never needs more than this share of the width for one word: longer words
break."""
NAME_SHARE = 0.3
"""In bands, the repeated name column needs at most this share."""


@dataclass(frozen=True)
class Band:
    """Some of a table's columns side by side: their indexes (0, the name column, first)
    and widths (adding up to the width fitted)."""

    columns: tuple[int, ...]
    widths: tuple[float, ...]


@dataclass(frozen=True)
class Fit:
    size: float
    bands: tuple[Band, ...]


def _measure(text: str, font: str) -> tuple[float, float]:
    """(the longest word, the longest line) of ``text`` at 1 pt."""
    word = line = 0.0
    for part in text.split("\n"):
        words = part.split()
        if not words:
            continue
        word = max(word, *(unit_width(w, font) for w in words))
        line = max(line, unit_width(" ".join(words), font))
    return word, line


@dataclass(frozen=True)
class Measures:
    """Each column's longest word and longest line at 1 pt, and whether its cells hold
    text (lines of several words) rather than values."""

    words: tuple[float, ...]
    lines: tuple[float, ...]
    prose: tuple[bool, ...]


def measure(head: Sequence[str], rows: Sequence[Sequence[str]]) -> Measures:
    """The head in bold, the first column (names) in bold, the rest regular."""
    words = [0.0] * len(head)
    lines = [0.0] * len(head)
    prose = [False] * len(head)
    for j, text in enumerate(head):
        words[j], lines[j] = _measure(text, BOLD)
    for row in rows:
        for j, text in enumerate(row[:len(head)]):
            w, line = _measure(text, BOLD if j == 0 else REGULAR)
            if w > words[j]:
                words[j] = w
            if line > lines[j]:
                lines[j] = line
            if line > w * 2:
                prose[j] = True
    return Measures(tuple(words), tuple(lines), tuple(prose))


def _spread(least: list[float], natural: list[float], full: list[float],
            prose: Sequence[bool], width: float) -> tuple[float, ...]:
    """Widths adding up to ``width``. When every column gets its ``full`` width (its lines
    whole, at least :data:`MIN_COLUMN` sizes wide), the rest goes to the name column and the
    columns of text (a stat line stays compact). Otherwise each gets the least it needs, then
    the room left goes first to the columns nearest to holding their lines whole (fewer cells
    wrap; with text in the table, no other column takes more than a share), then to all the
    columns alike towards their full width, then to the text."""
    if sum(full) <= width:
        room = width - sum(full)
        wide = [j == 0 or prose[j] for j in range(len(full))]
        share = sum(f for f, w in zip(full, wide, strict=True) if w)
        return tuple(f + (room * f / share if w and share > 0 else 0.0)
                     for f, w in zip(full, wide, strict=True))
    widths = list(least)
    room = width - sum(least)
    if any(prose):  # text needs the room: the other columns take at most a share each
        natural = [n if prose[j] else max(least[j], min(n, width * NAME_SHARE))
                   for j, n in enumerate(natural)]
    for j in sorted(range(len(natural)), key=lambda j: natural[j] - least[j]):
        more = min(max(natural[j] - widths[j], 0.0), room)
        widths[j] += more
        room -= more
    wanted = [max(f - w, 0.0) for f, w in zip(full, widths, strict=True)]
    if room > 0 and sum(wanted) > 0:  # towards each column's full width, alike
        share = min(1.0, room / sum(wanted))
        widths = [w + want * share for w, want in zip(widths, wanted, strict=True)]
        room -= sum(wanted) * share
    if room > 1e-9:  # (every column whole: what is left goes to the text)
        takers = [j for j in range(len(widths)) if prose[j]] or [0]
        for j in takers:
            widths[j] += room / len(takers)
    return tuple(widths)


def _least(m: Measures, size: float, pad: float, width: float) -> list[float]:
    return [min(w * size + 2 * pad, width * MAX_SHARE) for w in m.words]


MIN_COLUMN = 4.0
"""A column is at least this many times the type size wide (a "4" is not a sliver)."""


def _natural(m: Measures, size: float, pad: float, least: list[float]) -> list[float]:
    """What each column needs to hold its lines whole."""
    return [max(line * size + 2 * pad, a) for line, a in zip(m.lines, least, strict=True)]


def _full(natural: list[float], size: float) -> list[float]:
    return [max(n, MIN_COLUMN * size) for n in natural]


def fit_table(head: Sequence[str], rows: Sequence[Sequence[str]], width: float,
              sizes: Sequence[float], pad: float) -> Fit:
    """The largest of ``sizes`` at which every column holds its longest word in one band of
    ``width``; else, at the smallest, the columns dealt onto as few bands as hold them
    (the first column in each), as evenly as they go."""
    m = measure(head, rows)
    n = len(head)
    for size in sizes:
        least = _least(m, size, pad, width)
        if sum(least) <= width + 1e-6:
            natural = _natural(m, size, pad, least)
            return Fit(size, (Band(tuple(range(n)), _spread(
                least, natural, _full(natural, size), m.prose, width)),))
    size = sizes[-1]
    least = _least(m, size, pad, width)
    least[0] = min(least[0], width * NAME_SHARE)
    natural = _natural(m, size, pad, least)
    full = _full(natural, size)
    groups = _deal(least[1:], width - least[0])
    bands = []
    for group in groups:
        columns = (0, *(j + 1 for j in group))
        bands.append(Band(columns, _spread([least[j] for j in columns],
                                           [natural[j] for j in columns],
                                           [full[j] for j in columns],
                                           [m.prose[j] for j in columns], width)))
    return Fit(size, tuple(bands))


def _deal(needs: list[float], room: float) -> list[list[int]]:
    """Columns (their least widths ``needs``) in order onto as few bands of ``room`` as hold
    them, then evened out: the same number of bands, each as full as the others."""
    greedy: list[list[int]] = [[]]
    used = 0.0
    for j, need in enumerate(needs):
        if greedy[-1] and used + need > room + 1e-6:
            greedy.append([])
            used = 0.0
        greedy[-1].append(j)
        used += need
    k = len(greedy)
    if k < 2:
        return greedy
    # the same bands, each taking about an equal share of the columns' needs, in order
    total = sum(needs)
    even: list[list[int]] = [[]]
    used = done = 0.0
    for j, need in enumerate(needs):
        past_share = done + need / 2 > total * len(even) / k
        if even[-1] and (used + need > room + 1e-6 or (past_share and len(even) < k)):
            even.append([])
            used = 0.0
        even[-1].append(j)
        used += need
        done += need
    fits = len(even) == k and all(sum(needs[j] for j in band) <= room + 1e-6
                                  for band in even)
    return even if fits else greedy
