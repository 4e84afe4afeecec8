"""The roster's own fields and its worth, always in view: its name, each cost type's total
against its limit (the limit edited in place; none for no limit), and the verdict. Every
change of a field is an undo step (typing merges into one).

Its public face: :meth:`RosterHeader.refresh`.
"""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from builder.battlescribe.xmlsafe import MAX_ATTRIBUTE
from builder.document.roster import number
from builder.gui.flow import FlowLayout
from builder.gui.focus import guard_wheel
from builder.gui.panels.totals import over_style, state_colours
from builder.gui.roster.commands import RenameCommand, SetCostLimitCommand
from builder.gui.roster.forces import NO_LIMIT, limit_field, limit_value
from builder.i18n import _, ngettext

if TYPE_CHECKING:
    from builder.document import Cost
    from builder.gui.roster.document import RosterDocument



def steady_text(label: QLabel, text: str) -> None:
    """Set ``label``'s text keeping the widest width it had: a verdict or a total that grows
    and shrinks at each edit would lay the whole window out again each time."""
    if label.text() == text:
        return
    label.setText(text)
    wanted = label.sizeHint().width()
    if wanted > label.minimumWidth():
        label.setMinimumWidth(wanted)


class CostFigure(QWidget):
    """One cost type: its name, its total and what is left, and its limit."""

    def __init__(self, type_id: str, name: str) -> None:
        super().__init__()
        self.type_id = type_id
        self.setObjectName(f"cost-{type_id}")
        self.caption = QLabel(name)  # the data's own word
        self.caption.setTextFormat(Qt.TextFormat.PlainText)
        self.caption.setStyleSheet("color: palette(placeholder-text); font-size: 11px;")
        self.value = QLabel("0")
        self.value.setObjectName("cost-value")
        font = self.value.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        self.value.setFont(font)
        self.limit = limit_field(name)
        self.limit.setObjectName("cost-limit")
        self.limit.setKeyboardTracking(False)
        self.limit.setToolTip(_("The roster's limit of {cost} (lowest: no limit)").format(
            cost=name))
        row = QHBoxLayout()
        row.setSpacing(6)
        row.addWidget(self.value)
        row.addWidget(QLabel("/"))
        row.addWidget(self.limit)
        box = QVBoxLayout(self)
        box.setContentsMargins(5, 2, 5, 2)
        box.setSpacing(0)
        box.addWidget(self.caption)
        box.addLayout(row)

    def show_cost(self, cost: Cost, own_limit: float | None) -> None:
        over = cost.limit is not None and cost.value > cost.limit
        steady_text(self.value, str(number(cost.value)))
        style = over_style() if over else ""
        if self.value.styleSheet() != style:  # (a style sheet set costs a polish)
            self.value.setStyleSheet(style)
        wanted = NO_LIMIT if own_limit is None else int(own_limit)
        if self.limit.value() != wanted:
            self.limit.blockSignals(True)
            self.limit.setValue(wanted)
            self.limit.blockSignals(False)
        if cost.limit is None:
            self.setToolTip("")
        elif over:
            self.setToolTip(_("{n} over the limit").format(n=number(cost.value - cost.limit)))
        else:
            self.setToolTip(_("{n} left").format(n=number(cost.limit - cost.value)))


class RosterHeader(QWidget):
    """The roster's name, costs against limits, and verdict."""

    def __init__(self, doc: RosterDocument, stack: QUndoStack,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.stack = doc, stack
        self.name = QLineEdit()
        self.name.setObjectName("roster-name")
        self.name.setMaxLength(MAX_ATTRIBUTE)  # what a roster file's name reads back
        self.name.setAccessibleName(_("Roster name"))
        self.system = QLabel()
        self.system.setObjectName("roster-system")
        self.system.setTextFormat(Qt.TextFormat.PlainText)
        self.system.setStyleSheet("color: palette(placeholder-text);")
        self.verdict = QLabel()
        self.verdict.setObjectName("roster-verdict")
        self.verdict.setTextFormat(Qt.TextFormat.RichText)
        self.figures: dict[str, CostFigure] = {}
        self.costs = QWidget()
        self.costs_layout = FlowLayout(self.costs)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.addWidget(QLabel(_("Roster:")), 0, 0)
        grid.addWidget(self.name, 0, 1)
        grid.addWidget(self.system, 1, 1)
        grid.addWidget(self.costs, 2, 0, 1, 2)
        self.costs_layout.addWidget(self.verdict)  # (first: the verdict, then the figures)
        self.verdict.setContentsMargins(5, 0, 12, 0)
        grid.setColumnStretch(1, 1)
        self.name.textEdited.connect(
            lambda text: self.stack.push(RenameCommand(self.doc, self.doc.roster, text)))

    def refresh(self) -> None:
        doc = self.doc
        if self.name.text() != doc.name:
            self.name.setText(doc.name)
        report = doc.report
        catalogues = report.faction
        self.system.setText(f"{report.system_name} — {catalogues}" if catalogues
                            else report.system_name)
        wanted = [(c.id, c.name) for c in doc.costs()
                  if not _hidden(doc, c.id) and (c.value or doc.cost_limit(c.id) is not None
                                                 or c.id in doc.roster.seen_costs)]
        if [(k, f.caption.text()) for k, f in self.figures.items()] != wanted:
            self._make(wanted)
        by_id = {c.id: c for c in doc.costs()}
        for type_id, figure in self.figures.items():
            figure.show_cost(by_id[type_id], doc.cost_limit(type_id))
        errors = sum(1 for f in report.findings if f.severity == "error")
        warnings = sum(1 for f in report.findings if f.severity == "warning")
        red, green = state_colours()
        if errors:
            text = "✖ " + ngettext("{n} error", "{n} errors", errors).format(n=errors)
            colour = red
        else:
            text = "✔ " + _("Legal")
            colour = green
        if warnings:
            text += " · " + ngettext("{n} warning", "{n} warnings", warnings).format(n=warnings)
        steady_text(self.verdict, f"<span style='color: {colour}; font-weight: bold; "
                                  f"font-size: 15px'>{escape(text)}</span>")

    def _make(self, wanted: list[tuple[str, str]]) -> None:
        for figure in self.figures.values():
            self.costs_layout.removeWidget(figure)
            figure.deleteLater()
        self.figures = {}
        for type_id, name in wanted:
            figure = CostFigure(type_id, name)
            figure.limit.valueChanged.connect(
                lambda value, t=type_id: self._limit_changed(t, value))
            self.costs_layout.addWidget(figure)
            self.figures[type_id] = figure
        guard_wheel(self.costs)

    def _limit_changed(self, type_id: str, _value: int) -> None:
        limit = limit_value(self.figures[type_id].limit)
        if limit != self.doc.cost_limit(type_id):
            self.stack.push(SetCostLimitCommand(self.doc, type_id, limit))


def _hidden(doc: RosterDocument, type_id: str) -> bool:
    return any(t.id == type_id and t.hidden for t in doc.roster.cost_types())
