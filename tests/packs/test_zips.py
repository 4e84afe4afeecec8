"""Hostile .swpack files (SPEC §8): refused before anything is written."""

from __future__ import annotations

import io
import stat
import struct
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from builder.packs.store import Store
from tests.packs.helpers import faction_text, make_pack, pack_yaml, run, swpack

MiB = 1024 * 1024


def zip_of(entries: list[tuple[str | zipfile.ZipInfo, bytes]]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in entries:
            zf.writestr(name, data)
    return out.getvalue()


def link(name: str, target: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name)
    info.create_system = 3
    info.external_attr = (stat.S_IFLNK | 0o777) << 16
    return info


def nothing_written(user_dir: Path) -> None:
    assert not Store().packs()
    packs = user_dir / "packs"
    leftovers = [p.name for p in packs.iterdir()] if packs.exists() else []
    assert not [n for n in leftovers if n.startswith(".tmp")], leftovers


@pytest.mark.filterwarnings("ignore:Duplicate name")  # zipfile's, on writing the test zip
@pytest.mark.parametrize(("entries", "message"), [
    ([("../evil.yaml", b"x")], "climbs out of the pack with '..'"),
    ([("factions/../../evil.yaml", b"x")], "climbs out of the pack with '..'"),
    ([("/etc/evil.yaml", b"x")], "is an absolute path"),
    ([("C:/evil.yaml", b"x")], "is an absolute path"),
    ([("factions\\evil.yaml", b"x")], "holds a backslash"),
    ([(link("factions/l.yaml", "/etc/passwd"), b"/etc/passwd")], "is a link"),
    ([("a.yaml", b"x"), ("a.yaml", b"y")], "is in the pack twice"),
    ([("A.yaml", b"x"), ("a.yaml", b"y")], "is in the pack twice"),
])
def test_hostile_entries_are_refused_before_anything_is_written(
        capsys, tmp_path: Path, user_dir: Path, entries, message):
    bad = tmp_path / "bad.swpack"
    bad.write_bytes(zip_of([("pack.yaml", pack_yaml().encode()), *entries]))
    code, _out, err = run(capsys, "data", "install", str(bad))
    assert code == 2
    assert "bad.swpack: entry " in err and message in err
    nothing_written(user_dir)
    assert not (tmp_path.parent / "evil.yaml").exists()


def test_too_many_entries(capsys, tmp_path: Path, user_dir: Path):
    bad = tmp_path / "many.swpack"
    bad.write_bytes(zip_of([("pack.yaml", pack_yaml().encode())]
                           + [(f"f{i}.txt", b"") for i in range(1000)]))
    code, _out, err = run(capsys, "data", "install", str(bad))
    assert code == 2 and "1001 entries; a pack holds at most 1000" in err
    nothing_written(user_dir)


@pytest.fixture(scope="module")
def zeros() -> bytes:
    """A zip of 200 MiB of zeros (about 200 KiB packed)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("pack.yaml", pack_yaml())
        with zf.open("zeros.bin", "w") as stream:
            block = bytes(MiB)
            for _ in range(200):
                stream.write(block)
    return out.getvalue()


def test_200_mib_of_zeros_is_refused_by_its_declared_size(capsys, tmp_path: Path,
                                                           user_dir: Path, zeros: bytes):
    bomb = tmp_path / "bomb.swpack"
    bomb.write_bytes(zeros)
    code, _out, err = run(capsys, "data", "install", str(bomb))
    assert code == 2 and "unpacks to 200.0 MiB; a pack is at most 50 MiB" in err
    nothing_written(user_dir)


def test_zeros_that_lie_about_their_size_stop_at_what_they_declare(
        capsys, tmp_path: Path, user_dir: Path, zeros: bytes, monkeypatch):
    raw = bytearray(zeros)
    central = raw.rfind(b"PK\x01\x02")
    name_at = raw.rfind(b"zeros.bin", 0, central)
    local = raw.rfind(b"PK\x03\x04", 0, name_at)
    struct.pack_into("<I", raw, central + 24, 1024)  # declares 1 KiB unpacked
    struct.pack_into("<I", raw, local + 22, 1024)
    bomb = tmp_path / "liar.swpack"
    bomb.write_bytes(bytes(raw))
    written: list[int] = []
    real_open = open

    def counting_open(file, mode="r", *args, **kwargs):  # type: ignore[no-untyped-def]
        stream = real_open(file, mode, *args, **kwargs)
        if "b" in mode and "x" in mode:
            write = stream.write
            stream.write = lambda data: written.append(len(data)) or write(data)
        return stream

    monkeypatch.setattr("builtins.open", counting_open)
    code, _out, err = run(capsys, "data", "install", str(bomb))
    monkeypatch.undo()
    assert code == 2 and "entry 'zeros.bin'" in err
    assert sum(written) <= 1024 + len(pack_yaml().encode())
    nothing_written(user_dir)


def test_not_a_zip(capsys, tmp_path: Path, user_dir: Path):
    bad = tmp_path / "bad.swpack"
    bad.write_bytes(b"PK\x03\x04 but not really a zip")
    code, _out, err = run(capsys, "data", "install", str(bad))
    assert code == 2 and "bad.swpack: not a .swpack (zip) file" in err
    nothing_written(user_dir)


def test_a_pack_folder_with_a_link_is_refused(capsys, tmp_path: Path, user_dir: Path):
    folder = make_pack(tmp_path / "p")
    (folder / "factions" / "elsewhere.yaml").symlink_to("/etc/hostname")
    code, _out, err = run(capsys, "data", "install", str(folder))
    assert code == 2 and "'factions/elsewhere.yaml' is a link" in err
    nothing_written(user_dir)


def test_a_good_zip_built_elsewhere_installs(capsys, tmp_path: Path, user_dir: Path):
    good = tmp_path / "good.swpack"
    good.write_bytes(swpack(make_pack(tmp_path / "p")))
    assert run(capsys, "data", "install", str(good))[0] == 0
    assert list(Store().packs()) == ["test-pack"]


def test_hidden_files_are_not_unpacked(capsys, tmp_path: Path, user_dir: Path):
    """A hidden file is not part of a pack: not checked, so it must not be installed (the
    catalogue would load it)."""
    raw = zip_of([("pack.yaml", pack_yaml().encode()),
                  ("factions/f.yaml", faction_text().encode()),
                  ("factions/.hidden.yaml", b"schema: spherewars-faction/1\nid: [\n"),
                  ("__MACOSX/factions/._x.yaml", b"\x00\x05\x16\x07")])
    pack = tmp_path / "p.swpack"
    pack.write_bytes(raw)
    assert run(capsys, "data", "install", str(pack))[0] == 0
    folder = Store().get("test-pack").current().folder  # type: ignore[union-attr]
    assert not (folder / "factions" / ".hidden.yaml").exists()
    assert not list(folder.rglob("._x.yaml"))


NAME_PARTS = st.sampled_from(["a", "b.yaml", "..", ".", "", "C:", " ", "..\\a", "a\\.."])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=st.lists(NAME_PARTS, min_size=1, max_size=4), lead=st.sampled_from(["", "/"]))
@example(parts=["..", "f"], lead="")
@example(parts=["a", "..", "..", "f"], lead="")
@example(parts=["etc", "f"], lead="/")
def test_no_entry_name_is_written_outside_the_pack(tmp_path: Path, parts: list[str],
                                                    lead: str):
    """Whatever an entry is called, unpacking writes inside the pack's folder or refuses."""
    import shutil
    import uuid

    from builder.packs.archive import PackProblems, unpack

    name = lead + "/".join(parts)
    if not name or name.endswith("/"):
        name += "f"
    work = tmp_path / uuid.uuid4().hex
    dest = work / "pack" / "inner"
    dest.mkdir(parents=True)
    try:
        unpack(zip_of([(name, b"x")]), dest, "t.swpack")
    except PackProblems:
        pass
    written = [p for p in work.rglob("*") if p.is_file()]
    assert all(p.resolve().is_relative_to(dest.resolve()) for p in written), (name, written)
    shutil.rmtree(work)
