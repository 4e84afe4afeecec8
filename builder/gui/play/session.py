"""One game of one list in the app: its plan, its state and its undo stack; every state
shown is saved at once beside the list (a crash or ``kill -9`` loses nothing)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

if TYPE_CHECKING:
    from builder.play.plan import Plan
    from builder.play.state import State

log = logging.getLogger(__name__)


class _Change(QUndoCommand):
    def __init__(self, session: GameSession, before: State, after: State, text: str) -> None:
        super().__init__(text)
        self.session, self.before, self.after = session, before, after

    def redo(self) -> None:
        self.session.show(self.after)

    def undo(self) -> None:
        self.session.show(self.before)


class GameSession(QObject):
    """One game of one list: its plan, its state, its undo stack; every state shown is
    saved to ``path`` at once."""

    changed = Signal()
    save_failed = Signal(str)

    def __init__(self, plan: Plan, state: State, path: Path, parent: QObject | None = None
                 ) -> None:
        super().__init__(parent)
        self.plan, self.state, self.path = plan, state, path
        self.stack = QUndoStack(self)
        self.saved, self.problem = True, ""
        self._write()

    def apply(self, after: State, text: str) -> None:
        """A change the player made (nothing when the state stayed the same)."""
        if after is not self.state and after != self.state:
            self.stack.push(_Change(self, self.state, after, text))

    def show(self, state: State) -> None:
        self.state = state
        self._write()
        self.changed.emit()

    def _write(self) -> None:
        from builder.play.state import save_game

        try:
            save_game(self.path, self.state)
        except OSError as exc:  # a full disk must not stop the game: say so, keep playing
            log.warning("game autosave failed: %s", exc)
            self.problem = exc.strerror or str(exc)
            if self.saved:
                self.save_failed.emit(self.problem)
            self.saved = False
        else:
            self.saved = True

    def end(self) -> None:
        """The game is over: its file goes."""
        self.path.unlink(missing_ok=True)
