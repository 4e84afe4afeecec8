"""The main window: catalogue, roster, live totals, findings and profile of one warband, or
the roster editor of one BattleScribe roster.

The window builds its panels and controllers and connects them: it turns user gestures into
undo commands and holds no rules (legality comes from ``builder.rules`` via the document).
What a list's file is (new, open, save, recovery) is :mod:`.files`; where the panels sit is
:mod:`.splits`; the PDF export is :mod:`.pdf`; the loaded data and the faction editor are
:mod:`.gamedata`; the event check is :mod:`.event_check`; a roster's editor and what only a
roster needs are :mod:`.rosters`. The window shows one kind's panels at a time (its
:attr:`MainWindow.face` is the one the edit actions go to: itself for a warband, the roster
editor for a roster).
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QEvent, QModelIndex, QSettings, Qt, QTimer
from PySide6.QtGui import QCloseEvent, QMoveEvent, QResizeEvent, QShowEvent, QUndoStack
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox, QStackedWidget, QToolButton

from builder import __version__
from builder.data import Catalogue
from builder.gui import icons
from builder.gui.actions import Actions, build_menus, shortcut_table
from builder.gui.dialogs import Prompter
from builder.gui.document import WarbandDocument
from builder.gui.focus import show_focus
from builder.gui.mainwindow.event_check import EventCheck
from builder.gui.mainwindow.files import ROSTER, WARBAND, FileController
from builder.gui.mainwindow.gamedata import GameData
from builder.gui.mainwindow.pdf import PdfExport
from builder.gui.mainwindow.rosters import Rosters
from builder.gui.mainwindow.splits import Splits, default_sizes
from builder.gui.panels.catalogue import CataloguePanel
from builder.gui.panels.details import ListDetails
from builder.gui.panels.findings import FindingsPanel
from builder.gui.panels.findings_model import FINDING_ROLE
from builder.gui.panels.guidance import first_steps
from builder.gui.panels.options import OptionsPanel
from builder.gui.panels.picks import PicksPanel
from builder.gui.panels.profile import ProfilePanel
from builder.gui.panels.roster import RosterPanel
from builder.gui.panels.totals import TotalsBar
from builder.gui.play.menu import GameMenu
from builder.gui.screenfit import fit_window
from builder.gui.sharing import Sharing
from builder.i18n import _, ngettext
from builder.model.text import display
from builder.rules import Report
from builder.rules.findings import Finding

if TYPE_CHECKING:
    from builder.gui.roster.editor import RosterEditor

APP_TITLE = "SphereWars Warband Builder"


class MainWindow(QMainWindow):
    """One list in a window. Its parts, for code and tests alike:

    - panels: ``catalogue_panel``, ``details`` (the list's own fields), ``totals``,
      ``roster``, ``findings``, ``profile_panel``;
    - controllers: ``files``, ``splits``, ``pdf``, ``gamedata``, ``event_check``,
      ``sharing``, ``game`` (play mode), ``packs``, ``bsdata``, ``rosters`` (a roster's
      editor, ``rosters.editor``, shown in ``pages`` in the warband panels' place);
    - the shared state: ``doc``, ``stack``, ``act``, ``prompter``, ``settings``.
    """

    def __init__(self, catalogue: Catalogue | None = None, *,
                 settings: QSettings | None = None, prompter: Prompter | None = None,
                 extra_data: Iterable[str | Path] = (),
                 recovery_dir: Path | None = None) -> None:
        super().__init__()
        self.setObjectName("main-window")
        self.settings = settings if settings is not None else QSettings()
        self.prompter = prompter or Prompter(self)
        self.stack = QUndoStack(self)
        self.doc = WarbandDocument(catalogue or Catalogue.load(list(extra_data)), parent=self)
        self._profile_source = "catalogue"

        self.act = Actions(self, self.stack)
        recent_menu, examples_menu = QMenu(self), QMenu(self)
        build_menus(self, self.act, recent_menu, examples_menu)
        self.pages = QStackedWidget()
        self.pages.setObjectName("list-pages")
        self.rosters = Rosters(self, self.stack, self.prompter, self.settings, self.pages)
        self.files = FileController(self, self.doc, self.stack, self.prompter, self.settings,
                                    recent_menu=recent_menu, examples_menu=examples_menu,
                                    clear_recent=self.act.clear_recent,
                                    recovery_dir=recovery_dir, rosters=self.rosters)
        self.gamedata = GameData(self, self.doc, self.prompter, extra_data,
                                 settings=self.settings)
        self.pdf = PdfExport(self, self.files, self.prompter, self.settings,
                             self.files.last_folder)
        self._build_panels()
        self.event_check = EventCheck(self, self.doc, self.prompter,
                                      clear=self.act.clear_event, shows_event=self.totals,
                                      last_folder=self.files.last_folder,
                                      current=lambda: self.files.current)
        self._connect()
        self.sharing = Sharing(self, self)
        self.game = GameMenu(self, self)  # Game → Start game, Save for phone… (play mode)
        self.game.roster_games = self.rosters.game  # (a roster's game: the roster's own)
        from builder.gui.bsdata import BSDataController
        from builder.gui.packs import PacksController

        self.packs = PacksController(self, self)
        self.bsdata = BSDataController(self, self)  # Data → BattleScribe data…, its drops

        self.splits.restore()
        self._details_changed()
        self._catalogue_changed()
        self._validated(self.doc.report)
        self.roster.count_changed()
        self.update_title()

    # ================================================================ building the window

    def _build_panels(self) -> None:
        a = self.act
        self.catalogue_panel = CataloguePanel(a.add)
        self.details = ListDetails(self.doc, self.stack,
                                   ask_faction_change=self.prompter.ask_change_faction)
        self.details.game_changed.connect(lambda game: self.statusBar().showMessage(
            _("The list is now a list of {game}.").format(game=game), 8000))
        self.totals = TotalsBar()
        self.roster = RosterPanel(self.doc, self.stack, a.remove, a.more, a.fewer)
        show_focus(self.catalogue_panel.view, self.roster.view)  # which list has the keys
        self.findings = FindingsPanel()
        self.profile_panel = ProfilePanel(self.doc, self.stack)
        # SPEC §9: the current entry's options under its profile, the list's picks under
        # its entries
        self.options_panel = OptionsPanel(self.doc, self.stack)
        self.profile_panel.add_below_profile(self.options_panel)
        self.picks_panel = PicksPanel(self.doc, self.stack)
        self.splits = Splits(self, self.settings, catalogue=self.catalogue_panel,
                             details=self.details, totals=self.totals, roster=self.roster,
                             findings=self.findings, profile=self.profile_panel,
                             show_catalogue=a.show_catalogue, show_profile=a.show_profile)
        self.splits.add_below_roster(self.picks_panel)
        self.pages.addWidget(self.splits.main)  # (a roster's editor joins it when needed)
        self.setCentralWidget(self.pages)

        # -- status bar: data problems stay one click away
        self.problems_button = QToolButton()
        self.problems_button.setObjectName("data-problems-button")
        self.problems_button.setAutoRaise(True)
        self.problems_button.setIcon(icons.severity("warning"))
        self.problems_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.statusBar().addPermanentWidget(self.problems_button)
        size = fit_window(self, 1280, 760)  # or what a smaller screen has room for
        self.splits.main.setSizes(default_sizes(size.width()))

    def _connect(self) -> None:
        a, files = self.act, self.files
        a.new.triggered.connect(files.new_file)
        a.open.triggered.connect(files.open_file)
        a.save.triggered.connect(files.save)
        a.save_as.triggered.connect(files.save_as)
        a.export_pdf.triggered.connect(self.pdf.export)
        a.check_event.triggered.connect(self.event_check.check_against)
        a.event_lists.triggered.connect(self.event_check.show_event_lists)
        a.quit.triggered.connect(self.close)
        # the edit actions go to the panels shown: the warband's (this window) or a roster's
        a.add.triggered.connect(lambda: self.face.add_selected())
        a.more.triggered.connect(lambda: self.face.step_selected(+1))
        a.fewer.triggered.connect(lambda: self.face.step_selected(-1))
        a.remove.triggered.connect(lambda: self.face.remove_selected())
        a.find.triggered.connect(lambda: self.face.focus_filter())
        a.factions.triggered.connect(self.gamedata.open_editor)
        a.reload_data.triggered.connect(self.gamedata.reload)
        a.data_problems.triggered.connect(self.gamedata.show_problems)
        a.about.triggered.connect(self.show_about)
        a.shortcuts.triggered.connect(self.show_shortcuts)
        a.reset_layout.triggered.connect(self.splits.reset)

        files.opened.connect(self._opened)
        files.kind_changed.connect(self._kind_changed)
        files.watch_drops()
        self.rosters.status.connect(lambda text: self.statusBar().showMessage(text, 8000))
        self.rosters.data_wanted.connect(lambda: self.bsdata.open_dialog())
        files.saved.connect(self.update_title)
        files.started_new.connect(self.details.start_naming)
        files.install_wanted.connect(lambda: self.packs.open_dialog())
        files.faction_wanted.connect(self.gamedata.new_faction)
        files.data_wanted.connect(self.gamedata.add_data)
        self.stack.cleanChanged.connect(lambda _clean: self.update_title())
        self.stack.indexChanged.connect(lambda _i: self.update_title())

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
        self.problems_button.clicked.connect(self.gamedata.show_problems)

    # ================================================================ reacting to the document

    @property
    def face(self) -> Any:
        """Where the edit actions go (add, more, fewer, remove, filter): this window for a
        warband, the roster editor for a roster."""
        editor = self.rosters.editor
        return editor if self.files.kind == ROSTER and editor is not None else self

    @property
    def roster_editor(self) -> RosterEditor | None:
        return self.rosters.editor if self.files.kind == ROSTER else None

    def _opened(self) -> None:
        self.update_title()
        self.event_check.follow()
        self.game.follow()
        if self.files.kind == WARBAND:
            self.roster.select_first()

    def _kind_changed(self, kind: str) -> None:
        """The other kind of list is open: its panels shown, the actions named for it, what
        only a warband has (share codes, play mode, its data) off for a roster."""
        roster = kind == ROSTER
        if roster:
            editor = self.rosters.editor
            assert editor is not None and self.rosters.doc is not None
            self.pages.setCurrentWidget(editor)
            if not editor.property("connected"):
                editor.setProperty("connected", True)
                self.rosters.doc.validated.connect(lambda _r: self._roster_validated())
                self.rosters.doc.details_changed.connect(self.update_title)
                for view in (editor.tree.view, editor.offers.view):
                    view.addActions([self.act.remove, self.act.more, self.act.fewer])
                show_focus(editor.offers.view, editor.tree.view)
            self.act.add.setText(_("&Add to roster"))
            self.act.remove.setText(_("&Remove from roster"))
            self._roster_validated()
        else:
            self.pages.setCurrentWidget(self.splits.main)
            self._follow_game()
            self.sharing.follow()
        for action in (self.act.copy_code, self.act.show_catalogue, self.act.show_profile,
                       self.act.reset_layout):
            action.setEnabled(not roster)
        self.event_check.follow()
        self.game.follow()
        self.problems_button.setVisible(not roster and bool(self.doc.catalogue.problems))
        self.update_title()

    def _roster_validated(self) -> None:
        if self.files.kind == ROSTER:
            self.sharing.follow()
            editor = self.rosters.editor
            if editor is not None:
                has = bool(editor.tree.selected())
                for action in (self.act.remove, self.act.more, self.act.fewer):
                    action.setEnabled(has)

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
        self.update_title()
        if self.catalogue_panel.model.faction is not self.doc.faction:
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
        self.roster.count_changed()
        self._show_profile_again()

    def update_title(self) -> None:
        if not shiboken6.isValid(self):
            return  # the undo stack clears itself while the window is being destroyed
        roster = self.rosters.doc if self.files.kind == ROSTER else None
        if roster is not None:
            at = roster.tournament
            self.setWindowTitle(f"{roster.name}[*] ({roster.report.system_name})"
                                + (f" — {at.name}" if at is not None else "")
                                + f" — {APP_TITLE}")
            self.setWindowModified(self.files.is_modified())
            return
        faction = self.doc.faction
        game = f" ({display(faction.game.name)})" if faction is not None else ""
        event = f" — {self.doc.tournament.name}" if self.doc.tournament is not None else ""
        self.setWindowTitle(f"{self.doc.warband.name}[*]{game}{event} — {APP_TITLE}")
        self.setWindowModified(self.files.is_modified())

    # ================================================================ editing

    def add_combatant(self, combatant_id: str) -> None:
        self.roster.add(combatant_id)

    def add_selected(self) -> None:
        ids = self.catalogue_panel.selected_ids()
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

    def shown_combatant(self) -> str | None:
        """The combatant whose profile is shown: the roster's current entry when the roster
        chose it last, else the catalogue's current one."""
        if self._profile_source == "roster":
            row = self.roster.current_row()
            if 0 <= row < len(self.doc.entries):
                return self.doc.entry(row).combatant
        return self.catalogue_panel.current_id() or None

    def _show_profile_again(self) -> None:
        cid = self.shown_combatant()
        if cid:
            self.profile_panel.show_combatant(cid)
        else:
            self.profile_panel.clear()

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

    # ================================================================ Qt events

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802 (Qt override)
        self.splits.window_shown()
        super().showEvent(event)
        self.splits.first_shown()

    def changeEvent(self, event: QEvent) -> None:  # noqa: N802 (Qt override)
        super().changeEvent(event)
        if event.type() in (QEvent.Type.PaletteChange, QEvent.Type.ApplicationPaletteChange):
            # the desktop went from light to dark or back: our icons follow its text colour
            icons.refresh(self)
        elif event.type() == QEvent.Type.ActivationChange and self.isActiveWindow() \
                and self.files.watching():
            QTimer.singleShot(0, self, self.files.check_disk)  # (not from inside the event)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)  # the splitter has its new width by now
        if event.size().width() != event.oldSize().width() and event.size().width() > 0:
            self.splits.window_resized(event.size().width() < event.oldSize().width())
        self.splits.changed()

    def moveEvent(self, event: QMoveEvent) -> None:  # noqa: N802 (Qt override)
        super().moveEvent(event)
        self.splits.changed()

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt override)
        # The faction editor goes first: it may have unsaved work of its own to ask about.
        if not self.gamedata.close_editor() or not self.files.maybe_save():
            event.ignore()
            return
        self.splits.save()
        self.rosters.save_layout()
        self.files.remember_session()
        self.files.close()
        event.accept()
