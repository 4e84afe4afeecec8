"""``spherewars event`` (SPEC §6): gather the submissions, check each, reconcile them with the
registrations, then write the report and the pack. The CLI parses the arguments and calls
:func:`run_event`; the app's event dialog calls :func:`check_event`."""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.data import Catalogue
from builder.events import check_data_pins, load_event, summary_of, unpinned_factions
from builder.events.registrations import anonymise, reconcile
from builder.events.submissions import Gathered, Submission, check_submission, gather
from builder.i18n import _
from builder.model.event import Event

EXIT_OK, EXIT_ILLEGAL, EXIT_ERROR = 0, 1, 2


@dataclass
class Checked:
    """An event checked: the rows (as reports print them) and the submissions they came
    from, in the same order, the registrations with no list, and the counts."""

    event: Event
    rows: list[dict[str, Any]]
    submissions: list[Submission]
    missing: list[dict[str, str]]
    summary: dict[str, int]
    skipped: int = 0
    unpinned: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    empty: list[str] = field(default_factory=list)
    uncosted: frozenset[str] = frozenset()
    """The factions of the rows whose game counts no points (their points are left out of
    the text report, as ``validate`` leaves them out)."""


def check_event(event: Event, gathered: Gathered, catalogue: Catalogue, *,
                anonymous: bool = False, entries: bool = False, fork: bool = True) -> Checked:
    """Every submission checked (on both cores unless not ``fork``: the app never forks),
    reconciled with the registrations and, when ``anonymous``, labelled ``List N`` and put
    in that order (SPEC §6)."""
    from builder.batch import map_in_halves

    subs = gathered.submissions

    def one(sub: Submission) -> dict[str, Any]:
        return check_submission(event, sub, catalogue, entries=entries)

    rows = map_in_halves(one, subs) if fork else [one(sub) for sub in subs]
    missing = reconcile(event, rows)
    used = [r["faction"] for r in rows if "error" not in r]
    if anonymous:
        from builder.events.registrations import anonymous_order

        order = [i for _n, i in anonymous_order(event, rows, missing) if i < len(rows)]
        rows, missing = anonymise(event, rows, missing)
        subs = [subs[i] for i in order]
    uncosted = frozenset(f for f in used if (faction := catalogue.get(f)) is not None
                         and faction.game.cost is None)
    return Checked(event, rows, subs, missing, summary_of(rows), gathered.skipped,
                   unpinned_factions(event, used), gathered.notes, gathered.empty, uncosted)


def render(checked: Checked, form: str) -> str:
    from builder.events import output

    event, rows, missing, summary = (checked.event, checked.rows, checked.missing,
                                     checked.summary)
    if form == "json":
        return output.json_report(event, rows, summary, missing)
    if form == "csv":
        return output.csv_report(rows, missing)
    if form == "html":
        return output.html_report(event, rows, summary, missing)
    return output.text_report(event, rows, summary, missing, checked.skipped,
                              checked.uncosted)


def run_event(args: argparse.Namespace, cannot_write: Any) -> int:
    """The command; ``cannot_write(path, exc)`` words a failed write as the CLI does."""
    from builder.data import DataError, write_atomic
    from builder.events import DataPinError
    from builder.events.output import safe

    def say(message: str) -> None:
        print(safe(message), file=sys.stderr)

    if not args.paths and not args.codes:
        say(_("spherewars: give the submitted lists: files, folders or --codes FILE"))
        return EXIT_ERROR
    from builder.events.pins import pinned_packs

    try:
        pins = pinned_packs(args.event)  # SPEC §8: exactly the pinned versions load
    except DataError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_ERROR
    catalogue = Catalogue.load(args.data, packs=pins)
    for problem in catalogue.problems:
        print(_("spherewars: data: {problem}").format(problem=problem), file=sys.stderr)
    try:
        event = load_event(args.event, catalogue)
        check_data_pins(event, catalogue)
    except DataError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_ERROR
    except DataPinError as exc:
        say(_("spherewars: {path}: {problem}").format(path=args.event, problem=exc))
        return EXIT_ERROR

    gathered = gather(args.paths, args.codes or (), exclude=args.event)
    for note in gathered.notes:
        say(_("spherewars: {note}").format(note=note))
    codes = set(args.codes or ())
    for raw in gathered.empty:
        say(_("spherewars: no share codes in {path}").format(path=raw) if raw in codes
            else _("spherewars: no *.yaml or *.yml files in {path}").format(path=raw))
    if not gathered.submissions:
        if not gathered.empty:  # (only the event file itself was named)
            say(_("spherewars: no lists to check besides the event file"))
        return EXIT_ERROR
    from builder.outputs import PDF, outputs_problem

    inputs = [Path(args.event), *(Path(c) for c in args.codes or ()),
              *(s.file for s in gathered.submissions if s.file is not None)]
    refused = outputs_problem([(args.output, args.format), (args.pack, PDF)], inputs=inputs,
                              folders=[Path(d) for d in args.data], force=args.force)
    if refused:
        say(refused)
        return EXIT_ERROR

    checked = check_event(event, gathered, catalogue, anonymous=args.anonymise,
                          entries=args.format == "html")
    for faction in checked.unpinned:
        say(_("spherewars: warning: {path}: faction '{faction}' is allowed but 'data' pins "
              "no data for it: its lists are checked against whatever data is loaded").format(
                  path=args.event, faction=faction))
    text = render(checked, args.format)
    status = EXIT_OK
    if args.output:
        try:
            write_atomic(args.output, text.encode("utf-8"))
        except OSError as exc:
            print(cannot_write(args.output, exc), file=sys.stderr)
            status = EXIT_ERROR
    else:
        sys.stdout.write(text)
    if args.pack:
        status = max(status, write_pack_or_say(args, checked, catalogue, cannot_write))
    summary = checked.summary
    if status or summary["unreadable"] or catalogue.problems:
        return EXIT_ERROR
    return EXIT_ILLEGAL if summary["illegal"] else EXIT_OK


def write_pack_or_say(args: argparse.Namespace, checked: Checked, catalogue: Catalogue,
                      cannot_write: Any) -> int:
    try:
        from builder.events.pack import write_pack
    except ImportError as exc:
        print(_("spherewars: the list pack is not available: {problem}").format(
            problem=exc), file=sys.stderr)
        return EXIT_ERROR
    try:
        write_pack(args.pack, checked, catalogue, anonymise=args.anonymise,
                   style=args.pack_style)
    except OSError as exc:
        print(cannot_write(args.pack, exc), file=sys.stderr)
        return EXIT_ERROR
    return EXIT_OK
