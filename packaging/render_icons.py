"""Render the PNG icon sizes from ``resources/icons/spherewars.svg`` (Qt's SVG renderer).

The PNGs are committed; run this again after editing the SVG:
``QT_QPA_PLATFORM=offscreen .venv/bin/python packaging/render_icons.py``.
They follow the freedesktop icon theme layout, ``hicolor/<N>x<N>/apps/<desktop id>.png``, so
``packaging/install-linux-desktop.sh`` can copy the tree as it is, and the app can load them as
its window icon.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
ICONS = REPO / "resources" / "icons"
SVG = ICONS / "spherewars.svg"
DESKTOP_ID = "org.spherewars.WarbandBuilder"  # builder.plumbing.paths.DESKTOP_ID
SIZES = (16, 32, 48, 64, 128, 256)


def png_path(size: int) -> Path:
    return ICONS / "hicolor" / f"{size}x{size}" / "apps" / f"{DESKTOP_ID}.png"


def render(renderer: QSvgRenderer, size: int) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # noqa: F841
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"cannot read {SVG}", file=sys.stderr)
        return 1
    for size in SIZES:
        target = png_path(size)
        target.parent.mkdir(parents=True, exist_ok=True)
        # Small sizes are rendered at 4x and scaled down: smoother edges than a direct render.
        image = render(renderer, max(size, 64) * 4 if size < 64 else size)
        if image.width() != size:
            image = image.scaled(size, size, Qt.AspectRatioMode.IgnoreAspectRatio,
                                 Qt.TransformationMode.SmoothTransformation)
        if not image.save(str(target), "PNG"):
            print(f"cannot write {target}", file=sys.stderr)
            return 1
        print(target.relative_to(REPO))
    scalable = ICONS / "hicolor" / "scalable" / "apps" / f"{DESKTOP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    scalable.write_bytes(SVG.read_bytes())
    print(scalable.relative_to(REPO))
    return 0


if __name__ == "__main__":
    sys.exit(main())
