"""Adding, updating and removing the user's BattleScribe data (SPEC §10), all or nothing.

Everything given is read, checked against what is installed, and linked with the rest of its
game system first; any file that cannot be used stops the whole add, naming it
(``FILE:LINE:COLUMN: message``), and nothing is written. Defects that BattleScribe and New
Recruit tolerate (a link to nothing, a duplicate id) are warnings, and the data goes in. The
folders of the game systems that change are written beside the installed ones and put in with
one rename (:meth:`builder.bsdata.store.Store.commit`), under the folder's lock.

Files are matched by id. A newer revision replaces the installed one; the same revision with
the same contents is left as it is; an older revision, or the same revision with other
contents, is refused unless ``force`` (what a player who pastes an old file by mistake
expects: the newer data they have is kept, and told so).
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path

from builder.battlescribe import DataFile, Problem, ReadError, data_set, read_data_file
from builder.battlescribe.problems import WARNING
from builder.battlescribe.xmlsafe import quoted
from builder.bsdata import sources as src
from builder.bsdata.sources import Incoming, IndexFile, NotAdded
from builder.bsdata.store import (
    FileRecord,
    Store,
    SystemRecord,
    file_name,
    link_or_copy,
    write_file,
    write_manifest,
)
from builder.i18n import _
from builder.packs.fetch import STALL_SECONDS, Cancelled, Download, FetchError, is_address
from builder.plumbing.folder_lock import Busy
from builder.plumbing.reading import Unreadable
from builder.plumbing.terminal_text import escape

NEW, UPDATED, REPLACED, OLDER, UNCHANGED = "new", "updated", "replaced", "older", "unchanged"
REPAIRED = "repaired"
"""What happened to a file: new; a newer revision in; the same revision, other contents (with
``force``); an older revision (with ``force``); nothing (the same file is installed); the same
file written again, its installed copy damaged (not a regular file any more)."""

READING, DOWNLOADING, LINKING, WRITING, COMMITTING = (
    "reading", "downloading", "linking", "writing", "committing")

Progress = Callable[[str, int, int, str], None]
"""Told (stage, done, total, what) as the work goes: ``downloading`` (bytes), ``reading``,
``linking`` and ``writing`` (files or game systems), ``committing`` (just before the one
rename that puts the data in)."""


@dataclass
class FileChange:
    type: str
    id: str
    name: str
    before: int | None
    """The installed revision (None: new)."""
    after: int
    status: str
    label: str = ""
    """Where the file came from (a path or an address; empty: it was already installed)."""
    source: str | None = None
    """The data index it is updated from (None: it was added from a file or a folder)."""


@dataclass
class SystemChange:
    id: str
    name: str
    revision: int
    added: bool
    """The game system was not installed before."""
    files: list[FileChange] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return any(f.status != UNCHANGED for f in self.files)


@dataclass
class Outcome:
    """What an add or update did: per game system, per file; the tolerated problems of the
    files that came in; ``notes`` (sentences) on what was left as it was and why."""

    systems: list[SystemChange] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def busy_message() -> str:
    return _("another spherewars is adding, updating or removing BattleScribe data; try again "
             "when it is done")


class Adder:
    """Adds to ``store`` (by default the user's). ``force``: install older revisions and
    other contents for the same revision; ``stall``: seconds without progress before a
    download stops (SPEC: 30); ``progress``: told as the work goes; :meth:`cancel` (from
    another thread) stops it before the data goes in."""

    def __init__(self, store: Store | None = None, *, force: bool = False,
                 stall: float = STALL_SECONDS, progress: Progress | None = None) -> None:
        self.store = store if store is not None else Store()
        self.force = force
        self.stall = stall
        self.progress = progress
        self.cancelled = False
        self._download: Download | None = None

    def cancel(self) -> None:
        self.cancelled = True
        download = self._download
        if download is not None:
            download.cancel()

    def _check(self) -> None:
        if self.cancelled:
            raise Cancelled()

    def _tell(self, stage: str, done: int, total: int, what: str = "") -> None:
        self._check()
        if self.progress is not None:
            self.progress(stage, done, total, what)

    # --- the public work ---------------------------------------------------------------------

    def add(self, sources: list[str]) -> Outcome:
        """Add files, folders and index addresses, all or nothing (:class:`NotAdded`,
        :class:`~builder.packs.fetch.Cancelled`)."""
        with self._locked():
            outcome = Outcome()
            incoming: list[Incoming] = []
            try:
                incoming += self._gather(sources, outcome)
                self._install(incoming, self.store.systems(), outcome)
            finally:
                _let_go(incoming)
            return outcome

    def update(self, ids: Iterable[str] = ()) -> Outcome:
        """Newer revisions, from the index each installed file came from, of every game
        system (or those of ``ids``), all or nothing."""
        with self._locked():
            installed = self.store.systems()
            wanted = list(ids) or list(installed)
            unknown = [i for i in wanted if i not in installed]
            if unknown:
                raise NotAdded([_("{id} is not installed (spherewars bsdata list shows what "
                                  "is)").format(id=escape(i)) for i in unknown])
            outcome = Outcome()
            incoming: list[Incoming] = []
            try:
                incoming += self._newer(wanted, installed, outcome)
                self._install(incoming, installed, outcome, only=wanted)
            finally:
                _let_go(incoming)
            return outcome

    def remove(self, system_id: str) -> SystemRecord | None:
        """Remove a game system with its catalogues (:class:`NotAdded` when not installed);
        what was removed (None: its folder could not be read)."""
        with self._locked():
            if system_id not in self.store.folders():
                raise NotAdded([_("{id} is not installed (spherewars bsdata list shows what "
                                  "is)").format(id=escape(system_id))])
            system = self.store.get(system_id)
            self.store.commit({}, [system_id])
            return system

    def _locked(self) -> AbstractContextManager[None]:
        return _locked(self.store)

    # --- reading what is given -----------------------------------------------------------------

    def _gather(self, sources: list[str], outcome: Outcome) -> list[Incoming]:
        local: list[Path] = []
        addresses: list[str] = []
        refused: list[str] = []
        for source in sources:
            if is_address(source):
                addresses.append(source)
                continue
            try:
                local.extend(src.local_paths(source))
            except NotAdded as error:
                refused.extend(error.lines)
        listed: list[tuple[IndexFile, Path]] = []
        for path in [p for p in local if src.is_index(p)]:
            try:
                files, warnings = src.local_index(path)
            except NotAdded as error:
                refused.extend(error.lines)
                continue
            outcome.warnings.extend(warnings)
            listed.extend((item, path) for item in files)
        if refused:
            raise NotAdded(refused)
        local = [p for p in local if not src.is_index(p)]
        incoming: list[Incoming] = []
        problems: list[Problem] = []
        count = len(local) + len(listed)
        for number, path in enumerate(local):
            self._tell(READING, number, count, path.name)
            try:
                incoming.append(src.read_local(path))
            except ReadError as error:
                problems.extend(error.problems)
        for number, (item, index) in enumerate(listed, len(local)):
            self._tell(READING, number, count, Path(item.url).name)
            try:
                incoming.append(src.read_listed(item, index))
            except ReadError as error:
                problems.extend(error.problems)
        for address in addresses:
            try:
                incoming.extend(self._from_index(address, outcome))
            except ReadError as error:
                problems.extend(error.problems)
        if problems:
            raise NotAdded.of(problems)
        return incoming

    def _fetch(self, url: str, name: str) -> bytes:
        self._check()
        progress = self.progress
        self._download = Download(url, stall=self.stall, progress=(
            lambda got, total: progress(DOWNLOADING, got, total or 0, name))
            if progress else None)
        try:
            return self._download.run()
        except FetchError as error:
            raise NotAdded([str(error)]) from None
        finally:
            self._download = None

    def _index(self, address: str) -> tuple[list[IndexFile], list[Problem]]:
        return src.index_files(self._fetch(address, _url_name(address)), address)

    def _from_index(self, address: str, outcome: Outcome,
                    only: Callable[[IndexFile], bool] | None = None) -> list[Incoming]:
        files, warnings = self._index(address)
        outcome.warnings.extend(warnings)
        chosen = [f for f in files if only is None or only(f)]
        return self._download_files(chosen, address)

    def _download_files(self, files: list[IndexFile], address: str) -> list[Incoming]:
        found: list[Incoming] = []
        problems: list[Problem] = []
        for number, item in enumerate(files):
            self._tell(READING, number, len(files), item.entry.data_name)
            raw = self._fetch(item.url, _url_name(item.url))
            try:
                found.append(src.read_downloaded(item, raw, address))
            except ReadError as error:
                problems.extend(error.problems)
        if problems:
            raise ReadError(problems)
        return found

    def _newer(self, wanted: list[str], installed: dict[str, SystemRecord],
               outcome: Outcome) -> list[Incoming]:
        """The files of the ``wanted`` game systems that their indexes have newer revisions
        of, downloaded and read."""
        by_source: dict[str, dict[str, FileRecord]] = {}
        for system_id in wanted:
            for record in installed[system_id].files:
                if record.source:
                    by_source.setdefault(record.source, {})[record.id] = record
        everywhere = {f.id for s in installed.values() for f in s.files}
        incoming: list[Incoming] = []
        for address, records in by_source.items():
            files, warnings = self._index(address)
            outcome.warnings.extend(warnings)
            listed = {f.entry.data_id: f for f in files}
            newer = [listed[i] for i, r in records.items()
                     if i in listed and listed[i].entry.data_revision > r.revision]
            gone = [r for i, r in records.items() if i not in listed]
            for record in gone:
                outcome.notes.append(_(
                    "{name} (revision {revision}) is no longer in {index}; it is kept").format(
                        name=quoted(record.name), revision=record.revision,
                        index=escape(address)))
            fresh = [f for f in files if f.entry.data_id not in everywhere]
            if fresh:
                outcome.notes.append(_(  # (the app says it too: no command named)
                    "{index} also lists {names}, which are not installed: adding {index} "
                    "adds them").format(
                        index=escape(address),
                        names=", ".join(quoted(f.entry.data_name) for f in fresh)))
            try:
                incoming.extend(self._download_files(newer, address))
            except ReadError as error:
                raise NotAdded.of(error.problems) from None
        return incoming

    # --- checking against what is installed, linking, writing ---------------------------------

    def _install(self, incoming: list[Incoming], installed: dict[str, SystemRecord],
                 outcome: Outcome, only: list[str] | None = None) -> None:
        plans = _plan(_once(incoming), installed, self.force)
        if only is not None:
            plans = [p for p in plans if p.id in only] + [
                _Plan(i, installed[i]) for i in only if i not in {p.id for p in plans}]
        self._link(plans, outcome)
        for plan in plans:
            outcome.systems.append(plan.change())
        self._write([p for p in plans if p.change().changed or p.new_sources()])

    def _link(self, plans: list[_Plan], outcome: Outcome) -> None:
        problems: list[Problem] = []
        for number, plan in enumerate(plans):
            self._tell(LINKING, number, len(plans), plan.name)
            if not plan.change().changed:
                continue  # as installed: its warnings were told when it came in
            try:
                files = plan.data_files()
                linked = data_set(files)
            except ReadError as error:
                problems.extend(error.problems)
                continue
            labels = {i.label for i in plan.incoming.values()}
            outcome.warnings.extend(p for p in linked.problems if p.path in labels)
            outcome.warnings.extend(_revision_warnings(plan, files))
        if problems:
            raise NotAdded.of(problems)

    def _write(self, plans: list[_Plan]) -> None:
        if not plans:
            return
        written: dict[str, Path] = {}
        try:
            for number, plan in enumerate(plans):
                self._tell(WRITING, number, len(plans), plan.name)
                written[plan.id] = plan.write(self.store.temp_folder())
            self._tell(COMMITTING, 0, 1, "")
            self.store.commit(written, before_commit=lambda: self._tell(COMMITTING, 1, 1, ""))
        except Unreadable as refused:  # an installed file kept, damaged since it was added
            raise NotAdded([str(Problem(refused.path, 0, 0, _(
                "{problem}; remove the game system (spherewars bsdata remove) and add it "
                "again").format(problem=refused.message)))]) from None
        finally:
            for folder in written.values():
                if folder.exists():
                    shutil.rmtree(folder, ignore_errors=True)


@contextmanager
def _locked(store: Store) -> Iterator[None]:
    """The store's lock, its refusal in our words (:class:`NotAdded`); what a process killed
    mid-add left is tidied once it is held. A folder that cannot be written (read-only, full,
    ``installed.json`` replaced by something that is not a file) is a :class:`NotAdded` too:
    nothing is in until the one rename of ``installed.json``, and nothing after it fails."""
    try:
        with store.lock():
            store.tidy()
            yield
    except Busy:
        raise NotAdded([busy_message()]) from None
    except OSError as exc:
        where = exc.filename if exc.filename is not None else store.root
        raise NotAdded([_("cannot write {path}: {problem}").format(
            path=escape(str(where)), problem=exc.strerror or exc)]) from None


def _let_go(incoming: list[Incoming]) -> None:
    """Drop the files read, one at a time. Freed at once, a game system's elements (Kill
    Team: about a million objects) hold the interpreter for a tenth of a second or more, and
    with it any other thread (the app's window, while its worker adds data); between two
    files, the other threads get their turn."""
    while incoming:
        incoming.pop()


def _url_name(url: str) -> str:
    return url.rstrip("/").rsplit("/", 1)[-1].split("?", 1)[0] or url


def _once(incoming: list[Incoming]) -> list[Incoming]:
    """Each file once: the same file given twice is read once; two different files with one
    id stop the add, naming both."""
    seen: dict[str, Incoming] = {}
    problems: list[Problem] = []
    for item in incoming:
        first = seen.get(item.id)
        if first is None:
            seen[item.id] = item
        elif first.digest != item.digest:
            problems.append(Problem(item.label, item.data.line, item.data.column, _(
                "the id {id} is also the id of {other}; give one of them").format(
                    id=quoted(item.id), other=escape(first.label))))
    if problems:
        raise NotAdded.of(problems)
    return list(seen.values())


class _Plan:
    """One game system after the add: its installed files, and those coming in by id."""

    def __init__(self, system_id: str, old: SystemRecord | None) -> None:
        self.id = system_id
        self.old = old
        self.incoming: dict[str, Incoming] = {}
        self.statuses: dict[str, str] = {}

    @property
    def name(self) -> str:
        system = self.incoming.get(self.id)
        if system is not None:
            return system.data.name
        return self.old.name if self.old is not None else self.id

    def kept(self) -> list[FileRecord]:
        """The installed files nothing replaces."""
        if self.old is None:
            return []
        return [r for r in self.old.files if r.id not in self.incoming]

    def new_sources(self) -> bool:
        """Whether a file left as it is now comes from an index (it is updated from there)."""
        old = self.old.by_id() if self.old is not None else {}
        return any(self.statuses[i] == UNCHANGED and item.source
                   and old[i].source != item.source for i, item in self.incoming.items())

    def data_files(self) -> list[DataFile]:
        """Every file of the game system after the add, read (those installed from disk)."""
        kept = self.kept()
        old = self.old
        read = [read_data_file(old.path(r)) for r in kept] if old is not None else []
        return read + [i.data for i in self.incoming.values()]

    def change(self) -> SystemChange:
        old = self.old.by_id() if self.old is not None else {}
        change = SystemChange(self.id, self.name, 0, self.old is None)
        for record in self.kept():
            change.files.append(FileChange(record.type, record.id, record.name,
                                           record.revision, record.revision, UNCHANGED,
                                           source=record.source))
        for ident, item in self.incoming.items():
            before = old[ident].revision if ident in old else None
            change.files.append(FileChange(item.type, ident, item.data.name, before,
                                           item.data.revision, self.statuses[ident],
                                           item.label, item.source))
        change.files.sort(key=lambda f: (f.type != "gamesystem", f.name.casefold(), f.id))
        change.revision = next(f.after for f in change.files if f.type == "gamesystem")
        return change

    def write(self, folder: Path) -> Path:
        """The game system's folder after the add, in ``folder`` (a temporary one)."""
        records: list[FileRecord] = []
        old = self.old
        for record in self.kept():
            assert old is not None
            link_or_copy(old.path(record), folder / record.file)
            records.append(record)
        for item in self.incoming.values():
            if self.statuses[item.id] == UNCHANGED and old is not None:
                record = old.by_id()[item.id]
                link_or_copy(old.path(record), folder / record.file)
                if item.source:  # where it is updated from, from now on
                    record = replace(record, source=item.source, origin=item.label)
                records.append(record)
                continue
            data = item.data
            name = file_name(item.type, data.id, data.name)
            write_file(folder / name, item.xml)
            records.append(FileRecord(
                name, item.type, data.id, data.name, data.revision, data.library,
                item.source, item.label, item.digest,
                [link.target_id for link in data.catalogue_links], data.game_system_revision))
        records.sort(key=lambda r: (not r.is_game_system, r.name.casefold(), r.id))
        write_manifest(folder, SystemRecord(self.id, folder, records))
        return folder


def _plan(incoming: list[Incoming], installed: dict[str, SystemRecord],
          force: bool) -> list[_Plan]:
    plans: dict[str, _Plan] = {}
    problems: list[Problem] = []
    forceable: list[str] = []

    def plan_of(system_id: str) -> _Plan:
        if system_id not in plans:
            plans[system_id] = _Plan(system_id, installed.get(system_id))
        return plans[system_id]

    given = {i.id for i in incoming if i.type == "gamesystem"}
    for item in incoming:
        data = item.data
        system_id = data.id if item.type == "gamesystem" else (data.game_system_id or "")
        if system_id not in given and system_id not in installed:
            problems.append(Problem(item.label, data.line, data.column, _(
                "the catalogue {name} is for the game system {id}, which is neither among "
                "these files nor installed: add its .gst file too").format(
                    name=quoted(data.name), id=quoted(system_id))))
            continue
        plan = plan_of(system_id)
        held = plan.old.by_id().get(item.id) if plan.old is not None else None
        status, refusal = _compare(item, held)
        if status == UNCHANGED and plan.old is not None and held is not None and \
                src.irregular(plan.old.path(held)) is not None:
            status = REPAIRED  # the same file, given again: its installed copy is damaged
        if refusal and not (force and status):
            problems.append(Problem(item.label, data.line, data.column, refusal))
            if status:
                forceable.append(refusal)
            continue
        plan.incoming[item.id] = item
        plan.statuses[item.id] = status
    if problems:
        raise NotAdded.of(problems, forceable)
    return list(plans.values())


def _compare(item: Incoming, held: FileRecord | None) -> tuple[str, str]:
    """(status, why it is refused or '') of a file against the installed one of its id. A
    refusal with a status (an older revision, other contents for the installed revision) is
    lifted by ``force``; its message says what is kept, not how to force it (the command line
    and the app each offer that in their own way)."""
    if held is None:
        return NEW, ""
    data = item.data
    if held.type != item.type:
        return "", _("the id {id} is the id of the installed {kind} {name}").format(
            id=quoted(item.id), kind=src.type_word(held.type), name=quoted(held.name))
    if data.revision > held.revision:
        return UPDATED, ""
    if data.revision == held.revision:
        if held.sha256 == item.digest:
            return UNCHANGED, ""
        return REPLACED, _("{name} revision {revision} is installed with other contents; the "
                           "installed file is kept").format(name=quoted(data.name),
                                                            revision=held.revision)
    return OLDER, _("{name} is revision {revision}, older than the installed revision "
                    "{installed}, which is kept").format(
                        name=quoted(data.name), revision=data.revision,
                        installed=held.revision)


def _revision_warnings(plan: _Plan, files: list[DataFile]) -> list[Problem]:
    """A catalogue that came in written for a newer revision of its game system than the one
    installed (BattleScribe says so too: the game system should be updated)."""
    system = next(f for f in files if f.is_game_system)
    found = []
    for item in plan.incoming.values():
        data = item.data
        if not data.is_game_system and data.game_system_revision > system.revision:
            found.append(Problem(item.label, data.line, data.column, _(
                "written for revision {needed} of the game system {name}; revision {have} is "
                "installed (add a newer game system file)").format(
                    needed=data.game_system_revision, name=quoted(system.name),
                    have=system.revision), WARNING))
    return found
