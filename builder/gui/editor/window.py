"""The faction editor window: which factions exist, which one is open, and the file actions.

Built-in factions are shown read-only ("Duplicate to edit" copies one into a new faction with
a new id); the user's factions are files in ``paths.user_factions_dir()``, which the app and
the CLI load next to the built-in ones. Save and Import write only into that folder and then
emit ``faction_saved`` so that the main window can reload its catalogue.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QSignalBlocker, Qt, Signal
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

from builder import paths
from builder.data import (
    Catalogue,
    DataError,
    load_faction,
    load_system,
    load_yaml,
    read_text,
    save_faction,
    write_atomic,
)
from builder.data.loading import MAX_FACTION_BYTES, MAX_SYSTEM_BYTES
from builder.gui.actions import ADD_KEY, DUPLICATE_KEY
from builder.gui.datafiles import TextFileEditor, remove_file
from builder.gui.editor.document import (
    FactionDocument,
    faction_form_data,
    new_faction_data,
    unique_id,
)
from builder.gui.editor.pane import FactionPane
from builder.gui.editor.prompts import Prompts
from builder.gui.focus import show_focus
from builder.gui.screenfit import fit_window
from builder.gui.undokeys import UndoKeys
from builder.i18n import _, ngettext
from builder.model import DEFAULT_SYSTEM, Faction, System
from builder.model.text import display

BROKEN_FILE_ROLE = Qt.ItemDataRole.UserRole + 1
"""On a list item of a file that cannot be read: its path."""

MAX_LINES_SHOWN = 15
"""Problems listed in a message box before "and N more"."""


@dataclass
class FactionEntry:
    """A faction the editor can open: where it lives and whether it is built in."""

    faction: Faction
    path: Path
    builtin: bool


def _clip(lines: list[str]) -> str:
    if len(lines) <= MAX_LINES_SHOWN:
        return "\n".join(lines)
    more = len(lines) - MAX_LINES_SHOWN
    return "\n".join(lines[:MAX_LINES_SHOWN] + [_("… and {n} more").format(n=more)])


def _same_file(a: Path | None, b: Path | None) -> bool:
    if a is None or b is None:
        return False
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b


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

    def __init__(self, catalogue: Catalogue, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Factions") + "[*]")
        fit_window(self, 1180, 820)  # or what a smaller screen has room for
        self.prompts = Prompts(self)
        """Replace to answer questions from a script (tests)."""
        self._catalogue = catalogue
        self._entries: dict[str, FactionEntry] = {}
        self.pane: FactionPane | None = None
        self.text_editor: TextFileEditor | None = None
        self.undo_group = QUndoGroup(self)
        self.undo_group.cleanChanged.connect(self._update_title)

        self._create_actions()
        self._create_menus()

        self.faction_list = QListWidget()
        self.faction_list.setMinimumWidth(200)
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
        title.setStyleSheet("font-weight: bold;")
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
        self.folder_label.setStyleSheet("color: palette(placeholder-text);")
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
        first = next((e for e in self._entries.values() if not e.builtin), None) or \
            next(iter(self._entries.values()), None)
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
                                                        "tab)"), self._add_item, ADD_KEY)
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

    def _update_title(self) -> None:
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
        self._entries = {fid: FactionEntry(f, catalogue.files[fid], fid in catalogue.builtin_ids)
                         for fid, f in catalogue.factions.items()}
        self._fill_list()

    @property
    def catalogue(self) -> Catalogue:
        return self._catalogue

    def faction_ids(self) -> list[str]:
        """The factions the list shows, in its order."""
        return [e.faction.id for e in self._sorted_entries()]

    def _sorted_entries(self) -> list[FactionEntry]:
        return sorted(self._entries.values(),
                      key=lambda e: (e.builtin, e.faction.name.casefold(), e.faction.id))

    def _list_width(self) -> int:
        """The faction list's share of the window: its rows uncut (the longest line of the
        widest row, "built-in, read-only · 12 combatants"), within a third of the window."""
        wanted = self.faction_list.sizeHintForColumn(0) + 2 * self.faction_list.frameWidth() \
            + self.faction_list.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent) + 16
        return max(200, min(wanted, self.width() // 3))

    def _fill_list(self) -> None:
        folder = paths.user_factions_dir()
        with QSignalBlocker(self.faction_list):
            self.faction_list.clear()
            for entry in self._sorted_entries():
                f = entry.faction
                where = _("built-in, read-only") if entry.builtin else _("yours")
                n = len(f.combatants)
                count = ngettext("{n} combatant", "{n} combatants", n).format(n=n)
                item = QListWidgetItem(f"{f.name}\n    {where} · {count}")
                item.setData(Qt.ItemDataRole.UserRole, f.id)
                item.setToolTip(str(entry.path))
                self.faction_list.addItem(item)
            for problem in self._catalogue.problems:
                path = Path(problem.path)
                if not self._in_user_folder(path):
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
                entry = self._entries.get(fid) if fid else None
                if entry is not None and _same_file(entry.path, self.pane.doc.path):
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

    def _in_user_folder(self, path: Path) -> bool:
        return paths.within(path, paths.user_factions_dir())

    # -- opening ---------------------------------------------------------------------------

    def open_faction(self, faction_id: str) -> bool:
        """Open a faction of the list; False when the user kept the current one."""
        entry = self._entries.get(faction_id)
        if entry is None:
            return False
        if self.pane is not None and _same_file(self.pane.doc.path, entry.path):
            return True
        if not self.maybe_keep_changes():
            return False
        doc = FactionDocument(faction_form_data(entry.faction), entry.faction.game,
                              path=entry.path, builtin=entry.builtin)
        self._show(doc)
        return True

    def new_faction(self, system_id: str | None = None) -> bool:
        """A new faction, of the game ``system_id`` (None: asked)."""
        if not self.maybe_keep_changes():
            return False
        system = self._catalogue.systems.get(system_id) if system_id else self.ask_system()
        if system is None:
            return False
        fid = unique_id("my-faction", self._entries)
        self._show(FactionDocument(new_faction_data(fid, _("My faction"), system), system))
        assert self.pane is not None
        self.pane.tabs.setCurrentIndex(0)
        self.pane.faction_form.name_edit.setFocus()
        self.pane.faction_form.name_edit.selectAll()
        return True

    def ask_system(self) -> System | None:
        """The game a new faction is for: asked only when more than one system is loaded,
        the open faction's game (or SphereWars) preselected. None when the user cancels."""
        systems = sorted(self._catalogue.systems.values(), key=lambda s: display(s.name))
        current = self.pane.doc.system.id if self.pane is not None and \
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
        data["id"] = unique_id(f"{data.get('id') or 'faction'}-copy", self._entries)
        data["name"] = _("{name} (copy)").format(name=data.get("name") or _("Faction"))
        self._show(FactionDocument(data, self.pane.doc.system,
                                   published_ids=self.pane.doc.published_ids))
        assert self.pane is not None
        self.pane.stack.resetClean()  # a copy not saved yet is a change to keep
        self.statusBar().showMessage(_("Copied: edit it, then Save puts it in your factions "
                                       "folder."), 8000)
        return True

    def _show(self, doc: FactionDocument) -> None:
        old = self.pane
        pane = FactionPane(doc, lambda title, text, choices: self.prompts.ask(title, text,
                                                                             choices))
        pane.duplicate_requested.connect(self.duplicate_faction)
        pane.stack.cleanChanged.connect(self._update_title)
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
            self._update_title()

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
        problem = next((p for p in self._catalogue.problems if _same_file(Path(p.path), path)),
                       None)
        line = next((p.line for p in problem.problems if p.line), 0) if problem else 0
        editor = TextFileEditor(path, self._catalogue.systems, self._catalogue.broken_systems,
                                first_line=line, parent=self)
        editor.saved.connect(lambda _path: self.files_changed.emit())
        editor.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        editor.show()
        self.text_editor = editor
        return editor

    def delete_faction(self) -> bool:
        """Delete the open faction of the user's (its file to the trash, after asking), or
        discard a new one never saved; the editor then shows no faction."""
        pane = self.pane
        if pane is None or pane.read_only:
            return False
        doc = pane.doc
        name = doc.data.get("name") or doc.data.get("id") or _("this faction")
        path = doc.path if doc.path is not None and self._in_user_folder(doc.path) else None
        if path is None:
            question = _("Discard “{name}”? It was never saved.").format(name=name)
        else:
            question = _("Delete “{name}” and its file {file}?\n\nLists that use the id "
                         "“{id}” will no longer find it. The file goes to the trash where the "
                         "desktop has one; otherwise it is deleted for good.").format(
                name=name, file=path.name, id=doc.original_id)
        if self.prompts.ask(_("Delete faction"), question,
                            [("delete", _("Delete")), ("cancel", _("Cancel"))]) != "delete":
            return False
        said = _("“{name}” was discarded.").format(name=name)
        if path is not None:
            try:
                trashed = remove_file(path)
            except OSError as exc:
                self.prompts.tell(_("Cannot delete"), _("{file} could not be deleted: "
                                                        "{reason}").format(
                    file=path, reason=exc.strerror or exc))
                return False
            said = (_("“{name}” was moved to the trash.") if trashed
                    else _("“{name}” was deleted.")).format(name=name)
            self._entries = {fid: e for fid, e in self._entries.items()
                             if not _same_file(e.path, path)}
        self._close_pane()
        self._fill_list()
        self.statusBar().showMessage(said, 8000)
        if path is not None:
            self.faction_deleted.emit(doc.original_id or "")
        return True

    def _close_pane(self) -> None:
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
        self._update_title()

    # -- saving ----------------------------------------------------------------------------

    def _refuse_if_invalid(self, doing: str) -> bool:
        """Explain why an invalid faction cannot be written. True when it was refused."""
        assert self.pane is not None
        doc = self.pane.doc
        if doc.valid:
            return False
        count = len(doc.problems)
        name = doc.data.get("name") or doc.data.get("id") or _("This faction")
        if doing == "save":
            title = _("Cannot save")
            text = ngettext("“{name}” cannot be saved yet: it has {n} problem. Fix it first:",
                            "“{name}” cannot be saved yet: it has {n} problems. Fix them first:",
                            count)
        else:
            title = _("Cannot export")
            text = ngettext("“{name}” cannot be exported yet: it has {n} problem. Fix it first:",
                            "“{name}” cannot be exported yet: it has {n} problems. Fix them "
                            "first:", count)
        self.prompts.tell(title, text.format(name=name, n=count) + "\n\n"
                          + _clip(self.pane.problem_text().splitlines()))
        return True

    def save(self) -> bool:
        """Write the open faction into the user folder (atomically, in the SPEC's key order).

        Refused while the faction is invalid or built in. A changed id renames the file,
        after asking; an id another faction already has replaces that one, after asking.
        """
        pane = self.pane
        if pane is None:
            return False
        doc = pane.doc
        if doc.builtin:
            self.prompts.tell(_("Built-in faction"), _("Built-in factions cannot be changed. "
                                                       "Use “Duplicate to edit” to make your "
                                                       "own version."))
            return False
        if self._refuse_if_invalid("save"):
            return False
        faction = doc.faction
        assert faction is not None
        folder = paths.user_factions_dir()
        own_file = doc.path if doc.path is not None and self._in_user_folder(doc.path) \
            else None
        target = folder / f"{faction.id}.yaml"
        remove_old: Path | None = None
        if own_file is not None and doc.original_id == faction.id:
            target = own_file
        elif own_file is not None:
            answer = self.prompts.ask(
                _("Faction id changed"),
                _("The id changed from “{old}” to “{new}”. Warband lists that use “{old}” will "
                  "no longer find it.\n\nRename the faction (the file {old_file} is replaced "
                  "by {new_file}), or keep both?").format(
                    old=doc.original_id, new=faction.id, old_file=own_file.name,
                    new_file=target.name),
                [("rename", _("Rename")), ("both", _("Keep both")), ("cancel", _("Cancel"))])
            if answer == "cancel":
                return False
            if answer == "rename":
                remove_old = own_file
        other = self._entries.get(faction.id)
        if other is not None and not _same_file(other.path, own_file):
            if other.builtin:
                question = _("The built-in faction “{name}” has the id “{id}”. Your faction will "
                             "replace it in the app (the built-in file itself is not changed). "
                             "Save anyway?").format(name=other.faction.name, id=faction.id)
            else:
                question = _("Your faction “{name}” ({file}) already has the id “{id}”. Replace "
                             "it?").format(name=other.faction.name, file=other.path.name,
                                           id=faction.id)
                target = other.path
            if self.prompts.ask(_("Replace a faction"), question,
                                [("replace", _("Replace")), ("cancel", _("Cancel"))]) \
                    != "replace":
                return False
        try:
            folder.mkdir(parents=True, exist_ok=True)
            save_faction(faction, target)
            if remove_old is not None and not _same_file(remove_old, target):
                remove_old.unlink(missing_ok=True)
        except OSError as exc:
            self.prompts.tell(_("Cannot save"), _("{file} could not be written: {error}").format(
                file=target, error=exc.strerror or exc))
            return False
        if remove_old is not None and doc.original_id is not None:
            self._entries.pop(doc.original_id, None)
        doc.mark_saved(target)
        self._entries[faction.id] = FactionEntry(faction, target, builtin=False)
        pane.stack.setClean()
        pane.update_file_label()
        self._fill_list()
        self._update_title()
        self.statusBar().showMessage(
            _("Saved “{name}” to {file}").format(name=faction.name, file=target), 8000)
        self.faction_saved.emit(faction.id)
        return True

    def exportable_faction(self) -> Faction | None:
        """The open faction, to be written somewhere else (exported, or as a pack), or None
        when there is none or it has problems (then the window has said why)."""
        pane = self.pane
        if pane is None or self._refuse_if_invalid("export"):
            return None
        faction = pane.doc.faction
        assert faction is not None
        return faction

    def export_faction(self, path: str | Path | None = None) -> bool:
        """Save a copy of the open faction anywhere (to share it); the user folder and the
        open file are not touched."""
        faction = self.exportable_faction()
        if faction is None:
            return False
        if path is None:
            path = self.prompts.save_path(_("Export faction"), f"{faction.id}.yaml")
            if not path:
                return False
        try:
            save_faction(faction, Path(path))
        except OSError as exc:
            self.prompts.tell(_("Cannot export"), _("{file} could not be written: {error}")
                              .format(file=path, error=exc.strerror or exc))
            return False
        self.statusBar().showMessage(
            _("Exported “{name}” to {file}").format(name=faction.name, file=path), 8000)
        return True

    def export_pack(self, path: str | Path | None = None, details: object = None) -> bool:
        """The open faction as a data pack (:mod:`builder.gui.editor.pack_export`)."""
        from builder.gui.editor.pack_export import export_pack

        return export_pack(self, path, details)  # type: ignore[arg-type]

    def import_faction(self, path: str | Path | None = None) -> bool:
        """Check a faction file with the same loader as the app, then copy it as it is
        (comments included) into the user folder, asking before replacing a faction."""
        if path is None:
            path = self.prompts.open_path(_("Import faction or game system"))
            if not path:
                return False
        source = Path(path)
        if _is_system_file(source):
            return self.import_system(source)
        try:
            faction = load_faction(source, self._catalogue.systems)
            text = read_text(source, MAX_FACTION_BYTES)
        except DataError as exc:
            self.prompts.tell(_("Cannot import"),
                              _("{file} is not a faction file this app can use:").format(
                                  file=source.name) + "\n\n"
                              + _clip(str(exc).splitlines()))
            return False
        folder = paths.user_factions_dir()
        target = folder / f"{faction.id}.yaml"
        other = self._entries.get(faction.id)
        if other is not None and not other.builtin:
            target = other.path
        if other is not None or target.exists():
            if other is not None and other.builtin:
                question = _("“{name}” has the id “{id}” of the built-in faction “{other}”. "
                             "Import it to replace that one in the app (the built-in file "
                             "itself is not changed)?").format(
                    name=faction.name, id=faction.id, other=other.faction.name)
            else:
                shown = other.faction.name if other is not None else target.name
                question = _("Your factions folder already has “{name}” with the id “{id}”. "
                             "Replace it with the imported file?").format(name=shown,
                                                                          id=faction.id)
            if self.prompts.ask(_("Replace a faction"), question,
                                [("replace", _("Replace")), ("cancel", _("Cancel"))]) \
                    != "replace":
                return False
        if not _same_file(source, target):
            try:
                folder.mkdir(parents=True, exist_ok=True)
                write_atomic(target, text)
            except OSError as exc:
                self.prompts.tell(_("Cannot import"), _("{file} could not be written: {error}")
                                  .format(file=target, error=exc.strerror or exc))
                return False
        self._entries[faction.id] = FactionEntry(faction, target, builtin=False)
        open_here = self.pane is not None and _same_file(self.pane.doc.path, target)
        if open_here and self.pane is not None:
            # the open faction's file was replaced: show what is in it now
            self.pane.stack.setClean()
            self._show(FactionDocument(faction_form_data(faction), faction.game, path=target))
        self._fill_list()
        self.statusBar().showMessage(
            _("Imported “{name}” into {file}").format(name=faction.name, file=target), 8000)
        self.faction_saved.emit(faction.id)
        self.open_faction(faction.id)
        return True

    def import_system(self, source: Path) -> bool:
        """Check a game system file (SPEC §5) with the app's loader, then copy it as it is
        into the user's systems folder, asking before replacing a system of the same id.
        ``system_imported(id)`` tells the main window to reload its data."""
        try:
            system = load_system(source)
            text = read_text(source, MAX_SYSTEM_BYTES)
        except DataError as exc:
            self.prompts.tell(_("Cannot import"),
                              _("{file} is not a game system file this app can use:").format(
                                  file=source.name) + "\n\n"
                              + _clip(str(exc).splitlines()))
            return False
        name = display(system.name)
        folder = paths.user_systems_dir()
        target = self._catalogue.system_files.get(system.id)
        if target is None or system.id in self._catalogue.builtin_system_ids:
            target = folder / f"{system.id}.yaml"
        known = self._catalogue.systems.get(system.id)
        if known is not None or target.exists():
            if system.id in self._catalogue.builtin_system_ids:
                question = _("“{name}” has the id “{id}” of the built-in game “{other}”. Import "
                             "it to replace that one in the app (the built-in file itself is "
                             "not changed)?").format(
                    name=name, id=system.id,
                    other=display(known.name) if known else system.id)
            else:
                question = _("Your systems folder already has a game with the id “{id}”. Replace "
                             "it with the imported file?").format(id=system.id)
            if self.prompts.ask(_("Replace a game system"), question,
                                [("replace", _("Replace")), ("cancel", _("Cancel"))]) \
                    != "replace":
                return False
        if not _same_file(source, target):
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(target, text)
            except OSError as exc:
                self.prompts.tell(_("Cannot import"), _("{file} could not be written: {error}")
                                  .format(file=target, error=exc.strerror or exc))
                return False
        # New faction offers it at once, with or without a main window to reload the data.
        self._catalogue.systems[system.id] = system
        self._catalogue.system_files[system.id] = target
        self._catalogue.builtin_system_ids.discard(system.id)
        self.statusBar().showMessage(
            _("Imported the game “{name}” into {file}").format(name=name, file=target), 8000)
        self.system_imported.emit(system.id)
        return True


def _is_system_file(path: Path) -> bool:
    """A file whose ``schema`` names a game system (a file that cannot be read is left to
    the faction import, which reports why)."""
    try:
        doc = load_yaml(path, MAX_SYSTEM_BYTES)
    except DataError:
        return False
    schema = doc.data.get("schema") if isinstance(doc.data, dict) else None
    return isinstance(schema, str) and schema.startswith("spherewars-system/")
