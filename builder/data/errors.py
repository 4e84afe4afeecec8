"""Errors a data author can act on: ``FILE:LINE:COLUMN: message``.

Messages quote file text (keys, names, paths), and files come from strangers: a problem is
always shown with its control characters escaped
(:func:`builder.plumbing.terminal_text.escape`), so a crafted key cannot clear the terminal or
forge another verdict line. A file with thousands of mistakes
reports the first :data:`MAX_PROBLEMS` and says how many more there are.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.i18n import ngettext, number
from builder.plumbing.terminal_text import escape

MAX_PROBLEMS = 50
"""Most problems reported for one file; the rest are counted ("and 89,950 more problems")."""


def more_problems(count: int) -> str:
    """"and 89,950 more problems not shown; correct these first"."""
    return ngettext("and {count} more problem not shown; correct these first",
                    "and {count} more problems not shown; correct these first",
                    count).format(count=number(count))


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
            ordered.append(Problem(ordered[0].path, 0, 0, more_problems(more)))
        self.problems = ordered
        super().__init__("\n".join(str(p) for p in self.problems))

    def row(self, path: str | Path) -> dict[str, Any]:
        """The JSON row of an unreadable file (SPEC §4): ``error`` holds every problem as text;
        a file with several problems also gets ``errors``, one ``{line, column, message}`` each
        (``line`` and ``column`` null for the file as a whole or the count of those left out)."""
        row: dict[str, Any] = {"path": str(path), "legal": False, "error": str(self)}
        if len(self.problems) > 1:
            row["errors"] = [{"line": p.line or None, "column": p.column or None,
                              "message": escape(p.message)} for p in self.problems]
        return row

    @property
    def path(self) -> str:
        return self.problems[0].path

    @classmethod
    def single(cls, path: str | Path, message: str, line: int = 1, column: int = 1) -> DataError:
        return cls([Problem(str(path), line, column, message)])

    @classmethod
    def of_file(cls, path: str | Path, message: str) -> DataError:
        """A problem with the file as a whole (missing, a folder, too large): ``PATH: message``,
        with no line and column to point at."""
        return cls([Problem(str(path), 0, 0, message)])
