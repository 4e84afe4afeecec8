"""The ``spherewars`` command line (SPEC §4): a thin face on the core, like the GUI.

Imports stay light: ``validate`` never loads Qt or reportlab. Every command takes ``--lang en|es``
(before or after the command's name); without it the environment chooses (:mod:`builder.i18n`).
Command and option names, JSON keys and rule ids are never translated.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence

from builder import __version__, i18n
from builder.cli.common import EXIT_ERROR
from builder.cli.stdout import run_writing
from builder.i18n import N_, Nn_, _

LANGUAGES = ("en", "es")
"""What ``--lang`` takes: the languages the program is translated into."""


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
    the command line (``argv``), the ``data`` and ``bsdata`` commands' own sub-commands are
    added only when it names them (the app's start has no use for them)."""
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
    files_help = _("warband files, or folders (every *.yaml and *.yml in them, recursively), "
                   "and BattleScribe rosters (*.ros, *.rosz; in folders too)")
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
    add_bsdata_argument(val)
    val.add_argument("--format", choices=("text", "json"), default="text",
                     help=_("text (the default): one verdict per list; json: one document, "
                            "SPEC §4"))

    exp = sub.add_parser("export", help=_("print profile cards and/or the turn summary (PDF)"))
    exp.add_argument("file", metavar=file, help=_("the warband or roster (.ros, .rosz) file to "
                                                  "print"))
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
    add_bsdata_argument(exp)
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
    play.add_argument("file", metavar=file, help=_("the warband or roster (.ros, .rosz) file "
                                                   "to play"))
    play.add_argument("-o", "--output", required=True, metavar=_("OUT.html"),
                      help=_("the page to write"))
    play.add_argument("--data", action="append", default=[], metavar=folder, help=more_data)
    add_bsdata_argument(play)
    play.add_argument("--counter", metavar=_("NAME"),
                      help=_("a roster's models are counted down by this characteristic (W, "
                             "Wounds…); remembered for its game system"))
    sub.add_parser("bs-adapter", help=_("speak the BattleScribe conformance suite's adapter "
                                        "protocol on standard input and output"))
    data = sub.add_parser("data", help=_("install, update and share data packs (factions and "
                                         "game systems)"))
    if argv is None or "data" in argv:
        from builder.cli.packs import add_data_commands

        add_data_commands(data)
    bsdata = sub.add_parser("bsdata", help=_("add, update and remove BattleScribe data (game "
                                             "systems and catalogues)"))
    if argv is None or "bsdata" in argv:
        from builder.cli.bsdata import add_bsdata_commands

        add_bsdata_commands(bsdata)
    for command in sub.choices.values():
        _add_language(command, argparse.SUPPRESS)
        for action in command._actions:  # data's and bsdata's own (spherewars data list --lang)
            if isinstance(action, argparse._SubParsersAction):
                for inner in action.choices.values():
                    _add_language(inner, argparse.SUPPRESS)
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
    add_bsdata_argument(ev)
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
    fp = sub.add_parser("fingerprint", help=_("print the list fingerprint of warband files "
                                              "and BattleScribe rosters"))
    fp.add_argument("paths", nargs="+", metavar=file,
                    help=_("warband files and BattleScribe rosters, or folders (every *.yaml, "
                           "*.yml, *.ros and *.rosz in them, recursively)"))
    data_help = _("more system and faction files; a faction with a built-in id replaces it")
    fp.add_argument("--data", action="append", default=[], metavar=_("DIR"), help=data_help)
    add_bsdata_argument(fp)

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
    text.add_argument("file", metavar=file,
                      help=_("the warband file or BattleScribe roster to print"))
    text.add_argument("--style", choices=("plain", "markdown", "bbcode"), default="plain",
                      help=_("plain (the default), markdown (Discord, Reddit) or bbcode "
                             "(forums)"))
    text.add_argument("--data", action="append", default=[], metavar=_("DIR"), help=data_help)
    add_bsdata_argument(text)


def add_bsdata_argument(command: argparse.ArgumentParser) -> None:
    """``--bsdata DIR``: BattleScribe data for the rosters of this run (SPEC §10)."""
    command.add_argument("--bsdata", action="append", default=[], metavar=_("DIR"),
                         help=_("a folder (or a file) of BattleScribe data for the rosters "
                                "(.ros, .rosz) of this run, looked in before the installed "
                                "data"))


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
    from builder.cli import lists as c

    run = {"validate": c.cmd_validate, "export": c.cmd_export, "check-data": c.cmd_check_data,
           "schema": c.cmd_schema, "systems": c.cmd_systems, "fingerprint": c.cmd_fingerprint,
           "share": c.cmd_share, "import": c.cmd_import, "text": c.cmd_text,
           "event": c.cmd_event, "play": c.cmd_play, "data": c.cmd_data,
           "bs-adapter": c.cmd_bs_adapter, "bsdata": c.cmd_bsdata}[command]
    # `| head` ends silently; `> /dev/full` ends with one line on stderr and status 2
    status = run_writing(lambda: run(args))
    if leave is not None and command in PRINTING_ONLY:
        leave(status)
    return status
