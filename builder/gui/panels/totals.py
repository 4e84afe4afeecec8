"""The totals panel: the list's points, models and the game system's figures, and the
verdict, always in view. Its public face: :meth:`TotalsBar.show_report`.

The figures flow onto a second line when the window is narrow rather than being cut; the
verdict comes first and is never narrower than its text.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from builder.gui.flow import FlowLayout
from builder.gui.panels.guidance import Step
from builder.gui.quotes import cite_tip
from builder.gui.widgets import own_style
from builder.i18n import _, ngettext
from builder.model import System
from builder.model.system import Figure as SystemFigure
from builder.model.text import display, quotation
from builder.rules import Report
from builder.rules.engine import shown_figures

OVER = "over"
OK = "ok"
_NOTE_STYLE = "color: palette(placeholder-text);"
_VERDICT_STYLE = "font-weight: bold; font-size: 15px; {colour}"
EMPTY_COLOUR = "color: palette(window-text);"


def state_colours() -> tuple[str, str]:
    """(red, green) that read on the palette's window colour: the printout's on a light
    window, lighter ones on a dark window."""
    dark = QGuiApplication.palette().color(QPalette.ColorRole.Window).lightness() < 128
    return ("#ff7070", "#62d47e") if dark else ("#b00020", "#1b7a2f")


def over_style() -> str:
    return f"color: {state_colours()[0]}; font-weight: bold;"


class Figure(QWidget):
    """One figure of the totals bar: a small caption over a large value."""

    def __init__(self, caption: str, name: str, tip: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setToolTip(tip)
        self.caption = QLabel(caption)
        self.caption.setObjectName(f"{name}-caption")
        own_style(self.caption, "color: palette(placeholder-text); font-size: 11px;")
        self.value = QLabel("0")
        self.value.setObjectName(f"{name}-value")
        self.value.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        font = self.value.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        self.value.setFont(font)
        # beside the value: what is left of a bound ("68 left", "12 over")
        self.note = QLabel()
        self.note.setObjectName(f"{name}-note")
        self.note.hide()
        value_row = QHBoxLayout()
        value_row.setSpacing(6)
        value_row.addWidget(self.value)
        value_row.addWidget(self.note, 0, Qt.AlignmentFlag.AlignBaseline)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(5, 2, 5, 2)
        layout.setSpacing(0)
        layout.addWidget(self.caption)
        layout.addLayout(value_row)
        self.state = OK
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)

    def show_value(self, text: str, state: str = OK, note: str = "") -> None:
        self.value.setText(text)
        self.state = state
        self.value.setProperty("state", state)
        over = over_style() if state == OVER else ""
        own_style(self.value, over)
        if note != self.note.text():
            self.note.setText(note)
            self.note.setVisible(bool(note))
        own_style(self.note, over or _NOTE_STYLE)


def figure_tip(figure: SystemFigure) -> str:
    """A figure's tooltip: its help, then the rulebook sentence it rests on (labelled when it
    is our translation, the book's own words after it), as a finding's tooltip shows a rule's."""
    cite, original = quotation(figure.cite)
    parts = [display(figure.help), cite_tip(cite, original) if cite else ""]
    return "\n".join(part for part in parts if part)


class TotalsBar(QFrame):
    """The list's points and the game system's figures (SPEC §5), always in view; a figure
    over the bound of the rule that caps it turns red ("3 / 2")."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("totals")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.verdict = QLabel()
        self.verdict.setObjectName("verdict")
        self.verdict.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.verdict.setContentsMargins(0, 0, 10, 0)
        self.points = Figure(_("Points"), "points", _("Points spent / the list's limit"))
        self.models = Figure(_("Models"), "models", _("Models in the list"))
        self.figures: dict[str, Figure] = {}
        self._system: System | None = None
        # however many figures the system has, they flow onto more lines rather than set
        # the window's minimum width or be cut
        self._layout = FlowLayout(self, spacing=2)
        self._layout.setContentsMargins(8, 4, 8, 4)
        self._layout.addWidget(self.verdict)
        self._layout.addWidget(self.points)
        self._layout.addWidget(self.models)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def __getattr__(self, name: str) -> Figure:
        """A figure by id (``totals.messengers``)."""
        figures = self.__dict__.get("figures") or {}
        if name in figures:
            return figures[name]
        raise AttributeError(name)

    def set_system(self, system: System | None) -> None:
        """One widget per figure of the system; a figure that is only another's cap (the
        Messenger cap) is shown inside that one rather than on its own."""
        if system is self._system:
            return
        self._system = system
        for figure in self.figures.values():
            self._layout.removeWidget(figure)
            figure.hide()  # gone from view now, not only when the deferred delete runs
            figure.deleteLater()
        self.figures = {}
        self.points.setVisible(system is None or system.cost is not None)
        if system is None:
            return
        for f in shown_figures(system):
            figure = Figure(display(f.name), f.id.replace("_", "-"), figure_tip(f))
            self.figures[f.id] = figure
            self._layout.addWidget(figure)

    def show_report(self, report: Report, system: System | None = None,
                    steps: Sequence[Step] | None = None) -> None:
        """``steps``: what an empty list needs first (:mod:`builder.gui.panels.guidance`); the
        verdict then says the list is empty rather than illegal."""
        if system is not None or self._system is None:
            self.set_system(system)
        s = report.stats
        limit = report.points_limit
        if limit is None:
            self.points.show_value(f"{s.points}", OK)
            self.points.caption.setText(_("Points (no limit)"))
        else:
            over = s.points > limit
            left = _("{points} over").format(points=s.points - limit) if over else \
                _("{points} left").format(points=limit - s.points)
            self.points.show_value(f"{s.points} / {limit}", OVER if over else OK, left)
            self.points.caption.setText(_("Points"))
        self.models.show_value(str(s.models))
        for figure_id, figure in self.figures.items():
            value = s.figures.get(figure_id, 0)
            cap = s.caps.get(figure_id)
            if cap is None:
                figure.show_value(str(value))
            else:
                figure.show_value(f"{value} / {cap}", OVER if value > cap else OK)
        errors = len(report.errors)
        red, green = state_colours()
        if steps is not None:
            text, colour = _("Empty"), EMPTY_COLOUR
            tip = "\n".join(step.text for step in steps) or _("Add combatants from the "
                                                             "catalogue.")
        elif report.legal:
            text, colour = "✔ " + _("Legal"), f"color: {green};"
            tip = _("This list follows every recruiting rule.")
        else:
            text, colour = "✘ " + _("Illegal ({n})").format(n=errors), f"color: {red};"
            tip = ngettext("{n} recruiting rule is broken: see Findings.",
                           "{n} recruiting rules are broken: see Findings.",
                           errors).format(n=errors)
        if text != self.verdict.text():
            self.verdict.setText(text)
        if tip != self.verdict.toolTip():
            self.verdict.setToolTip(tip)
        own_style(self.verdict, _VERDICT_STYLE.format(colour=colour))
