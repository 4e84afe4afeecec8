"""What the window asks of the open list, whatever its kind: the Qt adapters of the core's
list documents (:class:`~builder.gui.document.WarbandDocument` for a warband,
:class:`~builder.gui.roster.document.RosterDocument` for a BattleScribe roster) pass these on
to their :attr:`ListFace.list` alike, as the core's :class:`~builder.document.ListDocument`
answers them alike; each adapter adds its kind's own reading and editing."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject

if TYPE_CHECKING:
    from builder.document import Cost, ListCheck, ListDocument, PdfOptions, Printout
    from builder.model.event import Event


class ListFace(QObject):
    """The protocol of every list, on a Qt object (see the module's docstring); a subclass
    sets :attr:`list`, its kind's document."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.list: ListDocument[Any, Any]

    @property
    def name(self) -> str:
        return self.list.name

    @property
    def path(self) -> Path | None:
        return self.list.path

    @path.setter
    def path(self, path: Path | None) -> None:
        self.list.path = path

    @property
    def tournament(self) -> Event | None:
        """The tournament event the list is also checked against (File → Check against
        event…): its limit, rules and own checks join the findings. (Not `event`: that is
        QObject.event(), which Qt calls for every event it delivers.)"""
        return self.list.event

    def set_event(self, event: Event | None) -> None:
        self.list.set_event(event)

    def costs(self) -> list[Cost]:
        return self.list.costs()

    def check(self) -> ListCheck[Any]:
        return self.list.check()

    def fingerprint(self) -> str:
        return self.list.fingerprint()

    def text(self, style: str = "plain") -> str:
        return self.list.text(style)

    def save(self, path: Path, *, replace_read_only: bool = False) -> None:
        self.list.save(path, replace_read_only=replace_read_only)

    def printout(self) -> Printout:
        return self.list.printout()

    def export_pdf(self, path: str | Path, options: PdfOptions) -> None:
        self.list.export_pdf(path, options)

    def play_plan(self) -> Any:
        return self.list.play_plan()
