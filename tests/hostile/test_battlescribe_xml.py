"""Hostile BattleScribe files (issue 37's list, issue 40's "BattleScribe XML"): each is a
``FILE:LINE:COLUMN`` message or a warning, never a traceback or a hang."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.battlescribe import ReadError, data_from_json, read_data, read_data_file
from builder.battlescribe.dataindex import read_index
from builder.battlescribe.xmlsafe import MAX_ATTRIBUTE, MAX_DEPTH, MAX_FILE
from tests.battlescribe.helpers import zipped
from tests.hostile.bs_files import lying_zip

HEAD = b'<?xml version="1.0" encoding="UTF-8"?>\n'
CATALOGUE = b'<catalogue id="c" name="C" gameSystemId="g">'


def refused(data: bytes, label: str = "bad.cat") -> tuple[int, int, str]:
    with pytest.raises(ReadError) as info:
        read_data(data, label)
    first = info.value.problems[0]
    assert str(first).startswith(f"{label}:")
    return first.line, first.column, first.message


def test_an_entity_bomb_is_refused_at_its_doctype() -> None:
    bomb = HEAD + b'<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n' + b"".join(
        b' <!ENTITY lol%d "%s">\n' % (i, b"&lol%d;" % (i - 1) * 10 if i > 1 else b"&lol;" * 10)
        for i in range(1, 10)) + b']>\n<catalogue name="&lol9;"/>'
    line, _column, message = refused(bomb)
    assert line == 2 and "document type declaration" in message


def test_an_external_entity_is_never_fetched() -> None:
    xxe = HEAD + (b'<!DOCTYPE c [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n'
                  b'<catalogue id="c" name="&x;" gameSystemId="g"/>')
    assert refused(xxe)[0] == 2
    external_dtd = HEAD + b'<!DOCTYPE catalogue SYSTEM "http://127.0.0.1:9/x.dtd">\n' + \
        CATALOGUE + b"</catalogue>"
    assert "document type declaration" in refused(external_dtd)[2]


def test_an_undeclared_entity_is_refused() -> None:
    line, _column, message = refused(CATALOGUE + b"<comment>&ghost;</comment></catalogue>")
    assert line == 1 and "entities are not allowed" in message


def test_elements_nested_a_hundred_thousand_deep_are_refused() -> None:
    deep = CATALOGUE + b"<a>" * 100_000 + b"</a>" * 100_000 + b"</catalogue>"
    line, _column, message = refused(deep)
    assert line == 1 and f"nested more than {MAX_DEPTH} deep" in message


def test_a_zip_claiming_two_gigabytes_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.catz"
    path.write_bytes(lying_zip(b"huge.cat", b"<catalogue/>", 2 * 1024 ** 3))
    with pytest.raises(ReadError, match=r"huge.catz: the zip unpacks to 2048.0 MiB; a file is "
                                        r"at most 50 MiB"):
        read_data_file(path)


def test_a_zip_inflating_past_what_it_declares_is_stopped(tmp_path: Path) -> None:
    path = tmp_path / "bomb.catz"
    path.write_bytes(lying_zip(b"bomb.cat", CATALOGUE + b" " * (60 * 1024 * 1024), 100))
    with pytest.raises(ReadError, match="zip entry 'bomb.cat' cannot be read: Bad CRC"):
        read_data_file(path)


def test_a_hundred_megabyte_attribute_is_refused_by_size(tmp_path: Path) -> None:
    big = tmp_path / "big.cat"
    with open(big, "wb") as handle:
        handle.write(b'<catalogue id="c" name="')
        handle.truncate(100 * 1024 * 1024)  # sparse: nothing is written to disk
    with pytest.raises(ReadError, match="big.cat: file is larger than 50 MiB; refusing to read it"):
        read_data_file(big)
    zipped_big = tmp_path / "big.catz"
    zipped_big.write_bytes(zipped("big.cat", b'<catalogue name="' + b"x" * (MAX_FILE + 1)))
    with pytest.raises(ReadError, match="unpacks to 50.0 MiB"):
        read_data_file(zipped_big)


def test_an_attribute_longer_than_any_data_holds_is_refused_at_its_element() -> None:
    """Within 50 MiB a name of 40 MB was read, then printed and listed whole (a roster's PDF
    took minutes over it); published data's longest attribute is 165 characters."""
    def catalogue(length: int) -> bytes:
        return HEAD + CATALOGUE + b'\n  <rules><rule id="r" name="' + b"x" * length + \
            b'"/></rules></catalogue>'

    line, column, message = refused(catalogue(MAX_ATTRIBUTE + 1))
    assert (line, column) == (3, 10)
    assert message == f"the attribute 'name' holds {MAX_ATTRIBUTE + 1:,} characters; at " \
        f"most {MAX_ATTRIBUTE:,} are read"
    assert read_data(catalogue(MAX_ATTRIBUTE), "ok.cat").name == "C"
    with pytest.raises(ReadError, match="^setup: the attribute 'name' holds 10,001"):
        data_from_json({"id": "c", "name": "x" * (MAX_ATTRIBUTE + 1), "gameSystemId": "g"},
                       "catalogue", "setup")


def test_a_zip_of_several_files_or_of_links_is_refused(tmp_path: Path) -> None:
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("a.cat", CATALOGUE + b"</catalogue>")
        zf.writestr("b.cat", CATALOGUE + b"</catalogue>")
    path = tmp_path / "two.catz"
    path.write_bytes(out.getvalue())
    with pytest.raises(ReadError, match="holds 2 files; a BattleScribe zip holds exactly one"):
        read_data_file(path)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as zf:
        zf.writestr("../escape.cat", CATALOGUE + b"</catalogue>")
    path.write_bytes(out.getvalue())
    with pytest.raises(ReadError, match="'../escape.cat' is not a plain relative path"):
        read_data_file(path)


def test_a_data_index_that_is_not_one_is_refused() -> None:
    with pytest.raises(ReadError, match="a data index is <dataIndex>"):
        read_index(zipped("index.xml", CATALOGUE + b"</catalogue>"), "x.bsi")
    with pytest.raises(ReadError, match="document type declaration"):
        read_index(b"<!DOCTYPE d []><dataIndex/>", "x.bsi")


def test_control_characters_in_a_message_are_escaped() -> None:
    with pytest.raises(ReadError) as info:
        read_data('<catalogue id="c" name="C" gameSystemId="g" battleScribeVersion="1\u202e"/>'
                  .encode(), "esc.cat")
    assert "\u202e" not in str(info.value) and "\\u202e" in str(info.value)


# ----- property tests: whatever the bytes, a ReadError or a file -----------------------------

@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_any_bytes_are_a_file_or_a_read_error(data: bytes) -> None:
    try:
        read_data(data, "fuzz.cat")
    except ReadError as error:
        assert all(str(p).startswith("fuzz.cat") for p in error.problems)


_TAGS = st.sampled_from(["catalogue", "selectionEntries", "selectionEntry", "costs", "cost",
                         "constraints", "constraint", "entryLinks", "entryLink", "modifiers",
                         "modifier", "conditions", "condition", "profiles", "profile",
                         "characteristics", "characteristic", "rules", "rule", "description",
                         "x"])
_ATTRS = st.dictionaries(st.sampled_from(["id", "name", "value", "type", "targetId",
                                          "hidden", "gameSystemId", "repeats", "field"]),
                         st.text(max_size=8), max_size=4)


def _xml(tree: tuple[str, dict[str, str], list]) -> str:  # type: ignore[type-arg]
    from xml.sax.saxutils import quoteattr

    tag, attrs, children = tree
    inner = "".join(_xml(c) for c in children)
    return f"<{tag}{''.join(f' {k}={quoteattr(v)}' for k, v in attrs.items())}>{inner}</{tag}>"


_TREES = st.recursive(st.tuples(_TAGS, _ATTRS, st.just([])),
                      lambda kids: st.tuples(_TAGS, _ATTRS, st.lists(kids, max_size=4)),
                      max_leaves=25)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_TREES)
def test_any_element_soup_is_a_file_or_a_read_error(tree: tuple) -> None:  # type: ignore[type-arg]
    try:
        read_data(_xml(tree).encode(), "soup.cat")
    except ReadError as error:
        assert error.problems


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=6),
                     lambda kids: st.lists(kids, max_size=3) | st.dictionaries(
                         st.sampled_from(["id", "name", "selectionEntries", "costs", "value",
                                          "constraints", "entryLinks", "characteristics",
                                          "description", "modifiers", "repeats"]),
                         kids, max_size=4), max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(st.sampled_from(["id", "name", "gameSystemId", "selectionEntries",
                                        "sharedSelectionEntries", "entryLinks"]),
                       _JSON, max_size=5))
def test_any_setup_json_is_a_file_or_a_read_error(item: dict) -> None:  # type: ignore[type-arg]
    try:
        data_from_json(item, "catalogue", "setup")
    except ReadError as error:
        assert error.problems
