"""The questions and notes about the open list's file: it changed on disk since it was opened or
saved, and crash recovery is off. :class:`~builder.gui.dialogs.Prompter` shows them; they are
message boxes with object names so tests can click them."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox, QWidget

from builder.i18n import _

RELOAD, OVERWRITE, SAVE_AS, KEEP = "reload", "overwrite", "save-as", "keep"
"""The answers to :func:`ask_changed_on_disk` (KEEP: do nothing now)."""


def ask_changed_on_disk(parent: QWidget | None, path: Path, modified: bool,
                        saving: bool) -> str:
    """The list's file was changed by another program or window: reload it, overwrite it
    with this list, save this list under another name, or (KEEP) do nothing now."""
    box = QMessageBox(QMessageBox.Icon.Warning, _("File changed on disk"),
                      _("“{file}” was changed by another program or window since you opened "
                        "or last saved it.").format(file=path.name), parent=parent)
    box.setObjectName("changed-on-disk-prompt")
    if modified:
        detail = _("Reload it (your unsaved changes here are lost), overwrite it with this "
                   "list (the other changes are lost), or save this list under another name?")
    else:
        detail = _("Reload it to see the changes, overwrite it with this list (the other "
                   "changes are lost), or save this list under another name?")
    box.setInformativeText(detail)
    box.setToolTip(str(path))  # (which file, when two lists share a name)
    reload = box.addButton(_("&Reload"), QMessageBox.ButtonRole.AcceptRole)
    overwrite = box.addButton(_("&Overwrite"), QMessageBox.ButtonRole.DestructiveRole)
    save_as = box.addButton(_("Save &As…"), QMessageBox.ButtonRole.ActionRole)
    keep = box.addButton(_("Cancel") if saving else _("&Decide later"),
                         QMessageBox.ButtonRole.RejectRole)
    box.setEscapeButton(keep)
    box.setDefaultButton(save_as if modified else reload)
    box.exec()
    return {reload: RELOAD, overwrite: OVERWRITE, save_as: SAVE_AS}.get(
        box.clickedButton(), KEEP)  # type: ignore[call-overload]


def note_recovery_off(parent: QWidget | None, folder: Path, problem: str) -> None:
    """Said once a session: unsaved changes cannot be kept for after a crash."""
    box = QMessageBox(QMessageBox.Icon.Information, _("Crash recovery is off"),
                      _("Unsaved changes cannot be kept for recovery after a crash: the "
                        "folder {folder} cannot be written ({problem}).").format(
                          folder=folder, problem=problem), parent=parent)
    box.setObjectName("recovery-off-note")
    box.setInformativeText(_("You can go on working: lists open and save as usual. Save "
                             "often; this is said once."))
    box.setStandardButtons(QMessageBox.StandardButton.Ok)
    box.exec()
