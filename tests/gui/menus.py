"""The main window's menus for tests, found as Qt children by title.

Not through ``QAction.menu()`` on a temporary action: on PySide6 6.11.1 and older the menu
such an action hands out is already deleted on the Python side when it is used
("Internal C++ object (QMenu) already deleted"); the app itself never asks an action for
its menu."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QMenu


def menus(window: Any) -> dict[str, QMenu]:
    """The menu bar's menus by their text (ampersands kept), in the bar's order."""
    by_title: dict[str, QMenu] = {}
    for menu in window.findChildren(QMenu):
        by_title.setdefault(menu.title(), menu)
    return {text: by_title[text] for text in (a.text() for a in window.menuBar().actions())}


def submenus(menu: QMenu) -> list[QMenu]:
    """The menus inside ``menu``, in its order."""
    inner = {m.title(): m for m in menu.findChildren(QMenu)}
    return [inner[a.text()] for a in menu.actions() if a.text() in inner]
