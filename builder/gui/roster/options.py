"""A selection's options as the data shapes them (issue 39 item 3): its child entries and
entry groups, nested groups indented under their headings; a group that takes at most one
choice as radio buttons, an entry taken at most once as a check box, one taken more often as
a spin box. Entries the data hides there are left out (unless chosen: then they show, so that
they can be taken out). Every change is an undo step (:class:`~.commands.ChoiceCommand`, or
:class:`~.commands.SetCountCommand` for a count, whose steps merge).

Its public face: :meth:`OptionsPanel.show_selection` (the widgets made for it once) and
:meth:`OptionsPanel.refresh` (after an edit: values, what is hidden, limits).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QRadioButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.battlescribe.engine.nodes import GROUP, Node, flatten, group_children
from builder.battlescribe.engine.roster import Selection
from builder.gui.focus import guard_wheel
from builder.gui.roster.commands import ChoiceCommand, SetCountCommand, Steps
from builder.gui.roster.offers import costs_text
from builder.gui.roster.outline import in_roster, selection_name
from builder.i18n import _

if TYPE_CHECKING:
    from builder.gui.roster.document import RosterDocument

INDENT = 18
"""Pixels a nested group's options sit right of its heading."""
MOST = 999
"""A spin box's top when the data sets no maximum."""
_NOTE = "color: palette(placeholder-text);"


def parent_limits(node: Node, values: Callable[[Any], float]) -> tuple[int, int | None]:
    """The least and most of ``node`` under one parent (its ``selections`` constraints of
    scope ``parent``; ``values`` gives a constraint's value there): (0, None) when free."""
    least, most = 0, None
    for constraint in node.constraints:
        if constraint.field != "selections" or constraint.scope != "parent" \
                or constraint.percent_value:
            continue
        value = values(constraint)
        if value != value or value < 0:  # (NaN, or -1: no limit)
            continue
        if constraint.type in ("max", "exactly"):
            most = int(value) if most is None else min(most, int(value))
        if constraint.type in ("min", "exactly"):
            least = max(least, int(value))
    return least, most


class _Option:
    """The widgets of one entry: a radio button, a check box or a spin box."""

    def __init__(self, node: Node, widget: QWidget, row: QWidget, control: QWidget) -> None:
        self.node, self.widget, self.row, self.control = node, widget, row, control


class _Group:
    def __init__(self, node: Node, heading: QLabel, box: QWidget, radio: bool) -> None:
        self.node, self.heading, self.box, self.radio = node, heading, box, radio
        self.none: QRadioButton | None = None
        self.buttons: QButtonGroup | None = None


class OptionsPanel(QWidget):
    """The options of the selection under the roster's cursor."""

    def __init__(self, doc: RosterDocument, stack: QUndoStack,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.stack = doc, stack
        self.selection: Selection | None = None
        self.title = QLabel()
        self.title.setObjectName("options-title")
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.note = QLabel()
        self.note.setObjectName("options-note")
        self.note.setWordWrap(True)
        self.note.setStyleSheet(_NOTE)
        self.area = QScrollArea()
        self.area.setObjectName("options-scroll")
        self.area.setWidgetResizable(True)
        self.area.setFrameShape(QFrame.Shape.NoFrame)
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.note)
        layout.addWidget(self.area, 1)
        self._options: list[_Option] = []
        self._groups: list[_Group] = []
        self._updating = False
        self.show_selection(None)

    # -- what the editor tells the panel ---------------------------------------------------

    def show_selection(self, selection: Selection | None) -> None:
        """The options of ``selection`` (None: none chosen, or a force or category)."""
        self.selection = selection
        self._options, self._groups = [], []
        body = QWidget()
        body.setObjectName("options-body")
        box = QVBoxLayout(body)
        box.setContentsMargins(0, 0, 0, 0)
        box.setSpacing(2)
        if selection is not None:
            self._build(selection.node.children(), box, 0)
        box.addStretch(1)
        guard_wheel(body)  # (a wheel over the panel scrolls it, not a count)
        self.area.setWidget(body)
        self.refresh()

    def refresh(self) -> None:
        """After an edit: each option's value, whether it shows, its group's words."""
        selection = self.selection
        if selection is not None and not in_roster(selection):
            self.show_selection(None)
            return
        if selection is None:
            self.title.setText(_("Options"))
            self.note.setText(_("Choose a selection in the roster to see its options."))
            self.note.show()
            return
        ev = self.doc.evaluation
        self.title.setText(_("Options of {name}").format(name=selection_name(ev, selection)))
        self._updating = True
        try:
            shown = 0
            for option in self._options:
                chosen = self.count(option.node)
                effect = ev.option(selection, option.node)
                visible = not effect.hidden or chosen > 0
                option.row.setVisible(visible)
                shown += visible
                control = option.control
                if isinstance(control, QSpinBox):
                    _least, most = parent_limits(option.node, effect.limit)
                    control.setMaximum(max(chosen, most if most is not None else MOST))
                    if control.value() != chosen:
                        control.setValue(chosen)
                elif isinstance(control, QAbstractButton) and control.isChecked() != (chosen > 0):
                    control.setChecked(chosen > 0)
            for group in self._groups:
                effect = ev.option(selection, group.node)
                members = [o for o in self._options if _within(o.node, group.node)]
                visible = (not effect.hidden or any(self.count(o.node) for o in members)) \
                    and any(not o.row.isHidden() for o in members)
                group.heading.setVisible(visible)
                group.box.setVisible(visible)
                group.heading.setText(_group_text(group.node, effect.limit))
                if group.none is not None:
                    group.none.setChecked(not any(self.count(o.node) for o in members))
            self.note.setVisible(not shown)
            self.note.setText(_("{name} has no options.").format(
                name=selection_name(ev, selection)))
        finally:
            self._updating = False

    def wanted_height(self) -> int:
        """The height that shows every option without scrolling."""
        margins = self._layout.contentsMargins()
        body = self.area.widget()
        content = body.sizeHint().height() if body is not None else 0
        shown = [w for w in (self.title, self.note) if not w.isHidden()]
        return (margins.top() + margins.bottom() + content + 2 * self.area.frameWidth()
                + sum(int(w.sizeHint().height()) + self._layout.spacing() for w in shown))

    def count(self, node: Node) -> int:
        """How many of ``node`` the selection holds (their amounts added up)."""
        assert self.selection is not None
        return sum(c.amount for c in self.selection.children if _same(c.node, node))

    # -- building ----------------------------------------------------------------------

    def _build(self, nodes: list[Node], box: QVBoxLayout, depth: int,
               group: _Group | None = None) -> None:
        selection = self.selection
        assert selection is not None
        ev = self.doc.evaluation
        for node in nodes:
            if node.kind == GROUP:
                self._build_group(node, box, depth)
                continue
            self._options.append(self._option(node, box, depth, group,
                                              ev.option(selection, node).limit))

    def _build_group(self, node: Node, box: QVBoxLayout, depth: int) -> None:
        selection = self.selection
        assert selection is not None
        limit = self.doc.evaluation.option(selection, node).limit
        children = group_children(node)
        _least, most = parent_limits(node, limit)
        radio = most is not None and most <= 1 and all(c.kind != GROUP for c in children)
        heading = QLabel(_group_text(node, limit))
        heading.setObjectName("option-group")
        heading.setTextFormat(Qt.TextFormat.PlainText)
        heading.setContentsMargins(depth * INDENT, 6, 0, 0)
        font = heading.font()
        font.setBold(True)
        heading.setFont(font)
        inner = QWidget()
        inner_box = QVBoxLayout(inner)
        inner_box.setContentsMargins(0, 0, 0, 0)
        inner_box.setSpacing(2)
        box.addWidget(heading)
        box.addWidget(inner)
        group = _Group(node, heading, inner, radio)
        self._groups.append(group)
        if radio:
            group.buttons = QButtonGroup(inner)
            group.buttons.setExclusive(True)
            least, _most = parent_limits(node, limit)
            if least == 0:
                none = QRadioButton(_("None"))
                none.setObjectName("option-none")
                none.setContentsMargins((depth + 1) * INDENT, 0, 0, 0)
                group.buttons.addButton(none)
                row = _indented(none, depth + 1)
                inner_box.addWidget(row)
                none.clicked.connect(lambda _c=False, g=group: self._choose_none(g))
                group.none = none
        self._build(children, inner_box, depth + 1, group)

    def _option(self, node: Node, box: QVBoxLayout, depth: int, group: _Group | None,
                limit: Callable[[Any], float]) -> _Option:
        names = {t.id: t.name for t in self.doc.roster.cost_types() if not t.hidden}
        costs = costs_text({t: c.value for c in node.costs for t in [c.type_id]
                            if t in names}, names)
        label = node.name if not costs else _("{name} ({costs})").format(name=node.name,
                                                                          costs=costs)
        _least, most = parent_limits(node, limit)
        control: QWidget
        if group is not None and group.radio:
            button = QRadioButton(label)
            assert group.buttons is not None
            group.buttons.addButton(button)
            button.clicked.connect(lambda _c=False, n=node, g=group: self._choose_radio(n, g))
            row = _indented(button, depth)
            control = button
        elif most is not None and most <= 1:
            check = QCheckBox(label)
            check.toggled.connect(lambda on, n=node: self._toggle(n, on))
            row = _indented(check, depth)
            control = check
        else:
            spin = QSpinBox()
            spin.setRange(0, most if most is not None else MOST)
            spin.setKeyboardTracking(False)
            spin.setAccessibleName(node.name)
            spin.valueChanged.connect(lambda value, n=node: self._set_count(n, value))
            text = QLabel(label)
            text.setTextFormat(Qt.TextFormat.PlainText)
            text.setWordWrap(True)
            text.setBuddy(spin)
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(depth * INDENT, 0, 0, 0)
            line.addWidget(spin)  # (first, where a check box's box is)
            line.addWidget(text, 1)
            control = spin
        control.setObjectName("option")
        control.setProperty("entry", node.id)
        box.addWidget(row)
        return _Option(node, control, row, control)

    # -- changes, each an undo step -----------------------------------------------------------

    def _mine(self, node: Node) -> list[Selection]:
        assert self.selection is not None
        return [c for c in self.selection.children if _same(c.node, node)]

    def _push(self, text: str, plan: Callable[[Steps], None]) -> None:
        self.stack.push(ChoiceCommand(self.doc, text, plan))

    def _toggle(self, node: Node, on: bool) -> None:
        if self._updating or self.selection is None or on == (self.count(node) > 0):
            return
        selection = self.selection
        mine = self._mine(node)

        def plan(steps: Steps) -> None:
            if on:
                steps.select(selection, node.id)
            for chosen in [] if on else mine:
                steps.remove(chosen)

        self._push((_("Choose {name}") if on else _("Leave out {name}")).format(name=node.name),
                   plan)

    def _choose_radio(self, node: Node, group: _Group) -> None:
        if self._updating or self.selection is None:
            return
        selection = self.selection
        others = [s for s in selection.children
                  if _within(s.node, group.node) and not _same(s.node, node)]
        if not others and self.count(node) > 0:
            return

        def plan(steps: Steps) -> None:
            for other in others:
                steps.remove(other)
            if not self._mine(node):
                steps.select(selection, node.id)

        self._push(_("Choose {name}").format(name=node.name), plan)

    def _choose_none(self, group: _Group) -> None:
        if self._updating or self.selection is None:
            return
        chosen = [s for s in self.selection.children if _within(s.node, group.node)]

        def plan(steps: Steps) -> None:
            for selection in chosen:
                steps.remove(selection)

        if chosen:
            self._push(_("Leave out {name}").format(name=group.node.name), plan)

    def _set_count(self, node: Node, value: int) -> None:
        if self._updating or self.selection is None or value == self.count(node):
            return
        selection = self.selection
        mine = self._mine(node)
        if value > 0 and len(mine) == 1 and not node.instanced():
            self.stack.push(SetCountCommand(self.doc, mine[0], value))
            return

        def plan(steps: Steps) -> None:
            have = sum(s.amount for s in mine)
            if value == 0:
                for s in mine:
                    steps.remove(s)
            elif node.instanced():
                for s in reversed(mine[value:] if value < len(mine) else []):
                    steps.remove(s)
                for _i in range(max(0, value - have)):
                    steps.select(selection, node.id)
            else:
                made = steps.select(selection, node.id)
                steps.set_count(made, value)

        self._push(_("Change count of {name}").format(name=node.name), plan)


def _same(a: Node, b: Node) -> bool:
    return a is b or a.id == b.id


def _within(node: Node, group: Node) -> bool:
    """Whether ``node`` is one of ``group``'s options (at any depth)."""
    return any(_same(option, node) for option in flatten(group_children(group)))


def _indented(widget: QWidget, depth: int) -> QWidget:
    row = QWidget()
    line = QHBoxLayout(row)
    line.setContentsMargins(depth * INDENT, 0, 0, 0)
    line.addWidget(widget, 1)
    return row


def _group_text(node: Node, limit: Callable[[Any], float]) -> str:
    """A group's heading: its name and what it asks ("choose 1", "up to 2", "1 to 3")."""
    least, most = parent_limits(node, limit)
    if most is not None and least == most:
        return _("{group} (choose {n})").format(group=node.name, n=most)
    if most is not None and least:
        return _("{group} ({least} to {most})").format(group=node.name, least=least, most=most)
    if most is not None:
        return _("{group} (up to {most})").format(group=node.name, most=most)
    if least:
        return _("{group} (at least {least})").format(group=node.name, least=least)
    return node.name
