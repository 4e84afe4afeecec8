"""Where a command may write (issue 28, item 9): never over one of its own inputs, and never
over a file that is not what it writes unless ``--force``.

``export x.warband.yaml -o x.warband.yaml`` used to replace the list with a PDF, ``event …
--pack lists/b.warband.yaml`` a submitted list, ``event -o e.event.yaml`` the event file. Each
output is now checked before any work is done:

- an output that is one of the files the command reads (the same file, through a link or a
  hard link too, or a ``*.yaml`` file inside a data folder it reads) is refused, even with
  ``--force``: the command would destroy what it is reading;
- an existing file is replaced only when it is what the command writes (a PDF for a PDF, a
  report of the same form for a report), or with ``--force``;
- two outputs of one command may not be the same file.

Core module: no Qt.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from builder.i18n import _, translations_of
from builder.plumbing.reading import Unreadable, read_bytes

SNIFF_BYTES = 4096
"""How much of an existing file is read to tell what it is."""

PDF = "pdf"
REPORT_KINDS = ("text", "json", "csv", "html")
CSV_COLUMNS = ("path", "player", "name", "faction", "points", "points_limit", "legal",
               "fingerprint", "data_fingerprint", "rules")
"""The event report's CSV header (builder.events.output), by which an old report is known."""
YAML_SUFFIXES = (".yaml", ".yml")


def _same(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _inside(path: Path, folder: Path) -> bool:
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a link loop
        return False


def _head(path: Path) -> bytes:
    """The first bytes of a regular file (b"" for anything else: a FIFO is never waited on)."""
    try:
        return read_bytes(path, SNIFF_BYTES, head=True)
    except Unreadable:
        return b""


def looks_like(kind: str, head: bytes) -> bool:
    """Whether ``head`` (a file's first bytes) is the start of what a command writes as
    ``kind``: ``pdf`` or one of the event report's forms."""
    if kind == PDF:
        return head.startswith(b"%PDF-")
    text = head.decode("utf-8", "replace").removeprefix("\ufeff")  # (the CSV's BOM)
    if kind == "json":
        return text.startswith('{"event": ')
    if kind == "csv":
        return text.startswith(",".join(CSV_COLUMNS) + "\r\n")
    if kind == "html":
        return text.lower().startswith("<!doctype html>")
    if kind == "text":  # "Event: …" in any of the program's languages
        return any(text.startswith(line.split("{title}")[0])
                   for line in translations_of("Event: {title}"))
    return False


def output_problem(output: str | os.PathLike[str], kind: str, *, inputs: Iterable[Path] = (),
                   folders: Iterable[Path] = (), force: bool = False) -> str | None:
    """Why ``output`` may not be written by a command reading ``inputs`` (files) and the
    ``*.yaml`` files of ``folders``, or None when it may. ``kind`` says what the command
    writes there (:func:`looks_like`)."""
    out = Path(output)
    if not os.path.lexists(out):
        return None
    if any(_same(out, p) for p in inputs) or (
            out.suffix.lower() in YAML_SUFFIXES and any(_inside(out, d) for d in folders)):
        return _("spherewars: {path} is one of the files this command reads; write to "
                 "another file").format(path=out)
    if force or not out.is_file():  # a folder or a device: the writer says why not
        return None
    head = _head(out)
    if not head or looks_like(kind, head):  # an empty file holds nothing to lose
        return None
    if kind == PDF:
        return _("spherewars: {path} exists and is not a PDF; give --force to replace "
                 "it").format(path=out)
    return _("spherewars: {path} exists and is not a report of this form ({form}); give "
             "--force to replace it").format(path=out, form=kind)


def outputs_problem(outputs: Sequence[tuple[str | os.PathLike[str] | None, str]], *,
                    inputs: Iterable[Path] = (), folders: Iterable[Path] = (),
                    force: bool = False) -> str | None:
    """:func:`output_problem` for each (output, kind) given (None: not asked for), and two
    outputs naming the same file."""
    given = [(Path(o), kind) for o, kind in outputs if o is not None]
    inputs, folders = list(inputs), list(folders)
    for i, (out, _kind) in enumerate(given):
        for other, _k in given[:i]:
            if out.absolute() == other.absolute() or _same(out, other):
                return _("spherewars: {path} is given for two outputs; give each its own "
                         "file").format(path=out)
    for out, kind in given:
        problem = output_problem(out, kind, inputs=inputs, folders=folders, force=force)
        if problem:
            return problem
    return None
