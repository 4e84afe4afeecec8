"""The game systems and factions a window works with: reading them again, the data problems
dialog, and the faction editor (one per window, its lifetime tied to the window's)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject, QSettings
from PySide6.QtWidgets import QMainWindow, QWidget

from builder.data import Catalogue
from builder.gui.dialogs import Prompter
from builder.gui.document import WarbandDocument
from builder.i18n import _, ngettext


class GameData(QObject):
    def __init__(self, window: QMainWindow, doc: WarbandDocument, prompter: Prompter,
                 extra_data: Iterable[str | Path] = (), *,
                 settings: QSettings | None = None) -> None:
        super().__init__(window)
        self.settings = settings
        self.window, self.doc, self.prompter = window, doc, prompter
        self.extra_data = list(extra_data)
        self._editor: QWidget | None = None

    def reload(self) -> Catalogue:
        """Read the faction files again (after the faction editor saved one), refresh the
        catalogue and re-validate the open list against the new data."""
        self.doc.set_catalogue(Catalogue.load(self.extra_data))
        editor = self.editor()
        if editor is not None and hasattr(editor, "set_catalogue"):
            editor.set_catalogue(self.doc.catalogue)  # its list shows the same data as ours
        problems = len(self.doc.catalogue.problems)
        self.window.statusBar().showMessage(
            ngettext("Game and faction data reloaded — {n} file with problems",
                     "Game and faction data reloaded — {n} files with problems",
                     problems).format(n=problems) if problems
            else _("Game and faction data reloaded"), 4000)
        return self.doc.catalogue

    def add_data(self, folder: str) -> None:
        """Load ``folder``'s data with the rest from now on (as ``--data``), at once."""
        if folder not in map(str, self.extra_data):
            self.extra_data.append(folder)
            self.reload()

    def show_problems(self) -> None:
        """The problems, with a way to fix, show or delete each file; the data is read
        again after each change."""
        self.prompter.show_data_problems(self.doc.catalogue.problems, self.doc.catalogue,
                                         self.reload)

    # -- the faction editor -----------------------------------------------------------------

    def editor(self) -> QWidget | None:
        """The window's faction editor, while it exists."""
        editor = self._editor
        return editor if editor is not None and shiboken6.isValid(editor) else None

    def open_editor(self) -> QWidget | None:
        try:
            from builder.gui.editor import FactionEditor
        except ImportError as exc:
            self.prompter.show_error(_("Faction editor not available"),
                                     _("The faction editor could not be started."), str(exc))
            return None
        editor = self.editor()
        if editor is not None and editor.isVisible():
            if isinstance(editor, FactionEditor):  # a new faction's game: the list's now
                editor.list_game = self.list_game()
            editor.raise_()
            editor.activateWindow()
            return editor
        made = FactionEditor(self.doc.catalogue, parent=self.window,
                             faction_id=self.doc.warband.faction, game_id=self.list_game(),
                             settings=self.settings)
        made.faction_saved.connect(lambda _fid: self.reload())
        made.system_imported.connect(lambda _sid: self.reload())
        made.faction_deleted.connect(lambda _fid: self.reload())
        made.files_changed.connect(self.reload)
        self._editor = made
        made.show()
        return made

    def list_game(self) -> str | None:
        """The game of the open list (its faction's), None when its faction is not loaded."""
        faction = self.doc.faction
        return faction.game.id if faction is not None and faction.attached else None

    def new_faction(self, game_id: str) -> None:
        """The faction editor, starting a faction for ``game_id``."""
        editor = self.open_editor()
        if editor is not None and hasattr(editor, "new_faction"):
            editor.new_faction(game_id)

    def close_editor(self) -> bool:
        """Close the faction editor first when the window closes: False when it stays open
        (it asked about unsaved work of its own and the user cancelled)."""
        editor = self.editor()
        return editor is None or not editor.isVisible() or editor.close()
