"""One open faction: its tabs (faction, combatants, ability glossary), its problems and its
undo stack. The window swaps panes when another faction is opened, so a pane never has to
forget one document and learn another."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QIcon, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from builder.gui.editor.bound import scrolled
from builder.gui.editor.commands import SetValueCommand, rename_ability
from builder.gui.editor.document import DataPath, FactionDocument
from builder.gui.editor.fields import ERROR_COLOR
from builder.gui.editor.forms import FactionForm
from builder.gui.editor.pages import Ask, CombatantsPage, GlossaryPage, PicksPage
from builder.gui.focus import guard_wheel, show_focus
from builder.gui.widgets import own_style
from builder.i18n import _, ngettext

_TAB_FACTION, _TAB_COMBATANTS, _TAB_ABILITIES, _TAB_PICKS = 0, 1, 2, 3


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
        own_style(self.file_label, "color: palette(placeholder-text);")

        self.tabs = QTabWidget()
        self.faction_form = FactionForm(self)
        self.faction_form.set_base(())
        self.combatants = CombatantsPage(self)
        self.glossary = GlossaryPage(self, ask)
        self.tabs.addTab(scrolled(self.faction_form), _("Faction"))
        self.tabs.addTab(self.combatants, _("Combatants"))
        self.tabs.addTab(self.glossary, _("Ability glossary"))
        self.picks = PicksPage(self)
        self.tabs.addTab(self.picks, _("Picks"))
        self.tabs.setTabToolTip(_TAB_PICKS, _("What a list of the faction takes once, not "
                                              "models: artefacts, pacts"))

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
                if len(path) > 3 and path[2] in ("abilities", "options") and \
                        isinstance(path[3], int):
                    form = self.combatants.combatant_form
                    (form.abilities if path[2] == "abilities" else form.options).select(path[3])
        elif path[0] in ("abilities", "picks"):
            page = self.glossary if path[0] == "abilities" else self.picks
            self.tabs.setCurrentWidget(page)
            if len(path) > 1 and isinstance(path[1], int) and page.current_row() != path[1]:
                page.select(path[1])
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
        if self.tabs.currentIndex() == _TAB_PICKS:
            self.picks.add()
            return
        self.tabs.setCurrentIndex(_TAB_COMBATANTS)
        self.combatants.add()

    def add_label(self) -> str:
        return {_TAB_ABILITIES: _("&Add ability"), _TAB_PICKS: _("&Add pick")}.get(
            self.tabs.currentIndex(), _("&Add combatant"))

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
        self.picks.set_read_only(read_only)

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
            where = _("Combatant {n} ({name})").format(n=i + 1, name=name or _("no name"))
            if len(parts) > 3 and parts[2] == "options" and parts[3].isdigit() and \
                    doc.has(("combatants", i, "options", int(parts[3]))):
                j = int(parts[3])
                option = doc.get(("combatants", i, "options", j)).get("name")
                where += ", " + _("option {n} ({name})").format(n=j + 1,
                                                                name=option or _("no name"))
            return where
        if parts[0] in ("abilities", "picks") and len(parts) > 1 and parts[1].isdigit():
            i = int(parts[1])
            name = doc.get((parts[0], i)).get("name") if doc.has((parts[0], i)) else ""
            text = _("Ability {n} ({name})") if parts[0] == "abilities" else \
                _("Pick {n} ({name})")
            return text.format(n=i + 1, name=name or _("no name"))
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
            own_style(self.status, "")
            self.problem_list.hide()
            self._mark_tabs()
            return
        count = len(problems)
        self.status.setText("✘ " + ngettext(
            "{n} problem: Save is refused until it is fixed. Click one to go to it.",
            "{n} problems: Save is refused until they are fixed. Click one to go to it.",
            count).format(n=count))
        own_style(self.status, f"color: {ERROR_COLOR};")
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
        for tab, area in ((_TAB_COMBATANTS, "combatants"), (_TAB_ABILITIES, "abilities"),
                          (_TAB_PICKS, "picks")):
            self.tabs.setTabIcon(tab, icon if area in areas else QIcon())
        faction_areas = areas - {"combatants", "abilities", "picks"}
        self.tabs.setTabIcon(_TAB_FACTION, icon if faction_areas else QIcon())

    def _problem_activated(self, item: QListWidgetItem) -> None:
        path = str(item.data(Qt.ItemDataRole.UserRole))
        self.reveal(tuple(int(p) if p.isdigit() else p for p in path.split(".")))
