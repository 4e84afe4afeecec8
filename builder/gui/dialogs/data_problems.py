"""The data problems: every file that could not be loaded, why, and a way to fix, show or
delete each (the data is read again after each change)."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from builder.data import Catalogue, DataError
from builder.gui.screenfit import fit_window
from builder.gui.widgets import own_style
from builder.i18n import _, ngettext
from builder.plumbing import paths
from builder.plumbing.terminal_text import escape

if TYPE_CHECKING:
    from builder.gui.dialogs.datafiles import TextFileEditor  # (imported when first used: start-up)

class DataProblemsDialog(QDialog):
    """Broken game system and faction files: for each file its problems, the message first
    and ``FILE:LINE:COLUMN`` after, wrapped; *Copy* puts them all on the clipboard as the
    command line prints them.

    A file of the user's data can be opened as text to fix (:class:`TextFileEditor`, which
    saves atomically and checks again), shown in its folder, or deleted (after a question
    naming it; to the trash where there is one). After each change ``reload()`` reads the
    data again and the dialog shows what is left; ``data_changed`` tells the app.
    """

    data_changed = Signal()

    def __init__(self, problems: list[DataError], parent: QWidget | None = None, *,
                 catalogue: Catalogue | None = None,
                 reload: Callable[[], Catalogue] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("data-problems-dialog")
        self.setWindowTitle(_("Data problems"))
        fit_window(self, 780, 480)
        self._catalogue = catalogue
        self._reload = reload
        self.problems: list[DataError] = []
        self.editor: TextFileEditor | None = None
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.files = QWidget()
        self.files_layout = QVBoxLayout(self.files)
        self.files_layout.setContentsMargins(4, 4, 4, 4)
        self.files_layout.setSpacing(10)
        area = QScrollArea()
        area.setObjectName("data-problems-files")
        area.setWidgetResizable(True)
        area.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        area.setWidget(self.files)
        self.copy_button = QPushButton(_("&Copy"))
        self.copy_button.setToolTip(_("Copy every problem as text (FILE:LINE:COLUMN: message)"))
        self.copy_button.clicked.connect(self.copy)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(area, 1)
        layout.addWidget(buttons)
        self.set_problems(problems)

    # -- showing --------------------------------------------------------------------------

    def set_problems(self, problems: list[DataError]) -> None:
        self.problems = list(problems)
        count = sum(len(p.problems) for p in problems)
        files = len(problems)
        if problems:
            self.intro.setText(
                ngettext("{count} problem", "{count} problems", count).format(count=count)
                + " " + ngettext("in {files} file.", "in {files} files.", files).format(
                    files=files) + " "
                + _("The game systems and factions in these files are not loaded (nor the "
                    "factions of a broken game); every other file is. Fix a file of your own "
                    "here (Edit as text), or delete it."))
        else:
            self.intro.setText(_("All game system and faction data loaded without problems."))
        while self.files_layout.count():
            item = self.files_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        for error in problems:
            self.files_layout.addWidget(self._file_box(error))
        self.files_layout.addStretch(1)
        self.copy_button.setEnabled(bool(problems))

    def _file_box(self, error: DataError) -> QFrame:
        path = Path(error.path)
        box = QFrame()
        box.setObjectName("data-problem-file")
        box.setFrameShape(QFrame.Shape.StyledPanel)
        box.setProperty("path", str(path))
        col = QVBoxLayout(box)
        head = QHBoxLayout()
        title = QLabel(escape(path.name))
        title.setTextFormat(Qt.TextFormat.PlainText)
        own_style(title, "font-weight: bold;")
        head.addWidget(title, 1)
        editable = path.is_file() and not _builtin(path)
        for name, text, tip, slot, enabled in (
                ("edit-as-text", _("Edit as text…"),
                 _("Open the file in a text editor to fix it"),
                 lambda: self.edit(path), editable),
                ("show-in-folder", _("Show in folder"), _("Open the folder that holds the file"),
                 lambda: self.show_folder(path), path.parent.is_dir()),
                ("delete", _("Delete…"), _("Delete the file (to the trash where there is one)"),
                 lambda: self.delete(path), editable and datafiles().in_user_folder(path))):
            button = QPushButton(text)
            button.setObjectName(name)
            button.setToolTip(tip)
            button.setEnabled(enabled)
            button.clicked.connect(slot)
            head.addWidget(button)
        col.addLayout(head)
        for problem in error.problems:
            where = f"{problem.path}:{problem.line}:{problem.column}" if problem.line \
                else problem.path
            label = QLabel(f"{html.escape(escape(problem.message), quote=False)}<br>"
                           f"<span style='color: gray;'>"
                           f"{html.escape(_breakable(where), quote=False)}</span>")
            label.setObjectName("data-problem")
            label.setTextFormat(Qt.TextFormat.RichText)
            label.setWordWrap(True)
            label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            col.addWidget(label)
        return box

    def as_text(self) -> str:
        """Every problem as ``FILE:LINE:COLUMN: message``, a blank line between files."""
        return "\n\n".join(str(p) for p in self.problems)

    def copy(self) -> None:
        QGuiApplication.clipboard().setText(self.as_text())

    # -- acting on a file -----------------------------------------------------------------

    def edit(self, path: Path) -> TextFileEditor:
        """The file as text, at its first problem's line."""
        error = next((e for e in self.problems if Path(e.path) == path), None)
        line = next((p.line for p in error.problems if p.line), 0) if error else 0
        cat = self._catalogue
        self.editor = datafiles().TextFileEditor(path, cat.systems if cat else {},
                                     cat.broken_systems if cat else None,
                                     first_line=line, parent=self)
        self.editor.saved.connect(lambda _path: self.refresh())
        self.editor.setWindowModality(Qt.WindowModality.WindowModal)  # the list waits for it
        self.editor.show()
        return self.editor

    def show_folder(self, path: Path) -> None:
        if not datafiles().show_in_folder(path):
            QMessageBox.information(self, _("Could not show the folder"),
                                    _("No file manager could be started. The file is in "
                                      "{folder}").format(folder=path.parent))

    def confirm_delete(self, path: Path) -> bool:
        box = QMessageBox(QMessageBox.Icon.Warning, _("Delete file"),
                          _("Delete {file}?").format(file=path.name), parent=self)
        box.setObjectName("delete-file-prompt")
        box.setInformativeText(_("{path}\n\nIt goes to the trash where the desktop has one; "
                                 "otherwise it is deleted for good.").format(path=path))
        delete = box.addButton(_("Delete"), QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.exec()
        return box.clickedButton() is delete

    def delete(self, path: Path) -> bool:
        if not self.confirm_delete(path):
            return False
        try:
            trashed = datafiles().remove_file(path)
        except OSError as exc:
            QMessageBox.warning(self, _("Cannot delete"), _("{file} could not be deleted: "
                                                            "{reason}").format(
                file=path, reason=exc.strerror or exc))
            return False
        self.intro.setText((_("{file} was moved to the trash.") if trashed
                            else _("{file} was deleted.")).format(file=path.name))
        self.refresh(keep_intro=True)
        return True

    def refresh(self, keep_intro: bool = False) -> None:
        """Read the data again (the app reloads) and show what is left."""
        said = self.intro.text()
        if self._reload is not None:
            self._catalogue = self._reload()
            self.set_problems(self._catalogue.problems)
        else:
            self.set_problems([e for e in self.problems if Path(e.path).is_file()])
        if self.editor is not None:
            self.editor.set_systems(self._catalogue.systems if self._catalogue else {},
                                    self._catalogue.broken_systems if self._catalogue
                                    else None)
        if keep_intro:
            self.intro.setText(f"{said} {self.intro.text()}")
        self.data_changed.emit()


def datafiles() -> ModuleType:
    """:mod:`builder.gui.dialogs.datafiles`, imported the first time the data problems are shown,
    not at start-up (it is a fifth of the main window's imports)."""
    from builder.gui.dialogs import datafiles as module

    return module


def _builtin(path: Path) -> bool:
    """A file shipped with the program: fixed by reinstalling, not by hand."""
    return paths.within(path, paths.factions_dir(), paths.systems_dir())


def _breakable(path: str) -> str:
    """A path that a label may wrap after each folder."""
    return path.replace("/", "/\u200b").replace("\\", "\\\u200b")
