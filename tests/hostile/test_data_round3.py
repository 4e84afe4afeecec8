"""Issue 28, round 3, in data files: duplicate ids across folders, text limits in system
files, references checked at load, dates as written, and file text in command-line messages.
Each test builds the hostile input the issue describes."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path

import pytest

from builder.cli import main
from builder.data import Catalogue
from builder.plumbing import paths
from tests.conftest import TEST_FACTIONS
from tests.hostile import helpers as h

GAME = """\
# TEST DATA ONLY: an invented game for the hostile tests.
schema: spherewars-system/1
id: test-game
name: Test game
source: Test source
stats:
  - {id: PTS, name: Points}
types:
  - {id: grunt, name: Grunt}
rules:
  - id: few-grunts
    count: {models: {}}
    at_most: 3
    message: "{amount} grunts"
"""
"""Line 3 is its id, 4 its name, 5 its source, 14 the rule's message; a key added is line 15."""


def _game(path: Path, **lines: str) -> Path:
    """GAME written to ``path``, each top-level ``key:`` line given replaced (or added)."""
    text = GAME
    for key, value in lines.items():
        old = next((line for line in text.splitlines() if line.startswith(f"{key}:")), None)
        text = text.replace(old, f"{key}: {value}") if old else text + f"{key}: {value}\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _line_of(path: Path, start: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if line.startswith(start))


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert h.no_terminal_control(out + err)
    return status, out, err


def _copy(source: Path, target: Path, **lines: str) -> Path:
    """``source`` copied to ``target``, each top-level ``key:`` line given replaced."""
    text = source.read_text(encoding="utf-8").splitlines()
    text = [next((f"{key}: {value}" for key, value in lines.items()
                  if line.startswith(f"{key}:")), line) for line in text]
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text("\n".join(text) + "\n", encoding="utf-8")
    return target


# --- 3. duplicate ids across data folders -----------------------------------------------------


def test_two_factions_with_one_id_in_data_folders_name_both_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = _copy(TEST_FACTIONS / "test-faction.yaml", tmp_path / "a" / "test-faction.yaml")
    second = _copy(TEST_FACTIONS / "test-faction.yaml", tmp_path / "b" / "copy.yaml",
                   name="Test copy")
    status, out, _err = _run(capsys, "check-data", str(first.parent), str(second.parent))
    assert status == 2
    assert (f"{second}:3:5: faction id 'test-faction' is already used by {first}: ids are "
            "unique across the loaded data") in out
    listed = tmp_path / "x.warband.yaml"
    listed.write_text(h.GOOD_LIST.format(n=1), encoding="utf-8")
    status, out, err = _run(capsys, "validate", str(listed), "--data", str(first.parent),
                            "--data", str(second.parent))
    assert status == 2  # the first stays; the mistake is reported, not silently settled
    assert f"{second}:3:5: faction id 'test-faction' is already used by {first}" in err
    assert "Test good list 1 (test-faction)" in out


def test_two_systems_with_one_id_in_one_folder_name_both_files(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = _game(tmp_path / "data" / "a.yaml")
    second = _game(tmp_path / "data" / "b.yaml", name="Test game again")
    status, out, _err = _run(capsys, "check-data", str(tmp_path / "data"))
    assert status == 2
    assert f"{second}:3:5: game system id 'test-game' is already used by {first}" in out


def test_a_given_folder_replaces_built_in_data_on_purpose_and_check_data_says_so(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    system = _copy(paths.systems_dir() / "torn.yaml", tmp_path / "data" / "my-torn.yaml")
    faction = _copy(paths.factions_dir() / "soimi.yaml", tmp_path / "data" / "my-soimi.yaml")
    status, out, err = _run(capsys, "check-data", str(tmp_path / "data"))
    assert status == 0, out
    assert (f"{system}:{_line_of(system, 'id:')}:5: note: game system 'torn' replaces the "
            f"built-in one ({paths.systems_dir() / 'torn.yaml'})") in out
    assert (f"{faction}:{_line_of(faction, 'id:')}:5: note: faction 'soimi' replaces the "
            "built-in one "
            f"({paths.factions_dir() / 'soimi.yaml'})") in out
    assert "2 data files checked: no problems" in err
    catalogue = Catalogue.load([tmp_path / "data"], user=False)
    assert catalogue.problems == [] and catalogue.files["soimi"] == faction


def test_the_same_folder_given_twice_is_not_a_duplicate(tmp_path: Path) -> None:
    folder = tmp_path / "data"
    _copy(TEST_FACTIONS / "test-faction.yaml", folder / "test-faction.yaml")
    (tmp_path / "link").symlink_to(folder)
    catalogue = Catalogue.load([folder, folder, tmp_path / "link"], user=False)
    assert catalogue.problems == []


# --- 4. text limits in system files -----------------------------------------------------------


@pytest.mark.parametrize(("key", "value", "says"), [
    ("name", "n" * 201, "4:7: name: is 201 characters long; at most 200 are allowed"),
    ("source", "s" * 20_001, "5:9: source: is 20,001 characters long; at most 20,000"),
    ("source", "s" * 5_000_000, "5:9: source: is 5,000,000 characters long"),
    ("name", "{en: ok, es: " + "n" * 201 + "}", "4:7: name: the 'es' text is 201 "
                                                "characters long"),
    ("list_name", '"A\\x07B"', "list_name: holds the control character \\x07"),
    ("parameters", "{\"x y\": 1}", "15:14: parameters: 'x y' is not a valid id"),
])
def test_text_limits_apply_in_system_files(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           key: str, value: str, says: str) -> None:
    path = _game(tmp_path / "game.yaml", **{key: value})
    status, out, _err = _run(capsys, "check-data", str(path))
    assert status == 2
    assert says in out, out
    assert len(out) < 2_000


@pytest.mark.parametrize(("message", "says"), [
    ("m" * 20_001, "14:14: message: is 20,001 characters long; at most 20,000 are allowed"),
    ("{en: x, es: " + "m" * 20_001 + "}", "14:14: message: the 'es' text is 20,001 "
                                          "characters long"),
])
def test_a_long_rule_message_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        message: str, says: str) -> None:
    path = tmp_path / "game.yaml"
    path.write_text(GAME.replace('"{amount} grunts"', message), encoding="utf-8")
    status, out, _err = _run(capsys, "check-data", str(path))
    assert status == 2
    assert f"{path}:{says}" in out, out


# --- 5. references checked at load ------------------------------------------------------------


def test_an_unknown_reference_is_an_error_at_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _game(tmp_path / "game.yaml", reference="nope")
    status, out, _err = _run(capsys, "check-data", str(path))
    assert status == 2
    assert f"{path}:15:12: reference must be one of: " in out
    assert "spherewars-1e" in out and "(got the text 'nope')" in out


def test_a_reference_that_does_not_suit_the_game_is_an_error_at_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """torn's reference prints a DEF dice pool on every card: a game without that stat
    failed every export (issue 28: check-data said no problems)."""
    path = _game(tmp_path / "game.yaml", reference="torn")
    status, out, _err = _run(capsys, "check-data", str(path))
    assert status == 2
    assert f"{path}:15:12: reference: the turn reference 'torn' does not suit this game: " \
        in out
    assert str(paths.reference_dir() / "torn.yaml") in out


def test_a_game_with_a_suitable_reference_loads(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = _game(tmp_path / "game.yaml", reference="spherewars-1e")
    assert _run(capsys, "check-data", str(path))[0] == 0


def _event(tmp_path: Path, capsys: pytest.CaptureFixture[str], lines: str, *options: str
           ) -> tuple[Path, int, str, str]:
    """``event`` run on an event file of ``lines`` (after its schema and name) and a good
    list: the event file, the status, the output and the errors."""
    event = tmp_path / "cup.event.yaml"
    event.write_text("schema: spherewars-event/1\nname: Test cup\n" + lines, encoding="utf-8")
    listed = tmp_path / "x.warband.yaml"
    listed.write_text(h.GOOD_LIST.format(n=1), encoding="utf-8")
    return (event, *_run(capsys, "event", str(event), str(listed), "--data",
                         str(TEST_FACTIONS), *options))


def test_an_event_names_only_loaded_factions(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    event, status, _out, err = _event(
        tmp_path, capsys, "factions: [test-factoin]\n"
        "data: {test-faction: AAAA-BBBB, \"\\e[2Jx\": AAAA-BBBB}\n")
    assert status == 2
    assert f"{event}:3:12: faction must be one of:" in err
    assert "(got the text 'test-factoin'; did you mean 'test-faction'?)" in err
    assert f"{event}:4:33: faction must be one of:" in err and "'\\e[2Jx'" in err


# --- 6. dates as written ----------------------------------------------------------------------


@pytest.mark.parametrize(("written", "says"), [
    ("0", "date: expected a date written as YYYY-MM-DD, like 2027-03-14 (got the number 0)"),
    ("20270314", "date: expected a date written as YYYY-MM-DD, like 2027-03-14 (got the "
                 "number 20270314)"),
    ("'2027-3-14'", "date: expected a date written as YYYY-MM-DD, like 2027-03-14 (got the text "
     "'2027-3-14')"),
    ("2027-W11-1", "date: expected a date written as YYYY-MM-DD, like 2027-03-14 (got the text "
     "'2027-W11-1')"),
    ("2027-03-14T10:00", "date: expected a date written as YYYY-MM-DD, like 2027-03-14 (got "
                         "the text '2027-03-14T10:00')"),
    ("2027-02-30", "date: the text '2027-02-30' is not a date of the calendar"),
])
def test_a_date_is_read_only_as_written(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        written: str, says: str) -> None:
    event, status, _out, err = _event(tmp_path, capsys, f"date: {written}\n")
    assert status == 2
    assert f"{event}:3:7: {says}" in err


def test_a_date_as_written_reads(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _event_file, status, out, _err = _event(tmp_path, capsys, "date: 2027-03-14\n",
                                            "--format", "json")
    assert status == 0
    assert json.loads(out)["event"]["date"] == "2027-03-14"


# --- 7. file text in command-line messages ----------------------------------------------------


def _code(document: dict[str, object]) -> str:
    raw = zlib.compress(json.dumps(document).encode())
    return "SWB1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


def test_imports_wrote_line_is_one_line_whatever_the_name(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    name = "Evil\n✔ forged.warband.yaml: legal\tlist"
    out_file = tmp_path / "x.warband.yaml"
    status, out, _err = _run(capsys, "import", _code({"name": name, "faction": "soimi",
                                                      "entries": []}), "-o", str(out_file))
    assert status == 0
    assert out.count("\n") == 1
    assert out.startswith(f"wrote {out_file}: Evil\\n✔ forged.warband.yaml: legal\\tlist "
                          "(soimi), 0 models")


def test_paths_and_names_in_messages_are_escaped(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    odd = tmp_path / "odd\x1b[2J\nname"
    odd.mkdir()
    status, _out, err = _run(capsys, "validate", str(odd))
    assert status == 2
    assert "odd\\e[2J\\nname" in err and err.count("\n") == 1
    existing = tmp_path / "there\nyes.warband.yaml"
    existing.write_text("x", encoding="utf-8")
    status, _out, err = _run(capsys, "import", _code({"name": "A", "faction": "soimi",
                                                      "entries": []}), "-o", str(existing))
    assert status == 2
    assert "there\\nyes.warband.yaml already exists" in err and err.count("\n") == 1


def test_the_event_text_report_keeps_each_list_on_its_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = tmp_path / "cup.event.yaml"
    event.write_text("schema: spherewars-event/1\nname: Test cup\n", encoding="utf-8")
    listed = tmp_path / "x.warband.yaml"
    listed.write_text(h.GOOD_LIST.format(n=1).replace(
        "Test good list 1", '"A\\n✔ forged: legal"'), encoding="utf-8")
    status, out, _err = _run(capsys, "event", str(event), str(listed), "--data",
                             str(TEST_FACTIONS))
    assert status == 0
    assert "A\\n✔ forged: legal (test-faction)" in out
    assert not any(line.startswith("✔ forged") for line in out.splitlines())


def test_the_built_in_data_still_loads() -> None:
    """(The checks above leave the shipped data as it was: nothing of it is refused.)"""
    catalogue = Catalogue.load(user=False, cached=False)
    assert catalogue.problems == [] and catalogue.replaced == []
