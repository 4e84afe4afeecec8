"""The example lists in ``resources/examples/`` (File → Open Example) say what they are.

A file is named ``<faction>-legal-<words>.warband.yaml`` or
``<faction>-illegal-<rule-id>.warband.yaml``; the rule id is the one error it must produce.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from builder import cli
from builder.data import Catalogue, load_warband
from builder.rules import validate
from tests.conftest import REPO

EXAMPLES = REPO / "resources" / "examples"
EXAMPLE_FACTIONS = REPO / "resources" / "example-factions"
FILES = sorted(EXAMPLES.glob("*.warband.yaml"))
NAME = re.compile(r"^(?P<faction>[a-z0-9-]+?)-(?:legal-[a-z0-9-]+|illegal-(?P<rule>[a-z-]+))"
                  r"\.warband\.yaml$")


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue.load([EXAMPLE_FACTIONS], user=False)


def test_there_are_legal_and_illegal_examples() -> None:
    names = [p.name for p in FILES]
    assert any("-legal-" in n for n in names)
    assert any("-illegal-" in n for n in names)
    assert sorted(p.name for p in EXAMPLES.iterdir()) == names, "only warband files here"


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_example_validates_as_its_name_says(path: Path, catalogue: Catalogue) -> None:
    match = NAME.match(path.name)
    assert match, f"{path.name}: name it <faction>-legal-… or <faction>-illegal-<rule-id>"
    warband = load_warband(path)
    faction = catalogue.get(warband.faction)
    assert warband.faction == match["faction"]
    assert faction is not None
    # the rulebook's data, or the invented example faction beside the examples
    assert faction.id in catalogue.builtin_ids or \
        catalogue.files[faction.id].parent == EXAMPLE_FACTIONS
    unknown = [e.combatant for e in warband.entries if e.combatant not in faction.by_id]
    assert not unknown, "examples use only the shipped combatants"
    assert warband.entries, "an example shows its finding (an empty list only greets)"
    report = validate(warband, faction)
    expected_rule = match["rule"]
    if expected_rule is None:
        assert report.legal, [f.message for f in report.findings]
        assert report.findings == []
    else:
        assert not report.legal
        assert [f.rule for f in report.errors] == [expected_rule]


def test_every_recruiting_rule_has_its_illegal_example() -> None:
    """docs/first-list.md promises one illegal example per rule of SphereWars (issue 41 item
    5): the messenger limit and the squad cap had none, the shipped Soimi can break neither."""
    from builder.data import builtin_systems

    rules = {r.id for r in builtin_systems()["spherewars-1e"].rules}
    shown = {m["rule"] for p in FILES if (m := NAME.match(p.name)) and m["rule"]}
    assert shown == rules


def test_the_example_faction_says_it_is_invented() -> None:
    """Never official-looking: its name, source and every combatant's description say so,
    and it lives with the examples, not in factions/ (published profiles only)."""
    loaded = Catalogue.load([EXAMPLE_FACTIONS], user=False)
    invented = [f for fid, f in loaded.factions.items()
                if loaded.files[fid].parent == EXAMPLE_FACTIONS]
    assert invented
    for faction in invented:
        assert "invented" in faction.name.lower() and "invented" in (faction.source or "")
        assert all(c.name.startswith("Example ") and "Invented" in (c.description or "")
                   for c in faction.combatants)
        assert not (REPO / "factions" / f"{faction.id}.yaml").exists()


def test_cli_validates_the_examples_folder(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["validate", str(EXAMPLES), "--data", str(EXAMPLE_FACTIONS),
                       "--format", "json"])
    summary = json.loads(capsys.readouterr().out)["summary"]
    legal = sum("-legal-" in p.name for p in FILES)
    assert (status, summary) == (1, {"files": len(FILES), "legal": legal,
                                     "illegal": len(FILES) - legal, "unreadable": 0})


@pytest.mark.parametrize("path", [p for p in FILES if "-legal-" in p.name],
                         ids=lambda p: p.name)
def test_cli_exit_status_of_a_legal_example_is_0(path: Path) -> None:
    assert cli.main(["validate", str(path)]) == 0
