"""The main window as its helpers see it: a narrow face instead of the window's insides.

Sharing, data packs, play mode and the window's own controllers are handed a :class:`Host`
(the main window satisfies it) and a ``QMainWindow`` to parent their widgets to; none of them
imports :mod:`builder.gui.mainwindow` (only :mod:`builder.gui.app` does). A new panel or
controller that needs more of the window adds it here, by name, rather than reaching into it.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QStatusBar

    from builder.data import Catalogue
    from builder.gui.actions import Actions
    from builder.gui.dialogs import Prompter
    from builder.gui.document import WarbandDocument
    from builder.model import Warband
    from builder.play.plan import Plan


class OpenList(Protocol):
    """The open list, whatever its kind (a warband or a BattleScribe roster)."""

    @property
    def name(self) -> str: ...

    @property
    def path(self) -> Path | None: ...

    def text(self, style: str = "plain") -> str: ...

    def fingerprint(self) -> str: ...

    def play_plan(self) -> Plan | None: ...


class Files(Protocol):
    """The open list's file: what helpers may ask of the window's file controller."""

    kind: str
    """``warband`` or ``roster``: the kind of list open."""

    @property
    def current(self) -> OpenList: ...

    def maybe_save(self) -> bool: ...

    def is_modified(self) -> bool: ...

    def save(self) -> bool: ...

    def load_path(self, path: Path, *, confirmed: bool = False) -> bool: ...

    def open_untitled(self, warband: Warband, message: str) -> None: ...

    def last_folder(self) -> str: ...


class GameData(Protocol):
    """The loaded game systems and factions."""

    def reload(self) -> Catalogue: ...


class Host(Protocol):
    """What a helper of the main window may use of it."""

    doc: WarbandDocument
    stack: QUndoStack
    act: Actions
    prompter: Prompter
    settings: QSettings

    @property
    def files(self) -> Files: ...

    @property
    def gamedata(self) -> GameData: ...

    def statusBar(self) -> QStatusBar: ...  # noqa: N802 (Qt's name)

    def shown_combatant(self) -> str | None:
        """The combatant whose profile is shown (from the roster or the catalogue)."""
        ...
