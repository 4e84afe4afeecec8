"""The findings of the latest validation as a list model (errors first, as the rules give).

Each row reads the finding's message and, on a second line, the rulebook sentence the rule
cites (``Finding.cite``), so a player sees the rule, the numbers and the book's words; a cite
that is our translation says so, and its tooltip gives the book's own words."""

from __future__ import annotations

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt

from builder.gui import icons
from builder.gui.quotes import cite_line, cite_tip
from builder.i18n import _
from builder.rules import Finding, Report

FINDING_ROLE = Qt.ItemDataRole.UserRole + 20
"""The :class:`~builder.rules.Finding` itself."""

Index = QModelIndex | QPersistentModelIndex


class FindingsModel(QAbstractListModel):
    def __init__(self) -> None:
        super().__init__()
        self.findings: list[Finding] = []

    def set_report(self, report: Report) -> None:
        """Replace the findings; skipped when nothing changed so a selection survives edits
        that do not touch legality."""
        if report.findings == self.findings:
            return
        self.beginResetModel()
        self.findings = list(report.findings)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.findings)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.row() >= len(self.findings):
            return None
        f = self.findings[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{f.message}\n{cite_line(f.cite, f.cite_original)}" if f.cite \
                else f.message
        if role == Qt.ItemDataRole.DecorationRole:
            return icons.severity(f.severity)
        if role == Qt.ItemDataRole.ToolTipRole:
            if f.severity == "error":
                tip = _("Error: makes the list illegal")
            else:
                tip = _("Warning: does not make it illegal")
            return tip + "\n" + cite_tip(f.cite, f.cite_original) if f.cite else tip
        if role == FINDING_ROLE:
            return f
        return None
