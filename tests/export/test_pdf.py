"""The PDF as a user gets it: text read back with pypdf, pages, sizes, metadata, the file."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from builder.data import Catalogue
from builder.export import export_pdf
from builder.export.pdf import render_pdf
from builder.export.summary import summarise
from tests.export import helpers as h

A4 = (595.28, 841.89)
LETTER = (612.0, 792.0)


def _troops(n: int):
    return h.faction([h.combatant(i) for i in range(1, n + 1)])


def _render(warband, faction, **options) -> bytes:
    summary = summarise(warband, faction, h.universal(), date=datetime.date(2031, 5, 6))
    return render_pdf(summary, **options)


def _cards_only(n_profiles: int, **options) -> bytes:
    w = h.warband([(f"test-trooper-{i}", 1) for i in range(1, n_profiles + 1)])
    return _render(w, _troops(n_profiles), cards=True, sheet=False, **options)


def test_shipped_profiles_print_names_accents_and_stats() -> None:
    cat = Catalogue.load(user=False)
    w = h.warband([("tir-abe", 1), ("nek-org", 1)], faction_id="soimi", points_limit=400)
    text = h.pdf_text(_render(w, cat.get("soimi")))
    for expected in ["Tir'Abé", "la bestia", "Nek'Org", "el ensartador", "Soimi",
                     "Corteza Ósea descomunal", "Golpe de empuñadura", "feat 5, 2 successes",
                     "Durísimo de matar", "armadura de tela", "6-6", "6-5", "163", "169",
                     "332 / 400 points", "Legal", "2031-05-06"]:
        assert expected in text, expected
    cards = h.pdf_text(_render(w, cat.get("soimi"), sheet=False))
    assert "PRE" not in h.words(cards)  # neither leader is a marksman
    for column in ["PE", "CA", "MOV", "MAN", "DES", "POT", "CON", "FUR", "POD"]:
        assert h.words(cards) >= {column}


@pytest.mark.parametrize(("profiles", "pages"), [(1, 1), (9, 1), (10, 2)])
def test_nine_cards_to_a_page(profiles: int, pages: int) -> None:
    assert len(h.pdf_reader(_cards_only(profiles)).pages) == pages


@pytest.mark.parametrize(("page", "size"), [("a4", A4), ("letter", LETTER)])
def test_page_size(page: str, size: tuple[float, float]) -> None:
    reader = h.pdf_reader(_cards_only(1, page=page))
    box = reader.pages[0].mediabox
    assert (round(float(box.width), 2), round(float(box.height), 2)) == size


def test_long_ability_text_continues_and_every_word_is_printed() -> None:
    text = " ".join(f"alpha{i:03d}" for i in range(200))
    f = h.faction([h.leader(abilities=[{"name": "Endless", "kind": "passive", "text": text}])])
    out = h.pdf_text(_render(h.warband([("test-chief", 1)]), f, sheet=False))
    assert "Test Chief (1/2)" in out and "Test Chief (2/2)" in out
    assert h.words(text) <= h.words(out)


def test_user_text_is_printed_literally_not_as_markup() -> None:
    f = h.faction([h.leader(name="<i>Odd</i> & co", equipment=["<blade> & <shield>"],
                            abilities=[{"name": "A<b>", "text": "x < y & z > w"}])])
    w = h.warband([("test-chief", 1)], name="<b>Foo & Bar</b>", notes="a & <b>b</b>")
    data = _render(w, f)
    out = h.pdf_text(data)
    for literal in ["<b>Foo & Bar</b>", "<i>Odd</i> & co", "<blade> & <shield>", "A<b>",
                    "x < y & z > w", "a & <b>b</b>"]:
        assert literal in out, literal
    assert h.pdf_reader(data).metadata.title == "<b>Foo & Bar</b>"


def test_cyrillic_and_symbols_print_with_the_embedded_font() -> None:
    f = h.faction([h.leader(name="Воевода Тир'Абé", nickname="ñandú — ✓")])
    data = _render(h.warband([("test-chief", 1)], name="Дружина Ёжика"), f)
    out = h.pdf_text(data)
    for expected in ["Воевода Тир'Абé", "ñandú — ✓", "Дружина Ёжика"]:
        assert expected in out
    fonts = {str(font.get_object()["/BaseFont"])
             for page in h.pdf_reader(data).pages
             for font in page["/Resources"]["/Font"].values()}
    assert any("DejaVu" in name for name in fonts), fonts


def test_per_model_prints_one_card_per_model_with_its_own_wound_track() -> None:
    f = h.faction([h.leader(), h.combatant(1)])
    w = h.warband([("test-chief", 1), ("test-trooper-1", 3)])
    out = h.pdf_text(_render(w, f, sheet=False, per_model=True))
    assert out.count("Wounds") == 4
    for n in (1, 2, 3):
        assert f"model {n} of 3" in out
    single = h.pdf_text(_render(w, f, sheet=False))
    assert single.count("Wounds") == 2 and "model 1 of" not in single


def test_squad_combatant_card_carries_the_deployment_reminder() -> None:
    f = h.faction([h.leader(), h.combatant(1, squad=True)])
    out = h.pdf_text(_render(h.warband([("test-chief", 1), ("test-trooper-1", 2)]), f,
                             sheet=False))
    assert out.count("SQUAD") == 1
    assert 'placed together, within 2" of each other' in out


def test_card_shows_kinds_equipment_type_rank_base_and_faction() -> None:
    out = h.pdf_text(_render(h.warband([("test-chief", 1)]), h.faction([h.leader()]),
                             sheet=False))
    for expected in ["Test Chief", "the tester", "Leader · Elite · 40 mm base · Export Test "
                     "Faction", "Test gift (passive)", "Test strike (feat 5, 2 successes)",
                     "Equipment: test blade", "Unique equipment: test crown"]:
        assert expected in out, expected


def test_illegal_list_prints_its_findings_on_the_sheet() -> None:
    f = h.faction([h.combatant(1)])
    w = h.warband([("test-trooper-1", 7), ("ghost-of-test", 1)], points_limit=20)
    out = h.pdf_text(_render(w, f, cards=False))
    assert "NOT LEGAL: 4 problems" in out
    for message in ["No Leader hired", "7 × Test Trooper 1 hired; at most 5 of the same "
                    "combatant (the game's rule)", "77 points spent, the limit is 20"]:
        assert message in out
    # players read names: no rule id, no parameter name, no "[error: …]" tag (issue 31)
    for internal in ["leader-required", "same-combatant-limit", "points-limit",
                     "unknown-combatant", "max_same_combatant", "[error"]:
        assert internal not in out
    assert "ghost-of-test" in out and "unknown combatant" in out
    assert "Mortal strike" in out and "Movement of Annihilation" in out


def test_sheet_prints_this_warbands_numbers_each_turn() -> None:
    f = h.faction([h.leader(profile={"PE": 100, "MAN": 3, "POD": 2}),
                   h.combatant(1, profile={"PE": 10, "MAN": 1, "POD": 1})])
    out = h.pdf_text(_render(h.warband([("test-chief", 1), ("test-trooper-1", 2)]), f,
                             cards=False))
    lines = [line.strip() for line in out.splitlines()]

    def after(label: str) -> str:
        return lines[lines.index(label) + 1]

    # SphereWars first edition's figures, as its system file names them
    assert after("Power gems") == "4"
    assert after("Orders") == "5"
    assert after("Deployment") == "3"
    assert after("Messengers") == "0 / 3"  # the cap of the messenger rule, folded in
    assert "Messenger cap" not in lines


def test_unknown_faction_still_prints_the_sheet_and_says_why_there_are_no_cards() -> None:
    w = h.warband([("somebody", 2)], faction_id="no-such-faction")
    out = h.pdf_text(_render(w, None))
    assert "Unknown faction 'no-such-faction'" in out
    assert "No profile cards" in out
    flat = " ".join(out.split())  # the note wraps inside its cell
    assert flat.count("unknown: the faction is not loaded") == 1  # no made-up zeros
    assert "Power gems" not in flat  # nor figures of a game the list may not be


def test_metadata() -> None:
    data = _render(h.warband([("test-chief", 1)], name="Los Probadores"),
                   h.faction([h.leader()]))
    meta = h.pdf_reader(data).metadata
    assert meta.title == "Los Probadores"
    assert meta.subject == ("SphereWars — first edition warband: turn summary sheet and "
                            "profile cards")
    assert meta.creator.startswith("SphereWars Warband Builder")


def test_nothing_asked_is_refused() -> None:
    with pytest.raises(ValueError, match="nothing to print"):
        _render(h.warband([]), h.faction([h.leader()]), cards=False, sheet=False)


def test_export_pdf_replaces_the_file_atomically(tmp_path: Path) -> None:
    cat = h.catalogue(h.faction([h.leader()]))
    target = tmp_path / "out.pdf"
    target.write_bytes(b"old")
    export_pdf(h.warband([("test-chief", 1)]), cat, target, summary=False, page="letter")
    assert target.read_bytes().startswith(b"%PDF")
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]
    with pytest.raises(OSError):
        export_pdf(h.warband([("test-chief", 1)]), cat, tmp_path / "missing" / "out.pdf")
    assert [p.name for p in tmp_path.iterdir()] == ["out.pdf"]
