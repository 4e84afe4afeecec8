"""Packs and indexes from a web server (SPEC §8), a real one on 127.0.0.1 (a random port)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from builder.packs.fetch import FetchError
from builder.packs.install import Installer
from builder.packs.store import Store
from tests.packs.helpers import PACK_ID, list_text, make_pack, run, serving, swpack


@pytest.fixture
def server():
    with serving() as s:
        yield s


@pytest.fixture
def versions(tmp_path: Path, user_dir: Path) -> dict[str, bytes]:
    return {"1.0.0": swpack(make_pack(tmp_path / "v1", "1.0.0", 169)),
            "1.1.0": swpack(make_pack(tmp_path / "v2", "1.1.0", 165,
                                      changes="Test Boss 169 → 165 PE (errata)"))}


def installed() -> dict[str, list[str]]:
    return {pack_id: state.ordered for pack_id, state in Store().packs().items()}


def no_leftovers(user_dir: Path) -> None:
    assert not list((user_dir / "packs").glob(".tmp*"))


def test_install_from_an_index_then_update_with_lists(capsys, server, versions, tmp_path,
                                                      user_dir):
    v1 = versions["1.0.0"]
    server.file("packs/test-pack-1.0.0.swpack", v1)
    index = server.index("index.yaml", [(PACK_ID, "1.0.0", v1, "packs/test-pack-1.0.0.swpack")])
    code, out, err = run(capsys, "data", "install", index)
    assert code == 0, err
    assert f"installed {PACK_ID} 1.0.0" in out
    code, out, _ = run(capsys, "data", "update")
    assert f"{PACK_ID}: 1.0.0 is the newest" in out
    # the author publishes 1.1.0 beside 1.0.0
    v2 = versions["1.1.0"]
    server.file("packs/test-pack-1.1.0.swpack", v2)
    server.index("index.yaml", [(PACK_ID, "1.0.0", v1, "packs/test-pack-1.0.0.swpack"),
                                (PACK_ID, "1.1.0", v2, "packs/test-pack-1.1.0.swpack")])
    (tmp_path / "l.warband.yaml").write_text(list_text(limit=168), encoding="utf-8")
    code, out, err = run(capsys, "data", "update", "--lists", str(tmp_path / "l.warband.yaml"))
    assert code == 0, err
    assert f"{PACK_ID}: 1.0.0 → 1.1.0" in out
    assert "Test Boss 169 → 165 PE (errata)" in out  # the version's own note
    assert "Test Boss: PE 169 → 165" in out  # the diff
    assert "169 → 165 PE; this list is 4 PE cheaper and now legal" in out
    assert installed() == {PACK_ID: ["1.0.0", "1.1.0"]}
    code, out, _ = run(capsys, "data", "list", "--format", "json")
    assert index in out  # the origin
    assert all(not hit.startswith("/elsewhere") for hit in server.hits)


def test_only_picks_packs_of_an_index(capsys, server, versions, tmp_path, user_dir):
    other = swpack(make_pack(tmp_path / "o", pack_id="other-pack", faction_id="other-f"))
    server.file("a.swpack", versions["1.0.0"])
    server.file("b.swpack", other)
    index = server.index("index.yaml", [(PACK_ID, "1.0.0", versions["1.0.0"], "a.swpack"),
                                        ("other-pack", "1.0.0", other, "b.swpack")])
    code, _out, err = run(capsys, "data", "install", index, "--only", "other-pack",
                          "--only", "nope")
    assert code == 2 and "lists no pack 'nope'" in err
    assert installed() == {"other-pack": ["1.0.0"]}


def test_install_a_swpack_address(capsys, server, versions, user_dir):
    url = server.file("test.swpack", versions["1.1.0"])
    assert run(capsys, "data", "install", url)[0] == 0
    assert installed() == {PACK_ID: ["1.1.0"]}


def test_a_tampered_file_is_refused(capsys, server, versions, user_dir):
    v1 = versions["1.0.0"]
    tampered = bytearray(v1)
    tampered[len(v1) // 2] ^= 0xFF  # one byte changed: the same size
    server.file("a.swpack", bytes(tampered))
    index = server.index("index.yaml", [(PACK_ID, "1.0.0", v1, "a.swpack")])
    code, _out, err = run(capsys, "data", "install", index)
    assert code == 2 and "SHA-256" in err and "nothing installed" in err
    assert installed() == {}
    no_leftovers(user_dir)


def test_a_wrong_size_is_refused(capsys, server, versions, user_dir):
    v1 = versions["1.0.0"]
    server.file("a.swpack", v1 + b"extra bytes")
    index = server.index("index.yaml", [(PACK_ID, "1.0.0", v1, "a.swpack")])
    code, _out, err = run(capsys, "data", "install", index)
    assert code == 2 and f"the index says {len(v1)}" in err
    assert installed() == {}


def test_more_than_the_size_cap_is_refused_before_downloading(capsys, server, user_dir):
    url = server.file("big.swpack", b"PK\x03\x04", length=51 * 1024 * 1024)
    code, _out, err = run(capsys, "data", "install", url)
    assert code == 2 and "larger than 50 MiB" in err


def test_a_slow_server_is_given_up_on(server, versions, user_dir):
    url = server.stalling("slow.swpack", versions["1.0.0"][:100], len(versions["1.0.0"]))
    started = time.monotonic()
    with pytest.raises(FetchError, match="nothing arrived for 0.3 s"):
        Installer(stall=0.3).install(url)
    assert time.monotonic() - started < 5
    assert installed() == {}
    no_leftovers(user_dir)


def test_a_redirect_to_a_file_is_refused(capsys, server, tmp_path, user_dir):
    secret = tmp_path / "secret.swpack"
    secret.write_bytes(b"secret")
    url = server.redirect("go.swpack", secret.as_uri())
    code, _out, err = run(capsys, "data", "install", url)
    assert code == 2 and "redirects to file:" in err and "only http and https" in err
    assert installed() == {}


def test_a_redirect_to_http_is_followed(capsys, server, versions, user_dir):
    target = server.file("real.swpack", versions["1.0.0"])
    url = server.redirect("go.swpack", target)
    assert run(capsys, "data", "install", url)[0] == 0
    assert installed() == {PACK_ID: ["1.0.0"]}


def test_not_found_and_not_http(capsys, server, user_dir):
    code, _out, err = run(capsys, "data", "install", server.url("missing.swpack"))
    assert code == 2 and "404" in err
    code, _out, err = run(capsys, "data", "install", "ftp://127.0.0.1/x.swpack")
    assert code == 2 and "no such file or folder" in err


def test_ctrl_c_in_a_download_leaves_nothing(capsys, server, versions, user_dir):
    server.file("a.swpack", versions["1.0.0"])

    def interrupt(_name: str, got: int, _total: int | None) -> None:
        if got:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        Installer(progress=interrupt).install(server.url("a.swpack"))
    assert installed() == {}
    no_leftovers(user_dir)


def test_ctrl_c_while_installing_leaves_nothing(server, versions, user_dir, monkeypatch):
    server.file("a.swpack", versions["1.0.0"])

    def interrupted(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("builder.packs.install.check_pack", interrupted)
    with pytest.raises(KeyboardInterrupt):
        Installer().install(server.url("a.swpack"))
    assert installed() == {}
    no_leftovers(user_dir)


def test_cli_says_an_interrupted_install_left_nothing(capsys, server, versions, user_dir,
                                                      monkeypatch):
    server.file("a.swpack", versions["1.0.0"])

    def interrupted(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("builder.packs.install.check_pack", interrupted)
    code, _out, err = run(capsys, "data", "install", server.url("a.swpack"))
    assert code == 2 and "interrupted; nothing half-installed is left" in err


def test_an_index_entry_pointing_at_a_file_is_refused(capsys, server, versions, tmp_path,
                                                      user_dir):
    local = tmp_path / "local.swpack"
    local.write_bytes(versions["1.0.0"])
    index = server.index("index.yaml", [(PACK_ID, "1.0.0", versions["1.0.0"],
                                         local.as_uri())])
    code, _out, err = run(capsys, "data", "install", index)
    assert code == 2 and "only http and https addresses can be downloaded" in err
    assert installed() == {}


def test_a_local_index_installs_the_files_beside_it(capsys, versions, tmp_path, user_dir):
    import hashlib

    raw = versions["1.0.0"]
    (tmp_path / "a.swpack").write_bytes(raw)
    (tmp_path / "index.yaml").write_text(
        f"schema: spherewars-index/1\npacks:\n  - {{id: {PACK_ID}, name: Test, version: 1.0.0, "
        f"url: a.swpack, sha256: {hashlib.sha256(raw).hexdigest()}, size: {len(raw)}}}\n",
        encoding="utf-8")
    assert run(capsys, "data", "install", str(tmp_path / "index.yaml"))[0] == 0
    assert installed() == {PACK_ID: ["1.0.0"]}


def _local_index(folder: Path, raw: bytes, *, version: str = "1.0.0", sha256: str | None = None,
                 size: int | None = None) -> Path:
    import hashlib

    (folder / "a.swpack").write_bytes(raw)
    index = folder / "index.yaml"
    index.write_text(
        f"schema: spherewars-index/1\npacks:\n  - {{id: {PACK_ID}, name: Test, version: "
        f"{version}, url: a.swpack, sha256: {sha256 or hashlib.sha256(raw).hexdigest()}, "
        f"size: {len(raw) if size is None else size}}}\n", encoding="utf-8")
    return index


def test_a_local_index_refuses_a_file_of_the_right_size_and_another_sha256(
        capsys, versions, tmp_path, user_dir):
    """The file beside a local index is checked as a download is: its size alone is not
    enough (a file of the same length with other contents is refused, nothing installed)."""
    raw = versions["1.0.0"]
    index = _local_index(tmp_path, raw, sha256="0" * 64)
    code, _out, err = run(capsys, "data", "install", str(index))
    assert code == 2
    assert f"{tmp_path / 'a.swpack'}: its size or SHA-256 differs from the index; nothing " \
        "installed" in err
    assert installed() == {}
    no_leftovers(user_dir)
    # the same index with the right SHA-256 installs it (the refusal was for the hash alone)
    assert run(capsys, "data", "install", str(_local_index(tmp_path, raw)))[0] == 0
    assert installed() == {PACK_ID: ["1.0.0"]}


def test_an_index_wrong_only_about_the_version_is_named_beside_what_was_installed(
        capsys, versions, tmp_path, user_dir):
    """The pack holds 1.0.0, the index calls it 1.0.1: what the file holds is installed, and
    the output says what the index called it (the id alone being right is not enough)."""
    index = _local_index(tmp_path, versions["1.0.0"], version="1.0.1")
    code, out, err = run(capsys, "data", "install", str(index))
    assert code == 0, err
    assert f"installed {PACK_ID} 1.0.0" in out
    assert f"(the index calls it {PACK_ID} 1.0.1)" in out
    assert installed() == {PACK_ID: ["1.0.0"]}
    # an index right about both says nothing of the kind
    code, out, _err = run(capsys, "data", "install", "--force", str(_local_index(
        tmp_path, versions["1.0.0"])))
    assert "the index calls it" not in out


def test_an_older_version_chosen_is_never_called_the_newest(capsys, server, versions,
                                                            tmp_path, user_dir):
    """Issue 41 item 1: 1.0.0 installed from an index, updated to 1.1.0, 1.0.0 chosen with
    ``data use``: ``data update`` said "1.0.0 is the newest". It says a newer version exists,
    installed or in the index, and how to use it; ``data list`` too."""
    v1, v2 = versions["1.0.0"], versions["1.1.0"]
    server.file("a.swpack", v1)
    server.file("b.swpack", v2)
    index = server.index("index.yaml", [(PACK_ID, "1.0.0", v1, "a.swpack")])
    assert run(capsys, "data", "install", index)[0] == 0
    server.index("index.yaml", [(PACK_ID, "1.0.0", v1, "a.swpack"),
                                (PACK_ID, "1.1.0", v2, "b.swpack")])
    assert run(capsys, "data", "update")[0] == 0
    assert run(capsys, "data", "use", PACK_ID, "1.0.0")[0] == 0
    code, out, _err = run(capsys, "data", "update")
    assert code == 0
    assert "is the newest" not in out
    assert (f"{PACK_ID}: using 1.0.0 (chosen with 'data use'); 1.1.0 is newer and installed: "
            f"spherewars data use {PACK_ID} 1.1.0") in out
    code, out, _err = run(capsys, "data", "list")
    assert f"1.0.0 (chosen; 1.1.0 is newer: spherewars data use {PACK_ID} 1.1.0)" in out
    # a newer one still, in the index only: installed, and offered the same way
    v3 = swpack(make_pack(tmp_path / "v3", "1.2.0", 160))
    server.file("c.swpack", v3)
    server.index("index.yaml", [(PACK_ID, "1.0.0", v1, "a.swpack"),
                                (PACK_ID, "1.1.0", v2, "b.swpack"),
                                (PACK_ID, "1.2.0", v3, "c.swpack")])
    code, out, _err = run(capsys, "data", "update")
    assert f"{PACK_ID}: 1.0.0 → 1.2.0" in out
    assert f"still using 1.0.0 (chosen with 'data use'): spherewars data use {PACK_ID} " \
           "1.2.0" in out
    assert Store().get(PACK_ID).active == "1.0.0"  # type: ignore[union-attr]
