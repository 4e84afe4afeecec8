"""``spherewars bsdata …`` (SPEC §10, "Where data lives"): list, add, update, remove the
user's BattleScribe data (:mod:`builder.bsdata`).

Exit statuses: 0 done (warnings, the defects BattleScribe tolerates, allowed); 2 nothing done
(a file that cannot be used, a refused download, wrong arguments, another add running), with
every reason on standard error. Nothing here is half-done.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from builder.i18n import _, ngettext
from builder.plumbing.terminal_text import escape, json_safe

EXIT_OK, EXIT_ERROR = 0, 2


def add_bsdata_commands(bsdata: argparse.ArgumentParser) -> None:
    """The sub-commands of ``spherewars bsdata`` (:func:`builder.cli.build_parser` makes the
    command itself)."""
    cmds = bsdata.add_subparsers(dest="bsdata_command", metavar=_("COMMAND"), required=True)
    lst = cmds.add_parser("list", help=_("the game systems added and their catalogues"))
    lst.add_argument("--format", choices=("text", "json"), default="text",
                     help=_("text (the default) or json"))
    add = cmds.add_parser("add", help=_("add game systems and catalogues: .gst, .cat, .gstz, "
                                        ".catz files, a folder of them, or a .bsi data index "
                                        "(its http(s) address, or the file beside its data "
                                        "files)"))
    add.add_argument("sources", nargs="+", metavar=_("SOURCE"),
                     help=_("a data file, a folder, a data index file or a data index "
                            "address"))
    add.add_argument("--force", action="store_true",
                     help=_("install an older revision than the one installed, or other "
                            "contents for the same revision"))
    upd = cmds.add_parser("update", help=_("newer revisions from the data index each file "
                                           "came from"))
    upd.add_argument("ids", nargs="*", metavar=_("ID"),
                     help=_("the game systems' ids (default: all)"))
    rem = cmds.add_parser("remove", help=_("remove a game system and its catalogues"))
    rem.add_argument("id", metavar=_("ID"),
                     help=_("the game system's id (spherewars bsdata list)"))


def cmd_bsdata(args: argparse.Namespace) -> int:
    run = {"list": cmd_list, "add": cmd_add, "update": cmd_update,
           "remove": cmd_remove}[args.bsdata_command]
    try:
        return run(args)
    except KeyboardInterrupt:
        print(_("\nspherewars: interrupted; nothing was changed"), file=sys.stderr)
        return EXIT_ERROR


def _err(text: str) -> None:
    print(escape(text), file=sys.stderr)


# --- list --------------------------------------------------------------------------------


def system_rows() -> tuple[list[dict[str, Any]], list[str]]:
    """SPEC §10's ``bsdata list`` JSON rows, and the ids of damaged game systems (told on
    standard error when the list of them, ``installed.json``, cannot be read)."""
    from builder.bsdata.store import INSTALLED, Store

    store = Store()
    rows = [{"id": s.id, "name": s.name, "revision": s.revision,
             "catalogues": [{"id": c.id, "name": c.name, "revision": c.revision,
                             "library": c.library} for c in s.catalogues],
             "source": s.source} for s in store.systems().values()]
    if store.unreadable is not None:
        _err(_("spherewars: {path}: {problem}; the game systems are found by their folders "
               "until the next add, update or remove writes it again").format(
                   path=store.root / INSTALLED, problem=store.unreadable))
    return rows, store.damaged


def cmd_list(args: argparse.Namespace) -> int:
    rows, damaged = system_rows()
    for system_id in damaged:
        _err(_("spherewars: the BattleScribe data of game system {id} cannot be read; remove "
               "it (spherewars bsdata remove {id}) and add it again").format(id=system_id))
    if args.format == "json":
        sys.stdout.write(json_safe(json.dumps({"systems": rows}, ensure_ascii=False)) + "\n")
        return EXIT_OK
    if not rows:
        print(_("no BattleScribe data added (spherewars bsdata add FILES, FOLDER or "
                "ADDRESS)"))
    for row in rows:
        print(escape(_("{name}  revision {revision}  (id {id})").format(**row)))
        print(escape("    " + (_("from {source}").format(source=row["source"]) if row["source"]
                               else _("added from files"))))
        for cat in row["catalogues"]:
            text = _("{name}  revision {revision}").format(**cat)
            if cat["library"]:
                text += "  " + _("(library)")
            print(escape("    " + text))
    return EXIT_OK


# --- add, update, remove -----------------------------------------------------------------


class ProgressLine:
    """What is read or downloaded, on one line of a terminal (standard error); silent
    elsewhere."""

    def __init__(self) -> None:
        self.live = sys.stderr.isatty()
        self.shown = False

    def __call__(self, stage: str, done: int, total: int, what: str) -> None:
        if not self.live:
            return
        from builder.bsdata.telling import progress_text

        sys.stderr.write("\r\x1b[K" + escape(progress_text(stage, done, total, what))[:120])
        sys.stderr.flush()
        self.shown = True

    def done(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False


def _run(work: Any) -> int:
    """Run an add, update or remove; its refusal on standard error (status 2)."""
    from builder.bsdata.sources import NotAdded
    from builder.packs.fetch import Cancelled

    line = ProgressLine()
    try:
        outcome = work(line)
    except NotAdded as refused:
        line.done()
        print(_("spherewars: nothing was changed:"), file=sys.stderr)
        for text in refused.lines:
            print("    " + escape(text), file=sys.stderr)
        if refused.forceable:
            print(ngettext("(--force installs the file given all the same, in place of the "
                           "installed one)",
                           "(--force installs the files given all the same, in place of the "
                           "installed ones)", len(refused.forceable)), file=sys.stderr)
        return EXIT_ERROR
    except Cancelled:
        line.done()
        _err(_("spherewars: stopped; nothing was changed"))
        return EXIT_ERROR
    line.done()
    return outcome


def _print_outcome(outcome: Any, *, update: bool) -> None:
    from builder.bsdata.telling import outcome_lines

    for text in outcome_lines(outcome, update=update):
        print(escape(text))
    for problem in outcome.warnings:
        print(str(problem), file=sys.stderr)
    if outcome.warnings:
        count = len(outcome.warnings)
        print(ngettext("spherewars: {count} warning (above): a defect BattleScribe and New "
                       "Recruit tolerate; the data is in all the same",
                       "spherewars: {count} warnings (above): defects BattleScribe and New "
                       "Recruit tolerate; the data is in all the same", count).format(
                           count=count), file=sys.stderr)


def cmd_add(args: argparse.Namespace) -> int:
    from builder.bsdata.adding import Adder

    def work(line: ProgressLine) -> int:
        outcome = Adder(force=args.force, progress=line).add(args.sources)
        line.done()
        _print_outcome(outcome, update=False)
        return EXIT_OK

    return _run(work)


def cmd_update(args: argparse.Namespace) -> int:
    from builder.bsdata.adding import Adder
    from builder.bsdata.store import Store

    if not Store().folders():
        print(_("no BattleScribe data added (spherewars bsdata add FILES, FOLDER or "
                "ADDRESS)"))
        return EXIT_OK

    def work(line: ProgressLine) -> int:
        outcome = Adder(progress=line).update(args.ids)
        line.done()
        _print_outcome(outcome, update=True)
        return EXIT_OK

    return _run(work)


def cmd_remove(args: argparse.Namespace) -> int:
    from builder.bsdata.adding import Adder
    from builder.bsdata.telling import removed_text

    def work(line: ProgressLine) -> int:
        print(escape(removed_text(args.id, Adder().remove(args.id))))
        return EXIT_OK

    return _run(work)
