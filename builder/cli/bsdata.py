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
                                        ".catz files, a folder of them, or the http(s) "
                                        "address of a .bsi data index"))
    add.add_argument("sources", nargs="+", metavar=_("SOURCE"),
                     help=_("a data file, a folder, or a data index address"))
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
    """SPEC §10's ``bsdata list`` JSON rows, and the ids of damaged game systems."""
    from builder.bsdata.store import Store

    store = Store()
    rows = [{"id": s.id, "name": s.name, "revision": s.revision,
             "catalogues": [{"id": c.id, "name": c.name, "revision": c.revision,
                             "library": c.library} for c in s.catalogues],
             "source": s.source} for s in store.systems().values()]
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
        from builder.bsdata.adding import DOWNLOADING, LINKING, READING, WRITING

        mib = 1024 * 1024
        if stage == DOWNLOADING:
            text = _("downloading {name}: {got:.1f} MiB").format(name=what, got=done / mib)
        elif stage == READING:
            text = _("reading {number} of {total}: {name}").format(
                number=done + 1, total=total, name=what)
        elif stage == LINKING:
            text = _("linking {name}").format(name=what)
        elif stage == WRITING:
            text = _("writing {name}").format(name=what)
        else:
            text = _("putting the data in")
        sys.stderr.write("\r\x1b[K" + escape(text)[:120])
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
        return EXIT_ERROR
    except Cancelled:
        line.done()
        _err(_("spherewars: stopped; nothing was changed"))
        return EXIT_ERROR
    line.done()
    return outcome


def _file_line(change: Any, *, listed: bool = False) -> str:
    from builder.bsdata import adding as a
    from builder.bsdata.sources import type_word

    name = change.name if change.type == "catalogue" else _("{name} (the {kind})").format(
        name=change.name, kind=type_word(change.type))
    if change.status == a.NEW:
        return _("{name}: revision {after}, new").format(name=name, after=change.after)
    if change.status in (a.UPDATED, a.OLDER):
        return _("{name}: revision {before} → {after}").format(
            name=name, before=change.before, after=change.after)
    if change.status == a.REPLACED:
        return _("{name}: revision {after}, replaced with other contents").format(
            name=name, after=change.after)
    if listed:
        return _("{name}: revision {after}, the newest").format(name=name, after=change.after)
    return _("{name}: revision {after}, already installed").format(name=name,
                                                                   after=change.after)


def _print_outcome(outcome: Any, *, update: bool) -> None:
    for system in outcome.systems:
        files = system.files
        if system.added:
            print(escape(_("added {name} (revision {revision}), id {id}:").format(
                name=system.name, revision=system.revision, id=system.id)))
        else:
            print(escape(_("{name} (revision {revision}), id {id}:").format(
                name=system.name, revision=system.revision, id=system.id)))
        if update:
            shown = [f for f in files if f.source]
        else:
            shown = files if system.added else [f for f in files if f.label]
        for change in shown:
            print("    " + escape(_file_line(change, listed=update)))
        others = len(files) - len(shown)
        if others and update:
            print("    " + ngettext(
                "{count} file added from a file or a folder, not checked: add a newer one "
                "the same way",
                "{count} files added from files or folders, not checked: add newer ones the "
                "same way", others).format(count=others))
        elif others:
            print("    " + ngettext("and {count} more file, as installed before",
                                    "and {count} more files, as installed before",
                                    others).format(count=others))
    for note in outcome.notes:
        print(escape(note))
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

    def work(line: ProgressLine) -> int:
        system = Adder().remove(args.id)
        if system is None:
            print(escape(_("removed {id} (its data could not be read)").format(id=args.id)))
            return EXIT_OK
        count = len(system.catalogues)
        print(escape(ngettext("removed {name} (id {id}) and its {count} catalogue",
                              "removed {name} (id {id}) and its {count} catalogues",
                              count).format(name=system.name, id=system.id, count=count)))
        return EXIT_OK

    return _run(work)
