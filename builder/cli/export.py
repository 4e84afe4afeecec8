"""``spherewars export FILE -o OUT.pdf [--cards] [--summary] [--page a4|letter] [--per-model]
[--opponent] [--force] [--data DIR]... [--bsdata DIR]...``.

FILE is a warband, or a BattleScribe roster (``.ros``, ``.rosz``; SPEC §10) read against the
BattleScribe data in the ``--bsdata`` folders, then the installed data: its roster sheet
(``--summary``), opponent's copy and unit cards (``--cards``). Either kind prints through its
list document (:meth:`~builder.document.base.ListDocument.export_pdf`).

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
    from builder.cli.common import bs_data_files, cannot_write, open_list
    from builder.data import DataError
    from builder.document import NotYet, PdfOptions
    from builder.plumbing.output_guard import PDF, output_problem

    cards, sheet = bool(args.cards), bool(args.summary)
    opponent = bool(getattr(args, "opponent", False))
    if not (cards or sheet or opponent):  # SPEC §4: both when no flag is given
        cards = sheet = True
    refused = output_problem(args.output, PDF,
                             inputs=[Path(args.file), *bs_data_files(args.bsdata)],
                             folders=[Path(d) for d in args.data or []],
                             force=bool(getattr(args, "force", False)))
    if refused:
        print(escape(refused), file=sys.stderr)
        return EXIT_ERROR
    doc = open_list(args.file, args.data, args.bsdata)
    if doc is None:
        return EXIT_ERROR
    roster = doc.kind == "roster"
    if roster and args.per_model:
        print(say(_("spherewars: note: --per-model is for warbands; a roster prints a card "
                    "per unit")), file=sys.stderr)

    try:
        doc.export_pdf(args.output, PdfOptions(cards=cards, summary=sheet, page=args.page,
                                               per_model=bool(args.per_model),
                                               opponent=opponent))
    except NotYet as exc:  # (a kind of list whose printouts are not written yet)
        print(say(_("spherewars: {file}: {problem}"), file=args.file, problem=exc),
              file=sys.stderr)
        return EXIT_ERROR
    except DataError as exc:  # the shipped turn reference is broken: FILE:LINE:COL
        print(str(exc), file=sys.stderr)
        return EXIT_ERROR
    except ValueError as exc:
        print(say("spherewars: {problem}", problem=exc), file=sys.stderr)
        return EXIT_ERROR
    except OSError as exc:
        print(cannot_write(args.output, exc), file=sys.stderr)
        return EXIT_ERROR

    if roster:
        what = [name for flag, name in ((sheet, _("roster sheet")),
                                         (opponent, _("opponent's copy")),
                                         (cards, _("unit cards"))) if flag]
        print(say(_("wrote {path} ({what})"), path=args.output, what=", ".join(what)))
        return EXIT_OK
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
    if doc.system is None:
        print(say(_("spherewars: note: faction '{faction}' is not in the loaded data; the "
                    "sheet says so"), faction=doc.factions[0]), file=sys.stderr)
    return EXIT_OK
