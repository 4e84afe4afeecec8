"""Work that must not freeze a window (downloads, reading and checking data), run in a worker
thread: :class:`WorkerTask`, the base of the packs dialog's and the BattleScribe data dialog's
tasks. The work itself is the Qt-free core's; a task only carries it to another thread and its
result back, through ``done``, to the GUI thread."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QThread, Signal
from PySide6.QtWidgets import QWidget


class WorkerTask(QThread):
    """One job in a worker thread (:meth:`work`); ``done`` carries its result, or the
    exception that stopped it (a cancel's included). A task is kept in :attr:`running` until it
    ends, so that closing a dialog never waits on it, nor destroys a thread that still runs
    (make it without a parent)."""

    running: set[WorkerTask] = set()

    done = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        WorkerTask.running.add(self)
        self.finished.connect(self._ended)

    def _ended(self) -> None:
        WorkerTask.running.discard(self)
        self.deleteLater()

    def work(self) -> Any:  # pragma: no cover - each task says what it does
        raise NotImplementedError

    def run(self) -> None:  # the worker thread
        try:
            result: Any = self.work()
        except Exception as exc:  # noqa: BLE001 (shown to the user; the thread must report)
            result = exc
        self.done.emit(result)

    def cancel(self) -> None:
        """Ask the work to stop (from the GUI thread); it ends at its next step."""

    @classmethod
    def stop_all(cls) -> None:
        """Cancel every task of this kind still running and wait for its end (the app is
        quitting: a thread must not outlive it)."""
        for task in list(WorkerTask.running):
            if isinstance(task, cls):
                task.cancel()
                task.wait()
