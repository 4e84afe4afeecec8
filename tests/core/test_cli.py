"""The `spherewars` command line (SPEC §4): exit codes, text and JSON output."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from builder.cli import main
from builder.data import Catalogue
from tests.conftest import TEST_DATA, TEST_FACTIONS

LEGAL = ("schema: spherewars-warband/1\nname: Los Ensartadores\nfaction: soimi\n"
         "points_limit: 400\nentries:\n  - combatant: nek-org\n    count: 1\n"
         "  - combatant: tir-abe\n    count: 1\n")
OVER = LEGAL.replace("points_limit: 400", "points_limit: 300").replace("Los Ens", "Over")
BROKEN = "schema: spherewars-warband/1\nname: B\nfaction: soimi\nentries:\n  - combatant: x\n" \
         "    count: 0\n"


@pytest.fixture
def lists(tmp_path: Path) -> Path:
    folder = tmp_path / "lists"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.warband.yaml").write_text(LEGAL, encoding="utf-8")
    (folder / "sub" / "b.warband.yaml").write_text(OVER, encoding="utf-8")
    (folder / "notes.txt").write_text("not a list")
    return folder


def run(capsys, *args: str) -> tuple[int, str, str]:
    try:
        code = main(list(args))
    except SystemExit as exc:  # argparse
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_legal_list_exits_0(capsys, lists: Path):
    code, out, _ = run(capsys, "validate", str(lists / "a.warband.yaml"))
    assert code == 0
    assert out.splitlines()[0] == (f"✔ {lists / 'a.warband.yaml'}: Los Ensartadores (soimi), "
                                   "332/400 pts, legal")


def test_illegal_list_exits_1_with_its_problems(capsys, lists: Path):
    code, out, _ = run(capsys, "validate", str(lists))
    assert code == 1
    assert "✘" in out and "332 points spent, the limit is 300 [points-limit]" in out
    assert out.strip().splitlines()[-1] == "2 lists: 1 legal, 1 illegal, 0 unreadable"


def test_points_override(capsys, lists: Path):
    assert run(capsys, "validate", str(lists), "--points", "332")[0] == 0
    assert run(capsys, "validate", str(lists), "--points", "331")[0] == 1


def test_broken_file_exits_2_and_the_others_are_still_checked(capsys, lists: Path):
    (lists / "broken.yaml").write_text(BROKEN)
    code, out, _ = run(capsys, "validate", str(lists), "--format", "json")
    assert code == 2
    doc = json.loads(out)
    assert doc["summary"] == {"files": 3, "legal": 1, "illegal": 1, "unreadable": 1}
    broken = next(f for f in doc["files"] if f["path"].endswith("broken.yaml"))
    assert broken == {"path": str(lists / "broken.yaml"), "legal": False,
                      "error": f"{lists / 'broken.yaml'}:6:12: count must be an integer >= 1 "
                               "(got the number 0)"}


def test_json_shape_matches_the_spec(capsys, lists: Path):
    code, out, _ = run(capsys, "validate", str(lists / "sub"), "--format", "json")
    assert code == 1
    doc = json.loads(out)
    assert doc == {
        "files": [{
            "path": str(lists / "sub" / "b.warband.yaml"), "name": "Overartadores",
            "faction": "soimi", "legal": False, "points": 332, "points_limit": 300,
            "stats": {"models": 2, "messengers": 0, "messenger_cap": 5, "orders": 5,
                      "power_gems": 0, "deployment_drop": 3},
            "findings": [{"rule": "points-limit", "severity": "error",
                          "message": "332 points spent, the limit is 300",
                          "amount": 332, "bound": 300}],
            "fingerprint": "DJZD-MZMR",  # worked by hand in test_fingerprint.py
            "data_fingerprint": Catalogue.load(user=False).data_fingerprint("soimi")}],
        "summary": {"files": 1, "legal": 0, "illegal": 1, "unreadable": 0}}


def test_data_folder_adds_factions(capsys, tmp_path: Path):
    path = tmp_path / "t.warband.yaml"
    path.write_text("schema: spherewars-warband/1\nname: T\nfaction: test-faction\nentries:\n"
                    "  - combatant: test-leader\n    count: 1\n")
    code, out, _ = run(capsys, "validate", str(path))
    assert code == 1 and "unknown-faction" in out
    assert run(capsys, "validate", str(path), "--data", str(TEST_FACTIONS))[0] == 0


def test_broken_faction_data_exits_2_but_lists_are_checked(capsys, tmp_path: Path, lists):
    data = tmp_path / "data"
    data.mkdir()
    (data / "bad.yaml").write_text("schema: spherewars-faction/1\nid: bad\nname: Bad\n")
    code, out, err = run(capsys, "validate", str(lists / "a.warband.yaml"), "--data", str(data))
    assert code == 2
    assert "✔" in out
    assert f"{data / 'bad.yaml'}:1:1: missing required key 'combatants'" in err


@pytest.mark.parametrize("args", [["validate"], ["validate", "x", "--points", "lots"],
                                  ["validate", "x", "--format", "xml"], ["frobnicate"],
                                  ["schema", "army"]])
def test_wrong_arguments_exit_2(capsys, args):
    assert run(capsys, *args)[0] == 2


def test_missing_path_exits_2(capsys, tmp_path: Path):
    code, out, _ = run(capsys, "validate", str(tmp_path / "nope.warband.yaml"))
    assert code == 2 and "no such file" in out


def test_empty_folder_exits_2(capsys, tmp_path: Path):
    code, _, err = run(capsys, "validate", str(tmp_path))
    assert code == 2 and "no *.yaml files" in err


def test_check_data_builtin_is_clean(capsys):
    code, out, err = run(capsys, "check-data")
    assert code == 0 and out == "" and "no problems" in err


def test_check_data_prints_every_problem(capsys, tmp_path: Path):
    (tmp_path / "good.yaml").write_text((TEST_FACTIONS / "test-faction.yaml").read_text("utf-8"),
                                        encoding="utf-8")
    (tmp_path / "typo.yaml").write_text(
        "schema: spherewars-faction/1\nid: typo\nname: Typo\ncombatants:\n  - id: a\n"
        "    name: A\n    type: leader\n    sqaud: true\n    profile: {PE: lots}\n")
    (tmp_path / "bin.yaml").write_bytes(b"\xff\xfe\x00")
    code, out, _ = run(capsys, "check-data", str(tmp_path))
    assert code == 2
    assert out.splitlines() == [
        f"{tmp_path / 'bin.yaml'}:1:1: not valid UTF-8 text (byte 0xff); is this a binary file?",
        f"{tmp_path / 'typo.yaml'}:8:5: unknown key 'sqaud' (did you mean 'squad'?)",
        f"{tmp_path / 'typo.yaml'}:9:19: PE must be an integer >= 0 (got the text 'lots')",
    ]


@pytest.mark.parametrize("kind", ["faction", "warband"])
def test_schema_is_json_schema(capsys, kind: str):
    code, out, _ = run(capsys, "schema", kind)
    schema = json.loads(out)
    assert code == 0
    assert schema["$schema"].startswith("https://json-schema.org/")
    assert schema["additionalProperties"] is False
    assert "schema" in schema["properties"] and "name" in schema["required"]


def test_installed_command_and_module_do_not_load_qt_or_reportlab(tmp_path: Path):
    path = tmp_path / "a.warband.yaml"
    path.write_text(LEGAL, encoding="utf-8")
    code = (f"import sys; from builder.cli import main; rc = main(['validate', {str(path)!r}]); "
            "bad = [m for m in ('PySide6', 'reportlab') if m in sys.modules]; "
            "print(rc, bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().splitlines()[-1] == "0 []"
    module = subprocess.run([sys.executable, "-m", "builder", "validate", str(path)],
                            capture_output=True, text=True)
    assert module.returncode == 0 and "✔" in module.stdout


def test_spec_warband_example_validates(capsys):
    code, out, _ = run(capsys, "validate", str(TEST_DATA / "spec" / "example.warband.yaml"))
    assert code == 0
    assert "Los Ensartadores (soimi), 169/400 pts, legal" in out


def test_gui_command_hands_the_file_to_the_launcher(capsys):
    opened: list[str | None] = []
    assert main(["gui", "my.warband.yaml"], gui=lambda f: opened.append(f) or 0) == 0
    assert main([], gui=lambda f: opened.append(f) or 0) == 0
    assert opened == ["my.warband.yaml", None]
    assert main(["gui"]) == 2 and "not available" in capsys.readouterr().err


def _schema(capsys, kind: str, *options: str) -> dict:
    assert main(["schema", kind, *options]) == 0
    return json.loads(capsys.readouterr().out)


def test_faction_schema_checks_files_as_an_editor_would(capsys):
    """What VS Code's YAML extension does with the schema: shipped and SPEC files pass, a typo
    and a wrong type are flagged."""
    import jsonschema
    import yaml

    validator = jsonschema.Draft202012Validator(
        _schema(capsys, "faction", "--system", "spherewars-1e"))
    for path in [TEST_DATA / "spec" / "faction.yaml", TEST_FACTIONS / "test-faction.yaml",
                 *sorted((TEST_DATA.parent.parent / "factions").glob("*.yaml"))]:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        system = data.get("system", "spherewars-1e")  # each file against its own game's
        check = validator if system == "spherewars-1e" else jsonschema.Draft202012Validator(
            _schema(capsys, "faction", "--system", system))
        assert [e.message for e in check.iter_errors(data)] == [], path
    data = yaml.safe_load((TEST_DATA.parent.parent / "factions" / "soimi.yaml").read_text(
        encoding="utf-8"))
    data["combatants"][0]["sqaud"] = True
    data["combatants"][0]["profile"]["PE"] = "lots"
    messages = " ".join(e.message for e in validator.iter_errors(data))
    assert "'sqaud' was unexpected" in messages and "'lots'" in messages


def test_warband_schema_checks_lists(capsys):
    import jsonschema
    import yaml

    validator = jsonschema.Draft202012Validator(_schema(capsys, "warband"))
    data = yaml.safe_load((TEST_DATA / "spec" / "example.warband.yaml").read_text("utf-8"))
    assert list(validator.iter_errors(data)) == []
    data["entries"][0]["count"] = 0
    assert list(validator.iter_errors(data))
