"""Data files already read and checked, kept between runs, so that a 5,000-combatant faction
opens in a moment.

Reading a big faction is parsing megabytes of YAML and validating thousands of combatants, and
for unchanged bytes the answer is always the same. So once a game system or faction file has
been read and found good, the catalogue keeps what it made of it (the YAML data as read and the
checked model, its values in their normal form) in the user's cache folder, one entry per
file, under a digest of everything that answer depends on: the file's bytes, the bytes of the
code that reads and checks it, and (for a faction) its game system's digest. A later load that
computes the same digest takes the kept answer and neither parses nor validates.

A file with problems is never kept (its messages always come from reading it), and
``check-data`` never uses the cache. At most :data:`MAX_ENTRIES` files are kept, the one used
longest ago going first. The cache is only a copy: an entry that cannot be read,
written or unpickled is ignored (and written again), and deleting the folder loses nothing.

Entries hold pickles, and unpickling runs code, so an entry is unpickled only when it carries
the HMAC-SHA256 the program wrote with it, made with a key of the user's own that is not kept
in the cache folder (:func:`user_key`: 32 random bytes in the user's data folder, readable by
the user alone). A file planted in the cache folder (a pickle that runs a command)
fails that check, is never unpickled and is deleted; with no key, nothing is cached.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import pickle
import secrets
import sys
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from builder.plumbing.reading import Unreadable, read_bytes

FORMAT = "spherewars-cache/2"
MAGIC = b"SWBCACHE2\n"
"""How an entry starts: then its HMAC (32 bytes), its key (64 hex digits and a newline), and
the pickle of its :class:`Entry`; the HMAC covers the key and the pickle."""
SUFFIX = ".entry"
KEY_BYTES = 32
MAX_ENTRIES = 256
MAX_ENTRY_BYTES = 512 * 1024 * 1024
"""An entry holds one data file's models (a data file is at most 8 MiB of YAML)."""
"""Most files kept; writing one more removes the one used longest ago (files of folders given
once with ``--data`` would otherwise pile up)."""

_PACKAGE = Path(__file__).resolve().parent.parent
_CODE = ("__init__.py", "plumbing/terminal_text.py", "data", "model")
"""What the answer for a file depends on besides its bytes: the reader, the models, the checks."""


@dataclass
class Entry:
    """What the catalogue made of one good file."""

    key: str
    """The digest of the file's bytes and of the code (:meth:`Store.key`)."""
    system_key: str | None
    """For a faction, the key of the game system file it was checked against."""
    data: Any
    """The YAML document as read (fingerprints hash it)."""
    model: Any
    """The System, or the Faction as :meth:`~builder.model.Faction.attach` left it (its
    values in normal form), without the tie to its system."""


@cache
def code_digest() -> str | None:
    """A digest of the program's reading and checking code (in a frozen bundle, which changes
    only with its program file: that file's size and time), or None when it cannot be read:
    then nothing is cached."""
    from builder import __version__

    digest = hashlib.sha256(f"{FORMAT}\n{__version__}\n{sys.version}\n".encode())
    try:
        import pydantic
        import yaml

        digest.update(f"{pydantic.VERSION}\n{yaml.__version__}\n".encode())
        if getattr(sys, "frozen", False):
            st = os.stat(sys.executable)
            digest.update(f"{st.st_size}\n{st.st_mtime_ns}\n".encode())
            return digest.hexdigest()
        for name in _CODE:
            top = _PACKAGE / name
            for path in sorted(top.glob("*.py")) if top.is_dir() else [top]:
                digest.update(path.name.encode() + b"\n" + path.read_bytes())
    except (OSError, ImportError, AttributeError):
        return None
    return digest.hexdigest()


def key_path() -> Path:
    """Where the user's cache key is kept: the user's data folder, not the cache folder."""
    from builder.plumbing import paths

    return paths.user_data_dir() / "cache-key"


def user_key(path: Path | None = None) -> bytes | None:
    """The user's key for signing cache entries, made (32 random bytes, mode 0600) the first
    time; None when it cannot be read or made: then nothing is cached."""
    path = key_path() if path is None else path
    try:
        return _read_key(path)
    except FileNotFoundError:
        pass
    except OSError:
        return None
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "wb") as stream:
            stream.write(secrets.token_bytes(KEY_BYTES))
            stream.flush()
            os.fsync(stream.fileno())
        try:
            os.link(temporary, path)  # whole or not at all; another process may win
        except FileExistsError:
            pass
        return _read_key(path)
    except OSError:
        return None
    finally:
        try:
            temporary.unlink(missing_ok=True)
        except OSError:
            pass


def _read_key(path: Path) -> bytes | None:
    """The key in ``path`` (FileNotFoundError when there is none; an OSError when it cannot be
    read: a FIFO or a device there is refused by the guarded reader, never waited on)."""
    if not os.path.lexists(path):
        raise FileNotFoundError(path)
    try:
        key = read_bytes(path, KEY_BYTES + 1, head=True)
    except Unreadable as exc:
        raise OSError(exc.message) from None
    return key if len(key) == KEY_BYTES else None


class Store:
    """The cache folder: one signed entry per data file, named by a digest of the file's
    path."""

    def __init__(self, folder: Path, code: str, secret: bytes):
        self.folder = folder
        self.code = code
        self.secret = secret

    @classmethod
    def default(cls) -> Store | None:
        from builder.plumbing import paths

        code = code_digest()
        secret = user_key()
        if code is None or secret is None:
            return None
        return cls(paths.user_cache_dir(), code, secret)

    def key(self, text: str) -> str:
        """The digest a file's entry must carry to stand for ``text`` read by this code."""
        return hashlib.sha256(self.code.encode() + text.encode("utf-8", "surrogatepass")
                              ).hexdigest()

    def _entry_path(self, path: Path) -> Path:
        name = hashlib.sha256(os.fsencode(os.path.abspath(path))).hexdigest()[:40]
        return self.folder / f"{name}{SUFFIX}"

    def _mac(self, body: bytes) -> bytes:
        return hmac.new(self.secret, body, hashlib.sha256).digest()

    def get(self, path: Path, key: str) -> Entry | None:
        """The kept answer for ``path`` when it was made from the same bytes by this code and
        signed with the user's key; an entry that is not signed so is deleted unread."""
        entry = self._entry_path(path)
        head = len(MAGIC) + 32
        try:
            start = read_bytes(entry, head + 65, head=True)
            if start[head:] != key.encode("ascii") + b"\n":
                # another version of the file (or not an entry): the key first, so that a
                # stale entry is not read whole; a foreign file goes
                if not start.startswith(MAGIC):
                    _drop(entry)
                return None
            body = read_bytes(entry, MAX_ENTRY_BYTES)[head:]
        except Unreadable:  # no entry, or one this program cannot read
            return None
        if not (start.startswith(MAGIC) and hmac.compare_digest(start[len(MAGIC):head],
                                                                self._mac(body))):
            _drop(entry)  # not written by this user's program: never unpickled
            return None
        try:
            found = pickle.loads(body[65:])
        except Exception:  # signed, but by other code that pickled other classes
            return None
        if not (isinstance(found, Entry) and found.key == key):
            return None
        _touch(entry)
        return found

    def put(self, path: Path, entry: Entry) -> None:
        """Keep ``entry`` for ``path``, replacing the file's earlier one (written aside, then
        moved over it, so a reader never sees half of one); a cache that cannot be written is
        simply not kept."""
        target = self._entry_path(path)
        temporary = target.with_name(f"{target.stem}.{os.getpid()}.tmp")
        try:
            body = entry.key.encode("ascii") + b"\n" + pickle.dumps(
                entry, protocol=pickle.HIGHEST_PROTOCOL)
            self.folder.mkdir(parents=True, exist_ok=True)
            with open(temporary, "wb") as stream:
                stream.write(MAGIC + self._mac(body) + body)
            os.replace(temporary, target)
            _touch(target)
        except Exception:
            try:
                temporary.unlink(missing_ok=True)
            except OSError:
                pass
            return
        self._prune()

    def _prune(self) -> None:
        """At most MAX_ENTRIES entries, the one used longest ago going first; files of the
        old unsigned format (``*.pickle``) go too."""
        try:
            entries = []
            for e in os.scandir(self.folder):
                if e.name.endswith(".pickle"):
                    os.unlink(e.path)
                elif e.name.endswith(SUFFIX):
                    entries.append((e.stat().st_mtime_ns, e.path))
            if len(entries) > MAX_ENTRIES:
                for _time, path in sorted(entries)[:len(entries) - MAX_ENTRIES]:
                    os.unlink(path)
        except OSError:
            pass


def _drop(entry: Path) -> None:
    try:
        entry.unlink()
    except OSError:
        pass


def _touch(entry: Path) -> None:
    """Mark an entry used now, to the nanosecond (file times are often only as fine as the
    system clock's tick, and the least recently used entry is the first to go)."""
    now = time.time_ns()
    try:
        os.utime(entry, ns=(now, now))
    except OSError:
        pass
