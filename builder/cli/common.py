"""What the commands of the CLI share (:mod:`builder.cli.lists` and the other command
families: ``export``, ``data``, ``play``): finding lists in folders, reading a list with its
data, and the words for a file that could not be written. Imports stay light, as the CLI's."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.i18n import _
from builder.plumbing.terminal_text import Lines, escape, say

if TYPE_CHECKING:
    from builder.data import Catalogue
    from builder.document import ListDocument
    from builder.document.roster import RosterList
    from builder.model import Warband

EXIT_OK, EXIT_ILLEGAL, EXIT_ERROR = 0, 1, 2
"""What a command returns: done (a list legal), a list illegal, an error."""


def warband_files(path: Path, skipped: list[Path] | None = None) -> list[Path]:
    """Every list in a folder, recursively: *.yaml and *.yml warbands, *.ros and *.rosz
    rosters (any case), with whatever cannot be read (a FIFO, a dangling link, a folder that
    cannot be listed) left in for the loader to name; ``skipped`` receives the folder's other
    plain files (SPEC §6, §10)."""
    from builder.data import yaml_files
    from builder.document.files import LIST_SUFFIXES

    return yaml_files(path, suffixes=LIST_SUFFIXES, any_case=True, skipped=skipped)


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


def open_list(file: str, data: Sequence[str],
              bsdata: Sequence[str] = ()) -> ListDocument[Any, Any] | None:
    """The list in ``file`` as the document of its kind: a warband read against its data
    (built-in, user, ``data``), a roster (``.ros``, ``.rosz``) against its BattleScribe data
    (``bsdata``, then the installed data); each problem of the data on standard error. None,
    with the list's problem said there, when it cannot be read (a roster whose data is not
    installed names what is missing)."""
    from builder.document.files import is_roster

    if is_roster(file):
        doc = open_roster(file, bsdata)
        if isinstance(doc, dict):  # (its problems, each FILE:LINE:COLUMN: message)
            print(doc["error"], file=sys.stderr)
            return None
        return doc
    loaded = list_and_data(file, data)
    if loaded is None:
        return None
    from pathlib import Path

    from builder.document import WarbandList

    warband, catalogue = loaded
    return WarbandList(catalogue, warband, path=Path(file))


def open_roster(file: str | Path, bsdata: Sequence[str] = (),
                points: int | None = None) -> RosterList | dict[str, Any]:
    """The roster in ``file`` with its data (``bsdata``, then the installed data), checked
    with ``points`` as the limit of its first cost type when given; what reading it noted
    on standard error. When it cannot be read: its JSON error row (SPEC §4), every problem
    in ``error`` as ``FILE:LINE:COLUMN: message``."""
    from builder.battlescribe import ReadError
    from builder.document.roster import RosterList

    try:
        doc = RosterList.load(file, bsdata, points=points)
    except ReadError as exc:
        row: dict[str, Any] = {"path": str(file), "legal": False,
                               "error": "\n".join(str(p) for p in exc.problems)}
        if len(exc.problems) > 1:
            row["errors"] = [{"line": p.line or None, "column": p.column or None,
                              "message": escape(p.message)} for p in exc.problems]
        return row
    for note in doc.notes:
        print(_("spherewars: warning: {problem}").format(problem=note), file=sys.stderr)
    return doc


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


def cannot_write(path: object, exc: OSError) -> str:
    """"spherewars: cannot write OUT.pdf: No space left on device"."""
    return say(_("spherewars: cannot write {path}: {problem}"), path=path,
               problem=exc.strerror or exc)
