"""What a player does in the roster editor, as the tests do it: read what is offered, add an
entry by its name, find an option's control by its entry's name."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QRadioButton, QSpinBox

from builder.gui.roster.offers import OFFER_ROLE


def offered(editor: Any) -> dict[str, list[str]]:
    """The offers panel as the player reads it: heading -> entries shown."""
    proxy = editor.offers.proxy
    found: dict[str, list[str]] = {}
    for row in range(proxy.rowCount()):
        head = proxy.index(row, 0)
        found[head.data()] = [proxy.index(r, 0, head).data() for r in range(proxy.rowCount(head))]
    return found


def offer(editor: Any, name: str) -> Any:
    """The offer of that name (the data's, spaces around it aside)."""
    proxy = editor.offers.proxy
    for row in range(proxy.rowCount()):
        head = proxy.index(row, 0)
        for child in range(proxy.rowCount(head)):
            found = proxy.index(child, 0, head).data(OFFER_ROLE)
            if found.name.strip() == name:
                return found
    raise AssertionError(f"{name} is not offered")


def add(editor: Any, container: Any, name: str) -> Any:
    """Add ``name`` to a force or selection as the player does (the cursor on it, the entry
    in the offers panel); the new selection."""
    editor.select(container)
    editor.add(offer(editor, name))
    return editor.tree.current()


def option(editor: Any, name: str) -> Any:
    """The control of an option by its entry's name."""
    for widget in editor.options.findChildren(QCheckBox) + \
            editor.options.findChildren(QRadioButton):
        if widget.text().split(" (")[0].strip() == name:
            return widget
    for spin in editor.options.findChildren(QSpinBox):
        if spin.accessibleName().strip() == name:
            return spin
    raise AssertionError(f"no option {name}")
