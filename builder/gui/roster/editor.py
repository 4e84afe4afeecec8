"""The roster editor: what can be added on the left, the roster in the centre (its name,
costs against limits and verdict above its tree, the findings below), the options, profiles,
rules and notes of what the cursor is on at the right. It assembles the panels of this
package and connects them; every edit is an undo command on the window's stack.

The window shows it for a roster as it shows the warband panels for a warband, and speaks to
it through its public face: :attr:`doc`, :meth:`add`, :meth:`add_current`,
:meth:`remove_selected`, :meth:`duplicate_selected`, :meth:`step_selected`,
:meth:`edit_count`, :meth:`focus_filter`, :meth:`add_force`, :meth:`select`,
:meth:`select_finding`, and the splitters' :meth:`save_layout` / :meth:`restore_layout`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSettings, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QPushButton, QSplitter, QVBoxLayout, QWidget

from builder.battlescribe.engine.roster import Category, Force, Roster, Selection
from builder.gui.roster.commands import (
    AddForceCommand,
    DuplicateCommand,
    RelinkCommand,
    RemoveCommand,
    SelectCommand,
    SetCountCommand,
)
from builder.gui.roster.document import RosterDocument
from builder.gui.roster.findings import RosterFindings
from builder.gui.roster.header import RosterHeader
from builder.gui.roster.info import InfoPanel
from builder.gui.roster.offers import OffersPanel
from builder.gui.roster.options import OptionsPanel
from builder.gui.roster.outline import force_name, in_roster
from builder.gui.roster.tree import RosterTree
from builder.i18n import _

if TYPE_CHECKING:
    from builder.battlescribe.engine.editing import Offer
    from builder.gui.roster.forces import ForceChoice

MAX_STEP = 1_000_000
Item = Force | Category | Selection


class RosterEditor(QWidget):
    """The panels of one roster (see the module's docstring)."""

    status = Signal(str)
    """A short word for the status bar."""

    def __init__(self, doc: RosterDocument, stack: QUndoStack,
                 ask_force: Callable[[RosterEditor], ForceChoice | None] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("roster-editor")
        self.doc, self.stack = doc, stack
        self.ask_force = ask_force
        """Asks which force to add (the window's prompter); None: *Add force…* is off."""
        self.offers = OffersPanel(doc)
        self.back_button = QPushButton()
        self.back_button.setObjectName("offers-back")
        self.back_button.setFlat(True)
        self.back_button.setStyleSheet("text-align: left;")
        self.back_button.hide()
        self.header = RosterHeader(doc, stack)
        self.tree = RosterTree(doc, stack)
        self.findings = RosterFindings()
        self.options = OptionsPanel(doc, stack)
        self.info = InfoPanel(doc, stack)

        left = QWidget()
        left_box = QVBoxLayout(left)
        left_box.setContentsMargins(0, 0, 0, 0)
        left_box.setSpacing(0)
        left_box.addWidget(self.back_button)
        left_box.addWidget(self.offers, 1)
        top = QWidget()
        top_box = QVBoxLayout(top)
        top_box.setContentsMargins(6, 6, 6, 6)
        top_box.addWidget(self.header)
        top_box.addWidget(self.tree, 1)
        self.centre = QSplitter(Qt.Orientation.Vertical)
        self.centre.setObjectName("roster-centre-splitter")
        self.centre.addWidget(top)
        self.centre.addWidget(self.findings)
        self.centre.setStretchFactor(0, 1)
        self.centre.setChildrenCollapsible(False)
        self.right = QSplitter(Qt.Orientation.Vertical)
        self.right.setObjectName("roster-right-splitter")
        self.right.addWidget(self.options)
        self.right.addWidget(self.info)
        self.right.setChildrenCollapsible(False)
        self.main = QSplitter(Qt.Orientation.Horizontal)
        self.main.setObjectName("roster-main-splitter")
        self.main.addWidget(left)
        self.main.addWidget(self.centre)
        self.main.addWidget(self.right)
        self.main.setStretchFactor(1, 1)
        self.main.setCollapsible(1, False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.main)

        self.offers.add_requested.connect(self.add)
        self.back_button.clicked.connect(self._back_to_force)
        self.tree.current_changed.connect(self._current_changed)
        self.tree.add_force_requested.connect(self.add_force)
        self.tree.duplicate_requested.connect(self.duplicate_selected)
        self.tree.remove_requested.connect(self.remove_selected)
        self.findings.finding_chosen.connect(self.select_finding)
        doc.validated.connect(lambda _report: self.refresh())
        doc.details_changed.connect(self.header.refresh)
        doc.was_reset.connect(self._reset)
        self.tree.add_force_button.setEnabled(ask_force is not None)
        # Ctrl+D duplicates (as in the faction editor), F2 edits a count: keys of the editor
        self.duplicate_action = QAction(_("Duplicate"), self)
        self.duplicate_action.setObjectName("duplicate-selection")
        self.duplicate_action.setShortcut(QKeySequence("Ctrl+D"))
        self.duplicate_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.duplicate_action.triggered.connect(self.duplicate_selected)
        self.addAction(self.duplicate_action)
        self.setTabOrder(self.offers.filter, self.offers.view)
        self.setTabOrder(self.offers.view, self.header.name)
        self.setTabOrder(self.header.name, self.tree.view)
        self._moved = {"centre": False, "right": False}
        """Splitters the user moved: their heights are the user's from then on."""
        self.centre.splitterMoved.connect(lambda *_a: self._moved.update(centre=True))
        self.right.splitterMoved.connect(lambda *_a: self._moved.update(right=True))
        self._reset()

    # -- following the roster ---------------------------------------------------------

    def _reset(self) -> None:
        self._current_changed(self.tree.current())
        self.refresh()

    def refresh(self) -> None:
        """After every change: every panel follows the new check (the tree follows it by
        itself)."""
        report = self.doc.report
        self.header.refresh()
        findings_changed = self.findings.show_report(report)
        self.offers.refresh()
        self.options.refresh()
        self.info.refresh()
        self._follow_back()
        if findings_changed:  # (measuring what the panels want costs a millisecond or two)
            self.fit(grow=True)

    def fit(self, *, grow: bool = False) -> None:
        """The findings as tall as they need (up to eight), the options as tall as theirs
        (up to three fifths of the column), unless the user moved those splitters. ``grow``
        (after an edit): the findings only grow, and shrink when the cursor moves next: an
        edit and its undo do not lay the whole column out again each time."""
        if not self._moved["centre"]:
            sizes = self.centre.sizes()
            total = sum(sizes)
            if total > 0:
                wanted = min(self.findings.wanted_height(), total // 2)
                if sizes[1] != wanted and not (grow and wanted < sizes[1]):
                    self.centre.setSizes([total - wanted, wanted])
        if not self._moved["right"]:
            sizes = self.right.sizes()
            total = sum(sizes)
            if total > 0:
                wanted = max(min(self.options.wanted_height(), total * 3 // 5), total // 4)
                if sizes[0] != wanted:
                    self.right.setSizes([wanted, total - wanted])

    def _current_changed(self, item: Item | None) -> None:
        if isinstance(item, Category):
            container: Force | Selection | None = item.force
        else:
            container = item
        self.offers.show_container(container)
        self.options.show_selection(item if isinstance(item, Selection) else None)
        self.info.show_item(item)
        self._follow_back()
        self.fit()

    def _follow_back(self) -> None:
        """Under a selection, a way back to what its force offers."""
        container = self.offers.container
        if isinstance(container, Selection) and in_roster(container):
            self.back_button.setText("← " + _("Add to {force}").format(
                force=force_name(self.doc.evaluation, container.force)))
            self.back_button.show()
        else:
            self.back_button.hide()

    def _back_to_force(self) -> None:
        container = self.offers.container
        if isinstance(container, Selection):
            root = (container.ancestors() or [container])[-1]
            category = self.doc.evaluation.primary_category(root)
            self.select(category if category is not None else container.force)

    # -- editing: every change an undo command ---------------------------------------------

    def add(self, offer: Offer) -> None:
        """Add ``offer`` where the offers panel offers it; the new selection is chosen."""
        container = self.offers.container
        if container is None:
            return
        command = SelectCommand(self.doc, container, offer.id, offer.name)
        self.stack.push(command)
        if command.made is not None:
            self.select(command.made)
            self.status.emit(_("Added {name}").format(name=offer.name))

    def add_selected(self) -> bool:
        """Add the offer under the offers panel's cursor (Edit → Add, Ctrl+Enter)."""
        return self.offers.add_current()

    def add_force(self) -> None:
        if self.ask_force is None:
            return
        choice = self.ask_force(self)
        if choice is None:
            return
        parent = self.tree.current() if choice.child else None
        if isinstance(parent, Category | Selection):
            parent = parent.force
        force = parent if isinstance(parent, Force) else None
        if choice.relinked is not None and force is not None:
            # (the same force of the roster read again)
            place = list(self.doc.roster.walk_forces()).index(force)
            force = list(choice.relinked.roster.walk_forces())[place]
        add = AddForceCommand(self.doc, choice.entry_id, choice.catalogue_id, choice.name,
                              force)
        # a catalogue read in: the roster linked anew, then the force added, as one step
        command = add if choice.relinked is None else \
            RelinkCommand(self.doc, choice.relinked, add)
        self.stack.push(command)
        if command.made is not None:
            self.select(command.made)

    def remove_selected(self) -> None:
        chosen = self.tree.selected()
        if not chosen:
            return
        after = self._neighbour(chosen)
        self.stack.push(RemoveCommand(self.doc, chosen))
        if after is not None and in_roster(after):
            self.select(after)

    def _neighbour(self, going: list[Force | Selection]) -> Any:
        """What the cursor goes to once ``going`` is gone: the next row that stays, else
        the one before, else what held the first."""
        shown = list(self.tree.model.objects())
        gone = {id(item) for item in going}
        for item in going:  # what they hold goes too
            walk = item.walk() if isinstance(item, Selection) else item.walk_selections()
            gone.update(id(s) for s in walk)
        places = [i for i, item in enumerate(shown) if id(item) in gone]
        if not places:
            return None
        after = [item for item in shown[places[0]:] if id(item) not in gone
                 and not isinstance(item, Category)]
        before = [item for item in reversed(shown[:places[0]]) if id(item) not in gone]
        return (after or before or [None])[0]

    def duplicate_selected(self) -> None:
        chosen = self.tree.selected()
        if len(chosen) != 1:
            return
        command = DuplicateCommand(self.doc, chosen[0])
        self.stack.push(command)
        if command.made is not None:
            self.select(command.made)

    def step_selected(self, step: int) -> None:
        """One more or one fewer of the selection under the cursor (at none it goes)."""
        item = self.tree.current()
        if not isinstance(item, Selection):
            return
        count = item.amount + step
        if count < 1:
            self.remove_selected()
        elif count <= MAX_STEP:
            self.stack.push(SetCountCommand(self.doc, item, count, merge=False))

    def edit_count(self) -> bool:
        return self.tree.edit_count()

    def focus_filter(self) -> None:
        self.offers.focus_filter()

    # -- the cursor -------------------------------------------------------------------------

    def select(self, item: Any) -> None:
        self.tree.select(item)

    def select_finding(self, finding: Any) -> None:
        """Put the cursor on what a finding is raised on (the roster itself: its first
        force)."""
        owner = getattr(finding, "owner", None)
        if isinstance(owner, Roster):
            owner = owner.forces[0] if owner.forces else None
        if owner is not None and in_roster(owner):
            self.select(owner)
            self.tree.view.setFocus(Qt.FocusReason.OtherFocusReason)

    # -- layout -------------------------------------------------------------------------

    def default_sizes(self, width: int) -> None:
        left = max(220, min(380, width * 22 // 100))
        right = max(320, min(460, width * 28 // 100))
        self.main.setSizes([left, max(0, width - left - right), right])
        self.fit()

    def save_layout(self, settings: QSettings) -> None:
        settings.setValue("roster/main_splitter", self.main.saveState())

    def restore_layout(self, settings: QSettings) -> bool:
        """The side panels' widths as the user left them (the heights inside follow what
        is shown); False when none was saved."""
        state = settings.value("roster/main_splitter")
        return isinstance(state, QByteArray | bytes) and self.main.restoreState(state)
