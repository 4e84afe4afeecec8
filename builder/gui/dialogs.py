"""Every question the main window asks the user, in one replaceable object.

The window never builds a message box itself: it asks its :class:`Prompter`. The real one
shows ordinary Qt dialogs (with object names, so tests can find and click their buttons);
tests may also swap single methods for canned answers. Also here: the data problems dialog
and the PDF export options.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from builder import paths
from builder.data import Catalogue, DataError
from builder.gui.preview import ExportOptions, MakePdf, PdfPreview
from builder.gui.screenfit import fit_window
from builder.gui.widgets import choose_from
from builder.i18n import N_, _, ngettext
from builder.safeio import escape

if TYPE_CHECKING:
    from builder.gui.datafiles import TextFileEditor  # (imported when first used: start-up)

WARBAND_FILTER = N_("Warband lists (*.warband.yaml *.yaml);;All files (*)")
PDF_FILTER = N_("PDF files (*.pdf)")
EVENT_FILTER = N_("Tournament events (*.event.yaml *.yaml);;All files (*)")
"""File dialog filters, marked for translation: pass ``_(FILTER)``."""

SAVE, DISCARD, CANCEL = "save", "discard", "cancel"


class Prompter:
    def __init__(self, parent: QWidget) -> None:
        self.parent = parent

    def ask_save_changes(self, name: str) -> str:
        """Before closing, opening or starting a list: SAVE, DISCARD or CANCEL."""
        box = QMessageBox(QMessageBox.Icon.Warning, _("Unsaved changes"),
                          _("“{name}” has changes that are not saved.").format(name=name),
                          parent=self.parent)
        box.setObjectName("unsaved-changes-prompt")
        box.setInformativeText(_("Save them before going on?"))
        box.setStandardButtons(QMessageBox.StandardButton.Save
                               | QMessageBox.StandardButton.Discard
                               | QMessageBox.StandardButton.Cancel)
        for button, text in ((QMessageBox.StandardButton.Save, _("&Save")),
                             (QMessageBox.StandardButton.Discard, _("&Discard")),
                             (QMessageBox.StandardButton.Cancel, _("&Cancel"))):
            box.button(button).setText(text)  # each with its Alt key
        box.setDefaultButton(QMessageBox.StandardButton.Save)
        answer = box.exec()
        return {QMessageBox.StandardButton.Save: SAVE,
                QMessageBox.StandardButton.Discard: DISCARD}.get(
                    QMessageBox.StandardButton(answer), CANCEL)

    def show_error(self, title: str, text: str, details: str | None = None) -> None:
        """An error the user can act on; ``details`` (a loader's ``FILE:LINE:COLUMN:
        message`` lines) is shown in full, not hidden behind a button."""
        box = QMessageBox(QMessageBox.Icon.Critical, title, text, parent=self.parent)
        box.setObjectName("error-dialog")
        if details:
            box.setInformativeText(details)
            box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        box.exec()

    def ask_replace_read_only(self, path: Path) -> bool:
        """Saving over a read-only file: replace it anyway?"""
        box = QMessageBox(QMessageBox.Icon.Warning, _("Read-only file"),
                          _("{file} is read-only.").format(file=path.name), parent=self.parent)
        box.setObjectName("read-only-prompt")
        box.setInformativeText(_("Replace it anyway? It stays read-only afterwards."))
        box.setStandardButtons(QMessageBox.StandardButton.Yes
                               | QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        return QMessageBox.StandardButton(box.exec()) == QMessageBox.StandardButton.Yes

    def ask_change_faction(self, faction: str, missing: list[str], entries: int,
                           game: str | None = None) -> bool:
        """Before changing a list's faction: the entries ``missing`` from the new one go;
        ``game``: the list becomes a list of that game."""
        question = (_("Change the list's faction to {faction}? The list becomes a list of "
                      "{game}.").format(faction=faction, game=game) if game is not None else
                    _("Change the list's faction to {faction}?").format(faction=faction))
        box = QMessageBox(QMessageBox.Icon.Question, _("Change faction"), question,
                          parent=self.parent)
        box.setObjectName("change-faction-prompt")
        names = ", ".join(dict.fromkeys(missing))
        if not missing:
            detail = ngettext("{n} entry exists in {faction} and is kept.",
                              "All {n} entries exist in {faction} and are kept.",
                              entries).format(n=entries, faction=faction)
        elif entries == 1:
            detail = _("The list's only entry will not exist in {faction} and will be "
                       "removed: {names}.").format(faction=faction, names=names)
        else:
            detail = ngettext("{missing} of {n} entry will not exist in {faction} and will be "
                              "removed: {names}.",
                              "{missing} of {n} entries will not exist in {faction} and will "
                              "be removed: {names}.", entries).format(
                missing=len(missing), n=entries, faction=faction, names=names)
            kept = entries - len(missing)
            if kept:
                detail += " " + ngettext("{n} other entry is kept.",
                                         "{n} other entries are kept.", kept).format(n=kept)
        box.setInformativeText(detail + " " + _("Undo brings everything back."))
        change = box.addButton(_("Change faction"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(change)
        box.exec()
        return box.clickedButton() is change

    def show_load_error(self, path: Path, error: DataError | OSError) -> None:
        self.show_error(_("Could not open the list"),
                        _("{file} could not be opened.").format(file=path.name),
                        str(error))

    def ask_open_path(self, folder: str) -> str | None:
        path, _filter = QFileDialog.getOpenFileName(self.parent, _("Open warband list"), folder,
                                                    _(WARBAND_FILTER))
        return path or None

    def ask_event_path(self, folder: str) -> str | None:
        path, _filter = QFileDialog.getOpenFileName(self.parent, _("Check against event"), folder,
                                                    _(EVENT_FILTER))
        return path or None

    def ask_save_path(self, suggested: str) -> str | None:
        path, _filter = QFileDialog.getSaveFileName(self.parent, _("Save warband list"), suggested,
                                                    _(WARBAND_FILTER))
        return path or None

    def ask_recover(self, name: str, saved: str, origin: Path | None) -> bool:
        when = saved.replace("T", " ")
        if origin:
            text = _("The builder did not close normally. “{name}” (from {origin}) has changes "
                     "autosaved at {time}.").format(name=name, origin=origin, time=when)
        else:
            text = _("The builder did not close normally. “{name}” has changes autosaved at "
                     "{time}.").format(name=name, time=when)
        box = QMessageBox(QMessageBox.Icon.Question, _("Recover unsaved changes"), text,
                          parent=self.parent)
        box.setObjectName("recovery-prompt")
        box.setInformativeText(_("Restore them? Discarding deletes the autosave."))
        restore = box.addButton(_("Restore"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(_("Discard"), QMessageBox.ButtonRole.DestructiveRole)
        box.setDefaultButton(restore)
        box.exec()
        return box.clickedButton() is restore

    def ask_changed_on_disk(self, path: Path, modified: bool, saving: bool) -> str:
        """The list's file changed on disk: RELOAD, OVERWRITE, SAVE_AS or KEEP
        (:mod:`builder.gui.file_questions`)."""
        from builder.gui.file_questions import ask_changed_on_disk

        return ask_changed_on_disk(self.parent, path, modified, saving)

    def note_recovery_off(self, folder: Path, problem: str) -> None:
        from builder.gui.file_questions import note_recovery_off

        note_recovery_off(self.parent, folder, problem)

    def ask_no_factions(self, game: str) -> str | None:
        """A game without factions: "install" (a data pack), "create" (a faction), or None."""
        box = QMessageBox(QMessageBox.Icon.Information, _("New list"), _(
            "{game} has no factions yet. Install a data pack that brings some (a community "
            "may share one), or create a faction of your own.").format(game=game),
            parent=self.parent)
        install = box.addButton(_("Install a data pack…"), QMessageBox.ButtonRole.AcceptRole)
        create = box.addButton(_("Create a faction…"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(install)
        box.exec()
        clicked = box.clickedButton()
        return "install" if clicked is install else "create" if clicked is create else None

    def choose(self, title: str, text: str, choices: list[tuple[str, str]],
               current: str | None = None) -> str | None:
        """One of (answer, label) (*New* asks the game, then the faction)."""
        return choose_from(self.parent, title, text, choices, current)

    def ask_export_options(self, defaults: ExportOptions,
                           preview: MakePdf | None = None) -> ExportOptions | None:
        """What to print; ``preview`` makes the PDF for some options, to show its first
        pages."""
        dialog = ExportDialog(defaults, self.parent, preview=preview)
        try:
            if dialog.exec() != QDialog.DialogCode.Accepted:
                return None
            return dialog.options()
        finally:
            dialog.stop_preview()
            dialog.deleteLater()

    def ask_pdf_path(self, suggested: str) -> str | None:
        path, _filter = QFileDialog.getSaveFileName(self.parent, _("Export PDF"), suggested,
                                                    _(PDF_FILTER))
        if path and not path.lower().endswith(".pdf"):
            path += ".pdf"
        return path or None

    def ask_open_pdf(self, path: Path) -> bool:
        answer = QMessageBox.question(self.parent, _("PDF written"),
                                      _("{file} is written. Open it now?").format(
                                          file=path.name))
        return answer == QMessageBox.StandardButton.Yes

    def ask_show_folder(self, path: Path) -> bool:
        """The PDF is written but nothing on this computer opens PDF files: say so, and offer
        its folder (True: show it)."""
        box = QMessageBox(QMessageBox.Icon.Information, _("No PDF viewer"),
                          _("{file} is written, but no program to open PDF files was found on "
                            "this computer.").format(file=path.name), parent=self.parent)
        box.setObjectName("no-pdf-viewer-prompt")
        box.setInformativeText(_("It is in the folder {folder}").format(folder=path.parent))
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        show = box.addButton(_("Show folder"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(QMessageBox.StandardButton.Close)
        box.setDefaultButton(show)
        box.exec()
        return box.clickedButton() is show

    def show_data_problems(self, problems: list[DataError], catalogue: Catalogue | None = None,
                           reload: Callable[[], Catalogue] | None = None) -> None:
        """The data problems, with what can be done about each file; ``reload`` reads the
        data again after a file was fixed or deleted (and returns the new catalogue)."""
        DataProblemsDialog(problems, self.parent, catalogue=catalogue, reload=reload).exec()

    def ask_import_text(self, prefill: str) -> str | None:
        """File → Import from code…: the text holding a share code, or None (cancelled)."""
        from builder.gui.import_code import ImportCodeDialog

        dialog = ImportCodeDialog(prefill, self.parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.text()


class ExportDialog(QDialog):
    """What to print: profile cards, the turn summary sheet, the opponent's copy, page size,
    one card per model;
    with ``preview``, the first pages of the PDF those choices make, beside them."""

    def __init__(self, defaults: ExportOptions, parent: QWidget | None = None, *,
                 preview: MakePdf | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("export-dialog")
        self.setWindowTitle(_("Export PDF"))
        self.cards = QCheckBox(_("&Profile cards"))
        self.cards.setChecked(defaults.cards)
        self.summary = QCheckBox(_("&Turn summary sheet"))
        self.summary.setChecked(defaults.summary)
        self.opponent = QCheckBox(_("&Opponent's copy (one page)"))
        self.opponent.setToolTip(_("One page to hand your opponent: the entries, points, "
                                   "verdict, fingerprints and QR code"))
        self.opponent.setObjectName("export-opponent")
        self.opponent.setChecked(defaults.opponent)
        self.per_model = QCheckBox(_("One card per &model (not one per combatant)"))
        self.per_model.setChecked(defaults.per_model)
        self.page = QComboBox()
        self.page.addItem("A4", "a4")
        self.page.addItem(_("Letter"), "letter")
        self.page.setCurrentIndex(max(0, self.page.findData(defaults.page)))
        form = QFormLayout()
        form.addRow(self.cards)
        indented = QHBoxLayout()
        indented.addSpacing(22)
        indented.addWidget(self.per_model)
        form.addRow(indented)
        form.addRow(self.summary)
        form.addRow(self.opponent)
        form.addRow(_("Page &size:"), self.page)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText(_("Export…"))
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self._make = preview
        self.preview: PdfPreview | None = None
        layout = QVBoxLayout(self)
        if preview is None:
            layout.addLayout(form)
        else:
            self.preview = PdfPreview()
            row = QHBoxLayout()
            options = QVBoxLayout()
            options.addLayout(form)
            options.addStretch(1)
            row.addLayout(options)
            row.addWidget(self.preview, 1)
            layout.addLayout(row, 1)
            fit_window(self, 720, 640)  # or what a smaller screen has room for
        layout.addWidget(self.buttons)
        for box in (self.cards, self.summary, self.opponent, self.per_model):
            box.toggled.connect(self._update)
        self.page.currentIndexChanged.connect(self._update)
        self._update()

    def stop_preview(self) -> None:
        if self.preview is not None:
            self.preview.stop()

    def _update(self) -> None:
        """Nothing to print is not a choice; per-model only matters for cards."""
        self.per_model.setEnabled(self.cards.isChecked())
        ok = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        ok.setEnabled(self.cards.isChecked() or self.summary.isChecked()
                      or self.opponent.isChecked())
        if self.preview is not None and self._make is not None:
            if ok.isEnabled():
                make, options = self._make, self.options()
                self.preview.show_pdf(lambda: make(options))
            else:
                self.preview.stop()
                self.preview.status.setText(_("Nothing to print: choose the cards, the "
                                              "sheet or the opponent's copy."))

    def options(self) -> ExportOptions:
        return ExportOptions(cards=self.cards.isChecked(), summary=self.summary.isChecked(),
                             page=str(self.page.currentData()),
                             per_model=self.per_model.isChecked() and self.cards.isChecked(),
                             opponent=self.opponent.isChecked())


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
        title.setStyleSheet("font-weight: bold;")
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
    """:mod:`builder.gui.datafiles`, imported the first time the data problems are shown,
    not at start-up (it is a fifth of the main window's imports)."""
    from builder.gui import datafiles as module

    return module


def _builtin(path: Path) -> bool:
    """A file shipped with the program: fixed by reinstalling, not by hand."""
    return paths.within(path, paths.factions_dir(), paths.systems_dir())


def _breakable(path: str) -> str:
    """A path that a label may wrap after each folder."""
    return path.replace("/", "/\u200b").replace("\\", "\\\u200b")
