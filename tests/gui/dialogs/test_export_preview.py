"""The export dialog previews the first pages before writing (issue 14.16): drawn from the
same PDF the export writes, on a worker thread, and a preview that fails never stops the
export."""

from __future__ import annotations

import io
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtWidgets import QDialogButtonBox

from builder.data import Catalogue, load_warband
from builder.gui.dialogs import ExportOptions
from builder.gui.dialogs.export import ExportDialog
from builder.gui.dialogs.preview import pdf_maker

REPO = Path(__file__).resolve().parents[3]
LIST = REPO / "resources" / "examples" / "soimi-legal-ensartadores.warband.yaml"


@pytest.fixture
def make() -> Any:
    return pdf_maker(load_warband(LIST), Catalogue.load(user=False))


def shown(qtbot: Any, dialog: ExportDialog) -> None:
    assert dialog.preview is not None
    with qtbot.waitSignal(dialog.preview.updated, timeout=30_000):
        pass


def test_the_first_pages_are_shown_and_follow_the_choices(qtbot, make):
    threads: list[threading.Thread] = []

    def recording(options: ExportOptions) -> bytes:
        threads.append(threading.current_thread())
        return make(options)

    dialog = ExportDialog(ExportOptions(), preview=recording)
    qtbot.addWidget(dialog)
    dialog.show()
    shown(qtbot, dialog)
    preview = dialog.preview
    assert preview is not None and preview.error == ""
    everything = preview.page_count
    assert everything >= 2 and len(preview.images) == min(everything, 4)
    assert preview.images[0].width() > 100 and preview.images[0].pixelColor(5, 5).lightness() > 200
    assert str(everything) in preview.status.text()
    assert threads and all(t is not threading.main_thread() for t in threads)  # off the GUI

    dialog.cards.setChecked(False)  # the sheet alone
    shown(qtbot, dialog)
    assert 0 < preview.page_count < everything
    width = preview.images[0].width()
    height = preview.images[0].height()
    dialog.page.setCurrentIndex(dialog.page.findData("letter"))  # wider, shorter pages
    shown(qtbot, dialog)
    assert preview.images[0].height() / preview.images[0].width() < height / width

    dialog.summary.setChecked(False)  # nothing to print: no preview, no Export
    assert "Nothing to print" in preview.status.text()
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_the_preview_is_the_pdf_the_export_writes(window: Any, tmp_path: Path):
    target = tmp_path / "list.pdf"
    window.files.load_path(LIST, confirmed=True)
    window.prompter.script("export_options", ExportOptions(cards=True, summary=True))
    window.prompter.script("pdf_path", str(target))
    window.pdf.export()
    previewed = window.prompter.preview(ExportOptions(cards=True, summary=True))
    written = PdfReader(target)
    shown_pdf = PdfReader(io.BytesIO(previewed))
    assert len(shown_pdf.pages) == len(written.pages)
    assert [p.extract_text() for p in shown_pdf.pages] == [p.extract_text()
                                                           for p in written.pages]


def test_a_failing_preview_says_so_and_export_still_works(qtbot):
    def broken(_options: ExportOptions) -> bytes:
        raise ValueError("test: the printer is on fire")

    dialog = ExportDialog(ExportOptions(), preview=broken)
    qtbot.addWidget(dialog)
    dialog.show()
    shown(qtbot, dialog)
    assert "No preview: test: the printer is on fire" in dialog.preview.status.text()
    ok = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert ok.isEnabled()
    ok.click()
    assert dialog.result() == ExportDialog.DialogCode.Accepted
    assert dialog.options() == ExportOptions()


def test_without_pypdfium2_the_preview_says_so(qtbot, make, monkeypatch):
    monkeypatch.setitem(sys.modules, "pypdfium2", None)  # import fails
    dialog = ExportDialog(ExportOptions(), preview=make)
    qtbot.addWidget(dialog)
    dialog.show()
    shown(qtbot, dialog)
    assert "pypdfium2" in dialog.preview.status.text()
    assert dialog.preview.images == []
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()


def test_the_opponents_copy_alone_is_a_choice_of_one_page(qtbot, make):
    """Issue 31, item 18: beside the cards and the sheet, the one-page opponent's copy."""
    dialog = ExportDialog(ExportOptions(), preview=make)
    qtbot.addWidget(dialog)
    dialog.show()
    shown(qtbot, dialog)
    dialog.cards.setChecked(False)
    dialog.summary.setChecked(False)
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    dialog.opponent.setChecked(True)
    shown(qtbot, dialog)
    assert dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    assert dialog.preview is not None and dialog.preview.page_count == 1
    assert dialog.options() == ExportOptions(cards=False, summary=False, opponent=True)
