"""The main window's layout: its three panels side by side, the findings under the roster,
folding side panels, and the window's size and splitters kept in the settings."""

from __future__ import annotations

from PySide6.QtCore import QByteArray, QEvent, QObject, QSettings, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QSplitter, QVBoxLayout, QWidget

from builder.gui.panels.findings import FindingsPanel
from builder.gui.panels.profile import ProfilePanel
from builder.gui.panels.roster import RosterPanel
from builder.gui.panels.totals import TotalsBar
from builder.gui.screenfit import clip_to_screen

LAYOUT_SAVE_MS = 400
"""The window's layout is written this long after it last changed (a drag is many moves)."""
ROSTER_ROWS = 4
"""Roster rows that stay in view however many findings there are."""
CATALOGUE, CENTRE, PROFILE = 0, 1, 2
"""The main splitter's panels."""


def default_sizes(width: int) -> list[int]:
    """Catalogue, list and profile widths for a window ``width`` wide: the side panels take
    a share within bounds, the list the rest (at 1024 pixels it keeps about half)."""
    # a wide window gives the catalogue's names more of its room, a 1024-pixel one keeps
    # half of it for the list
    catalogue = max(200, min(214, width * 21 // 100),
                    min(440, width * 20 // 100 + max(0, width - 1280) // 10))
    profile = max(290, min(440, width * 26 // 100))  # the stat line of SphereWars fits
    return [catalogue, max(0, width - catalogue - profile), profile]


def bool_setting(settings: QSettings, key: str, default: bool) -> bool:
    value = settings.value(key, default)
    if isinstance(value, str):  # an INI file gives it back as text
        return value.lower() in ("true", "1", "yes")
    return bool(value)


class Splits(QObject):
    """The splitters of a main window: ``main`` (catalogue | centre | profile) and ``centre``
    (list, totals and roster over the findings); their sizes follow the window and the user,
    and are saved a moment after they change."""

    def __init__(self, window: QMainWindow, settings: QSettings, *, catalogue: QWidget,
                 details: QWidget, totals: TotalsBar, roster: RosterPanel,
                 findings: FindingsPanel, profile: ProfilePanel,
                 show_catalogue: QAction, show_profile: QAction) -> None:
        super().__init__(window)
        self.window = window
        self.settings = settings
        self.totals, self.roster, self.findings, self.profile = totals, roster, findings, profile
        self._actions = {CATALOGUE: show_catalogue, PROFILE: show_profile}
        self._restored = False  # a saved layout: no default sizes on first show
        self._findings_fitted = True  # until the user moves the findings' splitter
        self._sides_fitted = True
        """The side panels follow the window's width (their share of it) until the player
        drags their splitter (issue 41 item 9: a window made wide kept them narrow)."""
        self._side_widths = {CATALOGUE: 0, PROFILE: 0}  # to reopen a folded panel as it was
        self._shown_once = False
        self._floor: tuple[object, int] = (None, 0)  # (what it was measured for, height)
        # the layout is saved a moment after it changes, not only on a clean quit
        self.save_timer = QTimer(self)
        self.save_timer.setSingleShot(True)
        self.save_timer.setInterval(LAYOUT_SAVE_MS)
        self.save_timer.timeout.connect(self.save)
        self.fit_timer = QTimer(self)
        self.fit_timer.setSingleShot(True)
        self.fit_timer.setInterval(0)
        self.fit_timer.timeout.connect(self.fit_findings)

        self.centre_widget = centre_widget = QWidget()
        self.centre_layout = centre_layout = QVBoxLayout(centre_widget)
        centre_layout.setContentsMargins(6, 6, 6, 6)
        centre_layout.addWidget(details)
        centre_layout.addWidget(totals)
        centre_layout.addWidget(roster, 1)
        self._below: list[QWidget] = []
        """What :meth:`add_below_roster` put under the roster (the list's picks)."""

        self.centre = QSplitter(Qt.Orientation.Vertical)
        self.centre.setObjectName("centre-splitter")
        self.centre.addWidget(centre_widget)
        self.centre.addWidget(findings)
        self.centre.setStretchFactor(0, 1)
        self.centre.setStretchFactor(1, 0)
        self.centre.setChildrenCollapsible(False)

        self.main = QSplitter(Qt.Orientation.Horizontal)
        self.main.setObjectName("main-splitter")
        self.main.addWidget(catalogue)
        self.main.addWidget(self.centre)
        self.main.addWidget(profile)
        self.main.setStretchFactor(CATALOGUE, 0)
        self.main.setStretchFactor(CENTRE, 1)
        self.main.setStretchFactor(PROFILE, 0)
        # the side panels fold away (drag them shut, or View → Catalogue / Profile): on a
        # small screen the list gets the room
        self.main.setChildrenCollapsible(True)
        self.main.setCollapsible(CENTRE, False)

        show_catalogue.triggered.connect(lambda on: self.show_panel(CATALOGUE, on))
        show_profile.triggered.connect(lambda on: self.show_panel(PROFILE, on))
        self.main.splitterMoved.connect(lambda _pos, _i: self._main_moved())
        self.centre.splitterMoved.connect(lambda _pos, _i: self._findings_moved())
        profile.splitterMoved.connect(lambda _pos, _i: self.changed())
        findings.content_changed.connect(self.fit_timer.start)
        for watched in (findings, self.centre):
            watched.installEventFilter(self)

    # -- folding and fitting ------------------------------------------------------------

    def show_panel(self, panel: int, shown: bool) -> None:
        """Unfold or fold the catalogue (``CATALOGUE``) or the profile (``PROFILE``); the
        list in the centre takes or gives the room."""
        sizes = self.main.sizes()
        if shown == (sizes[panel] > 0):
            self._follow_panels()
            return
        if shown:
            width = self._side_widths[panel] or default_sizes(self.window.width())[panel]
            width = min(width, max(0, sizes[CENTRE] - self.centre.minimumSizeHint().width()))
            sizes[CENTRE] -= width
            sizes[panel] = width
        else:
            self._side_widths[panel] = sizes[panel]
            sizes[CENTRE] += sizes[panel]
            sizes[panel] = 0
        self.main.setSizes(sizes)
        self._follow_panels()
        self.changed()

    def reset(self) -> None:
        """Side panels at their first widths for this window, the findings fitted again."""
        self._sides_fitted = True
        self.main.setSizes(default_sizes(self.main.width()))
        self.profile.setSizes([4 * self.profile.height() // 5, self.profile.height() // 5])
        self._findings_fitted = True
        self.fit_findings()
        self._follow_panels()
        self.changed()

    def fit_findings(self) -> None:
        """The findings get the height they need (up to eight rows), the roster the rest,
        unless the user has moved the splitter between them."""
        if not self._findings_fitted:
            return
        total = sum(self.centre.sizes())
        if total <= 0:
            return
        wanted = max(self.findings.minimumSizeHint().height(), self.findings.wanted_height())
        findings = max(0, min(wanted, total - self._roster_floor()))
        if self.centre.sizes()[1] != findings:
            self.centre.setSizes([total - findings, findings])

    def add_below_roster(self, widget: QWidget) -> None:
        """Put ``widget`` under the roster, in the least height kept above the findings."""
        self.centre_layout.addWidget(widget)
        self._below.append(widget)

    def _roster_floor(self) -> int:
        """The least height above the findings: the list's fields, the totals however many
        lines their figures take at this width, and a few rows of the roster. Measured again
        only when one of those may have changed (measuring costs a millisecond or two)."""
        width = self.centre_widget.width()
        key = (width, self.totals.heightForWidth(self.totals.width()),
               self.roster.empty.isVisibleTo(self.roster),
               *(w.isVisibleTo(self.centre_widget) and w.sizeHint().height()
                 for w in self._below))
        if self._floor[0] != key:
            floor = self.centre_layout.totalMinimumHeightForWidth(width)
            rows = self.roster.height_for_rows(ROSTER_ROWS)
            self._floor = (key, floor + max(0, rows - self.roster.view.minimumSizeHint()
                                            .height()))
        return self._floor[1]

    def changed(self) -> None:
        """Save the layout soon (debounced): a crash or a killed session keeps it too."""
        if self._shown_once:
            self.save_timer.start()

    def _main_moved(self) -> None:
        self._sides_fitted = False  # the player's widths stay
        self._follow_panels()
        self.changed()

    def fit_sides(self) -> None:
        """The side panels at their share of the window's width (a folded one stays
        folded), the list the rest."""
        sizes = self.main.sizes()
        shares = default_sizes(sum(sizes))
        for panel in (CATALOGUE, PROFILE):
            if sizes[panel] == 0:  # folded
                shares[CENTRE] += shares[panel]
                shares[panel] = 0
        if shares != sizes:
            self.main.setSizes(shares)

    def _findings_moved(self) -> None:
        self._findings_fitted = False  # the user's height stays
        self.changed()

    def _follow_panels(self) -> None:
        sizes = self.main.sizes()
        for panel, action in self._actions.items():
            action.setChecked(sizes[panel] > 0)
            if sizes[panel] > 0:
                self._side_widths[panel] = sizes[panel]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Resize:
            old, new = event.oldSize(), event.size()  # type: ignore[attr-defined]
            # the findings wrap to their width and the centre's height shares out: refit
            if (watched is self.findings and old.width() != new.width()) or (
                    watched is self.centre and old.height() != new.height()):
                self.fit_timer.start()
        return super().eventFilter(watched, event)

    # -- following the window -----------------------------------------------------------

    def window_shown(self) -> None:
        """Before the window's first show: default sizes for its width, unless restored
        from widths the player chose."""
        if not self._shown_once and not self._restored:
            self.main.setSizes(default_sizes(self.window.width()))
        elif not self._shown_once and self._sides_fitted:
            self.fit_sides()

    def window_resized(self, narrower: bool) -> None:
        """The window's width changed: the side panels follow it while they have their share,
        else a narrower window takes from the side panels before the list."""
        if self._sides_fitted:
            self.fit_sides()
        elif narrower:
            self.window_narrowed()

    def first_shown(self) -> None:
        if not self._shown_once:
            self._shown_once = True
            self._follow_panels()
            self.fit_findings()

    def window_narrowed(self) -> None:
        """A narrower window takes the room from side panels wider than their share before
        it squeezes the list (the splitter alone would take it all from the list)."""
        sizes = self.main.sizes()
        shares = default_sizes(sum(sizes))
        short = shares[CENTRE] - sizes[CENTRE]
        if short <= 0:
            return
        for panel in (CATALOGUE, PROFILE):
            give = min(short, max(0, sizes[panel] - shares[panel]))  # a folded panel: 0
            sizes[panel] -= give
            sizes[CENTRE] += give
            short -= give
        self.main.setSizes(sizes)

    # -- settings -------------------------------------------------------------------------

    def _splitters(self) -> tuple[tuple[str, QSplitter], ...]:
        return (("window/main_splitter", self.main), ("window/centre_splitter", self.centre),
                ("window/right_splitter", self.profile))

    def restore(self) -> None:
        s = self.settings
        geometry = s.value("window/geometry")
        if isinstance(geometry, QByteArray | bytes):
            self.window.restoreGeometry(geometry)
            clip_to_screen(self.window)  # saved on a bigger screen: made to fit this one
        for key, splitter in self._splitters():
            state = s.value(key)
            if isinstance(state, QByteArray | bytes):
                splitter.restoreState(state)
                self._restored |= splitter is self.main
        state = s.value("window/state")
        if isinstance(state, QByteArray | bytes):
            self.window.restoreState(state)
        self._findings_fitted = bool_setting(s, "window/findings_fitted", True)
        self._sides_fitted = bool_setting(s, "window/sides_fitted", True)
        for panel, key in ((CATALOGUE, "window/catalogue_width"),
                           (PROFILE, "window/profile_width")):
            width = s.value(key)
            if width is not None and str(width).isdigit():
                self._side_widths[panel] = int(str(width))
        self._follow_panels()

    def save(self) -> None:
        """The window's layout: size, panels, folded panels, the findings' height."""
        self.save_timer.stop()
        s = self.settings
        s.setValue("window/geometry", self.window.saveGeometry())
        s.setValue("window/state", self.window.saveState())
        for key, splitter in self._splitters():
            s.setValue(key, splitter.saveState())
        s.setValue("window/findings_fitted", self._findings_fitted)
        s.setValue("window/sides_fitted", self._sides_fitted)
        s.setValue("window/catalogue_width", self._side_widths[CATALOGUE])
        s.setValue("window/profile_width", self._side_widths[PROFILE])
        s.sync()
