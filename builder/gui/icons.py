"""Icons: the app's own (from ``resources/icons``) and the platform style's standard ones.

Standard icons come from the running style so they match the desktop; they are made lazily
because a ``QStyle`` needs a ``QApplication``.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QStyle

from builder import paths

SP = QStyle.StandardPixmap


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


def clear_caches() -> None:
    """Drop the cached icons: called before the QApplication goes, because a QIcon destroyed
    after it (at interpreter exit) can crash the process."""
    app_icon.cache_clear()
    _standard.cache_clear()
