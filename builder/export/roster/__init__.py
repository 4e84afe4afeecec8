"""A BattleScribe roster's printouts (reportlab; no Qt): the roster sheet, the unit cards and
the opponent's copy, all rendered from one view-independent summary of the roster
(:func:`builder.export.roster.summary.summarise_roster`), which play mode's plan is made from
too. The warband printouts' fonts, text fitting, table flowing, verdict box, card frame and
grid and the opponent's copy's layout are reused, not copied.

- :mod:`.summary`: the roster as plain data;
- :mod:`.tables`: profile tables fitted to a width (smaller type, then bands of columns);
- :mod:`.sheet`, :mod:`.cards`, :mod:`.opponent`: the three printouts;
- :mod:`.pdf`: the PDF of any of them.

``export_roster`` is the one entry point (``spherewars export ROSTER.ros``, and the list
document of a roster); reportlab is imported only when a PDF is made.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.battlescribe.engine.roster import Roster

__all__ = ["export_roster"]


def export_roster(roster: Roster, path: str | Path, *, cards: bool = True,
                  summary: bool = True, page: str = "a4", opponent: bool = False) -> None:
    """Print ``roster``'s sheet (``summary``), opponent's copy and/or unit cards to the PDF
    file ``path``, atomically. An illegal roster is printed with its findings. ValueError
    for bad options (nothing chosen, an unknown page size), OSError when the file cannot be
    written."""
    from builder.export.roster.pdf import render_roster_pdf
    from builder.export.roster.summary import summarise_roster
    from builder.plumbing.atomic import write_atomic

    data = render_roster_pdf(summarise_roster(roster), cards=cards, sheet=summary,
                             opponent=opponent, page=page)
    write_atomic(path, data)
