"""Every finding of the roster with BattleScribe's own message (errors first), or a plain
word that it is legal; clicking one selects what it is raised on (:attr:`RosterFindings.
finding_chosen`).

Its public face: :meth:`RosterFindings.show_report`.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QAbstractListModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import QLabel, QStackedWidget, QVBoxLayout, QWidget

from builder.gui import icons
from builder.gui.panels.findings import findings_view
from builder.gui.panels.totals import state_colours
from builder.i18n import _

if TYPE_CHECKING:
    from builder.document.roster import RosterReport

FINDING_ROLE = Qt.ItemDataRole.UserRole + 60
Index = QModelIndex | QPersistentModelIndex
_ORDER = {"error": 0, "warning": 1, "info": 2}


class FindingsModel(QAbstractListModel):
    def __init__(self) -> None:
        super().__init__()
        self.findings: list[Any] = []
        self._shown: list[tuple[str, str, int]] = []

    def set_report(self, report: RosterReport) -> bool:
        """The findings, errors first; left as they are (and selected) when the same. Whether
        they changed."""
        findings = sorted(report.findings, key=lambda f: _ORDER.get(f.severity, 3))
        shown = [(f.severity, f.message, id(getattr(f, "owner", None))) for f in findings]
        if shown == self._shown:
            self.findings = findings  # (the same, from the latest check)
            return False
        self.beginResetModel()
        self.findings, self._shown = findings, shown
        self.endResetModel()
        return True

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008, N802
        return 0 if parent.isValid() else len(self.findings)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        if not index.isValid() or index.row() >= len(self.findings):
            return None
        finding = self.findings[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return finding.message  # BattleScribe's words, the data's names as written
        if role == Qt.ItemDataRole.DecorationRole:
            return icons.severity(finding.severity if finding.severity in ("error", "warning")
                                  else "info")
        if role == Qt.ItemDataRole.ToolTipRole:
            return _("Error: makes the roster illegal") if finding.severity == "error" \
                else _("Warning: does not make it illegal") if finding.severity == "warning" \
                else _("A note of the data")
        if role == FINDING_ROLE:
            return finding
        return None


class RosterFindings(QWidget):
    finding_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = FindingsModel()
        self.view = findings_view("roster-findings", self.model)
        self.legal = QLabel()
        self.legal.setObjectName("roster-legal")
        self.legal.setWordWrap(True)
        self.legal.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.stack = QStackedWidget()
        self.stack.addWidget(self.legal)
        self.stack.addWidget(self.view)
        self.stack.setMinimumHeight(2 * self.fontMetrics().lineSpacing() + 12)
        title = QLabel("<b>" + escape(_("Findings")) + "</b>")
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 6)
        layout.addWidget(title)
        layout.addWidget(self.stack, 1)
        self.view.clicked.connect(self._chosen)
        self.view.activated.connect(self._chosen)

    def show_report(self, report: RosterReport) -> bool:
        """Show ``report``'s findings; whether what the panel shows changed (and so, maybe,
        the height it wants)."""
        changed = self.model.set_report(report)
        was = self.stack.currentWidget()
        if report.findings:
            self.stack.setCurrentWidget(self.view)
        else:
            self.stack.setCurrentWidget(self.legal)
            style = f"color: {state_colours()[1]}; font-size: 14px; padding: 6px;"
            if self.legal.styleSheet() != style:
                self.legal.setStyleSheet(style)
            self.legal.setText("✔ " + _("This roster is legal: the data finds nothing wrong "
                                        "with it."))
        return changed or self.stack.currentWidget() is not was

    def wanted_height(self, rows: int = 8) -> int:
        """The height that shows the findings without scrolling, up to ``rows`` of them."""
        margins = self._layout.contentsMargins()
        if self.stack.currentWidget() is self.view:
            count = min(rows, self.model.rowCount())
            content = sum(max(self.view.sizeHintForRow(r), self.fontMetrics().lineSpacing())
                          for r in range(count)) + 2 * self.view.spacing() * count \
                + 2 * self.view.frameWidth()
        else:
            content = self.legal.heightForWidth(max(1, self.stack.width()))
        title = self.fontMetrics().lineSpacing()
        return margins.top() + title + self._layout.spacing() + content + margins.bottom()

    def _chosen(self, index: QModelIndex) -> None:
        finding = index.data(FINDING_ROLE)
        if finding is not None:
            self.finding_chosen.emit(finding)
