"""What the options and picks panels share (SPEC §9): the words for what a choice adds, and
which rules taking it would break.

"Would break" is read off the engine's own findings: for an entry's options (a few), the list
is checked with the option taken (:meth:`WarbandDocument.trial`) and compared with the list as
it is; for the picks (a faction may offer thousands), from the rules' headroom, as the
catalogue's dimmed rows are for one more model (:meth:`builder.rules.headroom.Headroom.picks`).
Only errors count; taking a greyed choice stays possible.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QLayout,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from builder.gui.flow import FlowLayout
from builder.gui.focus import guard_wheel
from builder.gui.widgets import own_style
from builder.i18n import _
from builder.model import System
from builder.model.options import UnitSize
from builder.rules import Report
from builder.rules.findings import Finding

NOTE_STYLE = "color: palette(placeholder-text);"
UNKNOWN_COLOUR = "#b00020"
UNKNOWN_STYLE = f"color: {UNKNOWN_COLOUR};"


def unit_size(unit: UnitSize) -> str:
    """A unit's size as the catalogue shows it: "3–5", or "3" when it is fixed."""
    return str(unit.min) if unit.min == unit.max else f"{unit.min}–{unit.max}"


def adds_text(game: System, adds: Mapping[str, int], per_model: bool = False) -> str:
    """"+2 PE, +1 MAN" in the order of the game's stat line ("… per model" when it adds for
    each model of the entry); "" when it adds nothing."""
    order = {s.id: i for i, s in enumerate(game.stats)}
    parts = [_("+{n} {stat}").format(n=n, stat=game.stat_label(stat))
             for stat, n in sorted(adds.items(), key=lambda kv: order.get(kv[0], len(order)))
             if n]
    if not parts:
        return ""
    text = ", ".join(parts)
    return _("{adds} per model").format(adds=text) if per_model else text


def _distance(f: Finding) -> int:
    return abs((f.amount or 0) - (f.bound or 0))


def new_breaches(before: Report, after: Report) -> list[Finding]:
    """The errors of ``after`` a player would see as new or worse than in ``before``: a rule
    that was kept and is broken, or broken further from its bound (Dominion 5 of 4 becoming
    7 of 4). A rule's finding over the whole list may name more combatants after: it is the
    same finding."""
    old: dict[str, list[Finding]] = {}
    for f in before.errors:
        old.setdefault(f.rule, []).append(f)
    out = []
    for f in after.errors:
        same = [g for g in old.get(f.rule, ()) if set(g.combatants) <= set(f.combatants)]
        if not any(_distance(g) >= _distance(f) for g in same):
            out.append(f)
    return out


def breach_tip(breaches: Sequence[Finding], heading: str) -> str:
    """The tooltip paragraph naming what taking a choice would break (rich text)."""
    lines = "<br>".join(f"• {escape(f.message)}" for f in breaches)
    return f"<p>{escape(heading)}<br>{lines}</p>"


def dim(widget: QWidget, dimmed: bool) -> None:
    """Grey a choice's text half-way to its background (still readable, as the catalogue's
    dimmed rows), or give it back its own colour."""
    if bool(widget.property("dimmed")) == dimmed:
        return
    widget.setProperty("dimmed", dimmed)
    own_style(widget, f"color: {greyed(widget).name()};" if dimmed else "")


def greyed(widget: QWidget) -> QColor:
    """The widget's text colour half-way to its background: a dimmed choice's."""
    palette = widget.palette()
    text = palette.color(QPalette.ColorRole.WindowText)
    base = palette.color(QPalette.ColorRole.Window)
    return QColor((text.red() + base.red()) // 2, (text.green() + base.green()) // 2,
                  (text.blue() + base.blue()) // 2)


class ChoiceList(QWidget):
    """A titled list of choices (options of an entry, picks of a list): a bold title with a
    note beside it, then rows of a choice and, on the right, what it adds (or, with
    ``flow``, the choices one after the other, onto more lines as the width runs out);
    scrolling when longer than ``max_body`` pixels."""

    grid: QGridLayout
    """The rows (without ``flow``)."""

    def __init__(self, title: str, name: str, max_body: int,
                 parent: QWidget | None = None, *, flow: bool = False) -> None:
        super().__init__(parent)
        self.setObjectName(name)
        self.max_body = max_body
        self.title = QLabel(title)
        self.title.setObjectName(f"{name}-title")
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.note = QLabel()
        self.note.setObjectName(f"{name}-note")
        own_style(self.note, NOTE_STYLE)
        head = QHBoxLayout()
        head.setContentsMargins(0, 0, 0, 0)
        head.setSpacing(8)
        head.addWidget(self.title)
        head.addWidget(self.note, 1)
        self.body = QWidget()
        self.rows: QLayout
        if flow:
            self.rows = FlowLayout(self.body, spacing=4)
            self.rows.setContentsMargins(0, 0, 0, 0)
        else:
            self.rows = self.grid = QGridLayout(self.body)
            self.grid.setContentsMargins(2, 2, 2, 2)
            self.grid.setHorizontalSpacing(8)
            self.grid.setVerticalSpacing(2)
        self.scroller = QScrollArea()
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller.setWidget(self.body)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 4)
        layout.setSpacing(2)
        layout.addLayout(head)
        layout.addWidget(self.scroller)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def clear_rows(self) -> bool:
        """Remove every row; True when one of them had the keyboard (give it to the new)."""
        focus = self.body.focusWidget()
        had_focus = focus is not None and self.body.isAncestorOf(focus) and focus.hasFocus()
        while self.rows.count():
            item = self.rows.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:  # out of the panel now, gone when control returns
                widget.hide()
                widget.setParent(None)  # type: ignore[call-overload]
                widget.deleteLater()
        return had_focus

    def add_adds(self, text: str, line: int) -> QLabel:
        """What a row's choice adds, on the right in the note colour."""
        label = QLabel(text)
        own_style(label, NOTE_STYLE)
        label.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        self.grid.addWidget(label, line, 2)
        return label

    def add_unknown(self, text: str, tip: str, name: str, line: int) -> QCheckBox:
        """A choice the list holds that the data does not offer: checked, in red; unticking
        it drops it."""
        box = QCheckBox(text)
        box.setObjectName(name)
        own_style(box, UNKNOWN_STYLE)
        box.setToolTip(tip)
        self.grid.addWidget(box, line, 0, 1, 3)
        return box

    def show_rows(self) -> None:
        """Show the rows made now. A widget put in the layout of a shown one is shown only on
        a later pass of the event loop, and until then it has no height: the panel, fitted
        to its rows, would have room for none."""
        for i in range(self.rows.count()):
            item = self.rows.itemAt(i)
            widget = item.widget() if item is not None else None
            if widget is not None and widget.isHidden():
                widget.show()

    def finish_rows(self, lines: int, focus: QWidget | None) -> None:
        """After the rows are made: the name column takes the room, the height fits the rows
        (up to ``max_body``), and the keyboard goes to ``focus`` when given."""
        self.show_rows()
        self.grid.setColumnStretch(0, 1)
        self.grid.setRowStretch(lines, 1)
        guard_wheel(self.body)  # a wheel turn over a spin box scrolls, not changes
        self.body.adjustSize()
        self.scroller.setFixedHeight(min(self.body.sizeHint().height() + 2, self.max_body))
        if focus is not None:
            focus.setFocus()


def set_tip(tip: str, *widgets: QWidget | None) -> None:
    for widget in widgets:
        if widget is not None and widget.toolTip() != tip:
            widget.setToolTip(tip)


def choice_tip(label: str, adds: str, *more: str | None, text: str | None = None) -> str:
    """A choice's tooltip: its name and what it adds, each further line given, then its
    rules text (the data's ``text``) in italics."""
    parts = [f"<b>{escape(label)}</b>" + (f" ({escape(adds)})" if adds else "")]
    parts += [escape(line) for line in more if line]
    if text:
        parts.append(f"<i>{escape(text)}</i>")
    return "<p>" + "</p><p>".join(parts) + "</p>"
