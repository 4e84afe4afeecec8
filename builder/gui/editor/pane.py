"""One open faction: its tabs (faction, combatants, ability glossary), its problems and its
undo stack. The window swaps panes when another faction is opened, so a pane never has to
forget one document and learn another."""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIcon, QShowEvent, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from builder.gui.editor.commands import (
    InsertCommand,
    MoveCommand,
    RemoveCommand,
    SetValueCommand,
    rename_ability,
)
from builder.gui.editor.document import (
    DataPath,
    FactionDocument,
    ability_data,
    new_combatant_data,
    slug,
    unique_id,
)
from builder.gui.editor.fields import (
    ERROR_COLOR,
    bring_into_view,
    set_enabled,
    set_text,
    small_button,
)
from builder.gui.editor.forms import (
    AbilityForm,
    CombatantForm,
    FactionForm,
    ListPage,
    ability_summary,
    scrolled,
)
from builder.gui.focus import guard_wheel, show_focus
from builder.i18n import _, ngettext
from builder.model import System
from builder.model.text import display

Ask = Callable[[str, str, list[tuple[str, str]]], str]
"""(title, text, [(answer, button text), ...]) → the answer chosen, or "cancel"."""

_TAB_FACTION, _TAB_COMBATANTS, _TAB_ABILITIES = 0, 1, 2


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


class CombatantsPage(ListPage):
    def __init__(self, ctx: FactionPane) -> None:
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

        left = QWidget()
        col = QVBoxLayout(left)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(self.view, 1)
        col.addWidget(self.error)
        row = QHBoxLayout()
        for b in (self.add_button, self.duplicate_button, self.delete_button):
            row.addWidget(b)
        row.addStretch(1)
        row.addWidget(self.up_button)
        row.addWidget(self.down_button)
        col.addLayout(row)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.form_stack)
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([260, 640])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
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
        row = self.current_row()
        if 0 <= row < self.model.rowCount():
            name = self.ctx.doc.get((*self.list_path, row)).get("name") or _("combatant")
            self.ctx.push(RemoveCommand(self.ctx.doc, self.list_path, row,
                                        _("Delete {name}").format(name=name)))

    def move_row(self, step: int) -> None:
        """Move the selected combatant up or down (not QWidget.move, which it used to hide)."""
        row, dest = self.current_row(), self.current_row() + step
        if 0 <= row < self.model.rowCount() and 0 <= dest < self.model.rowCount():
            self.ctx.push(MoveCommand(self.ctx.doc, self.list_path, row, dest,
                                      _("Move combatant")))


class GlossaryPage(ListPage):
    """The faction's own abilities, which its combatants name by id."""

    def __init__(self, ctx: FactionPane, ask: Ask) -> None:
        self.ability_form = AbilityForm(ctx, with_id=True)
        self.used_by = QLabel()
        self.used_by.setWordWrap(True)
        self.used_by.setStyleSheet("color: palette(placeholder-text);")
        super().__init__(ctx, ("abilities",), self.ability_form,
                         lambda a: describe_ability(a, ctx.doc.system),
                         _("No faction abilities yet. Racial abilities shared by several "
                           "combatants go here; add one with “Add”."), extra=self.used_by)
        self.ask = ask
        self.add_button = small_button(_("Add"), _("Add an ability to the faction's glossary"))
        self.delete_button = small_button(_("Delete"), _("Delete the selected ability"))
        self.add_button.clicked.connect(self.add)
        self.delete_button.clicked.connect(self.delete)

        left = QWidget()
        col = QVBoxLayout(left)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(self.view, 1)
        col.addWidget(self.error)
        row = QHBoxLayout()
        row.addWidget(self.add_button)
        row.addWidget(self.delete_button)
        row.addStretch(1)
        col.addLayout(row)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(left)
        splitter.addWidget(self.form_stack)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([260, 640])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
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

    def enable_buttons(self) -> None:
        if not hasattr(self, "add_button"):
            return
        editable = not self.read_only
        set_enabled(self.add_button, editable)
        set_enabled(self.delete_button, editable and 0 <= self.current_row()
                    < self.model.rowCount())

    def add(self) -> None:
        doc = self.ctx.doc
        data = ability_data(with_id=True) | {
            "id": unique_id("new-ability", doc.ability_ids()), "name": _("New ability"),
            "scope": "racial"}
        self.ctx.push(InsertCommand(doc, self.list_path, self.model.rowCount(), data,
                                    _("Add faction ability")))
        bring_into_view(self.ability_form.name_edit)
        self.ability_form.name_edit.selectAll()

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


class FactionPane(QWidget):
    """The editor of one faction document, with its own undo stack."""

    duplicate_requested = Signal()

    def __init__(self, doc: FactionDocument, ask: Ask, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc = doc
        self.stack = QUndoStack(self)
        doc.setParent(self)

        self.banner = QFrame()
        self.banner.setObjectName("readOnlyBanner")
        self.banner.setStyleSheet("#readOnlyBanner { background: #fff4ce; color: #3b2f00; "
                                  "border: 1px solid #e0c060; border-radius: 4px; }")
        banner_row = QHBoxLayout(self.banner)
        self.banner_text = QLabel(_("This is a built-in faction and cannot be changed. "
                                    "Duplicate it to make your own version."))
        self.banner_text.setWordWrap(True)
        self.duplicate_button = QPushButton(_("Duplicate to edit"))
        self.duplicate_button.clicked.connect(self.duplicate_requested)
        banner_row.addWidget(self.banner_text, 1)
        banner_row.addWidget(self.duplicate_button)
        self.file_label = QLabel()
        self.file_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.file_label.setStyleSheet("color: palette(placeholder-text);")

        self.tabs = QTabWidget()
        self.faction_form = FactionForm(self)
        self.faction_form.set_base(())
        self.combatants = CombatantsPage(self)
        self.glossary = GlossaryPage(self, ask)
        self.tabs.addTab(scrolled(self.faction_form), _("Faction"))
        self.tabs.addTab(self.combatants, _("Combatants"))
        self.tabs.addTab(self.glossary, _("Ability glossary"))

        self.status = QLabel()
        self.status.setWordWrap(True)
        self.problem_list = QListWidget()
        self.problem_list.setMaximumHeight(96)
        self.problem_list.itemActivated.connect(self._problem_activated)
        self.problem_list.itemClicked.connect(self._problem_activated)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.banner)
        layout.addWidget(self.file_label)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.status)
        layout.addWidget(self.problem_list)

        self._shown: tuple[list[tuple[str, str]], list[str]] | None = None
        self._tab_areas: set[str] | None = None
        doc.validated.connect(self._show_problems)
        doc.reveal_requested.connect(self.reveal)
        self.set_read_only(doc.builtin)
        self._show_problems()
        self.update_file_label()
        guard_wheel(self)  # the wheel scrolls the form, not a field it passes over
        show_focus(self.combatants.view, self.glossary.view,
                   self.combatants.combatant_form.abilities.view)

    # -- EditContext ---------------------------------------------------------------------

    def set_value(self, path: DataPath, value: Any, text: str,
                  also: Mapping[DataPath, Any] | None = None) -> None:
        if len(path) == 3 and path[0] == "abilities" and path[2] == "id" and \
                isinstance(path[1], int):
            # the combatants that name the ability follow its new id
            rename_ability(self.stack, self.doc, path[1], value)
            return
        self.stack.push(SetValueCommand(self.doc, path, value, text, also))

    def push(self, command: QUndoCommand) -> None:
        self.stack.push(command)

    def reveal(self, path: DataPath) -> None:
        """Bring the place ``path`` names into sight: its tab, its list row."""
        if not path:
            return
        if path[0] == "combatants":
            self.tabs.setCurrentIndex(_TAB_COMBATANTS)
            if len(path) > 1 and isinstance(path[1], int):
                if self.combatants.current_row() != path[1]:
                    self.combatants.select(path[1])
                if len(path) > 3 and path[2] == "abilities" and isinstance(path[3], int):
                    self.combatants.combatant_form.abilities.select(path[3])
        elif path[0] == "abilities":
            self.tabs.setCurrentIndex(_TAB_ABILITIES)
            if len(path) > 1 and isinstance(path[1], int) and \
                    self.glossary.current_row() != path[1]:
                self.glossary.select(path[1])
        else:
            self.tabs.setCurrentIndex(_TAB_FACTION)

    # -- keyboard ------------------------------------------------------------------------

    def add_item(self) -> None:
        """*Add* from the keyboard: an ability on the glossary tab, else a combatant (the
        Combatants tab comes forward)."""
        if self.read_only:
            return
        if self.tabs.currentIndex() == _TAB_ABILITIES:
            self.glossary.add()
            return
        self.tabs.setCurrentIndex(_TAB_COMBATANTS)
        self.combatants.add()

    def add_label(self) -> str:
        return (_("&Add ability") if self.tabs.currentIndex() == _TAB_ABILITIES
                else _("&Add combatant"))

    def step_tab(self, step: int) -> None:
        """The next or previous tab page, from any field (Ctrl+Tab, Ctrl+Shift+Tab)."""
        self.tabs.setCurrentIndex((self.tabs.currentIndex() + step) % self.tabs.count())
        page = self.tabs.currentWidget()
        if page is not None:  # the page's first field, not a field left on a hidden page
            page.setFocus(Qt.FocusReason.TabFocusReason)
            page.focusNextChild()

    # -- state ---------------------------------------------------------------------------

    @property
    def read_only(self) -> bool:
        return self.doc.builtin

    def set_read_only(self, read_only: bool) -> None:
        self.banner.setVisible(read_only)
        self.faction_form.set_read_only(read_only)
        self.combatants.set_read_only(read_only)
        self.glossary.set_read_only(read_only)

    def update_file_label(self) -> None:
        doc = self.doc
        if doc.builtin:
            text = _("Built-in: {file}").format(file=doc.path)
        elif doc.path is None:
            text = _("Not saved yet: Save puts it in your factions folder.")
        else:
            text = _("File: {file}").format(file=doc.path)
        self.file_label.setText(text)

    def problem_text(self) -> str:
        """Why Save is refused: every problem, each with where it is."""
        return "\n".join(f"• {self._where(path)}: {message}"
                         for path, message in self.doc.problems)

    def _where(self, path: str) -> str:
        parts = path.split(".")
        doc = self.doc
        if parts[0] == "combatants" and len(parts) > 1 and parts[1].isdigit():
            i = int(parts[1])
            name = doc.get(("combatants", i)).get("name") if doc.has(("combatants", i)) else ""
            return _("Combatant {n} ({name})").format(n=i + 1, name=name or _("no name"))
        if parts[0] == "abilities" and len(parts) > 1 and parts[1].isdigit():
            i = int(parts[1])
            name = doc.get(("abilities", i)).get("name") if doc.has(("abilities", i)) else ""
            return _("Ability {n} ({name})").format(n=i + 1, name=name or _("no name"))
        if parts[0] == "combatants":
            return _("Combatants")
        return _("Faction")

    def _show_problems(self) -> None:
        problems = self.doc.problems
        where = [self._where(path) for path, _m in problems]
        if (problems, where) == self._shown:
            return
        self._shown = (list(problems), where)
        self.problem_list.clear()
        if not problems:
            self.status.setText(
                _("✔ No problems. Built-in factions are not changed here: “Duplicate to edit” "
                  "makes a copy of your own, which you can change and save.") if self.read_only
                else "✔ " + _("No problems: this faction can be saved."))
            self.status.setStyleSheet("")
            self.problem_list.hide()
            self._mark_tabs()
            return
        count = len(problems)
        self.status.setText("✘ " + ngettext(
            "{n} problem: Save is refused until it is fixed. Click one to go to it.",
            "{n} problems: Save is refused until they are fixed. Click one to go to it.",
            count).format(n=count))
        self.status.setStyleSheet(f"color: {ERROR_COLOR};")
        for path, message in problems:
            item = QListWidgetItem(f"{self._where(path)}: {message}")
            item.setData(Qt.ItemDataRole.UserRole, path)
            self.problem_list.addItem(item)
        rows = min(len(problems), 5)
        frame = 2 * self.problem_list.frameWidth() + 2
        self.problem_list.setFixedHeight(rows * self.problem_list.sizeHintForRow(0) + frame)
        self.problem_list.show()
        self._mark_tabs()

    def _mark_tabs(self) -> None:
        """A warning icon on each tab that has something to fix."""
        areas = {p.split(".")[0] for p, _m in self.doc.problems}
        if areas == self._tab_areas:
            return
        self._tab_areas = areas
        icon = self.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
        for tab, area in ((_TAB_COMBATANTS, "combatants"), (_TAB_ABILITIES, "abilities")):
            self.tabs.setTabIcon(tab, icon if area in areas else QIcon())
        faction_areas = areas - {"combatants", "abilities"}
        self.tabs.setTabIcon(_TAB_FACTION, icon if faction_areas else QIcon())

    def _problem_activated(self, item: QListWidgetItem) -> None:
        path = str(item.data(Qt.ItemDataRole.UserRole))
        self.reveal(tuple(int(p) if p.isdigit() else p for p in path.split(".")))
