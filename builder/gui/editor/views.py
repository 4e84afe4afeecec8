"""List views of the faction editor."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtWidgets import QAbstractItemView, QListView, QWidget

Index = QModelIndex | QPersistentModelIndex


class UniformListView(QListView):
    """A list view whose rows all have one height, and which repaints a changed row instead
    of laying out every row again.

    Qt 6.11's ``QListView`` answers every ``dataChanged``, even of one row, with a delayed
    re-layout of the whole list: with 5,000 combatants that is 10,000 calls into the model per
    keystroke in the editor. With uniform item sizes and no wrapping a changed text moves no
    row, so the base item view's handling (repaint the changed rows, refresh an open editor)
    is all that is needed.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setUniformItemSizes(True)

    def dataChanged(self, top_left: Index, bottom_right: Index,  # noqa: N802 (Qt override)
                    roles: Sequence[int] = ()) -> None:
        if self.uniformItemSizes() and not self.isWrapping():
            QAbstractItemView.dataChanged(self, top_left, bottom_right, list(roles))
        else:
            super().dataChanged(top_left, bottom_right, list(roles))
