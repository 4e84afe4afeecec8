"""``spherewars play LIST [--data DIR]... [--bsdata DIR]... [--counter NAME] -o OUT.html``:
the phone page of a list.

LIST is a warband, or a BattleScribe roster (``.ros``, ``.rosz``) read against the data in the
``--bsdata`` folders; a roster's models are counted down by the characteristic ``--counter``
names (remembered for its game system), else by the one chosen before for that game system,
else by the likeliest (W, Wounds, Hit Points…).

Exit status: 0 when the page was written; 2 when the list cannot be read, its faction is not
in the loaded data, the counter is not a characteristic of the roster, or the page cannot be
written.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from builder.i18n import _, ngettext
from builder.plumbing.terminal_text import escape, say

if TYPE_CHECKING:
    from builder.battlescribe.engine.roster import Roster
    from builder.play.plan import Plan

EXIT_OK, EXIT_ERROR = 0, 2


def play_command(args: argparse.Namespace) -> int:
    from builder.cli.common import bs_data_files, open_list
    from builder.play.page import render_page
    from builder.plumbing.atomic import write_atomic
    from builder.plumbing.output_guard import output_problem

    # the page never replaces the list or its data (a roster is no page to overwrite)
    refused = output_problem(args.output, "html", force=True,
                             inputs=[Path(args.file), *bs_data_files(args.bsdata)],
                             folders=[Path(d) for d in args.data or []])
    if refused:
        print(escape(refused), file=sys.stderr)
        return EXIT_ERROR
    doc = open_list(args.file, args.data, args.bsdata)
    if doc is None:
        return EXIT_ERROR
    if doc.kind == "roster":  # (its counter is chosen by --counter, or remembered)
        from builder.document.roster import RosterList

        assert isinstance(doc, RosterList)
        plan = _roster_plan(args, doc.roster)
        if plan is None:
            return EXIT_ERROR
    else:
        plan = doc.play_plan()
        if plan is None:
            print(_("spherewars: {file}: faction '{faction}' is not in the loaded data; give "
                    "its folder with --data").format(file=args.file,
                                                     faction=escape(doc.factions[0])),
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


def _roster_plan(args: argparse.Namespace, roster: Roster) -> Plan | None:
    """A roster's plan, its counter chosen (and remembered) as the module says."""
    from builder.export.roster.summary import summarise_roster
    from builder.play.roster import counter_choices, counter_for, remember_counter, roster_plan

    summary = summarise_roster(roster)
    choices = counter_choices(summary)
    counter = args.counter
    if counter is not None:
        if counter not in choices:
            print(say(_("spherewars: {file}: no profile of this roster has a whole number for "
                        "'{name}'; its models can be counted down by: {names}"),
                      file=args.file, name=counter,
                      names=", ".join(choices) or _("(none)")), file=sys.stderr)
            return None
        try:
            remember_counter(summary.system_id, counter)
        except OSError as exc:  # the page is still worth writing
            print(say(_("spherewars: note: the choice of '{name}' could not be kept: "
                        "{problem}"), name=counter, problem=exc.strerror or exc),
                  file=sys.stderr)
    else:
        counter = counter_for(summary)
        if counter is None and choices:
            print(say(_("spherewars: note: no counter for the models; name the "
                        "characteristic to count them down by with --counter ({names})"),
                      names=", ".join(choices)), file=sys.stderr)
    return roster_plan(summary, counter)
