"""File → Import from code…: the dialog that takes a share code (or a chat message holding
one) and says at once what it found or why the code cannot be used."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from builder.data.fingerprint import list_fingerprint
from builder.data.share import ShareCodeError, decode_warband
from builder.gui.screenfit import fit_window
from builder.i18n import _, ngettext
from builder.model import Warband


def describe(warband: Warband) -> str:
    models = sum(e.count for e in warband.entries)
    if warband.points_limit is None:
        return ngettext("“{name}” ({faction}, {n} model)", "“{name}” ({faction}, {n} models)",
                        models).format(name=warband.name, faction=warband.faction, n=models)
    return ngettext("“{name}” ({faction}, {limit} points, {n} model)",
                    "“{name}” ({faction}, {limit} points, {n} models)", models).format(
        name=warband.name, faction=warband.faction, limit=warband.points_limit, n=models)


class ImportCodeDialog(QDialog):
    """File → Import from code…: paste a code, or a whole chat message holding one; the box
    says at once what it found or why the code cannot be used."""

    def __init__(self, prefill: str = "", parent: QWidget | None = None, *,
                 fingerprint: Callable[[Warband], str] | None = None) -> None:
        super().__init__(parent)
        self.fingerprint = fingerprint or list_fingerprint
        self.setObjectName("import-code-dialog")
        self.setWindowTitle(_("Import from code"))
        fit_window(self, 520, 280)
        intro = QLabel(_("Paste a share code (it starts with <b>SWB1.</b>), or a whole chat "
                         "message or post that holds one."))
        intro.setWordWrap(True)
        self.edit = QPlainTextEdit()
        self.edit.setObjectName("import-code-text")
        self.edit.setPlaceholderText("SWB1.…")
        self.status = QLabel()
        self.status.setObjectName("import-code-status")
        self.status.setWordWrap(True)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.import_button = self.buttons.addButton(
            _("&Import"), QDialogButtonBox.ButtonRole.AcceptRole)
        self.import_button.setObjectName("import-code-button")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.status)
        layout.addWidget(self.buttons)
        self.edit.textChanged.connect(self._check)
        self.edit.setPlainText(prefill)
        self._check()

    def text(self) -> str:
        return self.edit.toPlainText()

    def _check(self) -> None:
        text = self.text()
        if not text.strip():
            self.status.setText("")
            self.import_button.setEnabled(False)
            return
        try:
            warband = decode_warband(text)
        except ShareCodeError as exc:
            self.status.setText(f"<span style='color:#b00020'>✘ {_html(str(exc))}</span>")
            self.import_button.setEnabled(False)
            return
        self.status.setText("✔ " + _html(_("{list}, fingerprint {fingerprint}").format(
            list=describe(warband), fingerprint=self.fingerprint(warband))))
        self.import_button.setEnabled(True)


def _html(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
