"""``spherewars export FILE -o OUT.pdf [--cards] [--summary] [--page a4|letter] [--per-model]
[--opponent] [--force] [--data DIR]... [--bsdata DIR]...``.

FILE is a warband, or a BattleScribe roster (``.ros``, ``.rosz``; SPEC §10) read against the
BattleScribe data in the ``--bsdata`` folders: its roster sheet (``--summary``), opponent's
copy and unit cards (``--cards``).

Exit status: 0 when the PDF was written (an illegal list is still printed, with its findings
on the sheet); 2 when the list cannot be read, the options are wrong, OUT.pdf is one of the
files read or an existing file that is not a PDF (without ``--force``), or the PDF cannot be
written.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

from builder.i18n import _
from builder.plumbing.terminal_text import escape, say

EXIT_OK, EXIT_ERROR = 0, 2


def export_command(args: argparse.Namespace) -> int:
    from builder.cli.common import bs_data_files, open_list
    from builder.document import PdfOptions
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
    if doc.kind == "roster" and args.per_model:
        print(say(_("spherewars: note: --per-model is for warbands; a roster prints a card "
                    "per unit")), file=sys.stderr)
    options = PdfOptions(cards=cards, summary=sheet, page=args.page,
                         per_model=bool(args.per_model), opponent=opponent)
    if not _written(lambda: doc.export_pdf(args.output, options), args.output):
        return EXIT_ERROR
    if doc.kind == "roster":  # (what it printed, in a roster's words)
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


def _written(write: Callable[[], None], output: str) -> bool:
    """Whether ``write`` wrote the PDF; why not on standard error: the options (ValueError),
    the file (OSError), or the shipped turn reference broken (``FILE:LINE:COL``)."""
    from builder.cli.common import cannot_write
    from builder.data import DataError

    try:
        write()
    except DataError as exc:
        print(str(exc), file=sys.stderr)
    except ValueError as exc:
        print(say("spherewars: {problem}", problem=exc), file=sys.stderr)
    except OSError as exc:
        print(cannot_write(output, exc), file=sys.stderr)
    else:
        return True
    return False
