"""Ship the top-level ``factions/`` and ``resources/`` folders inside the wheel.

The data lives at the top of the checkout, where data authors and translators find it; a
normal (non-editable) install copies it into ``builder/_data`` so that
``builder.paths`` finds it there. Everything else is in ``pyproject.toml``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA_DIRS = ("factions", "resources")


class BuildPyWithData(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:
            return
        target = Path(self.build_lib) / "builder" / "_data"
        for name in DATA_DIRS:
            src = HERE / name
            if src.is_dir():
                dst = target / name
                shutil.rmtree(dst, ignore_errors=True)
                shutil.copytree(src, dst, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))


setup(cmdclass={"build_py": BuildPyWithData})
