"""What ``bsdata add`` is given, read: data files (``.gst``, ``.cat``, ``.gstz``, ``.catz``),
folders of them, and the files a data index (``.bsi``) lists, at an http(s) address or on
disk (its files beside it, in its own folder).

Every file is read whole by the engine (:mod:`builder.battlescribe.reading`: no DTD, no
entities, the size and zip limits) before anything is written. An index's files are fetched
through the project's one guarded download (:mod:`builder.packs.fetch`: http and https only,
redirects included, size caps, the stall limit), and only from the index's own folder on its
own host: a ``filePath`` that is absolute, names another scheme or host, or climbs out of the
folder is refused. A file that is not what the index says (another id, type or revision) is
refused naming both. The same rules hold for an index on disk: each ``filePath`` is relative
to the index's own folder, and a path that leaves it (``..``, an absolute path, a link
pointing out) is refused.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from hashlib import sha256
from pathlib import Path, PurePosixPath
from urllib.parse import quote, unquote, urljoin, urlsplit

from builder.battlescribe import DataFile, IndexEntry, Problem, ReadError, read_data, read_index
from builder.battlescribe.model import GAME_SYSTEM as MODEL_GAME_SYSTEM
from builder.battlescribe.reading import DATA_SUFFIXES
from builder.battlescribe.xmlsafe import quoted, read_bytes, source_bytes
from builder.bsdata.store import CATALOGUE, GAME_SYSTEM
from builder.i18n import _
from builder.plumbing.reading import Unreadable, check_regular
from builder.plumbing.terminal_text import escape

MAX_FOLDER_FILES = 5000
"""The most data files one folder may give (BSData's largest repositories hold about 150)."""
MAX_FOLDER_DEPTH = 8
MAX_INDEX_ENTRIES = 1000
INDEX_TYPES = {"gamesystem": GAME_SYSTEM, "catalogue": CATALOGUE}
INDEX_SUFFIX = ".bsi"


class NotAdded(Exception):
    """Nothing was added (or updated, or removed): ``lines`` say why, each a problem
    (``FILE:LINE:COLUMN: message``, escaped) or a sentence. ``forceable``: the messages of
    those that ``force`` would install all the same (an older revision, other contents for
    the installed revision), each the message of one of the lines, without its place."""

    def __init__(self, lines: list[str], forceable: list[str] | None = None) -> None:
        self.lines = lines
        self.forceable = forceable or []
        super().__init__("\n".join(lines))

    @classmethod
    def of(cls, problems: list[Problem], forceable: list[str] | None = None) -> NotAdded:
        return cls([str(p) for p in problems], forceable)

    @property
    def only_forceable(self) -> bool:
        """Whether ``force`` is all it would take: every line is one it installs."""
        return bool(self.forceable) and len(self.forceable) == len(self.lines)


@dataclass
class Incoming:
    """One file read, ready to install: ``label`` is how problems name it (its path or
    address); ``source`` the index address it came from (None: a file or a folder)."""

    label: str
    xml: bytes
    data: DataFile
    source: str | None = None
    entry: IndexEntry | None = None

    @property
    def type(self) -> str:
        return GAME_SYSTEM if self.data.kind == MODEL_GAME_SYSTEM else CATALOGUE

    @property
    def id(self) -> str:
        return self.data.id

    @property
    def digest(self) -> str:
        return sha256(self.xml).hexdigest()


def is_data_file(path: Path) -> bool:
    return path.suffix.lower() in DATA_SUFFIXES


class FolderRefused(Exception):
    """A folder that is not read: ``path`` (the folder, or a file in it) and why."""

    def __init__(self, path: Path, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}")


def folder_files(folder: Path) -> Iterator[Path]:
    """The data files in a folder and its subfolders (hidden ones left out, links to
    folders not followed), in name order; at most :data:`MAX_FOLDER_FILES`, and every one a
    regular file (:class:`FolderRefused` otherwise: a pipe would be waited on)."""
    count = 0
    base_depth = len(folder.parts)
    for here, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        if len(Path(here).parts) - base_depth >= MAX_FOLDER_DEPTH:
            dirs[:] = []
        for name in sorted(files):
            path = Path(here) / name
            if name.startswith(".") or not is_data_file(path):
                continue
            why = irregular(path)
            if why is not None:
                raise FolderRefused(path, why)
            count += 1
            if count > MAX_FOLDER_FILES:
                raise FolderRefused(folder, _(
                    "more than {limit} data files; add the game systems one folder at a "
                    "time").format(limit=MAX_FOLDER_FILES))
            yield path


def irregular(path: Path) -> str | None:
    """Why ``path`` is not a regular file (links followed: a pipe, which opening would wait
    on, a device, a link to nothing…), in the one guarded reader's words
    (:func:`builder.plumbing.reading.check_regular`); None when it is one."""
    try:
        check_regular(path)
    except Unreadable as refused:
        return refused.message
    return None


def local_paths(source: str) -> list[Path]:
    """The data files a local source names: itself, or those in the folder it is."""
    path = Path(source)
    if path.is_dir():
        try:
            found = list(folder_files(path))
        except FolderRefused as refused:
            raise NotAdded([escape(str(refused))]) from None
        if not found:
            raise NotAdded([_("{folder}: no BattleScribe data files in it (.gst, .cat, .gstz, "
                              ".catz)").format(folder=escape(source))])
        return found
    if not os.path.lexists(path):
        raise NotAdded([_("{source}: no such file or folder").format(source=escape(source))])
    why = irregular(path) if is_data_file(path) or is_index(path) else None
    if why is not None:
        raise NotAdded([escape(f"{source}: {why}")])
    if not is_data_file(path) and not is_index(path):
        raise NotAdded([_("{source}: not a BattleScribe data file (.gst, .cat, .gstz, .catz), "
                          "a folder of them, or a .bsi data index (a file or an http(s) "
                          "address)").format(source=escape(source))])
    return [path]


def is_index(path: Path) -> bool:
    return path.suffix.lower() == INDEX_SUFFIX


def read_local(path: Path) -> Incoming:
    """One local file, read and checked (:class:`ReadError` when it cannot be used)."""
    label = str(path)
    xml = read_bytes(path, label)
    return Incoming(label, xml, read_data(xml, label))


# --- data indexes ------------------------------------------------------------------------


def _origin(url: str) -> tuple[str, str, int | None]:
    parts = urlsplit(url)
    scheme = parts.scheme.lower()
    port = parts.port or {"http": 80, "https": 443}.get(scheme)
    return scheme, (parts.hostname or "").lower(), port


def plain_path(entry: IndexEntry) -> str:
    """An index entry's ``filePath`` as a plain relative path (``/`` between its parts, no
    ``..``, no scheme, host or drive); ValueError (in our words) when it is not one."""
    path = entry.file_path
    plain = unquote(path)
    parts = PurePosixPath(plain).parts
    if (not plain or "\\" in plain or plain.startswith("/") or ":" in plain.split("/", 1)[0]
            or "?" in path or "#" in path or any(p in ("..", ".") for p in plain.split("/"))
            or not parts or any(ord(c) < 0x20 for c in plain)):
        raise ValueError(_("the file path {path} is not a plain path inside the index's "
                           "folder").format(path=quoted(path)))
    return plain


def entry_url(index_url: str, entry: IndexEntry) -> str:
    """The address of an index entry's file: its ``filePath`` relative to the index's
    address, in the index's folder on the index's host; ValueError (in our words) when not."""
    path = entry.file_path
    plain = plain_path(entry)
    url = urljoin(index_url, quote(plain, safe="/"))
    folder = urlsplit(index_url).path.rsplit("/", 1)[0] + "/"
    if _origin(url) != _origin(index_url) or not urlsplit(url).path.startswith(folder):
        raise ValueError(_("the file path {path} points outside the index's folder "
                           "({url})").format(path=quoted(path), url=escape(url)))
    return url


@dataclass
class IndexFile:
    """One file an index lists: its entry, its address and its type (store words)."""

    entry: IndexEntry
    url: str
    type: str


def entry_file(index_path: Path, entry: IndexEntry) -> str:
    """The path of an index entry's file when the index is on disk: its ``filePath`` relative
    to the index's folder, a regular file inside that folder (links followed: one pointing
    out of it is refused); ValueError (in our words) when not."""
    plain = plain_path(entry)
    folder = index_path.parent
    path = folder.joinpath(*PurePosixPath(plain).parts)
    try:
        inside = path.resolve(strict=True).is_relative_to(folder.resolve(strict=True))
    except (OSError, RuntimeError):  # not there, or a loop of links
        raise ValueError(_("the file path {path}: no such file beside the index").format(
            path=quoted(entry.file_path))) from None
    if not inside:
        raise ValueError(_("the file path {path} points outside the index's folder "
                           "({folder})").format(path=quoted(entry.file_path),
                                                folder=escape(str(folder))))
    why = irregular(path)
    if why is not None:
        raise ValueError(_("the file path {path}: {problem}").format(
            path=quoted(entry.file_path), problem=why))
    return str(path)


def index_files(data: bytes, index_url: str,
                locate: Callable[[IndexEntry], str] | None = None,
                ) -> tuple[list[IndexFile], list[Problem]]:
    """The files an index lists, each with its address (``index_url`` names the index;
    ``locate`` finds an entry's file, by default :func:`entry_url` beside the address);
    (files, warnings: entries of a type that is neither a game system nor a catalogue, left
    out). :class:`NotAdded` when the index cannot be read, or any of its paths is refused."""
    find = locate if locate is not None else (lambda entry: entry_url(index_url, entry))
    try:
        index = read_index(data, index_url)
    except ReadError as error:
        raise NotAdded.of(error.problems) from None
    if len(index.entries) > MAX_INDEX_ENTRIES:
        raise NotAdded([_("{url}: the index lists {count} files; at most {limit} are "
                          "read").format(url=escape(index_url), count=len(index.entries),
                                         limit=MAX_INDEX_ENTRIES)])
    files: list[IndexFile] = []
    warnings: list[Problem] = []
    problems: list[Problem] = []
    seen: dict[str, IndexEntry] = {}
    for entry in index.entries:
        kind = INDEX_TYPES.get(entry.data_type.strip().lower())
        if kind is None:
            warnings.append(Problem(index_url, entry.line, entry.column, _(
                "the entry {path} is of type {type}, neither a game system nor a catalogue; "
                "left out").format(path=quoted(entry.file_path), type=quoted(entry.data_type)),
                "warning"))
            continue
        first = seen.get(entry.data_id)
        if first is not None:
            problems.append(Problem(index_url, entry.line, entry.column, _(
                "the id {id} is listed twice (first at line {line})").format(
                    id=quoted(entry.data_id), line=first.line)))
            continue
        seen[entry.data_id] = entry
        try:
            files.append(IndexFile(entry, find(entry), kind))
        except ValueError as refused:
            problems.append(Problem(index_url, entry.line, entry.column, str(refused)))
    if problems:
        raise NotAdded.of(problems)
    if not files:
        raise NotAdded([_("{url}: the index lists no game system or catalogue").format(
            url=escape(index_url))])
    return files, warnings


def local_index(path: Path) -> tuple[list[IndexFile], list[Problem]]:
    """The files a data index on disk lists (each ``url`` a path beside it), as
    :func:`index_files`; :class:`NotAdded` when it cannot be read or a path is refused."""
    label = str(path)
    try:
        raw = read_bytes(path, label)
    except ReadError as error:
        raise NotAdded.of(error.problems) from None
    return index_files(raw, label, lambda entry: entry_file(path, entry))


def read_listed(item: IndexFile, index_path: Path) -> Incoming:
    """A file a data index on disk lists, read and checked against what the index says of
    it (:class:`ReadError`). It is installed as a file: updates come from adding it again."""
    label = item.url
    xml = read_bytes(label, label)
    return _as_listed(Incoming(label, xml, read_data(xml, label), None, item.entry), item,
                      str(index_path))


def read_downloaded(item: IndexFile, raw: bytes, index_url: str) -> Incoming:
    """A file downloaded for an index entry, read and checked against what the index says
    of it (:class:`ReadError` naming the file when it differs)."""
    label = item.url
    xml = source_bytes(raw, label)
    return _as_listed(Incoming(label, xml, read_data(xml, label), index_url, item.entry), item,
                      index_url)


def _as_listed(incoming: Incoming, item: IndexFile, index_url: str) -> Incoming:
    """``incoming`` when it is what the index says of it (type, id, revision)."""
    label, data, entry = incoming.label, incoming.data, item.entry
    said = []
    if incoming.type != item.type:
        said.append(_("the index says it is a {said}; it is a {found}").format(
            said=type_word(item.type), found=type_word(incoming.type)))
    if data.id != entry.data_id:
        said.append(_("the index says its id is {said}; the file's is {found}").format(
            said=quoted(entry.data_id), found=quoted(data.id)))
    if data.revision != entry.data_revision:
        said.append(_("the index says revision {said}; the file is revision {found}").format(
            said=entry.data_revision, found=data.revision))
    if said:
        raise ReadError([Problem(label, data.line, data.column, _(
            "{what} (the index {index} is wrong, or the file changed since it was "
            "published)").format(what="; ".join(said), index=escape(index_url)))])
    return incoming


def type_word(kind: str) -> str:
    return _("game system") if kind == GAME_SYSTEM else _("catalogue")


Fetch = Callable[[str, str], bytes]
"""Downloads an address (and a short name for progress) to bytes, or raises FetchError."""
