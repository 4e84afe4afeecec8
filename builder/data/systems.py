"""A game system file read and checked whole: the file itself (:mod:`.loading`), then its
turn reference (:mod:`.reference`), which is printed on every sheet."""

from __future__ import annotations

from pathlib import Path

from builder.data._document import Document
from builder.data._loader import load_yaml
from builder.data.loading import MAX_SYSTEM_BYTES, checked_system, placed
from builder.model import System


def load_system(path: str | Path, *, builtin: bool = False) -> System:
    return system_from(load_yaml(path, MAX_SYSTEM_BYTES), builtin=builtin)


def system_from(doc: Document, *, builtin: bool = False) -> System:
    """A system file, its turn reference checked too. A built-in system's is not: the shipped
    references are checked against the shipped games by the test suite, and reading them all
    would slow every start with an empty cache."""
    system = checked_system(doc)
    if builtin:
        return system
    from builder.data.reference import reference_problems  # (a user's system only: not at start)

    return placed(doc, system, [(("reference",), None, problem)
                                for problem in reference_problems(system)])
