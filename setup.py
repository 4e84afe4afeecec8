"""Ship the top-level ``factions/`` and ``resources/`` folders inside the wheel, and the
compiled translations.

The data lives at the top of the checkout, where data authors and translators find it; a
normal (non-editable) install copies it into ``builder/_data`` so that
``builder.plumbing.paths`` finds it there. The translations' sources,
``builder/locale/*/LC_MESSAGES/spherewars.po``, are compiled to ``.mo`` with Babel (a build
requirement): into the wheel, or, for an editable install (``make run``), next to the ``.po``
in the checkout. Everything else is in ``pyproject.toml``.
"""

from __future__ import annotations

import io
import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA_DIRS = ("factions", "resources")
LOCALE = Path("builder") / "locale"
DOMAIN = "spherewars"


def compiled(po: Path) -> bytes:
    """The ``.mo`` of a ``.po`` exactly as ``pybabel compile`` writes it (fuzzy entries left
    out); tests/test_translations.py compares the checkout's ``.mo`` files with this."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh, po.parent.parent.name)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def compile_catalogues(source: Path, target: Path) -> None:
    """Every ``<lang>/LC_MESSAGES/spherewars.po`` under ``source`` compiled into the same place
    under ``target``; a ``.mo`` that is already up to date is left alone."""
    for po in sorted(source.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = target / po.relative_to(source).with_suffix(".mo")
        data = compiled(po)
        if mo.is_file() and mo.read_bytes() == data:
            continue
        mo.parent.mkdir(parents=True, exist_ok=True)
        mo.write_bytes(data)


class BuildPyWithData(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            compile_catalogues(HERE / LOCALE, HERE / LOCALE)
            return
        compile_catalogues(HERE / LOCALE, Path(self.build_lib) / LOCALE)
        target = Path(self.build_lib) / "builder" / "_data"
        for name in DATA_DIRS:
            src = HERE / name
            if src.is_dir():
                dst = target / name
                shutil.rmtree(dst, ignore_errors=True)
                shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithData})
