"""The totals panel: the list's points, models and the game system's figures, and the
verdict, always in view. Its public face: :meth:`TotalsBar.show_report`."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from builder.model import System
from builder.model.text import display
from builder.rules import Report
from builder.rules.engine import shown_figures

OVER = "over"
OK = "ok"
_STATE_STYLE = {
    OVER: "color: #b00020; font-weight: bold;",
    OK: "",
}


class Figure(QWidget):
    """One figure of the totals bar: a small caption over a large value."""

    def __init__(self, caption: str, name: str, tip: str) -> None:
        super().__init__()
        self.setObjectName(name)
        self.setToolTip(tip)
        self.caption = QLabel(caption)
        self.caption.setObjectName(f"{name}-caption")
        self.caption.setStyleSheet("color: palette(placeholder-text); font-size: 11px;")
        self.value = QLabel("0")
        self.value.setObjectName(f"{name}-value")
        self.value.setTextInteractionFlags(Qt.TextInteractionFlag.NoTextInteraction)
        font = self.value.font()
        font.setPointSizeF(font.pointSizeF() * 1.35)
        self.value.setFont(font)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(5, 2, 5, 2)
        layout.setSpacing(0)
        layout.addWidget(self.caption)
        layout.addWidget(self.value)
        self.state = OK

    def show_value(self, text: str, state: str = OK) -> None:
        self.value.setText(text)
        if state != self.state:
            self.state = state
            self.value.setStyleSheet(_STATE_STYLE[state])
            self.value.setProperty("state", state)


class TotalsBar(QFrame):
    """The list's points and the game system's figures (SPEC §5), always in view; a figure
    over the bound of the rule that caps it turns red ("3 / 2")."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("totals")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.verdict = QLabel()
        self.verdict.setObjectName("verdict")
        self.verdict.setMinimumWidth(90)
        self.points = Figure("Points", "points", "Points spent / the list's limit")
        self.models = Figure("Models", "models", "Models in the list")
        self.figures: dict[str, Figure] = {}
        self._system: System | None = None
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(8, 4, 8, 4)
        self._layout.addWidget(self.verdict)
        self._layout.addWidget(self.points)
        self._layout.addWidget(self.models)
        self._layout.addStretch(1)
        # the system decides how many figures there are: they must not set the window's
        # minimum width (a narrow window clips the last ones instead)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

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
            figure = Figure(display(f.name), f.id.replace("_", "-"), display(f.help))
            self.figures[f.id] = figure
            self._layout.insertWidget(self._layout.count() - 1, figure)

    def show_report(self, report: Report, system: System | None = None) -> None:
        if system is not None or self._system is None:
            self.set_system(system)
        s = report.stats
        limit = report.points_limit
        if limit is None:
            self.points.show_value(f"{s.points}", OK)
            self.points.caption.setText("Points (no limit)")
        else:
            self.points.show_value(f"{s.points} / {limit}", OVER if s.points > limit else OK)
            self.points.caption.setText("Points")
        self.models.show_value(str(s.models))
        for figure_id, figure in self.figures.items():
            value = s.figures.get(figure_id, 0)
            cap = s.caps.get(figure_id)
            if cap is None:
                figure.show_value(str(value))
            else:
                figure.show_value(f"{value} / {cap}", OVER if value > cap else OK)
        errors = len(report.errors)
        if report.legal:
            self.verdict.setText("✔ Legal")
            self.verdict.setStyleSheet("color: #1b7a2f; font-weight: bold; font-size: 15px;")
            self.verdict.setToolTip("This list follows every recruiting rule.")
        else:
            self.verdict.setText(f"✘ Illegal ({errors})")
            self.verdict.setStyleSheet("color: #b00020; font-weight: bold; font-size: 15px;")
            self.verdict.setToolTip(f"{errors} recruiting rule"
                                    f"{'s are' if errors != 1 else ' is'} broken: see Findings.")
