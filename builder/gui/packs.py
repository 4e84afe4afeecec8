"""Data packs in the app (SPEC §8): Data → Packs…, a ``.swpack`` dropped on the window, what
changed for the open list after an install or update, and *Copy data report*.

The window creates one :class:`PacksController`; its actions are declared in ``actions.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QMessageBox

from builder import __version__
from builder.i18n import _

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow

    from builder.gui.dialogs.packs import PacksDialog
    from builder.gui.host import Host
    from builder.packs.store import Store

# (the store of installed packs is read when the dialog opens or a report is made, not at start)


def dropped_packs(event: QDragEnterEvent | QDropEvent) -> list[str]:
    """The ``.swpack`` files in a drag."""
    mime = event.mimeData()
    if not mime.hasUrls():
        return []
    return [url.toLocalFile() for url in mime.urls()
            if url.isLocalFile() and url.toLocalFile().lower().endswith(".swpack")]


class PacksController(QObject):
    def __init__(self, host: Host, window: QMainWindow, store: Store | None = None) -> None:
        super().__init__(window)
        self.host = host
        self.window = window
        self.store = store
        self.stall: float | None = None
        """Seconds without a byte before a download gives up (None: the downloader's own;
        the downloader, with the network modules, is loaded when the dialog first opens)."""
        self.dialog: PacksDialog | None = None
        self.last_message: str | None = None
        """What the app last said about the open list after a data change."""
        host.act.packs.triggered.connect(lambda _c=False: self.open_dialog())
        host.act.copy_report.triggered.connect(lambda _c=False: self.copy_report())
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    def open_dialog(self, install: str | None = None) -> PacksDialog:
        from builder.gui.dialogs.packs import PacksDialog

        if self.dialog is None:
            from builder.packs.fetch import STALL_SECONDS
            from builder.packs.store import Store

            self.dialog = PacksDialog(self.window, self.store or Store(),
                                      stall=STALL_SECONDS if self.stall is None else self.stall,
                                      names=self.data_name)
            self.dialog.changed.connect(self.data_changed)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        if install is not None:
            self.dialog.install(install)
        return self.dialog

    def data_name(self, data_id: str) -> str:
        """A faction as the player knows it, with its game ("Soimi (SphereWars — first
        edition)"), or a game system's name; the id when the data is not loaded."""
        from builder.model.text import display

        catalogue = self.host.doc.catalogue
        faction = catalogue.factions.get(data_id)
        if faction is not None:
            return _("{faction} ({game})").format(
                faction=faction.name, game=display(faction.game.name)) if faction.attached \
                else faction.name
        system = catalogue.systems.get(data_id)
        return display(system.name) if system is not None else data_id

    def data_changed(self) -> None:
        """Load the data again, re-check the open list, and say what changed for it."""
        host = self.host
        old = host.doc.catalogue
        new = host.gamedata.reload()
        if self.dialog is not None:
            self.dialog.refresh()  # the names of what came in
        warband = host.doc.warband
        if not warband.entries:
            self.last_message = None
            return
        from builder.packs.diff import list_update_message

        changed, message = list_update_message(old, new, warband)
        self.last_message = message
        if changed:
            self.tell(_("Data updated"), message)
        else:
            self.window.statusBar().showMessage(message, 8000)

    def tell(self, title: str, text: str) -> None:
        """The what-changed message (a test replaces it)."""
        QMessageBox.information(self.window, title, text)

    # --- the data report -----------------------------------------------------------------

    def current_combatant(self) -> str | None:
        return self.host.shown_combatant()

    def report(self) -> str:
        """What a data-error report needs: the pack and version, the faction, the combatant
        and the list's share code."""
        from builder.data.share import encode_warband
        from builder.packs.store import Store

        catalogue = self.host.doc.catalogue
        warband = self.host.doc.warband
        faction = catalogue.get(warband.faction)
        lines = [_("SphereWars Warband Builder {version}: data report").format(
            version=__version__)]
        path = catalogue.files.get(warband.faction)
        installed = (self.store or Store()).pack_of(path) if path is not None else None
        if installed is not None:
            lines.append(_("Pack: {id} {version} (fingerprint {fingerprint})").format(
                id=installed.id, version=installed.version, fingerprint=installed.fingerprint))
        elif warband.faction in catalogue.builtin_ids:
            lines.append(_("Pack: none (the data built into the program)"))
        else:
            lines.append(_("Pack: none (a file: {path})").format(
                path=Path(path).name if path else "–"))
        if faction is not None:
            lines.append(_("Faction: {name} ({id}), data fingerprint {fingerprint}").format(
                name=faction.name, id=faction.id,
                fingerprint=catalogue.data_fingerprint(faction.id)))
            cid = self.current_combatant()
            combatant = faction.combatant(cid) if cid else None
            if combatant is not None:
                lines.append(_("Combatant: {name} ({id})").format(name=combatant.name,
                                                                  id=combatant.id))
        else:
            lines.append(_("Faction: {id} (not loaded)").format(id=warband.faction))
        lines.append(_("List: {code}").format(code=encode_warband(warband)))
        return "\n".join(lines) + "\n"

    def copy_report(self) -> str:
        text = self.report()
        QGuiApplication.clipboard().setText(text)
        self.window.statusBar().showMessage(_("Data report copied: paste it into your error "
                                              "report to the pack's authors"), 6000)
        return text

    # --- a .swpack dropped on the window ---------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.DragEnter and isinstance(event, QDragEnterEvent):
            if dropped_packs(event):
                event.acceptProposedAction()
                return True
        elif event.type() == QEvent.Type.Drop and isinstance(event, QDropEvent):
            found = dropped_packs(event)
            if found:
                event.acceptProposedAction()
                self.open_dialog().install(*found)
                return True
        return False
