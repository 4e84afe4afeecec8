"""``spherewars export FILE -o OUT.pdf [--cards] [--summary] [--page a4|letter] [--per-model]
[--opponent] [--force]``.

Exit status: 0 when the PDF was written (an illegal list is still printed, with its findings
on the sheet); 2 when the list cannot be read, the options are wrong, OUT.pdf is one of the
files read or an existing file that is not a PDF (without ``--force``), or the PDF cannot be
written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from builder.i18n import _
from builder.plumbing.terminal_text import escape, say

EXIT_OK, EXIT_ERROR = 0, 2


def export_command(args: argparse.Namespace) -> int:
    from builder.cli.common import cannot_write, list_and_data
    from builder.data import DataError
    from builder.export.pdf import export_pdf
    from builder.plumbing.output_guard import PDF, output_problem

    cards, sheet = bool(args.cards), bool(args.summary)
    opponent = bool(getattr(args, "opponent", False))
    if not (cards or sheet or opponent):  # SPEC §4: both when no flag is given
        cards = sheet = True
    refused = output_problem(args.output, PDF, inputs=[Path(args.file)],
                             folders=[Path(d) for d in args.data or []],
                             force=bool(getattr(args, "force", False)))
    if refused:
        print(escape(refused), file=sys.stderr)
        return EXIT_ERROR
    loaded = list_and_data(args.file, args.data)
    if loaded is None:
        return EXIT_ERROR
    warband, catalogue = loaded

    try:
        export_pdf(warband, catalogue, args.output, cards=cards, summary=sheet,
                   page=args.page, per_model=bool(args.per_model), opponent=opponent)
    except DataError as exc:  # the shipped turn reference is broken: FILE:LINE:COL
        print(str(exc), file=sys.stderr)
        return EXIT_ERROR
    except ValueError as exc:
        print(say("spherewars: {problem}", problem=exc), file=sys.stderr)
        return EXIT_ERROR
    except OSError as exc:
        print(cannot_write(args.output, exc), file=sys.stderr)
        return EXIT_ERROR

    if opponent and cards and sheet:
        print(say(_("wrote {path} (turn summary, opponent's copy and profile cards)"),
                  path=args.output))
    elif opponent and sheet:
        print(say(_("wrote {path} (turn summary and opponent's copy)"), path=args.output))
    elif opponent and cards:
        print(say(_("wrote {path} (opponent's copy and profile cards)"), path=args.output))
    elif opponent:
        print(say(_("wrote {path} (opponent's copy)"), path=args.output))
    elif cards and sheet:
        print(say(_("wrote {path} (turn summary and profile cards)"), path=args.output))
    elif sheet:
        print(say(_("wrote {path} (turn summary)"), path=args.output))
    else:
        print(say(_("wrote {path} (profile cards)"), path=args.output))
    if catalogue.get(warband.faction) is None:
        print(say(_("spherewars: note: faction '{faction}' is not in the loaded data; the "
                    "sheet says so"), faction=warband.faction), file=sys.stderr)
    return EXIT_OK
