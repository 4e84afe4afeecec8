"""Options and picks on every printout (SPEC §9, issue 26 point 4): the cards print a
combatant's options under its name, a card per different choice; the turn summary sheet and
the opponent's copy list the options with each entry and the picks with the entries; the
event's HTML report and pack carry both. TEST DATA ONLY: an invented faction of the
first-edition system with invented options and picks."""

from __future__ import annotations

import dataclasses
import io
import json
import re
from pathlib import Path

import pytest
import yaml
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas

from builder.cli import main
from builder.export import sheettop
from builder.export.fonts import register_fonts
from builder.export.pdf import render_pdf
from builder.export.sheetpage import draw_sheet
from builder.export.summary import WarbandSummary, summarise
from builder.model import Warband
from tests.export import helpers as h

CHIEF_OPTIONS = [
    {"id": "test-banner", "name": "Test Banner", "adds": {"PE": 5},
     "text": "Test text: the banner rallies."},
    {"id": "test-axe", "name": "Test Axe", "adds": {"PE": 3, "MAN": 1}, "group": "weapon"},
]
TROOPER_OPTIONS = [
    {"id": "test-veteran", "name": "Test Veteran", "adds": {"PE": 1}, "per_model": True},
    {"id": "test-drill", "name": "Test Drill", "adds": {"PE": 2}, "max": 2},
]
PICKS = [{"id": "test-sword", "name": "Test Sword of Fire", "adds": {"PE": 7},
          "text": "Test text: +1 to hit."}]
ENTRIES = [
    {"combatant": "test-chief", "count": 1, "options": {"test-banner": 1, "test-axe": 1}},
    {"combatant": "test-trooper-1", "count": 3, "options": {"test-veteran": 1, "test-drill": 2}},
    {"combatant": "test-trooper-1", "count": 2},
    {"combatant": "test-trooper-1", "count": 4, "options": {"test-veteran": 1}},
    {"combatant": "test-trooper-1", "count": 1, "options": {"test-drill": 2, "test-veteran": 1}},
]


def _faction_data() -> dict:
    return {"schema": "spherewars-faction/1", "id": h.FACTION_ID, "name": "Export Test Faction",
            "source": "test data (invented for the export tests)",
            "abilities": [{"id": "test-gift", "name": "Test gift", "scope": "racial",
                           "kind": "passive", "text": "A racial test ability."}],
            "combatants": [h.leader(options=CHIEF_OPTIONS),
                           h.combatant(1, options=TROOPER_OPTIONS)],
            "picks": PICKS}


def _warband_data(picks: list[str] | None = None) -> dict:
    return {"schema": "spherewars-warband/1", "name": "Test options", "faction": h.FACTION_ID,
            "points_limit": 400, "entries": ENTRIES,
            "picks": ["test-sword"] if picks is None else picks}


def _warband(picks: list[str] | None = None) -> Warband:
    return Warband.model_validate(_warband_data(picks))


def _summary(picks: list[str] | None = None) -> WarbandSummary:
    data = _faction_data()
    faction = h.faction(data["combatants"], picks=data["picks"])
    return summarise(_warband(picks), faction, h.universal())


def _cards(s: WarbandSummary) -> list[str]:
    """The text of each card face (a card starts at its title)."""
    text = h.pdf_text(render_pdf(s, sheet=False))
    return [c for c in re.split(r"\n(?=Test (?:Chief|Trooper 1)\n)", "\n" + text) if c.strip()]


def test_a_card_per_different_choice_with_the_options_under_the_name() -> None:
    cards = _cards(_summary())
    troopers = [c for c in cards if c.startswith("Test Trooper 1")]
    # drill ×2 + veteran (twice, in either order: one choice), bare, veteran alone
    assert len(troopers) == 3
    firsts = [c.split("\n")[1] for c in troopers]
    assert "Options: Test Drill ×2 (PE +4 per entry), Test Veteran" in [
        " ".join(c.split("\n")[1:3]) for c in troopers]
    assert "Options: Test Veteran" in firsts
    assert sum(1 for f in firsts if f.startswith("Options:")) == 2
    chief = next(c for c in cards if c.startswith("Test Chief"))
    assert "Options: Test Axe (MAN +1), Test Banner" in chief  # what it adds besides points
    assert "Test Banner: Test text: the banner rallies." in chief


def test_per_model_cards_count_the_models_of_each_choice() -> None:
    text = h.pdf_text(render_pdf(_summary(), sheet=False, per_model=True))
    assert "model 4 of 4" in text  # the four with the veteran alone
    assert "model 2 of 2" in text and "model 3 of 4" in text
    assert "model 5 of" not in text  # never the ten troopers as one


def _sheet_text(s: WarbandSummary, monkeypatch: pytest.MonkeyPatch, flowed: bool) -> str:
    if flowed:
        monkeypatch.setattr(sheettop, "draw_top", lambda *a: None)
    register_fonts()
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=A4)
    draw_sheet(c, dataclasses.replace(s, share_code=""), A4, reference=False)
    c.save()
    return h.pdf_text(buffer.getvalue())


@pytest.mark.parametrize("flowed", [False, True], ids=["straight", "flowed"])
def test_the_sheet_lists_options_with_each_entry_and_picks_with_the_entries(
        flowed: bool, monkeypatch) -> None:
    text = _sheet_text(_summary(), monkeypatch, flowed)
    lines = [line.strip() for line in text.split("\n")]
    chief = lines.index("Test Chief, the tester")
    assert lines[chief + 1] == "Test Banner, Test Axe"  # under the name, as the list says
    assert "Test Veteran, Test Drill ×2" in lines and "Test Veteran" in lines
    pick = lines.index("Test Sword of Fire")
    assert lines[pick + 1] == "Test text: +1 to hit." and lines[pick + 2] == "Extras"
    assert "128" in lines  # the chief's points with its options (120 + 5 + 3)
    assert lines.index("Test Sword of Fire") < next(
        i for i, line in enumerate(lines) if line.startswith("Total:"))


def test_an_unknown_pick_is_printed_and_said_to_count_for_nothing(monkeypatch) -> None:
    text = _sheet_text(_summary(["test-nothing"]), monkeypatch, False)
    assert "test-nothing" in text
    assert "unknown pick: not in the data; counts toward nothing" in text


def test_the_opponents_copy_names_the_options_and_the_picks() -> None:
    text = " ".join(h.pdf_text(render_pdf(_summary(), cards=False, sheet=False,
                                          opponent=True)).split())
    assert "Test Chief, the tester (Test Banner, Test Axe)" in text
    assert "Test Trooper 1 (Test Veteran, Test Drill ×2)" in text
    assert "Test Sword of Fire Extras 7" in text  # the game's word for picks


def _event_files(tmp_path: Path) -> tuple[Path, Path, Path]:
    data = tmp_path / "data"
    data.mkdir()
    for folder, name, content in ((data, "export-test.yaml", _faction_data()),
                                  (tmp_path / "lists", "a.warband.yaml", _warband_data())):
        folder.mkdir(exist_ok=True)
        (folder / name).write_text(yaml.safe_dump(content, sort_keys=False,
                                                  allow_unicode=True), encoding="utf-8")
    lists = tmp_path / "lists"
    event = tmp_path / "cup.event.yaml"
    event.write_text("schema: spherewars-event/1\nname: Test Cup\n", encoding="utf-8")
    return data, lists, event


def test_the_events_html_and_pack_carry_options_and_picks(tmp_path: Path, capsys) -> None:
    data, lists, event = _event_files(tmp_path)
    html, pack = tmp_path / "report.html", tmp_path / "pack.pdf"
    main(["event", str(event), str(lists), "--data", str(data), "--format", "html",
          "-o", str(html), "--pack", str(pack), "--pack-style", "roster"])
    err = capsys.readouterr().err
    assert "Traceback" not in err
    page = html.read_text(encoding="utf-8")
    assert "Test Chief (Test Banner, Test Axe)" in page
    assert "Extras: Test Sword of Fire" in page  # no picks_name in its game: our word
    text = h.pdf_text(pack.read_bytes())
    assert "Test Veteran, Test Drill ×2" in text and "Test Sword of Fire" in text
    code = main(["event", str(event), str(lists), "--data", str(data), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert code in (0, 1) and "picks" not in doc["files"][0]  # only the published page


def test_the_events_html_calls_picks_by_the_games_word(tmp_path: Path, capsys) -> None:
    relaunch = Path(__file__).resolve().parents[1] / "fixtures" / "relaunch"
    event = tmp_path / "cup.event.yaml"
    event.write_text("schema: spherewars-event/1\nname: Test Cup\n", encoding="utf-8")
    html = tmp_path / "report.html"
    main(["event", str(event), str(relaunch / "lists"), "--data", str(relaunch),
          "--format", "html", "-o", str(html)])
    assert "Traceback" not in capsys.readouterr().err
    assert "Test Artefacts: Test Sword of Fire" in html.read_text(encoding="utf-8")


def _cost_on_card(card: str) -> str:
    """The value under the card's PE heading (the stat line reads as a line of headings, then
    a line of values)."""
    lines = card.split("\n")
    heads = next(i for i, line in enumerate(lines) if line.startswith("PE "))
    return lines[heads + 1].split()[0]


def test_a_card_prints_the_cost_with_the_options_its_models_took() -> None:
    """Issue 41 item 7: the card's cost is what one of its models costs with its options, as
    the list's subtotal counts it (the chief with the banner and the axe: 120 + 5 + 3); an
    option paid once for an entry of several models says so beside its name instead."""
    cards = _cards(_summary())
    chief = next(c for c in cards if c.startswith("Test Chief"))
    assert _cost_on_card(chief) == "128"
    troopers = {c.split("\n")[1]: c for c in cards if c.startswith("Test Trooper 1")}
    assert _cost_on_card(troopers["Options: Test Veteran"]) == "12"  # 11 + 1 a model
    drilled = next(c for first, c in troopers.items() if "Drill" in first)
    assert _cost_on_card(drilled) == "12"
    assert "Test Drill ×2 (PE +4 per entry)" in " ".join(drilled.split("\n")[1:3])
    bare = next(c for first, c in troopers.items() if not first.startswith("Options:"))
    assert _cost_on_card(bare) == "11"


def test_the_relaunch_warlord_with_a_great_weapon_costs_22_on_its_card() -> None:
    """The issue's own case, in the invented test-relaunch game (cost stat PB)."""
    from builder.data import Catalogue
    from tests.conftest import TEST_DATA

    catalogue = Catalogue.load([TEST_DATA / "relaunch"], user=False)
    faction = catalogue.get("test-relaunch-band")
    from builder.data import load_warband

    warband = load_warband(TEST_DATA / "relaunch" / "lists" / "test-relaunch-sixty.warband.yaml")
    summary = summarise(warband, faction)
    warlord = next(p for p in summary.profiles if p.id == "test-warlord")
    assert dict(warlord.stats)["PB"] == "22"
    spearmen = next(p for p in summary.profiles if p.id == "test-spearmen")
    assert dict(spearmen.stats)["PB"] == "4"  # 3 + long spears a model; veteran once per unit
    text = h.pdf_text(render_pdf(summary, sheet=False))
    assert "Test Veteran (PB +1 per entry)" in " ".join(text.split())
