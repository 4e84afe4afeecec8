"""Share codes (SPEC §7): the format, the round trip, and hostile codes."""

from __future__ import annotations

import base64
import json
import re
import time
import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.data import load_warband
from builder.data.fingerprint import list_fingerprint
from builder.data.share import (
    MAX_JSON_BYTES,
    ShareCodeError,
    decode_warband,
    encode_warband,
    find_code,
)
from builder.model import Entry, Warband
from builder.plumbing.terminal_text import has_control
from tests.conftest import REPO

EXAMPLE = REPO / "resources/examples/soimi-legal-ensartadores.warband.yaml"


def code_of(payload: bytes) -> str:
    """A code made by hand from raw bytes, as a hostile sender would."""
    return "SWB1." + base64.urlsafe_b64encode(zlib.compress(payload)).decode().rstrip("=")


def test_the_format_is_spec_7():
    """SWB1. + unpadded URL-safe base64 of zlib(canonical JSON without `schema`)."""
    w = Warband(name="Los Ensartadores", faction="soimi", points_limit=400,
                entries=[Entry(combatant="nek-org", count=1)], notes="Tir'Abé")
    code = encode_warband(w)
    assert code.startswith("SWB1.") and "=" not in code
    raw = base64.urlsafe_b64decode(code[5:] + "=" * (-len(code[5:]) % 4))
    assert zlib.decompress(raw).decode("utf-8") == (
        '{"entries":[{"combatant":"nek-org","count":1}],"faction":"soimi",'
        '"name":"Los Ensartadores","notes":"Tir\'Abé","points_limit":400}')


def test_a_code_is_found_in_a_whole_chat_message():
    w = load_warband(EXAMPLE)
    code = encode_warband(w)
    message = f"Hi all! My list for Saturday:\n`{code}`.\nSee you there (SWB1 rocks)"
    assert find_code(message) == code
    assert decode_warband(message) == w


def test_the_first_of_two_codes_is_taken():
    a = Warband(name="A", faction="soimi", entries=[])
    b = Warband(name="B", faction="soimi", entries=[])
    assert decode_warband(f"{encode_warband(a)} or {encode_warband(b)}").name == "A"


def test_padding_written_by_other_tools_is_accepted():
    w = Warband(name="Pad", faction="soimi", entries=[])
    body = base64.urlsafe_b64encode(zlib.compress(json.dumps(
        {"name": "Pad", "faction": "soimi", "entries": []}).encode())).decode()
    assert decode_warband("SWB1." + body).name == w.name


# --- the round trip (hypothesis) ----------------------------------------------------------

names = st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), min_size=1,
                max_size=60).filter(lambda s: s.strip() and has_control(s) is None)
"""Names a list may have: the model also refuses the bidirectional marks (category Cf, such
as U+200E), which the strategy drew now and then and failed to build its list."""
ids = st.from_regex(r"[a-z0-9]{1,6}(-[a-z0-9]{1,6}){0,2}", fullmatch=True)
lists = st.builds(
    Warband,
    name=names,
    faction=ids,
    points_limit=st.none() | st.integers(0, 999_999),
    entries=st.lists(st.builds(Entry, combatant=ids, count=st.integers(1, 9_999),
                               options=st.dictionaries(ids, st.integers(1, 9_999), max_size=3)),
                     max_size=15),
    picks=st.lists(ids, max_size=4),
    notes=st.none() | st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)),
                              max_size=300),
)


@given(lists)
@settings(max_examples=100)
def test_any_valid_list_comes_back_the_same(w: Warband):
    back = decode_warband(f"look: {encode_warband(w)} ok")
    assert list_fingerprint(back) == list_fingerprint(w)
    assert (back.name, back.points_limit, back.notes) == (w.name, w.points_limit, w.notes)
    assert back.faction == w.faction and back.entries == w.entries
    assert back.picks == w.picks  # SPEC §9: options (in the entries) and picks come back


OPTIONS = encode_warband(Warband(
    name="Test Sixty", faction="test-relaunch-band", points_limit=60, picks=["test-crown"],
    entries=[Entry(combatant="test-spearmen", count=4,
                   options={"test-veteran": 1, "test-long-spears": 1})]))


@pytest.mark.parametrize(("text", "says"), [
    (OPTIONS[:-6], "cut short"),
    ("SWB1.A" + OPTIONS[6:], "damaged"),
    (OPTIONS + "AAAA", "extra characters"),
])
def test_damaged_codes_of_a_list_with_options_are_refused(text: str, says: str):
    assert decode_warband(OPTIONS).entries[0].options == {"test-veteran": 1,
                                                          "test-long-spears": 1}
    with pytest.raises(ShareCodeError, match=says):
        decode_warband(text)


@pytest.mark.parametrize(("document", "says"), [
    ({"name": "x", "faction": "f", "entries": [{"combatant": "a", "options": {"v": 0}}]},
     "v must be an integer >= 1"),
    ({"name": "x", "faction": "f", "entries": [{"combatant": "a", "options": ["v"]}]},
     "expected a mapping of keys"),
    ({"name": "x", "faction": "f", "entries": [], "picks": "sword"}, "picks must be a list"),
    ({"name": "x", "faction": "f", "entries": [], "picks": ["\u001b[2J"]},
     "control character"),
])
def test_a_code_with_bad_options_or_picks_is_refused(document: dict, says: str):
    body = base64.urlsafe_b64encode(zlib.compress(json.dumps(document).encode())).decode()
    with pytest.raises(ShareCodeError, match=re.escape(says)):
        decode_warband("SWB1." + body.rstrip("="))


# --- hostile codes ------------------------------------------------------------------------

GOOD = encode_warband(Warband(name="Los Ensartadores", faction="soimi", points_limit=400,
                              entries=[Entry(combatant="nek-org", count=1)],
                              notes="a note long enough to make the code a little longer"))


@pytest.mark.parametrize(("text", "says"), [
    (GOOD[:-12], "cut short"),                     # truncated in a chat window
    (GOOD[:9], "cut short"),
    (GOOD[:5 + ((len(GOOD) - 7) // 4) * 4 + 1], "length is impossible"),
    ("SWB1.", "empty"),
    ("swb1." + GOOD[5:], "no share code found"),    # wrong prefix
    ("SWB2." + GOOD[5:], "version 2 share code"),
    ("Here is my list, enjoy!", "no share code found"),
    ("SWB1.A" + GOOD[6:], "damaged"),               # a changed character: checksum fails
    ("SWB1.!!!!", "empty"),                           # not base64 at all
    (GOOD + "AAAA", "extra characters"),
])
def test_damaged_codes_are_refused_with_a_reason(text: str, says: str):
    with pytest.raises(ShareCodeError, match=says):
        decode_warband(text)


def test_a_zlib_bomb_is_refused_without_inflating_it():
    bomb = zlib.compress(b"{" + b" " * (20 * 1024 * 1024), 9)  # 20 MiB in ~20 KB
    start = time.perf_counter()
    with pytest.raises(ShareCodeError, match="more than 1 MiB"):
        decode_warband("SWB1." + base64.urlsafe_b64encode(bomb).decode().rstrip("="))
    assert time.perf_counter() - start < 1.0


def test_just_over_1_mib_is_refused_and_just_under_is_read():
    notes = "n" * (MAX_JSON_BYTES - 100)
    doc = {"name": "Big", "faction": "soimi", "entries": [], "notes": notes}
    size = len(json.dumps(doc, separators=(",", ":")).encode())
    assert size <= MAX_JSON_BYTES
    # Under the limit the list is read; over it, refused (the notes' text limit is the
    # loader's business, so compare with a list that only differs in size).
    over = dict(doc, notes=notes + "n" * (MAX_JSON_BYTES - size + 1))
    with pytest.raises(ShareCodeError, match="more than 1 MiB"):
        decode_warband(code_of(json.dumps(over, separators=(",", ":")).encode()))
    try:
        decode_warband(code_of(json.dumps(doc, separators=(",", ":")).encode()))
    except ShareCodeError as exc:
        assert "1 MiB" not in str(exc)


@pytest.mark.parametrize(("payload", "says"), [
    (b"\xff\xfe not text", "not UTF-8"),
    (b"name: not json", "not JSON"),
    (b"[1, 2, 3]", "expected a mapping"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply|not JSON"),
    (b'{"name": "X", "faction": "soimi"}', "missing required key 'entries'"),
    (b'{"name": "X", "faction": "soimi", "entries": [{"combatant": "a", "count": 0}]}',
     r"count must be an integer >= 1"),
    (b'{"name": "X", "faction": "soimi", "entries": [], "sqaud": 1}', "unknown key 'sqaud'"),
    (b'{"name": "X", "faction": "soimi", "entries": [], "points_limit": 1.5}',
     "'1.5' is not a whole number"),
    # issue 28: read as .nan / .inf names, and a key given twice kept the last silently
    (b'{"name": NaN, "faction": "soimi", "entries": []}', "NaN is not a value a list can hold"),
    (b'{"name": Infinity, "faction": "soimi", "entries": []}', "Infinity is not a value"),
    (b'{"name": -Infinity, "faction": "soimi", "entries": []}', "-Infinity is not a value"),
    (b'{"name": 1e400, "faction": "soimi", "entries": []}', "'1e400' is not a whole number"),
    (b'{"name": "A", "name": "B", "faction": "soimi", "entries": []}',
     "the key 'name' is given twice"),
    (b'{"name": "A", "faction": "soimi", "entries": [{"combatant": "a", "count": 1, '
     b'"count": 9}]}', "the key 'count' is given twice"),
    (b'{"name": "A", "faction": "soimi", "entries": [], "\\u001b[2J": 1, "\\u001b[2J": 2}',
     r"the key '\\e\[2J' is given twice"),
    (b'{"name": "X", "faction": "soimi", "entries": [], "schema": "spherewars-warband/9"}',
     "spherewars-warband/1"),
    (b'{"name": "\\ud800", "faction": "soimi", "entries": []}', "not valid Unicode"),
    (b'{"name": {"a": 1}, "faction": "soimi", "entries": []}', "name must be text"),
])
def test_codes_that_do_not_hold_a_valid_list_are_refused(payload: bytes, says: str):
    with pytest.raises(ShareCodeError, match=says) as info:
        decode_warband(code_of(payload))
    assert "Traceback" not in str(info.value)


def test_an_overlong_code_is_refused_before_decoding():
    with pytest.raises(ShareCodeError, match="characters long"):
        decode_warband("SWB1." + "A" * 2_000_000)
