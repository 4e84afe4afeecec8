"""BattleScribe data from a data index (``.bsi``) at an address, served from 127.0.0.1 (SPEC
§10, downloads as §8): add, update with revisions before and after, and hostile servers and
indexes (lying revisions, missing files, other hosts, file:, climbing out of the folder,
redirects, sizes, stalls). Nothing is installed unless everything is right."""

from __future__ import annotations

import json
import time
from urllib.parse import urlsplit

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.battlescribe import IndexEntry, ReadError, read_index
from builder.bsdata.adding import Adder
from builder.bsdata.sources import NotAdded, entry_url
from builder.bsdata.store import Store
from tests.battlescribe.helpers import zipped
from tests.bsdata.helpers import (
    DUEL_FACTION,
    TEST_FACTION,
    TEST_SYSTEM,
    bsi,
    bumped,
    game_files,
    publish,
    run,
    serving,
)


@pytest.fixture
def server():
    with serving() as s:
        yield s


files = game_files


def installed() -> dict[str, tuple[int, str | None]]:
    return {f.id: (f.revision, f.source) for s in Store().systems().values() for f in s.files}


def nothing_left(user_dir) -> None:
    folder = user_dir / "battlescribe"
    assert installed() == {}
    assert not folder.exists() or [p.name for p in folder.iterdir()] == [".lock"]


def test_add_an_index_then_update_it(capsys, server, user_dir):
    index = publish(server, "releases/latest", files())
    code, out, err = run(capsys, "bsdata", "add", index)
    assert code == 0, err
    assert "added Test Skirmish System (revision 3), id ts-sys:" in out
    assert "added Test Duel System (revision 1), id td-sys:" in out
    assert installed()["ts-fac"] == (7, index)
    assert server.url("releases/latest/test-faction.catz") + ":55:13: the link 'Lost Relic'" \
        in err  # a warning names the file by its address
    code, out, _err = run(capsys, "bsdata", "list", "--format", "json")
    assert {s["id"]: s["source"] for s in json.loads(out)["systems"]} == {
        "ts-sys": index, "td-sys": index}
    code, out, err = run(capsys, "bsdata", "update")
    assert code == 0, err
    assert "Test Wanderers: revision 7, the newest" in out
    # the index publishes revision 8 of the faction
    publish(server, "releases/latest", files(8))
    code, out, err = run(capsys, "bsdata", "update", "ts-sys")
    assert code == 0, err
    assert "Test Skirmish System (revision 3), id ts-sys:" in out
    assert "Test Wanderers: revision 7 → 8" in out
    assert "Test Armoury: revision 2, the newest" in out
    assert "Test Duel" not in out  # only the game system asked for
    assert installed()["ts-fac"] == (8, index)


def test_update_names_files_the_index_no_longer_or_newly_lists(capsys, server, user_dir):
    index = publish(server, "r", files())
    assert run(capsys, "bsdata", "add", index)[0] == 0
    fewer = files()
    del fewer["test-library.cat"]
    fewer["other.cat"] = bumped(DUEL_FACTION.read_bytes(), 1).replace(
        b'id="td-fac" name="Test Duellists"', b'id="td-new" name="Test Newcomers"')
    publish(server, "r", fewer)
    code, out, _err = run(capsys, "bsdata", "update")
    assert code == 0
    assert f"'Test Armoury' (revision 2) is no longer in {index}; it is kept" in out
    assert (f"{index} also lists 'Test Newcomers', which are not installed: adding {index} "
            "adds them") in out


def test_a_file_that_lies_about_its_revision_stops_everything(capsys, server, user_dir):
    index = publish(server, "r", files(), test_faction_cat={"dataRevision": 12})
    code, out, err = run(capsys, "bsdata", "add", index)
    assert code == 2 and out == ""
    assert (server.url("r/test-faction.catz") + ":4:1: the index says revision 12; the file "
            "is revision 7") in err
    nothing_left(user_dir)


def test_a_file_that_is_not_what_the_index_says_is_refused(capsys, server, user_dir):
    index = publish(server, "r", files(), test_library_cat={"dataId": "ts-other",
                                                            "dataType": "gamesystem"})
    code, _out, err = run(capsys, "bsdata", "add", index)
    assert code == 2
    assert "the index says it is a game system; it is a catalogue" in err
    assert "the index says its id is 'ts-other'; the file's is 'ts-lib'" in err
    nothing_left(user_dir)


def test_a_missing_file_stops_everything(capsys, server, user_dir):
    index = publish(server, "r", files())
    del server.routes["/r/test-duellists.catz"]
    code, _out, err = run(capsys, "bsdata", "add", index)
    assert code == 2
    assert server.url("r/test-duellists.catz") + ": the server answered 404" in err
    nothing_left(user_dir)


def test_an_update_that_fails_changes_nothing(capsys, server, user_dir):
    index = publish(server, "r", files())
    assert run(capsys, "bsdata", "add", index)[0] == 0
    publish(server, "r", files(8), test_faction_cat={"dataRevision": 9})
    code, _out, err = run(capsys, "bsdata", "update")
    assert code == 2 and "the index says revision 9; the file is revision 8" in err
    assert installed()["ts-fac"] == (7, index)
    server.routes.clear()
    code, _out, err = run(capsys, "bsdata", "update")
    assert code == 2 and f"{index}: the server answered 404" in err
    assert installed()["ts-fac"] == (7, index)


@pytest.mark.parametrize(("path", "why"), [
    ("file:///etc/passwd", "is not a plain path inside the index's folder"),
    ("http://203.0.113.9/x.catz", "is not a plain path inside the index's folder"),
    ("//203.0.113.9/x.catz", "is not a plain path inside the index's folder"),
    ("../secret.catz", "is not a plain path inside the index's folder"),
    ("sub/%2e%2e/../x.catz", "is not a plain path inside the index's folder"),
    ("a\\..\\x.catz", "is not a plain path inside the index's folder"),
    ("/r/x.catz", "is not a plain path inside the index's folder"),
    ("x.catz?raw=1", "is not a plain path inside the index's folder"),
])
def test_an_index_pointing_elsewhere_is_refused(capsys, server, user_dir, path, why):
    entries = [{"filePath": "test-skirmish.gstz", "dataType": "gamesystem", "dataId": "ts-sys",
                "dataName": "T", "dataRevision": 3},
               {"filePath": path, "dataType": "catalogue", "dataId": "x", "dataName": "X",
                "dataRevision": 1}]
    server.file("r/test-skirmish.gstz", zipped("t.gst", TEST_SYSTEM.read_bytes()))
    index = server.file("r/test.bsi", bsi(entries))
    code, _out, err = run(capsys, "bsdata", "add", index)
    assert code == 2
    assert f"{index}:5:5: the file path" in err and why in err
    assert server.hits == ["/r/test.bsi"]  # nothing else was fetched
    nothing_left(user_dir)


def test_redirects_to_file_are_refused(capsys, server, user_dir):
    index = publish(server, "r", files())
    server.redirect("r/test-faction.catz", "file:///etc/passwd")
    code, _out, err = run(capsys, "bsdata", "add", index)
    assert code == 2
    assert "redirects to file:///etc/passwd: only http and https addresses are followed" in err
    nothing_left(user_dir)
    server.redirect("moved.bsi", "file:///etc/passwd")
    code, _out, err = run(capsys, "bsdata", "add", server.url("moved.bsi"))
    assert code == 2 and "only http and https" in err


def test_a_redirect_to_http_elsewhere_is_followed(capsys, server, user_dir):
    """As GitHub's release downloads are (github.com → its file store)."""
    publish(server, "store/abc", files())
    for name in files():
        server.redirect(f"latest/{name}z", server.url(f"store/abc/{name}z"))
    server.redirect("latest/test.bsi", server.url("store/abc/test.bsi"))
    code, _out, err = run(capsys, "bsdata", "add", server.url("latest/test.bsi"))
    assert code == 0, err
    assert installed()["ts-fac"] == (7, server.url("latest/test.bsi"))


def test_a_lying_size_is_refused_before_it_arrives(capsys, server, user_dir):
    index = publish(server, "r", files())
    server.file("r/test-faction.catz", b"PK\x03\x04", length=51 * 1024 * 1024)
    code, _out, err = run(capsys, "bsdata", "add", index)
    assert code == 2 and "larger than 50 MiB" in err
    nothing_left(user_dir)


def test_an_answer_shorter_than_it_says_installs_nothing(capsys, server, user_dir):
    index = publish(server, "r", files())
    raw = zipped("test-faction.cat", TEST_FACTION.read_bytes())
    server.file("r/test-faction.catz", raw[: len(raw) // 2], length=len(raw))
    code, _out, err = run(capsys, "bsdata", "add", index)
    assert code == 2, err
    assert server.url("r/test-faction.catz") in err
    nothing_left(user_dir)


def test_a_stalled_download_is_given_up_on(server, user_dir):
    index = publish(server, "r", files())
    raw = zipped("test-faction.cat", TEST_FACTION.read_bytes())
    server.stalling("r/test-faction.catz", raw[:10], len(raw))
    started = time.monotonic()
    with pytest.raises(NotAdded, match="nothing arrived for 0.3 s"):
        Adder(stall=0.3).add([index])
    assert time.monotonic() - started < 10
    nothing_left(user_dir)


def test_an_index_that_is_not_one(capsys, server, user_dir):
    url = server.file("x.bsi", zipped("x.cat", TEST_FACTION.read_bytes()))
    code, _out, err = run(capsys, "bsdata", "add", url)
    assert code == 2
    assert f"{url}:4:1: the root element is 'catalogue'; a data index is <dataIndex>" in err
    empty = server.file("empty.bsi", bsi([]))
    code, _out, err = run(capsys, "bsdata", "add", empty)
    assert code == 2 and "the index lists no game system or catalogue" in err


# --- the index reader, by property --------------------------------------------------------

INDEX = "http://127.0.0.1:8000/data/latest/index.bsi"


def _entry(path: str) -> IndexEntry:
    return IndexEntry(path, "catalogue", "x", "X", 1, None, 1, 1)


@given(st.text(max_size=40))
def test_a_file_path_never_leaves_the_index_folder(path):
    try:
        url = entry_url(INDEX, _entry(path))
    except ValueError:
        return
    parts = urlsplit(url)
    assert (parts.scheme, parts.hostname, parts.port) == ("http", "127.0.0.1", 8000)
    assert parts.path.startswith("/data/latest/")
    assert "/../" not in parts.path and not parts.query and not parts.fragment


@given(st.lists(st.fixed_dictionaries({
    "filePath": st.text(min_size=1, max_size=20), "dataType": st.text(max_size=12),
    "dataId": st.text(min_size=1, max_size=12), "dataName": st.text(max_size=12),
    "dataRevision": st.one_of(st.integers(-5, 10**12).map(str), st.text(max_size=6))}),
    max_size=5))
@settings(max_examples=60, suppress_health_check=[HealthCheck.too_slow])
def test_any_index_reads_or_is_refused_in_words(entries):
    from xml.sax.saxutils import quoteattr

    body = "".join(
        "<dataIndexEntry " + " ".join(f"{k}={quoteattr(v)}" for k, v in e.items()) + "/>"
        for e in entries)
    xml = ('<dataIndex battleScribeVersion="2.03" name="t" xmlns="http://www.battlescribe.net/'
           f'schema/dataIndexSchema"><dataIndexEntries>{body}</dataIndexEntries></dataIndex>')
    for data in (xml.encode("utf-8", "surrogatepass"), zipped("index.xml", xml.encode(
            "utf-8", "surrogatepass"))):
        try:
            index = read_index(data, "t.bsi")
        except ReadError as error:
            assert all(str(p).startswith("t.bsi") for p in error.problems)
            continue
        assert len(index.entries) == len(entries)
        assert all(e.data_revision >= 0 for e in index.entries)


def test_cancel_stops_a_download_and_nothing_goes_in(server, user_dir):
    """The app's Cancel: from another thread, while a file is on its way."""
    import threading

    from builder.packs.fetch import Cancelled

    index = publish(server, "r", files())
    raw = zipped("test-faction.cat", TEST_FACTION.read_bytes())
    asked = threading.Event()

    def stall(h) -> None:
        h.send_response(200)
        h.send_header("Content-Length", str(len(raw)))
        h.end_headers()
        h.wfile.write(raw[:10])
        h.wfile.flush()
        asked.set()
        server.release.wait(10)

    server.routes["/r/test-faction.catz"] = stall
    adder = Adder()
    outcome: list[BaseException] = []

    def work() -> None:
        try:
            adder.add([index])
        except BaseException as error:  # noqa: BLE001 - handed to the test
            outcome.append(error)

    thread = threading.Thread(target=work)
    started = time.monotonic()
    thread.start()
    assert asked.wait(10)
    adder.cancel()
    thread.join(10)
    assert not thread.is_alive() and time.monotonic() - started < 10
    assert len(outcome) == 1 and isinstance(outcome[0], Cancelled)
    nothing_left(user_dir)
