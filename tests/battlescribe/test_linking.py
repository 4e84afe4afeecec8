"""Linking a game system and its catalogues: links resolve across the game system, the
catalogue and the catalogues it links; defects published data has are warnings at their place
(SPEC §10)."""

from __future__ import annotations

import pytest

from builder.battlescribe import ReadError, data_from_json, data_sets, load_data_set
from builder.battlescribe.linking import CATEGORIES, ENTRIES, INFOS
from tests.battlescribe.helpers import TEST_FILES, shared_battlescribe


def test_links_resolve_across_catalogue_library_and_game_system() -> None:
    data = load_data_set(TEST_FILES)
    faction = data.catalogues["ts-fac"]
    scope = data.scope(faction)
    assert [f.id for f in scope.files] == ["ts-fac", "ts-lib", "ts-sys"]
    captain = faction.selection_entries[0]
    assert scope.target(captain.entry_links[0]).name == "Ancient Banner"  # in the library
    assert scope.target(captain.info_links[0]).name == "Brave"  # in the game system
    assert scope.target(captain.category_links[0]).name == "Leader"
    assert scope.find(ENTRIES, "ts-nowhere") is None
    assert [c.id for c in data.imported_roots(faction)] == ["ts-lib"]
    # the game system sees only itself
    assert data.scope().find(INFOS, "ts-rule-brave") is not None
    assert data.scope().find(ENTRIES, "ts-banner") is None
    assert data.scope(faction).find(CATEGORIES, "ts-cat-troops").name == "Troops"


def test_defects_published_data_has_are_warnings_at_their_place() -> None:
    data = load_data_set(TEST_FILES)
    assert not data.errors
    assert [str(p) for p in data.warnings] == [
        f"{TEST_FILES[2]}:55:13: the link 'Lost Relic' points to 'ts-nowhere', which no file "
        "defines",
        f"{TEST_FILES[2]}:70:5: the id 'ts-horn' is used twice in this file (first at line "
        "69)"]


def _catalogue(ident: str, links: list[str]) -> dict[str, object]:
    return {"id": ident, "name": ident, "gameSystemId": "g",
            "catalogueLinks": [{"id": f"{ident}-{t}", "name": t, "targetId": t,
                                "importRootEntries": True} for t in links]}


def test_catalogue_links_in_a_circle_are_followed_once() -> None:
    system = data_from_json({"id": "g", "name": "G"}, "gameSystem", "setup")
    cats = [data_from_json(_catalogue("a", ["b"]), "catalogue", "a"),
            data_from_json(_catalogue("b", ["c"]), "catalogue", "b"),
            data_from_json(_catalogue("c", ["a", "missing"]), "catalogue", "c")]
    [data] = data_sets([system, *cats])
    assert [f.id for f in data.scope(cats[0]).files] == ["a", "b", "c", "g"]
    assert [f.id for f in data.imported_roots(cats[0])] == ["b", "c"]
    assert ["points to catalogue 'missing'" in p.message for p in data.warnings] == [True]


def test_a_link_to_itself_is_a_warning() -> None:
    system = data_from_json({"id": "g", "name": "G"}, "gameSystem", "setup")
    cat = data_from_json({"id": "c", "name": "C", "gameSystemId": "g", "entryLinks": [
        {"id": "l", "name": "Loop", "targetId": "l", "type": "selectionEntry"}]},
        "catalogue", "c")
    [data] = data_sets([system, cat])
    assert ["'Loop' points to 'l'" in p.message for p in data.warnings] == [True]


def test_sets_that_cannot_be_used_are_refused_whole() -> None:
    system = data_from_json({"id": "g", "name": "G"}, "gameSystem", "g.gst")
    stray = data_from_json({"id": "c", "name": "C", "gameSystemId": "other"}, "catalogue",
                           "c.cat")
    with pytest.raises(ReadError, match="c.cat: the catalogue 'C' is for game system 'other'"):
        data_sets([system, stray])
    twice = data_from_json({"id": "g", "name": "G again"}, "gameSystem", "g2.gst")
    with pytest.raises(ReadError, match="g2.gst: the game system 'g' is also the id of"):
        data_sets([system, twice])


SHARED = shared_battlescribe() / "data"


@pytest.mark.skipif(not SHARED.is_dir(), reason="../shared/battlescribe is not here")
@pytest.mark.parametrize(("game", "systems", "warnings"), [
    ("mordheim", 1, 12), ("warcry", 1, 0), ("killteam", 3, 0), ("phalanx-sample", 1, 0)])
def test_real_games_load_with_warnings_only(game: str, systems: int, warnings: int) -> None:
    """BSData Mordheim links a rule 'Parry' twelve times that no file defines."""
    from builder.battlescribe import load_data_sets

    paths = sorted(p for p in (SHARED / game).iterdir() if p.suffix in (".gst", ".cat"))
    found = load_data_sets(paths)
    assert len(found) == systems
    assert sum(len(d.warnings) for d in found) == warnings
    assert not any(d.errors for d in found)
    if game == "mordheim":
        assert all("'Parry'" in p.message for p in found[0].warnings)
