"""Errors a data author can act on: ``FILE:LINE:COLUMN: message``.

Messages quote file text (keys, names, paths), and files come from strangers: a problem is
always shown with its control characters escaped (:func:`builder.safeio.escape`), so a crafted
key cannot clear the terminal or forge another verdict line. A file with thousands of mistakes
reports the first :data:`MAX_PROBLEMS` and says how many more there are.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from builder.safeio import escape

MAX_PROBLEMS = 50
"""Most problems reported for one file; the rest are counted ("and 89,950 more problems")."""


@dataclass(frozen=True)
class Problem:
    """One problem in one file, at a 1-based line and column (0: the whole file)."""

    path: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:{self.column}" if self.line else self.path
        return escape(f"{where}: {self.message}")


class DataError(Exception):
    """A file that cannot be used: its problems in file order, at most :data:`MAX_PROBLEMS`
    of them, then one saying how many more were found (``more``)."""

    def __init__(self, problems: list[Problem], more: int = 0):
        if not problems:
            raise ValueError("DataError needs at least one problem")
        ordered = sorted(problems, key=lambda p: (p.line, p.column))
        more += max(0, len(ordered) - MAX_PROBLEMS)
        ordered = ordered[:MAX_PROBLEMS]
        self.more = more
        if more:
            ordered.append(Problem(ordered[0].path, 0, 0,
                                   f"and {more:,} more problem{'s' if more != 1 else ''} "
                                   "not shown; correct these first"))
        self.problems = ordered
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def path(self) -> str:
        return self.problems[0].path

    @classmethod
    def single(cls, path: str | Path, message: str, line: int = 1, column: int = 1) -> DataError:
        return cls([Problem(str(path), line, column, message)])
