"""File → Export PDF…: what to print (with a preview), where, and opening the result."""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QObject, QSettings, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QMainWindow

from builder.gui.dialogs import ExportOptions, Prompter
from builder.gui.mainwindow.files import FileController, file_stem
from builder.gui.mainwindow.splits import bool_setting
from builder.i18n import _

log = logging.getLogger(__name__)

OPTIONS = ("cards", "summary", "page", "per_model", "opponent")
"""The export options kept in the settings (``export/<name>``) from one export to the next."""


class PdfExport(QObject):
    def __init__(self, window: QMainWindow, files: FileController, prompter: Prompter,
                 settings: QSettings, last_folder: Callable[[], str]) -> None:
        super().__init__(window)
        self.window, self.files, self.prompter, self.settings = window, files, prompter, settings
        self.last_folder = last_folder

    def defaults(self) -> ExportOptions:
        s = self.settings
        return ExportOptions(
            cards=bool_setting(s, "export/cards", True),
            summary=bool_setting(s, "export/summary", True),
            page=str(s.value("export/page", "a4") or "a4"),
            per_model=bool_setting(s, "export/per_model", False),
            opponent=bool_setting(s, "export/opponent", False))

    def export(self) -> None:
        """Ask what to print and where (next to the list, else in the last folder used),
        write it, and offer to open it."""
        try:
            import builder.export  # noqa: F401 (what the document prints with)
        except ImportError as exc:
            self.prompter.show_error(_("PDF export not available"),
                                     _("PDF export could not be started."), str(exc))
            return
        from builder.gui.dialogs.preview import printout_maker

        doc = self.files.current  # (a warband or a roster: the open list)
        options = self.prompter.ask_export_options(self.defaults(),
                                                   printout_maker(doc.printout),
                                                   roster=self.files.kind == "roster")
        if options is None:
            return
        for key in OPTIONS:
            self.settings.setValue(f"export/{key}", getattr(options, key))
        where = doc.path.parent if doc.path else Path(self.last_folder())
        chosen = self.prompter.ask_pdf_path(str(where / (file_stem(doc.name) + ".pdf")))
        if not chosen:
            return
        path = Path(chosen)
        from builder.plumbing.output_guard import PDF, output_problem

        # the file dialog asked before replacing a file; the open list itself never is
        if doc.path is not None and output_problem(path, PDF, inputs=[doc.path], force=True):
            self.prompter.show_error(_("Could not export"),
                                     _("{file} is the list being printed; choose another "
                                       "file for the PDF.").format(file=path.name), "")
            return
        try:
            doc.export_pdf(path, options)
        except Exception as exc:  # noqa: BLE001 — an export bug must not lose the session
            log.exception("PDF export failed")
            self.prompter.show_error(_("Could not export"),
                                     _("{file} could not be written.").format(file=path.name),
                                     f"{type(exc).__name__}: {exc}")
            return
        self.window.statusBar().showMessage(_("Exported {file}").format(file=path.name), 5000)
        if self.prompter.ask_open_pdf(path):
            self.open_pdf(path)

    def open_pdf(self, path: Path) -> None:
        """Open the PDF in the desktop's viewer; with none, say so and offer its folder
        (openUrl returns False when no program is registered for PDF files)."""
        if QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            return
        if not self.prompter.ask_show_folder(path):
            return
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path.parent))):
            self.prompter.show_error(_("Could not show the folder"),
                                     _("No file manager could be started."),
                                     _("{file} is in {folder}").format(file=path.name,
                                                                       folder=path.parent))
