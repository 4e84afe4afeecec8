"""Opening a roster reads and parses its file once (polish item 6): its header, which says
what data to find, and the roster linked to that data come from the same parse. The second
parse was a fifth to a quarter of opening a Kill Team roster warm (bench_roster_open.py)."""

from __future__ import annotations

from typing import Any

import pytest

from builder.battlescribe import rosterio
from builder.document.roster import RosterList
from tests.battlescribe.helpers import FIXTURES

ROSTER = FIXTURES / "test-roster.ros"


def test_opening_a_roster_parses_it_once(monkeypatch: pytest.MonkeyPatch) -> None:
    parsed: list[str] = []
    real = rosterio.parse_roster

    def counted(data: bytes, label: str) -> Any:
        parsed.append(label)
        return real(data, label)

    monkeypatch.setattr(rosterio, "parse_roster", counted)
    doc = RosterList.load(ROSTER, [FIXTURES])
    assert parsed == [str(ROSTER)]
    assert (doc.name, [(c.name, c.value) for c in doc.costs()]) == (
        "Road Wardens", [("Points", 106), ("Fuel", 1)])
