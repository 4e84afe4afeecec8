"""``spherewars event`` (SPEC §6): gather the submissions, check each, reconcile them with the
registrations, then write the report and the pack. The CLI parses the arguments and calls
:func:`run_event`; the checking itself is :mod:`builder.events.checking`'s."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from builder.data import Catalogue
from builder.events import check_data_pins, load_event
from builder.events.checking import Checked, check_event, render
from builder.events.submissions import gather
from builder.i18n import _

EXIT_OK, EXIT_ILLEGAL, EXIT_ERROR = 0, 1, 2


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
        event = load_event(args.event, catalogue, battlescribe_games(args.bsdata))
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
            else _("spherewars: no *.yaml or *.yml files (nor *.ros, *.rosz) in {path}").format(
                path=raw))
    if not gathered.submissions:
        if not gathered.empty:  # (only the event file itself was named)
            say(_("spherewars: no lists to check besides the event file"))
        return EXIT_ERROR
    from builder.plumbing.output_guard import PDF, outputs_problem

    inputs = [Path(args.event), *(Path(c) for c in args.codes or ()),
              *(s.file for s in gathered.submissions if s.file is not None)]
    refused = outputs_problem([(args.output, args.format), (args.pack, PDF)], inputs=inputs,
                              folders=[Path(d) for d in args.data], force=args.force)
    if refused:
        say(refused)
        return EXIT_ERROR

    checked = check_event(event, gathered, catalogue, anonymous=args.anonymise,
                          entries=args.format == "html", bsdata=args.bsdata)
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


def battlescribe_games(bsdata: list[str]) -> Callable[[], dict[str, set[str]]]:
    """The BattleScribe game systems an event file may name (installed and ``--bsdata``),
    with their catalogue ids, when asked; a file given that cannot be used is a
    :class:`DataError` naming it."""

    def games() -> dict[str, set[str]]:
        from builder.battlescribe import ReadError
        from builder.document.files import data_error, known_games

        try:
            return known_games(bsdata)
        except ReadError as exc:
            raise data_error(exc) from None

    return games


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
