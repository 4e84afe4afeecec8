"""Every question the faction editor asks the user goes through one small object.

Tests replace it with one that answers from a script (no ``exec()`` blocking a test), and the
real one is still testable by clicking the message box's buttons from a timer.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QAbstractButton,
    QFileDialog,
    QMessageBox,
    QWidget,
)

from builder.gui.widgets import choose_from
from builder.i18n import N_, _

FACTION_FILTER = N_("Faction or game system files (*.yaml *.yml);;All files (*)")


class Prompts:
    def __init__(self, parent: QWidget) -> None:
        self.parent = parent

    def ask(self, title: str, text: str, choices: list[tuple[str, str]]) -> str:
        """Ask a question with one button per (answer, button text); the first is the
        default, unless it is "delete". Returns the answer chosen, or "cancel" when the box
        is closed."""
        box = QMessageBox(QMessageBox.Icon.Question, title, text, parent=self.parent)
        buttons: dict[QAbstractButton, str] = {}
        default = "cancel" if choices[0][0] == "delete" else choices[0][0]  # never Delete
        for answer, label in choices:
            role = (QMessageBox.ButtonRole.RejectRole if answer == "cancel"
                    else QMessageBox.ButtonRole.DestructiveRole if answer in ("discard", "delete")
                    else QMessageBox.ButtonRole.AcceptRole)
            button = box.addButton(label, role)
            if answer == default:
                box.setDefaultButton(button)
            buttons[button] = answer
        box.exec()
        return buttons.get(box.clickedButton(), "cancel")

    def choose(self, title: str, text: str, choices: list[tuple[str, str]],
               current: str | None = None) -> str | None:
        """One of (answer, label) (*New faction* asks the game)."""
        return choose_from(self.parent, title, text, choices, current)

    def tell(self, title: str, text: str, *, warning: bool = True) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning if warning else QMessageBox.Icon.Information,
                          title, text, QMessageBox.StandardButton.Ok, parent=self.parent)
        box.exec()

    def open_path(self, title: str) -> str | None:
        path, _filter = QFileDialog.getOpenFileName(self.parent, title, "", _(FACTION_FILTER))
        return path or None

    def save_path(self, title: str, suggested: str, file_filter: str | None = None
                  ) -> str | None:
        """Where to write (a faction file unless ``file_filter`` names another type)."""
        path, _filter = QFileDialog.getSaveFileName(self.parent, title, suggested,
                                                    file_filter or _(FACTION_FILTER))
        return path or None
