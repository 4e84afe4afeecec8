"""The faction editor's list pages: a list of the document (combatants, the ability
glossary) beside the form of its selected item, with the buttons that add, duplicate, delete
and reorder."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from builder.gui.editor.abilities import AbilityForm, ability_summary
from builder.gui.editor.bound import BoundForm, EditContext, row_after_change, scrolled
from builder.gui.editor.commands import InsertCommand, MoveCommand, RemoveCommand
from builder.gui.editor.document import (
    DataPath,
    ability_data,
    new_combatant_data,
    pick_data,
    slug,
    unique_id,
)
from builder.gui.editor.fields import (
    bring_into_view,
    error_label,
    set_enabled,
    set_text,
    show_messages,
    small_button,
)
from builder.gui.editor.forms import CombatantForm
from builder.gui.editor.models import DocListModel
from builder.gui.editor.options import OptionForm, adds_text, show_tags
from builder.gui.editor.views import UniformListView
from builder.gui.widgets import own_style
from builder.i18n import _, ngettext
from builder.model import System
from builder.model.text import display

Ask = Callable[[str, str, list[tuple[str, str]]], str]
"""(title, text, [(answer, button text), ...]) → the answer chosen, or "cancel"."""


def describe_combatant(c: Any, system: System) -> str:
    """A combatant's row in the editor's list: name, type as the game calls it, cost."""
    name = c.get("name") or _("(no name)")
    if c.get("nickname"):
        name += f", {c['nickname']}"
    found = system.type(c.get("type") or "")
    kind = display(found.name) if found else "?"
    parts = [kind]
    if system.cost:
        value = (c.get("profile") or {}).get(system.cost)
        parts.append(f"{value if isinstance(value, int) else '?'} {system.cost}")
    if c.get("squad"):
        parts.append(_("squad"))
    return f"{name}\n    {' · '.join(parts)}"


def describe_ability(a: Any, system: System | None = None) -> str:
    summary = ability_summary(a, system)
    name = a.get("name") or _("(no name)")
    ident = a.get("id") or _("(no id)")
    return f"{name}\n    {ident}{'  ·  ' + summary if summary else ''}"


class ListPage(QWidget):
    """A list of the document (combatants, glossary abilities) beside the form of the
    selected item, with the buttons that add, duplicate, delete and reorder."""

    current_changed = Signal(int)

    def __init__(self, ctx: EditContext, list_path: DataPath, form: BoundForm,
                 describe: Any, empty_text: str, extra: QWidget | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.list_path = list_path
        self.form = form
        self.read_only = False
        self.model = DocListModel(ctx.doc, list_path, describe, parent=self)
        # one line per item: the view need not measure thousands of rows on each change
        self.view = UniformListView()
        self.view.setModel(self.model)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setMinimumWidth(200)
        self.error = error_label()
        self.buttons = QHBoxLayout()
        self.empty = QLabel(empty_text)
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        holder = QWidget()
        col = QVBoxLayout(holder)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(form)
        if extra is not None:
            col.addWidget(extra)
        col.addStretch(1)
        self.form_stack = QStackedWidget()
        self.form_stack.addWidget(self.empty)
        self.form_stack.addWidget(scrolled(holder))
        self.view.selectionModel().currentRowChanged.connect(self._current_changed)
        ctx.doc.list_changed.connect(self._list_changed)
        ctx.doc.value_changed.connect(self._value_changed)
        ctx.doc.validated.connect(self._show_problems)

    def arrange(self, buttons: Sequence[QWidget], right: Sequence[QWidget] = ()) -> None:
        """The list with its error and a row of ``buttons`` (and ``right`` at its end) on the
        left, the form of the selected item on the right."""
        left = QWidget()
        col = QVBoxLayout(left)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(self.view, 1)
        col.addWidget(self.error)
        row = QHBoxLayout()
        for button in buttons:
            row.addWidget(button)
        row.addStretch(1)
        for button in right:
            row.addWidget(button)
        col.addLayout(row)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.form_stack)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([260, 640])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)

    def current_row(self) -> int:
        return self.view.currentIndex().row()

    def select(self, row: int) -> None:
        count = self.model.rowCount()
        if count == 0:
            self._current_changed(QModelIndex())
            return
        row = max(0, min(row, count - 1))
        self.view.selectionModel().setCurrentIndex(
            self.model.index(row), QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self._current_changed(self.model.index(row))

    def _current_changed(self, current: QModelIndex, _previous: Any = None) -> None:
        row = current.row() if current.isValid() else -1
        if 0 <= row < self.model.rowCount():
            if self.form.base != (*self.list_path, row):
                self.form.set_base((*self.list_path, row))
            self.form_stack.setCurrentIndex(1)
        else:
            self.form.set_base(None)
            self.form_stack.setCurrentIndex(0)
        self.enable_buttons()
        self.current_changed.emit(row)

    def _list_changed(self, path: DataPath, op: str, index: int, dest: int) -> None:
        if path == self.list_path:
            self.select(row_after_change(op, index, dest, self.model.rowCount()))

    def _value_changed(self, path: DataPath) -> None:
        n = len(self.list_path)
        if len(path) <= n and tuple(path) == tuple(self.list_path[:len(path)]):
            self.select(self.current_row())

    def _show_problems(self) -> None:
        own = [msg for where, msg in self.ctx.doc.problems_under(self.list_path) if not where]
        show_messages(self.error, own)

    def delete_selected(self, text: str, unnamed: str) -> None:
        """Delete the selected item; ``text``: the undo text, naming it (``{name}``), and
        ``unnamed`` what to call one without a name."""
        row = self.current_row()
        if 0 <= row < self.model.rowCount():
            name = self.ctx.doc.get((*self.list_path, row)).get("name") or unnamed
            self.ctx.push(RemoveCommand(self.ctx.doc, self.list_path, row,
                                        text.format(name=name)))

    def enable_buttons(self) -> None:
        """Overridden by pages to enable their buttons for the selection."""

    def set_read_only(self, read_only: bool) -> None:
        self.read_only = read_only
        self.form.set_read_only(read_only)
        self.enable_buttons()


class CombatantsPage(ListPage):
    def __init__(self, ctx: EditContext) -> None:
        self.combatant_form = CombatantForm(ctx)
        system = ctx.doc.system
        super().__init__(ctx, ("combatants",), self.combatant_form,
                         lambda c: describe_combatant(c, system),
                         _("No combatants yet: add the first one with “Add”."))
        self.add_button = small_button(_("Add"), _("Add a new combatant after the selected one"))
        self.duplicate_button = small_button(_("Duplicate"), _("Copy the selected combatant "
                                                               "(a new id is made)"))
        self.delete_button = small_button(_("Delete"), _("Delete the selected combatant"))
        self.up_button = small_button("↑", _("Move up"))
        self.down_button = small_button("↓", _("Move down"))
        self.add_button.clicked.connect(self.add)
        self.duplicate_button.clicked.connect(self.duplicate)
        self.delete_button.clicked.connect(self.delete)
        self.up_button.clicked.connect(lambda: self.move_row(-1))
        self.down_button.clicked.connect(lambda: self.move_row(+1))

        self.arrange([self.add_button, self.duplicate_button, self.delete_button],
                     [self.up_button, self.down_button])
        self.select(0)

    def enable_buttons(self) -> None:
        if not hasattr(self, "add_button"):
            return
        row, count = self.current_row(), self.model.rowCount()
        editable = not self.read_only
        set_enabled(self.add_button, editable)
        set_enabled(self.duplicate_button, editable and 0 <= row < count)
        set_enabled(self.delete_button, editable and 0 <= row < count)
        set_enabled(self.up_button, editable and 0 < row < count)
        set_enabled(self.down_button, editable and 0 <= row < count - 1)

    def add(self) -> None:
        doc = self.ctx.doc
        data = new_combatant_data(unique_id("new-combatant", doc.combatant_ids()),
                                  system=doc.system)
        row = self.current_row() + 1 if self.current_row() >= 0 else self.model.rowCount()
        self.ctx.push(InsertCommand(doc, self.list_path, row, data, _("Add combatant")))
        bring_into_view(self.combatant_form.name_edit)
        self.combatant_form.name_edit.selectAll()

    def duplicate(self) -> None:
        row = self.current_row()
        if not 0 <= row < self.model.rowCount():
            return
        doc = self.ctx.doc
        data = copy.deepcopy(doc.get((*self.list_path, row)))
        data["name"] = _("{name} (copy)").format(name=data.get("name") or _("Combatant"))
        data["id"] = unique_id(slug(data["name"]) or f"{data.get('id') or 'combatant'}-copy",
                               doc.combatant_ids())  # it follows the name until edited
        self.ctx.push(InsertCommand(doc, self.list_path, row + 1, data,
                                    _("Duplicate {name}").format(
                                        name=data.get("name") or _("combatant"))))

    def delete(self) -> None:
        self.delete_selected(_("Delete {name}"), _("combatant"))

    def move_row(self, step: int) -> None:
        """Move the selected combatant up or down (not QWidget.move, which it used to hide)."""
        row, dest = self.current_row(), self.current_row() + step
        if 0 <= row < self.model.rowCount() and 0 <= dest < self.model.rowCount():
            self.ctx.push(MoveCommand(self.ctx.doc, self.list_path, row, dest,
                                      _("Move combatant")))


class AddDeletePage(ListPage):
    """A page whose list has *Add* (at its end) and *Delete* under it: the glossary, the
    picks. Subclasses give :meth:`add` and :meth:`delete`."""

    def add_and_delete(self, add_tip: str, delete_tip: str) -> None:
        self.add_button = small_button(_("Add"), add_tip)
        self.delete_button = small_button(_("Delete"), delete_tip)
        self.add_button.clicked.connect(self.add)
        self.delete_button.clicked.connect(self.delete)
        self.arrange([self.add_button, self.delete_button])

    def enable_buttons(self) -> None:
        if not hasattr(self, "delete_button"):
            return
        editable = not self.read_only
        set_enabled(self.add_button, editable)
        set_enabled(self.delete_button, editable and 0 <= self.current_row()
                    < self.model.rowCount())

    def insert_new(self, data: dict[str, Any], text: str, name_edit: QLineEdit) -> None:
        """A new item at the end, its name selected to be typed over."""
        self.ctx.push(InsertCommand(self.ctx.doc, self.list_path, self.model.rowCount(), data,
                                    text))
        bring_into_view(name_edit)
        name_edit.selectAll()

    def add(self) -> None:
        raise NotImplementedError

    def delete(self) -> None:
        raise NotImplementedError


class GlossaryPage(AddDeletePage):
    """The faction's own abilities, which its combatants name by id."""

    def __init__(self, ctx: EditContext, ask: Ask) -> None:
        self.ability_form = AbilityForm(ctx, with_id=True)
        self.used_by = QLabel()
        self.used_by.setWordWrap(True)
        own_style(self.used_by, "color: palette(placeholder-text);")
        super().__init__(ctx, ("abilities",), self.ability_form,
                         lambda a: describe_ability(a, ctx.doc.system),
                         _("No faction abilities yet. Racial abilities shared by several "
                           "combatants go here; add one with “Add”."), extra=self.used_by)
        self.ask = ask
        self.add_and_delete(_("Add an ability to the faction's glossary"),
                            _("Delete the selected ability"))
        ctx.doc.validated.connect(self._show_used_by)
        self.select(0)

    def _current_changed(self, current: Any, _previous: Any = None) -> None:
        super()._current_changed(current, _previous)
        self._show_used_by()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if getattr(self, "_used_by_stale", False):
            self._show_used_by()

    def users(self, row: int) -> list[str]:
        """The combatants that name the glossary ability at ``row``."""
        doc = self.ctx.doc
        ability_id = doc.get(("abilities", row)).get("id")
        names = []
        for i, _j in doc.glossary_users(ability_id) if ability_id else []:
            c = doc.get(("combatants", i))
            label = f"{c.get('name') or '?'} ({c.get('id')})"
            if label not in names:
                names.append(label)
        return names

    def _show_used_by(self) -> None:
        if not hasattr(self, "used_by"):
            return
        if not self.isVisible():  # on another tab: worked out when the page is shown
            self._used_by_stale = True
            return
        self._used_by_stale = False
        row = self.current_row()
        if not 0 <= row < self.model.rowCount():
            set_text(self.used_by, "")
            return
        users = self.users(row)
        set_text(self.used_by, _("Used by: {combatants}").format(combatants=", ".join(users))
                 if users else _("Not used by any combatant yet."))

    def add(self) -> None:
        data = ability_data(with_id=True) | {
            "id": unique_id("new-ability", self.ctx.doc.ability_ids()),
            "name": _("New ability"), "scope": "racial"}
        self.insert_new(data, _("Add faction ability"), self.ability_form.name_edit)

    def delete(self) -> None:
        """Delete the selected ability; one in use says where and removes it from those
        combatants too (one undo step), or is kept."""
        row = self.current_row()
        if not 0 <= row < self.model.rowCount():
            return
        doc = self.ctx.doc
        ability = doc.get(("abilities", row))
        name = ability.get("name") or ability.get("id") or _("ability")
        users = self.users(row)
        if not users:
            self.ctx.push(RemoveCommand(doc, self.list_path, row,
                                        _("Delete ability {name}").format(name=name)))
            return
        answer = self.ask(
            _("Delete an ability in use"),
            ngettext("“{name}” is used by {n} combatant: {combatants}.",
                     "“{name}” is used by {n} combatants: {combatants}.", len(users)).format(
                name=name, n=len(users), combatants=", ".join(users)) + "\n\n"
            + _("Deleting it also removes it from their abilities."),
            [("delete", _("Delete it everywhere")), ("cancel", _("Keep it"))])
        if answer != "delete":
            return
        stack = self.ctx.stack
        stack.beginMacro(_("Delete ability {name}").format(name=name))
        for i, j in sorted(doc.glossary_users(ability["id"]), reverse=True):
            stack.push(RemoveCommand(doc, ("combatants", i, "abilities"), j,
                                     _("Remove ability")))
        stack.push(RemoveCommand(doc, self.list_path, row,
                                 _("Delete ability {name}").format(name=name)))
        stack.endMacro()


def describe_pick(pick: Any, system: System) -> str:
    if not isinstance(pick, dict):
        return str(pick)
    parts = [pick.get("id") or _("(no id)"), adds_text(pick.get("adds"), system),
             show_tags(pick.get("tags"))]
    name = pick.get("name") or _("(no name)")
    return f"{name}\n    " + "  ·  ".join(p for p in parts if p)


class PicksPage(AddDeletePage):
    """What a list of the faction may take once, not models (artefacts, pacts)."""

    def __init__(self, ctx: EditContext) -> None:
        self.pick_form = OptionForm(ctx, option=False)
        system = ctx.doc.system
        super().__init__(ctx, ("picks",), self.pick_form, lambda p: describe_pick(p, system),
                         _("No picks yet. Things a whole list takes once, such as artefacts, "
                           "go here; add one with “Add”."))
        self.add_and_delete(_("Add a pick a list of the faction may take"),
                            _("Delete the selected pick"))
        self.select(0)

    def add(self) -> None:
        taken = [p.get("id", "") for p in self.ctx.doc.get(self.list_path)]
        data = pick_data() | {"id": unique_id("new-pick", taken), "name": _("New pick")}
        self.insert_new(data, _("Add pick"), self.pick_form.name_edit)

    def delete(self) -> None:
        self.delete_selected(_("Delete pick {name}"), _("pick"))
