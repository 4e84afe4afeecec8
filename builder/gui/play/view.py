"""The play window: a tile per model with its tracks as boxes to click, the side's counters,
the turn and *Next turn* (in the game's word: *Next round*), large and high-contrast to read
at arm's length.

Every gesture becomes a change of the game's state (:mod:`builder.play.state`) pushed on the
session's undo stack (:class:`builder.gui.play.session.GameSession`), which saves it at once.
The widgets are built once and follow the state (focus stays where it was).

Keyboard: Tab and Shift+Tab go through every button, Space presses one; on a tile, A marks
it activated, Delete removes it (or brings it back), + and − tick or untick its first track;
Ctrl+Return is *Next turn*, Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) undo and redo.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QAction, QCloseEvent, QKeyEvent, QKeySequence, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from builder.gui.play.session import GameSession
from builder.gui.screenfit import fit_window
from builder.i18n import _, pgettext
from builder.model.play import box_rows
from builder.play import state as game
from builder.play.page import track_words
from builder.play.plan import CounterPlan, MarkerPlan, ModelPlan, TrackPlan

TILE_WIDTH = 400
"""A tile's width: the grid has as many columns as fit."""
BOX = 34
"""A box's side in pixels (a finger or a mouse at arm's length)."""

STYLE = """
QWidget { font-size: 14pt; }
QWidget#play-root, QWidget#play-tiles { background: #ffffff; color: #000000; }
QWidget#play-root QLabel { color: #000000; }
QLabel#play-turn { font-size: 26pt; font-weight: bold; }
QLabel#play-title { font-size: 18pt; font-weight: bold; }
QLabel.soft, QLabel#play-sub, QLabel#play-tally { color: #333333; }
QFrame#tile { border: 2px solid #222222; border-radius: 8px; background: #ffffff; }
QFrame#tile[acted="true"] { border: 4px solid #0b5394; }
QFrame#tile[gone="true"] { background: #d9d9d9; border-style: dashed; }
QFrame#tile[gone="true"] QLabel { color: #555555; }
QFrame#tile:focus { border: 4px solid #e69138; }
QLabel#tile-name { font-size: 17pt; font-weight: bold; }
QPushButton { border: 2px solid #222222; border-radius: 6px; background: #ffffff;
              color: #000000; padding: 4px 10px; min-height: 30px; }
QPushButton:focus { border: 3px solid #e69138; }
QPushButton:checked { background: #000000; color: #ffffff; }
QPushButton#box { padding: 0; min-width: 30px; font-size: 10pt; }
QPushButton#box[below="light"] { background: #d0d0d0; }
QPushButton#box[below="dark"] { background: #8c8c8c; color: #ffffff; }
QPushButton#box:checked { background: #b00020; border-color: #b00020; color: #ffffff; }
QPushButton#marker { border: 1px dashed #222222; font-size: 12pt; }
QPushButton#marker:checked { border: 2px solid #000000; }
QPushButton#next-turn { background: #000000; color: #ffffff; font-weight: bold; }
QLabel#counter-value { font-size: 18pt; font-weight: bold; min-width: 40px; }
QLabel#tile-profiles { font-size: 11pt; color: #333333; }
QPushButton#profiles { font-size: 11pt; min-height: 24px; }
"""


def _button(text: str, on: Callable[[], None], name: str = "", tip: str = "") -> QPushButton:
    b = QPushButton(text)
    if name:
        b.setObjectName(name)
    if tip:
        b.setToolTip(tip)
        b.setAccessibleName(tip)
    b.clicked.connect(lambda _checked=False: on())
    return b


def profiles_text(m: ModelPlan) -> str:
    """A roster model's other profiles ("Power fist (Weapons): A 5 · WS/BS 3+ …") and its
    rules, a line each; a profile of one text shows the text alone."""
    lines = []
    for p in m.profiles:
        given = [(n, v) for n, v in p.values if v]
        values = given[0][1] if len(given) == 1 else " · ".join(f"{n}\u00a0{v}"
                                                                 for n, v in given)
        lines.append(f"{p.name} ({p.type}): {values}" if values else f"{p.name} ({p.type})")
    if m.rules:
        lines.append(_("Rules: {names}").format(names=", ".join(m.rules)))
    return "\n".join(lines)


def _restyle(w: QWidget) -> None:
    w.style().unpolish(w)
    w.style().polish(w)


class CounterBox(QWidget):
    """A counter's name, − value +."""

    def __init__(self, c: CounterPlan, step: Callable[[int], None]) -> None:
        super().__init__()
        self.setObjectName(f"counter-{c.id}")
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.setAlignment(Qt.AlignmentFlag.AlignLeft)
        name = QLabel(c.name)
        name.setToolTip(c.help)
        self.value = QLabel("0")
        self.value.setObjectName("counter-value")
        self.value.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.less = _button("−", lambda: step(-1), "less", _("{name}: one less").format(
            name=c.name))
        self.more = _button("+", lambda: step(+1), "more", _("{name}: one more").format(
            name=c.name))
        for w in (name, self.less, self.value, self.more):
            row.addWidget(w)

    def show_value(self, n: int) -> None:
        self.value.setText(str(n))


class Tile(QFrame):
    """One model: name, type and key stats, tracks, its counters, markers, activated and
    removed."""

    def __init__(self, view: PlayWindow, m: ModelPlan) -> None:
        super().__init__()
        self.view, self.m = view, m
        self.setObjectName("tile")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        # as wide as its column (the columns share the width alike: a long name or twenty
        # stats do not widen one), as tall as the tallest tile of its row (with Maximum, a row
        # as tall as its first tile squeezed a taller one's boxes over each other)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        box = QVBoxLayout(self)
        self.name = QLabel(m.name)
        self.name.setObjectName("tile-name")
        self.name.setWordWrap(True)
        box.addWidget(self.name)
        stats = "  ".join(f"{s}\u00a0{v}" for s, v in m.stats)
        line = QLabel(f"{m.type} · {stats}" if stats else m.type)
        line.setWordWrap(True)
        line.setObjectName("tile-stats")
        line.setToolTip("\n".join(f"{s}: {view.stat_names.get(s, s)}" for s, _v in m.stats))
        box.addWidget(line)
        self.options: QLabel | None = None
        if m.options:  # what this model's entry took (issue 41 item 6)
            self.options = QLabel(_("Options: {options}").format(options=", ".join(m.options)))
            self.options.setObjectName("tile-options")
            self.options.setWordWrap(True)
            box.addWidget(self.options)
        self.tracks: dict[str, tuple[QLabel, list[QPushButton]]] = {}
        for t in m.tracks:
            box.addLayout(self._track(t))
        plan = view.session.plan
        self.counters: dict[str, CounterBox] = {}
        for c in plan.model_counters:
            self.counters[c.id] = CounterBox(c, partial(self.step, c))
            box.addWidget(self.counters[c.id])
        self.markers: dict[str, QPushButton] = {}
        if plan.markers:
            grid = QGridLayout()
            for i, mk in enumerate(plan.markers):
                b = _button(mk.name, partial(self.mark, mk), "marker", mk.help or mk.name)
                b.setCheckable(True)
                self.markers[mk.id] = b
                grid.addWidget(b, i // 3, i % 3)
            box.addLayout(grid)
        row = QHBoxLayout()
        self.activated = _button(plan.activated, self.toggle_activated, "activated")
        self.activated.setCheckable(True)
        self.removal = _button(pgettext("play", "Remove"), self.toggle_removed, "removal")
        row.addWidget(self.activated)
        row.addWidget(self.removal)
        row.addStretch(1)
        box.addLayout(row)
        self.details: QLabel | None = None
        if m.profiles or m.rules:  # a roster's model: what it carries, folded
            more = _button(_("Profiles and rules"), self.toggle_details, "profiles")
            more.setCheckable(True)
            self.details = QLabel(profiles_text(m))
            self.details.setObjectName("tile-profiles")
            self.details.setTextFormat(Qt.TextFormat.PlainText)  # the data's text as written
            self.details.setWordWrap(True)
            self.details.hide()
            box.addWidget(more, 0, Qt.AlignmentFlag.AlignLeft)
            box.addWidget(self.details)
        box.addStretch(1)  # a shorter tile keeps its content at the top

    def _track(self, t: TrackPlan) -> QVBoxLayout:
        col = QVBoxLayout()
        label = QLabel()
        label.setToolTip(t.help)
        col.addWidget(label)
        grid = QGridLayout()
        grid.setSpacing(4)
        grid.setAlignment(Qt.AlignmentFlag.AlignLeft)
        per_row = max(5, (TILE_WIDTH - 30) // (BOX + 4))
        # the boxes above zero, then 0 and below on rows of their own; never one box alone
        # on a last row (issue 41 item 8)
        places = [(r, col) for r, n in enumerate(box_rows(t.value, per_row)
                                                 + box_rows(t.boxes - t.value, per_row))
                  for col in range(n)]
        boxes = []
        for i in range(1, t.boxes + 1):
            shown = t.value - i + 1
            b = _button(str(shown) if shown <= 0 else "", partial(self.tick, t, i), "box",
                        f"{t.name} {shown}")
            b.setCheckable(True)
            b.setFixedSize(BOX, BOX)
            b.setProperty("below", "" if shown > 0 else "dark" if t.shade_from is not None
                          and shown < -t.shade_from else "light")
            grid.addWidget(b, *places[i - 1])
            boxes.append(b)
        col.addLayout(grid)
        self.tracks[t.id] = (label, boxes)
        return col

    def toggle_details(self) -> None:
        if self.details is not None:
            self.details.setVisible(not self.details.isVisible())
            self.view.relay_out()

    def tick(self, t: TrackPlan, box: int) -> None:
        self.view.change(game.tick, self.m.key, t.id, box, text=_("{name}: {track}").format(
            name=self.m.name, track=t.name))

    def step(self, c: CounterPlan, delta: int) -> None:
        self.view.change(game.step, self.m.key, c.id, delta, text=_(
            "{name}: {counter}").format(name=self.m.name, counter=c.name))

    def mark(self, marker: MarkerPlan) -> None:
        self.view.change(game.toggle_marker, self.m.key, marker.id,
                         text=f"{self.m.name}: {marker.name}")

    def toggle_activated(self) -> None:
        self.view.change(game.toggle, self.m.key, "activated",
                         text=f"{self.m.name}: {self.view.session.plan.activated}")

    def toggle_removed(self) -> None:
        self.view.change(game.toggle, self.m.key, "removed",
                         text=_("{name}: removed").format(name=self.m.name))

    def follow(self, state: game.State) -> None:
        ms = state["models"][self.m.key]
        for t in self.m.tracks:
            label, boxes = self.tracks[t.id]
            ticked = ms["ticks"].get(t.id, 0)
            label.setText(track_words().format(track=t.name, left=t.value - ticked,
                                               value=t.value))
            for i, b in enumerate(boxes, 1):
                b.setChecked(i <= ticked)
        for cid, counter in self.counters.items():
            counter.show_value(ms["counters"].get(cid, 0))
        for mid, b in self.markers.items():
            b.setChecked(mid in ms["markers"])
        self.activated.setChecked(ms["activated"])
        self.removal.setText(_("Back in play") if ms["removed"] else pgettext("play", "Remove"))
        if self.property("acted") != ms["activated"] or self.property("gone") != ms["removed"]:
            self.setProperty("acted", ms["activated"])
            self.setProperty("gone", ms["removed"])
            _restyle(self)
            for child in self.findChildren(QLabel):
                _restyle(child)

    def keyPressEvent(self, event: QKeyEvent) -> None:  # noqa: N802 (Qt override)
        key = event.key()
        first = self.m.tracks[0] if self.m.tracks else None
        if key == Qt.Key.Key_A:
            self.toggle_activated()
        elif key in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.toggle_removed()
        elif first is not None and key in (Qt.Key.Key_Plus, Qt.Key.Key_Minus):
            ticked = self.view.session.state["models"][self.m.key]["ticks"].get(first.id, 0)
            self.view.change(game.set_ticks, self.m.key, first.id,
                             ticked + (1 if key == Qt.Key.Key_Plus else -1),
                             text=_("{name}: {track}").format(name=self.m.name,
                                                              track=first.name))
        else:
            super().keyPressEvent(event)


class PlayWindow(QMainWindow):
    end_requested = Signal()
    phone_requested = Signal()
    counter_requested = Signal()
    """A roster's game: the player asks for another characteristic to count down by."""
    closed = Signal()

    def __init__(self, session: GameSession, parent: QWidget | None = None,
                 counters: list[str] | None = None) -> None:
        """``counters``: a roster's characteristics its models may be counted down by (a
        button offers them); None for a warband."""
        super().__init__(parent, Qt.WindowType.Window)
        self.session = session
        plan = session.plan
        self.setObjectName("play-window")
        self.setWindowTitle(_("{name} — at the table").format(name=plan.list_name))
        from builder.play.plan import stat_names

        faction = parent.doc.faction if parent is not None and hasattr(parent, "doc") else None
        self.stat_names = stat_names(faction.game) if faction is not None else {}
        root = QWidget()
        root.setObjectName("play-root")
        root.setStyleSheet(STYLE)
        self.setCentralWidget(root)
        outer = QVBoxLayout(root)

        title = QLabel(plan.list_name)
        title.setObjectName("play-title")
        sub = QLabel(f"{plan.faction} · {plan.game} · "
                     + _("list fingerprint {fingerprint}").format(fingerprint=plan.fingerprint))
        sub.setObjectName("play-sub")
        outer.addWidget(title)
        outer.addWidget(sub)

        bar = QHBoxLayout()
        self.turn = QLabel()
        self.turn.setObjectName("play-turn")
        bar.addWidget(self.turn)
        self.counters: dict[str, CounterBox] = {}
        for c in plan.counters:
            self.counters[c.id] = CounterBox(c, partial(self.step, c))
            bar.addSpacing(16)
            bar.addWidget(self.counters[c.id])
        bar.addStretch(1)
        self.next_button = _button(plan.next_turn, self.next_turn, "next-turn",
                                   _("{action} (Ctrl+Return)").format(action=plan.next_turn))
        bar.addWidget(self.next_button)
        outer.addLayout(bar)

        tools = QHBoxLayout()
        self.tally = QLabel()
        self.tally.setObjectName("play-tally")
        tools.addWidget(self.tally, 1)
        stack = session.stack
        self.undo_button = _button(_("Undo"), stack.undo, "play-undo", _("Undo (Ctrl+Z)"))
        self.redo_button = _button(_("Redo"), stack.redo, "play-redo",
                                   _("Redo (Ctrl+Shift+Z)"))
        self.phone_button = _button(_("Save for phone…"), self.phone_requested.emit,
                                    "play-phone")
        self.end_button = _button(_("End game"), self.end_requested.emit, "end-game")
        self.counter_button: QPushButton | None = None
        if counters is not None:
            self.counter_button = _button(
                _("Counted by {name}…").format(name=plan.counter) if plan.counter
                else _("Count models down…"), self.counter_requested.emit, "play-counter",
                _("Choose the characteristic the models are counted down by"))
            tools.addWidget(self.counter_button)
        for b in (self.undo_button, self.redo_button, self.phone_button, self.end_button):
            tools.addWidget(b)
        outer.addLayout(tools)
        stack.canUndoChanged.connect(self.undo_button.setEnabled)
        stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.undo_button.setEnabled(False)
        self.redo_button.setEnabled(False)

        self.undo_action = stack.createUndoAction(self, _("&Undo"))
        self.undo_action.setShortcuts([QKeySequence(QKeySequence.StandardKey.Undo)])
        self.redo_action = stack.createRedoAction(self, _("&Redo"))
        self.redo_action.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.next_action = self._shortcut(["Ctrl+Return", "Ctrl+Enter"], self.next_turn)
        self.addActions([self.undo_action, self.redo_action])

        self.tiles = [Tile(self, m) for m in plan.models]
        self.grid_host = QWidget()
        self.grid_host.setObjectName("play-tiles")
        self.grid = QGridLayout(self.grid_host)
        self.grid.setAlignment(Qt.AlignmentFlag.AlignTop)
        self._columns = 0
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.grid_host)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        outer.addWidget(scroll, 1)
        if plan.unknown:
            note = QLabel(_("Not in the data (no tile): {ids}").format(
                ids=", ".join(plan.unknown)))
            note.setWordWrap(True)
            outer.addWidget(note)
        if plan.left_out:
            note = QLabel(_("Tiles left out (more than a page shows): {n}").format(
                n=plan.left_out))
            note.setObjectName("play-left-out")
            outer.addWidget(note)
        self.status = self.statusBar()
        session.changed.connect(self.follow)
        session.save_failed.connect(self._not_saved)
        if not session.saved:  # the first write, before this window listened
            self._not_saved(session.problem)
        fit_window(self, 1280, 760)  # or what a smaller screen has room for
        self._lay_out(self.width())
        self.follow()
        if self.tiles:
            self.tiles[0].setFocus()  # the keyboard starts on the first model

    def _shortcut(self, keys: list[str], on: Callable[[], None]) -> QAction:
        action = QAction(self)
        action.setShortcuts([QKeySequence(k) for k in keys])
        action.triggered.connect(lambda _checked=False: on())
        self.addAction(action)
        return action

    def change(self, f: Callable[..., game.State], *args: object, text: str) -> None:
        s = self.session
        s.apply(f(s.plan, s.state, *args), text)

    def step(self, c: CounterPlan, delta: int) -> None:
        self.change(game.step, None, c.id, delta, text=c.name)

    def _not_saved(self, problem: str) -> None:
        self.status.showMessage(_("The game could not be saved: {problem}").format(
            problem=problem))

    def next_turn(self) -> None:
        s = self.session
        s.apply(game.next_turn(s.plan, s.state), s.plan.next_turn)

    def follow(self) -> None:
        s = self.session
        self.turn.setText(f"{s.plan.turn} {s.state['turn']}")
        for cid, counter in self.counters.items():
            counter.show_value(s.state["counters"].get(cid, 0))
        gone = game.removed(s.plan, s.state)
        self.tally.setText(_("In play: {n} · Removed: {gone}").format(
            n=len(s.plan.models) - gone, gone=gone))
        for tile in self.tiles:
            tile.follow(s.state)

    def relay_out(self) -> None:
        """After a tile grew or shrank (its profiles shown or folded)."""
        self.grid_host.adjustSize()

    def _lay_out(self, width: int) -> None:
        # (a wrapped label asks for its whole text on one line: the least a tile can take)
        widest = max([TILE_WIDTH, *(t.minimumSizeHint().width() + 12 for t in self.tiles)])
        columns = max(1, (width - 40) // widest)
        if columns == self._columns:
            return
        for c in range(max(columns, self._columns)):
            self.grid.setColumnStretch(c, 1 if c < columns else 0)
        self._columns = columns
        for tile in self.tiles:
            self.grid.removeWidget(tile)
        for i, tile in enumerate(self.tiles):
            self.grid.addWidget(tile, i // columns, i % columns)
        rows = -(-len(self.tiles) // columns)
        for r in range(self.grid.rowCount()):  # the room below the last row stays empty
            self.grid.setRowStretch(r, 1 if r == rows else 0)
        if rows >= self.grid.rowCount():
            self.grid.setRowStretch(rows, 1)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._lay_out(event.size().width())

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        super().closeEvent(event)
        self.closed.emit()
