"""The findings panel: every broken rule with its numbers and the book's sentence, a plain
word that the list is legal, or, for an empty list, what to hire first. Its public face:
:meth:`FindingsPanel.show_report`, :meth:`FindingsPanel.wanted_height` and the signals
:attr:`FindingsPanel.finding_chosen` and :attr:`FindingsPanel.content_changed`."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QRect, Qt, Signal
from PySide6.QtWidgets import (
    QLabel,
    QListView,
    QStackedWidget,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from builder.gui.panels.findings_model import FINDING_ROLE, FindingsModel
from builder.gui.panels.guidance import Step
from builder.gui.panels.totals import state_colours
from builder.gui.quotes import cite_html, cite_tip
from builder.gui.widgets import own_style
from builder.i18n import _
from builder.rules import Report
from builder.rules.findings import Finding

_LABEL_STYLE = "{colour} font-size: 14px; padding: 6px;"
SHOWN_ROWS = 8
"""Findings the window makes room for before the list scrolls."""


def findings_view(name: str, model: QAbstractItemModel) -> QListView:
    """A list of findings: each wrapped to the width, a little apart, no sideways scrolling
    (the warband's findings and a roster's)."""
    view = QListView()
    view.setObjectName(name)
    view.setModel(model)
    view.setWordWrap(True)
    view.setUniformItemSizes(False)
    view.setResizeMode(QListView.ResizeMode.Adjust)
    view.setSpacing(2)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    return view


class FindingsPanel(QWidget):
    finding_chosen = Signal(object)  # a Finding clicked or activated
    content_changed = Signal()  # what it shows changed, and maybe the height it wants

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = FindingsModel()
        self.view = findings_view("findings", self.model)
        self.legal_label = self._label("legal-message")
        self.guidance_label = self._label("guidance-message")
        self.stack = QStackedWidget()
        self.stack.addWidget(self.legal_label)
        self.stack.addWidget(self.view)
        self.stack.addWidget(self.guidance_label)
        # as small as two lines: the window gives it what its content needs (wanted_height)
        self.stack.setMinimumHeight(2 * self.fontMetrics().lineSpacing() + 12)
        self.title = QLabel("<b>" + escape(_("Findings")) + "</b>")
        self.title.setObjectName("findings-title")
        self._layout = layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 0, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.stack, 1)
        self._shown: object = None
        self.view.clicked.connect(self._chosen)
        self.view.activated.connect(self._chosen)

    @staticmethod
    def _label(name: str) -> QLabel:
        label = QLabel()
        label.setObjectName(name)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        own_style(label, _LABEL_STYLE.format(colour=""))
        return label

    def show_report(self, report: Report, *, noun: str, event: str | None,
                    steps: Sequence[Step] | None = None) -> None:
        """``noun``: what the game calls a list; ``event``: the event checked against;
        ``steps``: what an empty list needs first (shown instead of its findings)."""
        self.model.set_report(report)
        if steps is not None:
            self.title.setText("<b>" + escape(_("First steps")) + "</b>")
            self.stack.setCurrentWidget(self.guidance_label)
            lines = [f"<b>{escape(step.text, quote=False)}</b>"
                     + (f"<br>{cite_html(step.cite, step.cite_original)}" if step.cite else "")
                     for step in steps] or [
                escape(_("No rule of the game asks for anything first: hire whoever the "
                         "{list} needs.").format(list=noun), quote=False)]
            self.guidance_label.setText("".join(f"<p>{line}</p>" for line in lines))
            # a translated cite keeps the book's own words a hover away
            self.guidance_label.setToolTip("\n\n".join(
                cite_tip(step.cite, step.cite_original) for step in steps
                if step.cite and step.cite_original))
        elif report.findings:
            self.title.setText("<b>" + escape(_("Findings")) + "</b>")
            self.stack.setCurrentWidget(self.view)
        else:
            self.title.setText("<b>" + escape(_("Findings")) + "</b>")
            self.stack.setCurrentWidget(self.legal_label)
            own_style(self.legal_label,
                      _LABEL_STYLE.format(colour=f"color: {state_colours()[1]};"))
            self.legal_label.setText(escape("✔ " + (
                _("This {noun} is legal at {event}: it breaks no rule of the game or the "
                  "event.").format(noun=noun, event=event) if event is not None else
                _("This {noun} is legal: it breaks no recruiting rule.").format(noun=noun)),
                quote=False))
        page = self.stack.currentWidget()
        shown = (page, self.model.findings if page is self.view else page.text()
                 if isinstance(page, QLabel) else None)
        if shown != self._shown:  # most edits change no finding: nothing to refit
            self._shown = shown
            self.content_changed.emit()

    def wanted_height(self, rows: int = SHOWN_ROWS) -> int:
        """The height that shows what the panel holds without scrolling, up to ``rows``
        findings (more scroll), at the panel's present width."""
        margins = self._layout.contentsMargins()
        spacing = self._layout.spacing()
        width = max(1, self.stack.width())
        page = self.stack.currentWidget()
        if page is self.view:
            content = self._rows_height(rows)
        elif isinstance(page, QLabel):
            content = page.heightForWidth(width)
        else:
            content = self.stack.sizeHint().height()
        return (margins.top() + self.title.sizeHint().height() + spacing + content
                + margins.bottom())

    def _rows_height(self, rows: int) -> int:
        """The first ``rows`` findings' heights as the view lays them out (each wrapped to
        the view's width, ``spacing`` around each), asked of the delegate: laying out the
        view itself would cost more than an edit may take."""
        view = self.view
        count = min(rows, self.model.rowCount())
        option = QStyleOptionViewItem()
        view.initViewItemOption(option)
        option.rect = QRect(0, 0, max(1, view.viewport().width() - 2 * view.spacing()), 1)
        delegate = view.itemDelegate()
        heights = sum(delegate.sizeHint(option, self.model.index(row, 0)).height()
                      for row in range(count))
        return heights + 2 * view.spacing() * count + 2 * view.frameWidth()

    def _chosen(self, index: QModelIndex) -> None:
        finding = index.data(FINDING_ROLE)
        if isinstance(finding, Finding):
            self.finding_chosen.emit(finding)
