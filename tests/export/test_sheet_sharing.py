"""The turn summary sheet's fingerprints (SPEC §6) and share code QR code (SPEC §7).

The QR code is checked as a player meets it: the page is rendered to an image (``pdftoppm``,
Debian package poppler-utils), the code is found in the picture and measured, and a QR reader
(``zbarimg``, package zbar-tools) must read back exactly the share code. Those two checks are
skipped when the tools are missing; everything else runs everywhere.
"""

from __future__ import annotations

import datetime
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image

from builder.data import Catalogue
from builder.data.share import QR_MAX_CHARS
from builder.export.pdf import render_pdf
from builder.export.qr import QrCode
from builder.export.summary import summarise
from builder.model import Entry, Warband
from tests.export import helpers as h

CAT = Catalogue.load(user=False)
DPI = 150
MM = DPI / 25.4  # pixels per millimetre in the rendered page


def ensartadores(**extra) -> Warband:
    return Warband(name="Los Ensartadores", faction="soimi", points_limit=400,
                   entries=[Entry(combatant="nek-org"), Entry(combatant="tir-abe")], **extra)


def sheet(w: Warband) -> tuple[bytes, str]:
    s = summarise(w, CAT.get(w.faction), date=datetime.date(2031, 5, 6),
                  data_fingerprint=CAT.data_fingerprint(w.faction))
    return render_pdf(s, cards=False), s.share_code


def incompressible_notes(n: int) -> str:
    """Notes that zlib cannot shrink, to make long codes (a pseudo-random walk of letters)."""
    letters, x, out = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ ", 7, []
    for _ in range(n):
        x = (x * 1103515245 + 12345) % 2**31
        out.append(letters[(x >> 16) % len(letters)])
    return "".join(out)


def test_every_page_footer_has_both_fingerprints():
    data, _ = sheet(ensartadores())
    pages = h.pdf_reader(data).pages
    assert len(pages) >= 2
    line = f"List fingerprint DJZD-MZMR · data fingerprint {CAT.data_fingerprint('soimi')}"
    for page in pages:
        assert line in page.extract_text()


def test_footer_of_a_list_whose_faction_is_not_loaded():
    data, _ = sheet(Warband(name="Lost", faction="nobody", entries=[]))
    assert "data fingerprint – (faction not loaded)" in h.pdf_text(data)


def test_qr_is_at_least_30_mm_with_modules_a_phone_can_read():
    for length in (60, 300, 1000, 2000):
        d = QrCode("SWB1." + "A" * (length - 5))
        assert d.width >= 30 * 72 / 25.4
        assert d.width / d.modules >= 0.44 * 72 / 25.4, length  # ≥ 0.44 mm a module


def test_the_sheet_says_what_the_qr_code_is():
    data, _ = sheet(ensartadores())
    flat = " ".join(h.pdf_text(data).split())
    assert "Share code of this list: scan it with a phone" in flat


def test_a_code_too_long_for_a_qr_code_is_said_so():
    data, code = sheet(ensartadores(notes=incompressible_notes(2000)))
    assert len(code) > QR_MAX_CHARS
    flat = " ".join(h.pdf_text(data).split())
    assert f"share code is {len(code):,} characters long" in flat
    assert "Share code of this list: scan" not in flat


def _tools() -> None:
    if not shutil.which("pdftoppm"):
        pytest.skip("pdftoppm not installed (apt: poppler-utils)")


def _page_image(data: bytes, tmp_path: Path) -> Image.Image:
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(data)
    subprocess.run(["pdftoppm", "-png", "-r", str(DPI), "-f", "1", "-l", "1", str(pdf),
                    str(tmp_path / "page")], check=True, timeout=60)
    return Image.open(next(tmp_path.glob("page*.png"))).convert("L")


def _runs(flags: list[bool], gap: int) -> tuple[int, int]:
    """The first run of True in ``flags``, bridging gaps shorter than ``gap``: (start, end)."""
    start = flags.index(True)
    end, blank = start, 0
    for i in range(start, len(flags)):
        if flags[i]:
            end, blank = i + 1, 0
        else:
            blank += 1
            if blank >= gap:
                break
    return start, end


def _qr_box(image: Image.Image, bottom_limit: float) -> tuple[int, int, int, int]:
    """The QR code's dark modules in page pixels: the first block of pure black met coming
    from the right edge of the page, above ``bottom_limit`` pixels; the title is dark red
    and the caption grey, so only the code and the text beside it are pure black, and the
    6 mm gap plus the quiet zone set the code apart."""
    black = image.crop((0, 0, image.width, int(bottom_limit))).point(
        lambda v: 255 if v < 40 else 0)
    columns = [bool(v) for v in black.getprojection()[0]][::-1]
    right_gap, end = _runs(columns, int(4 * MM))
    left, right = black.width - end, black.width - right_gap
    band = black.crop((left, 0, right, black.height))
    rows = [bool(v) for v in band.getprojection()[1]]
    top, bottom = _runs(rows, int(2 * MM))
    found = band.crop((0, top, band.width, bottom)).getbbox()
    assert found
    return left + found[0], top, left + found[2], bottom


def _text_y(data: bytes, word: str) -> float:
    """Distance in mm from the top of page 1 to the baseline of ``word``."""
    page = h.pdf_reader(data).pages[0]
    found: list[float] = []

    def visit(text, cm, tm, _font, _size):
        if text.strip() == word:
            found.append(cm[5] + tm[5] * cm[3])

    page.extract_text(visitor_text=visit)
    assert found, word
    return (float(page.mediabox.height) - found[0]) * 25.4 / 72


@pytest.mark.parametrize("notes", [None, incompressible_notes(1300)])
def test_qr_code_size_and_place_on_the_rendered_page(tmp_path: Path, notes):
    """Top right, beside the title, at least 30 mm, entirely above the roster."""
    _tools()
    data, code = sheet(ensartadores(notes=notes))
    image = _page_image(data, tmp_path)
    width, height = image.size
    roster = _text_y(data, "Roster")
    left, top, right, bottom = _qr_box(image, (roster - 5) * MM)
    side_mm = (right - left) / MM  # dark modules only; the quiet zone adds 8 modules
    assert 27 <= side_mm <= 70, side_mm  # 30 mm or more with the quiet zone
    assert abs((bottom - top) - (right - left)) <= 2  # square
    assert width - right <= 20 * MM  # against the right margin (quiet zone included)
    assert top <= 20 * MM  # at the top of the page
    assert bottom / MM + 8 < roster  # clear of the roster, with the caption between
    if shutil.which("zbarimg"):
        read = subprocess.run(["zbarimg", "-q", "--raw", str(next(tmp_path.glob("page*.png")))],
                              capture_output=True, text=True, timeout=60)
        assert read.stdout.strip() == code
