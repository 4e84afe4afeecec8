"""Every quotation in the four games' data is the books' own words (issue 32).

A rule's or a figure's `cite` gives the book's words first (English, the language of the four
texts) and our translation after; a quotation inside a glossary text is word for word too,
except for what we put in square brackets, which the text itself says is ours. The texts are in
the shared folder beside the checkout; without it the comparisons are skipped (the
conventions are checked all the same).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from builder.model.text import quotation
from tests.conftest import REPO

SYSTEMS_DIR = REPO / "resources" / "systems"
SOURCES = {
    "spherewars-1e": "spherewars-core-manuscript.md",
    "sow-tactical-f1": "other-systems/spheres-of-war-fragment1-v0.2b.md",
    "torn": "other-systems/hex-skirmish-combat-rules.txt",
    "spherus-tactical": "other-systems/spherus-tactical-rules.txt",
}
GAMES = sorted(SOURCES)
QUOTED_EN = re.compile(r'"([^"]+)"')
QUOTED_ES = re.compile(r"«([^»]+)»")
BRACKETS = re.compile(r"\[[^\]]*\]")


def _rules_folder() -> Path | None:
    """`rules` of the shared folder beside the project (or beside the worktrees' folder)."""
    for base in (REPO.parent, REPO.parent.parent):
        folder = base / "shared" / "rules"
        if folder.is_dir():
            return folder
    return None


def _plain(text: str) -> str:
    """Without markdown emphasis, with single spaces, and with a typographic minus as the
    hyphen the books type."""
    return " ".join(text.replace("*", "").replace("−", "-").split())


def _system(game: str) -> dict:
    return yaml.safe_load((SYSTEMS_DIR / f"{game}.yaml").read_text(encoding="utf-8"))


def _cites(game: str) -> list[tuple[str, dict | str]]:
    system = _system(game)
    return [(f"{kind} {x['id']}", x["cite"]) for kind in ("rules", "figures")
            for x in system.get(kind, []) if "cite" in x]


def _source(game: str) -> str:
    folder = _rules_folder()
    if folder is None:
        pytest.skip("the shared rules folder is not beside this checkout")
    return _plain((folder / SOURCES[game]).read_text(encoding="utf-8"))


@pytest.mark.parametrize("game", GAMES)
def test_every_cite_is_a_sentence_of_its_game(game: str) -> None:
    """Rules' and figures' cites: their first (English) text, word for word."""
    text = _source(game)
    for where, cite in _cites(game):
        words = quotation(cite, "xx")[0]  # a language none has: the first text
        assert words and _plain(words) in text, (where, words)


@pytest.mark.parametrize("game", GAMES)
def test_a_cite_gives_the_books_words_first(game: str) -> None:
    """The program shows a cite's other texts as our translation of its first one."""
    for where, cite in _cites(game):
        assert isinstance(cite, dict) and next(iter(cite)) == "en", where
        if "es" in cite:
            assert quotation(cite, "es") == (cite["es"], cite["en"]), where
            assert quotation(cite, "en") == (cite["en"], None), where


def test_the_figures_of_spherewars_each_rest_on_a_sentence() -> None:
    figures = {f["id"]: f for f in _system("spherewars-1e")["figures"]}
    assert list(figures) == ["messengers", "messenger_cap", "orders", "power_gems",
                             "deployment_drop", "strategic_roll"]
    assert all("cite" in f for f in figures.values())
    # the dice of the strategic roll: the leader's MAN, as for deployment (the reading)
    assert figures["strategic_roll"]["value"] == {"max": "MAN", "of": {"type": "leader"}}


@pytest.mark.parametrize("game", GAMES)
def test_glossary_quotations_are_word_for_word_or_say_what_is_ours(game: str) -> None:
    """A "…" in an English glossary text is the book's; what is in [brackets] inside it is
    ours and the text says so. A «…» in a Spanish one is labelled as our translation."""
    abilities = [a for a in _system(game).get("abilities", []) if isinstance(a.get("text"), dict)]
    folder = _rules_folder()
    text = _source(game) if folder is not None else None
    for ability in abilities:
        english, spanish = ability["text"]["en"], ability["text"].get("es", "")
        for quoted in QUOTED_EN.findall(english):
            if BRACKETS.search(quoted):
                assert "our correction" in english, ability["id"]
            if text is not None:
                assert _plain(BRACKETS.sub("", quoted)) in text, (ability["id"], quoted)
        for _quoted in QUOTED_ES.findall(spanish):
            assert "en nuestra traducción" in spanish, ability["id"]


def test_small_keeps_the_minus_and_marks_it_as_ours() -> None:
    """The book as we have it reads "1 to the Precision if the target is Small"."""
    small = next(a for a in _system("spherewars-1e")["abilities"] if a["id"] == "small")
    assert '"[−]1 to the Precision if the target is Small"' in small["text"]["en"]
    assert "our correction" in small["text"]["en"]
    assert "corrección nuestra" in small["text"]["es"]


def test_quotation_tells_a_translation_from_the_books_words() -> None:
    cite = {"en": "the words", "es": "las palabras"}
    assert quotation(cite, "en") == ("the words", None)
    assert quotation(cite, "es") == ("las palabras", "the words")
    assert quotation(cite, "fr") == ("the words", None)  # shown in its own words
    assert quotation({"es": "solo en español"}, "en") == ("solo en español", None)
    assert quotation("plain", "es") == ("plain", None)
    assert quotation(None) == ("", None)


def test_torn_glossary_has_what_the_chapter_defines_and_marks_our_reading() -> None:
    glossary = {a["id"]: a for a in _system("torn")["abilities"]}
    for kind in ("physical", "fire", "cold", "electrical", "poisoned", "mental"):
        text = glossary[f"immunity-to-{kind}-damage"]["text"]["en"]
        assert "Takes no damage, markers or effects from any source" in text, kind
    assert "additional Defence Dice against Ethereal Attacks" in \
        glossary["ether-protection"]["text"]["en"]
    mental = glossary["immunity-to-mental-sources"]["text"]
    assert "Our reading, not the chapter's" in mental["en"]
    assert "Lectura nuestra, no del capítulo" in mental["es"]


def test_spherewars_terrain_says_impassable_terrain_cannot_be_fought_over() -> None:
    """ "Miniatures cannot fight over this type of terrain" (Terrain Advantage)."""
    from builder.data.reference import load_reference

    for name, row in (("spherewars-1e.yaml", "no fighting over it"),
                      ("spherewars-1e.es.yaml", "no se lucha por encima de él")):
        ref = load_reference(REPO / "resources" / "reference" / name)
        rows = [r for item in ref.items if item.table for r in item.table.rows]
        impassable = next(r for r in rows if r[0] in ("Impassable", "Infranqueable"))
        assert impassable[-1] == row
