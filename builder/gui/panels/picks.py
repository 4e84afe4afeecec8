"""The picks of the list (SPEC §9): what it takes once, not models (artefacts, pacts). A check
box per pick the faction and its game offer, with what it adds; ticking one is an undo command
on the window's stack, and the totals follow (a second budget such as the leaders' Dominion is
one of the game's figures, so the totals bar shows it with its cap).

A pick that would break a rule if taken is greyed, its tooltip naming the rule (taking it stays
possible); a pick the list holds that the data no longer offers shows checked in red, so that
unticking it drops it. The panel hides when there is nothing to pick. Its title is what the
game calls its picks ("Artefacts"), else "Extras"; Alt+X reaches it whatever its title.

Its public face: :meth:`PicksPanel.refresh` (the window calls it after every change of the
list or of the data).
"""

from __future__ import annotations

from PySide6.QtGui import QKeySequence, QResizeEvent, QShortcut, QUndoStack
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QWidget,
)

from builder.gui.document import WarbandDocument
from builder.gui.option_commands import SetPicksCommand
from builder.gui.panels.choices import (
    NOTE_STYLE,
    UNKNOWN_STYLE,
    ChoiceList,
    adds_text,
    breach_tip,
    choice_tip,
    dim,
    new_breaches,
    set_tip,
)
from builder.gui.widgets import own_style
from builder.i18n import _, ngettext
from builder.model import Faction
from builder.model.options import Pick

MAX_BODY = 84
"""The most height the picks take (about three lines) before they scroll."""


class PicksPanel(ChoiceList):
    """The picks as a strip under the list's entries: the title, then each pick's check box
    and what it adds, flowing onto more lines when the window is narrow."""

    def __init__(self, doc: WarbandDocument, stack: QUndoStack,
                 parent: QWidget | None = None) -> None:
        super().__init__(_("Extras"), "picks", MAX_BODY, parent, flow=True)
        # the title is the game's word, so its letters cannot carry the mnemonic
        self.shortcut = QShortcut(QKeySequence("Alt+X"), self)
        self.shortcut.activated.connect(self._reach)
        self.title.setToolTip(self.shortcut.key().toString(QKeySequence.SequenceFormat.NativeText))
        self.doc, self.stack = doc, stack
        self._key: tuple[object, ...] | None = None
        self.boxes: dict[str, QCheckBox] = {}
        self._tips: dict[str, str] = {}
        self._offered: dict[str, Pick] = {}
        self._filling = False
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
        key = (id(faction), tuple(offered), unknown)
        if key != self._key:
            self._build(faction, offered, unknown)
            self._key = key
        self._fill(taken)
        self._grey(taken)
        self.show()

    def _build(self, faction: Faction | None, offered: dict[str, Pick],
               unknown: tuple[str, ...]) -> None:
        had_focus = self.clear_rows()
        self.boxes, self._tips = {}, {}
        self._offered = dict(offered)
        game = faction.game if faction is not None else None
        for pick in offered.values():
            adds = adds_text(game, pick.adds) if game is not None else ""
            self._add(pick.id, pick.label, adds,
                      choice_tip(pick.label, adds, text=pick.rules_text))
        for pid in unknown:
            box = self._add(pid, _("{id} (not offered)").format(id=pid), "", _(
                "The {faction} data offers no '{id}': untick it to drop it from the "
                "list.").format(faction=faction.name if faction else self.doc.warband.faction,
                                 id=pid))
            own_style(box, UNKNOWN_STYLE)
        self.show_rows()
        first = next(iter(self.boxes.values()), None)
        if first is not None:
            self.title.setBuddy(first)
            if had_focus:
                first.setFocus()
        self._fit()

    def _reach(self) -> None:
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
        box.setToolTip(tip)
        box.toggled.connect(lambda on, pid=pid: self._toggled(pid, on))
        row.addWidget(box)
        if adds:
            cost = QLabel(adds)
            own_style(cost, NOTE_STYLE)
            row.addWidget(cost)
        self.rows.addWidget(item)
        self.boxes[pid] = box
        self._tips[pid] = tip
        return box

    def _fit(self) -> None:
        """As tall as the picks' lines at this width, up to ``MAX_BODY`` (then scrolling)."""
        width = self.scroller.viewport().width() or self.width()
        height = min(self.rows.heightForWidth(max(width, 1)), MAX_BODY)
        if self.scroller.height() != height:
            self.scroller.setFixedHeight(height)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        if event.size().width() != event.oldSize().width():
            self._fit()

    def _fill(self, taken: list[str]) -> None:
        self._filling = True
        try:
            for pid, box in self.boxes.items():
                if box.isChecked() != (pid in taken):
                    box.setChecked(pid in taken)
        finally:
            self._filling = False
        n = sum(1 for pid in taken if pid in self._offered)
        self.note.setText(ngettext("{n} taken", "{n} taken", n).format(n=n) if n else "")

    def _grey(self, taken: list[str]) -> None:
        """Grey each pick not taken that taking would break a rule with."""
        before, warband = self.doc.report, self.doc.warband
        for pid, box in self.boxes.items():
            if pid not in self._offered:
                continue
            breaches = []
            if pid not in taken:
                trial = warband.model_copy(update={"picks": [*taken, pid]})
                breaches = new_breaches(before, self.doc.trial(trial))
            dim(box, bool(breaches))
            tip = self._tips[pid]
            if breaches:
                tip += breach_tip(breaches, _("Taking it would break a rule (it stays "
                                              "possible):"))
            set_tip(tip, box)

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
