"""Small widgets of the main window: the catalogue tree, the count spin box, the totals bar."""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from builder.rules import Report

MAX_COUNT = 99
OVER = "over"
OK = "ok"
_STATE_STYLE = {
    OVER: "color: #b00020; font-weight: bold;",
    OK: "",
}
Index = QModelIndex | QPersistentModelIndex


class CatalogueView(QTreeView):
    """The faction's combatants; Enter or double-click asks to add the current one."""

    add_requested = Signal(QModelIndex)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catalogue")
        self.setUniformRowHeights(True)
        self.setAlternatingRowColors(True)
        self.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.setDragEnabled(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragOnly)
        self.setDefaultDropAction(Qt.DropAction.CopyAction)
        self.setRootIsDecorated(True)
        self.doubleClicked.connect(self._double_clicked)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        if event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter) and self.currentIndex().isValid():
            self.add_requested.emit(self.currentIndex())
            event.accept()
            return
        super().keyPressEvent(event)

    def _double_clicked(self, index: QModelIndex) -> None:
        if index.parent().isValid():  # a combatant, not a group heading
            self.add_requested.emit(index)


class CountDelegate(QStyledItemDelegate):
    """A spin box for the count column that commits every step, so totals and findings follow
    the arrows live (the model turns each commit into an undo command; steps on one entry
    merge)."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,  # noqa: N802
                     index: Index) -> QWidget:
        spin = QSpinBox(parent)
        spin.setObjectName("count-editor")
        spin.setRange(1, MAX_COUNT)
        spin.setFrame(False)
        spin.setAutoFillBackground(True)  # the cell's own text must not show through
        spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        spin.valueChanged.connect(lambda _v, s=spin: self.commitData.emit(s))
        return spin

    def setEditorData(self, editor: QWidget, index: Index) -> None:  # noqa: N802
        assert isinstance(editor, QSpinBox)
        value = int(index.data(Qt.ItemDataRole.EditRole) or 1)
        if editor.value() != value:
            editor.blockSignals(True)
            editor.setValue(value)
            editor.blockSignals(False)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,  # noqa: N802
                     index: Index) -> None:
        assert isinstance(editor, QSpinBox)
        editor.interpretText()
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)


class Figure(QWidget):
    """One figure of the totals bar: a small caption over a large value."""

    def __init__(self, caption: str, name: str, tip: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setToolTip(tip)
        self.caption = QLabel(caption)
        self.caption.setObjectName(f"{name}-caption")
        self.caption.setStyleSheet("color: palette(placeholder-text); font-size: 11px;")
        self.value = QLabel("0")
        self.value.setObjectName(f"{name}-value")
        self.value.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        font = self.value.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        self.value.setFont(font)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(5, 2, 5, 2)
        layout.setSpacing(0)
        layout.addWidget(self.caption)
        layout.addWidget(self.value)
        self.state = OK

    def show_value(self, text: str, state: str = OK) -> None:
        self.value.setText(text)
        if state != self.state:
            self.state = state
            self.value.setStyleSheet(_STATE_STYLE[state])
            self.value.setProperty("state", state)


class TotalsBar(QFrame):
    """The derived figures of SPEC §3, always in view; over-limit figures turn red."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("totals")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.verdict = QLabel()
        self.verdict.setObjectName("verdict")
        self.verdict.setMinimumWidth(90)
        self.points = Figure("Points", "points", "Points to Enrol spent / the list's limit")
        self.messengers = Figure("Messengers", "messengers",
                                 "Messengers hired / what the leaders' command (MAN) allows")
        self.models = Figure("Models", "models", "Models in the warband")
        self.orders = Figure("Orders", "orders",
                             "Orders per turn: the sum of MAN over the warband")
        self.gems = Figure("Power gems", "power-gems",
                           "Power gems per turn: the sum of POD over the warband")
        self.drop = Figure("Deploys", "deployment",
                           "Combatants or squads placed per deployment turn: the highest "
                           "MAN among the leaders")
        layout = QHBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.verdict)
        for figure in (self.points, self.messengers, self.models, self.orders, self.gems,
                       self.drop):
            layout.addWidget(figure)
        layout.addStretch(1)

    def show_report(self, report: Report) -> None:
        s = report.stats
        limit = report.points_limit
        if limit is None:
            self.points.show_value(f"{s.points}", OK)
            self.points.caption.setText("Points (no limit)")
        else:
            self.points.show_value(f"{s.points} / {limit}", OVER if s.points > limit else OK)
            self.points.caption.setText("Points")
        self.messengers.show_value(f"{s.messengers} / {s.messenger_cap}",
                                   OVER if s.messengers > s.messenger_cap else OK)
        self.models.show_value(str(s.models))
        self.orders.show_value(str(s.orders))
        self.gems.show_value(str(s.power_gems))
        self.drop.show_value(str(s.deployment_drop))
        errors = len(report.errors)
        if report.legal:
            self.verdict.setText("✔ Legal")
            self.verdict.setStyleSheet("color: #1b7a2f; font-weight: bold; font-size: 15px;")
            self.verdict.setToolTip("This warband follows every recruiting rule.")
        else:
            self.verdict.setText(f"✘ Illegal ({errors})")
            self.verdict.setStyleSheet("color: #b00020; font-weight: bold; font-size: 15px;")
            self.verdict.setToolTip(f"{errors} recruiting rule"
                                    f"{'s are' if errors != 1 else ' is'} broken: see Findings.")
