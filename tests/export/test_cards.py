"""Card layout: shrink to the floor size, then continue; nothing cut; per-model wound tracks."""

from __future__ import annotations

import pytest

from builder.export.cards import BODY_SIZES, INNER_H, INNER_W, content_height, faces
from builder.export.summary import ProfileSheet, summarise
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
    assert len(faces(_profile(20, count=3))) == 1


def test_per_model_continuation_prints_once_after_the_models() -> None:
    cards = faces(_profile(250, count=2), per_model=True)
    assert [(c.model, c.part) for c in cards] == [(1, 1), (2, 1), (None, 2)]


def test_unbreakable_word_is_wrapped_not_cut() -> None:
    p = _profile(0, abilities=[{"name": "Word", "text": "Ж" * 400}])
    for card in faces(p):
        assert content_height(card) <= INNER_H + 0.01
        for flowable in card.body:
            flowable.wrap(INNER_W, INNER_H)
            # reportlab's laid-out lines: extraSpace < 0 would be text running off the card
            assert all(line.extraSpace >= -0.01 for line in flowable.blPara.lines)
