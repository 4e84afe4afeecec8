"""The share code as a QR code on a sheet (SPEC §7): encoded once per code, many at a time on
both cores for a pack, drawn as one path of dark runs."""

from __future__ import annotations

from reportlab.graphics.barcode.qr import QrCodeWidget
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from builder.data.share import QR_MAX_CHARS
from builder.plumbing.forks import map_in_halves

QR_MIN = 32 * mm
QR_MAX = 70 * mm
QR_MODULE = 0.45 * mm
"""Smallest printed module: a phone reads 0.45 mm squares from a hand's length away."""

Runs = list[tuple[int, int, int]]
"""(row, first column, length) of each run of dark modules in a row of a QR code."""
_QR_CACHE: dict[str, tuple[Runs, int]] = {}
_QR_CACHE_SIZE = 512


def qr_runs(code: str) -> tuple[Runs, int]:
    """Encode ``code``: error correction M (15 % may be damaged) while it is short, L for long
    codes. Returns the dark runs and the module count."""
    qr = QrCodeWidget(code, barLevel="M" if len(code) <= 1000 else "L", barBorder=0).qr
    qr.make()
    n = qr.getModuleCount()
    runs: Runs = []
    for row in range(n):
        start = None
        for col in range(n + 1):
            dark = col < n and qr.isDark(row, col)
            if dark and start is None:
                start = col
            elif not dark and start is not None:
                runs.append((row, start, col - start))
                start = None
    return runs, n


def prepare_qr_codes(codes: list[str]) -> None:
    """Encode many share codes at once, on both cores (a pack of lists): choosing a QR code's
    mask is most of a sheet's time, and each list's code is its own."""
    todo = sorted({c for c in codes if c and len(c) <= QR_MAX_CHARS and c not in _QR_CACHE})
    if len(_QR_CACHE) + len(todo) > _QR_CACHE_SIZE:
        _QR_CACHE.clear()
    for code, found in zip(todo, map_in_halves(qr_runs, todo, min_parallel=8), strict=True):
        _QR_CACHE[code] = found


class QrCode(Flowable):
    """The share code as a QR code, modules of at least ``QR_MODULE``, so the side is 32-70 mm
    with the quiet zone. Drawn as one path with a rectangle per run of dark modules
    (reportlab's widget encodes twice and draws each module as a shape)."""

    BORDER = 4

    def __init__(self, code: str) -> None:
        super().__init__()
        found = _QR_CACHE.get(code)
        self.runs, n = found if found is not None else qr_runs(code)
        self.modules = n + 2 * self.BORDER
        self.width = self.height = min(QR_MAX, max(QR_MIN, self.modules * QR_MODULE))

    def wrap(self, avail_w: float, avail_h: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        c = self.canv
        unit = self.width / self.modules
        path = c.beginPath()
        for row, col, length in self.runs:
            x = (col + self.BORDER) * unit
            y = self.height - (row + self.BORDER + 1) * unit
            path.rect(x, y, length * unit, unit)
        c.saveState()
        c.setFillColor(colors.black)
        c.drawPath(path, stroke=0, fill=1)
        c.restoreState()
