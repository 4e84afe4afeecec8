"""``spherewars play LIST [--data DIR]... -o OUT.html``: the phone page of a list.

Exit status: 0 when the page was written; 2 when the list cannot be read, its faction is not
in the loaded data, or the page cannot be written.
"""

from __future__ import annotations

import argparse
import sys

from builder.i18n import _, ngettext
from builder.plumbing.terminal_text import escape

EXIT_OK, EXIT_ERROR = 0, 2


def play_command(args: argparse.Namespace) -> int:
    from builder.cli.common import open_list
    from builder.document import NotYet
    from builder.play.page import render_page
    from builder.plumbing.atomic import write_atomic

    doc = open_list(args.file, args.data)
    if doc is None:
        return EXIT_ERROR
    try:
        plan = doc.play_plan()
    except NotYet as exc:  # (a kind of list play mode does not show yet)
        print(_("spherewars: {file}: {problem}").format(file=escape(args.file), problem=exc),
              file=sys.stderr)
        return EXIT_ERROR
    if plan is None:
        print(_("spherewars: {file}: faction '{faction}' is not in the loaded data; give its "
                "folder with --data").format(file=args.file, faction=escape(doc.factions[0])),
              file=sys.stderr)
        return EXIT_ERROR
    page = render_page(plan)
    try:
        write_atomic(args.output, page)
    except OSError as exc:
        print(_("spherewars: cannot write {path}: {problem}").format(
            path=args.output, problem=exc.strerror or exc), file=sys.stderr)
        return EXIT_ERROR
    print(ngettext("wrote {path}: {name}, {n} model, fingerprint {fingerprint}",
                   "wrote {path}: {name}, {n} models, fingerprint {fingerprint}",
                   len(plan.models)).format(
        path=args.output, name=escape(plan.list_name), n=len(plan.models),
        fingerprint=plan.fingerprint))
    for cid in plan.unknown:
        print(_("spherewars: note: '{combatant}' is not in the faction data; it has no "
                "tile").format(combatant=escape(cid)), file=sys.stderr)
    return EXIT_OK
