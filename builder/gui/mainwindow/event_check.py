"""Events → Check against event… (the open list, a warband or a BattleScribe roster, checked
against an event file from now on) and the organiser's whole-event dialog."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDialog, QMainWindow, QWidget

from builder.gui.dialogs import Prompter
from builder.gui.document import WarbandDocument
from builder.i18n import _
from builder.model.event import Event


class EventCheck(QObject):
    def __init__(self, window: QMainWindow, doc: WarbandDocument, prompter: Prompter, *,
                 clear: QAction, shows_event: QWidget, last_folder: Callable[[], str],
                 current: Callable[[], Any] | None = None) -> None:
        """``current``: the open list's document (a warband's or a roster's; by default
        ``doc``)."""
        super().__init__(window)
        self.window, self.doc, self.prompter = window, doc, prompter
        self.current = current or (lambda: doc)
        self.last_folder = last_folder
        self.clear_action = clear
        self.shows_event = shows_event  # (its tooltip names the event)
        self.dialog: QDialog | None = None
        clear.triggered.connect(lambda: self.set_event(None))

    def check_against(self) -> None:
        path = self.prompter.ask_event_path(self.last_folder())
        if path:
            self.load_path(Path(path))

    def show_event_lists(self) -> None:
        """The organiser's whole event: a folder and share codes against an event file."""
        from builder.gui.dialogs.event_lists import EventDialog

        if self.dialog is None:
            self.dialog = EventDialog(self.doc.catalogue, self.last_folder(), parent=self.window,
                                      games=installed_games)
        dialog = self.dialog
        dialog.catalogue = self.doc.catalogue  # type: ignore[attr-defined]
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()

    def load_path(self, path: Path) -> bool:
        """Check the open list against an event file from now on (an organiser at the table
        with a player's list). A broken event file, or data other than the event's, shows why
        and leaves the list checked as before."""
        from builder.data import DataError
        from builder.events import DataPinError, check_data_pins, load_event
        from builder.events.pins import pinned_packs, pins_not_in_use

        try:
            pins = pinned_packs(path)  # SPEC §8: one not installed names its install command
            event = load_event(path, self.doc.catalogue, installed_games)
            check_data_pins(event, self.doc.catalogue)
            other = pins_not_in_use(pins)
            if other:
                raise DataPinError("; ".join(other))
        except (DataError, OSError) as exc:
            self.prompter.show_error(_("Could not open the event"),
                                     _("{file} could not be used as an event.").format(
                                         file=path.name), str(exc))
            return False
        except DataPinError as exc:
            self.prompter.show_error(_("Not the event's data"),
                                     _("{file} expects other faction data than the data "
                                       "loaded.").format(file=path.name), str(exc))
            return False
        self.set_event(event)
        self.window.statusBar().showMessage(_("Checking against {event}").format(
            event=event.name), 5000)
        return True

    def set_event(self, event: Event | None) -> None:
        target = self.current()
        target.set_event(event)
        self.clear_action.setEnabled(event is not None)
        self.shows_event.setToolTip(_("Checked against {event}").format(
            event=self.doc.tournament.name) if self.doc.tournament is not None else "")

    def follow(self) -> None:
        """Another list is open: *Stop checking* follows whether it is checked against an
        event."""
        self.clear_action.setEnabled(self.current().tournament is not None)


def installed_games() -> dict[str, set[str]]:
    """The BattleScribe game systems installed, with their catalogue ids: what an event may
    name besides the SphereWars games (read only when an event names one of them)."""
    from builder.document.files import known_games

    return known_games()
