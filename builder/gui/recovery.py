"""Crash recovery: unsaved changes are written now and then to the user's data folder.

Each running window owns one ``autosave-<pid>-<n>`` set of files: the list itself
(``.warband.yaml``, the normal format, so it can also be opened by hand), a small ``.json``
saying where it came from, and a ``.lock`` held for the window's lifetime. At start-up an
autosave whose lock can be taken belongs to a process that is gone — it crashed — and is
offered back; one whose lock is held belongs to another window still running and is left
alone. A clean save or a clean exit removes the window's files.
"""

from __future__ import annotations

import itertools
import json
import os
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QLockFile

from builder import paths
from builder.data import load_warband, warband_text, write_atomic
from builder.model import Warband

PREFIX = "autosave-"
SUFFIX = ".warband.yaml"
_serial = itertools.count(1)


@dataclass
class Orphan:
    """An autosave left by a process that did not exit cleanly."""

    list_path: Path
    meta_path: Path
    lock: QLockFile
    origin: Path | None
    """The file the list was opened from (None for a list never saved)."""
    saved: str
    """When it was autosaved (ISO time, local)."""
    name: str

    def load(self) -> Warband:
        """The recovered list; raises ``DataError`` if the autosave itself is damaged."""
        return load_warband(self.list_path)

    def remove(self) -> None:
        for path in (self.list_path, self.meta_path):
            path.unlink(missing_ok=True)
        self.lock.unlock()


class Recovery:
    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder or paths.user_data_dir()
        stem = f"{PREFIX}{os.getpid()}-{next(_serial)}"
        self.list_path = self.folder / f"{stem}{SUFFIX}"
        self.meta_path = self.folder / f"{stem}.json"
        self._lock: QLockFile | None = None
        self._lock_path = self.folder / f"{stem}.lock"

    def write(self, warband: Warband, origin: Path | None) -> None:
        """Write the autosave (atomically, like every save)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        if self._lock is None:
            self._lock = QLockFile(str(self._lock_path))
            self._lock.setStaleLockTime(0)
            self._lock.tryLock(0)
        write_atomic(self.list_path, warband_text(warband))
        meta = {"origin": str(origin) if origin else None, "name": warband.name,
                "saved": datetime.now().isoformat(timespec="seconds")}
        write_atomic(self.meta_path, json.dumps(meta, ensure_ascii=False))

    @property
    def exists(self) -> bool:
        return self.list_path.exists()

    def discard(self) -> None:
        """Forget the autosave: the changes were saved or deliberately thrown away."""
        for path in (self.list_path, self.meta_path):
            path.unlink(missing_ok=True)

    def close(self) -> None:
        self.discard()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    @staticmethod
    def orphans(folder: Path | None = None) -> list[Orphan]:
        """Autosaves whose window is gone, newest first (their locks are taken)."""
        folder = folder or paths.user_data_dir()
        if not folder.is_dir():
            return []
        found: list[Orphan] = []
        for list_path in sorted(folder.glob(f"{PREFIX}*{SUFFIX}")):
            stem = list_path.name[: -len(SUFFIX)]
            lock = QLockFile(str(folder / f"{stem}.lock"))
            lock.setStaleLockTime(0)
            if not lock.tryLock(0):
                continue  # another window, still running, owns it
            meta_path = folder / f"{stem}.json"
            meta: dict[str, object] = {}
            try:
                meta = json.loads(meta_path.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                pass
            origin = meta.get("origin")
            found.append(Orphan(list_path, meta_path, lock,
                                Path(str(origin)) if origin else None,
                                str(meta.get("saved") or ""), str(meta.get("name") or stem)))
        found.sort(key=lambda o: o.saved, reverse=True)
        return found
