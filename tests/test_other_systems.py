"""The three other games built in as data (issue 11): Spheres of War Fragment 1, Torn and
Spherus tactical (SPEC §5's table).

The first tests read the files as plain data: each reference is a one-page summary that
names its sections, and nothing of SphereWars leaks into another game (that each rule rests
on a sentence of its game's text is tests/test_rule_cites.py's). The last ones go through
the `spherewars` command line: check-data, validate at, under and over each roster bound, and
the exported PDF.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from builder.data.reference import load_reference
from tests.conftest import REPO, TEST_DATA

SYSTEMS_DIR = REPO / "resources" / "systems"
REFERENCE_DIR = REPO / "resources" / "reference"
SYSTEMS_DATA = TEST_DATA / "systems"
LISTS = SYSTEMS_DATA / "lists"

SOURCES = {
    "sow-tactical-f1": "spheres-of-war-fragment1-v0.2b.md",
    "torn": "hex-skirmish-combat-rules.txt",
    "spherus-tactical": "spherus-tactical-rules.txt",
}
GAMES = sorted(SOURCES)

# SphereWars words that must never reach another game's screens or printouts: its stat ids
# (case kept), and its names for lists, messengers, power gems and its rulebook.
SPHEREWARS_STATS = re.compile(r"\b(PE|CA|MAN|DES|POT|CON|FUR|POD|PRE)\b")
SPHEREWARS_WORDS = re.compile(r"warband|messenger|power gem|manuscrit|saphir|spherewars",
                              re.IGNORECASE)


def _system(game: str) -> dict:
    return yaml.safe_load((SYSTEMS_DIR / f"{game}.yaml").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_system_file_has_its_spec_id_and_its_own_reference(game: str) -> None:
    system = _system(game)
    assert system["schema"] == "spherewars-system/1"
    assert system["id"] == game
    assert system["reference"] == game
    ref = load_reference(REFERENCE_DIR / f"{game}.yaml")
    assert all(item.section.strip() for item in ref.items)


def test_roster_rules_are_the_games_own() -> None:
    """SoW: exactly five combatants a side; Torn: exactly one Leader of the Expedition;
    Spherus: no roster rule at all."""
    sow, torn, spherus = (_system(g) for g in ("sow-tactical-f1", "torn", "spherus-tactical"))
    assert [(r["count"], r["exactly"]) for r in sow["rules"]] == [({"models": {}}, 5)]
    assert [(r["count"], r["exactly"]) for r in torn["rules"]] == [
        ({"models": {"type": "leader"}}, 1)]
    assert spherus.get("rules", []) == []
    assert [t["id"] for t in sow["types"]] == ["combatant"]
    assert [t["id"] for t in spherus["types"]] == ["character"]
    assert [t["id"] for t in torn["types"]][0] == "leader" and len(torn["types"]) >= 2


def test_stat_lines_hold_what_the_cards_show() -> None:
    """Torn: the Defence dice pool (text) and the wounds; attacks are melee or ranged, either
    of them ethereal. Spherus: hit points, psi points and movement in hexagons."""
    def stats(game: str) -> dict[str, tuple[str, bool]]:
        return {s["id"]: (s.get("kind", "number"), s.get("required", False))
                for s in _system(game)["stats"]}

    assert stats("torn") == {"DEF": ("text", True), "W": ("number", True)}
    assert {k["id"] for k in _system("torn")["ability_kinds"]} >= {
        "melee", "ranged", "ethereal-melee", "ethereal-ranged"}
    spherus = stats("spherus-tactical")
    assert spherus["HP"] == ("number", True) and spherus["MOV"] == ("number", True)
    assert spherus["PP"] == ("number", False)
    glossary = {a["id"]: a for a in _system("spherus-tactical")["abilities"]}
    assert "3 pp to move 3, and 4 pp more to move 4" in glossary["flight"]["text"]["en"]


def test_points_only_where_the_texts_have_them() -> None:
    for game in GAMES:
        system = _system(game)
        assert "cost" not in system and "bases" not in system, game
    assert _system("sow-tactical-f1")["stats"] == []


@pytest.mark.parametrize("game", GAMES)
def test_nothing_of_spherewars_in_another_game(game: str) -> None:
    for path in (SYSTEMS_DIR / f"{game}.yaml", REFERENCE_DIR / f"{game}.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))  # comments may name SPEC
        data.pop("schema")  # the format's name, never displayed
        text = json.dumps(data, ensure_ascii=False)
        assert not SPHEREWARS_STATS.findall(text), path
        assert not SPHEREWARS_WORDS.findall(text), path


REQUIRED_TOPICS = {
    "sow-tactical-f1": ["set-up", "turns and matches", "actions", "movement and waiting",
                        "combat loop", "winning", "0.1f"],
    "torn": ["seven steps", "dice", "melee and ranged", "visibility and cover",
             "low-visibility", "counter attack", "panic", "expedition leader"],
    "spherus-tactical": ["movement", "engagement", "disengaging", "targeting", "ranges",
                         "area attacks", "defeat", "initiative"],
}
REQUIRED_PHRASES = {
    "sow-tactical-f1": ["Instigator", "Retaliator", "Five Actions per Match", "Inert",
                        "Martial Art Test", "roles reversed", "Auto-hit", "chess pawns",
                        "read as five each"],
    "torn": ["critical", "Skill Attack die", "Agility", "Evade", "Closing Landscape",
             "Low-Visibility Zone", "Panic Test", "Assault", "within Range and Visibility",
             "Condition Marker", "Ethereal Vortex or a Dangerous Landscape"],
    "spherus-tactical": ["Super Running (Art 10)", "Flight (Psi-Xaquel 30)", "−20", "+20",
                         "5+ hexagons", "Psi-Storm", "3 rounds", "weapon/firearm skill"],
}


@pytest.mark.parametrize("game", GAMES)
def test_reference_covers_what_the_issue_lists(game: str) -> None:
    ref = load_reference(REFERENCE_DIR / f"{game}.yaml")
    titles = " | ".join(item.title for item in ref.items).lower()
    for topic in REQUIRED_TOPICS[game]:
        assert topic in titles, topic
    text = " ".join((REFERENCE_DIR / f"{game}.yaml").read_text(encoding="utf-8").split())
    for phrase in REQUIRED_PHRASES[game]:
        assert phrase in text, phrase


@pytest.mark.parametrize("game", GAMES)
def test_reference_is_no_longer_than_the_first_editions(game: str) -> None:
    """About one printed page in two columns: no more text than the SphereWars reference,
    which fills one page."""
    def size(path: Path) -> int:
        ref = load_reference(path)
        return sum(len(" ".join([i.text or "", *i.points, i.note or "",
                                 *(c for row in (i.table.rows if i.table else []) for c in row)]))
                   for i in ref.items)

    assert size(REFERENCE_DIR / f"{game}.yaml") <= size(REFERENCE_DIR / "spherewars-1e.yaml")


# --- through the program ---------------------------------------------------------------------

EXPECTED = {
    # list file: (legal, rule ids of the error findings)
    "sow-four": (False, ["five-combatants"]),
    "sow-five": (True, []),
    "sow-six": (False, ["five-combatants"]),
    "sow-builtin-five": (True, []),
    "torn-no-leader": (False, ["expedition-leader"]),
    "torn-one-leader": (True, []),
    "torn-two-leaders": (False, ["expedition-leader"]),
    "spherus-empty": (True, []),
    "spherus-one": (True, []),
    "spherus-large": (True, []),
}


def _run(capsys, *args: str) -> tuple[int, str]:
    from builder.cli import main

    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse
        code = int(exc.code or 0)
    return code, capsys.readouterr().out


def test_check_data_accepts_the_systems_and_their_factions(capsys) -> None:
    code, out = _run(capsys, "check-data", str(SYSTEMS_DIR), str(REPO / "factions"),
                     str(SYSTEMS_DATA))
    assert code == 0, out


def test_roster_rules_at_under_and_over_their_bounds(capsys) -> None:
    code, out = _run(capsys, "validate", "--data", str(SYSTEMS_DATA), str(LISTS),
                     "--format", "json")
    assert code == 1
    files = {Path(f["path"]).name.removesuffix(".warband.yaml"): f
             for f in json.loads(out)["files"]}
    assert set(files) == set(EXPECTED)
    for name, (legal, rules) in EXPECTED.items():
        f = files[name]
        assert f["legal"] is legal, name
        assert [x["rule"] for x in f["findings"] if x["severity"] == "error"] == rules, name
        assert f["points"] == 0, name
    assert "6" in files["sow-six"]["findings"][0]["message"]
    # a count in a sentence that reads right for any number ("1 combatants" did not)
    # and starts with a capital, as every finding does (issue 41 item 13)
    assert files["sow-four"]["findings"][0]["message"].startswith("Combatants in the set: 4;")
    assert "2" in files["torn-two-leaders"]["findings"][0]["message"]
    assert files["spherus-large"]["stats"]["models"] == 22


GAME_OF_LIST = {"sow-five": "sow-tactical-f1", "torn-one-leader": "torn",
                "spherus-one": "spherus-tactical"}
PRINTED = {"sow-tactical-f1": ["Martial Art Test", "Instigator"],
           "torn": ["Panic Test", "Closing Landscape"],
           "spherus-tactical": ["Psi-Storm", "Disengaging"]}


@pytest.mark.parametrize("name", sorted(GAME_OF_LIST))
def test_pdf_carries_the_games_reference_and_not_spherewars(capsys, tmp_path: Path,
                                                            name: str) -> None:
    from pypdf import PdfReader

    out = tmp_path / f"{name}.pdf"
    code, _ = _run(capsys, "export", str(LISTS / f"{name}.warband.yaml"), "-o", str(out),
                   "--data", str(SYSTEMS_DATA))
    assert code == 0
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(out).pages).split())
    for phrase in PRINTED[GAME_OF_LIST[name]]:
        assert phrase in text, phrase
    assert not SPHEREWARS_WORDS.findall(text)
    assert "Movement of Annihilation" not in text


def _summary(name: str):
    from builder.data import Catalogue, load_warband
    from builder.export.summary import summarise

    catalogue = Catalogue.load([SYSTEMS_DATA], user=False)
    warband = load_warband(LISTS / f"{name}.warband.yaml")
    return summarise(warband, catalogue.get(warband.faction))


def test_cards_name_ability_kinds_as_the_game_does() -> None:
    """Torn's attack kinds print by their names, not their ids ("ethereal-ranged")."""
    from builder.data import builtin_systems
    from builder.model.text import display

    names = {k.id: display(k.name) for k in builtin_systems()["torn"].ability_kinds}
    abilities = [a for p in _summary("torn-one-leader").profiles for a in p.abilities if a.kind]
    assert abilities, "the test faction has attacks"
    for a in abilities:
        assert a.label.startswith(names[a.kind]), (a.kind, a.label)


def test_a_game_without_ranks_or_stats_prints_neither() -> None:
    from builder.export.card_blocks import StatLine
    from builder.export.cards import header
    from builder.export.fonts import register_fonts
    from builder.export.sheet import roster

    register_fonts()
    sow = _summary("sow-five")
    assert not sow.game.has_ranks and not sow.stat_columns
    heads = [getattr(cell, "text", "") for cell in roster(sow, 500)[1]._cellvalues[0]]
    assert "<b>Type</b>" in heads and "<b>Rank</b>" not in heads
    assert not any(isinstance(p, StatLine) for p in header(sow.profiles[0], 1, 1, None))
    spherus = _summary("spherus-one")  # a game with a stat line still prints it
    assert any(isinstance(p, StatLine) for p in header(spherus.profiles[0], 1, 1, None))


def test_every_finding_of_the_games_starts_with_a_capital():
    """Issue 41 item 13: "combatants in the set: 1; …" began in lower case. Every message a
    built-in game's rule words (in each language) begins with a capital or a number."""
    import yaml

    from builder.plumbing import paths

    lower = []
    for path in sorted((paths.resources_dir() / "systems").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for rule in data.get("rules", []):
            message = rule.get("message")
            texts = message.values() if isinstance(message, dict) else [message] if message \
                else []
            lower += [f"{path.name} {rule['id']}: {t}" for t in texts
                      if not (t[:1].isupper() or t[:1].isdigit() or t.startswith("{"))]
    assert lower == []
