"""The export dialog's preview: the first pages of the PDF, before anything is written.

The PDF is made in memory by the same code as the export (:func:`builder.export.pdf.
render_pdf`), then its first pages are drawn into images with PDFium (``pypdfium2``; Qt's own
PDF module is not part of PySide6-Essentials). Both run on a worker thread, so the dialog
stays responsive; a preview that fails says why and never stands in the way of exporting.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QRunnable, QSize, Qt, QThreadPool, QTimer, Signal
from PySide6.QtGui import QImage, QPalette, QPixmap
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QVBoxLayout, QWidget

from builder.document import PdfOptions
from builder.i18n import _

if TYPE_CHECKING:
    from builder.data import Catalogue
    from builder.document import Printout
    from builder.model import Warband

MAX_PAGES = 4
"""Pages shown: enough to see the sheet and the first cards."""
PAGE_WIDTH = 300
"""Width of a page in the preview, in device-independent pixels."""
DELAY_MS = 120
"""Options clicked in a row make one preview, not one each."""

_PDFIUM = threading.Lock()
"""PDFium is not thread-safe: one document at a time."""



ExportOptions = PdfOptions
"""What File → Export PDF… prints (the export dialog asks; the preview draws it)."""

MakePdf = Callable[[ExportOptions], bytes]


def pdf_maker(warband: Warband, catalogue: Catalogue) -> MakePdf:
    """:func:`printout_maker` of ``warband`` read against ``catalogue``."""
    from builder.document import WarbandList

    return printout_maker(WarbandList(catalogue, warband).printout)


def printout_maker(printout: Callable[[], Printout]) -> MakePdf:
    """The PDF the export would write for some options, as bytes. The list is made ready to
    print now (``printout``: the document's), on the caller's thread; the returned function
    touches nothing else, so it may run on a worker thread while the list is edited.
    Importing reportlab is left to it too."""
    try:
        ready = printout()
    except Exception as exc:  # noqa: BLE001 - the preview says so; exporting goes on
        failure = str(exc) or type(exc).__name__

        def cannot(_options: ExportOptions) -> bytes:
            raise RuntimeError(failure)

        return cannot

    return ready.pdf


def page_images(pdf: bytes, pages: int = MAX_PAGES, width: int = PAGE_WIDTH,
                ratio: float = 1.0) -> tuple[list[QImage], int]:
    """The first ``pages`` pages of ``pdf`` as images ``width`` pixels wide (times the
    screen's ``ratio``), and how many pages it has. Raises ImportError without pypdfium2."""
    import pypdfium2 as pdfium

    images = []
    with _PDFIUM:
        document = pdfium.PdfDocument(pdf)
        try:
            count = len(document)
            for index in range(min(pages, count)):
                page = document[index]
                try:
                    page_width, _height = page.get_size()
                    bitmap = page.render(scale=width * ratio / page_width, rev_byteorder=True,
                                         may_draw_forms=False)
                    kind = (QImage.Format.Format_RGB888 if bitmap.n_channels == 3
                            else QImage.Format.Format_RGBA8888)
                    image = QImage(bytes(bitmap.buffer), bitmap.width, bitmap.height,
                                   bitmap.stride, kind).copy()  # (owns its pixels)
                    image.setDevicePixelRatio(ratio)
                    images.append(image)
                finally:
                    page.close()
        finally:
            document.close()
    return images, count


class _Done(QObject):
    finished = Signal(int, object, int, str)
    """(job number, images, page count, why it failed or "")."""


class _Job(QRunnable):
    def __init__(self, number: int, make: Callable[[], bytes], ratio: float,
                 done: _Done) -> None:
        super().__init__()
        self.number = number
        self.make = make
        self.ratio = ratio
        self.done = done

    def run(self) -> None:
        try:
            images, count = page_images(self.make(), ratio=self.ratio)
        except ImportError:
            self.done.finished.emit(self.number, [], 0, _("pypdfium2, which draws the pages, "
                                                          "is not installed"))
        except Exception as exc:  # noqa: BLE001 - a preview failure must not stop exporting
            self.done.finished.emit(self.number, [], 0, str(exc) or type(exc).__name__)
        else:
            self.done.finished.emit(self.number, images, count, "")


class PdfPreview(QWidget):
    """The first pages of a PDF made on a worker thread. ``show_pdf(make)`` asks for a new
    preview (the latest asked wins); ``updated`` is emitted once it is shown or has
    failed."""

    updated = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pdf-preview")
        self.pool = QThreadPool(self)
        self.pool.setMaxThreadCount(1)
        self._done = _Done(self)
        self._done.finished.connect(self._finished)
        self._number = 0
        self._make: Callable[[], bytes] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(DELAY_MS)
        self._timer.timeout.connect(self._start)
        self.status = QLabel(_("Preview"))
        self.status.setObjectName("preview-status")
        self.status.setWordWrap(True)
        self.pages = QWidget()
        self.pages_layout = QVBoxLayout(self.pages)
        self.pages_layout.setAlignment(Qt.AlignmentFlag.AlignHCenter | Qt.AlignmentFlag.AlignTop)
        self.pages_layout.setSpacing(10)
        area = QScrollArea()
        area.setWidgetResizable(True)
        area.setWidget(self.pages)
        area.setMinimumWidth(PAGE_WIDTH + 40)
        area.setBackgroundRole(QPalette.ColorRole.Dark)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.status)
        layout.addWidget(area, 1)
        self.images: list[QImage] = []
        self.page_count = 0
        self.error = ""

    def show_pdf(self, make: Callable[[], bytes]) -> None:
        """Preview the PDF ``make()`` returns (called on the worker thread)."""
        self._make = make
        self._number += 1
        self.status.setText(_("Making the preview…"))
        self._timer.start()

    def _start(self) -> None:
        if self._make is None:
            return
        self.pool.start(_Job(self._number, self._make, self.devicePixelRatioF(), self._done))

    def stop(self) -> None:
        """Forget what has not started; a page being drawn finishes unseen."""
        self._timer.stop()
        self._number += 1
        self.pool.clear()

    def _finished(self, number: int, images: Any, count: int, error: str) -> None:
        if number != self._number:
            return  # an older preview: the options changed since
        self.images, self.page_count, self.error = list(images), count, error
        while self.pages_layout.count():
            item = self.pages_layout.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        if error:
            self.status.setText(_("No preview: {reason}. Exporting still works.").format(
                reason=error))
        else:
            shown = len(self.images)
            self.status.setText(
                _("Pages 1–{shown} of {count}").format(shown=shown, count=count)
                if shown < count else
                _("All {count} pages").format(count=count) if count > 1 else
                _("The only page"))
            for image in self.images:
                page = QLabel()
                page.setObjectName("preview-page")
                page.setPixmap(QPixmap.fromImage(image))
                page.setFrameShape(QFrame.Shape.Box)
                page.setFixedSize(image.deviceIndependentSize().toSize()
                                  + QSize(2 * page.frameWidth(), 2 * page.frameWidth()))
                self.pages_layout.addWidget(page)
        self.updated.emit()
