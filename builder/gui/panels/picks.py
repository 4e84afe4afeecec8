"""The picks of the list (SPEC §9): what it takes once, not models (artefacts, pacts). A check
box per pick the faction and its game offer, with what it adds; ticking one is an undo command
on the window's stack, and the totals follow (a second budget such as the leaders' Dominion is
one of the game's figures, so the totals bar shows it with its cap).

A pick that would break a rule if taken is greyed, its tooltip naming the rule (taking it stays
possible): :meth:`builder.rules.headroom.Headroom.picks`, as the catalogue dims a combatant one
more of which would break a rule (one pass over the rules after each change, whatever the
number of picks; the findings themselves are worked out when a tooltip is asked for). A pick the
list holds that the data no longer offers shows checked in red, so that unticking it drops it.
The panel hides when there is nothing to pick. Its title is what the game calls its picks
("Artefacts"), else "Extras"; Alt+X reaches it whatever its title. Up to :data:`MAX_BOXES`
picks are a strip of check boxes; more are a list made as it scrolls (:class:`PicksModel`),
so that a faction of 20,000 picks opens in a moment.

Its public face: :meth:`PicksPanel.refresh` (the window calls it after every change of the
list or of the data).
"""

from __future__ import annotations

from collections.abc import Mapping
from html import escape
from typing import Any

from PySide6.QtCore import (
    QAbstractListModel,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    Qt,
)
from PySide6.QtGui import QColor, QKeySequence, QResizeEvent, QShortcut, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QTreeView,
    QWidget,
)

from builder.events import event_rules, points_limit
from builder.gui.document import WarbandDocument
from builder.gui.option_commands import SetPicksCommand
from builder.gui.panels.choices import (
    NOTE_STYLE,
    UNKNOWN_COLOUR,
    UNKNOWN_STYLE,
    ChoiceList,
    adds_text,
    breach_tip,
    choice_tip,
    dim,
    greyed,
    set_tip,
)
from builder.gui.widgets import own_style
from builder.i18n import N_, _, ngettext
from builder.model import Faction
from builder.model.options import Pick
from builder.model.system import Rule
from builder.rules.explain import explain_pick
from builder.rules.headroom import Headroom

MAX_BODY = 84
"""The most height the picks take (about three lines) before they scroll."""
MAX_BOXES = 40
"""More picks than this are shown as a list made as it scrolls, not a check box each (20,000
check boxes take half a minute to make, and greying 100 of them at once 40 ms)."""
BREAKS = N_("Taking it would break a rule (it stays possible):")


class PicksPanel(ChoiceList):
    """The picks as a strip under the list's entries: the title, then each pick's check box
    and what it adds, flowing onto more lines when the window is narrow (or, past
    :data:`MAX_BOXES`, a list of them)."""

    def __init__(self, doc: WarbandDocument, stack: QUndoStack,
                 parent: QWidget | None = None) -> None:
        super().__init__(_("Extras"), "picks", MAX_BODY, parent, flow=True)
        # the title is the game's word, so its letters cannot carry the mnemonic
        self.shortcut = QShortcut(QKeySequence("Alt+X"), self)
        self.shortcut.activated.connect(self._reach)
        self.title.setToolTip(self.shortcut.key().toString(QKeySequence.SequenceFormat.NativeText))
        self.doc, self.stack = doc, stack
        self._key: tuple[object, ...] | None = None
        """Set when the rows are made (None: made again at the next refresh)."""
        self.boxes: dict[str, QCheckBox] = {}
        self._tips: dict[str, str] = {}
        """Each pick's own tooltip (its name, what it adds, its text), made when first asked."""
        self._offered: dict[str, Pick] = {}
        self._unknown: tuple[str, ...] = ()
        self._taken: set[str] = set()
        self._breaks: Mapping[str, tuple[Rule, ...]] = {}
        """The picks not taken that taking would break a rule with, and the rules."""
        self._faction: Faction | None = None
        self._headroom: Headroom | None = None
        self._headroom_key: tuple[object, ...] = ()
        self._filling = False
        self.view: QTreeView | None = None
        self.model: PicksModel | None = None
        self.hide()

    def refresh(self) -> None:
        """Show the picks offered to the list's faction, ticked as the list has them."""
        faction = self.doc.faction
        offered = faction.picks_offered if faction is not None else {}
        taken = self.doc.warband.picks
        unknown = tuple(pid for pid in taken if pid not in offered)
        if not offered and not unknown:
            self._key = None
            self.hide()
            return
        title = faction.game.picks_label if faction is not None else _("Extras")
        self.title.setText(title.replace("&", "&&"))
        if self._key is None or faction is not self._faction or unknown != self._unknown:
            self._build(faction, offered, unknown)  # (picks_offered follows the faction)
            self._faction, self._key = faction, (unknown,)
        self._fill(taken)
        self._grey(faction)
        self.show()

    # -- what each pick says

    def line(self, pid: str) -> str:
        """A pick's name and what it adds ("Sword of Fire  +2 Dominion"), or an unknown one's."""
        pick = self._offered.get(pid)
        faction = self.doc.faction
        if pick is None:
            return _("{id} (not offered)").format(id=pid)
        adds = adds_text(faction.game, pick.adds) if faction is not None else ""
        return f"{pick.label}   {adds}" if adds else pick.label

    def tip(self, pid: str, *, findings: bool = True) -> str:
        """A pick's tooltip: its name, what it adds, its text and, when taking it would break
        a rule, what (``findings``: each finding, from the engine; else the rules' names)."""
        pick = self._offered.get(pid)
        faction = self.doc.faction
        if pick is None:
            return _("The {faction} data offers no '{id}': untick it to drop it from the "
                     "list.").format(faction=faction.name if faction else self.doc.warband.faction,
                                     id=pid)
        tip = self._tips.get(pid)
        if tip is None:
            adds = adds_text(faction.game, pick.adds) if faction is not None else ""
            tip = self._tips[pid] = choice_tip(pick.label, adds, text=pick.rules_text)
        rules = self._breaks.get(pid)
        if not rules or faction is None:
            return tip
        if not findings:
            names = "<br>".join(f"• {escape(rule.label)}" for rule in rules)
            return tip + f"<p>{escape(_(BREAKS))}<br>{names}</p>"
        breaches = explain_pick(self.doc.warband, faction, pid, rules, self._limit())
        return tip + breach_tip([b.after for b in breaches], _(BREAKS))

    def is_greyed(self, pid: str) -> bool:
        return pid in self._breaks

    # -- building

    def _build(self, faction: Faction | None, offered: dict[str, Pick],
               unknown: tuple[str, ...]) -> None:
        had_focus = self.clear_rows()
        self.boxes, self._tips = {}, {}
        self._offered = dict(offered)
        self._unknown = unknown
        self._breaks = {}
        if len(offered) + len(unknown) > MAX_BOXES:
            self._build_list([*offered, *unknown], had_focus)
            return
        if self.view is not None:
            self.view.hide()
        self.scroller.show()
        game = faction.game if faction is not None else None
        for pick in offered.values():
            adds = adds_text(game, pick.adds) if game is not None else ""
            self._add(pick.id, pick.label, adds, self.tip(pick.id))
        for pid in unknown:
            box = self._add(pid, self.line(pid), "", self.tip(pid))
            own_style(box, UNKNOWN_STYLE)
        self.show_rows()
        first = next(iter(self.boxes.values()), None)
        if first is not None:
            self.title.setBuddy(first)
            if had_focus:
                first.setFocus()
        self._fit()

    def _build_list(self, pids: list[str], had_focus: bool) -> None:
        """Many picks: one list view over them, which makes only the rows it shows."""
        if self.view is None:
            # (a tree of one level: a list view lays every row out again on any change of
            # one, asking the model once per row, 80 ms at 20,000 picks; a tree with rows of
            # one height repaints the rows that show)
            self.view = QTreeView()
            self.view.setObjectName("picks-list")
            self.view.setUniformRowHeights(True)
            self.view.setRootIsDecorated(False)
            self.view.setHeaderHidden(True)
            self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
            self.view.setFixedHeight(MAX_BODY)
            self.model = PicksModel(self)
            self.view.setModel(self.model)
            layout = self.layout()
            assert layout is not None
            layout.addWidget(self.view)
        assert self.model is not None
        self.model.reset(pids)
        self.scroller.hide()
        self.view.show()
        self.title.setBuddy(self.view)
        if had_focus:
            self.view.setFocus()

    def _reach(self) -> None:
        if self.view is not None and self.view.isVisible():
            self.view.setFocus()
            if not self.view.currentIndex().isValid() and self.model is not None:
                self.view.setCurrentIndex(self.model.index(0))
            return
        first = next((box for box in self.boxes.values() if box.isEnabled()), None)
        if first is not None:
            first.setFocus()

    def _add(self, pid: str, label: str, adds: str, tip: str) -> QCheckBox:
        item = QWidget()
        row = QHBoxLayout(item)
        row.setContentsMargins(0, 0, 8, 0)
        row.setSpacing(3)
        box = QCheckBox(label)
        box.setObjectName(f"pick-{pid}")
        box.setProperty("pick", pid)
        box.setToolTip(tip)
        box.installEventFilter(self)  # (the findings, worked out when the tooltip shows)
        box.toggled.connect(lambda on, pid=pid: self._toggled(pid, on))
        row.addWidget(box)
        if adds:
            cost = QLabel(adds)
            own_style(cost, NOTE_STYLE)
            row.addWidget(cost)
        self.rows.addWidget(item)
        self.boxes[pid] = box
        return box

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if event.type() == QEvent.Type.ToolTip and isinstance(watched, QCheckBox):
            pid = watched.property("pick")
            if isinstance(pid, str) and pid in self._breaks:
                set_tip(self.tip(pid), watched)
        return super().eventFilter(watched, event)

    def _fit(self) -> None:
        """As tall as the picks' lines at this width, up to ``MAX_BODY`` (then scrolling)."""
        if not self.scroller.isVisibleTo(self):
            return
        width = self.scroller.viewport().width() or self.width()
        height = min(self.rows.heightForWidth(max(width, 1)), MAX_BODY)
        if self.scroller.height() != height:
            self.scroller.setFixedHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()

    # -- following the list

    def _fill(self, taken: list[str]) -> None:
        self._taken = set(taken)
        self._filling = True
        try:
            for pid, box in self.boxes.items():
                if box.isChecked() != (pid in self._taken):
                    box.setChecked(pid in self._taken)
        finally:
            self._filling = False
        n = sum(1 for pid in taken if pid in self._offered)
        self.note.setText(ngettext("{n} taken", "{n} taken", n).format(n=n) if n else "")

    def _grey(self, faction: Faction | None) -> None:
        """Grey each pick not taken that taking would break a rule with: one pass over the
        rules (:meth:`Headroom.picks`), under the list's event and limit as it is checked."""
        before = {pid: self._breaks.get(pid) for pid in self.boxes}
        self._breaks = self._room(faction).picks(self.doc.warband, self._limit(),
                                                 self.doc.report.hired) \
            if faction is not None and faction.attached else {}
        if self.view is not None and self.view.isVisible():
            self._shown_changed()
            return
        for pid, box in self.boxes.items():
            now = self._breaks.get(pid)
            if now != before[pid]:
                dim(box, now is not None)
                set_tip(self.tip(pid, findings=False), box)

    def _shown_changed(self) -> None:
        """The rows of the list of many that show: their ticks and greying may have moved
        (the others are read as they scroll into sight)."""
        assert self.view is not None and self.model is not None
        rows = self.model.rowCount()
        if not rows:
            return
        viewport = self.view.viewport()
        top = self.view.indexAt(QPoint(0, 0)).row()
        bottom = self.view.indexAt(QPoint(0, viewport.height() - 1)).row()
        self.model.changed(max(top, 0), bottom if bottom >= 0 else rows - 1)

    def _room(self, faction: Faction) -> Headroom:
        extra = event_rules(self.doc.tournament, faction)  # as the list is checked
        key = (faction, *extra)  # (by identity: a faction compares deeply)
        if self._headroom is None or len(key) != len(self._headroom_key) \
                or any(a is not b for a, b in zip(self._headroom_key, key, strict=True)):
            self._headroom = Headroom(faction, extra)
            self._headroom_key = key
        return self._headroom

    def _limit(self) -> int | None:
        return points_limit(self.doc.tournament, self.doc.warband)

    def _toggled(self, pid: str, on: bool) -> None:
        if self._filling:
            return
        picks = list(self.doc.warband.picks)
        pick = self._offered.get(pid)
        label = pick.label if pick is not None else pid
        if on and pid not in picks:
            picks.append(pid)
            text = _("Take {pick}").format(pick=label)
        elif not on and pid in picks:
            picks = [p for p in picks if p != pid]
            text = _("Drop {pick}").format(pick=label)
        else:
            return
        self.stack.push(SetPicksCommand(self.doc, picks, text))


_FLAGS = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsUserCheckable


class PicksModel(QAbstractListModel):
    """The picks of a faction with many, for a list view: each a checkable row (its name and
    what it adds), greyed as the panel's check boxes are, its tooltip worked out when shown.
    Only adapts: what the rows say comes from the panel, a tick goes to its undo stack."""

    def __init__(self, panel: PicksPanel) -> None:
        super().__init__(panel)
        self.panel = panel
        self.pids: list[str] = []

    def reset(self, pids: list[str]) -> None:
        self.beginResetModel()
        self.pids = pids
        self.endResetModel()

    def changed(self, first: int, last: int) -> None:
        """The ticks and greying of rows ``first`` to ``last`` may have moved."""
        self.dataChanged.emit(self.index(first), self.index(last),
                              [Qt.ItemDataRole.CheckStateRole, Qt.ItemDataRole.ForegroundRole])

    def rowCount(self, parent: QModelIndex | QPersistentModelIndex = QModelIndex()  # noqa: B008, N802
                 ) -> int:
        return 0 if parent.isValid() else len(self.pids)

    def flags(self, index: QModelIndex | QPersistentModelIndex) -> Qt.ItemFlag:
        return _FLAGS  # (asked of every row when the list shows)

    def data(self, index: QModelIndex | QPersistentModelIndex,
             role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        pid = self.pids[index.row()]
        panel = self.panel
        if role == Qt.ItemDataRole.DisplayRole:
            return panel.line(pid)
        if role == Qt.ItemDataRole.CheckStateRole:
            return Qt.CheckState.Checked if pid in panel._taken else Qt.CheckState.Unchecked
        if role == Qt.ItemDataRole.ForegroundRole:
            if pid not in panel._offered:
                return QColor(UNKNOWN_COLOUR)
            return greyed(panel) if panel.is_greyed(pid) else None
        if role == Qt.ItemDataRole.ToolTipRole:
            return panel.tip(pid)
        if role == Qt.ItemDataRole.UserRole:
            return pid
        return None

    def setData(self, index: QModelIndex | QPersistentModelIndex, value: Any,  # noqa: N802
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid() or role != Qt.ItemDataRole.CheckStateRole:
            return False
        on = Qt.CheckState(value) == Qt.CheckState.Checked
        self.panel._toggled(self.pids[index.row()], on)
        return True

