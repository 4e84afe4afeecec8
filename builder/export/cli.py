"""``spherewars export FILE -o OUT.pdf [--cards] [--summary] [--page a4|letter] [--per-model]``.

Exit status: 0 when the PDF was written (an illegal list is still printed, with its findings
on the sheet); 2 when the list cannot be read, the options are wrong or the PDF cannot be
written.
"""

from __future__ import annotations

import argparse
import sys

from builder.i18n import _
from builder.safeio import escape

EXIT_OK, EXIT_ERROR = 0, 2


def export_command(args: argparse.Namespace) -> int:
    from builder.cli import list_and_data
    from builder.data import DataError
    from builder.export.pdf import export_pdf

    cards, sheet = bool(args.cards), bool(args.summary)
    if not (cards or sheet):  # SPEC §4: both when neither flag is given
        cards = sheet = True
    loaded = list_and_data(args.file, args.data)
    if loaded is None:
        return EXIT_ERROR
    warband, catalogue = loaded

    try:
        export_pdf(warband, catalogue, args.output, cards=cards, summary=sheet,
                   page=args.page, per_model=bool(args.per_model))
    except DataError as exc:  # the shipped turn reference is broken: FILE:LINE:COL
        print(str(exc), file=sys.stderr)
        return EXIT_ERROR
    except ValueError as exc:
        print(f"spherewars: {escape(str(exc))}", file=sys.stderr)
        return EXIT_ERROR
    except OSError as exc:
        print(_("spherewars: cannot write {path}: {problem}").format(
            path=args.output, problem=exc.strerror or exc), file=sys.stderr)
        return EXIT_ERROR

    if cards and sheet:
        print(_("wrote {path} (turn summary and profile cards)").format(path=args.output))
    elif sheet:
        print(_("wrote {path} (turn summary)").format(path=args.output))
    else:
        print(_("wrote {path} (profile cards)").format(path=args.output))
    if catalogue.get(warband.faction) is None:
        print(_("spherewars: note: faction '{faction}' is not in the loaded data; the sheet "
                "says so").format(faction=warband.faction), file=sys.stderr)
    return EXIT_OK
