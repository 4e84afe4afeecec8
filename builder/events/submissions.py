"""What an organiser hands ``event``: folders and files of lists, and texts of share codes
(SPEC §6), gathered into :class:`Submission` s and checked one by one.

A submitted list is untrusted, and so is where it sits:

- a folder means every ``*.yaml`` and ``*.yml`` in it (any case), recursively, and every
  BattleScribe roster (``*.ros``, ``*.rosz``, SPEC §10); other plain files are counted, not
  read;
- a file in a folder is read only when it is, after every link, a file inside that folder: a
  link out of it (to ``/etc/shadow``, to another player's folder) is named and not read, and
  a link loop, a FIFO or a device is named by the loader, which never opens one;
- the same file reached twice (given twice, or through a link) is one list, read once;
- an unreadable file's row quotes at most a short excerpt of what the loader said.

A text of codes (an e-mail export, a form's CSV) gives one list per share code, named
``FILE#N``; an e-mail's parts are decoded first (quoted-printable, base64: :mod:`.mail`, within
limits), and a code that repeats an earlier one (a quoted reply) is one list.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.data import Catalogue, DataError, MiB, read_text, yaml_files
from builder.data.share import ShareCodeError, decode_warband, find_codes
from builder.document.files import LIST_SUFFIXES, data_error, is_roster
from builder.events.mail import MailError, texts_of
from builder.i18n import N_, _, ngettext
from builder.model import Warband
from builder.model.event import Event

MAX_CODES_BYTES = 64 * MiB
"""Largest text searched for share codes: a mailbox of a few hundred messages."""
MAX_ERROR_CHARS = 400
"""An unreadable file's error as a report quotes it (the loader quotes the file's text)."""


@dataclass(frozen=True)
class Submission:
    """One submitted list: a file, or a share code found in a text."""

    path: str
    """How the reports name it: the file's path, or ``FILE#N`` for the N-th code of FILE."""
    file: Path | None = None
    code: str | None = None
    refused: str | None = None
    """Why it is not read at all (a link out of its folder), as the report says it."""

    def load(self) -> Warband:
        """The list; :class:`DataError` naming ``path`` when it cannot be had."""
        if self.refused is not None:
            raise DataError.of_file(self.path, self.refused)
        if self.code is not None:
            try:
                return decode_warband(self.code)
            except ShareCodeError as exc:
                raise DataError.of_file(self.path, str(exc)) from None
        assert self.file is not None
        return yamlio_load(self.file)


def yamlio_load(path: Path) -> Warband:
    from builder.data import load_warband

    return load_warband(path)


def short_error(text: str) -> str:
    """At most :data:`MAX_ERROR_CHARS` characters of an error, cut at a line's end when it
    can be (each line is already escaped by :class:`DataError`)."""
    if len(text) <= MAX_ERROR_CHARS:
        return text
    cut = text.rfind("\n", 0, MAX_ERROR_CHARS)
    return text[:cut if cut > MAX_ERROR_CHARS // 2 else MAX_ERROR_CHARS].rstrip() + " …"


def error_row(sub: Submission, exc: DataError) -> dict[str, Any]:
    row = exc.row(sub.path)
    row["error"] = short_error(row["error"])
    if "errors" in row:
        row["errors"] = [dict(e, message=short_error(e["message"])) for e in row["errors"][:5]]
    return row


def entries_of(warband: Warband, catalogue: Catalogue) -> list[dict[str, Any]]:
    """The list's entries for a published report: name, models and points (None for a
    combatant the faction does not have)."""
    faction = catalogue.get(warband.faction)
    out: list[dict[str, Any]] = []
    for entry in warband.entries:
        combatant = faction.combatant(entry.combatant) if faction is not None else None
        if faction is None or combatant is None:
            out.append({"name": entry.combatant, "count": entry.count, "points": None})
            continue
        row: dict[str, Any] = {"name": combatant.name, "count": entry.count,
                               "points": faction.entry_cost(combatant, entry.count,
                                                            entry.options)}
        if entry.options:  # SPEC §9: what the entry took, by name (an unknown id as written)
            offered = faction.options_for(combatant)
            row["options"] = [(o.label if (o := offered.get(oid)) is not None else oid)
                              + (f" ×{times}" if times > 1 else "")
                              for oid, times in entry.options.items()]
        out.append(row)
    return out


def picks_of(warband: Warband, catalogue: Catalogue) -> list[dict[str, Any]]:
    """SPEC §9: the list's picks for a published report: name and points (None for a pick
    the data does not offer, named by its id), and what the game calls its picks."""
    from builder.export.choices import pick_lines

    faction = catalogue.get(warband.faction)
    kind = faction.game.picks_label if faction is not None and faction.attached else None
    return [{"name": p.name, "points": p.points if p.known else None, "kind": kind}
            for p in pick_lines(warband, faction)]


def check_submission(event: Event, sub: Submission, catalogue: Catalogue, *,
                     entries: bool = False, bsdata: Sequence[str] = ()) -> dict[str, Any]:
    """One submission as a row of the JSON report; ``entries`` adds the list's entries (for
    the published HTML page). A BattleScribe roster is checked by its document, against
    its data (``bsdata``, then the installed data; SPEC §10)."""
    from builder.events import check_list

    if sub.file is not None and sub.refused is None and is_roster(sub.file):
        return check_roster(event, sub, bsdata, entries=entries)
    try:
        warband = sub.load()
    except DataError as exc:
        return error_row(sub, exc)
    row = check_list(event, warband, catalogue).to_json(sub.path)
    if entries:
        row["entries"] = entries_of(warband, catalogue)
        if warband.picks:
            row["picks"] = picks_of(warband, catalogue)
    return row


def check_roster(event: Event, sub: Submission, bsdata: Sequence[str], *,
                 entries: bool = False) -> dict[str, Any]:
    """A roster submission as a row: checked under the event (its limit replaces the limit
    of the game's first cost type); ``entries``: its root selections, with their number and
    what they cost of that first cost type."""
    from builder.battlescribe import ReadError
    from builder.document.roster import RosterList, number

    assert sub.file is not None
    try:
        doc = RosterList.load(sub.file, bsdata, event=event)
    except ReadError as exc:
        return error_row(sub, data_error(exc))
    row = doc.check().to_json(sub.path)
    if entries:
        evaluation, first = doc.editor.evaluation, doc.first_cost
        row["entries"] = [
            {"name": evaluation.effects[s].name, "count": s.number,
             "points": None if first is None else
             number(sum(evaluation.costs(x).get(first, 0.0) for x in s.walk()))}
            for force in doc.roster.walk_forces() for s in force.selections]
    return row


@dataclass
class Gathered:
    """What the command line named, as submissions, and what it says about them."""

    submissions: list[Submission] = field(default_factory=list)
    skipped: int = 0
    """Plain files in the folders that are not lists (``3 other files skipped``)."""
    empty: list[str] = field(default_factory=list)
    """Arguments that held no list at all."""
    notes: list[str] = field(default_factory=list)
    """Lines for standard error: a file given twice, codes repeated."""


def _real(path: Path, folders: dict[str, str]) -> str:
    """``os.path.realpath(path)``, with each folder's resolved once (a file that is not a
    link is its folder's real path and its name: one lstat, not one per path component)."""
    if os.path.islink(path):
        return os.path.realpath(path)
    parent = os.path.dirname(path)
    real = folders.get(parent)
    if real is None:
        real = folders[parent] = os.path.realpath(parent)
    return os.path.join(real, os.path.basename(path))


def _inside(real: str, root: str) -> bool:
    return real == root or real.startswith(root.rstrip(os.sep) + os.sep)


OUTSIDE = N_("is a link to a file outside {folder}; not read")


def links_out(folder: str, found: Iterable[Path]) -> set[Path]:
    """The paths of ``found`` (a scan of ``folder``) that lead, through a link, to a regular
    file outside it: named, never read (``validate`` uses this too). A link to a device, a
    pipe or a folder is left to the loader, which names it without opening it."""
    if not os.path.isdir(folder):
        return set()
    root = os.path.realpath(folder)
    folders: dict[str, str] = {}
    return {path for path in found if os.path.isfile(path)
            and not _inside(_real(path, folders), root)}


def gather(paths: Iterable[str], codes: Iterable[str] = (), *,
           exclude: str | Path | None = None) -> Gathered:
    """Every submission named by ``paths`` (files and folders) and ``codes`` (texts), in
    order; ``exclude`` (the event file) is never a submission."""
    out = Gathered()
    folders: dict[str, str] = {}
    seen: dict[str, str] = {}
    if exclude is not None:
        seen[os.path.realpath(exclude)] = ""
    for raw in paths:
        skipped: list[Path] = []
        found = yaml_files(raw, suffixes=LIST_SUFFIXES, any_case=True, skipped=skipped)
        out.skipped += len(skipped)
        outside = links_out(raw, found)
        for path in found:
            if path in outside:
                out.submissions.append(Submission(str(path),
                                                  refused=_(OUTSIDE).format(folder=raw)))
                continue
            real = _real(path, folders)
            if real in seen:
                if seen[real]:
                    out.notes.append(_("{path} is the same file as {first}: checked once")
                                     .format(path=path, first=seen[real]))
                continue
            seen[real] = str(path)
            out.submissions.append(Submission(str(path), file=path))
        if not found:
            out.empty.append(raw)
    codes_seen: dict[str, str] = {}
    for raw in codes:
        try:
            text = read_text(raw, MAX_CODES_BYTES)
        except DataError as exc:
            out.submissions.append(Submission(raw, refused=short_error(
                "; ".join(p.message for p in exc.problems))))
            continue
        add_codes(out, raw, text, codes_seen)
    return out


def add_codes(out: Gathered, name: str, text: str, seen: dict[str, str]) -> None:
    """Every share code of ``text`` as a submission named ``NAME#N`` (N counts every code
    of the text); a code already in ``seen`` is not a second list."""
    try:
        found = [code for part in texts_of(text) for code in find_codes(part)]
    except MailError as exc:
        out.submissions.append(Submission(name, refused=str(exc)))
        return
    if not found:
        out.empty.append(name)
    repeated = 0
    for n, code in enumerate(found, start=1):
        if code in seen:
            repeated += 1
            continue
        seen[code] = f"{name}#{n}"
        out.submissions.append(Submission(f"{name}#{n}", code=code))
    if repeated:
        out.notes.append(ngettext(
            "{path}: {n} share code repeats an earlier one (a quoted reply?); each list is "
            "checked once",
            "{path}: {n} share codes repeat an earlier one (a quoted reply?); each list is "
            "checked once", repeated).format(path=name, n=repeated))
