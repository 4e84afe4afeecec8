"""Icons: the app's own (from ``resources/icons``) and the platform style's standard ones.

Every toolbar action has an icon of ours (``resources/icons/actions/*.svg``), so Undo looks
like undo whatever the desktop's icon theme; their outlines are drawn in ``currentColor``,
which becomes the palette's text colour here, so they read on light and dark palettes alike.
Standard icons come from the running style so they match the desktop; both are made lazily
because a ``QStyle`` or a palette needs a ``QApplication``, and ours are drawn at a size only
when one is first shown at it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from PySide6.QtCore import QByteArray, QObject, QRect, QRectF, QSize, Qt
from PySide6.QtGui import (
    QAction,
    QGuiApplication,
    QIcon,
    QIconEngine,
    QImage,
    QPainter,
    QPalette,
    QPixmap,
)
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import QAbstractButton, QApplication, QStyle, QStyleOption

from builder.plumbing import paths

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
    if not renderer.isValid():
        return QIcon()
    return QIcon(_Drawn(renderer))


class _Drawn(QIconEngine):
    """An action icon drawn at each size (and device pixel ratio) when first asked for, not
    at all of :data:`ACTION_SIZES` when the window is made: a toolbar shows one size, a menu
    another. The other modes come from the style, as for an icon made of pixmaps."""

    def __init__(self, renderer: QSvgRenderer) -> None:
        super().__init__()
        self.renderer = renderer
        self.drawn: dict[tuple[int, float, QIcon.Mode], QPixmap] = {}

    def clone(self) -> QIconEngine:
        return _Drawn(self.renderer)

    def availableSizes(self, mode: QIcon.Mode = QIcon.Mode.Normal,
                       state: QIcon.State = QIcon.State.Off) -> list[QSize]:
        return [QSize(size, size) for size in ACTION_SIZES]

    def actualSize(self, size: QSize, mode: QIcon.Mode,
                   state: QIcon.State) -> QSize:
        side = min(size.width(), size.height())
        return QSize(side, side)

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self.scaledPixmap(size, mode, state, 1.0)

    def scaledPixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State,
                     scale: float) -> QPixmap:
        side = max(1, min(size.width(), size.height()))
        key = (side, scale, mode)
        found = self.drawn.get(key)
        if found is None:
            found = self._draw(round(side * scale), mode)
            found.setDevicePixelRatio(scale)
            self.drawn[key] = found
        return found

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode,
              state: QIcon.State) -> None:
        scale = painter.device().devicePixelRatioF() if painter.device() else 1.0
        painter.drawPixmap(rect, self.scaledPixmap(rect.size(), mode, state, scale))

    def _draw(self, side: int, mode: QIcon.Mode) -> QPixmap:
        image = QImage(side, side, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.renderer.render(painter, QRectF(0, 0, side, side))
        painter.end()
        drawn = QPixmap.fromImage(image)
        app = QApplication.instance()
        if mode != QIcon.Mode.Normal and isinstance(app, QApplication):
            drawn = app.style().generatedIconPixmap(mode, drawn, QStyleOption())
        return drawn


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
