"""File names that are not valid UTF-8 (issue 40 #11): a list named with the byte 0xff is
checked, and every report (``event --format html|csv|text|json -o``, ``validate``) is written,
the name shown safely as ``\\xff`` (JSON keeps the name itself, as its ``\\udcff`` escape)."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from tests.cli.test_cli import run

pytestmark = pytest.mark.skipif(sys.platform in ("win32", "darwin"),
                                reason="file names of any bytes are Linux's")
LIST = ("schema: spherewars-warband/1\nname: Test list\nfaction: test-faction\n"
        "entries:\n  - {combatant: test-leader, count: 1}\n")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    lists = tmp_path / "lists"
    lists.mkdir()
    with open(os.path.join(os.fsencode(lists), b"\xff-list.warband.yaml"), "w",
              encoding="utf-8") as out:
        out.write(LIST)
    return lists


def _data() -> list[str]:
    from tests.conftest import TEST_FACTIONS

    return ["--data", str(TEST_FACTIONS)]


@pytest.mark.parametrize("form", ["html", "csv", "text", "json"])
def test_every_event_report_is_written_with_the_name_shown_safely(
        form: str, folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = tmp_path / "event.yaml"
    event.write_text("schema: spherewars-event/1\nname: Test event\n", encoding="utf-8")
    out = tmp_path / f"report.{form}"
    code, stdout, err = run(capsys, "event", str(event), str(folder), *_data(), "--format",
                            form, "-o", str(out))
    assert code == 0, err
    assert "Traceback" not in stdout + err
    text = out.read_bytes().decode("utf-8")  # valid UTF-8 throughout
    if form == "json":  # the name as the file system has it (JSON's escape of it)
        assert json.loads(text)["files"][0]["path"] == f"{folder}/\udcff-list.warband.yaml"
    else:
        assert f"{folder}/\\xff-list.warband.yaml" in text


def test_validate_shows_the_name_safely(folder: Path, capsys: pytest.CaptureFixture[str]
                                        ) -> None:
    code, out, err = run(capsys, "validate", str(folder), *_data())
    assert code == 0, err
    assert f"✔ {folder}/\\xff-list.warband.yaml: Test list (test-faction)" in out
    code, out, err = run(capsys, "validate", str(folder), *_data(), "--format", "json")
    assert code == 0, err
    out.encode("utf-8")  # no lone surrogate left in the JSON
    assert json.loads(out)["files"][0]["path"] == f"{folder}/\udcff-list.warband.yaml"
