"""The faction editor window: which factions exist, which one is open, and the file actions.

Built-in factions are shown read-only ("Duplicate to edit" copies one into a new faction with
a new id); the user's factions are files in ``paths.user_factions_dir()``, which the app and
the CLI load next to the built-in ones. Save and Import write only into that folder and then
emit ``faction_saved`` so that the main window can reload its catalogue.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QUndoGroup
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from builder.data import Catalogue
from builder.gui.actions import ADD_KEY, DUPLICATE_KEY
from builder.gui.dialogs.datafiles import TextFileEditor
from builder.gui.editor.document import (
    FactionDocument,
    faction_form_data,
    new_faction_data,
    unique_id,
)
from builder.gui.editor.filing import FactionEntry, FactionFiles, in_user_folder, same_file
from builder.gui.editor.pane import FactionPane
from builder.gui.editor.prompts import Prompts
from builder.gui.focus import show_focus
from builder.gui.screenfit import fit_window
from builder.gui.undokeys import UndoKeys
from builder.gui.widgets import own_style
from builder.i18n import _, ngettext
from builder.model import DEFAULT_SYSTEM, Faction, System
from builder.model.text import display
from builder.plumbing import paths

BROKEN_FILE_ROLE = Qt.ItemDataRole.UserRole + 1
"""On a list item of a file that cannot be read: its path."""




class FactionEditor(QMainWindow):
    """Create, edit, import and export factions (issue 5).

    ``faction_saved(id)`` is emitted after Save or Import wrote a file into the user folder.
    """

    faction_saved = Signal(str)
    system_imported = Signal(str)
    faction_deleted = Signal(str)
    """A faction of the user's was deleted (its id): the app reads its data again."""
    files_changed = Signal()
    """A data file was fixed as text: the app reads its data again."""

    def __init__(self, catalogue: Catalogue, parent: QWidget | None = None, *,
                 faction_id: str | None = None, game_id: str | None = None,
                 settings: QSettings | None = None) -> None:
        super().__init__(parent)
        self.settings = settings if settings is not None else QSettings()
        """Where the last pack exported of each faction is remembered (the app's)."""
        self.list_game = game_id
        """The game of the list the main window has open: a new faction's game by default
        (issue 41 item 11)."""
        self.setWindowTitle(_("Factions") + "[*]")
        fit_window(self, 1180, 820)  # or what a smaller screen has room for
        self.prompts = Prompts(self)
        """Replace to answer questions from a script (tests)."""
        self._catalogue = catalogue
        self.entries: dict[str, FactionEntry] = {}
        self.pane: FactionPane | None = None
        self.text_editor: TextFileEditor | None = None
        self.undo_group = QUndoGroup(self)
        self.files = FactionFiles(self, self)
        """Save, export, import and delete (:mod:`builder.gui.editor.filing`)."""
        self.files.faction_saved.connect(self.faction_saved)
        self.files.system_imported.connect(self.system_imported)
        self.files.faction_deleted.connect(self.faction_deleted)
        self.undo_group.cleanChanged.connect(self.update_title)

        self._create_actions()
        self._create_menus()

        self.faction_list = QListWidget()
        self.faction_list.setMinimumWidth(200)
        # a long game's name wraps rather than hiding behind a sideways scroll bar
        self.faction_list.setWordWrap(True)
        self.faction_list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.faction_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        show_focus(self.faction_list)
        # selection, not the current item: focusing an empty list makes an item current
        # without selecting it, and that must not open (and ask to leave) anything
        self.faction_list.itemSelectionChanged.connect(self._list_selection_changed)
        self.new_button = QPushButton(_("New"))
        self.duplicate_button = QPushButton(_("Duplicate"))
        self.import_button = QPushButton(_("Import…"))
        self.export_button = QPushButton(_("Export…"))
        self.delete_button = QPushButton(_("Delete…"))
        for button, action in ((self.new_button, self.new_action),
                               (self.duplicate_button, self.duplicate_action),
                               (self.import_button, self.import_action),
                               (self.export_button, self.export_action),
                               (self.delete_button, self.delete_action)):
            button.setToolTip(action.toolTip())
            button.clicked.connect(action.trigger)
        left = QWidget()
        col = QVBoxLayout(left)
        col.setContentsMargins(6, 6, 0, 6)
        title = QLabel(_("Factions"))
        own_style(title, "font-weight: bold;")
        col.addWidget(title)
        col.addWidget(self.faction_list, 1)
        grid = QHBoxLayout()
        grid.addWidget(self.new_button)
        grid.addWidget(self.duplicate_button)
        col.addLayout(grid)
        grid = QHBoxLayout()
        grid.addWidget(self.import_button)
        grid.addWidget(self.export_button)
        col.addLayout(grid)
        grid = QHBoxLayout()
        grid.addWidget(self.delete_button)
        grid.addStretch(1)
        col.addLayout(grid)
        self.folder_label = QLabel()
        self.folder_label.setWordWrap(True)
        self.folder_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        own_style(self.folder_label, "color: palette(placeholder-text);")
        col.addWidget(self.folder_label)

        self.placeholder = QLabel(_("Choose a faction on the left, or make a new one."))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.center = QStackedWidget()
        self.center.addWidget(self.placeholder)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.center)
        splitter.setStretchFactor(1, 1)
        self.splitter = splitter
        self.setCentralWidget(splitter)

        self.set_catalogue(catalogue)
        left_width = self._list_width()
        splitter.setSizes([left_width, max(0, self.width() - left_width)])
        first = self.entries.get(faction_id) if faction_id else None  # the list's faction
        first = first or next((e for e in self.entries.values() if not e.builtin), None) or \
            next(iter(self.entries.values()), None)
        if first is not None:
            self.open_faction(first.faction.id)
        self._update_actions()

    # -- actions ---------------------------------------------------------------------------

    def _create_actions(self) -> None:
        """Every command of the window, with the platform's standard shortcuts."""
        Key = QKeySequence | QKeySequence.StandardKey | str | None

        def action(text: str, tip: str, slot: Callable[[], object], key: Key = None) -> QAction:
            act = QAction(text, self)
            act.setToolTip(tip)
            act.setStatusTip(tip)
            if key is not None:
                act.setShortcut(QKeySequence(key))
            act.triggered.connect(lambda _checked=False: slot())
            self.addAction(act)
            return act

        keys = QKeySequence.StandardKey
        self.new_action = action(_("&New faction"), _("Start a new faction of your own"),
                                 self.new_faction, keys.New)
        self.duplicate_action = action(_("&Duplicate to edit"),
                                       _("Copy this faction into a new one you can edit"),
                                       self.duplicate_faction, DUPLICATE_KEY)
        self.save_action = action(_("&Save"), _("Save this faction into your factions folder"),
                                  self.save, keys.Save)
        self.import_action = action(_("&Import…"), _("Check a faction or game system file and "
                                                     "copy it into your data folder"),
                                    self.import_faction, keys.Open)
        self.export_action = action(_("&Export…"), _("Save a copy of this faction anywhere, "
                                                     "to share it"),
                                    self.export_faction, keys.SaveAs)
        self.export_pack_action = action(_("Export as &pack…"), _(
            "Write this faction as a data pack (.swpack) that players install and update"),
            self.export_pack)
        self.delete_action = action(_("De&lete faction…"), _("Delete this faction of yours "
                                                              "(its file goes to the trash)"),
                                    self.delete_faction)
        self.close_action = action(_("&Close"), _("Close the faction editor"), self.close,
                                   keys.Close)
        self.add_action = action(_("&Add combatant"), _("Add a combatant after the selected "
                                                        "one (an ability on the glossary "
                                                        "tab, a pick on the picks tab)"),
                                 self._add_item, ADD_KEY)
        self.next_tab_action = action(_("&Next page"), _("Show the next tab page"),
                                      lambda: self._step_tab(+1), None)
        self.next_tab_action.setShortcuts([QKeySequence("Ctrl+Tab"),
                                           QKeySequence("Ctrl+PgDown")])
        self.previous_tab_action = action(_("&Previous page"), _("Show the previous tab page"),
                                          lambda: self._step_tab(-1), None)
        self.previous_tab_action.setShortcuts([QKeySequence("Ctrl+Shift+Tab"),
                                               QKeySequence("Ctrl+Shift+Backtab"),
                                               QKeySequence("Ctrl+PgUp")])
        self.undo_action = self.undo_group.createUndoAction(self, _("&Undo"))
        self.redo_action = self.undo_group.createRedoAction(self, _("&Redo"))
        # the faction's undo stack owns the keys, in every field of the editor too
        self.undo_keys = UndoKeys(self, self.undo_action, self.redo_action)
        self.addAction(self.undo_action)
        self.addAction(self.redo_action)

    def _create_menus(self) -> None:
        menu = self.menuBar().addMenu(_("&File"))
        for act in (self.new_action, self.duplicate_action, None, self.save_action,
                    self.import_action, self.export_action, self.export_pack_action, None,
                    self.delete_action, None,
                    self.close_action):
            if act is None:
                menu.addSeparator()
            else:
                menu.addAction(act)
        menu = self.menuBar().addMenu(_("&Edit"))
        menu.addAction(self.undo_action)
        menu.addAction(self.redo_action)
        menu.addSeparator()
        menu.addAction(self.add_action)
        menu = self.menuBar().addMenu(_("&View"))
        menu.addAction(self.next_tab_action)
        menu.addAction(self.previous_tab_action)
        bar = self.addToolBar(_("Faction"))
        bar.setObjectName("factionToolBar")
        bar.setMovable(False)
        for act in (self.save_action, self.undo_action, self.redo_action):
            bar.addAction(act)

    def _add_item(self) -> None:
        if self.pane is not None:
            self.pane.add_item()

    def _step_tab(self, step: int) -> None:
        if self.pane is not None:
            self.pane.step_tab(step)

    def _update_add_text(self) -> None:
        if self.pane is not None:
            self.add_action.setText(self.pane.add_label())

    def _update_actions(self) -> None:
        pane = self.pane
        self.save_action.setEnabled(pane is not None and not pane.read_only)
        self.duplicate_action.setEnabled(pane is not None)
        self.export_action.setEnabled(pane is not None)
        self.export_pack_action.setEnabled(pane is not None)
        self.duplicate_button.setEnabled(pane is not None)
        self.export_button.setEnabled(pane is not None)
        self.delete_action.setEnabled(pane is not None and not pane.read_only)
        self.delete_button.setEnabled(self.delete_action.isEnabled())
        self.add_action.setEnabled(pane is not None and not pane.read_only)
        for act in (self.next_tab_action, self.previous_tab_action):
            act.setEnabled(pane is not None)
        self._update_add_text()

    def update_title(self) -> None:
        pane = self.pane
        if pane is None:
            self.setWindowTitle(_("Factions") + "[*]")
            self.setWindowModified(False)
            return
        name = pane.doc.data.get("name") or pane.doc.data.get("id") or _("faction")
        if pane.read_only:
            name = _("{name} (built-in, read-only)").format(name=name)
        self.setWindowTitle(_("{name}[*] — Factions").format(name=name))
        self.setWindowModified(not pane.stack.isClean())

    # -- the list of factions ------------------------------------------------------------

    def set_catalogue(self, catalogue: Catalogue) -> None:
        """Show the factions of ``catalogue`` (the main window hands over a reloaded one);
        the open faction stays open."""
        self._catalogue = catalogue
        self.entries = {fid: FactionEntry(f, catalogue.files[fid], fid in catalogue.builtin_ids)
                         for fid, f in catalogue.factions.items()}
        self.fill_list()

    @property
    def catalogue(self) -> Catalogue:
        return self._catalogue

    def faction_ids(self) -> list[str]:
        """The factions the list shows, in its order."""
        return [e.faction.id for e in self._sorted_entries()]

    def _sorted_entries(self) -> list[FactionEntry]:
        return sorted(self.entries.values(),
                      key=lambda e: (e.builtin, e.faction.name.casefold(), e.faction.id))

    def _list_width(self) -> int:
        """The faction list's share of the window: its rows uncut (the longest line of the
        widest row, "built-in, read-only · 12 combatants"), within a third of the window."""
        wanted = self.faction_list.sizeHintForColumn(0) + 2 * self.faction_list.frameWidth() \
            + self.faction_list.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 16
        return max(200, min(wanted, self.width() // 3))

    def fill_list(self) -> None:
        folder = paths.user_factions_dir()
        with QSignalBlocker(self.faction_list):
            self.faction_list.clear()
            for entry in self._sorted_entries():
                f = entry.faction
                where = _("built-in, read-only") if entry.builtin else _("yours")
                n = len(f.combatants)
                count = ngettext("{n} combatant", "{n} combatants", n).format(n=n)
                game = display(f.game.name) if f.attached else f.system
                item = QListWidgetItem(f"{f.name}\n    {game}\n    {where} · {count}")
                item.setData(Qt.ItemDataRole.UserRole, f.id)
                item.setToolTip(str(entry.path))
                self.faction_list.addItem(item)
            for problem in self._catalogue.problems:
                path = Path(problem.path)
                if not in_user_folder(path):
                    continue
                item = QListWidgetItem(_("⚠ {file}\n    cannot be read: click to fix it as "
                                         "text").format(file=path.name))
                item.setToolTip(str(problem))
                item.setData(BROKEN_FILE_ROLE, str(path))
                self.faction_list.addItem(item)
        self.folder_label.setText(_("Your factions folder:") + f"\n{folder}")
        self._select_open_in_list()

    def _select_open_in_list(self) -> None:
        with QSignalBlocker(self.faction_list):
            self.faction_list.setCurrentRow(-1)
            self.faction_list.clearSelection()
            if self.pane is None or self.pane.doc.path is None:
                return
            for row in range(self.faction_list.count()):
                item = self.faction_list.item(row)
                fid = item.data(Qt.ItemDataRole.UserRole)
                entry = self.entries.get(fid) if fid else None
                if entry is not None and same_file(entry.path, self.pane.doc.path):
                    self.faction_list.setCurrentRow(row)
                    return

    def _list_selection_changed(self) -> None:
        selected = self.faction_list.selectedItems()
        if not selected:
            return
        broken = selected[0].data(BROKEN_FILE_ROLE)
        if broken:
            self._select_open_in_list()
            self.edit_as_text(Path(broken))
            return
        fid = selected[0].data(Qt.ItemDataRole.UserRole)
        if fid and not self.open_faction(fid):
            self._select_open_in_list()

    # -- opening ---------------------------------------------------------------------------

    def open_faction(self, faction_id: str) -> bool:
        """Open a faction of the list; False when the user kept the current one."""
        entry = self.entries.get(faction_id)
        if entry is None:
            return False
        if self.pane is not None and same_file(self.pane.doc.path, entry.path):
            return True
        if not self.maybe_keep_changes():
            return False
        doc = FactionDocument(faction_form_data(entry.faction), entry.faction.game,
                              path=entry.path, builtin=entry.builtin)
        self.show_document(doc)
        return True

    def new_faction(self, system_id: str | None = None) -> bool:
        """A new faction, of the game ``system_id`` (None: asked)."""
        if not self.maybe_keep_changes():
            return False
        system = self._catalogue.systems.get(system_id) if system_id else self.ask_system()
        if system is None:
            return False
        fid = unique_id("my-faction", self.entries)
        self.show_document(FactionDocument(new_faction_data(fid, _("My faction"), system), system))
        assert self.pane is not None
        self.pane.tabs.setCurrentIndex(0)
        self.pane.faction_form.name_edit.setFocus()
        self.pane.faction_form.name_edit.selectAll()
        return True

    def ask_system(self) -> System | None:
        """The game a new faction is for: asked only when more than one system is loaded,
        the open list's game preselected (else the open faction's, else SphereWars). None
        when the user cancels."""
        systems = sorted(self._catalogue.systems.values(), key=lambda s: display(s.name))
        current = self.list_game if self.list_game in self._catalogue.systems else \
            self.pane.doc.system.id if self.pane is not None and \
            self.pane.doc.system is not None else DEFAULT_SYSTEM
        if len(systems) <= 1:
            return systems[0] if systems else self._catalogue.systems.get(current)
        chosen = self.prompts.choose(_("New faction"), _("Which game is the new faction for?"),
                                     [(s.id, display(s.name)) for s in systems], current)
        return self._catalogue.systems.get(chosen) if chosen else None

    def duplicate_faction(self) -> bool:
        """A copy of the open faction under a new id, ready to edit and save."""
        if self.pane is None or not self.maybe_keep_changes():
            return False
        data = dict(self.pane.doc.data)
        data["id"] = unique_id(f"{data.get('id') or 'faction'}-copy", self.entries)
        data["name"] = _("{name} (copy)").format(name=data.get("name") or _("Faction"))
        self.show_document(FactionDocument(data, self.pane.doc.system,
                                   published_ids=self.pane.doc.published_ids))
        assert self.pane is not None
        self.pane.stack.resetClean()  # a copy not saved yet is a change to keep
        self.statusBar().showMessage(_("Copied: edit it, then Save puts it in your factions "
                                       "folder."), 8000)
        return True

    def show_document(self, doc: FactionDocument) -> None:
        old = self.pane
        pane = FactionPane(doc, lambda title, text, choices: self.prompts.ask(title, text,
                                                                             choices))
        pane.duplicate_requested.connect(self.duplicate_faction)
        pane.stack.cleanChanged.connect(self.update_title)
        pane.tabs.currentChanged.connect(lambda _i: self._update_add_text())
        doc.value_changed.connect(self._doc_value_changed)
        self.undo_group.addStack(pane.stack)
        self.undo_group.setActiveStack(pane.stack)
        self.center.addWidget(pane)
        self.center.setCurrentWidget(pane)
        self.pane = pane
        if old is not None:
            self._retire(old)
        self._pane_changed()
        self.statusBar().clearMessage()

    def _doc_value_changed(self, path: tuple[object, ...]) -> None:
        if path and path[0] == "name":
            self.update_title()

    def maybe_keep_changes(self) -> bool:
        """Before the open faction goes away: save, discard or cancel. True to go on."""
        pane = self.pane
        if pane is None or pane.stack.isClean() or pane.read_only:
            return True
        name = pane.doc.data.get("name") or pane.doc.data.get("id") or _("this faction")
        answer = self.prompts.ask(_("Unsaved changes"),
                                  _("Save the changes to “{name}”?").format(name=name),
                                  [("save", _("&Save")), ("discard", _("&Discard changes")),
                                   ("cancel", _("&Cancel"))])
        if answer == "save":
            return self.save()
        return answer == "discard"

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        if self.maybe_keep_changes():
            event.accept()
        else:
            event.ignore()

    # -- a broken file, deleting -------------------------------------------------------------

    def edit_as_text(self, path: Path) -> TextFileEditor:
        """A file of the user's that cannot be read (so cannot open here) in a text editor:
        each save checks it again, and the app reads its data again."""
        problem = next((p for p in self._catalogue.problems if same_file(Path(p.path), path)),
                       None)
        line = next((p.line for p in problem.problems if p.line), 0) if problem else 0
        editor = TextFileEditor(path, self._catalogue.systems, self._catalogue.broken_systems,
                                first_line=line, parent=self)
        editor.saved.connect(lambda _path: self.files_changed.emit())
        editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        editor.show()
        self.text_editor = editor
        return editor

    def close_pane(self) -> None:
        old = self.pane
        if old is None:
            return
        self.pane = None
        self.center.setCurrentWidget(self.placeholder)
        self._retire(old)
        self._pane_changed()

    def _retire(self, old: FactionPane) -> None:
        """A pane no longer shown: its undo stack and the pane itself go."""
        self.undo_group.removeStack(old.stack)
        self.center.removeWidget(old)
        old.deleteLater()

    def _pane_changed(self) -> None:
        self._select_open_in_list()
        self._update_actions()
        self.update_title()

    # -- files (:mod:`builder.gui.editor.filing`) -------------------------------------------

    def save(self) -> bool:
        """Write the open faction into the user folder (:meth:`FactionFiles.save`)."""
        return self.files.save()

    def exportable_faction(self) -> Faction | None:
        return self.files.exportable_faction()

    def export_faction(self, path: str | Path | None = None) -> bool:
        return self.files.export_faction(path)

    def import_faction(self, path: str | Path | None = None) -> bool:
        return self.files.import_faction(path)

    def import_system(self, source: Path) -> bool:
        return self.files.import_system(source)

    def delete_faction(self) -> bool:
        return self.files.delete_faction()

    def show_status(self, message: str, timeout: int = 0) -> None:
        self.statusBar().showMessage(message, timeout)

    def export_pack(self, path: str | Path | None = None, details: object = None) -> bool:
        """The open faction as a data pack (:mod:`builder.gui.editor.pack_export`)."""
        from builder.gui.editor.pack_export import export_pack

        return export_pack(self, path, details)  # type: ignore[arg-type]
