"""Profile tables fitted to a width: smaller type down to a floor, then bands of columns,
each beginning with the names; every column printed once, none wider than the width."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.export.fonts import register_fonts
from builder.export.roster.tables import MAX_SHARE, fit_table, measure

SIZES = (7.5, 7.0, 6.5, 6.0)
register_fonts()


def test_a_short_table_keeps_the_largest_type_in_one_band() -> None:
    head = ["Name", "M", "WS", "BS", "S", "T", "W", "I", "A", "LD"]
    fit = fit_table(head, [["Test Captain", *"443331418"]], 540, SIZES, 3)
    assert fit.size == 7.5
    [band] = fit.bands
    assert band.columns == tuple(range(10))
    assert abs(sum(band.widths) - 540) < 1e-6
    # the stat columns stay compact: the room left goes to the names
    assert band.widths[0] > 4 * max(band.widths[1:])


def test_twenty_columns_shrink_then_take_even_bands() -> None:
    head = ["Name", *(f"Test Characteristic{n}" for n in range(20))]
    fit = fit_table(head, [["Test Engine", *map(str, range(20))]], 540, SIZES, 3)
    assert fit.size == 6.0  # the floor: no smaller type
    counts = [len(b.columns) - 1 for b in fit.bands]
    assert len(counts) > 1 and sum(counts) == 20 and max(counts) - min(counts) <= 1
    assert all(b.columns[0] == 0 for b in fit.bands)  # the names in each band


def test_a_table_that_fits_at_a_smaller_size_is_not_banded() -> None:
    head = ["Name", *(f"Characteristic{n}" for n in range(9))]
    fit = fit_table(head, [["Test", *"123456789"]], 540, SIZES, 3)
    assert len(fit.bands) == 1 and fit.size < 7.5


def test_text_columns_get_the_room_values_keep_to_their_width() -> None:
    head = ["Name", "Range", "Special"]
    rows = [["Test Rifle", '24"', "Steady: re-roll one miss in a test of this weapon " * 3]]
    fit = fit_table(head, rows, 300, SIZES, 2)
    [band] = fit.bands
    assert band.widths[2] > band.widths[0] > band.widths[1]
    assert measure(head, rows).prose[1:] == (False, True)


def test_a_word_longer_than_a_share_of_the_width_does_not_widen_its_column() -> None:
    head = ["Name", "Address"]
    fit = fit_table(head, [["Test", "x" * 400]], 300, SIZES, 2)
    [band] = fit.bands
    assert band.widths[1] <= 300 * MAX_SHARE + 1e-6 or len(fit.bands) == 1


texts = st.text(alphabet="ab cdefghij+-\"0123456789", min_size=0, max_size=40)


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 30).flatmap(lambda n: st.tuples(
    st.lists(texts, min_size=n, max_size=n),
    st.lists(st.lists(texts, min_size=n, max_size=n), max_size=6))),
    st.sampled_from([162.0, 300.0, 540.0]))
def test_any_table_prints_every_column_once_within_the_width(table, width) -> None:
    head, rows = table
    head = ["Name", *head]
    rows = [["Test", *row] for row in rows]
    fit = fit_table(head, rows, width, SIZES, 2)
    assert fit.size in SIZES
    shown = [j for band in fit.bands for j in band.columns if j]
    assert sorted(shown) == list(range(1, len(head)))  # each once, in order
    assert shown == sorted(shown)
    for band in fit.bands:
        assert band.columns[0] == 0
        assert abs(sum(band.widths) - width) < 1e-6
        assert all(w > 0 for w in band.widths)
