"""The open list's file: new, open, save, recent lists, examples, and the crash recovery
copy. Every way a list comes in ends in :meth:`FileController.replace` (one of a file) or
:meth:`FileController.open_untitled` (one saved nowhere yet: an imported code, a recovered
autosave, an example)."""

from __future__ import annotations

import re
from pathlib import Path

import shiboken6
from PySide6.QtCore import QObject, QSettings, QTimer, Signal
from PySide6.QtGui import QAction, QUndoStack
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu

from builder.data import DataError, load_warband
from builder.data.ondisk import DiskState, Watched
from builder.gui.dialogs import DISCARD, SAVE, Prompter
from builder.gui.dialogs.file_questions import KEEP, OVERWRITE, RELOAD, SAVE_AS
from builder.gui.document import WarbandDocument, new_warband
from builder.gui.mainwindow.examples import EXTENSION, example_files, localised
from builder.gui.recovery import Autosaver, Recovery, list_copy
from builder.i18n import _
from builder.model import Faction, System, Warband
from builder.model.text import display
from builder.plumbing import paths
from builder.plumbing.atomic import ReadOnlyError, remove_leftovers

MAX_RECENT = 8
SESSION_LIST = "session/list"
"""Settings: the file of the list open when the app last closed ("" for one never saved)."""
SESSION_FACTION = "session/faction"
"""Settings: that list's faction (a new list of it at the next start when no file is left)."""


def new_list_name(game: System) -> str:
    """A new list's name, from what the game calls a list: "New warband". Capitalised as a
    name, since a language may put the game's word first (Spanish "Banda sin nombre": the
    games' words are of both genders, so no adjective agrees with all of them)."""
    name = _("New {noun}").format(noun=game.list_name_text.lower())
    return name[:1].upper() + name[1:]


def file_stem(name: str) -> str:
    """A file name for a list: "Los Ensartadores" → "los-ensartadores"."""
    stem = re.sub(r"[^\w]+", "-", name.strip().lower(), flags=re.UNICODE).strip("-")
    return stem or "warband"


class FileController(QObject):
    """File → New, Open, Save, Save As, Open Recent and Open Example, for one window."""

    opened = Signal()
    """Another list is in the window (its title and selection follow)."""
    saved = Signal()
    started_new = Signal()
    """File → New made an empty list (the window offers its name for editing)."""
    install_wanted = Signal()
    """*New* found a game without factions and the user chose to install a data pack."""
    faction_wanted = Signal(str)
    """… or to create a faction for that game (its id)."""
    data_wanted = Signal(str)
    """A folder of data to load with the rest (an example's invented faction)."""

    def __init__(self, window: QMainWindow, doc: WarbandDocument, stack: QUndoStack,
                 prompter: Prompter, settings: QSettings, *, recent_menu: QMenu,
                 examples_menu: QMenu, clear_recent: QAction,
                 recovery_dir: Path | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.doc, self.stack, self.prompter, self.settings = doc, stack, prompter, settings
        self.recent_menu, self.examples_menu = recent_menu, examples_menu
        self.clear_recent_action = clear_recent
        self.recovery = Recovery(recovery_dir)
        self.autosaver = Autosaver(self.recovery, self._recovery_copy, self)
        self.autosaver.turned_off.connect(self._recovery_off)
        self.disk = Watched()  # the open file as last read or written
        self.pending_game: str | None = None
        """A game *New* found without factions, the player gone to create or install one:
        the first faction of it to arrive opens a new list of it (issue 41 item 2)."""
        doc.catalogue_changed.connect(self._factions_arrived)
        recent_menu.aboutToShow.connect(self.fill_recent_menu)
        clear_recent.triggered.connect(self.clear_recent)
        examples_menu.aboutToShow.connect(self.fill_examples_menu)
        examples_menu.setEnabled(bool(example_files()))
        stack.indexChanged.connect(self._list_changed)

    def _say(self, message: str, ms: int) -> None:
        self.window.statusBar().showMessage(message, ms)

    def is_modified(self) -> bool:
        return not self.stack.isClean()

    # -- a list comes in ------------------------------------------------------------------

    def replace(self, warband: Warband, path: Path | None,
                disk: DiskState | None = None) -> None:
        """The window's list is now ``warband`` (of the file ``path``), with nothing to undo
        and nothing unsaved."""
        self._take(warband, path, disk)
        self.opened.emit()

    def _take(self, warband: Warband, path: Path | None, disk: DiskState | None) -> None:
        self.pending_game = None  # another list came in: the player moved on
        self.doc.replace(warband, path)
        self.stack.clear()
        self.stack.setClean()
        self.autosaver.discard()
        self.disk.remember(path, disk)

    def open_untitled(self, warband: Warband, message: str, *,
                      origin: Path | None = None) -> None:
        """Open a list that is saved nowhere yet (an imported share code, a recovered
        autosave of ``origin``): the window shows it as changed, closing asks to save it, and
        a recovery copy is kept from now on. The caller has asked about the current list."""
        self._take(warband, origin, None)
        self.stack.resetClean()
        self.opened.emit()
        self.autosave()
        self._say(message, 8000)

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current list (saved, discarded, or unchanged)."""
        if not self.is_modified():
            return True
        answer = self.prompter.ask_save_changes(self.doc.warband.name)
        if answer == SAVE:
            return self.save()
        return answer == DISCARD

    def new_file(self) -> None:
        if not self.maybe_save():
            return
        self.pending_game = None
        faction = self.ask_new_faction()
        if faction is None:
            return
        self._new_list(faction)

    def _new_list(self, faction: Faction) -> None:
        game = faction.game
        same = self.doc.faction is not None and self.doc.faction.system == faction.system
        limit = self.doc.warband.points_limit if same and game.cost else None
        self.replace(new_warband(faction.id, new_list_name(game), points_limit=limit), None)
        self._say(_("New list"), 3000)
        self.started_new.emit()

    def _factions_arrived(self) -> None:
        """The data was read again: when the game *New* was waiting for has a faction now
        (created in the faction editor, or installed in a pack), a new list of it, with it
        chosen (with several, the player chooses)."""
        game = self.pending_game
        cat = self.doc.catalogue
        factions = cat.factions_of(game) if game is not None else []
        if not factions:
            return
        self.pending_game = None
        if not self.maybe_save():
            return
        chosen: str | None = factions[0].id
        if len(factions) > 1:
            chosen = self.prompter.choose(_("New list"), _("Which faction?"),
                                          [(f.id, f.name) for f in factions], chosen)
        faction = cat.get(chosen) if chosen is not None else None
        if faction is not None:
            self._new_list(faction)

    def ask_new_faction(self) -> Faction | None:
        """*New* asks for the game when there is more than one (every game, with factions or
        not), then for the faction when that game has several; the current ones are
        preselected. A game without factions is never a dead end: the user is offered to
        install a data pack or create a faction for it. None: cancelled (or one of those)."""
        cat = self.doc.catalogue
        current = self.doc.faction or cat.get(self.doc.default_faction_id())
        games = sorted(cat.systems.values(), key=lambda g: display(g.name).lower())
        playable = [g for g in games if cat.factions_of(g.id)]
        game_id = current.system if current is not None else None
        if len(games) > 1:
            game_id = self.prompter.choose(_("New list"), _("Which game is the list for?"),
                                           [(g.id, display(g.name)) for g in games], game_id)
            if game_id is None:
                return None
        elif games:
            game_id = games[0].id
        factions = cat.factions_of(game_id) if game_id else []
        if not factions:
            if game_id in cat.systems:
                self._no_factions(game_id)
                return None
            return current
        if current is not None and current.system == game_id and len(playable) <= 1:
            return current  # one game: the faction stays as it is
        chosen: str | None = current.id if current is not None and \
            current.system == game_id else factions[0].id
        if len(factions) > 1:
            chosen = self.prompter.choose(_("New list"), _("Which faction?"),
                                          [(f.id, f.name) for f in factions], chosen)
        return cat.get(chosen) if chosen is not None else None

    def _no_factions(self, game_id: str) -> None:
        """A game with no faction yet: install a data pack, or create a faction for it."""
        answer = self.prompter.ask_no_factions(display(self.doc.catalogue.systems[game_id].name))
        if answer in ("install", "create"):
            self.pending_game = game_id
        if answer == "install":
            self.install_wanted.emit()
        elif answer == "create":
            self.faction_wanted.emit(game_id)

    def open_file(self) -> None:
        if not self.maybe_save():
            return
        path = self.prompter.ask_open_path(self.last_folder())
        if path:
            self.load_path(Path(path), confirmed=True)

    def load_path(self, path: Path, *, confirmed: bool = False) -> bool:
        """Open a list. A file that cannot be read shows the loader's ``FILE:LINE:COLUMN``
        message and leaves the current list as it was."""
        if not confirmed and not self.maybe_save():
            return False
        disk = DiskState.of(path)  # before reading: a change made meanwhile is noticed
        warband = self._read(path)
        if warband is None:
            return False
        remove_leftovers(path.parent)  # of a save of ours killed midway (a crash, kill -9)
        self.replace(warband, path.resolve(), disk)
        self.add_recent(path.resolve())
        self.settings.setValue("files/last_folder", str(path.resolve().parent))
        unknown = any(f.rule in ("unknown-combatant", "unknown-faction")
                      for f in self.doc.report.findings)
        if unknown:
            message = _("Opened {file} — some entries are not in the loaded data (see "
                        "Findings)").format(file=path.name)
        else:
            message = _("Opened {file}").format(file=path.name)
        self._say(message, 5000)
        return True

    # -- what the player was working on, kept for the next start ----------------------

    def remember_session(self) -> None:
        """The open list's file (none for one never saved) and its faction, for the next
        start (:meth:`reopen_last`)."""
        self.settings.setValue(SESSION_LIST, str(self.doc.path) if self.doc.path else "")
        self.settings.setValue(SESSION_FACTION, self.doc.warband.faction)

    def reopen_last(self) -> bool:
        """At a start with nothing else to open: the list the player had open last, else a
        new list of its faction (its game), rather than a fresh SphereWars list every time
        (issue 41 item 12). A last list that is gone or unreadable is skipped quietly (its
        faction's game still starts the new list). True when something was opened."""
        last = str(self.settings.value(SESSION_LIST, "") or "")
        if last:
            path = Path(last)
            try:
                warband = load_warband(path)
            except (DataError, OSError):
                pass
            else:
                self.replace(warband, path, DiskState.of(path))
                self._say(_("Opened {file}, the list open last time").format(
                    file=path.name), 5000)
                return True
        faction_id = str(self.settings.value(SESSION_FACTION, "") or "")
        faction = self.doc.catalogue.get(faction_id) if faction_id else None
        if faction is None or not faction.attached or faction.id == self.doc.warband.faction:
            return False
        game = faction.game
        self.replace(new_warband(faction.id, new_list_name(game)), None)
        return True

    def _read(self, path: Path) -> Warband | None:
        try:
            return load_warband(path)
        except (DataError, OSError) as exc:
            self.prompter.show_load_error(path, exc)
            return None

    # -- saving ---------------------------------------------------------------------------

    def save(self) -> bool:
        path = self.doc.path
        if path is None:
            return self.save_as()
        answer = self.ask_if_changed_on_disk(saving=True)
        if answer == SAVE_AS:
            return self.save_as()
        if answer == RELOAD:
            self.load_path(path, confirmed=True)
        return answer in (None, OVERWRITE) and self.write(path)

    def ask_if_changed_on_disk(self, *, saving: bool = False) -> str | None:
        """When the open list's file was changed by another program or window since it was
        opened or last saved, ask: reload, overwrite, save as, or (KEEP) nothing now. None
        when there is nothing to ask: not changed, or (unless saving) a change already
        asked about."""
        path = self.doc.path
        if path is None or not self.disk.changed(path, again=saving):
            return None
        return self.prompter.ask_changed_on_disk(path, self.is_modified(), saving)

    def check_disk(self) -> None:
        """The window came back to the front: has its file been changed meanwhile?"""
        if QApplication.activeModalWidget() is not None or not shiboken6.isValid(self.window):
            return
        answer = self.ask_if_changed_on_disk()
        if self.doc.path is None or answer in (None, KEEP):
            return
        if answer == RELOAD:
            self.load_path(self.doc.path, confirmed=True)
        elif answer == OVERWRITE:
            self.write(self.doc.path)
        else:
            self.save_as()

    def watching(self) -> bool:
        """Whether the open list has a file whose changes are watched."""
        return self.disk.state is not None

    def save_as(self) -> bool:
        folder = Path(self.last_folder())
        suggested = (self.doc.path or folder / (file_stem(self.doc.warband.name) + EXTENSION))
        path = self.prompter.ask_save_path(str(suggested))
        if not path:
            return False
        target = Path(path)
        if not target.name.endswith((".yaml", ".yml")):
            target = target.with_name(target.name + EXTENSION)
        return self.write(target)

    def write(self, path: Path) -> bool:
        """Write the list to ``path`` as it is (no question about changes on disk); False
        when it could not be written (the user was told why)."""
        try:
            try:
                self.doc.save(path)
            except ReadOnlyError:
                if not self.prompter.ask_replace_read_only(path):
                    return False
                self.doc.save(path, replace_read_only=True)
        except OSError as exc:
            self.prompter.show_error(_("Could not save"),
                                     _("{file} could not be written.").format(file=path),
                                     str(exc))
            return False
        self.doc.path = path.resolve()
        self.disk.remember(path)
        self.stack.setClean()
        self.autosaver.discard()
        self.add_recent(self.doc.path)
        self.settings.setValue("files/last_folder", str(self.doc.path.parent))
        self.saved.emit()
        self._say(_("Saved {file}").format(file=path.name), 4000)
        return True

    def last_folder(self) -> str:
        folder = str(self.settings.value("files/last_folder", "") or "")
        return folder if folder and Path(folder).is_dir() else str(Path.home())

    # -- recent lists and examples ----------------------------------------------------------

    def recent_files(self) -> list[str]:
        value = self.settings.value("files/recent", [])
        if isinstance(value, str):  # an INI file gives one entry back as plain text
            return [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def add_recent(self, path: Path) -> None:
        files = [str(path)] + [f for f in self.recent_files() if f != str(path)]
        self.settings.setValue("files/recent", files[:MAX_RECENT])

    def clear_recent(self) -> None:
        self.settings.setValue("files/recent", [])

    def fill_recent_menu(self) -> None:
        """File → Open Recent as it is about to show."""
        menu = self.recent_menu
        menu.clear()
        files = self.recent_files()
        for i, name in enumerate(files, start=1):
            path = Path(name)
            label = f"&{i} {path.name}" if i < 10 else path.name
            action = menu.addAction(label)
            action.setToolTip(name)
            action.setStatusTip(name)
            action.triggered.connect(lambda _c=False, p=path: self.open_recent(p))
        if not files:
            menu.addAction(_("No recent lists")).setEnabled(False)
        menu.addSeparator()
        menu.addAction(self.clear_recent_action)
        self.clear_recent_action.setEnabled(bool(files))

    def open_recent(self, path: Path) -> None:
        if not self.maybe_save():
            return
        if not path.exists():
            self.settings.setValue("files/recent",
                                   [f for f in self.recent_files() if f != str(path)])
        self.load_path(path, confirmed=True)

    def fill_examples_menu(self) -> None:
        """File → Open Example as it is about to show: each example by its own name, in the
        app's language (read when the menu first opens, not at start-up)."""
        menu = self.examples_menu
        if menu.actions():
            return
        for path in example_files():
            try:
                label = localised(load_warband(path)).name
            except (DataError, OSError):
                label = path.name.removesuffix(EXTENSION).replace("-", " ")
            action = menu.addAction(label)
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _c=False, p=path: self.open_example(p))

    def open_example(self, path: Path) -> bool:
        """An example opens as an untitled copy in the app's language (its name and notes
        translated): Save asks for a name, the shipped file is never overwritten."""
        if not self.maybe_save():
            return False
        warband = self._read(path)
        if warband is None:
            return False
        invented = paths.example_factions_dir()
        if self.doc.catalogue.get(warband.faction) is None and invented.is_dir():
            self.data_wanted.emit(str(invented))  # the invented faction the example is of
        self.replace(localised(warband), None, None)
        self._say(_("Opened {file}").format(file=path.name), 5000)
        return True

    # -- autosave and recovery ------------------------------------------------------------

    def autosave(self) -> None:
        """Write the recovery copy now (it is written a moment after every change)."""
        self.autosaver.flush()

    def _list_changed(self) -> None:
        if shiboken6.isValid(self.window) and shiboken6.isValid(self.stack):  # (not while
            self.autosaver.changed()                                          # destroyed)

    def _recovery_copy(self) -> tuple[str, dict[str, object]] | None:
        return list_copy(self.doc.warband, self.doc.path) if self.is_modified() else None

    def _recovery_off(self, problem: str) -> None:
        """Said once: the user works on, knowing a crash would lose unsaved changes."""
        self._say(_("Crash recovery is off"), 8000)
        QTimer.singleShot(0, self, lambda: self.prompter.note_recovery_off(
            self.recovery.folder, problem))  # (not from inside a timer's write)

    def offer_recovery(self) -> bool:
        """Offer the autosave of a session that crashed; True when one was restored. Where
        the recovery folder cannot be written, say once that recovery is off."""
        if not self.autosaver.check():
            return False
        for orphan in Recovery.orphans(self.recovery.folder):
            if not self.prompter.ask_recover(orphan.name, orphan.saved, orphan.origin):
                orphan.remove()
                continue
            try:
                warband = orphan.load()
            except (DataError, OSError) as exc:
                self.prompter.show_error(_("Could not recover"), _("The autosave is damaged."),
                                         str(exc))
                orphan.remove()
                continue
            self.open_untitled(warband, _("Unsaved changes recovered — save them to keep "
                                          "them"), origin=orphan.origin)
            orphan.remove()
            return True
        return False
