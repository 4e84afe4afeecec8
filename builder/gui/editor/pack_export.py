"""The faction editor's *Export as pack…*: the open faction as a ``.swpack`` (SPEC §8), so an
author publishes in two clicks: asked for the pack's id, version and what changed, then where
to write it."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from builder.data import DataError, read_text, write_atomic
from builder.data.loading import MAX_SYSTEM_BYTES, faction_text
from builder.i18n import N_, _
from builder.model.base import ID_PATTERN
from builder.packs.author import faction_pack, pack_yaml_text
from builder.plumbing.versions import is_version, next_version

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QStatusBar

    from builder.data import Catalogue
    from builder.gui.editor.prompts import Prompts
    from builder.model import Faction


class PackSource(Protocol):
    """What *Export as pack…* needs of the faction editor (its window)."""

    prompts: Prompts
    settings: QSettings

    @property
    def catalogue(self) -> Catalogue: ...

    def exportable_faction(self) -> Faction | None: ...

    def window(self) -> QWidget: ...

    def statusBar(self) -> QStatusBar: ...


PACK_FILTER = N_("Data packs (*.swpack)")
LAST_EXPORT = "packs/export/{faction}"
"""Settings: the last pack exported of a faction (JSON: :class:`PackDetails` and the changes
of the versions before), so that the next one carries on from it (issue 41 item 4)."""
EXPORT_FOLDER = "packs/export_folder"
"""Settings: the folder a pack was last exported to."""


@dataclass
class PackDetails:
    id: str
    name: str
    version: str
    changes: str
    authors: str
    earlier: list[tuple[str, str]] = field(default_factory=list)
    """(version, what it changed) of the versions exported before, newest first."""


def last_export(settings: QSettings, faction_id: str) -> PackDetails | None:
    """The details of the last pack exported of ``faction_id`` (None: none, or unreadable)."""
    raw = settings.value(LAST_EXPORT.format(faction=faction_id))
    try:
        data = json.loads(str(raw)) if raw else None
        if not isinstance(data, dict):
            return None
        earlier = [(str(v), str(t)) for v, t in data.get("earlier", [])]
        return PackDetails(str(data["id"]), str(data["name"]), str(data["version"]),
                           str(data.get("changes", "")), str(data.get("authors", "")),
                           earlier)
    except (ValueError, KeyError, TypeError):
        return None


def next_details(faction: Faction, last: PackDetails | None) -> PackDetails:
    """What the dialog offers: after a first export, the same pack's next version, its
    authors, and every earlier version's changes kept; else a first version."""
    if last is None:
        return PackDetails(f"{faction.id}-pack", faction.name, "1.0.0", "", "")
    earlier = ([(last.version, last.changes)] if last.changes else []) + [
        (v, t) for v, t in last.earlier if v != last.version]
    return PackDetails(last.id, last.name, next_version(last.version), "", last.authors,
                       earlier)


class PackDetailsDialog(QDialog):
    """Id, name, version, authors and the changes of this version."""

    def __init__(self, details: PackDetails, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(_("Export as pack"))
        self.id_edit = QLineEdit(details.id)
        self.name_edit = QLineEdit(details.name)
        self.version_edit = QLineEdit(details.version)
        self.version_edit.setPlaceholderText("1.0.0")
        self.authors_edit = QLineEdit(details.authors)
        self.authors_edit.setPlaceholderText(_("names, separated by commas"))
        self.changes_edit = QPlainTextEdit(details.changes)
        self.changes_edit.setPlaceholderText(_("What this version changed, e.g. Nek'Org 169 → "
                                               "165 PE (errata 2)"))
        self.changes_edit.setTabChangesFocus(True)
        self.earlier_changes = list(details.earlier)
        self.earlier = QLabel("\n".join(_("{version}: {text}").format(version=v, text=t)
                                         for v, t in details.earlier))
        self.earlier.setObjectName("pack-details-earlier")
        self.earlier.setWordWrap(True)
        self.problem = QLabel()
        self.problem.setObjectName("pack-details-problem")
        self.problem.setWordWrap(True)
        form = QFormLayout()
        form.addRow(_("Pack id:"), self.id_edit)
        form.addRow(_("Name:"), self.name_edit)
        form.addRow(_("Version:"), self.version_edit)
        form.addRow(_("Authors:"), self.authors_edit)
        form.addRow(_("Changes:"), self.changes_edit)
        if details.earlier:  # kept in the pack, under this version's
            form.addRow(_("Earlier versions:"), self.earlier)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(_("Players install the pack and get updates when you publish "
                                  "a higher version with the same id.")))
        layout.addLayout(form)
        layout.addWidget(self.problem)
        layout.addWidget(self.buttons)
        for edit in (self.id_edit, self.version_edit, self.name_edit):
            edit.textChanged.connect(self._check)
        self._check()

    def details(self) -> PackDetails:
        return PackDetails(self.id_edit.text().strip(), self.name_edit.text().strip(),
                           self.version_edit.text().strip(),
                           self.changes_edit.toPlainText().strip(),
                           self.authors_edit.text().strip(), list(self.earlier_changes))

    def _check(self) -> None:
        d = self.details()
        problem = ""
        if not ID_PATTERN.match(d.id):
            problem = _("The id takes lowercase letters, digits and '-'.")
        elif not is_version(d.version):
            problem = _("The version is MAJOR.MINOR.PATCH in whole numbers, like 1.0.0.")
        elif not d.name:
            problem = _("Give the pack a name.")
        self.problem.setText(problem)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(not problem)


def export_pack(editor: PackSource, path: str | Path | None = None,
                details: PackDetails | None = None) -> bool:
    """Write the open faction as a pack; ``path`` and ``details`` are asked when not given."""
    faction = editor.exportable_faction()
    if faction is None:
        return False
    settings = editor.settings
    if details is None:
        dialog = PackDetailsDialog(next_details(faction, last_export(settings, faction.id)),
                                   editor.window())
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return False
        details = dialog.details()
    if path is None:
        folder = str(settings.value(EXPORT_FOLDER, "") or "")
        name = f"{details.id}-{details.version}.swpack"
        path = editor.prompts.save_path(_("Export as pack"),
                                        str(Path(folder) / name) if folder else name,
                                        _(PACK_FILTER))
        if not path:
            return False
        if not str(path).lower().endswith(".swpack"):
            path = f"{path}.swpack"
    catalogue = editor.catalogue
    system = None
    if faction.system not in catalogue.builtin_system_ids:
        source = catalogue.system_files.get(faction.system)
        if source is not None:
            try:
                system = (faction.system, read_text(source, MAX_SYSTEM_BYTES))
            except DataError as exc:
                editor.prompts.tell(_("Cannot export"), str(exc))
                return False
    authors = [a.strip() for a in details.authors.split(",") if a.strip()]
    info = pack_yaml_text(details.id, details.name, details.version, details.changes, authors,
                          faction.source, details.earlier)
    try:
        raw, checked = faction_pack(faction.id, faction_text(faction), info, system)
        write_atomic(path, raw)
    except DataError as exc:
        editor.prompts.tell(_("Cannot export"), str(exc))
        return False
    except OSError as exc:
        editor.prompts.tell(_("Cannot export"), _("{file} could not be written: {error}")
                            .format(file=path, error=exc.strerror or exc))
        return False
    settings.setValue(LAST_EXPORT.format(faction=faction.id), json.dumps(
        {"id": details.id, "name": details.name, "version": details.version,
         "changes": details.changes, "authors": details.authors, "earlier": details.earlier},
        ensure_ascii=False))
    settings.setValue(EXPORT_FOLDER, str(Path(path).resolve().parent))
    editor.statusBar().showMessage(
        _("Exported {id} {version} to {file} (fingerprint {fingerprint}): put it on a web "
          "server, or send it; players install it with Data → Packs").format(
              id=details.id, version=details.version, file=path,
              fingerprint=checked.fingerprint), 12000)
    return True
