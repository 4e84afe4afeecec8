"""Findings read as a player reads them (issue 31, item 10): no parameter ids in messages, no
rule ids in the text outputs; the ids stay in the JSON. And ``validate`` leaves points out
for a game without points (item 14)."""

from __future__ import annotations

import json
from pathlib import Path

from builder.data import Catalogue
from builder.rules import validate
from tests.cli.test_cli import run
from tests.conftest import REPO, TEST_FACTIONS
from tests.helpers import catalogue, make_faction, warband

MIXED = Path(__file__).resolve().parents[1] / "cli" / "mixed"
OTHER_SYSTEMS = REPO / "tests" / "fixtures" / "other-systems"


def messages(faction, entries) -> dict[str, str]:
    report = validate(warband(entries), faction)
    return {f.rule: f.message for f in report.findings}


def test_a_games_parameter_reads_as_the_games_rule_not_its_id() -> None:
    found = messages(make_faction(), [("test-leader", 1), ("test-grunt", 6)])
    assert found["same-combatant-limit"] == (
        "6 × Test Grunt hired; at most 5 of the same combatant (the game's rule)")


def test_a_factions_own_value_says_so_by_the_factions_name() -> None:
    faction = make_faction(max_same_combatant=2)
    found = messages(faction, [("test-leader", 1), ("test-grunt", 3)])
    assert found["same-combatant-limit"] == (
        f"3 × Test Grunt hired; at most 2 of the same combatant ({faction.name}'s own rule)")


def test_a_parameter_used_as_a_factor_shows_its_number() -> None:
    faction = make_faction(messengers_per_command=2)
    found = messages(faction, [("test-leader", 1), ("test-runner", 5)])
    assert found["messenger-limit"] == (
        "5 Messengers hired; the leaders' command allows 4 (2 × (Test Leader MAN 2))")


def test_no_message_names_a_parameter_and_the_ids_stay_in_json(capsys) -> None:
    """Every finding of the mixed test lists, through the CLI: text and JSON."""
    parameters = {p for system in catalogue().systems.values() for p in system.parameters}
    code, out, _ = run(capsys, "validate", "--data", str(TEST_FACTIONS), "--format", "json",
                       str(MIXED))
    findings = [f for row in json.loads(out)["files"] for f in row.get("findings", [])]
    assert {f["rule"] for f in findings} >= {"same-combatant-limit", "points-limit",
                                              "leader-required", "unknown-combatant"}
    for f in findings:
        assert not any(p in f["message"] for p in parameters), f["message"]
    _code, text, _ = run(capsys, "validate", "--data", str(TEST_FACTIONS), str(MIXED))
    lines = [line for line in text.splitlines()
             if line.startswith(("    error: ", "    warning: "))]
    assert len(lines) == len(findings)
    for rule in {f["rule"] for f in findings}:
        assert not any(rule in line for line in lines), rule
    assert "    error: 680 points spent, the limit is 100\n" in text


def test_validate_leaves_points_out_for_a_game_without_points(capsys, tmp_path: Path) -> None:
    """A game with no cost stat: no "0 pts" on the verdict line; a game with one keeps them;
    an unknown faction, whose game is not known, has none either."""
    cat = Catalogue.load(user=False)
    pointless = next(s for s in cat.systems.values() if s.cost is None and cat.factions_of(s.id))
    faction = cat.factions_of(pointless.id)[0]
    path = tmp_path / "nopoints.warband.yaml"
    path.write_text(f"schema: spherewars-warband/1\nname: No points\nfaction: {faction.id}\n"
                    f"entries:\n  - combatant: {faction.combatants[0].id}\n    count: 1\n",
                    encoding="utf-8")
    _code, out, _ = run(capsys, "validate", str(path))
    head = out.splitlines()[0]
    assert f"{path}: No points ({faction.id}), " in head and head.endswith(("legal", "ILLEGAL"))
    assert "pts" not in head
    _code, out, _ = run(capsys, "validate", "--format", "json", str(path))
    assert json.loads(out)["files"][0]["points"] == 0  # (SPEC §5: 0 with no cost)
    legal = REPO / "resources" / "examples" / "soimi-legal-ensartadores.warband.yaml"
    _code, out, _ = run(capsys, "validate", str(legal))
    assert "332/400 pts" in out
    _code, out, _ = run(capsys, "validate", str(MIXED / "unknown-faction.warband.yaml"))
    assert out.splitlines()[0].endswith(": Unknown faction (test-factoin), ILLEGAL")


def test_event_leaves_points_out_for_a_game_without_points(capsys, tmp_path: Path) -> None:
    """The event's text report says a list's points only where its game counts them, as
    validate does."""
    cat = Catalogue.load(user=False)
    pointless = next(s for s in cat.systems.values() if s.cost is None and cat.factions_of(s.id))
    faction = cat.factions_of(pointless.id)[0]
    (tmp_path / "a.warband.yaml").write_text(
        f"schema: spherewars-warband/1\nname: No points\nfaction: {faction.id}\n"
        f"entries:\n  - combatant: {faction.combatants[0].id}\n    count: 1\n", encoding="utf-8")
    legal = REPO / "resources" / "examples" / "soimi-legal-ensartadores.warband.yaml"
    (tmp_path / "b.warband.yaml").write_bytes(legal.read_bytes())
    event = tmp_path / "cup.event.yaml"
    event.write_text("schema: spherewars-event/1\nname: Cup\n", encoding="utf-8")
    _code, out, _ = run(capsys, "event", str(event), str(tmp_path / "a.warband.yaml"),
                        str(tmp_path / "b.warband.yaml"))
    lines = out.splitlines()
    no_points = next(line for line in lines if "No points" in line)
    assert "pts" not in no_points and no_points.startswith(("✔", "✘"))
    assert any("332/400 pts" in line for line in lines)
