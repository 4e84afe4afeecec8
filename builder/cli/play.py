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
    from builder.cli.common import list_and_data
    from builder.play.page import render_page
    from builder.play.plan import make_plan
    from builder.plumbing.atomic import write_atomic

    loaded = list_and_data(args.file, args.data)
    if loaded is None:
        return EXIT_ERROR
    warband, catalogue = loaded
    faction = catalogue.get(warband.faction)
    if faction is None or not faction.attached:
        print(_("spherewars: {file}: faction '{faction}' is not in the loaded data; give its "
                "folder with --data").format(file=args.file, faction=escape(warband.faction)),
              file=sys.stderr)
        return EXIT_ERROR
    plan = make_plan(warband, faction)
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
