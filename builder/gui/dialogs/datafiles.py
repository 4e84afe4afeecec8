"""Data files the user fixes by hand: open one as text, show it in its folder, delete it.

A faction or game system file that cannot be read cannot open in the faction editor either,
so the *Data problems* dialog offers its text in :class:`TextFileEditor`: a plain text editor
that saves atomically (:func:`builder.data.write_atomic`) and checks the file again on each
save, with the same loader as the app. Deleting moves a file to the desktop's trash where
there is one (``QFile.moveToTrash``), else deletes it.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import QFile, Qt, QUrl, Signal
from PySide6.QtGui import (
    QColor,
    QDesktopServices,
    QFontDatabase,
    QKeySequence,
    QTextCursor,
    QTextFormat,
)
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QPlainTextEdit,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from builder.data import DataError, load_yaml, read_text, write_atomic
from builder.data.catalogue import is_system_data
from builder.data.loading import MAX_FACTION_BYTES, faction_from
from builder.data.systems import system_from
from builder.gui.screenfit import fit_window
from builder.gui.widgets import own_style
from builder.i18n import _, ngettext
from builder.model import System
from builder.plumbing import paths

MAX_SHOWN = 12
"""Problems listed under the text before "and N more"."""


def in_user_folder(path: Path) -> bool:
    """A file of the user's own data folders (factions or game systems)."""
    return paths.within(path, paths.user_factions_dir(), paths.user_systems_dir())


def remove_file(path: Path) -> bool:
    """Move ``path`` to the trash, or delete it where there is no trash. True when it went
    to the trash; raises OSError when neither worked."""
    if QFile.moveToTrash(str(path)):
        return True
    path.unlink()
    return False


def show_in_folder(path: Path) -> bool:
    """Open the folder holding ``path`` in the desktop's file manager (False: none)."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path.parent)))


def check_file(path: Path, systems: Mapping[str, System],
               broken: Mapping[str, str] | None = None) -> DataError | None:
    """What the app's loader says of one data file: None when it loads. A faction is checked
    against ``systems`` (the loaded ones), as the catalogue would."""
    try:
        doc = load_yaml(path, MAX_FACTION_BYTES)
        if is_system_data(doc.data):
            system_from(doc)
        else:
            faction_from(doc, systems, broken)
    except DataError as exc:
        return exc
    return None


class TextFileEditor(QDialog):
    """One data file as plain text: fix it, save (atomically), see at once whether it loads.

    ``saved(path)`` is emitted after each save, so the app can read its data again.
    """

    saved = Signal(object)

    def __init__(self, path: Path, systems: Mapping[str, System],
                 broken: Mapping[str, str] | None = None, *,
                 first_line: int = 0, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("text-file-editor")
        self.path = path
        self._systems = systems
        self._broken = broken
        self.setWindowTitle(_("{file}[*] — edit as text").format(file=path.name))
        fit_window(self, 820, 640)
        where = QLabel(str(path))
        where.setWordWrap(True)
        own_style(where, "color: palette(placeholder-text);")
        self.text = QPlainTextEdit()
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.text.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.text.setTabChangesFocus(False)
        self.status = QLabel()
        self.status.setObjectName("check-result")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save
                                        | QDialogButtonBox.StandardButton.Close)
        self.save_button = self.buttons.button(QDialogButtonBox.StandardButton.Save)
        self.save_button.setToolTip(_("Save the file and check it again"))
        self.save_button.setShortcut(QKeySequence(QKeySequence.StandardKey.Save))
        self.buttons.accepted.connect(self.save)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(where)
        layout.addWidget(self.text, 1)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.loaded = self._load()
        self.text.document().modificationChanged.connect(self.setWindowModified)
        self.recheck()
        if first_line > 0:
            self.go_to_line(first_line)

    def _load(self) -> bool:
        try:
            content = read_text(self.path, MAX_FACTION_BYTES)
        except DataError as exc:  # not text, too large, gone: nothing to edit here
            self.text.setPlainText("")
            self.text.setReadOnly(True)
            self.save_button.setEnabled(False)
            self.status.setText(_("This file cannot be edited as text: {reason}").format(
                reason=exc.problems[0].message))
            return False
        self.text.setPlainText(content)
        self.text.document().setModified(False)
        return True

    def set_systems(self, systems: Mapping[str, System],
                    broken: Mapping[str, str] | None = None) -> None:
        """The game systems a faction file is checked against (after the data reloaded)."""
        self._systems = systems
        self._broken = broken

    def go_to_line(self, line: int) -> None:
        block = self.text.document().findBlockByLineNumber(max(0, line - 1))
        cursor = QTextCursor(block)
        self.text.setTextCursor(cursor)
        self.text.centerCursor()
        self.text.setFocus()

    def recheck(self) -> DataError | None:
        """Check the file as saved and say what the loader finds."""
        if not self.loaded:
            return None
        problem = check_file(self.path, self._systems, self._broken)
        self._mark_lines([p.line for p in problem.problems if p.line] if problem else [])
        if problem is None:
            self.status.setText(_("✔ The file loads without problems."))
            own_style(self.status, "")
        else:
            lines = [_("{message} (line {line})").format(message=p.message, line=p.line)
                     if p.line else p.message for p in problem.problems]
            shown = lines[:MAX_SHOWN] + ([_("… and {count} more").format(
                count=len(lines) - MAX_SHOWN)] if len(lines) > MAX_SHOWN else [])
            count = len(problem.problems)
            self.status.setText(ngettext("✘ {count} problem:", "✘ {count} problems:",
                                         count).format(count=count) + "\n"
                                + "\n".join(f"• {line}" for line in shown))
            own_style(self.status, "color: #b3261e;")
        return problem

    def _mark_lines(self, lines: list[int]) -> None:
        """A tint on each line a problem is at."""
        marks = []
        for line in sorted(set(lines)):
            mark = QTextEdit.ExtraSelection()
            mark.format.setBackground(QColor("#fde7e9"))
            mark.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
            mark.cursor = QTextCursor(self.text.document().findBlockByLineNumber(line - 1))
            marks.append(mark)
        self.text.setExtraSelections(marks)

    def save(self) -> bool:
        """Write the text atomically, check it again and tell the app."""
        if not self.loaded:
            return False
        try:
            write_atomic(self.path, self.text.toPlainText())
        except OSError as exc:
            QMessageBox.warning(self, _("Cannot save"), _("{file} could not be written: "
                                                          "{reason}").format(
                file=self.path, reason=exc.strerror or exc))
            return False
        self.text.document().setModified(False)
        self.recheck()
        self.saved.emit(self.path)
        return True

    def ask_unsaved(self) -> QMessageBox.StandardButton:
        """Closing with changes: Save, Discard or Cancel."""
        box = QMessageBox(QMessageBox.Icon.Warning, _("Unsaved changes"),
                          _("Save the changes to {file}?").format(file=self.path.name),
                          QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                          | QMessageBox.StandardButton.Cancel, self)
        box.setObjectName("text-unsaved-prompt")
        return QMessageBox.StandardButton(box.exec())

    def done(self, result: int) -> None:
        """Close (the button, Escape, the window's close box), asking about unsaved
        changes first."""
        if self.text.document().isModified():
            answer = self.ask_unsaved()
            if answer == QMessageBox.StandardButton.Cancel or (
                    answer == QMessageBox.StandardButton.Save and not self.save()):
                return
        super().done(result)
