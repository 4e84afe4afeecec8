"""What is wrong with a BattleScribe file: ``FILE:LINE:COLUMN: message``, an error (the file
cannot be used) or a warning (published data has it; the data is used anyway).

Messages quote file text (names, ids), and files come from strangers: a problem is always
shown with its control characters escaped (:func:`builder.plumbing.terminal_text.escape`).
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.plumbing.terminal_text import escape

ERROR = "error"
WARNING = "warning"


@dataclass(frozen=True)
class Problem:
    """One problem in one file at a 1-based line and column (0: the file as a whole)."""

    path: str
    line: int
    column: int
    message: str
    severity: str = ERROR

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}:{self.column}" if self.line else self.path
        return escape(f"{where}: {self.message}")

    @property
    def is_error(self) -> bool:
        return self.severity == ERROR


class ReadError(Exception):
    """A file (or a set of files) that cannot be used: its problems in the order found."""

    def __init__(self, problems: list[Problem]) -> None:
        if not problems:
            raise ValueError("ReadError needs at least one problem")
        self.problems = list(problems)
        super().__init__("\n".join(str(p) for p in self.problems))

    @classmethod
    def at(cls, path: str, line: int, column: int, message: str) -> ReadError:
        return cls([Problem(path, line, column, message)])
