"""Fingerprints (SPEC §6): hand-worked test vectors, then what changes them and what does not.

The vectors below were worked without the code under test: the canonical JSON is written out
as SPEC §6 defines it, its SHA-256 came from ``printf '%s' '…' | sha256sum``, and the first 40
bits were cut into 5-bit groups by hand and looked up in Crockford's alphabet
(0-9 = 0-9, A=10 B C D E F G H J=18 K M=20 N P Q R=24 S T V W X Y Z=31).
"""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from builder.data.fingerprint import (
    canonical_json,
    data_fingerprint,
    list_fingerprint,
    list_models,
)
from builder.model import Entry, Warband
from builder.rules import validate
from tests.helpers import catalogue, warband

# --- hand-worked vectors ------------------------------------------------------------------

ENSARTADORES_JSON = '{"faction":"soimi","models":{"nek-org":1,"tir-abe":1}}'
ENSARTADORES_SHA = "6cbeda7e9819047b9afd8be3f2fc51cbf2f1111f765b85e36ca76cffe4b3ada3"
# 6c be da 7e 98 = 01101100 10111110 11011010 01111110 10011000
#   -> 01101 10010 11111 01101 10100 11111 10100 11000
#   -> 13 18 31 13 20 31 20 24 -> D J Z D M Z M R
ENSARTADORES = "DJZD-MZMR"

TEST_LIST_JSON = '{"faction":"test-faction","models":{"leader-a":2,"troop-b":5}}'
TEST_LIST_SHA = "0ad0bd883ba8077da10c9271feeaa91e38dfca8cc642058240f7346cfd12b7b6"
# 0a d0 bd 88 3b = 00001010 11010000 10111101 10001000 00111011
#   -> 00001 01011 01000 01011 11011 00010 00001 11011
#   -> 1 11 8 11 27 2 1 27 -> 1 B 8 B V 2 1 V
TEST_LIST = "1B8B-V21V"

DATA_JSON = '[null,{"id":"x","name":"Tir\'Abé"}]'  # é stays é (ensure_ascii=False), UTF-8
DATA_SHA = "7ba9b83afa7e53e02877b8f51e4c2cab7e7b8ab82bb4a2fc7f0ebda8cd675949"
# 7b a9 b8 3a fa = 01111011 10101001 10111000 00111010 11111010
#   -> 01111 01110 10100 11011 10000 01110 10111 11010
#   -> 15 14 20 27 16 14 23 26 -> F E M V G E Q T
DATA = "FEMV-GEQT"


def test_vector_ensartadores():
    w = Warband(name="Los Ensartadores", faction="soimi", points_limit=400, notes="x",
                entries=[Entry(combatant="tir-abe"), Entry(combatant="nek-org")])
    assert canonical_json(list_models(w.faction, w.totals())) == ENSARTADORES_JSON
    assert hashlib.sha256(ENSARTADORES_JSON.encode()).hexdigest() == ENSARTADORES_SHA
    assert list_fingerprint(w) == ENSARTADORES


def test_vector_split_entries_are_totalled():
    w = Warband(name="t", faction="test-faction", entries=[
        Entry(combatant="troop-b", count=3), Entry(combatant="leader-a", count=2),
        Entry(combatant="troop-b", count=2)])
    assert canonical_json(list_models(w.faction, w.totals())) == TEST_LIST_JSON
    assert hashlib.sha256(TEST_LIST_JSON.encode()).hexdigest() == TEST_LIST_SHA
    assert list_fingerprint(w) == TEST_LIST


def test_vector_data_fingerprint_keeps_non_ascii_text():
    faction = {"name": "Tir'Abé", "id": "x"}
    assert canonical_json([None, faction]) == DATA_JSON
    assert hashlib.sha256(DATA_JSON.encode("utf-8")).hexdigest() == DATA_SHA
    assert data_fingerprint(None, faction) == DATA


def test_combatants_with_no_models_are_left_out():
    assert list_models("f", {"a": 0, "b": 1}) == {"faction": "f", "models": {"b": 1}}


# --- what counts and what does not -------------------------------------------------------

IDS = ["leader-a", "troop-b", "nek-org", "ghost"]
counts = st.dictionaries(st.sampled_from(IDS), st.integers(1, 30), max_size=4)


def _split(models: dict[str, int], pieces: list[int]) -> list[Entry]:
    """The same models spread over several entries."""
    out: list[Entry] = []
    for i, (cid, n) in enumerate(models.items()):
        cut = min(pieces[i % len(pieces)], n - 1) if n > 1 else 0
        if cut:
            out += [Entry(combatant=cid, count=cut), Entry(combatant=cid, count=n - cut)]
        else:
            out.append(Entry(combatant=cid, count=n))
    return out


@given(counts, st.lists(st.integers(1, 10), min_size=1, max_size=4), st.randoms())
def test_stable_under_renaming_reordering_splitting_and_limits(models, pieces, rnd):
    base = Warband(name="One", faction="test-faction",
                   entries=[Entry(combatant=c, count=n) for c, n in models.items()])
    entries = _split(models, pieces)
    rnd.shuffle(entries)
    other = Warband(name="Another name", faction="test-faction", points_limit=123,
                    notes="notes do not count", entries=entries)
    assert list_fingerprint(other) == list_fingerprint(base)


@given(counts, st.sampled_from(IDS), st.integers(1, 5))
def test_changed_by_any_count(models, cid, more):
    base = Warband(name="x", faction="test-faction",
                   entries=[Entry(combatant=c, count=n) for c, n in models.items()])
    changed = base.model_copy(update={"entries": [*base.entries,
                                                  Entry(combatant=cid, count=more)]})
    assert list_fingerprint(changed) != list_fingerprint(base)


def test_changed_by_the_faction():
    a = warband([("leader-a", 1)])
    assert list_fingerprint(a) != list_fingerprint(a.model_copy(update={"faction": "soimi"}))


def test_stable_under_reformatting(tmp_path):
    """The same list written twice, differently, gives the same fingerprint."""
    from builder.data import load_warband

    tidy = tmp_path / "a.warband.yaml"
    tidy.write_text("schema: spherewars-warband/1\nname: A\nfaction: soimi\nentries:\n"
                    "  - combatant: nek-org\n    count: 1\n", encoding="utf-8")
    messy = tmp_path / "b.warband.yaml"
    messy.write_text("# a comment\nentries: [{count: 1, combatant: 'nek-org'}]\n"
                     "faction: \"soimi\"\nname: B   # renamed\nschema: spherewars-warband/1\n",
                     encoding="utf-8")
    assert list_fingerprint(load_warband(tidy)) == list_fingerprint(load_warband(messy))


# --- the data fingerprint of loaded factions ---------------------------------------------


def test_data_fingerprint_ignores_comments_and_formatting(tmp_path):
    source = (catalogue().files["test-faction"]).read_text(encoding="utf-8")
    folder = tmp_path / "data"
    folder.mkdir()
    (folder / "test-faction.yaml").write_text("# reformatted copy\n" + source.replace(
        "\n", "   \n"), encoding="utf-8")
    from builder.data import Catalogue

    copy = Catalogue.load([folder], user=False)
    assert not copy.problems
    assert copy.data_fingerprint("test-faction") == catalogue().data_fingerprint("test-faction")


def test_data_fingerprint_changes_with_any_value(tmp_path):
    source = (catalogue().files["test-faction"]).read_text(encoding="utf-8")
    folder = tmp_path / "data"
    folder.mkdir()
    assert "PE: 80" in source
    (folder / "t.yaml").write_text(source.replace("PE: 80", "PE: 81", 1), encoding="utf-8")
    from builder.data import Catalogue

    changed = Catalogue.load([folder], user=False)
    assert not changed.problems
    assert changed.data_fingerprint("test-faction") not in (
        None, catalogue().data_fingerprint("test-faction"))


def test_data_fingerprint_covers_the_system_document():
    """SPEC §6: the canonical JSON of [SYSTEM, FACTION], each document as read."""
    cat = catalogue()
    system, faction = cat.documents["test-faction"]
    assert system["id"] == "spherewars-1e" and faction["id"] == "test-faction"
    assert cat.data_fingerprint("test-faction") == data_fingerprint(system, faction)
    changed = dict(system, name="Another game")
    assert data_fingerprint(changed, faction) != data_fingerprint(system, faction)


@pytest.mark.parametrize("missing", ["nobody"])
def test_no_data_fingerprint_for_a_faction_not_loaded(missing):
    assert catalogue().data_fingerprint(missing) is None


@given(counts, st.lists(st.integers(1, 10), min_size=1, max_size=4))
def test_a_reports_totals_give_the_same_fingerprint(models, pieces):
    """The app fingerprints a list from its validation's totals (issue 15: no second pass
    over the entries); unknown combatants, split entries and all, the value is the same."""
    faction = catalogue().get("soimi")
    w = Warband(name="x", faction="soimi", entries=_split(
        {("nek-org" if cid == "leader-a" else cid): n for cid, n in models.items()}, pieces))
    report = validate(w, faction)
    assert report.hired is not None
    assert list_fingerprint(w, report.hired) == list_fingerprint(w)
