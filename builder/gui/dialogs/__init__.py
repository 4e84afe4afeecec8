"""Every question the main window asks, and the dialogs behind them.

:class:`Prompter` (:mod:`.prompter`) is the one replaceable object the window asks; the rest
are the dialogs it opens, each in its own module and most loaded when first used:
:mod:`.file_questions`, :mod:`.import_code`, :mod:`.preview` (the export preview),
:mod:`.datafiles` (a data file as text), :mod:`.event_lists` (an organiser's event) and
:mod:`.packs` (Data → Packs…). A dialog imports no panel, controller or window.
"""

from builder.gui.dialogs.preview import ExportOptions
from builder.gui.dialogs.prompter import (
    CANCEL,
    DISCARD,
    EVENT_FILTER,
    PDF_FILTER,
    SAVE,
    WARBAND_FILTER,
    Prompter,
)

__all__ = ["CANCEL", "DISCARD", "EVENT_FILTER", "PDF_FILTER", "SAVE", "WARBAND_FILTER",
           "ExportOptions", "Prompter"]
