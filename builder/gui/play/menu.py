"""Play mode in the app: the Game menu, a game's session (undo, autosave) and its window.

*Game → Start game* opens the play window (:mod:`builder.gui.play.view`) on the open list (a
BattleScribe roster's game is :class:`builder.gui.play.roster.RosterGame`'s: its models'
counter asked once per game system).
A game's state lives in a file beside the list (``NAME.game.json``,
:func:`builder.play.state.game_path`), written atomically after every change, so a crash or
``kill -9`` loses nothing; *Start game* on a list with a game in progress resumes it, and an
app that did not close its play window normally reopens it at start. *End game* removes the
file. *Game → Save for phone…* writes the list's self-contained page
(:mod:`builder.play.page`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QFileDialog, QMainWindow, QMenu, QMessageBox, QWidget

from builder.data import DataError, load_warband
from builder.gui.play.session import GameSession
from builder.i18n import N_, _

if TYPE_CHECKING:
    from builder.gui.host import Host
    from builder.gui.play.view import PlayWindow
    from builder.play.plan import Plan
    from builder.play.state import State

# builder.play is imported where it is used (a game started, resumed or saved), not with the
# main window: the plans and the phone page are no part of the first screen

log = logging.getLogger(__name__)

OPEN_KEY = "play/list"
"""Settings: the list whose play window is open (left set by a crash: reopened at start)."""
HTML_FILTER = N_("Web page (*.html)")


def write_phone_page(plan: Plan, path: Path, state: State | None = None) -> None:
    from builder.play.page import render_page
    from builder.plumbing.atomic import write_atomic

    write_atomic(path, render_page(plan, state))


class GameMenu(QObject):
    """The Game menu of a main window and what it opens."""

    def __init__(self, host: Host, window: QMainWindow) -> None:
        super().__init__(window)
        self.host = host
        self.window = window
        self.play_window: PlayWindow | None = None
        self.roster_game: Any = None
        """The open roster's game, once started (its play window is :attr:`play_window`)."""
        self.roster_games: Callable[[Path], Any] | None = None
        """Makes the open roster's game, kept beside the roster file given (the window's:
        :class:`builder.gui.play.roster.RosterGame`, which imports this module)."""
        self.ask_path: Callable[[str], str | None] = self._ask_html_path
        self.ask_yes: Callable[[str, str], bool] = self._ask_yes
        self._asker: QWidget = window
        """The window a file dialog belongs to (the play window, when it asked)."""
        self.start = QAction(_("&Start game"), window)
        self.start.setObjectName("start-game")
        self.start.setShortcut(QKeySequence("Ctrl+G"))
        self.start.setStatusTip(_("Track the game at the table: wounds, counters, turns"))
        self.phone = QAction(_("Save for &phone…"), window)
        self.phone.setObjectName("save-for-phone")
        self.phone.setStatusTip(_("Write one web page to track the game on a phone, offline"))
        self.menu = QMenu(_("&Game"), window)
        self.menu.setObjectName("game-menu")
        self.menu.addActions([self.start, self.phone])
        bar = window.menuBar()
        # before Data; found as a child by title (asking an action for its menu hands out
        # a deleted wrapper on older PySide6: tests/gui/menus.py)
        data = next((m for m in window.findChildren(QMenu) if m.title() == _("&Data")), None)
        if data is not None:
            bar.insertMenu(data.menuAction(), self.menu)
        else:
            bar.addMenu(self.menu)
        self.start.triggered.connect(self.start_game)
        self.phone.triggered.connect(lambda _checked=False: self.save_for_phone())
        self.menu.aboutToShow.connect(self.follow)
        host.doc.was_reset.connect(self.follow)
        host.doc.catalogue_changed.connect(self.follow)
        self.follow()

    # -- state of the menu

    def _plan(self) -> Plan | None:
        return self.host.files.current.play_plan()  # (a warband's or a roster's)

    def follow(self) -> None:
        """Start or Resume (with the turn), enabled when the list's faction is loaded."""
        from builder.play.state import game_path

        roster = self.host.files.kind == "roster"
        playable = roster or self.host.doc.faction is not None
        self.start.setEnabled(playable)
        self.phone.setEnabled(playable)
        path = self.host.files.current.path
        if path is not None and game_path(path).exists():
            self.start.setText(_("Re&sume game"))
        else:
            self.start.setText(_("&Start game"))

    # -- starting, resuming, ending

    def start_game(self) -> PlayWindow | None:
        if self.play_window is not None and shiboken6.isValid(self.play_window) \
                and self.play_window.isVisible():
            self.play_window.raise_()
            self.play_window.activateWindow()
            return self.play_window
        w = self.host
        plan = self._plan()
        if plan is None:
            return None
        if w.files.current.path is None or w.files.is_modified():
            # the game is kept beside the list, and must be a game of the list as saved
            if not self.ask_yes(_("Save the list first"),
                                _("The game is kept beside the list file. Save the list "
                                  "now?")) or not w.files.save():
                return None
            plan = self._plan()
            if plan is None or w.files.current.path is None:
                return None
        list_path = w.files.current.path
        if w.files.kind == "roster":
            return self._start_roster(list_path)
        from builder.play.state import game_path

        path = game_path(list_path)
        state = self._resumed(plan, path)
        if state is None:
            return None
        return self.open(plan, state, path, list_path)

    def _start_roster(self, roster_path: Path) -> PlayWindow | None:
        """A roster's game (:attr:`roster_games` makes it: the counter asked once per game
        system, the game beside the roster resumed)."""
        if self.roster_games is None:
            return None
        game = self.roster_games(roster_path)
        game.ask_yes = self.ask_yes
        self.roster_game = game
        window = game.start()
        if window is not None:
            self.play_window = window
            window.closed.connect(self.follow)
        self.follow()
        return window

    def _resumed(self, plan: Plan, path: Path) -> State | None:
        from builder.play.state import GameFileError, load_game, new_game

        if not path.exists():
            return new_game(plan)
        try:
            state = load_game(path, plan)
        except GameFileError as exc:
            if not self.ask_yes(_("Start a new game?"),
                                _("The game beside the list cannot be resumed:\n{problem}\n\n"
                                  "Start a new game in its place?").format(problem=exc)):
                return None
            return new_game(plan)
        self.window.statusBar().showMessage(
            _("Game resumed: {turn} {n}").format(turn=plan.turn, n=state["turn"]), 5000)
        return state

    def open(self, plan: Plan, state: State, path: Path, list_path: Path) -> PlayWindow:
        from builder.gui.play.view import PlayWindow

        session = GameSession(plan, state, path)
        window = PlayWindow(session, parent=self.window)
        session.setParent(window)
        window.end_requested.connect(lambda: self.end_game(window))
        window.phone_requested.connect(lambda: self.save_for_phone(window))
        window.closed.connect(self._closed)
        self.play_window = window
        self.host.settings.setValue(OPEN_KEY, str(list_path))
        window.show()
        self.follow()
        return window

    def _closed(self) -> None:
        self.host.settings.remove(OPEN_KEY)
        self.follow()

    def end_game(self, window: PlayWindow) -> None:
        if not end_asked(window, self.ask_yes):
            return
        self.window.statusBar().showMessage(_("Game ended"), 4000)
        self.follow()

    def resume_after_restart(self) -> bool:
        """At start: the play window that was open when the app stopped without closing it
        (a crash, a power cut), with its list; True when one was reopened."""
        value = self.host.settings.value(OPEN_KEY, "")
        if not value:
            return False
        list_path = Path(str(value))
        from builder.play.state import game_path

        if not game_path(list_path).exists():
            self.host.settings.remove(OPEN_KEY)
            return False
        try:
            load_warband(list_path)
        except (DataError, OSError):
            self.host.settings.remove(OPEN_KEY)
            return False
        if not self.host.files.load_path(list_path, confirmed=True):
            return False
        return self.start_game() is not None

    # -- the phone page

    def _open_play_window(self) -> PlayWindow | None:
        w = self.play_window
        return w if w is not None and shiboken6.isValid(w) and w.isVisible() else None

    def _game_to_carry(self) -> tuple[Plan, State | None] | None:
        """The plan and the game a phone page carries: the open play window's game, else the
        game kept beside the saved list (issue 41 item 3), else a new game (None)."""
        playing = self._open_play_window()
        if playing is not None:
            return playing.session.plan, playing.session.state
        plan = self._plan()
        if plan is None:
            return None
        path = self.host.files.current.path
        if path is None or self.host.files.is_modified():
            return plan, None
        from builder.play.state import GameFileError, game_path, load_game

        kept = game_path(path)
        if not kept.exists():
            return plan, None
        try:
            return plan, load_game(kept, plan)
        except GameFileError:
            return plan, None  # (Start game says why; the page starts a new game)

    def save_for_phone(self, asked_by: QWidget | None = None) -> Path | None:
        """Write the phone page of the game as it stands; the window that asked (the play
        window's button) owns the file dialog and stays in front afterwards."""
        carried = self._game_to_carry()
        if carried is None:
            return None
        plan, state = carried
        self._asker = asked_by or self.window
        try:
            return self._write_phone_page(plan, state)
        finally:
            if asked_by is not None and shiboken6.isValid(asked_by):
                asked_by.raise_()
                asked_by.activateWindow()
            self._asker = self.window

    def _write_phone_page(self, plan: Plan, state: State | None) -> Path | None:
        doc_path = self.host.files.current.path
        folder = doc_path.parent if doc_path is not None else Path(self.host.files.last_folder())
        stem = doc_path.name.split(".")[0] if doc_path is not None else "game"
        chosen = self.ask_path(str(folder / f"{stem}.html"))
        if not chosen:
            return None
        path = Path(chosen)
        try:
            write_phone_page(plan, path, state)
        except OSError as exc:
            self.host.prompter.show_error(_("Could not save"), _(
                "{file} could not be written.").format(file=path), str(exc))
            return None
        shown = self._asker if isinstance(self._asker, QMainWindow) else self.window
        shown.statusBar().showMessage(
            _("Saved {file}: open it in the phone's browser").format(file=path.name), 6000)
        return path

    def _ask_html_path(self, suggested: str) -> str | None:
        return ask_html_path(self._asker, suggested)

    def _ask_yes(self, title: str, text: str) -> bool:
        return ask_yes(self.window, title, text)


def end_asked(window: PlayWindow, ask_yes: Callable[[str, str], bool]) -> bool:
    """End the game of ``window`` (its file goes, the window closes) when the player says
    so; whether they did."""
    if not ask_yes(_("End game"), _("End this game? Its tracks and counters are cleared.")):
        return False
    window.session.end()
    window.close()
    return True


def ask_html_path(parent: QWidget, suggested: str) -> str | None:
    """Where to save the phone page (``.html`` added when not typed); None: cancelled."""
    path, _filter = QFileDialog.getSaveFileName(parent, _("Save for phone"), suggested,
                                                _(HTML_FILTER))
    if path and not path.lower().endswith((".html", ".htm")):
        path += ".html"
    return path or None


def ask_yes(parent: QWidget, title: str, text: str) -> bool:
    answer = QMessageBox.question(parent, title, text)
    return answer == QMessageBox.StandardButton.Yes
