"""BattleScribe rosters in the window (SPEC §10, issue 39): reading one (what is missing
named, the data dialog offered), making a new one (its game's catalogues, force entries and
cost limits), the roster editor shown in the window's place for the warband panels, and what
only a roster's file needs (its recovery copy).

Nothing of the roster engine or of :mod:`builder.gui.roster` is imported until a roster or a
BattleScribe game is first opened: the first window starts without them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QSettings, Qt, Signal
from PySide6.QtGui import QCursor, QGuiApplication, QUndoStack
from PySide6.QtWidgets import QMainWindow, QStackedWidget

from builder.gui.dialogs import Prompter
from builder.i18n import _

if TYPE_CHECKING:
    from builder.battlescribe.linking import DataSet
    from builder.bsdata.store import Store
    from builder.document.roster import RosterList
    from builder.gui.roster.document import RosterDocument
    from builder.gui.roster.editor import RosterEditor
    from builder.gui.roster.forces import ForceChoice

ROSTER_EXTENSION = ".rosz"
"""What Save As gives a roster whose name says nothing (BattleScribe's own choice)."""


class Rosters(QObject):
    """The window's rosters: the editor and its document, made when first needed."""

    data_wanted = Signal()
    """The user asked for the BattleScribe data dialog (a roster needs data not installed)."""
    status = Signal(str)

    def __init__(self, window: QMainWindow, stack: QUndoStack, prompter: Prompter,
                 settings: QSettings, pages: QStackedWidget,
                 store: Callable[[], Store] | None = None) -> None:
        super().__init__(window)
        self.window, self.stack, self.prompter = window, stack, prompter
        self.settings, self.pages = settings, pages
        self._store = store
        self.doc: RosterDocument | None = None
        self.editor: RosterEditor | None = None

    def store(self) -> Store:
        if self._store is not None:
            return self._store()
        from builder.bsdata.store import Store

        return Store()

    # -- the editor ---------------------------------------------------------------------

    def show(self, roster: RosterList) -> RosterEditor:
        """``roster`` in the editor (made the first time), in the window's place."""
        if self.doc is None or self.editor is None:
            from builder.gui.roster.document import RosterDocument
            from builder.gui.roster.editor import RosterEditor

            self.doc = RosterDocument(roster, parent=self)
            self.editor = RosterEditor(self.doc, self.stack, ask_force=self.ask_force)
            self.editor.status.connect(self.status)
            self.pages.addWidget(self.editor)
            if not self.editor.restore_layout(self.settings):
                self.editor.default_sizes(self.window.width())
        else:
            self.doc.replace(roster)
        self.pages.setCurrentWidget(self.editor)
        return self.editor

    def save_layout(self) -> None:
        if self.editor is not None:
            self.editor.save_layout(self.settings)

    # -- reading ------------------------------------------------------------------------

    def read(self, path: Path, *, quiet: bool = False) -> RosterList | None:
        """The roster in ``path`` with its data; None when it cannot be read (the user was
        told why, unless ``quiet``: every problem as ``FILE:LINE:COLUMN: message``, or what
        data is missing, with the data dialog offered)."""
        from builder.battlescribe import ReadError
        from builder.document.roster import RosterList

        QGuiApplication.setOverrideCursor(QCursor(Qt.CursorShape.WaitCursor))
        try:
            roster = RosterList.load(path, store=self.store())
        except (ReadError, OSError) as problem:
            QGuiApplication.restoreOverrideCursor()
            if not quiet:
                self._say_unread(path, problem)
            return None
        QGuiApplication.restoreOverrideCursor()
        for note in roster.notes:
            self.status.emit(str(note))
        return roster

    def _say_unread(self, path: Path, problem: Exception) -> None:
        """Why a roster could not be opened: what data is missing (with the data dialog
        offered), every problem as ``FILE:LINE:COLUMN: message``, or the system's words."""
        from builder.battlescribe import ReadError
        from builder.battlescribe.rosterio import MissingData

        if isinstance(problem, MissingData):
            if self.prompter.show_missing_data(path, problem.missing):
                self.data_wanted.emit()
        elif isinstance(problem, ReadError):
            self.prompter.show_error(_("Could not open the roster"),
                                     _("{file} could not be opened.").format(file=path.name),
                                     "\n".join(str(p) for p in problem.problems))
        elif isinstance(problem, OSError):  # (a file gone or unreadable meanwhile)
            self.prompter.show_load_error(path, problem)

    def read_copy(self, path: Path, origin: Path | None) -> RosterList | None:
        """A recovered roster (its autosave at ``path``), as a roster of ``origin``."""
        roster = self.read(path)
        if roster is not None:
            roster.path = origin
        return roster

    # -- a new roster ---------------------------------------------------------------------

    def games(self) -> list[tuple[str, str]]:
        """(id, name) of every installed BattleScribe game system (read from the store's
        own list: no data file is read)."""
        return [(ident, record.name) for ident, record in self.store().systems().items()]

    def loader(self, system_id: str) -> Callable[[str], DataSet | None]:
        """Reads the game system with one catalogue (and what it links), each once."""
        from builder.battlescribe import ReadError
        from builder.bsdata.finding import Wanted, find_data

        made: dict[str, DataSet | None] = {}
        store = self.store()

        def load(catalogue_id: str) -> DataSet | None:
            if catalogue_id not in made:
                try:
                    made[catalogue_id] = find_data(
                        Wanted("gameSystem", system_id),
                        [Wanted("catalogue", catalogue_id)], store=store).data
                except (ReadError, OSError):
                    made[catalogue_id] = None
            return made[catalogue_id]

        return load

    def catalogues(self, system_id: str) -> list[tuple[str, str]]:
        """(id, name) of the game's catalogues a force can be from (not its libraries)."""
        record = self.store().get(system_id)
        if record is None:
            return []
        return [(c.id, c.name) for c in sorted(record.catalogues, key=lambda c: c.name.casefold())
                if not c.library]

    def new(self, system_id: str, system_name: str) -> RosterList | None:
        """File → New for a BattleScribe game: its name, limits and first force asked; None
        when cancelled."""
        from builder.battlescribe.engine.editing import Editor
        from builder.document.roster import RosterList

        load = self.loader(system_id)
        answer = self.prompter.ask_new_roster(system_name, self.catalogues(system_id), load,
                                              _("New roster"))
        if answer is None:
            return None
        data = load(answer.force.catalogue_id)
        if data is None:
            self.prompter.show_error(_("Could not make the roster"), _(
                "The data of {game} cannot be read.").format(game=system_name))
            return None
        roster = RosterList(data, Editor(data, answer.name))
        for type_id, limit in answer.limits.items():
            if any(t.id == type_id for t in roster.roster.cost_types()):
                roster.editor.set_cost_limit(type_id, -1.0 if limit is None else limit)
        roster.add_force(answer.force.entry_id, answer.force.catalogue_id)
        return roster

    # -- another force ------------------------------------------------------------------

    def ask_force(self, editor: RosterEditor) -> ForceChoice | None:
        """*Add force…*: a catalogue of the roster's game and one of its force entries (or a
        child force of the force under the cursor). A catalogue the roster's data does not
        hold yet is read in, the roster linked to it anew (the answer's ``relinked``)."""
        from dataclasses import replace

        from builder.battlescribe.engine.roster import Category, Force, Selection

        doc = editor.doc
        system = doc.roster.game_system
        loaded = doc.list.data
        current = editor.tree.current()
        force = current.force if isinstance(current, Category | Selection) else current
        children = list(force.entry.force_entries) if isinstance(force, Force) else []
        catalogues = self.catalogues(system.id) or [
            (c.id, c.name) for c in loaded.catalogues.values() if not c.library]
        read = self.loader(system.id)

        def load(catalogue_id: str) -> DataSet | None:
            return loaded if catalogue_id in loaded.catalogues else read(catalogue_id)

        first = force.catalogue.id if isinstance(force, Force) else None
        choice = self.prompter.ask_force(catalogues, load, first, children)
        if choice is None or choice.catalogue_id in loaded.catalogues:
            return choice
        relinked = self._relinked(doc, choice.catalogue_id)
        return replace(choice, relinked=relinked) if relinked is not None else None

    def _relinked(self, doc: RosterDocument, catalogue_id: str) -> RosterList | None:
        """The roster linked anew to its data read again with ``catalogue_id`` besides what
        it holds (None when that cannot be read: the user was told why)."""
        from builder.battlescribe import ReadError
        from builder.battlescribe.engine.editing import Editor
        from builder.battlescribe.rosterio import read_roster, roster_xml
        from builder.bsdata.finding import Wanted, find_data
        from builder.document.roster import RosterList

        old = doc.list
        wanted = [Wanted("catalogue", ident) for ident in [*old.data.catalogues, catalogue_id]]
        try:
            data = find_data(Wanted("gameSystem", old.system), wanted, store=self.store()).data
            loaded = read_roster(roster_xml(old.roster, old.editor.evaluation).encode("utf-8"),
                                 str(old.path or old.name), data)
        except (ReadError, OSError) as error:
            self.prompter.show_error(_("Could not add the force"), _(
                "The catalogue could not be read."), str(error))
            return None
        return RosterList(data, Editor(data, roster=loaded.roster), path=old.path,
                          event=old.event)

    # -- play ------------------------------------------------------------------------------

    def game(self, roster_path: Path) -> Any:
        """The open roster's game (:class:`~builder.gui.play.roster.RosterGame`), kept beside
        ``roster_path`` (Game → Start game)."""
        from builder.export.roster.summary import summarise_roster
        from builder.gui.play.roster import RosterGame

        assert self.doc is not None
        return RosterGame(self.window, summarise_roster(self.doc.roster), roster_path)

    # -- recovery ------------------------------------------------------------------------

    def recovery_copy(self) -> tuple[str, dict[str, Any]] | None:
        """The open roster as its autosave holds it: the roster file's XML, and where it came
        from."""
        if self.doc is None:
            return None
        from builder.battlescribe.rosterio import roster_xml

        roster = self.doc.list
        return roster_xml(roster.roster, roster.editor.evaluation), {
            "origin": str(roster.path) if roster.path else None, "name": roster.name}
