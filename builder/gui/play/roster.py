"""Play mode of a BattleScribe roster in the app: the play window (:mod:`builder.gui.play.view`)
on the roster's plan (:func:`builder.play.roster.roster_plan`), its game kept beside the
roster (``NAME.game.json``) as a warband's is.

The characteristic the models are counted down by is asked once per game system (the
likeliest preselected) and remembered for it (:func:`builder.play.roster.remember_counter`,
shared with ``spherewars play --counter``); the play window's *Counted by…* button changes
it, keeping the game (turn, activations, removed models) while the new counter starts full.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from builder.gui.play.menu import ask_html_path, ask_yes, end_asked, write_phone_page
from builder.gui.play.session import GameSession
from builder.i18n import _

if TYPE_CHECKING:
    from builder.export.roster.summary import RosterSummary
    from builder.gui.play.view import PlayWindow
    from builder.play.plan import Plan
    from builder.play.state import State

log = logging.getLogger(__name__)


class CounterDialog(QDialog):
    """Which characteristic counts a model down, for one game system."""

    def __init__(self, game: str, choices: list[str], current: str | None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("counter-dialog")
        self.setWindowTitle(_("Count models down by"))
        box = QVBoxLayout(self)
        text = QLabel(_("The data of {game} does not say which characteristic is a model's "
                        "wounds. Choose the one to count down at the table (W, Wounds, Hit "
                        "Points…); it is remembered for {game}.").format(game=game))
        text.setWordWrap(True)
        box.addWidget(text)
        self.combo = QComboBox()
        self.combo.setObjectName("counter-choice")
        self.combo.addItem(_("(no counter)"), "")
        for name in choices:
            self.combo.addItem(name, name)
        self.combo.setCurrentIndex(max(0, self.combo.findData(current or "")))
        box.addWidget(self.combo)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        box.addWidget(buttons)

    @property
    def chosen(self) -> str:
        return str(self.combo.currentData() or "")


def ask_counter(parent: QWidget | None, summary: RosterSummary, current: str | None
                ) -> str | None:
    """The player's choice ("" for no counter), None when they cancelled."""
    from builder.play.roster import counter_choices

    dialog = CounterDialog(summary.system_name, counter_choices(summary), current, parent)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return None
    return dialog.chosen


class RosterGame(QObject):
    """One roster's game in the app: its plan, play window, counter and phone page."""

    def __init__(self, parent: QWidget, summary: RosterSummary, roster_path: Path) -> None:
        super().__init__(parent)
        self.parent_window = parent
        self.summary = summary
        self.roster_path = roster_path
        self.window: PlayWindow | None = None
        self.ask: Callable[[str | None], str | None] = \
            lambda current: ask_counter(self.parent_window, self.summary, current)
        self.ask_path: Callable[[str], str | None] = \
            lambda suggested: ask_html_path(self.parent_window, suggested)
        self.ask_yes: Callable[[str, str], bool] = \
            lambda title, text: ask_yes(self.parent_window, title, text)

    @property
    def game_file(self) -> Path:
        from builder.play.state import game_path

        return game_path(self.roster_path)

    def _counter(self) -> str | None:
        """The remembered counter of the game system, else the player's choice (asked once,
        then remembered); None when they cancelled."""
        from builder.play.roster import counter_choices, guess_counter, remembered_counter

        choices = counter_choices(self.summary)
        chosen = remembered_counter(self.summary.system_id)
        if chosen is not None and (chosen in choices or chosen == ""):
            return chosen
        answer = self.ask(guess_counter(choices))
        if answer is not None:
            self._remember(answer)
        return answer

    def _remember(self, counter: str) -> None:
        from builder.play.roster import remember_counter

        try:
            remember_counter(self.summary.system_id, counter)
        except OSError as exc:  # the game goes on; the choice is asked again next time
            log.warning("counter choice not kept: %s", exc)

    def start(self) -> PlayWindow | None:
        """Open the play window: the game beside the roster resumed, else a new one."""
        from builder.play.roster import roster_plan
        from builder.play.state import GameFileError, load_game, new_game

        if self.window is not None and self.window.isVisible():
            self.window.raise_()
            return self.window
        counter = self._counter()
        if counter is None:
            return None
        plan = roster_plan(self.summary, counter or None)
        state = new_game(plan)
        if self.game_file.exists():
            try:
                state = load_game(self.game_file, plan)
            except GameFileError as exc:
                if not self.ask_yes(_("Start a new game?"), _(
                        "The game beside the roster cannot be resumed:\n{problem}\n\nStart a "
                        "new game in its place?").format(problem=exc)):
                    return None
        return self._open(plan, state)

    def _open(self, plan: Plan, state: State) -> PlayWindow:
        from builder.gui.play.view import PlayWindow
        from builder.play.roster import counter_choices

        session = GameSession(plan, state, self.game_file)
        window = PlayWindow(session, parent=self.parent_window,
                            counters=counter_choices(self.summary))
        session.setParent(window)
        window.end_requested.connect(lambda: self.end(window))
        window.phone_requested.connect(lambda: self.save_for_phone(window))
        window.counter_requested.connect(self.change_counter)
        self.window = window
        window.show()
        return window

    def change_counter(self) -> PlayWindow | None:
        """Another counter for the game system: remembered, and the game goes on with it
        (the new counter's boxes start unticked)."""
        from builder.play.roster import roster_plan
        from builder.play.state import checked

        old = self.window
        if old is None:
            return None
        answer = self.ask(old.session.plan.counter or None)
        if answer is None or answer == old.session.plan.counter:
            return old
        self._remember(answer)
        plan = roster_plan(self.summary, answer or None)
        state = checked(plan, old.session.state)
        geometry = old.geometry()
        old.close()
        window = self._open(plan, state)
        window.setGeometry(geometry)
        return window

    def end(self, window: PlayWindow) -> None:
        end_asked(window, self.ask_yes)

    def save_for_phone(self, window: PlayWindow) -> Path | None:
        """The phone page of the game as it stands in ``window`` (the phone goes on from
        it)."""
        chosen = self.ask_path(str(self.game_file.with_name(
            self.roster_path.name.split(".")[0] + ".html")))
        if not chosen:
            return None
        path = Path(chosen)
        try:
            write_phone_page(window.session.plan, path, window.session.state)
        except OSError as exc:
            QMessageBox.warning(self.parent_window, _("Could not save"), _(
                "{file} could not be written.").format(file=path) + f"\n{exc}")
            return None
        return path

