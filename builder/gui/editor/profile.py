"""A combatant's profile in the faction editor: one field per stat of the game, each made
from the stat's kind (SPEC §5: ``number``, ``pair``, ``text``) and whether it is required."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QLineEdit, QWidget

from builder.gui.editor.bound import hint
from builder.gui.editor.fields import (
    NONE_TEXT,
    Binding,
    LineBinding,
    error_label,
    parse_optional_text,
    parse_required_int,
    parse_stat,
    regex_validator,
)
from builder.i18n import N_, _, ngettext
from builder.model.system import StatDef, System
from builder.model.text import display

PROFILE_COLUMNS = 6
"""Stats side by side in the profile; a longer stat line goes on in a second row (the form
stays narrow enough for a 1024-pixel screen)."""
KIND_HINT = {"number": N_("a whole number"), "pair": N_("one value (6) or a pair (6-5)"),
             "text": N_("free text")}


@dataclass(frozen=True)
class StatField:
    """How a stat of one kind is typed: what the field lets through, how the text becomes
    the stored value, how wide it is, and whether an empty field shows the book's dash."""

    pattern: str | None
    parse: Callable[[str], Any]
    width: int = 64
    dash: bool = True


STAT_FIELDS = {
    "number": StatField(r"^(\d{0,6}|[-–—])$", parse_stat),
    "pair": StatField(r"^(\d{0,6}(-\d{0,6})?|[–—])$", parse_stat),
    "text": StatField(None, parse_optional_text, width=140),
}
REQUIRED_NUMBER = StatField(r"^\d{0,6}$", parse_required_int, dash=False)
"""A number every combatant gives (the cost): no dash for "none"."""


def stat_field(stat: StatDef) -> StatField:
    return REQUIRED_NUMBER if stat.kind == "number" and stat.required else STAT_FIELDS[stat.kind]


def stat_tip(stat: StatDef) -> str:
    """A stat's tooltip from its system: its name, what it takes, and whether it is required."""
    tip = f"{display(stat.name)}: {_(KIND_HINT[stat.kind])}"
    if stat.required:
        tip += " " + _("(required)")
    if stat.only_when_set:
        tip += "; " + _("printed only for combatants that have it")
    return tip


class ProfileBox(QGroupBox):
    """The stat line in rows of :data:`PROFILE_COLUMNS`, each stat's heading over its field,
    one error label for them all and a hint on what to type."""

    def __init__(self, system: System, bind: Callable[[Binding], Binding],
                 parent: QWidget | None = None) -> None:
        super().__init__(_("Profile"), parent)
        grid = QGridLayout(self)
        self.error = error_label()
        self.edits: dict[str, QLineEdit] = {}
        stats = system.stats
        per_row = PROFILE_COLUMNS if len(stats) > PROFILE_COLUMNS + 1 else max(len(stats), 1)
        for n, stat in enumerate(stats):
            line, col = 2 * (n // per_row), n % per_row
            head = QLabel(system.stat_label(stat.id))
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            edit = self._edit(stat)
            head.setToolTip(edit.toolTip())
            bind(LineBinding(("profile", stat.id), edit, stat.id, self.error,
                             parse=stat_field(stat).parse))
            self.edits[stat.id] = edit
            grid.addWidget(head, line, col)
            grid.addWidget(edit, line + 1, col)
        below = 2 * ((len(stats) + per_row - 1) // per_row)
        grid.addWidget(self.error, below, 0, 1, per_row)
        grid.addWidget(hint(self._hint(system)), below + 1, 0, 1, per_row)

    @staticmethod
    def _edit(stat: StatDef) -> QLineEdit:
        how = stat_field(stat)
        edit = QLineEdit()
        edit.setAlignment(Qt.AlignmentFlag.AlignCenter)
        edit.setToolTip(stat_tip(stat))
        edit.setMaximumWidth(how.width)
        if how.dash:
            edit.setPlaceholderText(NONE_TEXT)
        if how.pattern is not None:
            edit.setValidator(regex_validator(how.pattern, edit))
        return edit

    @staticmethod
    def _hint(system: System) -> str:
        if not system.stats:
            return _("{game} has no stat line.").format(game=display(system.name))
        pairs = [s.id for s in system.stats if s.kind == "pair"]
        pair_hint = (" " + ngettext("{stats} takes one value or a pair, e.g. 6-5.",
                                    "{stats} take one value or a pair, e.g. 6-5.",
                                    len(pairs)).format(stats=", ".join(pairs))
                     if pairs else "")
        return _("Leave a stat empty (shown {none}) when the card has none.").format(
            none=NONE_TEXT) + pair_hint
