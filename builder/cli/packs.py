"""``spherewars data …`` (SPEC §8): list, install, update, remove, use, diff, build, index.

Exit statuses as elsewhere: 0 done; 2 something could not be done (a pack refused, a download
failed, wrong arguments), with every reason on standard error. Nothing here is half-done:
a pack is installed whole or not at all.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from builder.i18n import _, ngettext, pgettext
from builder.plumbing.terminal_text import Lines, escape, escape_lines, json_safe, say

EXIT_OK, EXIT_ERROR = 0, 2


def add_data_commands(data: argparse.ArgumentParser) -> None:
    """The sub-commands of ``spherewars data`` (:func:`builder.cli.build_parser` makes the
    command itself)."""
    cmds = data.add_subparsers(dest="data_command", metavar=_("COMMAND"), required=True)
    pack_id, version = _("ID"), _("VERSION")
    lst = cmds.add_parser("list", help=_("the installed packs: id, version, name, factions, "
                                         "systems"))
    lst.add_argument("--format", choices=("text", "json"), default="text",
                     help=_("text (the default) or json"))
    ins = cmds.add_parser("install", help=_("install packs from a .swpack file, a pack folder, "
                                            "or an http(s) address of a pack or an index"))
    ins.add_argument("sources", nargs="+", metavar=_("SOURCE"),
                     help=_("a .swpack file, a pack folder, or an address"))
    ins.add_argument("--only", action="append", default=[], metavar=pack_id,
                     help=_("from an index: only this pack (may be repeated)"))
    ins.add_argument("--force", action="store_true",
                     help=_("replace an installed version that has other contents"))
    upd = cmds.add_parser("update", help=_("install newer versions from the index each pack "
                                           "came from"))
    upd.add_argument("ids", nargs="*", metavar=pack_id, help=_("the packs (default: all)"))
    upd.add_argument("--lists", nargs="+", default=[], metavar=_("PATH"),
                     help=_("warband files or folders: say how their points and verdict "
                            "change"))
    rem = cmds.add_parser("remove", help=_("remove an installed pack, or one version of it"))
    rem.add_argument("id", metavar=pack_id, help=_("the pack's id (spherewars data list)"))
    rem.add_argument("--version", metavar=version, help=_("only this version"))
    use = cmds.add_parser("use", help=_("use this installed version instead of the newest"))
    use.add_argument("id", metavar=pack_id, help=_("the pack's id (spherewars data list)"))
    use.add_argument("version", metavar=version, help=_("one of its installed versions"))
    dif = cmds.add_parser("diff", help=_("what changed between two packs, per faction"))
    dif.add_argument("old", metavar=_("OLD"),
                     help=_("a .swpack file, a pack folder, or ID@VERSION of an installed pack"))
    dif.add_argument("new", metavar=_("NEW"), help=_("the same, for the newer pack"))
    dif.add_argument("--lists", nargs="+", default=[], metavar=_("PATH"),
                     help=_("warband files or folders: say how their points and verdict "
                            "change"))
    dif.add_argument("--format", choices=("text", "json"), default="text",
                     help=_("text (the default) or json"))
    bld = cmds.add_parser("build", help=_("check a pack folder and write its .swpack"))
    bld.add_argument("dir", metavar=_("DIR"), help=_("the pack folder (with pack.yaml)"))
    bld.add_argument("-o", "--output", required=True, metavar=_("OUT.swpack"),
                     help=_("the .swpack file to write"))
    idx = cmds.add_parser("index", help=_("write the index a web server offers packs with"))
    idx.add_argument("packs", nargs="+", metavar=_("SWPACK"), help=_("the .swpack files"))
    idx.add_argument("--base-url", required=True, metavar=_("URL"),
                     help=_("the address the .swpack files will be served from"))
    idx.add_argument("-o", "--output", required=True, metavar=_("index.yaml"),
                     help=_("the index file to write"))


def cmd_data(args: argparse.Namespace) -> int:
    run = {"list": cmd_list, "install": cmd_install, "update": cmd_update,
           "remove": cmd_remove, "use": cmd_use, "diff": cmd_diff, "build": cmd_build,
           "index": cmd_index}[args.data_command]
    try:
        return run(args)
    except KeyboardInterrupt:
        print(_("\nspherewars: interrupted; nothing half-installed is left"), file=sys.stderr)
        return EXIT_ERROR


def _err(message: str) -> None:
    print(escape(message), file=sys.stderr)


def _err_data(exc: Exception) -> None:
    """A :class:`builder.data.DataError`: one problem a line (each escaped already)."""
    print(escape_lines(str(exc)), file=sys.stderr)


# --- list, remove, use -------------------------------------------------------------------


def pack_rows() -> list[dict[str, Any]]:
    """SPEC §8's ``data list`` JSON rows."""
    from builder.data.errors import DataError
    from builder.packs.check import read_info
    from builder.packs.store import Store

    rows = []
    for state in Store().packs().values():
        current = state.current()
        try:
            name: Any = read_info(current.folder, str(current.folder)).name
        except DataError:
            name = state.id
        rows.append({"id": state.id, "name": name, "version": state.newest,
                     "versions": state.ordered, "active": state.active,
                     "factions": current.factions, "systems": current.systems,
                     "fingerprint": current.fingerprint, "origin": state.origin})
    return rows


def cmd_list(args: argparse.Namespace) -> int:
    from builder.model.text import display

    rows = pack_rows()
    if args.format == "json":
        sys.stdout.write(json_safe(json.dumps({"packs": rows}, ensure_ascii=False)) + "\n")
        return EXIT_OK
    if not rows:
        print(_("no data packs installed (spherewars data install SOURCE)"))
    for row in rows:
        version = row["version"]
        if row["active"] != version:
            version = _("{active} (chosen; {newest} is newer: spherewars data use {id} "
                        "{newest})").format(active=row["active"], newest=version, id=row["id"])
        contents = ", ".join(row["factions"] + row["systems"]) or _("nothing")
        print(escape(f"{row['id']}  {version}  {display(row['name'])}  ({contents})"))
    return EXIT_OK


def cmd_remove(args: argparse.Namespace) -> int:
    """Removes installed and damaged versions alike (a folder copied in by hand); says
    "removed" only of what is gone."""
    from builder.cli.common import cannot_write
    from builder.packs.store import Store

    store = Store()
    state = store.get(args.id)
    there = (list(state.versions) if state is not None else []) + store.damaged(args.id)
    if not there or (args.version and args.version not in there):
        _err(_("spherewars: {what} is not installed").format(
            what=f"{args.id} {args.version}" if args.version else args.id))
        return EXIT_ERROR
    try:
        with store.lock():
            gone = store.remove(args.id, args.version)
    except OSError as exc:
        print(cannot_write(store.root, exc), file=sys.stderr)
        return EXIT_ERROR
    print(escape(ngettext("removed {id} {versions}", "removed {id} {versions}",
                          len(gone)).format(id=args.id, versions=", ".join(gone))))
    return EXIT_OK


def cmd_use(args: argparse.Namespace) -> int:
    from builder.cli.common import cannot_write
    from builder.packs.store import Store

    store = Store()
    state = store.get(args.id)
    if state is None or args.version not in state.versions:
        installed = ", ".join(state.ordered) if state else pgettext("versions", "none")
        _err(_("spherewars: {id} {version} is not installed (installed: {installed})").format(
            id=args.id, version=args.version, installed=installed))
        return EXIT_ERROR
    try:
        with store.lock():
            store.use(args.id, args.version)
    except OSError as exc:
        print(cannot_write(store.root, exc), file=sys.stderr)
        return EXIT_ERROR
    print(_("using {id} {version}").format(id=args.id, version=args.version))
    return EXIT_OK


# --- install, update ---------------------------------------------------------------------


class ProgressLine:
    """A download's progress on one line of a terminal (standard error); silent elsewhere."""

    def __init__(self) -> None:
        self.live = sys.stderr.isatty()
        self.shown = False

    def __call__(self, name: str, got: int, total: int | None) -> None:
        if not self.live:
            return
        mib = 1024 * 1024
        if total and got >= total:
            text = _("downloaded {name}; checking it…").format(name=escape(name))
        elif total:
            text = _("downloading {name}: {got:.1f} of {total:.1f} MiB ({percent}%)").format(
                name=escape(name), got=got / mib, total=total / mib,
                percent=got * 100 // total)
        else:
            text = _("downloading {name}: {got:.1f} MiB").format(name=escape(name),
                                                               got=got / mib)
        sys.stderr.write("\r\x1b[K" + text)
        sys.stderr.flush()
        self.shown = True

    def done(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
            self.shown = False


def installer(force: bool = False) -> tuple[Any, ProgressLine]:
    from builder.packs.install import Installer

    line = ProgressLine()
    return Installer(force=force, progress=line), line


def outcome_line(outcome: Any) -> str:
    what = f"{outcome.id} {outcome.version}"
    if outcome.status == "already":
        return _("{what} is already installed ({name})").format(what=what, name=outcome.name)
    factions = ", ".join(outcome.factions) or _("no factions")
    text = _("installed {what} ({name}): {factions}; fingerprint {fingerprint}").format(
        what=what, name=outcome.name, factions=factions, fingerprint=outcome.fingerprint)
    for change in outcome.changes:
        text += "\n    " + change
    return text + "\n"


def cmd_install(args: argparse.Namespace) -> int:
    from builder.packs.fetch import Cancelled, FetchError
    from builder.packs.install import InstallError

    run, line = installer(args.force)
    status = EXIT_OK
    for source in args.sources:
        try:
            done, failed = run.install(source, args.only)
        except (InstallError, FetchError, Cancelled) as exc:
            done, failed = [], [escape(str(exc))]
        except OSError as exc:  # the data folder (what is read is a problem of the pack)
            from builder.cli.common import cannot_write

            done, failed = [], [cannot_write(run.store.root, exc)]
        finally:
            line.done()
        for outcome in done:
            print(escape_lines(outcome_line(outcome)), end="")
        for problem in failed:
            _err_problems(problem)
            status = EXIT_ERROR
    return status


def _err_problems(problem: str) -> None:
    """A pack not installed: its problems (``FILE:LINE:COLUMN: message`` each) one a line,
    each escaped on its own."""
    lines = [line for line in problem.split("\n") if line]
    if not problem.startswith("spherewars"):
        if len(lines) == 1:
            lines = [_("spherewars: not installed: {problem}").format(problem=lines[0])]
        else:
            lines.insert(0, ngettext("spherewars: not installed ({n} problem):",
                                     "spherewars: not installed ({n} problems):",
                                     len(lines)).format(n=len(lines)))
    print(escape_lines("\n".join(lines)), file=sys.stderr)


def cmd_update(args: argparse.Namespace) -> int:
    from builder.packs.store import Store

    store = Store()
    before = {pack_id: state.active for pack_id, state in store.packs().items()}
    run, line = installer()
    try:
        steps = run.update(args.ids)
    finally:
        line.done()
    status = EXIT_OK
    lists = _read_lists(args.lists) if args.lists else []
    for step in steps:
        if step.status == "updated":
            print(escape(_("{id}: {old} → {new}").format(id=step.id, old=step.old,
                                                        new=step.new)))
            for change in step.outcome.changes if step.outcome else []:
                print(escape("    " + change))
            now = store.get(step.id)
            if now is not None and now.active != step.new:
                print(_("    still using {version} (chosen with 'data use'): spherewars data "
                        "use {id} {new}").format(version=before.get(step.id), id=step.id,
                                                 new=step.new))
            old = f"{step.id}@{step.old}"
            new = f"{step.id}@{step.new}"
            with _side(old, store) as a, _side(new, store) as b:
                _print_diff(a, b, lists)
        elif step.status == "current":
            print(_("{id}: {version} is the newest").format(id=step.id, version=step.old))
        elif step.status == "older-chosen":
            print(_("{id}: using {old} (chosen with 'data use'); {new} is newer and installed: "
                    "spherewars data use {id} {new}").format(id=step.id, old=step.old,
                                                             new=step.new))
        elif step.status == "no-origin":
            print(escape(_("{id}: {message}").format(id=step.id, message=step.message)))
        else:
            print(say(_("spherewars: {id}: not updated: {problem}"), id=step.id,
                      problem=Lines(step.message)), file=sys.stderr)
            status = EXIT_ERROR
    if not steps:
        print(_("no data packs installed (spherewars data install SOURCE)"))
    return status


# --- diff --------------------------------------------------------------------------------


class Side:
    """One side of a diff: a pack's documents, and how to load a catalogue with it."""

    def __init__(self, pack_id: str, version: str, documents: dict[str, Any],
                 folder: Path, installed: bool) -> None:
        self.id = pack_id
        self.version = version
        self.documents = documents
        self.folder = folder
        self.installed = installed

    def catalogue(self) -> Any:
        from builder.data import Catalogue

        if self.installed:
            return Catalogue.load(packs={self.id: self.version})
        return Catalogue.load([self.folder], packs={self.id: None})


class SideError(Exception):
    pass


@contextmanager
def _side(spec: str, store: Any = None) -> Iterator[Side]:
    """A pack named on the command line: ``ID@VERSION`` of an installed pack (its documents
    as kept at install: a diff of installed versions loads no models), a folder or a
    ``.swpack`` (checked whole first)."""
    from builder.packs.diff import read_documents
    from builder.packs.store import Store

    store = store or Store()
    path = Path(spec)
    pack_id, at, version = spec.partition("@")
    state = store.get(pack_id) if at and not path.exists() else None
    if state is not None and version in state.versions:
        item = state.versions[version]
        yield Side(pack_id, version, read_documents(item.folder), item.folder, True)
        return
    from builder.packs.archive import unpack
    from builder.packs.check import check_pack

    if path.is_dir():
        checked = check_pack(path, spec)
        yield Side(checked.info.id, checked.info.version, checked.documents, path, False)
        return
    if not path.is_file():
        raise SideError(_("{spec}: not a .swpack file, a pack folder, or an installed "
                          "ID@VERSION").format(spec=spec))
    import shutil
    import tempfile

    from builder.packs.fetch import MAX_DOWNLOAD
    from builder.plumbing.reading import Unreadable, read_bytes

    try:
        raw = read_bytes(path, MAX_DOWNLOAD)
    except Unreadable as exc:
        raise SideError(f"{spec}: {exc.message}") from None
    tmp = Path(tempfile.mkdtemp(prefix="spherewars-diff-"))
    try:
        unpack(raw, tmp, path.name)
        checked = check_pack(tmp, path.name)
        yield Side(checked.info.id, checked.info.version, checked.documents, tmp, False)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _data_error() -> type[Exception]:
    """:class:`builder.data.DataError`, imported only when an exception is being matched
    (``except`` evaluates its classes then): a diff of installed packs loads no models."""
    from builder.data.errors import DataError

    return DataError


def _read_lists(paths: list[str]) -> list[tuple[str, Any]]:
    from builder.cli.common import warband_files
    from builder.data import DataError, load_warband

    out = []
    for raw in paths:
        for path in warband_files(Path(raw)):
            try:
                out.append((str(path), load_warband(path)))
            except DataError as exc:
                _err_data(exc)
    return out


def _print_diff(old: Side, new: Side, lists: list[tuple[str, Any]], fmt: str = "text"
                ) -> dict[str, Any]:
    """Print what changed (text), or return the JSON document (``fmt`` json)."""
    from builder.packs.diff import diff_documents, list_change

    diffs = diff_documents(old.documents, new.documents)
    changes = []
    if lists:
        old_cat, new_cat = old.catalogue(), new.catalogue()
        changes = [list_change(path, w, old_cat, new_cat) for path, w in lists]
    if fmt == "json":
        return {"old": {"id": old.id, "version": old.version},
                "new": {"id": new.id, "version": new.version},
                "changes": [d.to_json() for d in diffs],
                "lists": [c.to_json() for c in changes]}
    for item in diffs:
        if item.status == "changed":
            print(escape(_("  {kind} {name} ({id}):").format(
                kind=_("faction") if item.kind == "faction" else _("system"), name=item.name,
                id=item.id)))
            for text in item.lines():
                print(escape("    " + text))
        else:
            print(escape(_("  {kind} {name} ({id}): {status}").format(
                kind=_("faction") if item.kind == "faction" else _("system"), name=item.name,
                id=item.id, status=_("added") if item.status == "added" else _("removed"))))
    if not diffs:
        print(_("  no data changed"))
    for change in changes:
        old_points, new_points = change.points
        print(escape(_("  {path}: {old} → {new} {unit}; {verdict}").format(
            path=change.path, old=old_points if old_points is not None else "–",
            new=new_points if new_points is not None else "–", unit=change.unit,
            verdict=change.verdict())))
    return {}


def cmd_diff(args: argparse.Namespace) -> int:
    lists = _read_lists(args.lists) if args.lists else []
    try:
        with _side(args.old) as old, _side(args.new) as new:
            if args.format == "text":
                print(escape(_("{old} → {new}").format(old=f"{old.id} {old.version}",
                                                      new=f"{new.id} {new.version}")))
            document = _print_diff(old, new, lists, fmt=args.format)
    except SideError as exc:
        _err(str(exc))
        return EXIT_ERROR
    except _data_error() as exc:
        _err_data(exc)
        return EXIT_ERROR
    if args.format == "json":
        sys.stdout.write(json_safe(json.dumps(document, ensure_ascii=False)) + "\n")
    return EXIT_OK


# --- build, index ------------------------------------------------------------------------


def cmd_build(args: argparse.Namespace) -> int:
    import hashlib

    from builder.data import write_atomic
    from builder.data.errors import DataError
    from builder.packs.archive import build_bytes
    from builder.packs.check import check_pack
    from builder.packs.store import Store

    folder = Path(args.dir)
    if not folder.is_dir():
        _err(_("spherewars: {path} is not a folder").format(path=args.dir))
        return EXIT_ERROR
    try:
        checked = check_pack(folder, args.dir, Store(), claim=False)
    except DataError as exc:
        _err_data(exc)
        return EXIT_ERROR
    raw = build_bytes(folder, checked.files)
    try:
        write_atomic(args.output, raw)
    except OSError as exc:
        from builder.cli.common import cannot_write

        _err(cannot_write(args.output, exc))
        return EXIT_ERROR
    print(escape(_("wrote {path}: {id} {version}, fingerprint {fingerprint}, sha256 "
                   "{sha256}").format(path=args.output, id=checked.info.id,
                                      version=checked.info.version,
                                      fingerprint=checked.fingerprint,
                                      sha256=hashlib.sha256(raw).hexdigest())))
    return EXIT_OK


def cmd_index(args: argparse.Namespace) -> int:
    import hashlib
    import shutil
    import tempfile
    from urllib.parse import quote

    from builder.data import write_atomic
    from builder.data.errors import DataError
    from builder.packs.archive import unpack
    from builder.packs.check import check_pack
    from builder.packs.fetch import MAX_DOWNLOAD, is_address
    from builder.packs.format import INDEX_SCHEMA
    from builder.packs.store import Store
    from builder.plumbing.reading import Unreadable, read_bytes

    if not is_address(args.base_url):
        _err(_("spherewars: --base-url must be an http or https address"))
        return EXIT_ERROR
    base = args.base_url.rstrip("/") + "/"
    entries = []
    status = EXIT_OK
    for name in args.packs:
        path = Path(name)
        tmp = Path(tempfile.mkdtemp(prefix="spherewars-index-"))
        try:
            raw = read_bytes(path, MAX_DOWNLOAD)
            unpack(raw, tmp, path.name)
            checked = check_pack(tmp, path.name, Store(), claim=False)
        except Unreadable as exc:
            _err(_("spherewars: {path}: {problem}").format(path=name, problem=exc.message))
            status = EXIT_ERROR
            continue
        except DataError as exc:
            _err_data(exc)
            status = EXIT_ERROR
            continue
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        entries.append({"id": checked.info.id, "name": checked.info.name,
                        "version": checked.info.version, "url": base + quote(path.name),
                        "sha256": hashlib.sha256(raw).hexdigest(), "size": len(raw)})
    if status:
        return status
    import yaml

    text = yaml.safe_dump({"schema": INDEX_SCHEMA, "packs": entries}, sort_keys=False,
                          allow_unicode=True, width=100)
    try:
        write_atomic(args.output, text)
    except OSError as exc:
        from builder.cli.common import cannot_write

        _err(cannot_write(args.output, exc))
        return EXIT_ERROR
    print(ngettext("wrote {path}: {n} pack", "wrote {path}: {n} packs", len(entries)).format(
        path=args.output, n=len(entries)))
    return EXIT_OK
