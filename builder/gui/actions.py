"""Everything the user can do from menus and shortcuts, declared in one place.

Shortcuts are ``QKeySequence.StandardKey`` values wherever Qt has one, so each platform gets
its own (Ctrl+S here, ⌘S on macOS); menu roles put Quit and About where macOS expects them.
The window connects ``triggered`` signals; this module only declares and lays out.
"""

from __future__ import annotations

import shiboken6
from PySide6.QtCore import QObject, QSize, Qt
from PySide6.QtGui import QAction, QKeySequence, QUndoStack
from PySide6.QtWidgets import QMainWindow, QMenu, QStyle

from builder.export.styles import STYLE_NAMES
from builder.gui import icons
from builder.gui.language import add_language_menu
from builder.gui.undokeys import UndoKeys
from builder.i18n import _

SK = QKeySequence.StandardKey
_MEDIA_KEYS = 0x01000053
"""Qt key codes from here on are keys of multimedia keyboards, not worth listing."""
SP = QStyle.StandardPixmap
DUPLICATE_KEY = QKeySequence("Ctrl+D")
ADD_KEY = "Ctrl+Return"
"""Add: to the warband in the main window, a combatant (or an ability) in the faction
editor."""
"""Duplicate (a faction, in the editor), and nothing else in any window."""
TOOL_ICON = 24
"""Toolbar icon size in pixels."""


def _action(parent: QObject, text: str, *, name: str,
            keys: QKeySequence.StandardKey | str | list[str] | None = None,
            tip: str | None = None, icon: str | tuple[str, QStyle.StandardPixmap] | None = None,
            role: QAction.MenuRole | None = None) -> QAction:
    """``icon``: one of ours by name (``icons.ACTIONS``), or (theme name, style fallback)."""
    action = QAction(text, parent)
    action.setObjectName(name)
    if isinstance(keys, QKeySequence.StandardKey):
        action.setShortcuts(keys)
    elif isinstance(keys, str):
        action.setShortcut(QKeySequence(keys))
    elif isinstance(keys, list):
        action.setShortcuts([QKeySequence(k) for k in keys])
    if tip:
        action.setStatusTip(tip)
        action.setToolTip(tip)
    if isinstance(icon, str):
        icons.give(action, icon)
    elif icon:
        action.setIcon(icons.themed(*icon))
    if role is not None:
        action.setMenuRole(role)
    return action


class _ToolProxy(QAction):
    """A toolbar face for the undo stack's Undo or Redo: a short fixed label, the stack
    action's icon and state, and the step it would undo as the tooltip."""

    def __init__(self, parent: QObject, target: QAction, label: str, name: str) -> None:
        super().__init__(label, parent)
        self.setObjectName(name)
        icons.give(self, str(target.property(icons.ICON_NAME)))
        self.target = target
        self.triggered.connect(target.trigger)
        target.changed.connect(self._follow)
        self._follow()

    def _follow(self) -> None:
        if not (shiboken6.isValid(self) and shiboken6.isValid(self.target)):
            return  # the window is being destroyed
        self.setEnabled(self.target.isEnabled())
        keys = self.target.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        step = self.target.text().replace("&", "")
        self.setToolTip(f"{step} ({keys})" if keys else step)
        self.setStatusTip(step)


class Actions:
    """The window's actions, each with its shortcut, tip and icon."""

    def __init__(self, window: QMainWindow, stack: QUndoStack) -> None:
        w = window
        # File
        self.new = _action(w, _("&New"), name="new", keys=SK.New, icon="new",
                           tip=_("Start a new warband list"))
        self.open = _action(w, _("&Open…"), name="open", keys=SK.Open, icon="open",
                            tip=_("Open a warband list"))
        self.save = _action(w, _("&Save"), name="save", keys=SK.Save, icon="save",
                            tip=_("Save the list"))
        self.save_as = _action(w, _("Save &As…"), name="save-as", keys=SK.SaveAs, icon="save-as",
                               tip=_("Save the list under another name"))
        self.export_pdf = _action(w, _("&Export PDF…"), name="export-pdf", keys=SK.Print,
                                  icon="export-pdf",
                                  tip=_("Print profile cards and the turn summary sheet to PDF"))
        self.check_event = _action(w, _("Check against &event…"), name="check-event",
                                   tip=_("Open a tournament event file: the list is checked "
                                         "against the event's limit and rules as well"))
        self.event_lists = _action(w, _("Check &lists against event…"), name="event-lists",
                                   keys="Ctrl+Shift+E",
                                   tip=_("Check a folder of submitted lists and pasted share "
                                         "codes against a tournament event: every player, "
                                         "list and verdict in one table"))
        self.clear_event = _action(w, _("Stop checking against event"), name="clear-event",
                                   tip=_("Check the list against the game's rules only"))
        self.clear_event.setEnabled(False)
        quit_keys = QKeySequence.keyBindings(SK.Quit) or [QKeySequence("Ctrl+Q")]
        self.quit = _action(w, _("&Quit"), name="quit", role=QAction.MenuRole.QuitRole,
                            icon=("application-exit", SP.SP_DialogCloseButton))
        self.quit.setShortcuts(quit_keys)
        self.clear_recent = _action(w, _("&Clear list"), name="clear-recent")
        # Edit
        self.undo = stack.createUndoAction(w, _("&Undo"))
        self.undo.setObjectName("undo")
        icons.give(self.undo, "undo")
        self.redo = stack.createRedoAction(w, _("&Redo"))
        self.redo.setObjectName("redo")
        icons.give(self.redo, "redo")
        # The menu's Undo names the step ("Undo Add Nek'Org"), too long for a toolbar label:
        # the toolbar's buttons say Undo and Redo and name the step in their tooltips.
        self.undo_tool = _ToolProxy(w, self.undo, _("Undo"), "undo-tool")
        self.redo_tool = _ToolProxy(w, self.redo, _("Redo"), "redo-tool")
        # Ctrl+Z, Ctrl+Shift+Z and Ctrl+Y, even inside the list name and the notes
        self.undo_keys = UndoKeys(w, self.undo, self.redo)
        self.add = _action(w, _("&Add to warband"), name="add", keys=[ADD_KEY], icon="add",
                           tip=_("Hire the selected combatant (Enter in the catalogue, "
                                 "double-click, or drag it onto the roster)"))
        self.more = _action(w, _("One &more"), name="more", keys=["+", "Ctrl+="],
                            tip=_("Hire one more of the selected entry"))
        self.fewer = _action(w, _("One &fewer"), name="fewer", keys=["-"],
                             tip=_("Hire one fewer of the selected entry (removes it at zero)"))
        self.remove = _action(w, _("&Remove from warband"), name="remove", keys=SK.Delete,
                              icon="remove",
                              tip=_("Remove the selected entries"))
        # KDE's Delete also has Ctrl+D, which means Duplicate in the faction editor: one
        # meaning across both windows
        self.remove.setShortcuts([k for k in QKeySequence.keyBindings(SK.Delete)
                                  if k != DUPLICATE_KEY] or [QKeySequence(Qt.Key.Key_Delete)])
        self.find = _action(w, _("&Filter catalogue"), name="find", keys=SK.Find,
                            tip=_("Type to narrow the catalogue by name"))
        # Roster-only keys: Delete, + and - must not fire while typing in a text field.
        for action in (self.remove, self.more, self.fewer):
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        # Sharing (SPEC §7): chat text, share codes
        self.copy_text = {
            style: _action(w, _(label), name=f"copy-text-{style}",
                           tip=_("Copy the list as {style} for a chat or forum post").format(
                               style=_(label).lower()))
            for style, label in STYLE_NAMES.items()}
        self.copy_code = _action(w, _("Copy &share code"), name="copy-code", keys="Ctrl+Shift+C",
                                 tip=_("Copy the list's share code: one line that brings the "
                                       "whole list back in any Warband Builder"))
        self.paste_code = _action(w, _("&Paste list from share code"), name="paste-code",
                                  keys=SK.Paste,
                                  tip=_("Open the list held by the share code on the clipboard"))
        self.import_code = _action(w, _("&Import from code…"), name="import-code",
                                   tip=_("Open a list from a share code, or a chat message "
                                         "holding one"))
        # Data
        self.factions = _action(w, _("&Factions…"), name="factions",
                                tip=_("Create and edit your own faction files"))
        self.reload_data = _action(w, _("&Reload faction data"), name="reload-data",
                                   keys=SK.Refresh, icon="reload",
                                   tip=_("Read the game system and faction files again"))
        self.packs = _action(w, _("P&acks…"), name="packs",
                             tip=_("Install, update and remove data packs: factions and games "
                                   "shared by others"))
        self.bsdata = _action(w, _("&BattleScribe data…"), name="bsdata",
                              tip=_("Add, update and remove BattleScribe game systems and "
                                    "catalogues (BSData)"))
        self.copy_report = _action(w, _("&Copy data report"), name="copy-report",
                                   tip=_("Copy the pack, version, faction, combatant and the "
                                         "list's share code, for a report of a data error"))
        self.data_problems = _action(w, _("Data &problems…"), name="data-problems",
                                     icon=("dialog-warning", SP.SP_MessageBoxWarning),
                                     tip=_("Game system and faction files that could not be "
                                           "loaded"))
        # View: the side panels fold away to leave the list the room (small screens)
        self.show_catalogue = _action(w, _("&Catalogue"), name="show-catalogue", keys="Ctrl+1",
                                      icon="panel-left",
                                      tip=_("Show or hide the catalogue on the left"))
        self.show_profile = _action(w, _("&Profile and notes"), name="show-profile",
                                    keys="Ctrl+2", icon="panel-right",
                                    tip=_("Show or hide the profile and notes on the right"))
        for action in (self.show_catalogue, self.show_profile):
            action.setCheckable(True)
            action.setChecked(True)
        self.reset_layout = _action(w, _("&Reset layout"), name="reset-layout",
                                    tip=_("Panels back to their first sizes, fitted to the "
                                          "window"))
        # Help
        self.about = _action(w, _("&About SphereWars Warband Builder"), name="about",
                             role=QAction.MenuRole.AboutRole)
        self.shortcuts = _action(w, _("&Keyboard shortcuts"), name="shortcuts",
                                 keys=SK.HelpContents)


def build_menus(window: QMainWindow, a: Actions, recent: QMenu, examples: QMenu) -> None:
    """The menu bar. ``recent`` and ``examples`` are filled by the window."""
    bar = window.menuBar()
    file = bar.addMenu(_("&File"))
    file.addActions([a.new, a.open])
    recent.setTitle(_("Open &Recent"))
    recent.setObjectName("recent-menu")
    file.addMenu(recent)
    examples.setTitle(_("Open E&xample"))
    examples.setObjectName("examples-menu")
    file.addMenu(examples)
    file.addAction(a.import_code)
    file.addSeparator()
    file.addActions([a.save, a.save_as])
    file.addSeparator()
    file.addAction(a.export_pdf)
    file.addSeparator()
    file.addActions([a.check_event, a.clear_event, a.event_lists])
    file.addSeparator()
    file.addAction(a.quit)

    edit = bar.addMenu(_("&Edit"))
    edit.addActions([a.undo, a.redo])
    edit.addSeparator()
    edit.addActions([a.add, a.more, a.fewer, a.remove])
    edit.addSeparator()
    edit.addAction(a.find)
    edit.addSeparator()
    as_text = edit.addMenu(_("Copy list as &text"))
    as_text.setObjectName("copy-text-menu")
    as_text.addActions(list(a.copy_text.values()))
    edit.addActions([a.copy_code, a.paste_code])

    view = bar.addMenu(_("&View"))
    view.addActions([a.show_catalogue, a.show_profile])
    view.addSeparator()
    view.addAction(a.reset_layout)

    data = bar.addMenu(_("&Data"))
    data.addActions([a.factions, a.packs, a.bsdata, a.reload_data, a.data_problems])
    data.addSeparator()
    data.addAction(a.copy_report)

    add_language_menu(bar, getattr(window, "settings", None))  # stored; applies on restart
    help_ = bar.addMenu(_("&Help"))
    help_.addActions([a.shortcuts, a.about])

    tools = window.addToolBar(_("Main"))
    tools.setObjectName("main-toolbar")
    tools.setMovable(False)
    tools.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
    tools.setIconSize(QSize(TOOL_ICON, TOOL_ICON))
    tools.addActions([a.new, a.open, a.save])
    tools.addSeparator()
    tools.addActions([a.undo_tool, a.redo_tool])
    tools.addSeparator()
    tools.addAction(a.export_pdf)


def shortcut_table(a: Actions, *more: QAction) -> list[tuple[str, str]]:
    """(what, keys) for the shortcuts dialog and the README, in menu order; ``more``: the
    actions of other menus (the Game menu's), after the File menu's."""
    rows = []
    for action in (a.new, a.open, a.save, a.save_as, a.export_pdf, a.event_lists, *more,
                   a.quit, a.undo, a.redo,
                   a.add, a.more, a.fewer, a.remove, a.find, a.copy_code, a.paste_code,
                   a.show_catalogue, a.show_profile, a.reload_data, a.shortcuts):
        # Leave out dedicated keys of multimedia keyboards (Key_Open, Key_Undo, …).
        keys = ", ".join(k.toString(QKeySequence.SequenceFormat.NativeText)
                         for k in action.shortcuts()
                         if int(k[0].key()) < _MEDIA_KEYS)  # type: ignore[index]
        label = {"undo": _("Undo"), "redo": _("Redo"),
                 "show-catalogue": _("Show or hide the catalogue"),
                 "show-profile": _("Show or hide the profile")}.get(action.objectName(),
                                                              action.text())
        if keys:
            rows.append((label.replace("&", "").rstrip("…"), keys))
    return rows
