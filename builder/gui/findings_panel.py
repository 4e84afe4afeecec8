"""The findings panel: every broken rule with its numbers and the book's sentence, or a
plain word that the list is legal. Its public face: :meth:`FindingsPanel.show_report` and
the signal :attr:`FindingsPanel.finding_chosen`."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtWidgets import QLabel, QListView, QStackedWidget, QVBoxLayout, QWidget

from builder.gui.findings_model import FINDING_ROLE, FindingsModel
from builder.rules import Report
from builder.rules.findings import Finding


class FindingsPanel(QWidget):
    finding_chosen = Signal(object)  # a Finding clicked or activated

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = FindingsModel()
        self.view = QListView()
        self.view.setObjectName("findings")
        self.view.setModel(self.model)
        self.view.setWordWrap(True)
        self.view.setUniformItemSizes(False)
        self.view.setResizeMode(QListView.ResizeMode.Adjust)
        self.view.setSpacing(2)
        self.legal_label = QLabel()
        self.legal_label.setObjectName("legal-message")
        self.legal_label.setWordWrap(True)
        self.legal_label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.legal_label.setStyleSheet("color: #1b7a2f; font-size: 14px; padding: 6px;")
        self.stack = QStackedWidget()
        self.stack.addWidget(self.legal_label)
        self.stack.addWidget(self.view)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 6)
        layout.addWidget(QLabel("<b>Findings</b>"))
        layout.addWidget(self.stack, 1)
        self.view.clicked.connect(self._chosen)
        self.view.activated.connect(self._chosen)

    def show_report(self, report: Report, *, noun: str, event: str | None) -> None:
        """``noun``: what the game calls a list; ``event``: the event checked against."""
        self.model.set_report(report)
        if report.findings:
            self.stack.setCurrentWidget(self.view)
            return
        self.stack.setCurrentWidget(self.legal_label)
        self.legal_label.setText(
            f"✔ This {noun} is legal at {event}: it breaks no rule of the game or the event."
            if event is not None else f"✔ This {noun} is legal: it breaks no recruiting rule.")

    def _chosen(self, index: QModelIndex) -> None:
        finding = index.data(FINDING_ROLE)
        if isinstance(finding, Finding):
            self.finding_chosen.emit(finding)
