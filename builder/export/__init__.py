"""Printouts (reportlab): profile cards and turn summary sheets. No Qt here.

Everything printed is rendered from one view-independent summary
(:func:`builder.export.summary.summarise`). ``export_pdf`` is what the GUI's
File → Export PDF… and ``spherewars export`` call; reportlab is imported only when a PDF is
actually made, so importing this package costs nothing at the app's start-up.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.data import Catalogue
    from builder.model import Warband

__all__ = ["export_pdf"]


def export_pdf(warband: Warband, catalogue: Catalogue, path: str | Path, *, cards: bool = True,
               summary: bool = True, page: str = "a4", per_model: bool = False,
               opponent: bool = False) -> None:
    """Print ``warband``'s cards, turn summary sheet and/or opponent's copy (one page: entries,
    points, verdict, fingerprints, QR code) to the PDF file ``path``.

    The file is written atomically (a temporary file in the same folder, then replaced).
    Unknown factions and combatants are printed on the sheet with their findings, never
    refused. Raises ``ValueError`` for bad options (nothing chosen, unknown page size) and
    ``OSError`` when the file cannot be written.
    """
    from builder.export.pdf import export_pdf as _export_pdf

    _export_pdf(warband, catalogue, path, cards=cards, summary=summary, page=page,
                per_model=per_model, opponent=opponent)
