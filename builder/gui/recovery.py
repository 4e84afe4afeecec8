"""Crash recovery: unsaved changes are written to the user's data folder as they are made.

Each running window owns one ``autosave-<pid>-<n>`` set of files: the document itself (for a
list ``.warband.yaml``, the normal format, so it can also be opened by hand), a small ``.json``
saying where it came from, and a ``.lock`` held for the window's lifetime. At start-up an
autosave whose lock can be taken belongs to a process that is gone — it crashed — and is
offered back; one whose lock is held belongs to another window still running and is left
alone. A clean save or a clean exit removes the window's files.

:class:`Autosaver` writes the copy a moment after each change (debounced), so a process killed
outright loses at most the edit being made. Where the folder cannot be written (a read-only
home, a full disk) recovery turns off and says so once; editing and saving go on.

Nothing here knows what a list is beyond :class:`ListRecovery`: another kind of document
(a game in progress) uses its own prefix and suffix and the same :class:`Autosaver`.
"""

from __future__ import annotations

import errno
import itertools
import json
import logging
import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QLockFile, QObject, QTimer, Signal

from builder.data import load_warband, write_atomic
from builder.i18n import _
from builder.model import Warband
from builder.plumbing import paths
from builder.plumbing.atomic import remove_leftovers
from builder.plumbing.reading import Unreadable, load_json

log = logging.getLogger(__name__)

PREFIX = "autosave-"
SUFFIX = ".warband.yaml"
DEBOUNCE_MS = 250
"""The copy is written this long after the last change: a burst of typing is one write."""
LONGEST_WAIT_MS = 2_000
"""…but never later than this after the first change still unwritten (typing without a pause)."""
_serial = itertools.count(1)

MAX_META_BYTES = 64 * 1024
"""A recovery note is a few lines of JSON (origin, time saved, name)."""


@dataclass
class Orphan:
    """An autosave left by a process that did not exit cleanly."""

    list_path: Path
    meta_path: Path
    lock: QLockFile
    origin: Path | None
    """The file the document was opened from (None for one never saved)."""
    saved: str
    """When it was autosaved (ISO time, local)."""
    name: str

    def load(self) -> Warband:
        """The recovered list; raises ``DataError`` (or ``OSError``) if it cannot be read."""
        return load_warband(self.list_path)

    def remove(self) -> None:
        _remove(self.list_path, self.meta_path)
        self.lock.unlock()


def _remove(*files: Path) -> None:
    """Delete what can be deleted: on a read-only file system even removing a file that is
    not there fails (EROFS), and that must never stop the user."""
    for path in files:
        try:
            path.unlink(missing_ok=True)
        except OSError as exc:
            log.debug("could not remove %s: %s", path, exc)


class Recovery:
    """The autosave files of one window."""

    def __init__(self, folder: Path | None = None, *, prefix: str = PREFIX,
                 suffix: str = SUFFIX) -> None:
        self.folder = folder or paths.user_data_dir()
        self.prefix, self.suffix = prefix, suffix
        stem = f"{prefix}{os.getpid()}-{next(_serial)}"
        self.list_path = self.folder / f"{stem}{suffix}"
        self.meta_path = self.folder / f"{stem}.json"
        self._lock: QLockFile | None = None
        self._lock_path = self.folder / f"{stem}.lock"

    def claim(self) -> None:
        """Make the folder and hold this window's lock; raises ``OSError`` when the folder
        cannot be written (then there can be no recovery)."""
        if self._lock is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        lock = QLockFile(str(self._lock_path))
        lock.setStaleLockTime(0)
        if not lock.tryLock(0):
            if lock.error() != QLockFile.LockError.LockFailedError:
                _system_reason(self._lock_path)  # raises the system's own words, if it can
            raise PermissionError(errno.EACCES, _lock_problem(lock), str(self._lock_path))
        self._lock = lock

    def save(self, text: str, meta: dict[str, Any]) -> None:
        """Write the document's text and what is known of it (atomically, like every save);
        raises ``OSError`` when it cannot be written."""
        self.claim()
        write_atomic(self.list_path, text)
        meta = {**meta, "saved": datetime.now().isoformat(timespec="seconds")}
        write_atomic(self.meta_path, json.dumps(meta, ensure_ascii=False))

    def write(self, warband: Warband, origin: Path | None) -> None:
        """Autosave a list opened from ``origin`` (None: never saved)."""
        self.save(*list_copy(warband, origin))

    @property
    def exists(self) -> bool:
        return self.list_path.exists()

    def discard(self) -> None:
        """Forget the autosave: the changes were saved or deliberately thrown away. Never
        raises."""
        _remove(self.list_path, self.meta_path)

    def close(self) -> None:
        self.discard()
        if self._lock is not None:
            self._lock.unlock()
            self._lock = None

    @staticmethod
    def orphans(folder: Path | None = None, *, prefix: str = PREFIX,
                suffix: str = SUFFIX) -> list[Orphan]:
        """Autosaves whose window is gone, newest first (their locks are taken). The locks
        that crashed windows left without an autosave are removed."""
        folder = folder or paths.user_data_dir()
        remove_leftovers(folder)  # (of an autosave killed midway)
        try:
            found_files = sorted(folder.glob(f"{prefix}*{suffix}")) if folder.is_dir() else []
            locks = sorted(folder.glob(f"{prefix}*.lock")) if folder.is_dir() else []
        except OSError:
            return []
        found: list[Orphan] = []
        for list_path in found_files:
            stem = list_path.name[: -len(suffix)]
            lock = QLockFile(str(folder / f"{stem}.lock"))
            lock.setStaleLockTime(0)
            if not lock.tryLock(0):
                continue  # another window, still running, owns it (or nothing can be written)
            meta_path = folder / f"{stem}.json"
            meta: dict[str, object] = {}
            try:
                meta = load_json(meta_path, MAX_META_BYTES)
            except Unreadable:
                pass
            if not isinstance(meta, dict):
                meta = {}
            origin = meta.get("origin")
            found.append(Orphan(list_path, meta_path, lock,
                                Path(str(origin)) if origin else None,
                                str(meta.get("saved") or ""), str(meta.get("name") or stem)))
        stems = {p.name[: -len(suffix)] for p in found_files}
        for lock_path in locks:
            if lock_path.name[: -len(".lock")] not in stems:
                stale = QLockFile(str(lock_path))
                stale.setStaleLockTime(0)
                if stale.tryLock(0):
                    stale.unlock()  # (removes the file)
        found.sort(key=lambda o: o.saved, reverse=True)
        return found


def list_copy(warband: Warband, origin: Path | None) -> tuple[str, dict[str, Any]]:
    """What a list's autosave holds: its text and where it came from. The text is the
    list's data as JSON — which is YAML, so the copy opens like any list — because it is
    written after every change: the YAML writer takes 20 ms for a 200-entry list and a
    quarter of a second for 2,000, the JSON encoder a twentieth of that."""
    return copy_text(warband.to_data()), {"origin": str(origin) if origin else None,
                                          "name": warband.name}


_NOT_YAML = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]")
"""What JSON leaves raw but YAML reads otherwise: YAML's own line breaks (folded inside a
quoted text), and characters a YAML stream may not hold. Escaped, they read back as they were."""


_ENCODER = json.JSONEncoder(ensure_ascii=False)


def copy_text(data: dict[str, Any]) -> str:
    """A document's data as JSON that YAML reads back the same, one item of a list per line
    (the copy can be looked at in an editor)."""
    dumps = _ENCODER.encode
    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value:
            items = ",\n  ".join(map(dumps, value))
            lines.append(f"{dumps(key)}: [\n  {items}\n ]")
        else:
            lines.append(f"{dumps(key)}: {dumps(value)}")
    text = "{\n " + ",\n ".join(lines) + "\n}\n"
    return _NOT_YAML.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _system_reason(path: Path) -> None:
    """Raise the ``OSError`` that creating ``path`` meets (QLockFile says only that it
    failed): "Read-only file system", "Permission denied"…"""
    with open(path, "ab"):
        pass
    _remove(path)


def _lock_problem(lock: QLockFile) -> str:
    if lock.error() == QLockFile.LockError.LockFailedError:
        return _("the autosave is in use by another window")
    return _("the folder cannot be written")


class Autosaver(QObject):
    """Writes a document's recovery copy a moment after each change.

    ``snapshot`` gives what to write — ``(text, meta)`` — or None when there is nothing
    unsaved (the copy is then removed). Call :meth:`changed` after every change, :meth:`flush`
    to write at once, :meth:`discard` after a save. The first time the copy cannot be written
    recovery turns off and ``turned_off`` is emitted with the reason (once).
    """

    turned_off = Signal(str)

    def __init__(self, recovery: Recovery,
                 snapshot: Callable[[], tuple[str, dict[str, Any]] | None],
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.recovery = recovery
        self._snapshot = snapshot
        self.problem: str | None = None
        """Why recovery is off (None while it works)."""
        self._first_pending: float | None = None
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(DEBOUNCE_MS)
        self.timer.timeout.connect(self.flush)

    @property
    def on(self) -> bool:
        return self.problem is None

    def check(self) -> bool:
        """Whether the recovery folder can be written (it is tried now, once); False turns
        recovery off as a failed write does."""
        if self.on:
            try:
                self.recovery.claim()
            except OSError as exc:
                self._turn_off(exc)
        return self.on

    def changed(self) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if self._first_pending is None:
            self._first_pending = now
        if (now - self._first_pending) * 1000 >= LONGEST_WAIT_MS:
            self.flush()
        else:
            self.timer.start()

    def flush(self) -> None:
        """Write the copy now (or remove it when nothing is unsaved)."""
        self.timer.stop()
        self._first_pending = None
        if not self.on:
            return
        taken = self._snapshot()
        if taken is None:
            self.recovery.discard()
            return
        try:
            self.recovery.save(*taken)
        except OSError as exc:
            self._turn_off(exc)

    def discard(self) -> None:
        self.timer.stop()
        self._first_pending = None
        self.recovery.discard()

    def close(self) -> None:
        self.timer.stop()
        self.recovery.close()

    def _turn_off(self, exc: OSError) -> None:
        self.problem = exc.strerror or str(exc)
        log.warning("crash recovery is off: %s", exc)
        self.recovery.discard()
        self.turned_off.emit(self.problem)
