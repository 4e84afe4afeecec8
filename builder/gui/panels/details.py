"""The list's own fields: name, faction and points limit (:class:`ListDetails`), edited
through undo commands on the document's stack; no rule here."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QResizeEvent, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QStyle,
    QStyleOptionComboBox,
    QWidget,
)

from builder.gui.commands import (
    SetFactionCommand,
    SetNameCommand,
    SetPointsLimitCommand,
)
from builder.gui.document import WarbandDocument
from builder.gui.focus import guard_wheel
from builder.i18n import _
from builder.model import Faction
from builder.model.base import MAX_WHOLE
from builder.model.text import display

FactionQuestion = Callable[[str, list[str], int, str | None], bool]
"""(new faction's name, names of the entries it lacks, how many entries, the new game's name
when the list changes game) → go ahead?"""


def faction_items(factions: Iterable[Faction]) -> list[tuple[str, str | None]]:
    """The Faction drop-down's (text, faction id): by name, or, when the factions are of
    more than one game, under a heading per game (its id None), games by name."""
    factions = list(factions)
    games = {f.game.id: display(f.game.name) for f in factions if f.attached}
    if len(games) <= 1:
        return [(f.name, f.id) for f in sorted(factions, key=lambda f: f.name.casefold())]
    items: list[tuple[str, str | None]] = []

    def game_of(f: Faction) -> str:
        return games[f.game.id] if f.attached else ""

    for game in sorted(set(games.values()), key=str.casefold):
        items.append((game, None))
        items += [(f.name, f.id) for f in sorted(factions, key=lambda f: f.name.casefold())
                  if game_of(f) == game]
    return items


def new_game(old: Faction | None, new: Faction | None) -> str | None:
    """The name of the game a list changes to with its faction, or None (the same game)."""
    if old is None or new is None or not old.attached or not new.attached \
            or old.game.id == new.game.id:
        return None
    return display(new.game.name)


class ListDetails(QWidget):
    """Name, faction and points limit of the list. Changing the faction of a list with
    entries asks ``ask_faction_change`` first: the entries the new faction lacks go, and the
    list changes game when the faction is of another."""

    game_changed = Signal(str)
    """The list changed game with its faction (the new game's name)."""

    def __init__(self, doc: WarbandDocument, stack: QUndoStack,
                 parent: QWidget | None = None, *,
                 ask_faction_change: FactionQuestion | None = None) -> None:
        super().__init__(parent)
        self.doc, self.stack = doc, stack
        self.ask_faction_change = ask_faction_change
        self.name_edit = QLineEdit()
        self.name_edit.setObjectName("name-edit")
        self.faction_combo = QComboBox()
        self.faction_combo.setObjectName("faction-combo")
        self.limit_check = QCheckBox(_("Limit"))
        self.limit_check.setObjectName("limit-check")
        self.limit_check.setToolTip(_("Play to a points limit"))
        self.limit_spin = QSpinBox()
        self.limit_spin.setObjectName("limit-spin")
        self.limit_spin.setRange(0, MAX_WHOLE)  # every limit a file may hold
        self.limit_spin.setSingleStep(10)
        self.limit_spin.setSuffix(" " + _("pts"))
        self.limit_spin.setKeyboardTracking(False)
        self.limit_spin.setValue(400)
        self.limit_box = QWidget()
        limit_row = QHBoxLayout(self.limit_box)
        limit_row.setContentsMargins(0, 0, 0, 0)
        limit_row.addWidget(self.limit_check)
        limit_row.addWidget(self.limit_spin)  # as wide as its number: the faction gets the room
        limit_row.addStretch(1)
        self.form = form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.name_label = QLabel(_("&Name:"))
        self.name_label.setBuddy(self.name_edit)
        form.addRow(self.name_label, self.name_edit)
        row = QHBoxLayout()
        row.addWidget(self.faction_combo, 1)
        self.points_label = QLabel(_("&Points:"))
        self.points_label.setBuddy(self.limit_spin)
        # the points beside the faction, or on a row of their own when the Faction box would
        # be too narrow for its name there (issue 41 item 9)
        self.points_beside = QWidget()
        self.beside_layout = beside = QHBoxLayout(self.points_beside)
        beside.setContentsMargins(12, 0, 0, 0)
        beside.addWidget(self.points_label)
        beside.addWidget(self.limit_box)
        row.addWidget(self.points_beside)
        self.faction_label = QLabel(_("F&action:"))  # Alt+F is the File menu
        self.faction_label.setBuddy(self.faction_combo)
        form.addRow(self.faction_label, row)
        self._points_below = False

        self.name_edit.textEdited.connect(self._name_edited)
        self.name_edit.editingFinished.connect(self._name_finished)
        self.faction_combo.activated.connect(self._faction_chosen)
        self.limit_check.clicked.connect(self._limit_toggled)
        self.limit_spin.valueChanged.connect(self._limit_changed)
        guard_wheel(self)  # a wheel turn over the closed Faction box changes nothing

    def refresh(self) -> None:
        """Show the document's name, faction and limit (after an edit, an undo, a load)."""
        w = self.doc.warband
        if self.name_edit.text() != w.name and not (
                self.name_edit.hasFocus() and not self.name_edit.text().strip()):
            self.name_edit.setText(w.name)
        self.fill_factions()
        self.limit_check.setChecked(w.points_limit is not None)
        self.limit_spin.setEnabled(w.points_limit is not None)
        if w.points_limit is not None and self.limit_spin.value() != w.points_limit:
            self.limit_spin.blockSignals(True)
            self.limit_spin.setValue(w.points_limit)
            self.limit_spin.blockSignals(False)

    def fill_factions(self) -> None:
        """The factions by name; with factions of more than one game loaded, under a heading
        per game (a heading cannot be chosen)."""
        combo = self.faction_combo
        current = self.doc.warband.faction
        items = faction_items(self.doc.catalogue.factions.values())
        if current not in self.doc.catalogue.factions:
            items.append((_("{faction} (not loaded)").format(faction=current), current))
        if [(combo.itemText(i), combo.itemData(i)) for i in range(combo.count())] != items:
            combo.blockSignals(True)
            combo.clear()
            for text, fid in items:
                combo.addItem(text, fid)
                if fid is None:  # a game's heading
                    heading = combo.model().item(combo.count() - 1)  # type: ignore[attr-defined]
                    heading.setEnabled(False)
                    font = heading.font()
                    font.setBold(True)
                    heading.setFont(font)
            combo.blockSignals(False)
        combo.setCurrentIndex(combo.findData(current))
        self.fit_points()

    def fit_points(self, width: int | None = None) -> None:
        """The points beside the faction while the Faction box keeps room for its whole
        name, else on a row of their own under it."""
        combo = self.faction_combo
        option = QStyleOptionComboBox()
        combo.initStyleOption(option)
        text = combo.fontMetrics().horizontalAdvance(combo.currentText())
        needed = combo.style().sizeFromContents(
            QStyle.ContentsType.CT_ComboBox, option,
            QSize(text, combo.fontMetrics().height()), combo).width()
        labels = max(w.sizeHint().width() for w in (self.name_label, self.faction_label,
                                                     self.points_label))
        field = (self.width() if width is None else width) - labels \
            - max(self.form.horizontalSpacing(), 0)
        spacing = max(self.form.horizontalSpacing(), 6)
        beside = 12 + self.points_label.sizeHint().width() + spacing \
            + self.limit_box.sizeHint().width()
        below = needed + spacing + beside > field and not self.limit_box.isHidden()
        if below == self._points_below:
            return
        self._points_below = below
        if below:
            self.points_beside.hide()
            self.form.addRow(self.points_label, self.limit_box)
        else:
            self.form.takeRow(2)
            self.beside_layout.addWidget(self.points_label)
            self.beside_layout.addWidget(self.limit_box)
            self.points_beside.show()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self.fit_points(event.size().width())

    def show_points(self, costed: bool) -> None:
        """A game without a cost stat has no points limit to set."""
        for widget in (self.limit_box, self.points_label):
            widget.setVisible(costed)
        self.fit_points()

    def start_naming(self) -> None:
        self.name_edit.setFocus()
        self.name_edit.selectAll()

    def _name_edited(self, text: str) -> None:
        if text.strip() and text != self.doc.warband.name:
            self.stack.push(SetNameCommand(self.doc, text))

    def _name_finished(self) -> None:
        if not self.name_edit.text().strip():
            self.name_edit.setText(self.doc.warband.name)

    def _faction_chosen(self, index: int) -> None:
        fid = self.faction_combo.itemData(index)
        if not fid or fid == self.doc.warband.faction:
            return
        faction = self.doc.catalogue.get(fid)
        game = new_game(self.doc.faction, faction)
        if self.doc.entries and self.ask_faction_change is not None:
            rows = SetFactionCommand.missing_rows(self.doc, fid)
            names = [self._entry_name(row) for row in rows]
            if not self.ask_faction_change(faction.name if faction else fid, names,
                                           len(self.doc.entries), game):
                self.fill_factions()  # back to the list's faction
                return
        self.stack.push(SetFactionCommand(self.doc, fid))
        if game is not None:
            self.game_changed.emit(game)

    def _entry_name(self, row: int) -> str:
        combatant = self.doc.combatant(row)
        return combatant.name if combatant is not None else self.doc.entry(row).combatant

    def _limit_toggled(self, checked: bool) -> None:
        self.stack.push(SetPointsLimitCommand(self.doc,
                                              self.limit_spin.value() if checked else None))

    def _limit_changed(self, value: int) -> None:
        if self.limit_check.isChecked() and value != self.doc.warband.points_limit:
            self.stack.push(SetPointsLimitCommand(self.doc, value))
