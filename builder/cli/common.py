"""What the commands of the CLI share (:mod:`builder.cli.lists` and the other command
families: ``export``, ``data``, ``play``): finding lists in folders, reading a list with its
data, and the words for a file that could not be written. Imports stay light, as the CLI's."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from builder.i18n import _
from builder.plumbing.terminal_text import Lines, say

if TYPE_CHECKING:
    from builder.data import Catalogue
    from builder.model import Warband

EXIT_OK, EXIT_ILLEGAL, EXIT_ERROR = 0, 1, 2
"""What a command returns: done (a list legal), a list illegal, an error."""


def warband_files(path: Path, skipped: list[Path] | None = None) -> list[Path]:
    """Every *.yaml and *.yml (any case) in a folder, recursively, with whatever cannot be
    read (a FIFO, a dangling link, a folder that cannot be listed) left in for the loader to
    name; ``skipped`` receives the folder's other plain files (SPEC §6)."""
    from builder.data import yaml_files

    return yaml_files(path, suffixes=(".yaml", ".yml"), any_case=True, skipped=skipped)


def list_and_data(file: str, data: Sequence[str]) -> tuple[Warband, Catalogue] | None:
    """The list in ``file`` and the data (built-in, user, ``data``), each problem of the data
    on standard error; None, with the list's problem said there, when it cannot be read."""
    from builder.data import Catalogue, DataError, load_warband

    try:
        warband = load_warband(file)
    except DataError as exc:
        print(str(exc), file=sys.stderr)
        return None
    catalogue = Catalogue.load(data or [])
    for problem in catalogue.problems:
        print(say(_("spherewars: faction data: {problem}"), problem=Lines(problem)),
              file=sys.stderr)
    return warband, catalogue


def cannot_write(path: object, exc: OSError) -> str:
    """"spherewars: cannot write OUT.pdf: No space left on device"."""
    return say(_("spherewars: cannot write {path}: {problem}"), path=path,
               problem=exc.strerror or exc)
