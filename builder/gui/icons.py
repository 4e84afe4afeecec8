"""Icons: the app's own (from ``resources/icons``) and the platform style's standard ones.

Every toolbar action has an icon of ours (``resources/icons/actions/*.svg``), so Undo looks
like undo whatever the desktop's icon theme; their outlines are drawn in ``currentColor``,
which becomes the palette's text colour here, so they read on light and dark palettes alike.
Standard icons come from the running style so they match the desktop; both are made lazily
because a ``QStyle`` or a palette needs a ``QApplication``.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QObject, QRectF, Qt
from PySide6.QtGui import QAction, QGuiApplication, QIcon, QImage, QPainter, QPalette, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QAbstractButton, QApplication, QStyle

from builder import paths

SP = QStyle.StandardPixmap
ACTION_SIZES = (16, 22, 24, 32, 48, 64)
"""Pixel sizes each action icon is drawn at (64 and 48: 32 and 24 on a 2× screen)."""
ACTIONS = ("new", "open", "save", "save-as", "undo", "redo", "export-pdf", "copy-text", "add",
           "remove", "reload", "panel-left", "panel-right")


@cache
def app_icon() -> QIcon:
    """Every PNG size the packaging ships under ``icons/hicolor``, or the plain SVG."""
    icon = QIcon()
    folder = paths.resources_dir() / "icons"
    for png in sorted(folder.glob(f"hicolor/*/apps/{paths.DESKTOP_ID}.png")):
        icon.addFile(str(png))
    if icon.isNull():
        svg = folder / "spherewars.svg"
        if svg.is_file():
            icon.addFile(str(svg))
    return icon


def standard(pixmap: QStyle.StandardPixmap) -> QIcon:
    return _standard(pixmap)


@cache
def _standard(pixmap: QStyle.StandardPixmap) -> QIcon:
    app = QApplication.instance()
    if not isinstance(app, QApplication):
        return QIcon()
    return app.style().standardIcon(pixmap)


_SEVERITY = {"error": SP.SP_MessageBoxCritical, "warning": SP.SP_MessageBoxWarning,
             "legal": SP.SP_DialogApplyButton, "info": SP.SP_MessageBoxInformation}


def severity(kind: str) -> QIcon:
    """``error``, ``warning``, ``legal`` or ``info``."""
    return standard(_SEVERITY[kind])


def themed(name: str, fallback: QStyle.StandardPixmap) -> QIcon:
    """A freedesktop theme icon where the desktop has one, else the style's."""
    icon = QIcon.fromTheme(name)
    return icon if not icon.isNull() else standard(fallback)


def actions_dir() -> Path:
    return paths.resources_dir() / "icons" / "actions"


def action(name: str) -> QIcon:
    """One of our action icons (``ACTIONS``), its outline in the palette's text colour."""
    app = QGuiApplication.instance()
    colour = (QGuiApplication.palette().color(QPalette.ColorRole.WindowText).name()
              if app is not None else "#202020")
    return _action(name, colour)


@cache
def _action(name: str, colour: str) -> QIcon:
    svg = (actions_dir() / f"{name}.svg").read_text("utf-8").replace("currentColor", colour)
    renderer = QSvgRenderer(QByteArray(svg.encode("utf-8")))
    icon = QIcon()
    if not renderer.isValid():
        return icon
    for size in ACTION_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        icon.addPixmap(QPixmap.fromImage(image))
    return icon


ICON_NAME = "spherewars-icon"
"""The property that names an object's action icon, so :func:`refresh` can redraw it."""


def give(target: QAction | QAbstractButton, name: str) -> None:
    """Give an action or a button one of our action icons, redrawn by :func:`refresh`."""
    target.setProperty(ICON_NAME, name)
    target.setIcon(action(name))


def refresh(root: QObject) -> None:
    """Redraw the action icons under ``root`` in the palette's colours (after the desktop
    switched between light and dark)."""
    targets: list[QAction | QAbstractButton] = [*root.findChildren(QAction),
                                                *root.findChildren(QAbstractButton)]
    for target in targets:
        name = target.property(ICON_NAME)
        if isinstance(name, str):
            target.setIcon(action(name))


def clear_caches() -> None:
    """Drop the cached icons: called before the QApplication goes, because a QIcon destroyed
    after it (at interpreter exit) can crash the process."""
    app_icon.cache_clear()
    _standard.cache_clear()
    _action.cache_clear()
