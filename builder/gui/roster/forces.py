"""Choosing a force: its catalogue and force entry (*Add force…*), and a new roster's name,
cost limits (the game's defaults) and first force (File → New, for a BattleScribe game).

The dialogs read the data through a ``load(catalogue_id)`` the caller gives (the linked data
of the game system with that catalogue): a game of many catalogues reads only the one
chosen. Catalogues are offered by name (libraries, which hold shared entries only, are left
out); force entries as the catalogue and its game system define them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QCursor, QGuiApplication
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.battlescribe.xmlsafe import MAX_ATTRIBUTE
from builder.i18n import _

if TYPE_CHECKING:
    from builder.battlescribe.linking import DataSet
    from builder.battlescribe.model import Entry
    from builder.document.roster import RosterList

NO_LIMIT = -1
"""A cost limit's field at its lowest: no limit."""
MOST = 1_000_000_000


def limit_field(name: str) -> QSpinBox:
    """A cost limit's field: a whole number, its lowest saying *no limit*."""
    spin = QSpinBox()
    spin.setRange(NO_LIMIT, MOST)
    spin.setSpecialValueText(_("no limit"))
    spin.setAccessibleName(_("Limit of {cost}").format(cost=name))
    return spin


def limit_value(spin: QSpinBox) -> float | None:
    """What a cost limit's field says: None for no limit."""
    return None if spin.value() <= NO_LIMIT else float(spin.value())


@dataclass(frozen=True)
class ForceChoice:
    catalogue_id: str
    entry_id: str
    name: str
    """The force entry's name (for the undo step's words)."""
    child: bool = False
    """A child force of the force under the cursor."""
    relinked: RosterList | None = None
    """The roster linked anew to its data read again with the chosen catalogue, when the
    roster did not use that catalogue yet (:meth:`~builder.gui.mainwindow.rosters.Rosters.
    ask_force`): adding the force puts it in the document's place, as one undo step."""


@dataclass(frozen=True)
class NewRoster:
    name: str
    limits: dict[str, float | None]
    """Cost type id -> limit (None: no limit)."""
    force: ForceChoice


class ForceChooser(QWidget):
    """A catalogue and one of its force entries (and, with ``children``, the child forces
    the force under the cursor offers); force entries the data hides are not offered."""

    def __init__(self, catalogues: Sequence[tuple[str, str]],
                 load: Callable[[str], DataSet | None], current: str | None = None,
                 children: Sequence[Entry] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._load = load
        self._children = list(children)
        self.catalogue = QComboBox()
        self.catalogue.setObjectName("force-catalogue")
        for ident, name in catalogues:
            self.catalogue.addItem(name, ident)  # the data's own names
        if current is not None and self.catalogue.findData(current) >= 0:
            self.catalogue.setCurrentIndex(self.catalogue.findData(current))
        self.entries = QListWidget()
        self.entries.setObjectName("force-entries")
        self.problem = QLabel()
        self.problem.setObjectName("force-problem")
        self.problem.setWordWrap(True)
        self.problem.hide()
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(_("Catalogue:"), self.catalogue)
        form.addRow(_("Force:"), self.entries)
        form.addRow(self.problem)
        self.catalogue.currentIndexChanged.connect(lambda _i: self.fill())
        self.data: DataSet | None = None
        self.fill()

    def fill(self) -> None:
        """The force entries of the catalogue chosen (its data read now, if not yet)."""
        self.entries.clear()
        ident = self.catalogue.currentData()
        self.data = None
        if ident is None:
            return
        QGuiApplication.setOverrideCursor(QCursor(Qt.CursorShape.WaitCursor))
        try:
            self.data = self._load(str(ident))
        finally:
            QGuiApplication.restoreOverrideCursor()
        if self.data is None:
            self.problem.setText(_("The data of this catalogue cannot be read."))
            self.problem.show()
            return
        self.problem.hide()
        from builder.battlescribe.engine.editing import Editor

        for entry in Editor(self.data).force_entries(None, str(ident)):
            if entry.hidden:
                continue
            item = QListWidgetItem(entry.name)
            item.setData(Qt.ItemDataRole.UserRole, (entry.id, entry.name, False))
            self.entries.addItem(item)
        for entry in self._children:
            if entry.hidden:
                continue
            item = QListWidgetItem(_("{force} (inside the chosen force)").format(
                force=entry.name))
            item.setData(Qt.ItemDataRole.UserRole, (entry.id, entry.name, True))
            self.entries.addItem(item)
        if self.entries.count():
            self.entries.setCurrentRow(0)

    def chosen(self) -> ForceChoice | None:
        item = self.entries.currentItem()
        ident = self.catalogue.currentData()
        if item is None or ident is None:
            return None
        entry_id, name, child = item.data(Qt.ItemDataRole.UserRole)
        return ForceChoice(str(ident), entry_id, name, child)


class AddForceDialog(QDialog):
    def __init__(self, catalogues: Sequence[tuple[str, str]],
                 load: Callable[[str], DataSet | None], current: str | None = None,
                 children: Sequence[Entry] = (), parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("add-force-dialog")
        self.setWindowTitle(_("Add force"))
        self.chooser = ForceChooser(catalogues, load, current, children)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.chooser.entries.itemDoubleClicked.connect(lambda _i: self.accept())
        layout = QVBoxLayout(self)
        layout.addWidget(self.chooser)
        layout.addWidget(buttons)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.chooser.entries.currentRowChanged.connect(
            lambda row: self.ok.setEnabled(row >= 0))
        self.ok.setEnabled(self.chooser.entries.currentRow() >= 0)


class NewRosterDialog(QDialog):
    """File → New for a BattleScribe game: the roster's name, its cost limits and its first
    force."""

    def __init__(self, system_name: str, catalogues: Sequence[tuple[str, str]],
                 load: Callable[[str], DataSet | None], name: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("new-roster-dialog")
        self.setWindowTitle(_("New roster of {game}").format(game=system_name))
        self.name = QLineEdit(name)
        self.name.setObjectName("new-roster-name")
        self.name.setMaxLength(MAX_ATTRIBUTE)  # what a roster file's name reads back
        self.name.selectAll()
        self.chooser = ForceChooser(catalogues, load)
        self.limits_box = QWidget()
        self.limits_form = QFormLayout(self.limits_box)
        self.limits_form.setContentsMargins(0, 0, 0, 0)
        self.limits: dict[str, QSpinBox] = {}
        form = QFormLayout()
        form.addRow(_("Name:"), self.name)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok
                                   | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        self.ok = buttons.button(QDialogButtonBox.StandardButton.Ok)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(QLabel("<b>" + _("Cost limits") + "</b>"))
        layout.addWidget(self.limits_box)
        layout.addWidget(QLabel("<b>" + _("First force") + "</b>"))
        layout.addWidget(self.chooser, 1)
        layout.addWidget(buttons)
        self.chooser.catalogue.currentIndexChanged.connect(lambda _i: self._fill_limits())
        self.chooser.entries.currentRowChanged.connect(lambda _r: self._follow())
        self._fill_limits()
        self._follow()

    def _fill_limits(self) -> None:
        """One field per cost type of the game, its default limit filled in (kept as typed
        when another catalogue is chosen)."""
        data = self.chooser.data
        if data is None:
            return
        types = [(c.id, c.name, c.default_cost_limit) for f in data.files
                 for c in f.cost_types if not c.hidden]
        if [t[0] for t in types] == list(self.limits):
            return
        while self.limits_form.rowCount():
            self.limits_form.removeRow(0)
        self.limits = {}
        seen: set[str] = set()
        for ident, name, default in types:
            if ident in seen:
                continue
            seen.add(ident)
            spin = limit_field(name)
            spin.setObjectName(f"limit-{ident}")
            spin.setValue(int(default) if default >= 0 else NO_LIMIT)
            self.limits_form.addRow(name + ":", spin)  # the data's own word
            self.limits[ident] = spin

    def _follow(self) -> None:
        self.ok.setEnabled(self.chooser.chosen() is not None)

    def answer(self) -> NewRoster | None:
        force = self.chooser.chosen()
        if force is None:
            return None
        limits = {ident: limit_value(spin) for ident, spin in self.limits.items()}
        return NewRoster(self.name.text().strip() or _("New roster"), limits, force)
