"""What every open list is, whatever its kind: :class:`ListDocument`.

A list document owns one list, the data it is read against, the event it is checked against
(its :class:`~builder.document.context.Context`), its file and its latest check. Everything
that is not editing is answered the same way for every kind (the abstract members below: the
protocol both kinds implement), so the window, the command line, events, printouts and play
mode ask any list the same questions; a kind adds only its own editing methods.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from builder.document.context import Context, ListCheck, Verdict
from builder.document.emitter import Emitter
from builder.model.event import Event

D = TypeVar("D")
"""The kind's data (a :class:`~builder.data.Catalogue` for warbands)."""
R = TypeVar("R", bound="Verdict")
"""The kind's report of one check."""


@dataclass(frozen=True)
class Cost:
    """One cost of a list against its limit: a warband's points, a roster's cost types."""

    id: str
    name: str
    value: float
    limit: float | None


@dataclass(frozen=True)
class PdfOptions:
    """What a printout holds (SPEC §4's ``export`` flags) and its paper."""

    cards: bool = True
    summary: bool = True
    page: str = "a4"
    per_model: bool = False
    opponent: bool = False


class Printout(Protocol):
    """A list made ready to print (:meth:`ListDocument.printout`): made on the caller's
    thread, then :meth:`pdf` touches nothing of the document (a preview may run it on a
    worker thread while the list is edited)."""

    def pdf(self, options: PdfOptions) -> bytes:
        """The PDF's bytes; ValueError for bad options."""
        ...


class ListDocument(ABC, Generic[D, R]):
    """One open list. Listeners connect to its emitters (plain callbacks, :class:`Emitter`);
    a kind emits its own row changes besides these:

    - ``about_to_reset`` / ``was_reset``: the whole list, or how it reads, changes (another
      list, other data, another faction);
    - ``details_changed``: the name, limit, notes, faction or event changed;
    - ``data_changed``: other data (after the data was edited or reloaded);
    - ``validated(report)``: after every change, the new report.
    """

    kind: ClassVar[str]
    """``"warband"`` or ``"roster"``."""
    suffixes: ClassVar[tuple[str, ...]]
    """The file names of this kind end so (lower case)."""

    def __init__(self, data: D, *, path: Path | None = None, event: Event | None = None,
                 points: int | None = None) -> None:
        self._context: Context[D] = Context(data, event, points)
        self.path = path
        self.about_to_reset = Emitter()
        self.was_reset = Emitter()
        self.details_changed = Emitter()
        self.data_changed = Emitter()
        self.validated = Emitter()

    # -- its context ---------------------------------------------------------------------

    @property
    def context(self) -> Context[D]:
        return self._context

    @property
    def data(self) -> D:
        return self._context.data

    @property
    def event(self) -> Event | None:
        """The tournament event the list is checked against (File → Check against event…):
        its limit, rules and own checks join the findings."""
        return self._context.event

    def set_event(self, event: Event | None) -> None:
        self._context = replace(self._context, event=event)
        self.details_changed.emit()
        self._changed()

    def set_data(self, data: D) -> None:
        """New data (after it was edited or reloaded): every row may read differently."""
        self.about_to_reset.emit()
        self._context = replace(self._context, data=data)
        self.was_reset.emit()
        self.data_changed.emit()
        self.details_changed.emit()
        self._changed()

    # -- what every kind answers ---------------------------------------------------------

    @property
    @abstractmethod
    def name(self) -> str: ...

    @property
    @abstractmethod
    def system(self) -> str | None:
        """The id of the list's game system (None when its data is not loaded)."""

    @property
    @abstractmethod
    def factions(self) -> tuple[str, ...]:
        """What an event's ``factions`` is compared with: a warband's faction id, a roster's
        catalogue ids."""

    @property
    @abstractmethod
    def report(self) -> R:
        """The latest check, in the document's context (kept up to date by every change)."""

    @abstractmethod
    def costs(self) -> list[Cost]:
        """What the list costs, per cost, against the limit it is checked against (none for
        a game without costs)."""

    @abstractmethod
    def check(self) -> ListCheck[R]:
        """The list checked in its context with its fingerprints (what ``validate`` and an
        event report of it)."""

    @abstractmethod
    def fingerprint(self) -> str:
        """SPEC §6's list fingerprint (§10's for a roster)."""

    @abstractmethod
    def data_fingerprint(self) -> str | None:
        """SPEC §6's data fingerprint of what the list is read against (None when it is not
        loaded, or the kind has none)."""

    @abstractmethod
    def save(self, path: Path, *, replace_read_only: bool = False) -> None:
        """Write the list to ``path`` atomically (OSError when it cannot be written); the
        document's path is the caller's to change."""

    @abstractmethod
    def text(self, style: str = "plain") -> str:
        """The list as text to paste in a chat (``spherewars text``, Copy as text)."""

    @abstractmethod
    def printout(self) -> Printout:
        """The list made ready to print (``spherewars export``, File → Export PDF…)."""

    @abstractmethod
    def play_plan(self) -> Any | None:
        """What play mode shows of the list (None when its data is not loaded)."""

    @property
    def legal(self) -> bool:
        return self.report.legal

    def export_pdf(self, path: str | Path, options: PdfOptions) -> None:
        """Print the list to ``path``, atomically; ValueError for bad options, OSError when it
        cannot be written."""
        from builder.plumbing.atomic import write_atomic

        write_atomic(path, self.printout().pdf(options))

    # -- after every change --------------------------------------------------------------

    @abstractmethod
    def _changed(self) -> None:
        """Check the list again and emit ``validated``."""
