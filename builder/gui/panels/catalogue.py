"""The catalogue panel: the faction's combatants grouped by type, a filter, and *Add*.

Each row shows how many the list hires against the rules' cap ("2/5") and is dimmed, with a
tooltip naming the rule and the numbers, when one more would break a rule (adding it stays
possible): :mod:`builder.rules.headroom`, refreshed after every edit of the list.

Its public face: :meth:`set_faction`, :meth:`follow_game`, :meth:`watch` (the document whose
list the rows follow), :meth:`selected_ids`, :meth:`current_id`, :meth:`focus_filter`, and the
signals :attr:`add_requested` (hire the selection) and :attr:`combatant_selected` (the current
row's combatant id).
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QEvent, QModelIndex, QObject, QRectF, Qt, Signal
from PySide6.QtGui import (
    QAction,
    QBrush,
    QColor,
    QFontMetricsF,
    QKeyEvent,
    QPalette,
    QResizeEvent,
    QShowEvent,
)
from PySide6.QtWidgets import QHeaderView, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from builder.gui.document import WarbandDocument
from builder.gui.panels.catalogue_model import (
    COST,
    FIND,
    HEADERS,
    HIRED,
    MARKS,
    NAME,
    RANK,
    CatalogueFilter,
    CatalogueModel,
    hired_text,
    marks,
)
from builder.gui.panels.catalogue_view import CatalogueView
from builder.gui.panels.choices import unit_size
from builder.gui.undokeys import OWN_UNDO
from builder.gui.widgets import cut_texts, fit_column, text_room
from builder.i18n import _, ngettext
from builder.model import Faction
from builder.model.system import System
from builder.rules.explain import explain
from builder.rules.headroom import Headroom

NAME_CHARS = 20
"""The name column keeps room for this many average characters: narrower, the Rank and Marks
columns give way (what they say is in the profile), so names never shrink to "L…"."""


def dim_colour(palette: QPalette) -> QColor:
    """Half-way between the text and its background: plainly set apart, still readable (the
    palette's disabled text is too faint to read a name by)."""
    text, base = palette.color(QPalette.ColorRole.Text), palette.color(QPalette.ColorRole.Base)
    return QColor((text.red() + base.red()) // 2, (text.green() + base.green()) // 2,
                  (text.blue() + base.blue()) // 2)


class CataloguePanel(QWidget):
    add_requested = Signal()
    combatant_selected = Signal(str)

    def __init__(self, add_action: QAction, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.title = QLabel()
        self.title.setObjectName("catalogue-title")
        self.title.setWordWrap(True)
        self.filter = QLineEdit()
        self.filter.setObjectName("catalogue-filter")
        self.filter.setPlaceholderText(_("Filter by name") + "  (Ctrl+F)")
        self.filter.setClearButtonEnabled(True)
        self.filter.setProperty(OWN_UNDO, True)  # Ctrl+Z undoes the filter text, not the list
        self.model = CatalogueModel()
        self.proxy = CatalogueFilter(self.model)
        self.view = CatalogueView()
        self.view.setModel(self.proxy)
        self.view.tooltip_for = self.tooltip
        self.model.dim_brush = QBrush(dim_colour(self.view.palette()))
        header = self.view.horizontalHeader()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        for col in (HIRED, COST, RANK, MARKS):  # fitted to the faction's texts: _fit_columns
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Fixed)
        self.add_button = QPushButton(add_action.icon(),
                                      _("Add to {noun}").format(noun=_("warband")))
        self.add_button.setObjectName("add-button")
        self.add_button.setToolTip(add_action.toolTip())
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.filter)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.add_button)

        self._doc: WarbandDocument | None = None
        self._headroom: Headroom | None = None
        self._headroom_key: tuple[object, ...] = ()
        self._stale = False
        """The list changed while the panel was hidden: measured again when shown."""
        self._unneeded: set[int] = {FIND}
        """Columns no combatant of the faction fills (or the game does not have)."""
        self._narrow: set[int] = set()
        """Columns that gave way to the names: the panel is too narrow for them."""
        self._widths: dict[int, int] = {}
        """Each fixed column's fitted width (a hidden section reports 0)."""
        self._last_id: str | None = None
        self._filtering = False
        """The filter is changing the rows: the current row's moves are not shown."""

        header.sectionResized.connect(
            lambda column, _old, _new: self.fit_rows() if column == NAME else None)
        self.filter.textChanged.connect(self._filter_changed)
        self.filter.returnPressed.connect(self._filter_return)
        self.filter.installEventFilter(self)
        self.view.viewport().installEventFilter(self)
        self.view.add_requested.connect(lambda _i: self.add_requested.emit())
        self.view.selectionModel().currentChanged.connect(
            lambda cur, _prev: self._current_changed(cur))
        self.add_button.clicked.connect(self.add_requested)

    # -- what the window tells the panel

    def set_faction(self, faction: Faction | None, faction_id: str) -> None:
        """Show ``faction``'s combatants; None: no data for the list's ``faction_id``."""
        if faction is None or faction is not self.model.faction or not self.model.groups:
            self.model.set_faction(faction)
            self._last_id = None
            # Columns no combatant fills (the rulebook's Soimi have no rank) only take room.
            members = faction.combatants if faction else []
            self._unneeded.discard(RANK)
            self._unneeded.discard(MARKS)
            if not any(c.rank for c in members):
                self._unneeded.add(RANK)
            if not any(c.squad or c.max is not None for c in members):
                self._unneeded.add(MARKS)
            self._fit_columns(faction)
            self.fit_rows()
            self._apply_filter(keep_current=False)
            self._follow_list()
        if faction is None:
            self.title.setText("<b>" + escape(_("No data for faction “{faction}”").format(
                faction=faction_id)) + "</b><br>" + _("Its entries are kept and reported."))
            self.title.setToolTip("")
        else:
            n = len(faction.combatants)
            self.title.setText(f"<b>{escape(faction.name)}</b> — "
                               + ngettext("{n} combatant", "{n} combatants", n).format(n=n))
            self.title.setToolTip(faction.source or "")

    def follow_game(self, game: System | None, noun: str) -> None:
        self.add_button.setText(_("Add to {noun}").format(noun=noun))
        if game is None or game.cost is not None:
            self._unneeded.discard(COST)
        else:
            self._unneeded.add(COST)
        self._show_columns()

    def watch(self, doc: WarbandDocument) -> None:
        """Follow ``doc``'s list: hired counts, caps and dimmed rows after every change."""
        self._doc = doc
        doc.validated.connect(lambda _report: self._follow_list())
        self._follow_list()

    def focus_filter(self) -> None:
        self.filter.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter.selectAll()

    # -- what the window asks the panel

    def selected_ids(self) -> list[str]:
        """The selected combatants' ids, else the current row's."""
        ids = [c.id for index in self.view.selectionModel().selectedRows(NAME)
               if (c := self.proxy.combatant(index)) is not None]
        if not ids and (cid := self.current_id()):
            ids.append(cid)
        return ids

    def current_id(self) -> str | None:
        c = self.proxy.combatant(self.view.currentIndex())
        return c.id if c is not None else None

    def first_match(self) -> QModelIndex:
        return self.proxy.first_combatant()

    def tooltip(self, index: QModelIndex) -> str:
        """A combatant row's tooltip: its whole name (the row may elide it), the rules one
        more would break with the numbers, its description."""
        c = self.proxy.combatant(index)
        if c is None:
            return ""
        parts = [f"<b>{escape(c.display_name)}</b>"]
        if c.unit is not None:
            parts.append(escape(_("Hired in units of {size} models: each Add is a new unit of "
                                  "{least}.").format(size=unit_size(c.unit), least=c.unit.min)))
        state = self.model.room(c.id)
        if state.hired and state.cap is not None:
            parts.append(ngettext("{n} hired, at most {cap}", "{n} hired, at most {cap}",
                                  state.hired).format(n=state.hired, cap=state.cap))
        elif state.hired:
            parts.append(ngettext("{n} hired", "{n} hired", state.hired).format(n=state.hired))
        faction = self._doc.faction if self._doc is not None else None
        if state.breaks and self._doc is not None and faction is not None:
            lines = []
            for breach in explain(self._doc.warband, faction, c.id, state.breaks,
                                  self._limit()):
                rule = f"<b>{escape(breach.rule.label)}</b>"
                message = escape(breach.after.message)
                unit = c.unit is not None  # what Add hires: a unit, or one model
                if breach.amount is not None and breach.bound is not None:
                    line = (_("{rule}: {amount} of {bound} now; another unit: {message}")
                            if unit else
                            _("{rule}: {amount} of {bound} now; one more: {message}")).format(
                        rule=rule, amount=breach.amount, bound=breach.bound, message=message)
                else:
                    line = (_("{rule}: another unit: {message}") if unit else
                            _("{rule}: one more: {message}")).format(rule=rule, message=message)
                lines.append(f"• {line}")
            if lines:
                parts.append((_("Another unit would break a rule (adding it stays possible):")
                              if c.unit is not None else
                              _("One more would break a rule (adding it stays possible):"))
                             + "<br>" + "<br>".join(lines))
        if c.description:
            parts.append(f"<i>{escape(c.description)}</i>")
        return "<p>" + "</p><p>".join(parts) + "</p>"

    # -- the list: hired counts, caps, dimmed rows

    def _follow_list(self) -> None:
        doc, faction = self._doc, self.model.faction
        if doc is None or faction is None or doc.faction is not faction:
            self.model.show_rooms(None)
            return
        if not self.isVisible():
            self._stale = True  # measured when the panel shows again
            return
        self._stale = False
        extra = doc.extra_rules(faction)  # as the list is checked
        key = (faction, *extra)  # (compared by identity: a faction compares deeply)
        if self._headroom is None or len(key) != len(self._headroom_key) \
                or any(a is not b for a, b in zip(self._headroom_key, key, strict=True)):
            self._headroom = Headroom(faction, extra)
            self._headroom_key = key
        self.model.show_rooms(self._headroom.measure(doc.warband, self._limit(),
                                                     doc.report.hired))

    def _limit(self) -> int | None:
        assert self._doc is not None
        return self._doc.points_limit

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        super().showEvent(event)
        if self._stale:
            self._follow_list()

    # -- columns

    def _fit_columns(self, faction: Faction | None) -> None:
        members = faction.combatants if faction is not None else []
        view, widths = self.view, self._widths
        top = max((c.max for c in members if c.max is not None), default=0)
        # "12/5" fits; a heading longer than a short word is elided (its tooltip says it)
        short = len(_(HEADERS[HIRED])) <= 6
        widths[HIRED] = fit_column(view, HIRED, [hired_text(88, max(88, top))],
                                   header_text=short)
        if not short:
            self.model.fit_heading(HIRED, widths[HIRED] - 8,
                                   view.horizontalHeader().fontMetrics())
        cost = faction.game.cost if faction is not None else None
        widths[COST] = fit_column(view, COST, {c.number(cost) for c in members})
        labels = {faction.game.rank_label(r) for r in {c.rank for c in members}} \
            if faction is not None else set()
        widths[RANK] = fit_column(view, RANK, labels)
        widths[MARKS] = fit_column(view, MARKS, {marks(c) for c in members})
        self._show_columns()

    def fit_rows(self) -> None:
        """Every row one line tall while each name fits its column, else as many lines as
        the longest name needs (up to three), its words wrapped: at 1024 pixels "Nek'Org,
        el ensartador" lost its middle to an ellipsis (issue 41 item 9). The rows keep one
        height, so 5,000 combatants still lay out at once."""
        view = self.view
        room = text_room(view, view.columnWidth(NAME))
        metrics = QFontMetricsF(view.font())
        lines = 1
        for name in cut_texts(view, room, ((n, False) for n in self.model.names)):
            wrapped = metrics.boundingRect(QRectF(0, 0, max(room, 1), 10_000),
                                           int(Qt.TextFlag.TextWordWrap), name)
            lines = max(lines, min(3, round(wrapped.height() / metrics.lineSpacing())))
            if lines == 3:
                break
        view.setWordWrap(lines > 1)
        height = view.fontMetrics().height() + (lines - 1) * view.fontMetrics().lineSpacing()
        rows = view.verticalHeader()
        if rows.defaultSectionSize() != height + 6:
            rows.setDefaultSectionSize(height + 6)

    def _show_columns(self, width: int | None = None) -> None:
        """Hide the columns not needed, then, while the names would get fewer than
        NAME_CHARS characters, Marks and then Rank."""
        view = self.view
        room = (width if width is not None else view.viewport().width()) - sum(
            self._widths.get(col, 0) for col in (HIRED, COST, RANK, MARKS)
            if col not in self._unneeded)
        wanted = view.fontMetrics().averageCharWidth() * NAME_CHARS
        narrow = set()
        for col in (MARKS, RANK):
            if room >= wanted:
                break
            if col not in self._unneeded:
                narrow.add(col)
                room += self._widths.get(col, 0)
        self._narrow = narrow
        for col in (HIRED, COST, RANK, MARKS, FIND):
            hide = col in self._unneeded or col in narrow
            if view.isColumnHidden(col) != hide:
                view.setColumnHidden(col, hide)

    # -- the filter and the current row

    def _current_changed(self, index: QModelIndex) -> None:
        if self._filtering:
            return
        c = self.proxy.combatant(index)
        if c is not None and c.id != self._last_id:  # (the filter moves rows, not combatants)
            self._last_id = c.id
            self.combatant_selected.emit(c.id)

    def _filter_changed(self, _text: str) -> None:
        self._apply_filter(keep_current=True)

    def _apply_filter(self, keep_current: bool) -> None:
        """Show the rows the filter text matches; headings count what is shown ("1 of 2");
        an empty table says why. The highlighted row stays while it still matches, else the
        first match is highlighted (Enter hires it)."""
        text = self.filter.text().strip()
        before = self.current_id()
        # While the proxy removes rows, the selection model moves a removed current row to
        # the row above; that row is neither the highlight kept nor the first match, and each
        # move would lay out and paint its profile (6-7 ms). Only the outcome is shown.
        self._filtering = True
        try:
            changed = self.proxy.set_text(text)
        finally:
            self._filtering = False
        if changed or not keep_current:
            self.view.span_headings(self.proxy.heading_rows())
            self.view.lay_out_now()
        self.view.show_placeholder(_("No combatant matches “{text}”").format(text=text)
                                   if text and not self.proxy.shown else "")
        if text and not (keep_current and before is not None and self.current_id() == before):
            first = self.first_match()
            if first.isValid():
                self.view.setCurrentIndex(first)
        # (told here too: the row moved to may already be the first match, and setting it
        # again changes nothing, so no signal comes)
        self._current_changed(self.view.currentIndex())

    def _filter_return(self) -> None:
        """Enter in the filter box hires the highlighted (or first) match."""
        current = self.view.currentIndex()
        if self.proxy.combatant(current) is None:
            current = self.first_match()
            if not current.isValid():
                return
            self.view.setCurrentIndex(current)
        self.add_requested.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802
        """Down in the filter box moves into the catalogue, as in a search field; the
        catalogue's columns follow its width."""
        if (watched is self.filter and isinstance(event, QKeyEvent)
                and event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Down):
            self.view.setFocus()
            if not self.view.currentIndex().isValid():
                self.view.setCurrentIndex(self.first_match())
            return True
        if watched is self.view.viewport() and isinstance(event, QResizeEvent):
            self._show_columns(event.size().width())
        return super().eventFilter(watched, event)
