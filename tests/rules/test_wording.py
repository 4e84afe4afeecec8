"""Every sentence a finding says (builder/rules/wording.py), word for word, in English and in
Spanish: lists of the test data that break each rule form and bound, with each kind of
quantity on each side, every way a bound is reached, the built-in rules and an event's own
checks. ``wording-expected.json`` holds what the program said before the sentences were moved
out of the engine (issue 38), made by the code of that time from these same cases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder import i18n
from builder.data import Catalogue
from builder.events import check_list, parse_event
from builder.model import Faction, Warband
from builder.model.system import Rule
from builder.rules import validate
from tests.conftest import TEST_DATA, TEST_FACTIONS
from tests.helpers import make_faction, warband

EXPECTED = Path(__file__).resolve().parent / "wording-expected.json"


def _rules(*rules: dict[str, Any]) -> tuple[Rule, ...]:
    return tuple(Rule.model_validate({"id": f"test-rule-{i}", **r}) for i, r in enumerate(rules))


# Rules without a message of their own (an event's): each form and bound, each kind of
# quantity counted and bounding, each way a bound is reached.
DEFAULTS = _rules(
    {"count": {"models": {"type": "troop"}}, "at_most": 1},
    {"count": {"models": {"type": "leader"}}, "at_least": 3},
    {"count": {"models": {}}, "exactly": 2},
    {"count": {"models": {"id": "test-grunt"}}, "at_most": {"models": {"type": "leader"},
                                                           "times": 2}},
    {"count": {"models": {"id": "test-nobody"}}, "at_least": 1},
    {"count": {"models": {"type": "troop", "squad": True}}, "at_least": 5},
    {"count": {"models": {"type": "not-a-type"}}, "at_least": 1},
    {"count": {"entries": {}}, "at_least": 9},
    {"count": {"entries": {"type": "troop"}}, "exactly": 1},
    {"count": {"entries": {"type": "troop"}}, "exactly": 7},
    {"count": {"sum": "PE", "of": {"type": "troop"}},
     "at_most": {"sum": "MAN", "of": {"type": "leader"}}},
    {"count": {"sum": "PE"}, "at_most": {"sum": "PE", "of": {"type": "avatar"}}},
    {"count": {"max": "PE"}, "at_most": {"max": "MAN", "of": {"type": "leader"}}},
    {"count": {"max": "PE"}, "at_most": {"max": "MAN", "of": {"type": "avatar"}}},
    {"count": {"models": {}}, "at_most": "points_limit"},
    {"count": "max_same_combatant", "at_most": 2},
    {"count": {"models": {}}, "at_least": "max_same_combatant"},
    {"each": {"type": "troop"}, "at_least": 3},
    {"each": {}, "exactly": "max_same_combatant"},
    {"each": {}, "at_most": 1, "own_max": True},
    {"each": {}, "at_most": {"models": {"type": "leader"}}},
    {"when": {"models": {"type": "leader"}}, "count": {"models": {"type": "troop"}},
     "at_most": 0},
    {"severity": "warning", "count": {"models": {"type": "avatar"}}, "at_least": 1},
)

RELAUNCH_DEFAULTS = _rules(
    {"count": {"picks": {}}, "at_most": 0},
    {"count": {"picks": {"tag": "artefact"}}, "at_most": {"picks": {"tag": "pact"}}},
    {"count": {"sum": "PB"}, "at_most": {"sum": "PB", "of": {"type": "troop"}}},
    {"count": {"sum": "DOMC"}, "at_most": {"sum": "DOMC"}, "at_least": 99},
    {"count": {"models": {"option": "test-veteran"}},
     "at_most": {"sum": "PB", "of": {"option_tag": "command"}, "times": 0}},
    {"count": {"entries": {"option_tag": "veteran"}}, "at_most": 0},
    {"count": {"entries": {"id": "test-spearmen"}}, "at_most": {"entries": {"type": "leader"}}},
)


def _catalogue(*folders: Path) -> Catalogue:
    catalogue = Catalogue.load(list(folders), builtin=TEST_FACTIONS in folders, user=False)
    assert not catalogue.problems
    return catalogue


def _get(catalogue: Catalogue, faction_id: str) -> Faction:
    found = catalogue.get(faction_id)
    assert found is not None
    return found


def _relaunch(entries: list[tuple[str, int, dict[str, int]]], picks: list[str],
              limit: int | None = 10) -> Warband:
    return Warband.model_validate({
        "name": "Test", "faction": "test-relaunch-band", "points_limit": limit,
        "picks": picks, "entries": [{"combatant": c, "count": n, "options": o}
                                    for c, n, o in entries]})


def cases() -> dict[str, tuple[Warband, Faction | None, int | None, tuple[Rule, ...]]]:
    """Name -> (list, faction, points override, extra rules)."""
    spherewars = make_faction()
    own = make_faction(max_same_combatant=2, messengers_per_command=2)
    host = _get(_catalogue(TEST_DATA / "engine"), "test-host")
    relaunch = _get(_catalogue(TEST_DATA / "relaunch"), "test-relaunch-band")
    return {
        "spherewars-none-hired": (warband([]), spherewars, None, DEFAULTS),
        "spherewars-many": (warband([("test-leader", 1), ("test-grunt", 6), ("test-runner", 4),
                                     ("test-squaddie", 5), ("test-hero", 2),
                                     ("test-avatar", 1), ("ghost", 2), ("test-leadr", 1)],
                                    points_limit=100), spherewars, None, DEFAULTS),
        "spherewars-one-ghost": (warband([("test-grunt", 3), ("ghost-x", 1)]), spherewars, 5,
                                 DEFAULTS),
        "spherewars-faction-rule": (warband([("test-leader", 2), ("test-runner", 9),
                                             ("test-grunt", 3)]), own, None, DEFAULTS),
        "later-edition": (warband([("test-warlord", 1), ("test-count", 1), ("test-saint", 2),
                                   ("test-fire-mage", 1), ("test-ice-mage", 2),
                                   ("test-clan-a", 1), ("test-clan-b", 3),
                                   ("test-banner", 1)], faction="test-host",
                                  points_limit=50), host, None, ()),
        "later-edition-budget": (warband([("test-veteran", 80), ("test-elder", 4)],
                                         faction="test-host"),
                                 host.model_copy(update={"building": {"budget": 10}}), None,
                                 ()),
        "relaunch": (_relaunch([("test-warlord", 1, {"test-great-weapon": 1, "test-shield": 1,
                                                      "test-seal": 2, "test-nope": 1}),
                                ("test-spearmen", 7, {"test-veteran": 1, "test-banner": 1,
                                                      "test-drill": 3, "test-long-spear": 1}),
                                ("test-spearmen", 1, {"test-veteran": 1}),
                                ("test-council", 3, {}), ("test-council", 1, {}),
                                ("test-archers", 4, {"test-veteran": 1})],
                               ["test-sword-of-fire", "test-crown", "test-crown", "test-pact",
                                "test-blessing", "test-crwon", "zzzz-unheard-of"]),
                     relaunch, None, RELAUNCH_DEFAULTS),
        "relaunch-bare": (_relaunch([("test-scout", 1, {})], []), relaunch, None,
                          RELAUNCH_DEFAULTS),
        "unknown-faction": (warband([("test-grunt", 1)], faction="test-factoin"), None, None,
                            ()),
    }


EVENT = """\
schema: spherewars-event/1
name: Test Cup
system: spherewars-1e
factions: {factions}
lists: {lists}
"""


def event_messages() -> dict[str, list[list[str]]]:
    catalogue = _catalogue(TEST_FACTIONS, TEST_DATA / "engine")
    out = {}
    for name, factions, lists, w in (
            ("event-none-allowed", "[]", "[{player: Ana, fingerprint: AAAA-BBBB}]",
             warband([("test-grunt", 1)])),
            ("event-other-game", "[test-faction, soimi]", "[]",
             warband([("test-warlord", 1)], faction="test-host")),
            ("event-two-registered", "[test-faction]",
             "[{player: Ana, fingerprint: AAAA-BBBB}, {player: Bo, fingerprint: CCCC-DDDD}]",
             warband([("test-leader", 1)]))):
        event = parse_event("e.yaml", EVENT.format(factions=factions, lists=lists), catalogue)
        checked = check_list(event, w, catalogue)
        out[name] = [[f.rule, f.message] for f in checked.report.findings]
    return out


def messages() -> dict[str, list[list[str]]]:
    out = {}
    for name, (w, faction, override, extra) in cases().items():
        report = validate(w, faction, override, extra)
        out[name] = [[f.rule, f.message] for f in report.findings]
    return {**out, **event_messages()}


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_finding_reads_word_for_word_as_before(language: str) -> None:
    i18n.set_language(language)
    expected = json.loads(EXPECTED.read_text(encoding="utf-8"))[language]
    got = messages()
    assert got.keys() == expected.keys()
    for name in expected:
        assert got[name] == expected[name], name
    # every sentence of the module is said by some case
    said = {type(f.said).__name__ for w, faction, override, extra in cases().values()
            for f in validate(w, faction, override, extra).findings}
    assert said >= {"RuleBroken", "UnknownFaction", "UnknownCombatant", "UnitSize",
                    "UnknownOption", "OptionTimes", "Exclusive", "UnknownPick", "PickTwice"}


def test_a_finding_is_worded_in_the_language_it_is_read_in() -> None:
    """A list checked in English and read in Spanish reads as one checked in Spanish: the
    finding carries numbers, names and ids; its sentence is made when it is read."""
    w, faction, override, extra = cases()["relaunch"]
    english = validate(w, faction, override, extra)
    i18n.set_language("es")
    spanish = validate(w, faction, override, extra)
    assert [f.message for f in english.findings] == [f.message for f in spanish.findings]
    assert [f.cite for f in english.findings] == [f.cite for f in spanish.findings]
    assert any("Veterano de prueba" in f.message for f in english.findings)


if __name__ == "__main__":  # (how wording-expected.json was made, by the code of the time)
    found = {}
    for code in ("en", "es"):
        i18n.set_language(code)
        found[code] = messages()
    EXPECTED.write_text(json.dumps(found, ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")
