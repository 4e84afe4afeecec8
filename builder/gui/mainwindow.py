"""The main window: catalogue, roster, live totals, findings and profile of one warband.

The window wires widgets to the :class:`WarbandDocument` and turns user gestures into undo
commands; it holds no rules (legality comes from ``builder.rules`` via the document) and never
edits the warband directly.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from pathlib import Path

import shiboken6
from PySide6.QtCore import QByteArray, QEvent, QModelIndex, QObject, QSettings, Qt, QTimer, QUrl
from PySide6.QtGui import (
    QCloseEvent,
    QDesktopServices,
    QMoveEvent,
    QResizeEvent,
    QShowEvent,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QApplication,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSplitter,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from builder import __version__, paths
from builder.data import Catalogue, DataError, load_warband, save_warband
from builder.data.atomic import ReadOnlyError
from builder.data.ondisk import DiskState, Watched
from builder.gui import icons
from builder.gui.actions import Actions, build_menus, shortcut_table
from builder.gui.catalogue_panel import CataloguePanel
from builder.gui.dialogs import DISCARD, SAVE, ExportOptions, Prompter
from builder.gui.document import WarbandDocument, new_warband
from builder.gui.file_questions import KEEP, OVERWRITE, RELOAD, SAVE_AS
from builder.gui.findings_model import FINDING_ROLE
from builder.gui.findings_panel import FindingsPanel
from builder.gui.focus import show_focus
from builder.gui.guidance import first_steps
from builder.gui.list_panel import ListDetails, RosterPanel
from builder.gui.options_panel import OptionsPanel
from builder.gui.picks_panel import PicksPanel
from builder.gui.play_game import GameMenu
from builder.gui.profile_panel import ProfilePanel
from builder.gui.recovery import Autosaver, Recovery, list_copy
from builder.gui.screenfit import clip_to_screen, fit_window
from builder.gui.sharing import Sharing
from builder.gui.totals_panel import TotalsBar
from builder.i18n import N_, _, ngettext
from builder.model import Faction, Warband
from builder.model.event import Event
from builder.model.text import display
from builder.rules import Report
from builder.rules.findings import Finding

log = logging.getLogger(__name__)

APP_TITLE = "SphereWars Warband Builder"
MAX_RECENT = 8
LAYOUT_SAVE_MS = 400
"""The window's layout is written this long after it last changed (a drag is many moves)."""
EXTENSION = ".warband.yaml"
ROSTER_ROWS = 4
"""Roster rows that stay in view however many findings there are."""
CATALOGUE, CENTRE, PROFILE = 0, 1, 2
"""The main splitter's panels."""
EXAMPLE_MENU = {
    "soimi-illegal-leader-required": N_("Soimi illegal leader required"),
    "soimi-illegal-points-limit": N_("Soimi illegal points limit"),
    "soimi-illegal-same-combatant-limit": N_("Soimi illegal same combatant limit"),
    "soimi-legal-ensartadores": N_("Soimi legal ensartadores"),
}
"""The shipped examples as File → Open Example lists them (another file: from its name)."""
EXAMPLE_TEXTS = (
    N_("Nobody in command"), N_("Too many points"), N_("Six of the same"),
    N_("Example list shipped with the Warband Builder: illegal because it has no Leader. Add "
       "Nek'Org or Tir'Abé to make it legal."),
    N_("Example list shipped with the Warband Builder: illegal because Nek'Org (169 PE) and "
       "Tir'Abé (163 PE) together cost 332 points and the limit is 300."),
    N_("Example list shipped with the Warband Builder: illegal because a warband may hire at "
       "most five of the same combatant. Remove one Tir'Abé to make it legal."),
    N_("Example list shipped with the Warband Builder. Nek'Org (169 PE) and Tir'Abé (163 PE) "
       "lead together: 332 points, inside a 400-point game."),
)
"""The names and notes of the shipped examples: an example opens in the app's language."""


def examples_dir() -> Path:
    return paths.resources_dir() / "examples"


def file_stem(name: str) -> str:
    """A file name for a list: "Los Ensartadores" → "los-ensartadores"."""
    stem = re.sub(r"[^\w]+", "-", name.strip().lower(), flags=re.UNICODE).strip("-")
    return stem or "warband"


def default_sizes(width: int) -> list[int]:
    """Catalogue, list and profile widths for a window ``width`` wide: the side panels take
    a share within bounds, the list the rest (at 1024 pixels it keeps about half)."""
    # a wide window gives the catalogue's names more of its room (issue 31, item 3), a
    # 1024-pixel one keeps half of it for the list
    catalogue = max(200, min(214, width * 21 // 100),
                    min(440, width * 20 // 100 + max(0, width - 1280) // 10))
    profile = max(290, min(440, width * 26 // 100))  # the stat line of SphereWars fits
    return [catalogue, max(0, width - catalogue - profile), profile]


class MainWindow(QMainWindow):
    def __init__(self, catalogue: Catalogue | None = None, *,
                 settings: QSettings | None = None, prompter: Prompter | None = None,
                 extra_data: Iterable[str | Path] = (),
                 recovery_dir: Path | None = None) -> None:
        super().__init__()
        self.setObjectName("main-window")
        self.extra_data = list(extra_data)
        self.settings = settings if settings is not None else QSettings()
        self.prompter = prompter or Prompter(self)
        self.stack = QUndoStack(self)
        self.doc = WarbandDocument(catalogue or Catalogue.load(self.extra_data), parent=self)
        self.recovery = Recovery(recovery_dir)
        self.autosaver = Autosaver(self.recovery, self._recovery_copy, self)
        self.autosaver.turned_off.connect(self._recovery_off)
        self.disk = Watched()  # the open file as last read or written
        self._profile_source = "catalogue"
        self._editor: QWidget | None = None
        self._layout_restored = False  # a saved layout: no default sizes on first show
        self._findings_fitted = True  # until the user moves the findings' splitter
        self._side_widths = {CATALOGUE: 0, PROFILE: 0}  # to reopen a folded panel as it was
        self._shown_once = False
        self._floor: tuple[object, int] = (None, 0)  # (what it was measured for, height)
        # the layout is saved a moment after it changes, not only on a clean quit
        self.layout_timer = QTimer(self)
        self.layout_timer.setSingleShot(True)
        self.layout_timer.setInterval(LAYOUT_SAVE_MS)
        self.layout_timer.timeout.connect(self.save_settings)
        self._fit_timer = QTimer(self)
        self._fit_timer.setSingleShot(True)
        self._fit_timer.setInterval(0)
        self._fit_timer.timeout.connect(self.fit_findings)

        self.act = Actions(self, self.stack)
        self.recent_menu = QMenu(self)
        self.examples_menu = QMenu(self)
        build_menus(self, self.act, self.recent_menu, self.examples_menu)
        self._build_ui()
        self._fill_examples_menu()
        self._connect()
        self.sharing = Sharing(self)
        self.game = GameMenu(self)  # Game → Start game, Save for phone… (play mode)
        from builder.gui.packs import PacksController

        self.packs = PacksController(self)

        self._restore_settings()
        self._details_changed()
        self._catalogue_changed()
        self._validated(self.doc.report)
        self._roster_count_changed()
        self._update_title()

    # ================================================================ building the window

    def _build_ui(self) -> None:
        a = self.act
        # -- catalogue (left)
        self.catalogue_panel = CataloguePanel(a.add)
        self.filter = self.catalogue_panel.filter
        self.catalogue_title = self.catalogue_panel.title
        self.catalogue_model = self.catalogue_panel.model
        self.catalogue_proxy = self.catalogue_panel.proxy
        self.catalogue_view = self.catalogue_panel.view
        self.add_button = self.catalogue_panel.add_button

        # -- the list's own fields, totals, roster (centre)
        self.details = ListDetails(self.doc, self.stack,
                                   ask_faction_change=self.prompter.ask_change_faction)
        self.details.game_changed.connect(lambda game: self.statusBar().showMessage(
            _("The list is now a list of {game}.").format(game=game), 8000))
        self.name_edit = self.details.name_edit
        self.faction_combo = self.details.faction_combo
        self.limit_check = self.details.limit_check
        self.limit_spin = self.details.limit_spin
        self.totals = TotalsBar()
        self.roster = RosterPanel(self.doc, self.stack, a.remove, a.more, a.fewer)
        self.roster_model = self.roster.model
        self.roster_view = self.roster.view
        show_focus(self.catalogue_panel.view, self.roster_view)  # which list has the keys
        self.remove_button = self.roster.remove_button
        self.centre = centre = QWidget()
        self.centre_layout = centre_layout = QVBoxLayout(centre)
        centre_layout.setContentsMargins(6, 6, 6, 6)
        centre_layout.addWidget(self.details)
        centre_layout.addWidget(self.totals)
        centre_layout.addWidget(self.roster, 1)
        self.picks_panel = PicksPanel(self.doc, self.stack)  # SPEC §9: the list's picks
        centre_layout.addWidget(self.picks_panel)

        # -- findings (below the roster)
        self.findings = FindingsPanel()
        self.findings_model = self.findings.model
        self.findings_view = self.findings.view
        self.findings_stack = self.findings.stack
        self.legal_label = self.findings.legal_label
        self.centre_splitter = QSplitter(Qt.Orientation.Vertical)
        self.centre_splitter.setObjectName("centre-splitter")
        self.centre_splitter.addWidget(centre)
        self.centre_splitter.addWidget(self.findings)
        self.centre_splitter.setStretchFactor(0, 1)
        self.centre_splitter.setStretchFactor(1, 0)
        self.centre_splitter.setChildrenCollapsible(False)

        # -- profile and notes (right)
        self.right_splitter = self.profile_panel = ProfilePanel(self.doc, self.stack)
        self.profile = self.profile_panel.profile
        self.notes_edit = self.profile_panel.notes_edit
        # SPEC §9: the current entry's options under its profile
        self.options_panel = OptionsPanel(self.doc, self.stack)
        self.profile_panel.add_below_profile(self.options_panel)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setObjectName("main-splitter")
        self.splitter.addWidget(self.catalogue_panel)
        self.splitter.addWidget(self.centre_splitter)
        self.splitter.addWidget(self.right_splitter)
        self.splitter.setStretchFactor(CATALOGUE, 0)
        self.splitter.setStretchFactor(CENTRE, 1)
        self.splitter.setStretchFactor(PROFILE, 0)
        # the side panels fold away (drag them shut, or View → Catalogue / Profile): on a
        # small screen the list gets the room
        self.splitter.setChildrenCollapsible(True)
        self.splitter.setCollapsible(CENTRE, False)
        self.setCentralWidget(self.splitter)

        # -- status bar: data problems stay one click away
        self.problems_button = QToolButton()
        self.problems_button.setObjectName("data-problems-button")
        self.problems_button.setAutoRaise(True)
        self.problems_button.setIcon(icons.severity("warning"))
        self.problems_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.statusBar().addPermanentWidget(self.problems_button)
        size = fit_window(self, 1280, 760)  # or what a smaller screen has room for
        self.splitter.setSizes(default_sizes(size.width()))

    def _connect(self) -> None:
        a = self.act
        a.new.triggered.connect(self.new_file)
        a.open.triggered.connect(self.open_file)
        a.save.triggered.connect(self.save)
        a.save_as.triggered.connect(self.save_as)
        a.export_pdf.triggered.connect(self.export_pdf)
        a.check_event.triggered.connect(self.check_against_event)
        a.clear_event.triggered.connect(lambda: self.set_event(None))
        a.event_lists.triggered.connect(self.check_event_lists)
        a.quit.triggered.connect(self.close)
        a.clear_recent.triggered.connect(self.clear_recent)
        a.add.triggered.connect(self.add_selected)
        a.more.triggered.connect(lambda: self.step_selected(+1))
        a.fewer.triggered.connect(lambda: self.step_selected(-1))
        a.remove.triggered.connect(self.remove_selected)
        a.find.triggered.connect(self.focus_filter)
        a.factions.triggered.connect(self.open_faction_editor)
        a.reload_data.triggered.connect(self.reload_catalogue)
        a.data_problems.triggered.connect(self.show_data_problems)
        a.about.triggered.connect(self.show_about)
        a.shortcuts.triggered.connect(self.show_shortcuts)
        a.show_catalogue.triggered.connect(lambda on: self.show_panel(CATALOGUE, on))
        a.show_profile.triggered.connect(lambda on: self.show_panel(PROFILE, on))
        a.reset_layout.triggered.connect(self.reset_layout)
        self.splitter.splitterMoved.connect(lambda _pos, _i: self._main_splitter_moved())
        self.centre_splitter.splitterMoved.connect(lambda _pos, _i: self._findings_moved())
        self.right_splitter.splitterMoved.connect(lambda _pos, _i: self.layout_changed())
        self.findings.content_changed.connect(self._fit_timer.start)
        for watched in (self.findings, self.centre_splitter):
            watched.installEventFilter(self)
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)

        self.stack.cleanChanged.connect(lambda _clean: self._update_title())
        self.stack.indexChanged.connect(lambda _i: self._update_title())
        self.stack.indexChanged.connect(self._list_changed)

        self.doc.validated.connect(self._validated)
        self.doc.details_changed.connect(self._details_changed)
        self.doc.catalogue_changed.connect(self._catalogue_changed)
        self.doc.was_reset.connect(self._roster_reset)
        self.doc.entry_inserted.connect(lambda _r: self.roster.count_changed())
        self.doc.entry_removed.connect(lambda _r: self.roster.count_changed())

        self.catalogue_panel.watch(self.doc)
        self.catalogue_panel.add_requested.connect(self.add_selected)
        self.catalogue_panel.combatant_selected.connect(self._show_catalogue_profile)
        self.roster.current_entry_changed.connect(self._show_roster_profile)
        self.findings.finding_chosen.connect(self.select_finding)
        self.problems_button.clicked.connect(self.show_data_problems)

    # ================================================================ reacting to the document

    def _validated(self, report: Report) -> None:
        faction = self.doc.faction
        # an empty list is greeted with what to hire first, not with a red verdict
        steps = first_steps(self.doc.warband, faction, report)
        self.totals.show_report(report, faction.game if faction is not None else None,
                                steps=steps)
        event = self.doc.tournament
        self.findings.show_report(report, noun=self._list_noun(),
                                  event=event.name if event is not None else None, steps=steps)
        self.picks_panel.refresh()
        self.options_panel.show_entry(self.roster.current_row()
                                      if self._profile_source == "roster" else -1)
        if report.findings and report.legal:
            # Warnings only: say plainly that they do not make the list illegal.
            self.statusBar().showMessage(_("Legal, with warnings"), 3000)

    def _list_noun(self) -> str:
        """What the game calls a list (a Band, a Warband…), for sentences."""
        faction = self.doc.faction
        return faction.game.list_name_text.lower() if faction is not None else _("list")

    def _details_changed(self) -> None:
        self.details.refresh()
        self.profile_panel.refresh_notes()
        self._update_title()
        if self.catalogue_model.faction is not self.doc.faction:
            self._catalogue_changed()

    def _catalogue_changed(self) -> None:
        self.catalogue_panel.set_faction(self.doc.faction, self.doc.warband.faction)
        problems = self.doc.catalogue.problems
        count = sum(len(p.problems) for p in problems)
        self.problems_button.setVisible(bool(problems))
        self.problems_button.setText(
            ngettext("{n} data problem", "{n} data problems", count).format(n=count))
        self.problems_button.setToolTip(_("Some game system or faction files could not be "
                                          "loaded: click to see where and why"))
        self.details.fill_factions()
        self._follow_game()
        self._show_profile_again()

    def _follow_game(self) -> None:
        """Words and columns that belong to the game: what a list is called (a Band, a
        Warband…), and no cost column or points limit for a game without a cost stat."""
        faction = self.doc.faction
        game = faction.game if faction is not None else None
        noun = self._list_noun()
        self.act.add.setText(_("&Add to {noun}").format(noun=noun))
        self.act.remove.setText(_("&Remove from {noun}").format(noun=noun))
        costed = game is None or game.cost is not None
        self.catalogue_panel.follow_game(game, noun)
        self.roster.follow_game(costed=costed, noun=noun)
        self.details.show_points(costed)

    def _roster_reset(self) -> None:
        self._roster_count_changed()
        self._show_profile_again()

    def _roster_count_changed(self) -> None:
        self.roster.count_changed()

    def _update_title(self) -> None:
        if not shiboken6.isValid(self):
            return  # the undo stack clears itself while the window is being destroyed
        faction = self.doc.faction
        game = f" ({display(faction.game.name)})" if faction is not None else ""
        event = f" — {self.doc.tournament.name}" if self.doc.tournament is not None else ""
        self.setWindowTitle(f"{self.doc.warband.name}[*]{game}{event} — {APP_TITLE}")
        self.setWindowModified(self.is_modified())

    def is_modified(self) -> bool:
        return not self.stack.isClean()

    # ================================================================ editing

    def selected_catalogue_ids(self) -> list[str]:
        return self.catalogue_panel.selected_ids()

    def add_combatant(self, combatant_id: str) -> None:
        self.roster.add(combatant_id)

    def add_selected(self) -> None:
        ids = self.selected_catalogue_ids()
        if not ids:
            self.statusBar().showMessage(_("Select a combatant in the catalogue first."), 4000)
            return
        if len(ids) > 1:
            self.stack.beginMacro(ngettext("Add {n} combatant", "Add {n} combatants",
                                           len(ids)).format(n=len(ids)))
        for cid in ids:
            self.add_combatant(cid)
        if len(ids) > 1:
            self.stack.endMacro()

    def selected_rows(self) -> list[int]:
        return self.roster.selected_rows()

    def remove_selected(self) -> None:
        self.roster.remove_selected()

    def step_selected(self, step: int) -> None:
        self.roster.step_selected(step)

    def select_finding(self, finding: Finding | QModelIndex) -> None:
        """Select the roster entries a finding names (all of them, over every entry)."""
        chosen = finding.data(FINDING_ROLE) if isinstance(finding, QModelIndex) else finding
        if not isinstance(chosen, Finding):
            return
        rows = self.doc.rows_for(chosen.combatants)
        if rows:  # about the whole list (points, leader): the selection stays as it is
            self.roster.select_rows(rows)

    # ================================================================ catalogue and profile

    def focus_filter(self) -> None:
        self.catalogue_panel.focus_filter()

    def _show_catalogue_profile(self, combatant_id: str) -> None:
        self._profile_source = "catalogue"
        self.profile_panel.show_combatant(combatant_id)
        self.options_panel.show_entry(-1)

    def _show_roster_profile(self, row: int) -> None:
        if 0 <= row < len(self.doc.entries):
            self._profile_source = "roster"
            self.profile_panel.show_combatant(self.doc.entry(row).combatant)
        self.options_panel.show_entry(row)

    def _show_profile_again(self) -> None:
        if self._profile_source == "roster":
            row = self.roster.current_row()
            if 0 <= row < len(self.doc.entries):
                self.profile_panel.show_combatant(self.doc.entry(row).combatant)
                return
        cid = self.catalogue_panel.current_id()
        if cid:
            self.profile_panel.show_combatant(cid)
        else:
            self.profile_panel.clear()

    # ================================================================ files

    def maybe_save(self) -> bool:
        """True when it is fine to drop the current list (saved, discarded, or unchanged)."""
        if not self.is_modified():
            return True
        answer = self.prompter.ask_save_changes(self.doc.warband.name)
        if answer == SAVE:
            return self.save()
        return answer == DISCARD

    def new_file(self) -> None:
        if not self.maybe_save():
            return
        faction = self.ask_new_faction()
        if faction is None:
            return
        game = faction.game
        same = self.doc.faction is not None and self.doc.faction.system == faction.system
        limit = self.doc.warband.points_limit if same and game.cost else None
        self._replace(new_warband(faction.id,
                                  _("New {noun}").format(noun=game.list_name_text.lower()),
                                  points_limit=limit), None)
        self.statusBar().showMessage(_("New list"), 3000)
        self.details.start_naming()

    def ask_new_faction(self) -> Faction | None:
        """*New* asks for the game when there is more than one (every game, with factions or
        not), then for the faction when that game has several; the current ones are
        preselected. A game without factions is never a dead end: the user is offered to
        install a data pack or create a faction for it. None: cancelled (or one of those)."""
        cat = self.doc.catalogue
        current = self.doc.faction or cat.get(self.doc.default_faction_id())
        games = sorted(cat.systems.values(), key=lambda g: display(g.name).lower())
        playable = [g for g in games if cat.factions_of(g.id)]
        game_id = current.system if current is not None else None
        if len(games) > 1:
            game_id = self.prompter.choose(_("New list"), _("Which game is the list for?"),
                                           [(g.id, display(g.name)) for g in games], game_id)
            if game_id is None:
                return None
        elif games:
            game_id = games[0].id
        factions = cat.factions_of(game_id) if game_id else []
        if not factions:
            if game_id in cat.systems:
                self._no_factions(game_id)
                return None
            return current
        if current is not None and current.system == game_id and len(playable) <= 1:
            return current  # one game: the faction stays as it is, as before
        chosen: str | None = current.id if current is not None and \
            current.system == game_id else factions[0].id
        if len(factions) > 1:
            chosen = self.prompter.choose(_("New list"), _("Which faction?"),
                                          [(f.id, f.name) for f in factions], chosen)
        return cat.get(chosen) if chosen is not None else None

    def _no_factions(self, game_id: str) -> None:
        """A game with no faction yet: install a data pack, or create a faction for it."""
        answer = self.prompter.ask_no_factions(display(self.doc.catalogue.systems[game_id].name))
        if answer == "install":
            self.packs.open_dialog()
        elif answer == "create":
            self.open_faction_editor()
            editor = self._editor
            if editor is not None and hasattr(editor, "new_faction"):
                editor.new_faction(game_id)

    def open_file(self) -> None:
        if not self.maybe_save():
            return
        path = self.prompter.ask_open_path(self.last_folder())
        if path:
            self.load_path(Path(path), confirmed=True)

    def load_path(self, path: Path, *, confirmed: bool = False, untitled: bool = False) -> bool:
        """Open a list. A file that cannot be read shows the loader's ``FILE:LINE:COLUMN``
        message and leaves the current list as it was. ``untitled`` (examples) opens a copy
        that Save will ask a new name for."""
        if not confirmed and not self.maybe_save():
            return False
        disk = DiskState.of(path)  # before reading: a change made meanwhile is noticed
        try:
            warband = load_warband(path)
        except (DataError, OSError) as exc:
            self.prompter.show_load_error(path, exc)
            return False
        self._replace(warband, None if untitled else path.resolve(), disk)
        if not untitled:
            self.add_recent(path.resolve())
            self.settings.setValue("files/last_folder", str(path.resolve().parent))
        unknown = len(self.doc.report.findings) and any(
            f.rule in ("unknown-combatant", "unknown-faction") for f in self.doc.report.findings)
        if unknown:
            message = _("Opened {file} — some entries are not in the loaded data (see "
                        "Findings)").format(file=path.name)
        else:
            message = _("Opened {file}").format(file=path.name)
        self.statusBar().showMessage(message, 5000)
        return True

    def _replace(self, warband: Warband, path: Path | None,
                 disk: DiskState | None = None) -> None:
        self.doc.replace(warband, path)
        self.stack.clear()
        self.stack.setClean()
        self.autosaver.discard()
        self.disk.remember(path, disk)
        self._update_title()
        self.roster.select_first()

    def save(self) -> bool:
        path = self.doc.path
        if path is None:
            return self.save_as()
        answer = self.ask_if_changed_on_disk(saving=True)
        if answer == SAVE_AS:
            return self.save_as()
        if answer == RELOAD:
            self.load_path(path, confirmed=True)
        return answer in (None, OVERWRITE) and self._write(path)

    def ask_if_changed_on_disk(self, *, saving: bool = False) -> str | None:
        """When the open list's file was changed by another program or window since it was
        opened or last saved, ask: reload, overwrite, save as, or (KEEP) nothing now. None
        when there is nothing to ask: not changed, or (unless saving) a change already
        asked about."""
        path = self.doc.path
        if path is None or not self.disk.changed(path, again=saving):
            return None
        return self.prompter.ask_changed_on_disk(path, self.is_modified(), saving)

    def check_disk(self) -> None:
        """The window came back to the front: has its file been changed meanwhile?"""
        if QApplication.activeModalWidget() is not None or not shiboken6.isValid(self):
            return
        answer = self.ask_if_changed_on_disk()
        if self.doc.path is None or answer in (None, KEEP):
            return
        if answer == RELOAD:
            self.load_path(self.doc.path, confirmed=True)
        elif answer == OVERWRITE:
            self._write(self.doc.path)
        else:
            self.save_as()

    def save_as(self) -> bool:
        folder = Path(self.last_folder())
        suggested = (self.doc.path or folder / (file_stem(self.doc.warband.name) + EXTENSION))
        path = self.prompter.ask_save_path(str(suggested))
        if not path:
            return False
        target = Path(path)
        if not target.name.endswith((".yaml", ".yml")):
            target = target.with_name(target.name + EXTENSION)
        return self._write(target)

    def _write(self, path: Path) -> bool:
        try:
            try:
                save_warband(self.doc.warband, path)
            except ReadOnlyError:
                if not self.prompter.ask_replace_read_only(path):
                    return False
                save_warband(self.doc.warband, path, replace_read_only=True)
        except OSError as exc:
            self.prompter.show_error(_("Could not save"),
                                     _("{file} could not be written.").format(file=path),
                                     str(exc))
            return False
        self.doc.path = path.resolve()
        self.disk.remember(path)
        self.stack.setClean()
        self.autosaver.discard()
        self.add_recent(self.doc.path)
        self.settings.setValue("files/last_folder", str(self.doc.path.parent))
        self._update_title()
        self.statusBar().showMessage(_("Saved {file}").format(file=path.name), 4000)
        return True

    def last_folder(self) -> str:
        folder = str(self.settings.value("files/last_folder", "") or "")
        return folder if folder and Path(folder).is_dir() else str(Path.home())

    # -- recent files

    def recent_files(self) -> list[str]:
        value = self.settings.value("files/recent", [])
        if isinstance(value, str):  # an INI file gives one entry back as plain text
            return [value]
        return [str(v) for v in value] if isinstance(value, list) else []

    def add_recent(self, path: Path) -> None:
        files = [str(path)] + [f for f in self.recent_files() if f != str(path)]
        self.settings.setValue("files/recent", files[:MAX_RECENT])

    def clear_recent(self) -> None:
        self.settings.setValue("files/recent", [])

    def _fill_recent_menu(self) -> None:
        menu = self.recent_menu
        menu.clear()
        files = self.recent_files()
        for i, name in enumerate(files, start=1):
            path = Path(name)
            label = f"&{i} {path.name}" if i < 10 else path.name
            action = menu.addAction(label)
            action.setToolTip(name)
            action.setStatusTip(name)
            action.triggered.connect(lambda _c=False, p=path: self.open_recent(p))
        if not files:
            menu.addAction(_("No recent lists")).setEnabled(False)
        menu.addSeparator()
        menu.addAction(self.act.clear_recent)
        self.act.clear_recent.setEnabled(bool(files))

    def open_recent(self, path: Path) -> None:
        if not self.maybe_save():
            return
        if not path.exists():
            self.settings.setValue("files/recent",
                                   [f for f in self.recent_files() if f != str(path)])
        self.load_path(path, confirmed=True)

    def _fill_examples_menu(self) -> None:
        folder = examples_dir()
        found = sorted(folder.glob("*.warband.yaml")) if folder.is_dir() else []
        for path in found:
            stem = path.name.removesuffix(EXTENSION)
            label = _(EXAMPLE_MENU[stem]) if stem in EXAMPLE_MENU else stem.replace("-", " ")
            action = self.examples_menu.addAction(label[:1].upper() + label[1:])
            action.setStatusTip(str(path))
            action.triggered.connect(lambda _c=False, p=path: self.open_example(p))
        self.examples_menu.setEnabled(bool(found))

    def open_example(self, path: Path) -> None:
        """Examples open as an untitled copy: the shipped file is never overwritten. Their
        name and notes are in the app's language."""
        if not self.load_path(path, untitled=True):
            return
        warband = self.doc.warband
        for text, change in ((warband.name, self.doc.set_name),
                             (warband.notes, self.doc.set_notes)):
            if text in EXAMPLE_TEXTS:
                change(_(text))
        self._update_title()

    # -- autosave and recovery

    def autosave(self) -> None:
        """Write the recovery copy now (it is written a moment after every change)."""
        self.autosaver.flush()

    def _list_changed(self) -> None:
        if shiboken6.isValid(self) and shiboken6.isValid(self.stack):  # (not while destroyed)
            self.autosaver.changed()

    def _recovery_copy(self) -> tuple[str, dict[str, object]] | None:
        return list_copy(self.doc.warband, self.doc.path) if self.is_modified() else None

    def _recovery_off(self, problem: str) -> None:
        """Said once: the user works on, knowing a crash would lose unsaved changes."""
        self.statusBar().showMessage(_("Crash recovery is off"), 8000)
        QTimer.singleShot(0, self, lambda: self.prompter.note_recovery_off(
            self.recovery.folder, problem))  # (not from inside a timer's write)

    def offer_recovery(self) -> bool:
        """Offer the autosave of a session that crashed; True when one was restored. Where
        the recovery folder cannot be written, say once that recovery is off."""
        if not self.autosaver.check():
            return False
        for orphan in Recovery.orphans(self.recovery.folder):
            if not self.prompter.ask_recover(orphan.name, orphan.saved, orphan.origin):
                orphan.remove()
                continue
            try:
                warband = orphan.load()
            except (DataError, OSError) as exc:
                self.prompter.show_error(_("Could not recover"), _("The autosave is damaged."),
                                         str(exc))
                orphan.remove()
                continue
            self._replace(warband, orphan.origin)
            self.stack.resetClean()  # recovered changes are not saved anywhere yet
            self._update_title()
            self.autosave()
            orphan.remove()
            self.statusBar().showMessage(_("Unsaved changes recovered — save them to keep them"),
                                         8000)
            return True
        return False

    # ================================================================ data and export

    def reload_catalogue(self) -> None:
        """Read the faction files again (after the faction editor saved one), refresh the
        catalogue and re-validate the open list against the new data."""
        self.doc.set_catalogue(Catalogue.load(self.extra_data))
        editor = self._editor
        if editor is not None and shiboken6.isValid(editor) and hasattr(editor, "set_catalogue"):
            editor.set_catalogue(self.doc.catalogue)  # its list shows the same data as ours
        problems = len(self.doc.catalogue.problems)
        self.statusBar().showMessage(
            ngettext("Game and faction data reloaded — {n} file with problems",
                     "Game and faction data reloaded — {n} files with problems",
                     problems).format(n=problems) if problems
            else _("Game and faction data reloaded"), 4000)

    def show_data_problems(self) -> None:
        """The problems, with a way to fix, show or delete each file; the data is read
        again after each change."""
        def reload() -> Catalogue:
            self.reload_catalogue()
            return self.doc.catalogue

        self.prompter.show_data_problems(self.doc.catalogue.problems, self.doc.catalogue,
                                         reload)

    def open_faction_editor(self) -> None:
        try:
            from builder.gui.editor import FactionEditor
        except ImportError as exc:
            self.prompter.show_error(_("Faction editor not available"),
                                     _("The faction editor could not be started."), str(exc))
            return
        if self._editor is not None and shiboken6.isValid(self._editor) \
                and self._editor.isVisible():
            self._editor.raise_()
            self._editor.activateWindow()
            return
        editor = FactionEditor(self.doc.catalogue, parent=self)
        editor.faction_saved.connect(lambda _fid: self.reload_catalogue())
        editor.system_imported.connect(lambda _sid: self.reload_catalogue())
        editor.faction_deleted.connect(lambda _fid: self.reload_catalogue())
        editor.files_changed.connect(self.reload_catalogue)
        self._editor = editor
        editor.show()

    def check_against_event(self) -> None:
        path = self.prompter.ask_event_path(self.last_folder())
        if path:
            self.load_event_path(Path(path))

    def check_event_lists(self) -> None:
        """The organiser's whole event: a folder and share codes against an event file."""
        from builder.gui.event_dialog import EventDialog

        dialog = getattr(self, "_event_dialog", None)
        if dialog is None:
            dialog = self._event_dialog = EventDialog(self.doc.catalogue, self.last_folder(),
                                                      parent=self)
        dialog.catalogue = self.doc.catalogue
        dialog.show()
        dialog.raise_()
        dialog.activateWindow()

    def load_event_path(self, path: Path) -> bool:
        """Check the open list against an event file from now on (an organiser at the table
        with a player's list). A broken event file, or data other than the event's, shows why
        and leaves the list checked as before."""
        from builder.events import DataPinError, check_data_pins, load_event
        from builder.events.pins import pinned_packs, pins_not_in_use

        try:
            pins = pinned_packs(path)  # SPEC §8: one not installed names its install command
            event = load_event(path, self.doc.catalogue)
            check_data_pins(event, self.doc.catalogue)
            other = pins_not_in_use(pins)
            if other:
                raise DataPinError("; ".join(other))
        except (DataError, OSError) as exc:
            self.prompter.show_error(_("Could not open the event"),
                                     _("{file} could not be used as an event.").format(
                                         file=path.name), str(exc))
            return False
        except DataPinError as exc:
            self.prompter.show_error(_("Not the event's data"),
                                     _("{file} expects other faction data than the data "
                                       "loaded.").format(file=path.name), str(exc))
            return False
        self.set_event(event)
        self.statusBar().showMessage(_("Checking against {event}").format(event=event.name), 5000)
        return True

    def set_event(self, event: Event | None) -> None:
        self.doc.set_event(event)
        self.act.clear_event.setEnabled(event is not None)
        self.totals.setToolTip(_("Checked against {event}").format(
            event=self.doc.tournament.name) if self.doc.tournament is not None else "")

    def export_pdf(self) -> None:
        try:
            from builder.export import export_pdf
        except ImportError as exc:
            self.prompter.show_error(_("PDF export not available"),
                                     _("PDF export could not be started."), str(exc))
            return
        defaults = ExportOptions(
            cards=self._bool_setting("export/cards", True),
            summary=self._bool_setting("export/summary", True),
            page=str(self.settings.value("export/page", "a4") or "a4"),
            per_model=self._bool_setting("export/per_model", False),
            opponent=self._bool_setting("export/opponent", False))
        from builder.gui.preview import pdf_maker

        options = self.prompter.ask_export_options(defaults, pdf_maker(self.doc.warband,
                                                                       self.doc.catalogue))
        if options is None:
            return
        for key in ("cards", "summary", "page", "per_model", "opponent"):
            self.settings.setValue(f"export/{key}", getattr(options, key))
        folder = self.doc.path.parent if self.doc.path else Path(self.last_folder())
        suggested = folder / (file_stem(self.doc.warband.name) + ".pdf")
        chosen = self.prompter.ask_pdf_path(str(suggested))
        if not chosen:
            return
        path = Path(chosen)
        from builder.outputs import PDF, output_problem

        # the file dialog asked before replacing a file; the open list itself never is
        if self.doc.path is not None and output_problem(path, PDF, inputs=[self.doc.path],
                                                        force=True):
            self.prompter.show_error(_("Could not export"),
                                     _("{file} is the list being printed; choose another "
                                       "file for the PDF.").format(file=path.name), "")
            return
        try:
            export_pdf(self.doc.warband, self.doc.catalogue, path, cards=options.cards,
                       summary=options.summary, page=options.page, per_model=options.per_model,
                       opponent=options.opponent)
        except Exception as exc:  # noqa: BLE001 — an export bug must not lose the session
            log.exception("PDF export failed")
            self.prompter.show_error(_("Could not export"),
                                     _("{file} could not be written.").format(file=path.name),
                                     f"{type(exc).__name__}: {exc}")
            return
        self.statusBar().showMessage(_("Exported {file}").format(file=path.name), 5000)
        if self.prompter.ask_open_pdf(path):
            self._open_pdf(path)

    def _open_pdf(self, path: Path) -> None:
        """Open the PDF in the desktop's viewer; with none, say so and offer its folder
        (openUrl returns False when no program is registered for PDF files)."""
        if QDesktopServices.openUrl(QUrl.fromLocalFile(str(path))):
            return
        if not self.prompter.ask_show_folder(path):
            return
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(path.parent))):
            self.prompter.show_error(_("Could not show the folder"),
                                     _("No file manager could be started."),
                                     _("{file} is in {folder}").format(file=path.name,
                                                                       folder=path.parent))

    def _bool_setting(self, key: str, default: bool) -> bool:
        value = self.settings.value(key, default)
        if isinstance(value, str):
            return value.lower() in ("true", "1", "yes")
        return bool(value)

    # ================================================================ help

    def show_about(self) -> None:
        QMessageBox.about(self, _("About {app}").format(app=APP_TITLE),
                          f"<h3>{APP_TITLE} {__version__}</h3><p>"
                          + _("Build lists for skirmish games (SphereWars, or any game system "
                              "loaded) and see at every moment whether they follow the game's "
                              "recruiting rules.") + "</p>")

    def show_shortcuts(self) -> None:
        rows = "".join(f"<tr><td>{what}</td><td><b>{keys}</b></td></tr>"
                       for what, keys in shortcut_table(self.act, self.game.start))
        box = QMessageBox(QMessageBox.Icon.NoIcon, _("Keyboard shortcuts"),
                          f"<table cellpadding='2'>{rows}</table><p>"
                          + _("In the catalogue: <b>Enter</b> or double-click adds; <b>Down</b> "
                              "from the filter box moves into the list.") + "</p>", parent=self)
        box.setObjectName("shortcuts-dialog")
        box.exec()

    # ================================================================ layout

    def show_panel(self, panel: int, shown: bool) -> None:
        """Unfold or fold the catalogue (``CATALOGUE``) or the profile (``PROFILE``); the
        list in the centre takes or gives the room."""
        sizes = self.splitter.sizes()
        if shown == (sizes[panel] > 0):
            self._follow_panels()
            return
        if shown:
            width = self._side_widths[panel] or default_sizes(self.width())[panel]
            width = min(width, max(0, sizes[CENTRE] - self.centre_splitter.minimumSizeHint()
                                   .width()))
            sizes[CENTRE] -= width
            sizes[panel] = width
        else:
            self._side_widths[panel] = sizes[panel]
            sizes[CENTRE] += sizes[panel]
            sizes[panel] = 0
        self.splitter.setSizes(sizes)
        self._follow_panels()
        self.layout_changed()

    def reset_layout(self) -> None:
        """Side panels at their first widths for this window, the findings fitted again."""
        self.splitter.setSizes(default_sizes(self.splitter.width()))
        self.right_splitter.setSizes([4 * self.right_splitter.height() // 5,
                                      self.right_splitter.height() // 5])
        self._findings_fitted = True
        self.fit_findings()
        self._follow_panels()
        self.layout_changed()

    def fit_findings(self) -> None:
        """The findings get the height they need (up to eight rows), the roster the rest,
        unless the user has moved the splitter between them."""
        if not self._findings_fitted:
            return
        total = sum(self.centre_splitter.sizes())
        if total <= 0:
            return
        wanted = max(self.findings.minimumSizeHint().height(), self.findings.wanted_height())
        findings = max(0, min(wanted, total - self._roster_floor()))
        if self.centre_splitter.sizes()[1] != findings:
            self.centre_splitter.setSizes([total - findings, findings])

    def _roster_floor(self) -> int:
        """The least height above the findings: the list's fields, the totals however many
        lines their figures take at this width, and a few rows of the roster. Measured again
        only when one of those may have changed (measuring costs a millisecond or two)."""
        width = self.centre.width()
        key = (width, self.totals.heightForWidth(self.totals.width()),
               self.roster.empty.isVisibleTo(self.roster))
        if self._floor[0] != key:
            floor = self.centre_layout.totalMinimumHeightForWidth(width)
            rows = self.roster.height_for_rows(ROSTER_ROWS)
            self._floor = (key, floor + max(0, rows - self.roster_view.minimumSizeHint().height()))
        return self._floor[1]

    def layout_changed(self) -> None:
        """Save the layout soon (debounced): a crash or a killed session keeps it too."""
        if self._shown_once:
            self.layout_timer.start()

    def _main_splitter_moved(self) -> None:
        self._follow_panels()
        self.layout_changed()

    def _findings_moved(self) -> None:
        self._findings_fitted = False  # the user's height stays
        self.layout_changed()

    def _follow_panels(self) -> None:
        sizes = self.splitter.sizes()
        for panel, action in ((CATALOGUE, self.act.show_catalogue),
                              (PROFILE, self.act.show_profile)):
            action.setChecked(sizes[panel] > 0)
            if sizes[panel] > 0:
                self._side_widths[panel] = sizes[panel]

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Resize:
            old, new = event.oldSize(), event.size()  # type: ignore[attr-defined]
            # the findings wrap to their width and the centre's height shares out: refit
            if (watched is self.findings and old.width() != new.width()) or (
                    watched is self.centre_splitter and old.height() != new.height()):
                self._fit_timer.start()
        return super().eventFilter(watched, event)

    def _keep_centre_room(self) -> None:
        """A narrower window takes the room from side panels wider than their share before
        it squeezes the list (the splitter alone would take it all from the list)."""
        sizes = self.splitter.sizes()
        shares = default_sizes(sum(sizes))
        short = shares[CENTRE] - sizes[CENTRE]
        if short <= 0:
            return
        for panel in (CATALOGUE, PROFILE):
            give = min(short, max(0, sizes[panel] - shares[panel]))  # a folded panel: 0
            sizes[panel] -= give
            sizes[CENTRE] += give
            short -= give
        self.splitter.setSizes(sizes)

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        if not self._shown_once and not self._layout_restored:
            self.splitter.setSizes(default_sizes(self.width()))
        super().showEvent(event)
        if not self._shown_once:
            self._shown_once = True
            self._follow_panels()
            self.fit_findings()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            # the desktop went from light to dark or back: our icons follow its text colour
            icons.refresh(self)
        elif event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() \
                and self.disk.state is not None:
            QTimer.singleShot(0, self, self.check_disk)  # (not from inside the event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)  # the splitter has its new width by now
        if 0 < event.size().width() < event.oldSize().width():
            self._keep_centre_room()
        self.layout_changed()

    def moveEvent(self, event: QMoveEvent) -> None:  # noqa: N802 (Qt override)
        super().moveEvent(event)
        self.layout_changed()

    # ================================================================ settings and closing

    def _restore_settings(self) -> None:
        s = self.settings
        geometry = s.value("window/geometry")
        if isinstance(geometry, QByteArray | bytes):
            self.restoreGeometry(geometry)
            clip_to_screen(self)  # saved on a bigger screen: made to fit this one
        for key, splitter in (("window/main_splitter", self.splitter),
                              ("window/centre_splitter", self.centre_splitter),
                              ("window/right_splitter", self.right_splitter)):
            state = s.value(key)
            if isinstance(state, QByteArray | bytes):
                splitter.restoreState(state)
                self._layout_restored |= splitter is self.splitter
        state = s.value("window/state")
        if isinstance(state, QByteArray | bytes):
            self.restoreState(state)
        self._findings_fitted = self._bool_setting("window/findings_fitted", True)
        for panel, key in ((CATALOGUE, "window/catalogue_width"),
                           (PROFILE, "window/profile_width")):
            width = s.value(key)
            if width is not None and str(width).isdigit():
                self._side_widths[panel] = int(str(width))
        self._follow_panels()

    def save_settings(self) -> None:
        """The window's layout: size, panels, folded panels, the findings' height."""
        self.layout_timer.stop()
        s = self.settings
        s.setValue("window/geometry", self.saveGeometry())
        s.setValue("window/state", self.saveState())
        s.setValue("window/main_splitter", self.splitter.saveState())
        s.setValue("window/centre_splitter", self.centre_splitter.saveState())
        s.setValue("window/right_splitter", self.right_splitter.saveState())
        s.setValue("window/findings_fitted", self._findings_fitted)
        s.setValue("window/catalogue_width", self._side_widths[CATALOGUE])
        s.setValue("window/profile_width", self._side_widths[PROFILE])
        s.sync()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        # The faction editor goes first: it may have unsaved work of its own to ask about.
        editor = self._editor
        if editor is not None and shiboken6.isValid(editor) and editor.isVisible() \
                and not editor.close():
            event.ignore()
            return
        if not self.maybe_save():
            event.ignore()
            return
        self.save_settings()
        self.autosaver.close()
        event.accept()
