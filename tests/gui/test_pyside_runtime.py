"""Guard against the PySide6 build that corrupts None's reference count.

PySide6 6.12.0 drops one reference to None on every Qt call that returns nothing (on CPython
before 3.12, where None is not immortal); after enough calls the process aborts with "Fatal
Python error: none_dealloc". pyproject.toml excludes that version; this test fails if a
resolver ever installs one with the same fault.
"""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QLabel


def test_void_qt_calls_keep_none_alive(qtbot):
    label = QLabel()
    qtbot.addWidget(label)
    before = sys.getrefcount(None)
    for _ in range(5000):
        label.setText("x")
    assert sys.getrefcount(None) - before > -100
