"""The main window, in parts (only :mod:`builder.gui.app` imports it; lint-imports keeps it so):

- :mod:`.window` — :class:`MainWindow`: builds the panels and controllers and connects them;
- :mod:`.files` — new, open, save, recent lists, examples, autosave and recovery;
- :mod:`.examples` — the shipped example lists, in the app's language (no Qt);
- :mod:`.splits` — the splitters, folding side panels, the saved layout;
- :mod:`.pdf` — the PDF export flow;
- :mod:`.gamedata` — reloading the data, the data problems, the faction editor's lifetime;
- :mod:`.event_check` — checking the list against an event.

The parts import the panels and dialogs of :mod:`builder.gui`, never the window. The window
is loaded on first use of ``MainWindow``, so the Qt-free :mod:`.examples` can be imported
alone (by Babel's extractor).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.gui.mainwindow.window import APP_TITLE, MainWindow

__all__ = ["APP_TITLE", "MainWindow"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from builder.gui.mainwindow import window

        return getattr(window, name)
    raise AttributeError(name)
