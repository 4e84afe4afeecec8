"""BattleScribe data in the app (SPEC §10): Data → BattleScribe data…, and BattleScribe files
(``.gst``, ``.gstz``, ``.cat``, ``.catz``, ``.bsi``) dropped on the window or on that dialog.

The window creates one :class:`BSDataController`; its action is declared in ``actions.py``.
Neither the dialog nor the core it drives (:mod:`builder.bsdata`, the engine) is imported
before the dialog first opens: the first window starts without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtGui import QDragEnterEvent, QDropEvent

from builder.i18n import _

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMainWindow

    from builder.bsdata.store import Store
    from builder.gui.dialogs.bsdata import BSDataDialog
    from builder.gui.host import Host

SUFFIXES = (".gst", ".gstz", ".cat", ".catz", ".bsi")
"""What a drop adds: data files and data indexes (a folder is added from the dialog)."""


def dropped_data(event: QDragEnterEvent | QDropEvent) -> tuple[list[str], bool]:
    """(the BattleScribe files in a drag, whether it holds other local files too)."""
    mime = event.mimeData()
    if not mime.hasUrls():
        return [], False
    local = [url.toLocalFile() for url in mime.urls() if url.isLocalFile()]
    found = [path for path in local if path.lower().endswith(SUFFIXES)]
    return found, len(found) < len(local)


class BSDataController(QObject):
    changed = Signal()
    """BattleScribe data was added, updated or removed."""

    def __init__(self, host: Host, window: QMainWindow, store: Store | None = None) -> None:
        super().__init__(window)
        self.host = host
        self.window = window
        self.store = store
        self.stall: float | None = None
        """Seconds without a byte before a download gives up (None: the downloader's)."""
        self.dialog: BSDataDialog | None = None
        host.act.bsdata.triggered.connect(lambda _c=False: self.open_dialog())
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    def open_dialog(self, add: list[str] | None = None) -> BSDataDialog:
        """The dialog, shown (made the first time), adding ``add`` when given."""
        from builder.gui.dialogs.bsdata import BSDataDialog

        if self.dialog is None:
            from PySide6.QtCore import QCoreApplication

            from builder.gui.dialogs.bsdata import BSDataTask
            from builder.packs.fetch import STALL_SECONDS

            app = QCoreApplication.instance()
            if app is not None:  # no work outlives the app (a thread still running crashes it)
                app.aboutToQuit.connect(BSDataTask.stop_all)

            self.dialog = BSDataDialog(self.window, self.store,
                                       stall=STALL_SECONDS if self.stall is None else self.stall)
            self.dialog.changed.connect(self._changed)
            self.dialog.setAcceptDrops(True)
            self.dialog.installEventFilter(self)
        self.dialog.show()
        self.dialog.raise_()
        self.dialog.activateWindow()
        if add:
            self.dialog.add(add)
        return self.dialog

    def _changed(self) -> None:
        self.window.statusBar().showMessage(_("BattleScribe data changed"), 6000)
        self.changed.emit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        """BattleScribe files dropped on the window or the dialog are added. A drop that also
        holds other files goes on to the window's other handlers (a ``.swpack``)."""
        if event.type() == QEvent.Type.DragEnter and isinstance(event, QDragEnterEvent):
            if dropped_data(event)[0]:
                event.acceptProposedAction()
                return True
        elif event.type() == QEvent.Type.Drop and isinstance(event, QDropEvent):
            found, others = dropped_data(event)
            if found:
                event.acceptProposedAction()
                self.open_dialog(found)
                return not others
        return False
