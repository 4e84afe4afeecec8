"""Plain callbacks: how the list document tells whoever listens that something changed.

The document knows nothing of Qt; the window's adapter (:mod:`builder.gui.document`) connects
each :class:`Emitter` to a Qt signal of the same name, as napari's evented models are turned
into Qt signals by its ``_qt`` containers. A command-line run has no listener at all.
"""

from __future__ import annotations

from collections.abc import Callable


class Emitter:
    """One kind of change: ``connect(callback)``, then every ``emit(*args)`` calls each
    callback, in the order connected, with those arguments."""

    __slots__ = ("_callbacks",)

    def __init__(self) -> None:
        self._callbacks: list[Callable[..., object]] = []

    def connect(self, callback: Callable[..., object]) -> None:
        self._callbacks.append(callback)

    def disconnect(self, callback: Callable[..., object]) -> None:
        """Forget ``callback`` (its first connection); ValueError when it was never
        connected."""
        self._callbacks.remove(callback)

    def emit(self, *args: object) -> None:
        for callback in self._callbacks:
            callback(*args)
