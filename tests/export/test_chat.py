"""Text for posting (``spherewars text``, Edit → Copy list as text): snapshot tests.

The expected texts are in ``snapshots/chat-*.txt`` (read them: they are what a player pastes
into a chat). The share code is checked apart and shown there as ``<share code>``, because
zlib builds may compress the same bytes differently. After a deliberate change, rewrite the
snapshots with ``SPHEREWARS_UPDATE_SNAPSHOTS=1 pytest tests/export/test_chat.py`` and review
the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from builder.data.share import decode_warband
from builder.export.chat import STYLES, list_text
from builder.export.summary import summarise
from tests.helpers import catalogue, warband

SNAPSHOTS = Path(__file__).parent / "snapshots"
CAT = catalogue()

LISTS = {
    # A legal list with every kind of line, and a name full of markup characters.
    "legal": warband([("test-grunt", 3), ("test-leader", 1), ("test-avatar", 1),
                      ("test-grunt", 2), ("test-runner", 1)], points_limit=300,
                     name="The *Best* [b]Band[/b] <3 #1_`x`"),
    # Over the limit, a combatant the data does not have, a squad hired too often.
    "illegal": warband([("test-captain", 1), ("ghost", 2), ("test-squaddie", 4)],
                       points_limit=100, name="Too much"),
    "unknown-faction": warband([("somebody", 1)], faction="nobody", name="Lost"),
    "empty": warband([], name="Nothing yet"),
}


def render(key: str, style: str) -> tuple[str, str]:
    w = LISTS[key]
    s = summarise(w, CAT.get(w.faction))
    text = list_text(s, style)
    assert text.count(s.share_code) == 1
    return text.replace(s.share_code, "<share code>"), text


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("key", list(LISTS))
def test_snapshot(key: str, style: str):
    shown, _ = render(key, style)
    path = SNAPSHOTS / f"chat-{key}.{style}.txt"
    if os.environ.get("SPHEREWARS_UPDATE_SNAPSHOTS"):
        path.parent.mkdir(exist_ok=True)
        path.write_text(shown, encoding="utf-8")
    assert path.exists(), f"no snapshot {path.name}: run with SPHEREWARS_UPDATE_SNAPSHOTS=1"
    assert shown == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("style", STYLES)
@pytest.mark.parametrize("key", list(LISTS))
def test_the_posted_text_imports_back_as_the_same_list(key: str, style: str):
    _, text = render(key, style)
    assert decode_warband(text) == LISTS[key]


def test_an_unknown_style_is_refused():
    s = summarise(LISTS["empty"], CAT.get("test-faction"))
    with pytest.raises(ValueError, match="unknown style 'html'"):
        list_text(s, "html")
