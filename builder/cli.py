"""The ``spherewars`` command line (SPEC §4): a thin face on the core, like the GUI.

Imports stay light: ``validate`` never loads Qt or reportlab. Every command takes ``--lang en|es``
(before or after the command's name); without it the environment chooses (:mod:`builder.i18n`).
Command and option names, JSON keys and rule ids are never translated.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from builder import __version__, i18n
from builder.cli_common import cannot_write, list_and_data, warband_files
from builder.i18n import N_, Nn_, _, ngettext, pgettext
from builder.safeio import Lines, escape, escape_lines, json_safe, run_writing, say

if TYPE_CHECKING:
    from builder.data.catalogue import Replaced

if TYPE_CHECKING:
    from builder.model import Warband

EXIT_OK, EXIT_ILLEGAL, EXIT_ERROR = 0, 1, 2
LANGUAGES = ("en", "es")
"""What ``--lang`` takes: the languages the program is translated into."""

SEVERITY = {"error": N_("error"), "warning": N_("warning")}
"""A finding's severity as the text output prints it (the JSON keeps the id)."""


def _non_negative(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("'{text}' is not a whole number").format(text=text)) from None
    if value < 0:
        raise argparse.ArgumentTypeError(_("must be 0 or more"))
    return value


# argparse's own words ("usage:", "options", its error messages) are gettext messages of the
# argparse module; they are in our catalogue, and argparse is pointed at it (translate_argparse).
ARGPARSE_MESSAGES = (
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"),
    N_("argument %(argument_name)s: %(message)s"), N_("unrecognized arguments: %s"),
    N_("the following arguments are required: %s"), N_("expected one argument"),
    N_("expected at most one argument"), N_("expected at least one argument"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("%(prog)s: error: %(message)s\n"), N_("ignored explicit argument %r"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("not allowed with argument %s"),
    Nn_("expected %s argument", "expected %s arguments"),
)


def translate_argparse() -> None:
    """Point argparse's ``_`` and ``ngettext`` (module globals it reads at each call) at the
    program's catalogue, so its help and errors follow ``--lang`` and the environment as the
    rest of the output does."""
    argparse._ = i18n.gettext  # type: ignore[attr-defined]
    argparse.ngettext = i18n.ngettext  # type: ignore[attr-defined]


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser in the current language (:func:`builder.i18n.set_language` first). Given
    the command line (``argv``), the ``data`` command's own sub-commands are added only when
    it names them (the app's start has no use for them)."""
    translate_argparse()
    parser = argparse.ArgumentParser(
        prog="spherewars",
        description=_("SphereWars Warband Builder: build, check and print warband lists."),
    )
    parser.add_argument("--version", action="version", version=f"spherewars {__version__}",
                        help=_("show the program's version number and exit"))
    _add_language(parser, None)
    sub = parser.add_subparsers(dest="command", metavar=_("COMMAND"))
    path, folder, file = _("PATH"), _("DIR"), _("FILE")
    files_help = _("warband files, or folders (every *.yaml and *.yml in them, "
                   "recursively)")
    more_data = _("more system and faction files; a faction with a built-in id replaces it")
    replace_help = _("replace an existing output file even when it is not what this command "
                     "writes (never one of its inputs)")

    gui = sub.add_parser("gui", help=_("open the desktop app (the default)"))
    gui.add_argument("file", nargs="?", metavar=file, help=_("a warband file to open"))

    val = sub.add_parser("validate", help=_("check warband files against the recruiting rules"))
    val.add_argument("paths", nargs="+", metavar=path, help=files_help)
    val.add_argument("--data", action="append", default=[], metavar=folder,
                     help=_("more faction files; a faction with a built-in id replaces it"))
    val.add_argument("--points", type=_non_negative, metavar="N",
                     help=_("points limit for every list (an event's limit)"))
    val.add_argument("--format", choices=("text", "json"), default="text",
                     help=_("text (the default): one verdict per list; json: one document, "
                            "SPEC §4"))

    exp = sub.add_parser("export", help=_("print profile cards and/or the turn summary (PDF)"))
    exp.add_argument("file", metavar=file, help=_("the warband file to print"))
    exp.add_argument("-o", "--output", required=True, metavar=_("OUT.pdf"),
                     help=_("the PDF file to write"))
    exp.add_argument("--cards", action="store_true", help=_("profile cards"))
    exp.add_argument("--summary", action="store_true", help=_("turn summary sheet"))
    exp.add_argument("--opponent", action="store_true",
                     help=_("the opponent's copy: one page with the entries, points, verdict, "
                            "fingerprints and QR code"))
    exp.add_argument("--page", choices=("a4", "letter"), default="a4",
                     help=_("paper size (default: a4)"))
    exp.add_argument("--per-model", action="store_true",
                     help=_("one card per model instead of one per distinct combatant"))
    exp.add_argument("--data", action="append", default=[], metavar=folder, help=more_data)
    exp.add_argument("--force", action="store_true", help=replace_help)

    chk = sub.add_parser("check-data",
                         help=_("check game system and faction files: FILE:LINE:COLUMN: "
                                "message"))
    chk.add_argument("dirs", nargs="*", metavar=folder,
                     help=_("folders or files to check (default: the built-in and user data); "
                            "factions may name the built-in systems"))

    sch = sub.add_parser("schema", help=_("print the JSON Schema of a file format"))
    sch.add_argument("format", choices=("faction", "warband", "system", "event", "pack",
                                        "index"),
                     help=_("the file format: faction, warband, system, event, pack (a data "
                            "pack's pack.yaml) or index (an index of data packs)"))
    sch.add_argument("--system", metavar="ID",
                     help=_("with 'faction': the faction schema of that game system (its "
                            "stat names, types and ranks)"))
    sch.add_argument("--data", action="append", default=[], metavar=folder,
                     help=_("more data folders (for --system)"))

    sysp = sub.add_parser("systems",
                          help=_("list the loaded game systems and their factions"))
    sysp.add_argument("--data", action="append", default=[], metavar=folder,
                      help=_("more system and faction files"))
    sysp.add_argument("--format", choices=("text", "json"), default="text",
                      help=_("text (the default): one system a line; json: one document"))

    ev = sub.add_parser("event",
                        help=_("check submitted lists against a tournament event file"))
    add_event_arguments(ev, path, folder, files_help, replace_help)
    add_sharing_commands(sub)
    play = sub.add_parser("play", help=_("write a page to track a game on a phone (one "
                                         "self-contained HTML file)"))
    play.add_argument("file", metavar=file, help=_("the warband file to play"))
    play.add_argument("-o", "--output", required=True, metavar=_("OUT.html"),
                      help=_("the page to write"))
    play.add_argument("--data", action="append", default=[], metavar=folder, help=more_data)
    data = sub.add_parser("data", help=_("install, update and share data packs (factions and "
                                         "game systems)"))
    if argv is None or "data" in argv:
        from builder.packs.cli import add_data_commands

        add_data_commands(data)
    for command in sub.choices.values():
        _add_language(command, argparse.SUPPRESS)
    return parser


def add_event_arguments(ev: argparse.ArgumentParser, path: str, folder: str,
                        files_help: str, replace_help: str) -> None:
    """The ``event`` command's arguments (SPEC §6)."""
    ev.add_argument("event", metavar=_("EVENT.yaml"),
                    help=_("the event file (spherewars-event/1)"))
    ev.add_argument("paths", nargs="*", metavar=path, help=files_help)
    ev.add_argument("--codes", nargs="+", action="extend", metavar=_("FILE"),
                    help=_("texts holding share codes (an e-mail export, a form's CSV): "
                           "each code is a submitted list, named FILE#N"))
    ev.add_argument("--data", action="append", default=[], metavar=folder,
                    help=_("more system and faction files (the event's data)"))
    ev.add_argument("--format", choices=("text", "json", "csv", "html"), default="text",
                    help=_("the report's form: text (the default), json, csv (UTF-8 with a "
                           "byte order mark, for spreadsheets) or html"))
    out = _("OUT")
    ev.add_argument("-o", "--output", metavar=out,
                    help=_("write the report to {out}").format(out=out))
    ev.add_argument("--pack", metavar=_("OUT.pdf"),
                    help=_("also write the list pack: a cover with the table, then every "
                           "list's turn summary sheet"))
    ev.add_argument("--pack-style", choices=("full", "roster"), default="full",
                    help=_("full (the default): each list's whole turn summary sheet; "
                           "roster: each list on one page, without the turn reference"))
    ev.add_argument("--anonymise", action="store_true",
                    help=_("List 1, List 2… instead of names, files, notes and players, in "
                           "the report and the pack"))
    ev.add_argument("--force", action="store_true", help=replace_help)


def _add_language(parser: argparse.ArgumentParser, default: str | None) -> None:
    """``--lang``; a sub-command's has no default, so that ``spherewars --lang es validate``
    is not undone by the sub-command's parser."""
    parser.add_argument("--lang", choices=LANGUAGES, default=default,
                        help=_("the language of messages and reports: en (English) or es "
                               "(Spanish); default: the environment's (LANGUAGE, LC_ALL, "
                               "LC_MESSAGES, LANG)"))


def add_sharing_commands(sub: argparse._SubParsersAction) -> None:
    """``fingerprint``, ``share``, ``import`` and ``text`` (SPEC §6 and §7)."""
    file = _("FILE")
    fp = sub.add_parser("fingerprint", help=_("print the list fingerprint of warband files"))
    fp.add_argument("paths", nargs="+", metavar=file,
                    help=_("warband files, or folders (every *.yaml in them, recursively)"))
    data_help = _("more system and faction files; a faction with a built-in id replaces it")
    fp.add_argument("--data", action="append", default=[], metavar=_("DIR"), help=data_help)

    share = sub.add_parser("share", help=_("print a list's share code (one line, for chat)"))
    share.add_argument("file", metavar=file, help=_("the warband file to share"))

    imp = sub.add_parser("import", help=_("write the list held by a share code to a file"))
    imp.add_argument("source", metavar=_("TEXT-OR-FILE"),
                     help=_("text holding a share code (a whole chat message will do), a file "
                            "holding one, or - for standard input"))
    out = _("OUT.warband.yaml")
    imp.add_argument("-o", "--output", required=True, metavar=out,
                     help=_("the warband file to write"))
    imp.add_argument("--force", action="store_true",
                     help=_("replace {out} if it exists").format(out=out))
    imp.add_argument("--all", action="store_true",
                     help=_("every share code of the text (an e-mail export, a form's CSV): "
                            "{out} is then a folder, and each list is written there as "
                            "NN-name.warband.yaml").format(out=out))
    imp.add_argument("--data", action="append", default=[], metavar=_("DIR"), help=data_help)

    text = sub.add_parser("text", help=_("print a list as text for posting in chat or forums"))
    text.add_argument("file", metavar=file, help=_("the warband file to print"))
    text.add_argument("--style", choices=("plain", "markdown", "bbcode"), default="plain",
                      help=_("plain (the default), markdown (Discord, Reddit) or bbcode "
                             "(forums)"))
    text.add_argument("--data", action="append", default=[], metavar=_("DIR"), help=data_help)


GuiLauncher = Callable[[str | None], int]


def requested_language(argv: Sequence[str]) -> str | None:
    """The ``--lang`` value in ``argv`` (before ``--``), read before the parser is built so
    that its help is already in that language; None when not given or not one it takes."""
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        value = argv[i + 1] if arg == "--lang" and i + 1 < len(argv) else (
            arg.removeprefix("--lang=") if arg.startswith("--lang=") else None)
        if value in LANGUAGES:
            return value
    return None


PRINTING_ONLY = frozenset({"validate", "check-data", "schema", "systems", "fingerprint",
                           "share", "text"})
"""The commands that write nothing but their standard output and error."""


def main(argv: Sequence[str] | None = None, gui: GuiLauncher | None = None,
         leave: Callable[[int], object] | None = None) -> int:
    """Run one command. ``gui`` starts the desktop app: the entry point passes it in, so that
    this module (part of the Qt-free core) never imports the GUI itself. ``leave`` ends the
    process once a command of :data:`PRINTING_ONLY` has written its output (the entry point
    passes it: taking apart the objects of 2,000 validated lists one by one at exit costs
    a twelfth of ``validate``'s time, and leaves nothing to save)."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(errors="replace")
    argv = list(sys.argv[1:] if argv is None else argv)
    chosen = requested_language(argv)
    if chosen is not None:
        i18n.set_language(chosen, origin="command line")
    else:
        i18n.set_language(None)
    args = build_parser(argv).parse_args(argv)
    if args.lang is not None and args.lang != i18n.current_language():  # --lan es, say
        i18n.set_language(args.lang, origin="command line")
        args = build_parser(argv).parse_args(argv)
    command = args.command or "gui"
    if command == "gui":
        if gui is None:
            print(_("spherewars: the desktop app is not available here"), file=sys.stderr)
            return EXIT_ERROR
        return gui(getattr(args, "file", None))
    run = {"validate": cmd_validate, "export": cmd_export, "check-data": cmd_check_data,
           "schema": cmd_schema, "systems": cmd_systems, "fingerprint": cmd_fingerprint,
           "share": cmd_share, "import": cmd_import, "text": cmd_text,
           "event": cmd_event, "play": cmd_play, "data": cmd_data}[command]
    # `| head` ends silently; `> /dev/full` ends with one line on stderr and status 2
    status = run_writing(lambda: run(args))
    if leave is not None and command in PRINTING_ONLY:
        leave(status)
    return status


def cmd_validate(args: argparse.Namespace) -> int:
    from builder.batch import map_runs_in_halves
    from builder.data import Catalogue, DataError, collector_paused, load_warband
    from builder.rules import validate
    from builder.rules.cache import rule_cache

    catalogue = Catalogue.load(args.data)
    cache = rule_cache(catalogue)
    for problem in catalogue.problems:
        print(say(_("spherewars: faction data: {problem}"), problem=Lines(problem)),
              file=sys.stderr)

    from builder.events.submissions import OUTSIDE, links_out

    files: list[Path] = []
    skipped: list[Path] = []
    refused: dict[Path, str] = {}  # links out of a folder given: named, never read
    for raw in args.paths:
        found = warband_files(Path(raw), skipped)
        if not found:
            print(say(_("spherewars: no *.yaml or *.yml files in {path}"), path=raw),
                  file=sys.stderr)
        refused.update((p, _(OUTSIDE).format(folder=raw)) for p in links_out(raw, found))
        files.extend(found)
    if not files:
        return EXIT_ERROR

    encode = _row_encoder() if args.format == "json" else None

    def check(run: Sequence[Path]) -> list[tuple[str, bool, bool]]:
        """A run of files, one step at a time for all of them: read, validate, make the
        rows (the steps in turn for each file took a fifth longer). Each row is given as
        its output (a JSON row or text lines), whether it is legal and whether the file was
        unreadable: the forked half renders its own rows and sends text, not dicts to pickle
        and unpickle (together a twentieth of the run's time)."""
        read: list[Warband | dict] = []
        for path in run:
            try:
                if path in refused:
                    raise DataError.of_file(path, refused[path])
                read.append(load_warband(path))
            except DataError as exc:
                read.append(exc.row(path))
        reports = [None if isinstance(w, dict) else
                   validate(w, catalogue.get(w.faction), args.points, cache=cache) for w in read]
        rows: list[tuple[dict, bool]] = []  # (row, whether its game counts points)
        for path, warband, report in zip(run, read, reports, strict=True):
            if isinstance(warband, dict):  # (unreadable: its error row)
                rows.append((warband, False))
                continue
            assert report is not None
            row = report.to_json(str(path))
            row["fingerprint"] = catalogue.list_fingerprint(warband, report.hired)
            row["data_fingerprint"] = catalogue.data_fingerprint(warband.faction)
            faction = catalogue.get(warband.faction)
            rows.append((row, faction is not None and faction.game.cost is not None))
        return [(encode(row) if encode else _text_line(row, costed), bool(row["legal"]),
                 "error" in row) for row, costed in rows]

    with collector_paused(freeze=True):  # thousands of small objects that all live on
        results = map_runs_in_halves(check, files)

    unreadable = sum(1 for _out, _legal, bad in results if bad)
    legal = sum(1 for _out, good, _bad in results if good)
    summary = {"files": len(results), "legal": legal,
               "illegal": len(results) - legal - unreadable, "unreadable": unreadable}
    if args.format == "json":
        sys.stdout.write(json_document([out for out, _legal, _bad in results], summary))
    else:
        for out, _legal, _bad in results:
            print(out)
        from builder.events.output import counts

        print(counts(summary))
        if skipped:
            from builder.events.output import skipped_line

            print(skipped_line(len(skipped)))
    if unreadable or catalogue.problems:
        return EXIT_ERROR
    return EXIT_ILLEGAL if summary["illegal"] else EXIT_OK


def json_document(rows: list[str], summary: dict) -> str:
    """The SPEC §4 document, one file per line, from rows already encoded (by
    :func:`_row_encoder`)."""
    files = ",\n  ".join(rows)
    return f'{{"files": [\n  {files}\n ],\n "summary": {json.dumps(summary)}}}\n'


def _row_encoder() -> Callable[[dict], str]:
    """``json.dumps`` with its default settings, its C encoder made once for all the rows
    rather than once per row (a third of the time of a row); ``json.dumps`` itself where
    there is no C encoder. (Rows on one line each: ``indent=`` would switch json to its
    pure-Python encoder, 2× slower for 2,000 lists.)"""
    from json import encoder

    make = getattr(encoder, "c_make_encoder", None)
    if make is None:
        return json.dumps
    # dumps' defaults: no indent, ": " and ", ", unsorted, NaN allowed, ASCII only; no
    # check for cycles (a row is a tree)
    encode = make(None, json.JSONEncoder().default, encoder.encode_basestring_ascii, None,
                  ": ", ", ", False, False, True)
    return lambda row: "".join(encode(row, 0))




def severity(name: str) -> str:
    """A finding's severity as text shows it ("error", "warning"), in the current language."""
    return _(SEVERITY[name]) if name in SEVERITY else name


def finding_line(f: dict, safe: Callable[[str], str] = escape) -> str:
    """"    error: 332 points spent, the limit is 300": a player reads the message, not the
    rule's id (which the JSON keeps)."""
    return _("    {severity}: {message}").format(severity=severity(f["severity"]),
                                                 message=safe(f["message"]))


def _text_line(r: dict, costed: bool = True) -> str:
    """A list's verdict lines; every text from a file is escaped, so a crafted name or key
    cannot move the cursor, clear the screen or forge another line. Without ``costed`` (a
    game without points, or an unknown faction) the points are left out, not shown as 0."""
    if "error" in r:
        lines = [escape(line) for line in str(r["error"]).splitlines()]
        return "\n".join([f"✘ {lines[0]}"] + [f"    {line}" for line in lines[1:]])
    if costed and r["legal"]:
        head = _("✔ {path}: {name} ({faction}), {points}, legal")
    elif costed:
        head = _("✘ {path}: {name} ({faction}), {points}, ILLEGAL")
    elif r["legal"]:
        head = _("✔ {path}: {name} ({faction}), legal")
    else:
        head = _("✘ {path}: {name} ({faction}), ILLEGAL")
    from builder.events.output import points_used

    head = say(head, path=r["path"], name=r["name"], faction=r["faction"],
               points=points_used(r))
    return "\n".join([head] + [finding_line(f) for f in r["findings"]])


def cmd_check_data(args: argparse.Namespace) -> int:
    from builder import paths
    from builder.data import Catalogue

    if args.dirs:
        # the built-in systems stay loaded so that a folder of factions can name them; only
        # the given files are reported
        catalogue = Catalogue()
        catalogue.take([(paths.systems_dir(), True), (paths.factions_dir(), True)]
                       + [(Path(d), False) for d in args.dirs])
    else:
        catalogue = Catalogue.load(cached=False)  # a check reads every file afresh
    count = 0
    for error in catalogue.problems:
        for problem in error.problems:
            print(problem)
            count += 1
    for replaced in catalogue.replaced:
        print(replaced_note(replaced))
    systems = len(catalogue.systems) - len(catalogue.builtin_system_ids) if args.dirs else \
        len(catalogue.systems)
    factions = len(catalogue.factions) - (len(catalogue.builtin_ids) if args.dirs else 0)
    checked = systems + factions + len(catalogue.problems)
    if count:
        problems = ngettext("{count} problem", "{count} problems", count).format(count=count)
    else:
        problems = _("no problems")
    print(ngettext("{n} data file checked: {problems}", "{n} data files checked: {problems}",
                   checked).format(n=checked, problems=problems), file=sys.stderr)
    return EXIT_ERROR if count else EXIT_OK


_REPLACED = {
    ("system", "built-in"): N_("note: game system '{id}' replaces the built-in one ({other}): "
                               "data given replaces built-in data with the same id"),
    ("system", "user"): N_("note: game system '{id}' replaces the one in your data folder "
                           "({other}): data given replaces it"),
    ("faction", "built-in"): N_("note: faction '{id}' replaces the built-in one ({other}): "
                                "data given replaces built-in data with the same id"),
    ("faction", "user"): N_("note: faction '{id}' replaces the one in your data folder "
                            "({other}): data given replaces it"),
    ("system", "pack"): N_("note: game system '{id}' replaces the one of an installed data "
                           "pack ({other}): your own data and data given replace it"),
    ("faction", "pack"): N_("note: faction '{id}' replaces the one of an installed data pack "
                            "({other}): your own data and data given replace it"),
}


def replaced_note(replaced: Replaced) -> str:
    """"FILE:LINE:COLUMN: note: faction 'soimi' replaces the built-in one (…)"."""
    from builder.data import Problem

    message = say(_(_REPLACED[(replaced.kind, replaced.origin)]), id=replaced.id,
                  other=replaced.replaced)
    return str(Problem(str(replaced.path), replaced.line, replaced.column, message))


def cmd_schema(args: argparse.Namespace) -> int:
    from builder.model.schema import json_schema

    system = None
    if args.system is not None:
        if args.format != "faction":
            print(_("spherewars: --system goes with 'schema faction'"), file=sys.stderr)
            return EXIT_ERROR
        from builder.data import Catalogue

        catalogue = Catalogue.load(args.data)
        system = catalogue.systems.get(args.system)
        if system is None:
            known = ", ".join(sorted(catalogue.systems)) or pgettext("systems", "none")
            print(say(_("spherewars: unknown game system '{system}' (loaded: {known})"),
                      system=args.system, known=known), file=sys.stderr)
            return EXIT_ERROR
    model = None
    if args.format in ("pack", "index"):
        from builder.packs.format import Index, PackInfo

        model = PackInfo if args.format == "pack" else Index
    sys.stdout.write(json_safe(json.dumps(json_schema(args.format, system, model), indent=2,
                                          ensure_ascii=False)) + "\n")
    return EXIT_OK


def cmd_systems(args: argparse.Namespace) -> int:
    from builder.data import Catalogue
    from builder.model.text import display

    catalogue = Catalogue.load(args.data)
    for problem in catalogue.problems:
        print(say(_("spherewars: data: {problem}"), problem=Lines(problem)), file=sys.stderr)
    rows = [{"id": s.id, "name": display(s.name),
             "factions": [f.id for f in catalogue.factions_of(s.id)]}
            for s in sorted(catalogue.systems.values(), key=lambda s: s.id)]
    if args.format == "json":
        sys.stdout.write(json_safe(json.dumps({"systems": rows}, ensure_ascii=False)) + "\n")
    else:
        for row in rows:
            factions = ", ".join(row["factions"]) or _("no factions")
            print(escape(f"{row['id']}  {row['name']}  ({factions})"))
    return EXIT_ERROR if catalogue.problems else EXIT_OK


def cmd_event(args: argparse.Namespace) -> int:
    """SPEC §6: every list against the system's rules, then the event's; exit as validate."""
    from builder.events.command import run_event

    return run_event(args, cannot_write)


def cmd_data(args: argparse.Namespace) -> int:
    """SPEC §8: :mod:`builder.packs.cli`."""
    from builder.packs.cli import cmd_data as run

    return run(args)


def cmd_fingerprint(args: argparse.Namespace) -> int:
    """SPEC §6: ``FINGERPRINT  PATH`` per list; an unreadable file is named, exit 2."""
    from builder.data import DataError, load_warband
    from builder.data.catalogue import Fingerprints

    fingerprints = Fingerprints(args.data)
    status = EXIT_OK
    for raw in args.paths:
        found = warband_files(Path(raw))
        if not found:
            print(say(_("spherewars: no *.yaml files in {path}"), path=raw),
                  file=sys.stderr)
            status = EXIT_ERROR
        for path in found:
            try:
                print(f"{fingerprints.of(load_warband(path))}  {escape(str(path))}")
            except DataError as exc:
                print(str(exc), file=sys.stderr)
                status = EXIT_ERROR
    return status


def cmd_share(args: argparse.Namespace) -> int:
    from builder.data import DataError, load_warband
    from builder.data.share import encode_warband

    try:
        print(encode_warband(load_warband(args.file)))
    except DataError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_ERROR
    return EXIT_OK


IMPORT_MAX_BYTES = 8 * 1024 * 1024
"""Largest file (or standard input) searched for a share code: a code is at most ~1.4 MB."""


def cmd_import(args: argparse.Namespace) -> int:
    """SPEC §7: the first code in the text (or the file's text) becomes a list file; a
    damaged code is refused with the reason, and OUT is never replaced without --force."""
    import os

    from builder.data import DataError, decode_text, read_text, save_warband
    from builder.data.catalogue import Fingerprints
    from builder.data.share import ShareCodeError, decode_warband

    source: str = args.source
    failed = _("spherewars: cannot import: {problem}")
    where: dict[str, str] = {}
    try:
        if source == "-":
            failed = _("spherewars: cannot import from standard input: {problem}")
            stdin = _("standard input")
            text = sys.stdin.buffer.read(IMPORT_MAX_BYTES + 1)
            if len(text) > IMPORT_MAX_BYTES:
                raise DataError.of_file(stdin, _("more than 8 MiB; refusing to read it"))
            source_text = decode_text(stdin, text)
        elif os.path.lexists(source):
            failed = _("spherewars: cannot import from {path}: {problem}")
            where = {"path": source}
            source_text = read_text(source, IMPORT_MAX_BYTES)
        else:
            source_text = source
        if args.all:  # every code of the text, into the folder OUT
            from builder.importing import import_all

            label = where.get("path") or (_("standard input") if source == "-"
                                          else _("the text"))
            return import_all(source_text, label, Path(args.output), force=args.force,
                              data=args.data)
        warband = decode_warband(source_text)
    except DataError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_ERROR
    except ShareCodeError as exc:
        print(say(failed, problem=exc, **where), file=sys.stderr)
        return EXIT_ERROR
    out = Path(args.output)
    from builder.outputs import output_problem

    reads = [Path(source)] if where else []
    problem = output_problem(out, "yaml", inputs=reads, force=True)
    if problem:
        print(escape(problem), file=sys.stderr)
        return EXIT_ERROR
    if os.path.lexists(out) and not args.force:
        print(say(_("spherewars: {path} already exists; give --force to replace it"),
                  path=out), file=sys.stderr)
        return EXIT_ERROR
    try:
        save_warband(warband, out)
    except OSError as exc:
        print(cannot_write(out, exc), file=sys.stderr)
        return EXIT_ERROR
    models = sum(e.count for e in warband.entries)
    print(say(ngettext("wrote {path}: {name} ({faction}), {n} model, fingerprint {fingerprint}",
                       "wrote {path}: {name} ({faction}), {n} models, fingerprint "
                       "{fingerprint}", models),
              path=out, name=warband.name, faction=warband.faction, n=models,
              fingerprint=Fingerprints(args.data).of(warband)))
    return EXIT_OK


def cmd_text(args: argparse.Namespace) -> int:
    from builder.export.chat import list_text
    from builder.export.summary import summarise

    loaded = list_and_data(args.file, args.data)
    if loaded is None:
        return EXIT_ERROR
    warband, catalogue = loaded
    summary = summarise(warband, catalogue.get(warband.faction),
                        data_fingerprint=catalogue.data_fingerprint(warband.faction))
    sys.stdout.write(escape_lines(list_text(summary, args.style)))
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    try:
        from builder.export.cli import export_command
    except ImportError as exc:
        print(say(_("spherewars: export is not available: {problem}"), problem=exc),
              file=sys.stderr)
        return EXIT_ERROR
    return export_command(args)


def cmd_play(args: argparse.Namespace) -> int:
    from builder.play.cli import play_command

    return play_command(args)
