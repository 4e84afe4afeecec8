"""A BattleScribe roster's printouts (reportlab; no Qt): the roster sheet, the unit cards and
the opponent's copy, all rendered from one view-independent summary of the roster
(:func:`builder.export.roster.summary.summarise_roster`), which play mode's plan is made from
too. The warband printouts' fonts, text fitting, table flowing, verdict box, card frame and
grid and the opponent's copy's layout are reused, not copied.

- :mod:`.summary`: the roster as plain data;
- :mod:`.tables`: profile tables fitted to a width (smaller type, then bands of columns);
- :mod:`.sheet`, :mod:`.cards`, :mod:`.opponent`: the three printouts;
- :mod:`.pdf`: the PDF of any of them.

``export_roster`` is the one entry point (``spherewars export ROSTER.ros``); the list
document of a roster prints through :class:`RosterPrintout` (its ``printout()``: the roster
summarised on the caller's thread, the PDF made from that alone, on any thread). reportlab is
imported only when a PDF is made.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from builder.battlescribe.engine.roster import Roster

__all__ = ["RosterPrintout", "export_roster"]


class Options(Protocol):
    """What a printout holds and its paper (the list document's ``PdfOptions``)."""

    @property
    def cards(self) -> bool: ...

    @property
    def summary(self) -> bool: ...

    @property
    def opponent(self) -> bool: ...

    @property
    def page(self) -> str: ...


class RosterPrintout:
    """A roster made ready to print: its summary taken now (plain data), so that :meth:`pdf`
    reads nothing of the roster, which may be edited meanwhile."""

    def __init__(self, roster: Roster) -> None:
        from builder.export.roster.summary import summarise_roster

        self.summary = summarise_roster(roster)

    def pdf(self, options: Options) -> bytes:
        """The sheet (``summary``), opponent's copy and/or unit cards (``cards``); a roster
        has no per-model cards. ValueError for bad options."""
        from builder.export.roster.pdf import render_roster_pdf

        return render_roster_pdf(self.summary, cards=options.cards, sheet=options.summary,
                                 opponent=options.opponent, page=options.page)


def export_roster(roster: Roster, path: str | Path, *, cards: bool = True,
                  summary: bool = True, page: str = "a4", opponent: bool = False) -> None:
    """Print ``roster``'s sheet (``summary``), opponent's copy and/or unit cards to the PDF
    file ``path``, atomically. An illegal roster is printed with its findings. ValueError
    for bad options (nothing chosen, an unknown page size), OSError when the file cannot be
    written."""
    from types import SimpleNamespace

    from builder.plumbing.atomic import write_atomic

    options = SimpleNamespace(cards=cards, summary=summary, opponent=opponent, page=page)
    write_atomic(path, RosterPrintout(roster).pdf(options))
