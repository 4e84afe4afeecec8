"""The commands of the ``spherewars`` command line (SPEC §4, §6, §7): what each one does
once :mod:`builder.cli` has parsed its arguments. ``export``, ``data``, ``play``, ``event``
and ``bs-adapter`` hand over to their own modules (:mod:`builder.cli.export`,
:mod:`builder.cli.packs`, :mod:`builder.cli.play`, :mod:`builder.cli.event`,
:mod:`builder.cli.battlescribe`).

Imports stay light, as the CLI's: each command imports what it needs when it runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from builder.cli.common import (
    EXIT_ERROR,
    EXIT_ILLEGAL,
    EXIT_OK,
    cannot_write,
    open_list,
    open_roster,
    warband_files,
)
from builder.i18n import N_, _, ngettext, pgettext
from builder.plumbing.terminal_text import Lines, escape, escape_lines, json_safe, say

if TYPE_CHECKING:
    from builder.data.catalogue import Replaced
    from builder.model import Warband

SEVERITY = {"error": N_("error"), "warning": N_("warning"), "info": N_("note")}
"""A finding's severity as the text output prints it (the JSON keeps the id)."""


def cmd_validate(args: argparse.Namespace) -> int:
    from builder.data import Catalogue, DataError, collector_paused, load_warband
    from builder.document import Context, ListDocument, check_warband
    from builder.document.files import is_roster
    from builder.plumbing.forks import map_runs_in_halves

    catalogue = Catalogue.load(args.data)
    context = Context(catalogue, points=args.points)
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
            print(say(_("spherewars: no *.yaml or *.yml files (nor *.ros, *.rosz) in {path}"),
                      path=raw), file=sys.stderr)
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
        read: list[Warband | ListDocument | dict] = []
        for path in run:
            try:
                if path in refused:
                    raise DataError.of_file(path, refused[path])
                # a roster is read as its document (its engine), a warband as its model
                read.append(open_roster(path, args.bsdata, args.points) if is_roster(path)
                            else load_warband(path))
            except DataError as exc:
                read.append(exc.row(path))
        checks = [None if isinstance(w, dict) else
                  w.check() if isinstance(w, ListDocument) else check_warband(context, w)
                  for w in read]
        rows: list[tuple[dict, bool]] = []  # (row, whether its game counts points)
        for path, item, checked in zip(run, read, checks, strict=True):
            if isinstance(item, dict):  # (unreadable: its error row)
                rows.append((item, False))
                continue
            assert checked is not None
            row = checked.to_json(str(path))
            if isinstance(item, ListDocument):
                rows.append((row, bool(item.costs())))
                continue
            faction = catalogue.get(item.faction)
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
    from builder.data import Catalogue
    from builder.plumbing import paths

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
    from builder.cli.event import run_event

    return run_event(args, cannot_write)


def cmd_data(args: argparse.Namespace) -> int:
    """SPEC §8: :mod:`builder.cli.packs`."""
    from builder.cli.packs import cmd_data as run

    return run(args)


def cmd_bsdata(args: argparse.Namespace) -> int:
    """SPEC §10: :mod:`builder.cli.bsdata`."""
    from builder.cli.bsdata import cmd_bsdata as run

    return run(args)


def cmd_fingerprint(args: argparse.Namespace) -> int:
    """SPEC §6: ``FINGERPRINT  PATH`` per list; an unreadable file is named, exit 2."""
    from builder.data import DataError, load_warband
    from builder.data.catalogue import Fingerprints
    from builder.document.files import is_roster

    fingerprints = Fingerprints(args.data)
    status = EXIT_OK
    for raw in args.paths:
        found = warband_files(Path(raw))
        if not found:
            print(say(_("spherewars: no *.yaml files in {path}"), path=raw),
                  file=sys.stderr)
            status = EXIT_ERROR
        for path in found:
            if is_roster(path):  # SPEC §10: its fingerprint needs its data, as its check
                roster = open_roster(path, args.bsdata)
                if isinstance(roster, dict):
                    print(roster["error"], file=sys.stderr)
                    status = EXIT_ERROR
                else:
                    print(f"{roster.fingerprint()}  {escape(str(path))}")
                continue
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
            from builder.cli.import_all import import_all

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
    from builder.plumbing.output_guard import output_problem

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
    doc = open_list(args.file, args.data, args.bsdata)
    if doc is None:
        return EXIT_ERROR
    sys.stdout.write(escape_lines(doc.text(args.style)))
    return EXIT_OK


def cmd_bs_adapter(args: argparse.Namespace) -> int:
    from builder.cli.battlescribe import bs_adapter_command

    return bs_adapter_command(args)


def cmd_export(args: argparse.Namespace) -> int:
    try:
        from builder.cli.export import export_command
    except ImportError as exc:
        print(say(_("spherewars: export is not available: {problem}"), problem=exc),
              file=sys.stderr)
        return EXIT_ERROR
    return export_command(args)


def cmd_play(args: argparse.Namespace) -> int:
    from builder.cli.play import play_command

    return play_command(args)
