"""Cards of the other games carry what their rules need (issue 11), from the ``card:`` section
of each game's reference: Spherus movement, HP and psi-point tracks and the defeat counter;
Torn's Defence dice pool, wounds track and attack table; no stat table for Spheres of War.

Each card is printed alone (a list of one combatant) and read back with ``pdftotext``, so
what a card says is not mixed with its neighbours'.
"""

from __future__ import annotations

import itertools
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from builder.data import Catalogue, builtin_systems
from builder.export.card_blocks import BoxRow, StatLine
from builder.export.cards import faces
from builder.export.pdf import render_pdf
from builder.export.summary import attack_cells, spelt_pool, summarise
from builder.model import Warband
from tests.conftest import TEST_DATA
from tests.export import helpers as h

SYSTEMS_DATA = TEST_DATA / "systems"
SPHEREWARS_WORDS = re.compile(r"warband|messenger|power gem|manuscrit|saphir|spherewars",
                              re.IGNORECASE)


def pdftotext(data: bytes, tmp_path: Path) -> str:
    """The PDF's text as poppler's ``pdftotext`` reads it (pypdf where poppler is missing),
    on single spaces."""
    path = tmp_path / "out.pdf"
    path.write_bytes(data)
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True,
                              text=True).stdout
    else:
        text = h.pdf_text(data)
    return " ".join(text.split())


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return Catalogue.load([SYSTEMS_DATA], user=False)


def _card(catalogue: Catalogue, faction_id: str, combatant: str, tmp_path: Path) -> str:
    """The text of one combatant's card, printed alone."""
    faction = catalogue.get(faction_id)
    warband = Warband.model_validate({"name": "Test card", "faction": faction_id,
                                      "entries": [{"combatant": combatant, "count": 1}]})
    data = render_pdf(summarise(warband, faction), cards=True, sheet=False)
    text = pdftotext(data, tmp_path)
    assert not SPHEREWARS_WORDS.findall(text), text
    return text


def _profile(catalogue: Catalogue, faction_id: str, combatant: str):
    faction = catalogue.get(faction_id)
    warband = Warband.model_validate({"name": "Test card", "faction": faction_id,
                                      "entries": [{"combatant": combatant, "count": 1}]})
    (profile,) = summarise(warband, faction).profiles
    return profile


# --- Spherus tactical ----------------------------------------------------------------------


@pytest.mark.parametrize(("combatant", "move", "flight"), [
    ("test-brawler", "Move 2 hexagons", False),  # base movement
    ("test-sprinter", "Move 3 hexagons", False),  # Super Running (Art 10)
    ("test-psion", "Move 2 hexagons", True),  # Flight (Psi-Xaquel 30)
])
def test_spherus_card_shows_movement_in_hexagons(catalogue, tmp_path, combatant: str,
                                                 move: str, flight: bool) -> None:
    text = _card(catalogue, "test-spherus-party", combatant, tmp_path)
    assert move in text
    line = "Flight up to 4 hexagons: 3 pp to move 3, 4 pp more to move 4"
    assert (line in text) is flight


def test_spherus_card_has_hp_and_psi_tracks_and_the_defeat_counter(catalogue,
                                                                   tmp_path) -> None:
    text = _card(catalogue, "test-spherus-party", "test-psion", tmp_path)
    assert "HP 18" in text and "PP 40" in text
    assert "light: 0 to −health, defeated, the counter raises them; dark: no counter" in text
    assert "Defeat" in text and "rounds to rise at 1 HP" in text
    rows = {r.label: r for f in faces(_profile(catalogue, "test-spherus-party", "test-psion"))
            for r in f.header if isinstance(r, BoxRow)}
    # HP: 18 boxes, then 0 and -1 … -18 shaded: light down to -6 (its health), dark below;
    # PP: 40 boxes; Defeat: 3 rounds
    assert (rows["HP 18"].plain, rows["HP 18"].shaded, rows["HP 18"].dark) == (18, 19, 12)
    assert rows["PP 40"].dark == 0
    assert (rows["PP 40"].plain, rows["PP 40"].shaded) == (40, 0)
    assert (rows["Defeat"].plain, rows["Defeat"].shaded) == (3, 0)


def test_spherus_stats_a_track_or_line_prints_leave_the_stat_table(catalogue) -> None:
    profile = _profile(catalogue, "test-spherus-party", "test-psion")
    assert [name for name, _v in profile.stats] == ["HLT", "STR", "AGI", "PSX"]
    sprinter = _profile(catalogue, "test-spherus-party", "test-sprinter")
    assert dict(sprinter.stats)["PP"] == "–"  # no psi points: no track, the table says so
    assert not any(t.name == "PP" for t in sprinter.aids.tracks)


# --- Torn ----------------------------------------------------------------------------------


def test_torn_card_shows_defence_pool_wounds_and_each_attack(catalogue, tmp_path) -> None:
    text = _card(catalogue, "test-torn-expedition", "test-captain", tmp_path)
    assert "Defence dice 2D+1A (2 Defence, 1 Agility)" in text
    assert "Wounds 5" in text
    for expected in ["Dice", "Range", "Damage", "Test Sword Strike · Melee attack",
                     "2 Attack, 1 Skill, 1 Agility dice 1 hex 1"]:
        assert expected in text, expected
    assert "Veteran (Property): Rolls two Defence Dice" in text  # not an attack: as before
    (face,) = faces(_profile(catalogue, "test-torn-expedition", "test-captain"))
    assert not any(isinstance(b, StatLine) for b in face.header)  # each value printed once
    (wounds,) = [b for b in face.header if isinstance(b, BoxRow)]
    assert (wounds.plain, wounds.shaded) == (5, 0)


def test_torn_attacks_say_melee_ranged_or_ethereal_with_range_and_damage(catalogue,
                                                                        tmp_path) -> None:
    musketeer = _card(catalogue, "test-torn-expedition", "test-musketeer", tmp_path)
    assert "Test Musket Shot · Ranged attack" in musketeer
    assert "3 Attack, 1 Agility dice 4 hexes 2" in musketeer
    assert "Test Butt Strike · Melee attack" in musketeer
    brute = _card(catalogue, "test-torn-expedition", "test-brute", tmp_path)
    assert "Test Ether Blast · Ethereal ranged attack" in brute
    assert "2 Attack, 2 Skill dice 2 hexes 3 Assault" in brute
    assert "no damage every enemy in the chosen hex takes a Panic Test." in brute
    assert "Defence dice 3D (3 Defence)" in brute and "Wounds 8" in brute


def test_attack_text_is_cut_into_the_columns() -> None:
    columns = ["Dice", "Range", "Damage"]
    assert attack_cells("2 Attack, 1 Skill, 1 Agility dice; range 1 hex; damage 1.",
                        columns) == (("2 Attack, 1 Skill, 1 Agility dice", "1 hex", "1"), "")
    assert attack_cells("2 Attack; range 2 hexes; damage 3; Assault.", columns) == (
        ("2 Attack", "2 hexes", "3"), "Assault.")
    assert attack_cells("No dice; range 2 hexes; no damage: a Panic Test.", columns) == (
        ("No dice", "2 hexes", "no damage"), "a Panic Test.")
    assert attack_cells("Strikes hard.", columns) is None  # printed as an ability instead


def test_dice_pools_are_spelt_out() -> None:
    dice = {"D": "Defence", "A": "Agility"}
    assert spelt_pool("2D+1A", dice) == "2 Defence, 1 Agility"
    assert spelt_pool(" 3D ", dice) == "3 Defence"
    assert spelt_pool("2X", dice) is None and spelt_pool("lots", dice) is None


# --- Spheres of War ------------------------------------------------------------------------


def test_sow_card_has_no_stat_table_and_no_wound_track(catalogue, tmp_path) -> None:
    text = _card(catalogue, "sow-combatants", "combatant", tmp_path)
    assert "Wounds" not in text
    assert "A 28mm miniature representing a combatant, preferably unarmed" in text
    (face,) = faces(_profile(catalogue, "sow-combatants", "combatant"))
    assert not any(isinstance(b, StatLine | BoxRow) for b in face.header)


# --- SphereWars first edition: no aids, the same card --------------------------------------


def test_spherewars_cards_get_no_aids() -> None:
    f = h.faction([h.leader()])
    (profile,) = summarise(h.warband([("test-chief", 1)]), f, h.universal()).profiles
    assert profile.aids.lines == profile.aids.tracks == profile.aids.counters == ()
    assert [n for n, _v in profile.stats] == ["PE", "CA", "MOV", "MAN", "DES", "POT", "CON",
                                               "FUR", "POD"]


@pytest.mark.parametrize("language", ["en", "es"])
def test_every_shipped_reference_suits_its_game(language: str) -> None:
    from builder import i18n
    from builder.data.reference import load_reference

    i18n.set_language(language)
    for system in builtin_systems().values():
        if system.reference is not None:
            load_reference(system.reference, system)  # raises DataError when it does not


@pytest.mark.parametrize("game", ["torn", "spherus-tactical"])
def test_the_spanish_card_section_asks_for_the_same_aids(game: str) -> None:
    """The Spanish reference's card: prints the same pools, lines, tracks, counters and table
    as the English one, only its words differ."""
    from builder.data.reference import load_reference, reference_path

    english = load_reference(reference_path(game, "en")).card
    spanish = load_reference(reference_path(game, "es")).card
    assert english is not None and spanish is not None

    def shape(card):  # what is printed where, without the words
        return ([(p.stat, sorted(p.dice)) for p in card.pools],
                [(line.text.count("{"), line.when) for line in card.lines],
                [(t.stat, t.below_zero, t.help is None) for t in card.tracks],
                [(k.boxes, k.help is None) for k in card.counters],
                card.attacks and (card.attacks.kinds, len(card.attacks.columns)))

    assert shape(spanish) == shape(english)


def test_a_spanish_card_reads_in_spanish(catalogue, tmp_path) -> None:
    from builder import i18n

    i18n.set_language("es")
    torn = _card(catalogue, "test-torn-expedition", "test-captain", tmp_path)
    assert "Dados de defensa 2D+1A (2 Defensa, 1 Agilidad)" in torn and "Heridas 5" in torn
    # an attack written in English reads the same under the Spanish headings
    assert "Dados Alcance Daño" in torn and "2 Attack, 1 Skill, 1 Agility dice 1 hex 1" in torn
    psion = _card(catalogue, "test-spherus-party", "test-psion", tmp_path)
    for expected in ["Movimiento 2 hexágonos", "Vuelo hasta 4 hexágonos", "PV 18", "PP 40",
                     "Derrota"]:
        assert expected in psion, expected


def test_an_attack_too_long_for_a_table_row_prints_as_an_ability_and_continues() -> None:
    columns = ["Dice", "Range", "Damage"]
    assert attack_cells("2 Attack; range 1 hex; damage 1; " + "word " * 200, columns) is None
    assert attack_cells("2 Attack " * 20 + "; range 1 hex; damage 1", columns) is None
    from builder.data import check_faction_data

    torn = builtin_systems()["torn"]
    data = {"schema": "spherewars-faction/1", "system": "torn", "id": "test-long",
            "name": "Test long", "source": "test data",
            "combatants": [{"id": "test-talker", "name": "Test Talker", "type": "leader",
                            "profile": {"DEF": "1D", "W": 2},
                            "abilities": [{"name": "Test Lecture", "kind": "melee",
                                           "text": "1 Attack; range 1 hex; damage 1; "
                                                   + "blah " * 900}]}]}
    faction, problems = check_faction_data(data, torn)
    assert faction is not None, problems
    w = Warband.model_validate({"name": "Test", "faction": "test-long",
                                "entries": [{"combatant": "test-talker", "count": 1}]})
    (profile,) = summarise(w, faction).profiles
    assert profile.aids.attacks == () and profile.abilities[0].name == "Test Lecture"
    cards = faces(profile)
    assert len(cards) >= 2  # the long text continues; nothing is refused or cut


@pytest.mark.parametrize(("hp", "health", "dark"), [(10, 4, 6), (10, 0, 10), (10, 10, 0),
                                                   (10, 15, 0)])
def test_spherus_health_shades_the_hp_track(hp: int, health: int, dark: int) -> None:
    """Below zero, the boxes down to -health are light (a counter raises the character), the
    rest dark (issue 32 item 7); health at or over the maximum HP leaves none dark."""
    from builder.data import check_faction_data

    data = {"schema": "spherewars-faction/1", "system": "spherus-tactical", "id": "test-hp",
            "name": "Test HP", "source": "test data",
            "combatants": [{"id": "test-one", "name": "Test One", "type": "character",
                            "profile": {"HP": hp, "HLT": health, "MOV": 2}}]}
    faction, problems = check_faction_data(data, builtin_systems()["spherus-tactical"])
    assert faction is not None, problems
    w = Warband.model_validate({"name": "Test", "faction": "test-hp",
                                "entries": [{"combatant": "test-one", "count": 1}]})
    (card,) = faces(summarise(w, faction).profiles[0])
    row = next(r for r in card.header if isinstance(r, BoxRow) and r.label == f"HP {hp}")
    assert (row.plain, row.shaded, row.dark) == (hp, hp + 1, dark)


def test_a_track_too_long_for_a_card_becomes_a_box_to_write_in(tmp_path) -> None:
    from builder.data import check_faction_data
    from builder.export.card_blocks import INNER_H
    from builder.export.cards import content_height

    spherus = builtin_systems()["spherus-tactical"]
    data = {"schema": "spherewars-faction/1", "system": "spherus-tactical", "id": "test-big",
            "name": "Test big", "source": "test data",
            "combatants": [{"id": "test-giant", "name": "Test Giant", "type": "character",
                            "profile": {"HP": 500, "HLT": 100, "PP": 999_999,
                                        "MOV": 2}}]}
    faction, problems = check_faction_data(data, spherus)
    assert faction is not None, problems
    w = Warband.model_validate({"name": "Test", "faction": "test-big",
                                "entries": [{"combatant": "test-giant", "count": 1}]})
    summary = summarise(w, faction)
    (card,) = faces(summary.profiles[0])
    rows = {r.label: r for r in card.header if isinstance(r, BoxRow)}
    assert rows["HP 500"].written and rows["PP 999999"].written
    assert not rows["Defeat"].written
    assert content_height(card) <= INNER_H + 0.01
    text = pdftotext(render_pdf(summary, cards=True, sheet=False), tmp_path)
    assert "HP 500" in text and "PP 999999" in text


def test_the_sheets_type_column_holds_a_long_type_name_on_one_line(catalogue) -> None:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from builder.export.fonts import REGULAR, register_fonts
    from builder.export.sheet import roster

    register_fonts()
    faction = catalogue.get("test-torn-expedition")
    warband = Warband.model_validate({"name": "Test", "faction": faction.id,
                                      "entries": [{"combatant": "test-captain", "count": 1}]})
    table = roster(summarise(warband, faction), 500)[1]
    heads = [getattr(cell, "text", "") for cell in table._cellvalues[0]]
    type_w = table._colWidths[heads.index("<b>Type</b>")]
    assert type_w >= stringWidth("Leader of the Expedition", REGULAR, 7.5) + 6


def _boxes_per_row(row: BoxRow) -> dict[int, int]:
    """How many boxes each printed row of a track holds, as the card places them."""
    counts: dict[int, int] = {}
    for i in range(row.plain + row.shaded):
        line, _col = row._place(i)
        counts[line] = counts.get(line, 0) + 1
    return counts


def test_no_track_leaves_one_box_alone_on_a_last_row() -> None:
    """Issue 41 item 8: a Spherus HP track (HP boxes, then 0 and -1 … -HP on rows of their
    own) never ends a part with one box alone on its row; HP 30 left the box -30 alone.
    Every HP a card draws as boxes is tried, the labels beside it short or long, and the
    same number of boxes with nothing below zero (psi points). HP 10 printed 0 … -9 and then
    -10 alone; HP 40 ended on a row of one box."""
    from builder.export.cards import faces
    from builder.export.fonts import register_fonts

    register_fonts()
    spherus = builtin_systems()["spherus-tactical"]
    lonely = []
    for hp, label_w in itertools.product(range(1, BoxRow.MAX_BOXES // 2), (0.0, 25.0, 50.0)):
        for plain, shaded in ((hp, hp + 1), (hp, 0)):
            row = BoxRow(f"HP {hp}", plain, shaded, "", label_w)
            counts = _boxes_per_row(row)
            plain_rows = len({row._place(i)[0] for i in range(plain)})
            parts = ([counts[r] for r in range(plain_rows)],
                     [counts[r] for r in range(plain_rows, len(counts))])
            if any(len(part) > 1 and part[-1] == 1 for part in parts):
                lonely.append((plain, shaded, label_w))
    assert lonely == []
    # and on real cards
    from builder.data import check_faction_data

    data = {"schema": "spherewars-faction/1", "system": "spherus-tactical", "id": "test-hp",
            "name": "Test HP", "source": "test data",
            "combatants": [{"id": "test-one", "name": "Test One", "type": "character",
                            "profile": {"HP": 10, "HLT": 4, "MOV": 2}},
                           {"id": "test-two", "name": "Test Two", "type": "character",
                            "profile": {"HP": 40, "HLT": 4, "MOV": 2}}]}
    faction, problems = check_faction_data(data, spherus)
    assert faction is not None, problems
    w = Warband.model_validate({"name": "Test", "faction": "test-hp",
                                "entries": [{"combatant": "test-one", "count": 1},
                                            {"combatant": "test-two", "count": 1}]})
    for profile, hp in zip(summarise(w, faction).profiles, (10, 40), strict=True):
        card = faces(profile)[0]
        row = next(r for r in card.header if isinstance(r, BoxRow) and r.label == f"HP {hp}")
        assert 1 not in _boxes_per_row(row).values()
