"""Data files already read and checked, kept between runs (issue 15: a 5,000-combatant faction
opens in a moment).

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
Entries are pickles the program wrote itself from checked data, in the user's own folder.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
import time
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

FORMAT = "spherewars-cache/1"
MAX_ENTRIES = 256
"""Most files kept; writing one more removes the one used longest ago (files of folders given
once with ``--data`` would otherwise pile up)."""

_PACKAGE = Path(__file__).resolve().parent.parent
_CODE = ("__init__.py", "safeio.py", "data", "model")
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


class Store:
    """The cache folder: one pickle per data file, named by a digest of the file's path."""

    def __init__(self, folder: Path, code: str):
        self.folder = folder
        self.code = code

    @classmethod
    def default(cls) -> Store | None:
        from builder import paths

        code = code_digest()
        return cls(paths.user_cache_dir(), code) if code is not None else None

    def key(self, text: str) -> str:
        """The digest a file's entry must carry to stand for ``text`` read by this code."""
        return hashlib.sha256(self.code.encode() + text.encode("utf-8", "surrogatepass")
                              ).hexdigest()

    def _entry_path(self, path: Path) -> Path:
        name = hashlib.sha256(os.fsencode(os.path.abspath(path))).hexdigest()[:40]
        return self.folder / f"{name}.pickle"

    def get(self, path: Path, key: str) -> Entry | None:
        """The kept answer for ``path`` when it was made from the same bytes by this code."""
        entry = self._entry_path(path)
        try:
            with open(entry, "rb") as stream:
                if pickle.load(stream) != key:  # the key first: a stale entry is not read
                    return None
                found = pickle.load(stream)
        except Exception:  # no entry, or one this program cannot read back: not kept
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
            self.folder.mkdir(parents=True, exist_ok=True)
            with open(temporary, "wb") as stream:
                pickle.dump(entry.key, stream, protocol=pickle.HIGHEST_PROTOCOL)
                pickle.dump(entry, stream, protocol=pickle.HIGHEST_PROTOCOL)
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
        try:
            entries = [(e.stat().st_mtime_ns, e.path) for e in os.scandir(self.folder)
                       if e.name.endswith(".pickle")]
            if len(entries) > MAX_ENTRIES:
                for _time, path in sorted(entries)[:len(entries) - MAX_ENTRIES]:
                    os.unlink(path)
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
