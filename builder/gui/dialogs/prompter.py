"""Every question the main window asks the user, in one replaceable object.

The window never builds a message box itself: it asks its :class:`Prompter`. The real one
shows ordinary Qt dialogs (with object names, so tests can find and click their buttons);
tests may also swap single methods for canned answers.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QFileDialog,
    QMessageBox,
    QWidget,
)

from builder.data import Catalogue, DataError
from builder.gui.dialogs.preview import ExportOptions, MakePdf
from builder.gui.widgets import choose_from
from builder.i18n import N_, _, ngettext
from builder.model import Warband

WARBAND_FILTER = N_("Warband lists (*.warband.yaml *.yaml);;All files (*)")
OPEN_FILTER = N_("Lists and rosters (*.warband.yaml *.yaml *.yml *.ros *.rosz);;Warband lists "
                 "(*.warband.yaml *.yaml);;BattleScribe rosters (*.ros *.rosz);;All files (*)")
ROSTER_FILTER = N_("BattleScribe rosters (*.rosz *.ros);;All files (*)")
PDF_FILTER = N_("PDF files (*.pdf)")
EVENT_FILTER = N_("Tournament events (*.event.yaml *.yaml);;All files (*)")
"""File dialog filters, marked for translation: pass ``_(FILTER)``."""

if TYPE_CHECKING:
    from builder.gui.roster.forces import ForceChoice, NewRoster

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
        return _offered(box, _("Change faction"), QMessageBox.StandardButton.Cancel)

    def show_load_error(self, path: Path, error: DataError | OSError) -> None:
        self.show_error(_("Could not open the list"),
                        _("{file} could not be opened.").format(file=path.name),
                        str(error))

    def ask_open_path(self, folder: str) -> str | None:
        """A warband list or a BattleScribe roster to open."""
        path, _filter = QFileDialog.getOpenFileName(self.parent, _("Open list"), folder,
                                                    _(OPEN_FILTER))
        return path or None

    def ask_event_path(self, folder: str) -> str | None:
        path, _filter = QFileDialog.getOpenFileName(self.parent, _("Check against event"), folder,
                                                    _(EVENT_FILTER))
        return path or None

    def ask_save_path(self, suggested: str) -> str | None:
        """Where to save; a ``suggested`` roster (``.ros``, ``.rosz``) is asked as one."""
        roster = suggested.lower().endswith((".ros", ".rosz"))
        path, _filter = QFileDialog.getSaveFileName(
            self.parent, _("Save roster") if roster else _("Save warband list"), suggested,
            _(ROSTER_FILTER) if roster else _(WARBAND_FILTER))
        return path or None

    def show_missing_data(self, path: Path, missing: Sequence[Any]) -> bool:
        """A roster needs BattleScribe data that is not installed: each game system or
        catalogue missing (its id, name, revision). True: the user wants the data dialog."""
        lines = []
        for item in missing:
            revision = item.revision if item.revision is not None else "?"
            if item.kind == "gameSystem":
                lines.append(_("the game system {name} (id {id}, revision {revision})").format(
                    name=item.name or "?", id=item.id, revision=revision))
            else:
                lines.append(_("the catalogue {name} (id {id}, revision {revision})").format(
                    name=item.name or "?", id=item.id, revision=revision))
        box = QMessageBox(QMessageBox.Icon.Warning, _("BattleScribe data missing"), _(
            "{file} needs BattleScribe data that is not installed:").format(file=path.name),
            parent=self.parent)
        box.setObjectName("missing-data-prompt")
        box.setInformativeText("\n".join(f"• {line}" for line in lines) + "\n\n" + _(
            "Add it in Data → BattleScribe data… (from its files, a folder or a data index "
            "address), then open the roster again. The roster is left as it is."))
        box.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return _offered(box, _("BattleScribe data…"))

    def ask_new_roster(self, system_name: str, catalogues: Sequence[tuple[str, str]],
                       load: Callable[[str], Any], name: str) -> NewRoster | None:
        """File → New for a BattleScribe game: the roster's name, cost limits and first
        force; ``load`` reads the game with one catalogue."""
        from builder.gui.roster.forces import NewRosterDialog

        dialog = NewRosterDialog(system_name, catalogues, load, name, self.parent)
        return _answered(dialog, dialog.answer)

    def ask_force(self, catalogues: Sequence[tuple[str, str]], load: Callable[[str], Any],
                  current: str | None, children: Sequence[Any]) -> ForceChoice | None:
        """*Add force…*: a catalogue and one of its force entries (or a child force of the
        force under the cursor)."""
        from builder.gui.roster.forces import AddForceDialog

        dialog = AddForceDialog(catalogues, load, current, children, self.parent)
        return _answered(dialog, dialog.chooser.chosen)

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
        (:mod:`builder.gui.dialogs.file_questions`)."""
        from builder.gui.dialogs.file_questions import ask_changed_on_disk

        return ask_changed_on_disk(self.parent, path, modified, saving)

    def note_recovery_off(self, folder: Path, problem: str) -> None:
        from builder.gui.dialogs.file_questions import note_recovery_off

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

    def ask_export_options(self, defaults: ExportOptions, preview: MakePdf | None = None,
                           roster: bool = False) -> ExportOptions | None:
        """What to print; ``preview`` makes the PDF for some options, to show its first
        pages; ``roster``: a BattleScribe roster's printouts (unit cards, roster sheet)."""
        from builder.gui.dialogs.export import ExportDialog  # (loaded when first asked)

        dialog = ExportDialog(defaults, self.parent, preview=preview, roster=roster)
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
        return _offered(box, _("Show folder"))

    def show_data_problems(self, problems: list[DataError], catalogue: Catalogue | None = None,
                           reload: Callable[[], Catalogue] | None = None) -> None:
        """The data problems, with what can be done about each file; ``reload`` reads the
        data again after a file was fixed or deleted (and returns the new catalogue)."""
        from builder.gui.dialogs.data_problems import DataProblemsDialog

        DataProblemsDialog(problems, self.parent, catalogue=catalogue, reload=reload).exec()

    def ask_import_text(self, prefill: str,
                        fingerprint: Callable[[Warband], str] | None = None) -> str | None:
        """File → Import from code…: the text holding a share code, or None (cancelled).
        ``fingerprint``: how to fingerprint the code's list (with the data at hand, for
        options that count per model)."""
        from builder.gui.dialogs.import_code import ImportCodeDialog

        dialog = ImportCodeDialog(prefill, self.parent, fingerprint=fingerprint)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.text()


T = TypeVar("T")


def _answered(dialog: QDialog, answer: Callable[[], T]) -> T | None:
    """The dialog's answer when it is accepted, None when cancelled; the dialog goes."""
    try:
        return answer() if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()


def _offered(box: QMessageBox, action: str,
             other: QMessageBox.StandardButton = QMessageBox.StandardButton.Close) -> bool:
    """Shows ``box`` with a button that does ``action`` (the default) and ``other``; whether
    the user chose the action."""
    button = box.addButton(action, QMessageBox.ButtonRole.AcceptRole)
    box.addButton(other)
    box.setDefaultButton(button)
    box.exec()
    return box.clickedButton() is button
