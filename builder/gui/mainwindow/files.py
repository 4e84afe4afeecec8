"""The open list's file: new, open, save, recent lists, examples, and the crash recovery
copy, for either kind of list: a warband, or a BattleScribe roster (``.ros``, ``.rosz``; its
reading, its new-roster questions and its editor are :mod:`.rosters`'). Every way a list
comes in ends in :meth:`FileController.replace` (a warband of a file) or
:meth:`FileController.open_untitled` (one saved nowhere yet: an imported code, a recovered
autosave, an example), or :meth:`FileController.replace_roster` for a roster. What is the
same for both kinds (asking to save, saving, the file changed elsewhere, recent lists) asks
the open list document (:attr:`FileController.current`) and nothing else."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QEvent, QObject, QSettings, QTimer, Signal
from PySide6.QtGui import QAction, QDragEnterEvent, QDropEvent, QUndoStack
from PySide6.QtWidgets import QApplication, QMainWindow, QMenu

from builder.data import DataError, load_warband
from builder.data.ondisk import DiskState, Watched
from builder.document.files import ROSTER_SUFFIXES, is_roster
from builder.gui.dialogs import DISCARD, SAVE, Prompter
from builder.gui.dialogs.file_questions import KEEP, OVERWRITE, RELOAD, SAVE_AS
from builder.gui.document import WarbandDocument, new_warband
from builder.gui.mainwindow.examples import EXTENSION, example_files, localised
from builder.gui.mainwindow.rosters import ROSTER_EXTENSION, Rosters
from builder.gui.recovery import Autosaver, Recovery, list_copy
from builder.i18n import _
from builder.model import Faction, System, Warband
from builder.model.text import display
from builder.plumbing import paths
from builder.plumbing.atomic import ReadOnlyError, remove_leftovers

if TYPE_CHECKING:
    from builder.document.roster import RosterList
    from builder.gui.roster.document import RosterDocument

MAX_RECENT = 8
WARBAND, ROSTER = "warband", "roster"
"""The kinds of list a window opens."""
BS_GAME = "bs:"
"""*New*'s answer for a BattleScribe game system: this, then its id."""
ROSTER_AUTOSAVE = "roster-autosave-"
"""A roster's recovery copy: its own name (``roster-autosave-…``), as a roster file."""
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


def file_stem(name: str, empty: str = "warband") -> str:
    """A file name for a list: "Los Ensartadores" → "los-ensartadores"."""
    stem = re.sub(r"[^\w]+", "-", name.strip().lower(), flags=re.UNICODE).strip("-")
    return stem or empty


class FileController(QObject):
    """File → New, Open, Save, Save As, Open Recent and Open Example, for one window."""

    opened = Signal()
    """Another list is in the window (its title and selection follow)."""
    kind_changed = Signal(str)
    """The window now holds a list of the other kind (``warband`` or ``roster``): it shows
    that kind's panels."""
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
                 recovery_dir: Path | None = None, rosters: Rosters | None = None) -> None:
        super().__init__(window)
        self.window = window
        self.doc, self.stack, self.prompter, self.settings = doc, stack, prompter, settings
        self.rosters = rosters
        self.kind = WARBAND
        """The kind of list the window holds now."""
        self.recent_menu, self.examples_menu = recent_menu, examples_menu
        self.clear_recent_action = clear_recent
        self.recovery = Recovery(recovery_dir)
        self.roster_recovery = Recovery(recovery_dir, prefix=ROSTER_AUTOSAVE,
                                        suffix=ROSTER_SUFFIXES[0])
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

    def watch_drops(self) -> None:
        """A roster (``.ros``, ``.rosz``) dropped on the window opens, as File → Open does."""
        self.window.setAcceptDrops(True)
        self.window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if watched is self.window and isinstance(event, QDragEnterEvent | QDropEvent):
            mime = event.mimeData()
            rosters = [Path(url.toLocalFile()) for url in mime.urls() if url.isLocalFile()
                       and is_roster(url.toLocalFile())] if mime.hasUrls() else []
            if rosters and self.rosters is not None:
                event.acceptProposedAction()
                if event.type() == QEvent.Type.Drop:
                    # (not from inside the drop: the questions it may ask run their own loop)
                    QTimer.singleShot(0, self, lambda: self.load_path(rosters[0]))
                return True
        return super().eventFilter(watched, event)

    def _say(self, message: str, ms: int) -> None:
        self.window.statusBar().showMessage(message, ms)

    def is_modified(self) -> bool:
        return not self.stack.isClean()

    @property
    def current(self) -> WarbandDocument | RosterDocument:
        """The open list's document, whatever its kind (its name, file and save)."""
        if self.kind == ROSTER and self.rosters is not None and self.rosters.doc is not None:
            return self.rosters.doc
        return self.doc

    def _switch(self, kind: str) -> None:
        """The window holds a list of ``kind`` from now on: its recovery copy is of that
        kind."""
        if kind == self.kind:
            return
        self.autosaver.discard()
        self.autosaver.recovery = self.roster_recovery if kind == ROSTER else self.recovery
        self.kind = kind
        self.kind_changed.emit(kind)

    def close(self) -> None:
        """The window closes: no recovery copy of either kind is left behind."""
        self.autosaver.close()
        self.recovery.close()
        self.roster_recovery.close()

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
        self._switch(WARBAND)
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

    def replace_roster(self, roster: RosterList, disk: DiskState | None = None,
                       message: str | None = None, *, untitled: bool = False) -> None:
        """The window's list is now ``roster`` (of its file, unless ``untitled``: a recovered
        one, shown as changed), with nothing to undo."""
        assert self.rosters is not None
        self.pending_game = None  # another list came in: the player moved on
        self.rosters.show(roster)
        self._switch(ROSTER)
        self.stack.clear()
        self.autosaver.discard()
        if untitled:
            self.stack.resetClean()
            self.disk.remember(None, None)
        else:
            self.stack.setClean()
            self.disk.remember(roster.path, disk)
        self.opened.emit()
        if untitled:
            self.autosave()
        if message:
            self._say(message, 8000)

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current list (saved, discarded, or unchanged)."""
        if not self.is_modified():
            return True
        answer = self.prompter.ask_save_changes(self.current.name)
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
        if isinstance(faction, str):  # a BattleScribe game: a new roster
            self.new_roster(faction.removeprefix(BS_GAME))
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

    def ask_new_faction(self) -> Faction | str | None:
        """*New* asks for the game when there is more than one (every game, with factions or
        not, and every BattleScribe game system installed, marked so), then for the faction
        when that game has several; the current ones are preselected. A game without
        factions is never a dead end: the user is offered to install a data pack or create a
        faction for it. A BattleScribe game: its id after :data:`BS_GAME`. None: cancelled
        (or one of those)."""
        cat = self.doc.catalogue
        current = self.doc.faction or cat.get(self.doc.default_faction_id())
        games = sorted(cat.systems.values(), key=lambda g: display(g.name).lower())
        playable = [g for g in games if cat.factions_of(g.id)]
        game_id = current.system if current is not None else None
        bs_games = [(BS_GAME + ident, _("{game} (BattleScribe data)").format(game=name))
                    for ident, name in (self.rosters.games() if self.rosters else [])]
        if self.kind == ROSTER and self.rosters is not None and self.rosters.doc is not None:
            game_id = BS_GAME + self.rosters.doc.list.system
        choices = [(g.id, display(g.name)) for g in games] + bs_games
        if len(choices) > 1:
            game_id = self.prompter.choose(_("New list"), _("Which game is the list for?"),
                                           choices, game_id)
            if game_id is None:
                return None
        elif choices:
            game_id = choices[0][0]
        if game_id is not None and game_id.startswith(BS_GAME):
            return game_id
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

    def new_roster(self, system_id: str) -> bool:
        """A new roster of the BattleScribe game ``system_id`` (its name, limits and first
        force asked), saved nowhere yet."""
        assert self.rosters is not None
        names = dict(self.rosters.games())
        roster = self.rosters.new(system_id, names.get(system_id, system_id))
        if roster is None:
            return False
        self.replace_roster(roster, None)
        self._say(_("New roster"), 3000)
        return True

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
        if is_roster(path) and self.rosters is not None:
            return self._load_roster(path, disk)
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

    def _load_roster(self, path: Path, disk: DiskState, *, quiet: bool = False) -> bool:
        """``quiet``: a roster that cannot be read is passed over without a word (the one
        open last time, at a start)."""
        assert self.rosters is not None
        roster = self.rosters.read(path, quiet=quiet)
        if roster is None:
            return False
        roster.path = path.resolve()
        self.replace_roster(roster, disk)
        self.add_recent(path.resolve())
        self.settings.setValue("files/last_folder", str(path.resolve().parent))
        self._say(_("Opened {file}").format(file=path.name), 5000)
        return True

    # -- what the player was working on, kept for the next start ----------------------

    def remember_session(self) -> None:
        """The open list's file (a warband's or a roster's; none for one never saved) and the
        warband's faction, for the next start (:meth:`reopen_last`)."""
        path = self.current.path
        self.settings.setValue(SESSION_LIST, str(path) if path else "")
        self.settings.setValue(SESSION_FACTION, self.doc.warband.faction)

    def reopen_last(self) -> bool:
        """At a start with nothing else to open: the list the player had open last, else a
        new list of its faction (its game), rather than a fresh SphereWars list every time
        (issue 41 item 12). A last list that is gone or unreadable is skipped quietly (its
        faction's game still starts the new list). True when something was opened."""
        last = str(self.settings.value(SESSION_LIST, "") or "")
        if last and is_roster(last) and self.rosters is not None:
            path = Path(last)
            if path.is_file() and self._load_roster(path, DiskState.of(path), quiet=True):
                self._say(_("Opened {file}, the list open last time").format(
                    file=path.name), 5000)
                return True
        elif last:
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
        path = self.current.path
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
        path = self.current.path
        if path is None or not self.disk.changed(path, again=saving):
            return None
        return self.prompter.ask_changed_on_disk(path, self.is_modified(), saving)

    def check_disk(self) -> None:
        """The window came back to the front: has its file been changed meanwhile?"""
        if QApplication.activeModalWidget() is not None or not shiboken6.isValid(self.window):
            return
        answer = self.ask_if_changed_on_disk()
        path = self.current.path
        if path is None or answer in (None, KEEP):
            return
        if answer == RELOAD:
            self.load_path(path, confirmed=True)
        elif answer == OVERWRITE:
            self.write(path)
        else:
            self.save_as()

    def watching(self) -> bool:
        """Whether the open list has a file whose changes are watched."""
        return self.disk.state is not None

    def save_as(self) -> bool:
        folder = Path(self.last_folder())
        current = self.current
        roster = self.kind == ROSTER
        extension = ROSTER_EXTENSION if roster else EXTENSION
        suggested = current.path or folder / (file_stem(current.name, _("roster") if roster
                                                        else "warband") + extension)
        path = self.prompter.ask_save_path(str(suggested))
        if not path:
            return False
        target = Path(path)
        if not target.name.lower().endswith(ROSTER_SUFFIXES if roster else (".yaml", ".yml")):
            target = target.with_name(target.name + extension)
        return self.write(target)

    def write(self, path: Path) -> bool:
        """Write the list to ``path`` as it is (no question about changes on disk); False
        when it could not be written (the user was told why)."""
        current = self.current
        try:
            try:
                current.save(path)
            except ReadOnlyError:
                if not self.prompter.ask_replace_read_only(path):
                    return False
                current.save(path, replace_read_only=True)
        except OSError as exc:
            self.prompter.show_error(_("Could not save"),
                                     _("{file} could not be written.").format(file=path),
                                     str(exc))
            return False
        current.path = path.resolve()
        self.disk.remember(path)
        self.stack.setClean()
        self.autosaver.discard()
        self.add_recent(current.path)
        self.settings.setValue("files/last_folder", str(current.path.parent))
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

    def _recovery_copy(self) -> tuple[str, dict[str, Any]] | None:
        if not self.is_modified():
            return None
        if self.kind == ROSTER and self.rosters is not None:
            return self.rosters.recovery_copy()
        return list_copy(self.doc.warband, self.doc.path)

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
        if self._offer_rosters():
            return True
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

    def _offer_rosters(self) -> bool:
        """The autosave of a roster a crashed session left: offered, and restored when its
        data is installed (when not, the autosave stays for a later start)."""
        if self.rosters is None:
            return False
        folder = self.roster_recovery.folder
        for orphan in Recovery.orphans(folder, prefix=ROSTER_AUTOSAVE,
                                       suffix=ROSTER_SUFFIXES[0]):
            if not self.prompter.ask_recover(orphan.name, orphan.saved, orphan.origin):
                orphan.remove()
                continue
            roster = self.rosters.read_copy(orphan.list_path, orphan.origin)
            if roster is None:
                orphan.lock.unlock()  # (kept: offered again once its data is there)
                continue
            self.replace_roster(roster, None, _("Unsaved changes recovered — save them to "
                                                "keep them"), untitled=True)
            orphan.remove()
            return True
        return False
