"""Card layout: shrink to the floor size, then continue; nothing cut; per-model wound tracks."""

from __future__ import annotations

import pytest

from builder.export.card_blocks import INNER_H, INNER_W, TextBlock
from builder.export.cards import BODY_SIZES, content_height, faces
from builder.export.summary import ProfileSheet, summarise
from builder.export.textfit import unit_width
from tests.export import helpers as h


def _profile(text_words: int = 0, count: int = 1, **extra: object) -> ProfileSheet:
    abilities = extra.pop("abilities", [])
    if text_words:
        text = " ".join(f"alpha{i:03d}" for i in range(text_words))
        abilities = [{"name": "Long", "kind": "passive", "text": text}]
    f = h.faction([h.leader(abilities=abilities, **extra)])
    return summarise(h.warband([("test-chief", count)]), f, h.universal()).profiles[0]


def test_short_text_prints_at_the_largest_size_on_one_card() -> None:
    (face,) = faces(_profile(20))
    assert (face.part, face.parts, face.size) == (1, 1, BODY_SIZES[0])


def test_text_that_does_not_fit_shrinks_before_continuing() -> None:
    sizes = [faces(_profile(n))[0].size for n in (20, 60, 80, 100)]
    assert sizes == sorted(sizes, reverse=True)
    (face,) = faces(_profile(100))
    assert face.parts == 1 and BODY_SIZES[-1] <= face.size < BODY_SIZES[0]


@pytest.mark.parametrize("words", [150, 250, 400, 900])
def test_long_text_continues_on_numbered_cards_and_nothing_overflows(words: int) -> None:
    cards = faces(_profile(words))
    assert len(cards) >= 2
    assert [c.part for c in cards] == list(range(1, len(cards) + 1))
    assert {c.parts for c in cards} == {len(cards)}
    assert all(c.size == BODY_SIZES[-1] for c in cards)
    for card in cards:
        assert content_height(card) <= INNER_H + 0.01


def test_every_card_fits_whatever_the_header() -> None:
    """A long name, many wounds and the squad mark make the header taller: still no overflow."""
    p = _profile(120, name="Test " + "Verylongname " * 8, wounds=23, squad=True,
                 nickname="the one with an extraordinarily long nickname for testing")
    for card in faces(p):
        assert content_height(card) <= INNER_H + 0.01


def test_per_model_gives_each_model_its_own_first_card() -> None:
    cards = faces(_profile(20, count=3), per_model=True)
    assert [c.model for c in cards] == [1, 2, 3]
    type_lines = [c.header[2].text for c in cards]  # title, nickname, type line
    assert [line.endswith(f"model {n} of 3") for n, line in enumerate(type_lines, 1)] \
        == [True] * 3
    assert len(faces(_profile(20, count=3))) == 1


def test_per_model_continuation_prints_once_after_the_models() -> None:
    cards = faces(_profile(250, count=2), per_model=True)
    assert [(c.model, c.part) for c in cards] == [(1, 1), (2, 1), (None, 2)]


def test_unbreakable_word_is_wrapped_not_cut() -> None:
    p = _profile(0, abilities=[{"name": "Word", "text": "Ж" * 400}])
    cards = faces(p)
    printed = ""
    for card in cards:
        assert content_height(card) <= INNER_H + 0.01
        for block in card.body:
            assert isinstance(block, TextBlock)
            for line in block.lines.lines:  # no line runs off the card
                assert sum(unit_width(t, f) for t, f, _c in line) * block.lines.size \
                    <= INNER_W + 0.01
            printed += block.text.replace("\n", "")
    assert printed.count("Ж") == 400


# --- the description in the free space (issue 14, item 16) -------------------------------


def test_nek_orgs_card_prints_his_description(tmp_path) -> None:
    from builder.data import Catalogue
    from builder.export.pdf import render_pdf
    from tests.export.test_card_aids import pdftotext

    soimi = Catalogue.load(user=False).get("soimi")
    w = h.warband([("nek-org", 1)], faction_id="soimi")
    text = pdftotext(render_pdf(summarise(w, soimi), cards=True, sheet=False), tmp_path)
    assert ("Es uno de los líderes más feroces y estrategas de los Soimi. Sus dotes en el "
            "cuerpo a cuerpo lo hacen una máquina de matar.") in text
    assert "…" not in text


def _described(words: int, text_words: int = 20) -> ProfileSheet:
    description = " ".join(f"lore{i:03d}" for i in range(words))
    return _profile(text_words, description=description)


def _printed(card) -> str:
    return " ".join(b.text.replace("\n", " ") for b in card.body if isinstance(b, TextBlock))


def test_a_description_that_fits_is_printed_whole_and_the_rules_keep_their_size() -> None:
    (card,) = faces(_described(40))
    assert card.size == BODY_SIZES[0]  # the description never shrinks the rules text
    printed = _printed(card)
    assert "lore000" in printed and "lore039" in printed and "…" not in printed
    assert content_height(card) <= INNER_H + 0.01


def _all_printed(cards) -> str:
    return " ".join(_printed(c) for c in cards)


def test_a_long_description_continues_on_a_second_card_never_cut() -> None:
    """Issue 31, item 15: a description that fits nowhere on the first card used to end in
    "…"; every word of it is printed, on cards marked (1/n) … (n/n)."""
    cards = faces(_described(400))
    n = len(cards)
    assert n >= 2 and [(c.part, c.parts) for c in cards] == [(k, n) for k in range(1, n + 1)]
    printed = _all_printed(cards)
    assert all(f"lore{i:03d}" in printed.split() for i in range(400))
    assert "…" not in printed
    assert all(content_height(c) <= INNER_H + 0.01 for c in cards)


def test_a_description_that_nearly_fits_shrinks_instead_of_adding_a_card() -> None:
    (card,) = faces(_described(110))
    printed = _printed(card)
    assert "lore000" in printed and "lore109" in printed
    assert content_height(card) <= INNER_H + 0.01


def test_a_description_follows_the_rules_text_onto_the_last_cards() -> None:
    cards = faces(_described(400, text_words=300))
    assert all(content_height(c) <= INNER_H + 0.01 for c in cards)
    printed = _all_printed(cards)
    assert all(f"lore{i:03d}" in printed.split() for i in range(400))
    assert all(f"alpha{i:03d}" in printed for i in range(300))
    assert printed.index("alpha299") < printed.index("lore000")


def test_tags_are_printed() -> None:
    (card,) = faces(_profile(10, tags=["mounted", "test tag"]))
    assert "Tags: mounted, test tag" in _printed(card)


def test_every_word_of_a_long_description_is_in_the_pdf() -> None:
    """Read back from the PDF itself (pypdf): no word of the description is dropped."""
    from builder.export.pdf import render_pdf

    f = h.faction([h.leader(description=" ".join(f"lore{i:03d}" for i in range(400)))])
    s = summarise(h.warband([("test-chief", 2)]), f, h.universal())
    for per_model in (False, True):
        words = h.words(h.pdf_text(render_pdf(s, cards=True, sheet=False,
                                              per_model=per_model)))
        assert all(f"lore{i:03d}" in words for i in range(400))
        assert not any("…" in w for w in words)
