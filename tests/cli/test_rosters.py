"""BattleScribe rosters on the command line (SPEC §10, issue 37 item 4): ``validate``,
``fingerprint``, ``text``, ``export`` and ``event`` take ``.ros``/``.rosz`` files, read against
``--bsdata DIR`` and the installed data, with the exit statuses of warbands."""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
from pathlib import Path

import pytest

from builder.cli import main
from tests.battlescribe.helpers import FIXTURES, TEST_FILES, shared_battlescribe, zipped
from tests.conftest import REPO
from tests.export.helpers import pdf_text

ROSTER = FIXTURES / "test-roster.ros"
WARBAND = REPO / "resources" / "examples" / "soimi-legal-ensartadores.warband.yaml"
PHALANX = shared_battlescribe() / "data" / "phalanx-sample"


@pytest.fixture
def lists(tmp_path: Path) -> Path:
    """A folder with the test roster, the same zipped, and a warband."""
    folder = tmp_path / "lists"
    folder.mkdir()
    shutil.copy(ROSTER, folder / "road.ros")
    (folder / "road-zipped.ROSZ").write_bytes(zipped("road.ros", ROSTER.read_bytes()))
    shutil.copy(WARBAND, folder / "soimi.warband.yaml")
    return folder


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_validate_json_gives_a_roster_the_keys_of_spec_10(capsys) -> None:
    code, out, _err = run(capsys, "validate", str(ROSTER), "--bsdata", str(FIXTURES),
                          "--format", "json")
    assert code == 0
    (row,) = json.loads(out)["files"]
    assert row["system"] == "ts-sys" and row["faction"] == "Test Wanderers"
    assert (row["legal"], row["points"], row["points_limit"]) == (True, 106, 150)
    assert row["costs"][1] == {"id": "ts-fuel", "name": "Fuel", "value": 1, "limit": None}
    assert row["findings"] == [] and len(row["fingerprint"]) == 9


def test_validate_text_and_exit_statuses(capsys, lists: Path) -> None:
    code, out, _err = run(capsys, "validate", str(lists), "--bsdata", str(FIXTURES))
    assert code == 0
    assert "road.ros: Road Wardens (Test Wanderers), Points 106/150, Fuel 1, legal" in out
    assert "road-zipped.ROSZ: Road Wardens" in out and "3 lists: 3 legal" in out
    code, out, _err = run(capsys, "validate", str(lists / "road.ros"), "--bsdata",
                          str(FIXTURES), "--points", "100")
    assert code == 1
    assert "Points 106/100, Fuel 1, ILLEGAL" in out
    assert "error: Roster is over the Points limit by 6Points" in out


def test_a_roster_whose_data_is_not_installed_exits_2_naming_it(capsys, lists: Path) -> None:
    roster = lists / "road.ros"
    before = (roster.read_bytes(), os.stat(roster).st_mtime_ns)
    code, out, _err = run(capsys, "validate", str(roster), "--format", "json")
    assert code == 2
    (row,) = json.loads(out)["files"]
    assert row["legal"] is False
    system, catalogue = row["error"].splitlines()
    for words in ("game system 'Test Skirmish System'", "'ts-sys'", "revision 3",
                  "not installed"):
        assert words in system
    for words in ("catalogue 'Test Wanderers'", "'ts-fac'", "revision 7", "not installed"):
        assert words in catalogue
    for command in (["fingerprint", str(roster)], ["text", str(roster)],
                    ["export", str(roster), "-o", str(lists / "out.pdf")]):
        code, out, err = run(capsys, *command)
        assert code == 2 and "ts-sys" in err and out == "", command
    assert (roster.read_bytes(), os.stat(roster).st_mtime_ns) == before
    assert not (lists / "out.pdf").exists()


def test_installed_data_is_found_without_bsdata(capsys, user_dir: Path) -> None:
    assert main(["bsdata", "add", *map(str, TEST_FILES)]) == 0
    capsys.readouterr()
    code, out, _err = run(capsys, "validate", str(ROSTER))
    assert code == 0 and "Points 106/150" in out


def test_fingerprint_is_the_one_validate_reports(capsys, lists: Path) -> None:
    code, out, _err = run(capsys, "fingerprint", str(lists), "--bsdata", str(FIXTURES))
    assert code == 0
    prints = dict(line.split("  ")[::-1] for line in out.splitlines())
    _code, out, _err = run(capsys, "validate", str(lists / "road.ros"), "--bsdata",
                           str(FIXTURES), "--format", "json")
    fingerprint = json.loads(out)["files"][0]["fingerprint"]
    assert prints[str(lists / "road.ros")] == fingerprint
    assert prints[str(lists / "road-zipped.ROSZ")] == fingerprint


def test_text_prints_the_roster(capsys) -> None:
    code, out, _err = run(capsys, "text", str(ROSTER), "--bsdata", str(FIXTURES),
                          "--style", "markdown")
    assert code == 0
    assert out.startswith("**Road Wardens**\nTest Skirmish System · Test Wanderers · "
                          "Points 106/150 · Fuel 1\n")
    assert "- 3 × Trooper · 30 Points" in out and "Fingerprint: `" in out


def test_export_prints_the_roster_through_its_document(capsys, tmp_path: Path) -> None:
    out_pdf = tmp_path / "road.pdf"
    code, out, err = run(capsys, "export", str(ROSTER), "--bsdata", str(FIXTURES), "-o",
                         str(out_pdf), "--summary", "--per-model")
    assert code == 0 and out.strip() == f"wrote {out_pdf} (roster sheet)"
    assert "--per-model is for warbands" in err
    assert "Road Wardens" in pdf_text(out_pdf.read_bytes())


EVENT = """\
schema: spherewars-event/1
name: Road Cup
system: ts-sys
points_limit: 100
factions: [ts-fac]
lists:
  - {player: Ana, fingerprint: FINGERPRINT}
  - {player: Bea, fingerprint: AAAA-AAAA}
"""


def _event(tmp_path: Path, capsys) -> Path:
    _code, out, _err = run(capsys, "fingerprint", str(ROSTER), "--bsdata", str(FIXTURES))
    event = tmp_path / "cup.event.yaml"
    event.write_text(EVENT.replace("FINGERPRINT", out.split()[0]), encoding="utf-8")
    return event


def test_an_event_checks_rosters_by_game_system_catalogues_and_its_limit(
        capsys, tmp_path: Path, lists: Path) -> None:
    event = _event(tmp_path, capsys)
    code, out, _err = run(capsys, "event", str(event), str(lists / "road.ros"),
                          str(lists / "soimi.warband.yaml"), "--bsdata", str(FIXTURES),
                          "--format", "json")
    assert code == 1
    report = json.loads(out)
    rows = {Path(r["path"]).name: r for r in report["files"]}
    road = rows["road.ros"]
    assert road["players"] == ["Ana"] and road["points_limit"] == 100
    assert [f["rule"] for f in road["findings"]] == ["bs-cost-limit"]
    soimi = {f["rule"] for f in rows["soimi.warband.yaml"]["findings"]}
    assert {"event-system", "event-faction", "list-not-registered"} <= soimi
    assert report["missing"] == [{"player": "Bea", "fingerprint": "AAAA-AAAA"}]
    code, out, _err = run(capsys, "event", str(event), str(lists / "road.ros"), "--bsdata",
                          str(FIXTURES), "--format", "csv")
    (row,) = list(csv.DictReader(io.StringIO(out.lstrip("\ufeff"))))[:1]
    assert (row["player"], row["faction"], row["points"], row["rules"]) == (
        "Ana", "Test Wanderers", "106", "bs-cost-limit")


def test_an_event_anonymises_rosters_and_lists_their_entries(capsys, tmp_path: Path,
                                                             lists: Path) -> None:
    event = _event(tmp_path, capsys)
    page = tmp_path / "cup.html"
    code, _out, _err = run(capsys, "event", str(event), str(lists / "road.ros"), "--bsdata",
                           str(FIXTURES), "--format", "html", "-o", str(page), "--anonymise")
    assert code == 1
    html = page.read_text(encoding="utf-8")
    assert "List 1" in html and "road.ros" not in html and "Ana" not in html
    assert "3× Trooper" in html and "Points 106/100, Fuel 1" in html


def test_an_event_of_a_battlescribe_game_needs_its_data(capsys, tmp_path: Path,
                                                        lists: Path) -> None:
    event = _event(tmp_path, capsys)
    code, out, err = run(capsys, "event", str(event), str(lists))
    assert code == 2 and out == ""
    assert "unknown game system 'ts-sys'" in err


@pytest.mark.skipif(not PHALANX.is_dir(), reason="../shared/battlescribe is not here")
def test_the_phalanx_sample_validates_with_battlescribes_costs(capsys) -> None:
    code, out, _err = run(capsys, "validate", str(PHALANX / "Test Roster 1.ros"), "--bsdata",
                          str(PHALANX), "--format", "json")
    assert code == 0
    (row,) = json.loads(out)["files"]
    assert (row["points"], row["points_limit"]) == (114, 200)
    assert [(c["name"], c["value"], c["limit"]) for c in row["costs"]] == [
        ("Points", 114, 200), ("Fuel", 32, None)]


def test_a_rosters_words_are_spanish_and_its_data_as_written(capsys) -> None:
    code, out, _err = run(capsys, "--lang", "es", "text", str(ROSTER), "--bsdata",
                          str(FIXTURES))
    assert code == 0
    assert "✔ Legal según los datos del juego" in out and "Huella: " in out
    assert "1 × Old Marta (Captain) · 50 Points" in out  # the data's names, untranslated
    code, out, _err = run(capsys, "--lang", "es", "validate", str(ROSTER), "--bsdata",
                          str(FIXTURES), "--points", "100")
    assert code == 1 and "Points 106/100, Fuel 1, ILEGAL" in out


def test_an_events_pack_prints_a_rosters_sheet_as_checked(capsys, tmp_path: Path,
                                                          lists: Path) -> None:
    event = _event(tmp_path, capsys)
    pack = tmp_path / "pack.pdf"
    code, _out, _err = run(capsys, "event", str(event), str(lists / "road.ros"), "--bsdata",
                           str(FIXTURES), "--pack", str(pack), "--anonymise")
    assert code == 1
    text = pdf_text(pack.read_bytes())
    assert "List 1" in text and "Road Wardens" not in text and "Campaign week 3" not in text
    assert "Old Marta" not in text and "Captain" in text
    assert "Roster is over the Points limit by 6Points" in text  # under the event's limit
    assert "Trooper" in text


def test_a_modifiers_info_message_reads_as_a_note_everywhere(capsys, tmp_path: Path) -> None:
    """SPEC §10: a modifier's ``info`` message is a finding of severity info. The sheet
    printed it as "[warning]"; it reads as a note on the sheet, in ``text`` and in
    ``validate``, and the warning stays a warning."""
    data = tmp_path / "data"
    data.mkdir()
    for name in ("test-skirmish.gst", "test-library.cat"):
        shutil.copy(FIXTURES / name, data / name)
    faction = (FIXTURES / "test-faction.cat").read_text(encoding="utf-8")
    captain = '<selectionEntry id="ts-captain" name="Captain" type="unit"'
    start = faction.index(captain)
    at = faction.index("<categoryLinks>", start)
    faction = faction[:at] + (
        '<modifiers><modifier type="set" field="info" value="Test info: the captain leads"/>'
        '<modifier type="set" field="warning" value="Test warning: mind the banner"/>'
        "</modifiers>") + faction[at:]
    (data / "test-faction.cat").write_text(faction, encoding="utf-8")
    roster = str(ROSTER)
    code, out, _err = run(capsys, "validate", roster, "--bsdata", str(data))
    assert code == 0, out  # neither is an error
    assert "    note: Test info: the captain leads" in out
    assert "    warning: Test warning: mind the banner" in out
    code, out, _err = run(capsys, "text", roster, "--bsdata", str(data))
    assert code == 0
    assert "note: Test info: the captain leads" in out
    assert "warning: Test warning: mind the banner" in out
    pdf = tmp_path / "sheet.pdf"
    code, _out, err = run(capsys, "export", roster, "--bsdata", str(data), "-o", str(pdf))
    assert code == 0, err
    sheet = " ".join(pdf_text(pdf.read_bytes()).split())
    assert "Test info: the captain leads [note]" in sheet, sheet[:600]
    assert "Test warning: mind the banner [warning]" in sheet
