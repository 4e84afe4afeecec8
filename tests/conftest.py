"""Test set-up shared by every test: no display, no real user folder."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest

# Before anything imports Qt: GUI tests run with no display, on a virtual 1920×1080 screen
# (Qt's offscreen default, 800×800, would make every window fit a small screen; the tests of
# small screens say which screen they stand for: tests/gui/test_gui_fit.py).
if os.environ.get("QT_QPA_PLATFORM", "offscreen") == "offscreen":
    os.environ["QT_QPA_PLATFORM"] = "offscreen:configfile=" + str(
        Path(__file__).resolve().parent / "gui" / "screen-1920x1080.json")
# ...and paint as the app does (builder.gui.app.paint_serially: no GUI thread pool).
os.environ.setdefault("QT_NO_GUI_THREADPOOL", "1")
# The user's own faction folder and settings must never be touched by tests.
_USER_DIR = tempfile.mkdtemp(prefix="spherewars-test-user-")
os.environ["SPHEREWARS_USER_DIR"] = _USER_DIR
os.environ.setdefault("XDG_CONFIG_HOME", os.path.join(_USER_DIR, "config"))
# Tests read English output unless they ask for another language: the environment of whoever
# runs them (LANG=es_ES.UTF-8) must not change it. LANGUAGE is the variable gettext reads first.
os.environ["LANGUAGE"] = "en"

REPO = Path(__file__).resolve().parent.parent
TEST_DATA = Path(__file__).resolve().parent / "fixtures"
TEST_FACTIONS = TEST_DATA / "factions"


@pytest.fixture
def user_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh, empty user data folder for one test."""
    folder = tmp_path / "user"
    folder.mkdir()
    monkeypatch.setenv("SPHEREWARS_USER_DIR", str(folder))
    return folder


@pytest.fixture(autouse=True)
def _english_after_each_test():
    """A test that switches the program to Spanish (``--lang es``, ``set_language``) does not
    leave it so for the next one."""
    yield
    from builder import i18n

    if i18n.current_language() != "en":
        i18n.set_language("en")
