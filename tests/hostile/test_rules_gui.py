"""Issue 28 in the app: a game system whose rule message is not plain does not load (one data
problem, the app carries on), and a plain one fills the findings; offscreen, quickly."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from tests.hostile import helpers as h
from tests.hostile.test_corpus_gui import make  # noqa: F401  (the fixture)
from tests.hostile.test_rules_as_data import FACTION, LIST, SYSTEM

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")


def _user_data(user_dir: Path, message: str) -> None:
    (user_dir / "systems").mkdir()
    (user_dir / "factions").mkdir()
    (user_dir / "systems" / "test-game.yaml").write_text(
        SYSTEM.format(message=json.dumps(message)), encoding="utf-8")
    (user_dir / "factions" / "test-game-side.yaml").write_text(FACTION, encoding="utf-8")


@pytest.mark.parametrize("message", ["{amount:>300000000}", "{amount:{bound[0]}}"])
def test_the_app_starts_and_names_a_message_that_is_not_plain(
        make: Any, user_dir: Path, tmp_path: Path, message: str) -> None:  # noqa: F811
    _user_data(user_dir, message)
    start = time.perf_counter()
    window = make()  # the built-in and the user's data, as a real start
    listing = tmp_path / "x.warband.yaml"
    listing.write_text(LIST, encoding="utf-8")
    assert window.files.load_path(listing, confirmed=True) is True
    assert time.perf_counter() - start < 5 * h.SECONDS
    # both rules of the system and its faction are reported; the list names its faction as
    # not loaded
    assert window.problems_button.text() == "3 data problems"
    assert [f.rule for f in window.doc.report.findings] == ["unknown-faction"]


def test_a_plain_message_fills_the_findings(make: Any, user_dir: Path,  # noqa: F811
                                            tmp_path: Path) -> None:
    _user_data(user_dir, "{{{rule}}} {counted}, {bound} allowed ({basis}) {combatant}")
    window = make()
    listing = tmp_path / "x.warband.yaml"
    listing.write_text(LIST, encoding="utf-8")
    assert window.files.load_path(listing, confirmed=True) is True
    messages = [f.message for f in window.doc.report.findings]
    assert "{grunt-cap} 4 Grunts hired, 1 allowed (Test Boss CMD 1) " in messages
    assert "{same-cap} 4, 2 allowed (the game's rule) Test Grunt" in messages
    window.findings.grab()
