"""A roster's fingerprint (SPEC §10): the canonical form, the code an organiser's own tool
computes from it, and what does and does not change it."""

from __future__ import annotations

import hashlib
import json

import pytest

from builder.battlescribe import load_data_set
from builder.battlescribe.engine.editing import Editor
from builder.battlescribe.fingerprint import roster_document, roster_fingerprint
from builder.battlescribe.rosterio import read_roster_file
from tests.battlescribe.helpers import FIXTURES, TEST_FILES

TEST_ROSTER = FIXTURES / "test-roster.ros"
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


@pytest.fixture(scope="module")
def data():
    return load_data_set(TEST_FILES)


def _read(data):
    return read_roster_file(TEST_ROSTER, [data]).roster


def _by_hand(document: dict) -> str:
    """SPEC §6's steps, written out as an organiser's spreadsheet would."""
    text = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    bits = int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:5], "big")
    code = "".join(CROCKFORD[(bits >> s) & 31] for s in range(35, -1, -5))
    return f"{code[:4]}-{code[4:]}"


def test_the_canonical_form_of_our_test_roster(data) -> None:
    roster = _read(data)
    assert roster_document(roster) == {"system": "ts-sys", "forces": [{
        "entry": "ts-fe-warband", "catalogue": "ts-fac", "selections": [
            ["ts-captain", 1, [["ts-captain-banner::ts-banner", 1, []]]],
            ["ts-lib-mascot", 1, []],
            ["ts-trooper", 3, [["ts-bow", 3, []]]]]}]}
    assert roster_fingerprint(roster) == _by_hand(roster_document(roster)) == "DVFT-CT8M"


def test_names_notes_and_order_do_not_count_numbers_and_children_do(data) -> None:
    roster = _read(data)
    before = roster_fingerprint(roster)
    editor = Editor(data, roster.name, roster)
    captain = next(s for s in roster.walk_selections() if s.node.id == "ts-captain")
    editor.customise(captain, name="Someone else", notes="other notes")
    roster.name = "Renamed"
    force = roster.forces[0]
    force.selections.reverse()  # another order of the same selections
    assert roster_fingerprint(roster) == before
    trooper = next(s for s in roster.walk_selections() if s.node.id == "ts-trooper")
    editor.set_count(trooper, 4)
    assert roster_fingerprint(roster) != before
    editor.set_count(trooper, 3)
    assert roster_fingerprint(roster) == before
    banner = captain.children[0]
    editor.remove(banner)
    assert roster_fingerprint(roster) != before


def test_child_forces_are_listed_only_when_there_are_some(data) -> None:
    roster = _read(data)
    assert "forces" not in roster_document(roster)["forces"][0]
