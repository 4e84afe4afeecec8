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
    from builder.battlescribe.engine.roster import Roster
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


ROSTER_SUFFIXES = (".ros", ".rosz")


def is_roster(path: str | Path) -> bool:
    """A BattleScribe roster (SPEC §10) rather than a warband: by its name."""
    return str(path).lower().endswith(ROSTER_SUFFIXES)


def bs_data_files(folders: Sequence[str]) -> list[Path]:
    """The BattleScribe data files ``--bsdata`` names (each folder's, or the file itself): what
    a command reads besides the roster, so that it never writes over one."""
    from builder.bsdata.sources import FolderRefused, folder_files

    files: list[Path] = []
    for given in folders:
        folder = Path(given)
        if not folder.is_dir():
            files.append(folder)
            continue
        try:
            files.extend(folder_files(folder))
        except FolderRefused:  # said when the data is read
            pass
    return files


def roster_and_data(file: str, folders: Sequence[str]) -> Roster | None:
    """The roster in ``file`` linked to the BattleScribe data it names, from the ``folders``
    given for this run first, then the installed data (SPEC §10); None, with every problem
    said on standard error (``FILE:LINE:COLUMN: message``), when the roster or its data
    cannot be read or the data it needs is not there. Notes (an older revision installed) and
    warnings (entries the data no longer has) are said too, and the roster is read."""
    from builder.battlescribe import ReadError
    from builder.battlescribe.rosterio import header, parse_roster, read_roster
    from builder.battlescribe.xmlsafe import read_bytes
    from builder.bsdata.finding import data_for_roster

    label = str(file)
    try:
        data = read_bytes(file, label)
        found = data_for_roster(header(parse_roster(data, label)), folders, label=label)
        loaded = read_roster(data, label, found.data)
    except ReadError as exc:
        for problem in exc.problems:
            print(str(problem), file=sys.stderr)
        return None
    for problem in [*found.notes, *loaded.warnings]:
        print(str(problem), file=sys.stderr)
    return loaded.roster


def cannot_write(path: object, exc: OSError) -> str:
    """"spherewars: cannot write OUT.pdf: No space left on device"."""
    return say(_("spherewars: cannot write {path}: {problem}"), path=path,
               problem=exc.strerror or exc)
