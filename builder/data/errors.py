"""Errors a data author can act on: ``FILE:LINE:COLUMN: message``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Problem:
    """One problem in one file, at a 1-based line and column."""

    path: str
    line: int
    column: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}: {self.message}"


class DataError(Exception):
    """A file that cannot be used: every problem found in it, in file order."""

    def __init__(self, problems: list[Problem]):
        if not problems:
            raise ValueError("DataError needs at least one problem")
        self.problems = sorted(problems, key=lambda p: (p.line, p.column))
        super().__init__("\n".join(str(p) for p in self.problems))

    @property
    def path(self) -> str:
        return self.problems[0].path

    @classmethod
    def single(cls, path: str | Path, message: str, line: int = 1, column: int = 1) -> DataError:
        return cls([Problem(str(path), line, column, message)])
