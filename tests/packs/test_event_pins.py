"""Events pin packs (SPEC §6, §8): ``packs: {ID: VERSION}`` loads exactly those versions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.packs.helpers import PACK_ID, list_text, make_pack, run


@pytest.fixture
def two_versions(capsys, tmp_path: Path, user_dir: Path) -> Path:
    for folder, version, pe in (("v1", "1.0.0", 169), ("v2", "1.1.0", 165)):
        assert run(capsys, "data", "install", str(make_pack(tmp_path / folder, version, pe))
                   )[0] == 0
    (tmp_path / "l.warband.yaml").write_text(list_text(limit=400), encoding="utf-8")
    return tmp_path


def event(folder: Path, packs: str) -> Path:
    path = folder / "cup.event.yaml"
    path.write_text(f"schema: spherewars-event/1\nname: Test Cup\npoints_limit: 400\n"
                    f"packs:\n{packs}", encoding="utf-8")
    return path


def test_the_event_loads_the_pinned_version_not_the_newest(capsys, two_versions: Path):
    cup = event(two_versions, f"  {PACK_ID}: 1.0.0\n")
    code, out, err = run(capsys, "event", str(cup), str(two_versions / "l.warband.yaml"),
                         "--format", "json")
    assert code == 0, err
    assert json.loads(out)["files"][0]["points"] == 169
    code, out, _ = run(capsys, "validate", str(two_versions / "l.warband.yaml"))
    assert "165/400 pts" in out  # outside the event: the newest


def test_a_pinned_version_not_installed_stops_with_the_install_command(capsys,
                                                                       two_versions: Path):
    cup = event(two_versions, f"  {PACK_ID}: 2.0.0\n")
    code, out, err = run(capsys, "event", str(cup), str(two_versions / "l.warband.yaml"))
    assert code == 2 and out == ""
    assert (f"cup.event.yaml:5:3: pack '{PACK_ID}' 2.0.0 is not installed (installed: 1.0.0, "
            f"1.1.0); install it with: spherewars data install {PACK_ID}-2.0.0.swpack") in err


def test_an_unknown_pack_suggests_the_closest_id(capsys, two_versions: Path):
    cup = event(two_versions, "  test-pak: 1.0.0\n")
    code, _out, err = run(capsys, "event", str(cup), str(two_versions / "l.warband.yaml"))
    assert code == 2
    assert "cup.event.yaml:5:3: pack 'test-pak' 1.0.0 is not installed (did you mean " \
           f"'{PACK_ID}'?)" in err


def test_a_pin_that_is_not_a_version_is_placed(capsys, two_versions: Path):
    cup = event(two_versions, f"  {PACK_ID}: latest\n")
    code, _out, err = run(capsys, "event", str(cup), str(two_versions / "l.warband.yaml"))
    assert code == 2 and "cup.event.yaml:5:" in err and "is not a version" in err
