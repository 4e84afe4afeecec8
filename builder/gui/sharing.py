"""Sharing lists from the app (SPEC §7): copy as chat text, copy the share code, import a code
(from the dialog, by pasting onto the window, or by dropping text on it), and the list's
fingerprint (SPEC §6) in the status bar.

Everything here calls the Qt-free core (``builder.data.share``, ``builder.export.chat``); the
window only creates one :class:`Sharing` and keeps its actions in ``actions.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu, QToolBar, QToolButton

from builder.data.share import ShareCodeError, decode_warband, encode_warband, find_code
from builder.export.styles import STYLE_NAMES
from builder.gui import icons
from builder.gui.dialogs.import_code import describe
from builder.i18n import _
from builder.rules import Report

if TYPE_CHECKING:
    from builder.gui.host import Host

MAX_PASTE_CHARS = 4 * 1024 * 1024
"""Clipboard or dropped text longer than this is not searched for a code."""


def clipboard_text() -> str:
    text = QGuiApplication.clipboard().text()
    return text if len(text) <= MAX_PASTE_CHARS else ""


class Sharing(QObject):
    """Wires the sharing actions of a main window, its fingerprint label, and the paste and
    drop of text holding a code onto the window."""

    def __init__(self, host: Host, window: QMainWindow) -> None:
        super().__init__(window)
        self.host = host
        self.window = window
        a = host.act
        for style, action in a.copy_text.items():
            action.triggered.connect(lambda _c=False, s=style: self.copy_text(s))
        a.copy_code.triggered.connect(self.copy_code)
        a.paste_code.triggered.connect(self.paste)
        a.import_code.triggered.connect(self.import_from_code)

        self.fingerprint = QLabel()
        self.fingerprint.setObjectName("fingerprint-label")
        self.fingerprint.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.fingerprint.setToolTip(_(
            "The list fingerprint: lists with the same models of the same faction have the "
            "same one, whatever their name, notes or order. Organisers use it to check that a "
            "list was not changed after it was sent."))
        window.statusBar().addPermanentWidget(self.fingerprint)
        host.doc.validated.connect(self._validated)
        self._validated(host.doc.report)

        self._add_toolbar_button()
        window.setAcceptDrops(True)
        window.installEventFilter(self)

    def _add_toolbar_button(self) -> None:
        """One click copies the list as text (the style chosen last); the arrow offers the
        other styles and the share code."""
        toolbar = self.window.findChild(QToolBar, "main-toolbar")
        if toolbar is None:
            return
        menu = QMenu(self.window)
        menu.addActions(list(self.host.act.copy_text.values()))
        menu.addSeparator()
        menu.addAction(self.host.act.copy_code)
        self.share_button = QToolButton()
        self.share_button.setObjectName("share-button")
        self.share_button.setText(_("Copy as text"))
        self.share_button.setToolTip(_("Copy the list as text for a chat (click the arrow "
                                       "for Markdown, BBCode or the share code)"))
        self.share_button.setMenu(menu)
        self.share_button.setPopupMode(QToolButton.ToolButtonPopupMode.MenuButtonPopup)
        icons.give(self.share_button, "copy-text")
        self.share_button.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.share_button.clicked.connect(lambda: self.copy_text(self._last_style()))
        toolbar.addSeparator()
        toolbar.addWidget(self.share_button)

    def _last_style(self) -> str:
        style = str(self.host.settings.value("share/style", "plain") or "plain")
        return style if style in STYLE_NAMES else "plain"

    # -- copying ---------------------------------------------------------------------------

    def copy_text(self, style: str) -> None:
        QGuiApplication.clipboard().setText(self.host.files.current.text(style))
        self.host.settings.setValue("share/style", style)
        self.window.statusBar().showMessage(
            _("Copied the list as {style}: paste it into a chat or a post").format(
                style=_(STYLE_NAMES[style]).split(" (")[0].lower()), 5000)

    def copy_code(self) -> None:
        QGuiApplication.clipboard().setText(encode_warband(self.host.doc.warband))
        self.window.statusBar().showMessage(
            _("Copied the share code: paste it anywhere; File → Import from code… brings the "
              "list back"), 5000)

    # -- importing -------------------------------------------------------------------------

    def import_from_code(self) -> None:
        """The dialog, pre-filled from the clipboard when it holds a code."""
        clipboard = clipboard_text()
        prefill = clipboard if find_code(clipboard) else ""
        text = self.host.prompter.ask_import_text(
            prefill, fingerprint=self.host.doc.catalogue.list_fingerprint)
        if text is not None:
            self.import_text(text)

    def paste(self) -> None:
        text = clipboard_text()
        if find_code(text) is None:
            self.window.statusBar().showMessage(
                _("The clipboard holds no share code (they start with SWB1.)"), 5000)
            return
        self.import_text(text)

    def import_text(self, text: str) -> bool:
        """Open the list of the first code in ``text`` as a new untitled list. A bad code
        says why, and the open list stays as it was."""
        h = self.host
        try:
            warband = decode_warband(text)
        except ShareCodeError as exc:
            h.prompter.show_error(_("Could not import the list"),
                                  _("The text holds no share code that can be used."),
                                  str(exc)[:1].upper() + str(exc)[1:] + ".")
            return False
        if not h.files.maybe_save():
            return False
        h.files.open_untitled(warband, _("Imported {list} from a share code — save it to keep "
                                         "it").format(list=describe(warband)))
        return True

    def _validated(self, _report: Report) -> None:
        if self.host.files.kind == "warband":  # (a roster's is followed by follow())
            self.follow()

    def follow(self) -> None:
        """The open list's fingerprint in the status bar (a warband's or a roster's); the
        label keeps its widest width, so a new fingerprint does not lay the status bar out
        again at each edit."""
        label = self.fingerprint
        text = _("Fingerprint {fingerprint}").format(
            fingerprint=self.host.files.current.fingerprint())
        if label.text() != text:
            label.setText(text)
            label.setMinimumWidth(max(label.minimumWidth(), label.sizeHint().width()))

    # -- paste and drop onto the window ------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt)
        if watched is self.window:
            if isinstance(event, QDragEnterEvent):
                mime = event.mimeData()
                if mime.hasText() and find_code(mime.text()[:MAX_PASTE_CHARS]):
                    event.acceptProposedAction()
                    return True
            elif isinstance(event, QDropEvent) and event.type() == QEvent.Type.Drop:
                mime = event.mimeData()
                if mime.hasText() and find_code(mime.text()[:MAX_PASTE_CHARS]):
                    event.acceptProposedAction()
                    self.import_text(mime.text()[:MAX_PASTE_CHARS])
                    return True
        return super().eventFilter(watched, event)
