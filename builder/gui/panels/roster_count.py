"""The roster's count editor: a spin box over the count column."""

from __future__ import annotations

from PySide6.QtCore import (
    QAbstractItemModel,
    Qt,
)
from PySide6.QtWidgets import (
    QSpinBox,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from builder.gui.widgets import Index
from builder.model import base

MAX_COUNT = base.MAX_COUNT  # the count spin box holds every count a list may hold


class CountDelegate(QStyledItemDelegate):
    """A spin box for the count column that commits every step, so totals and findings follow
    the arrows live (the model turns each commit into an undo command; steps on one entry
    merge). With ``range_role``, an entry whose model gives (least, most) under that role
    gets a spin box within them (a unit's size); with ``value_role``, the spin box starts at
    what the model gives under that role rather than under its edit role (a model that shows
    one number and edits another)."""

    def __init__(self, parent: QWidget | None = None, range_role: int | None = None,
                 value_role: int = Qt.ItemDataRole.EditRole) -> None:
        super().__init__(parent)
        self.range_role = range_role
        self.value_role = value_role

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,  # noqa: N802
                     index: Index) -> QWidget:
        spin = QSpinBox(parent)
        spin.setObjectName("count-editor")
        bounds = index.data(self.range_role) if self.range_role is not None else None
        spin.setRange(*(bounds or (1, MAX_COUNT)))
        spin.setFrame(False)
        spin.setAutoFillBackground(True)  # the cell's own text must not show through
        spin.setAlignment(Qt.AlignmentFlag.AlignRight)
        spin.valueChanged.connect(lambda _v, s=spin: self.commitData.emit(s))
        return spin

    def setEditorData(self, editor: QWidget, index: Index) -> None:  # noqa: N802
        assert isinstance(editor, QSpinBox)
        value = int(index.data(self.value_role) or 1)
        if editor.value() != value:
            editor.blockSignals(True)
            editor.setValue(value)
            editor.blockSignals(False)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,  # noqa: N802
                     index: Index) -> None:
        assert isinstance(editor, QSpinBox)
        editor.interpretText()
        model.setData(index, editor.value(), Qt.ItemDataRole.EditRole)
