"""The profile panel: the selected combatant's whole profile, and the list's notes under it.

Its public face: :meth:`ProfilePanel.show_combatant`, :meth:`ProfilePanel.clear` and
:meth:`ProfilePanel.refresh_notes`; editing the notes pushes an undo command."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeyEvent, QUndoStack
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QSplitter, QTextBrowser, QVBoxLayout, QWidget

from builder.gui.commands import SetNotesCommand
from builder.gui.document import WarbandDocument
from builder.gui.panels.profile_html import profile_html, unknown_html
from builder.i18n import _


class NotesEdit(QPlainTextEdit):
    """Tab moves the focus on, as in every other field; Ctrl+Tab types a tab."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() == Qt.Key.Key_Tab \
                and event.modifiers() == Qt.KeyboardModifier.ControlModifier:
            self.insertPlainText("\t")
            event.accept()
            return
        super().keyPressEvent(event)


class ProfilePanel(QSplitter):
    def __init__(self, doc: WarbandDocument, stack: QUndoStack,
                 parent: QWidget | None = None) -> None:
        super().__init__(Qt.Orientation.Vertical, parent)
        self.setObjectName("right-splitter")
        self.doc, self.stack = doc, stack
        self.profile = QTextBrowser()
        self.profile.setObjectName("profile")
        self.profile.setOpenLinks(False)
        self.profile.setPlaceholderText(_("Select a combatant to see its profile."))
        # The list's free-text notes (kept in the file): under the profile, undoable.
        self.notes_edit = NotesEdit()
        self.notes_edit.setObjectName("notes-edit")
        self.notes_edit.setPlaceholderText(_("Notes about this list (saved with it)"))
        notes_label = QLabel("<b>" + _("N&otes") + "</b>")
        notes_label.setBuddy(self.notes_edit)
        notes = QWidget()
        notes_layout = QVBoxLayout(notes)
        notes_layout.setContentsMargins(0, 4, 0, 0)
        notes_layout.addWidget(notes_label)
        notes_layout.addWidget(self.notes_edit, 1)
        top = QWidget()  # the profile, and what the window puts under it (an entry's options)
        self._top = QVBoxLayout(top)
        self._top.setContentsMargins(0, 0, 0, 0)
        self._top.setSpacing(0)
        self._top.addWidget(self.profile, 1)
        self.addWidget(top)
        self.addWidget(notes)
        self.setStretchFactor(0, 4)
        self.setStretchFactor(1, 1)
        self.setChildrenCollapsible(False)
        self.notes_edit.textChanged.connect(self._notes_edited)

    def add_below_profile(self, widget: QWidget) -> None:
        """Show ``widget`` under the profile, above the notes (it takes the height it asks)."""
        self._top.addWidget(widget)

    def show_combatant(self, combatant_id: str) -> None:
        """The profile of one of the list's faction's combatants, or why there is none."""
        faction = self.doc.faction
        combatant = faction.combatant(combatant_id) if faction else None
        if combatant is None or faction is None:
            self.profile.setHtml(unknown_html(combatant_id, self.doc.warband.faction))
        else:
            self.profile.setHtml(profile_html(combatant, faction))

    def clear(self) -> None:
        self.profile.clear()

    def refresh_notes(self) -> None:
        notes = self.doc.warband.notes or ""
        if self.notes_edit.toPlainText() != notes:
            self.notes_edit.blockSignals(True)
            self.notes_edit.setPlainText(notes)
            self.notes_edit.blockSignals(False)

    def _notes_edited(self) -> None:
        text = self.notes_edit.toPlainText()
        if (text or None) != self.doc.warband.notes:
            self.stack.push(SetNotesCommand(self.doc, text or None))
