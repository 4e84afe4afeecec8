"""File → Export PDF…'s options: what to print, on which paper, with a preview."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QVBoxLayout,
    QWidget,
)

from builder.gui.dialogs.preview import ExportOptions, MakePdf, PdfPreview
from builder.gui.screenfit import fit_window
from builder.i18n import _

if TYPE_CHECKING:
    pass  # (imported when first used: start-up)

class ExportDialog(QDialog):
    """What to print: profile cards, the turn summary sheet, the opponent's copy, page size,
    one card per model (a BattleScribe roster, ``roster``: unit cards and its roster sheet);
    with ``preview``, the first pages of the PDF those choices make, beside them."""

    def __init__(self, defaults: ExportOptions, parent: QWidget | None = None, *,
                 preview: MakePdf | None = None, roster: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName("export-dialog")
        self.setWindowTitle(_("Export PDF"))
        self.cards = QCheckBox(_("&Unit cards") if roster else _("&Profile cards"))
        self.cards.setChecked(defaults.cards)
        self.summary = QCheckBox(_("&Roster sheet") if roster else _("&Turn summary sheet"))
        self.summary.setChecked(defaults.summary)
        self.opponent = QCheckBox(_("&Opponent's copy (one page)"))
        self.opponent.setToolTip(_("One page to hand your opponent: the entries, points, "
                                   "verdict, fingerprints and QR code"))
        self.opponent.setObjectName("export-opponent")
        self.opponent.setChecked(defaults.opponent)
        self.per_model = QCheckBox(_("One card per &model (not one per combatant)"))
        self.per_model.setChecked(defaults.per_model)
        self.per_model.setVisible(not roster)  # (a roster prints a card per unit)
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
