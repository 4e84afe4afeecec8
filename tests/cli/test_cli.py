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
    assert "✘" in out and "332 points spent, the limit is 300" in out
    assert "[points-limit]" not in out  # players read the message; the JSON keeps the id
    # notes.txt is not a list: counted, not read (SPEC §6)
    assert out.strip().splitlines()[-2:] == ["2 lists: 1 legal, 1 illegal, 0 unreadable",
                                             "1 other file skipped"]


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
                      "power_gems": 0, "deployment_drop": 3,
                      "strategic_roll": 3},
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
    assert code == 1 and "Unknown faction 'test-faction'" in out
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
    assert code == 2 and "no *.yaml or *.yml files" in err


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
        f"{tmp_path / 'typo.yaml'}:9:19: PE must be an integer >= 0 "
        "(got the text 'lots')",
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


def test_a_missing_file_is_named_without_a_line_and_column(capsys, tmp_path: Path):
    """Issue 14: "no such file" has no place in the file to point at."""
    missing = tmp_path / "nope.warband.yaml"
    code, out, _ = run(capsys, "validate", str(missing), "--format", "json")
    assert code == 2
    assert json.loads(out)["files"][0]["error"] == f"{missing}: no such file"
    code, out, _ = run(capsys, "validate", str(missing))
    assert out.splitlines()[0] == f"✘ {missing}: no such file"


def test_json_lists_every_error_of_a_file_with_several(capsys, lists: Path):
    """Issue 14: ``error`` stays (SPEC §4); a file with several problems also gets
    ``errors``, one per problem, with its place; a file with one problem keeps SPEC's row."""
    broken = lists / "two.yaml"
    broken.write_text(BROKEN.replace("name: B\n", "name: B\npoints_limit: lots\n"))
    (lists / "one.yaml").write_text(BROKEN)
    code, out, _ = run(capsys, "validate", str(broken), str(lists / "one.yaml"),
                       "--format", "json")
    assert code == 2
    two, one = json.loads(out)["files"]
    assert two["error"].count("\n") == 1
    assert [(e["line"], e["column"]) for e in two["errors"]] == [(3, 15), (7, 12)]
    assert two["errors"][1]["message"].startswith("count must be")
    assert "errors" not in one


def test_event_json_lists_every_error_of_a_file_with_several(capsys, tmp_path: Path):
    from builder.cli import main as cli

    event = tmp_path / "event.yaml"
    event.write_text("schema: spherewars-event/1\nname: Test Cup\npoints_limit: 400\n")
    broken = tmp_path / "two.warband.yaml"
    broken.write_text(BROKEN.replace("name: B\n", "name: B\npoints_limit: lots\n"))
    code = cli(["event", str(event), str(broken), "--format", "json"])
    row = json.loads(capsys.readouterr().out)["files"][0]
    assert code == 2 and len(row["errors"]) == 2 and "error" in row


def test_a_misspelt_combatant_suggests_the_nearest(capsys, lists: Path):
    (lists / "a.warband.yaml").write_text(LEGAL.replace("nek-org", "nek-ogr"))
    code, out, _ = run(capsys, "validate", str(lists / "a.warband.yaml"))
    assert code == 1 and "did you mean 'nek-org'?" in out


def test_a_misspelt_value_of_a_fixed_set_suggests_the_nearest(capsys, tmp_path: Path):
    """``kind: txet`` reads as the misspelt key does: the closest valid value is named."""
    text = (Path(__file__).parents[2] / "resources" / "systems" / "torn.yaml").read_text("utf-8")
    assert "kind: text, required" in text
    system = tmp_path / "torn-typo.yaml"
    system.write_text(text.replace("kind: text, required", "kind: txet, required", 1)
                      .replace("\nid: torn\n", "\nid: torn-typo\n"), encoding="utf-8")
    code, out, _ = run(capsys, "check-data", str(system))
    assert code == 2
    assert "kind must be one of: number, pair, text (got the text 'txet'; did you mean " \
           "'text'?)" in out


def _actions(parser, prefix: str = "spherewars"):
    import argparse

    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _actions(sub, f"{prefix} {name}")
        elif not isinstance(action, (argparse._HelpAction, argparse._VersionAction)):
            yield prefix, action


def test_every_option_of_every_command_has_help_text():
    from builder.cli import build_parser

    found = list(_actions(build_parser()))
    assert len(found) > 30
    bare = [f"{where} {'/'.join(a.option_strings) or a.dest}" for where, a in found
            if not (a.help or "").strip() and a.dest != "command"]
    assert bare == []


@pytest.mark.parametrize(("kind", "system"), [
    ("faction", None), ("warband", None), ("system", None), ("event", None),
    ("faction", "spherewars-1e"), ("faction", "torn")])
def test_every_schema_property_has_a_description(capsys, kind: str, system: str | None):
    """Editors show a property's description on hover: every key of every format has one."""
    schema = _schema(capsys, kind, *(["--system", system] if system else []))
    bare: list[str] = []

    def walk(node, where: str) -> None:
        if isinstance(node, dict):
            for key, prop in (node.get("properties") or {}).items():
                if isinstance(prop, dict) and not str(prop.get("description", "")).strip():
                    bare.append(f"{where}.{key}")
            for key, child in node.items():
                walk(child, f"{where}/{key}")
        elif isinstance(node, list):
            for child in node:
                walk(child, where)

    walk(schema, kind)
    assert bare == []


def test_printing_commands_end_the_process_once_their_output_is_written(capsys, lists: Path,
                                                                        tmp_path: Path):
    """The entry point ends a printing command without the interpreter's tear-down; the
    commands that write files are left to end normally (their files closed and moved)."""
    left: list[int] = []
    assert main(["validate", str(lists), "--format", "json"], leave=left.append) == 1
    assert left == [1]
    assert main(["import", "not a code", "-o", str(tmp_path / "x.warband.yaml")],
                leave=left.append) == 2
    assert left == [1]  # (not called for a command that writes a file)
    capsys.readouterr()


def test_a_printing_command_writes_all_its_output_before_it_ends(tmp_path: Path):
    """A few hundred lists through the real entry point: every row reaches the pipe, and the
    status is the command's."""
    for i in range(300):
        (tmp_path / f"l{i:03d}.warband.yaml").write_text(LEGAL if i % 3 else OVER,
                                                         encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "builder", "validate", str(tmp_path),
                           "--format", "json"], capture_output=True, text=True, timeout=120)
    document = json.loads(proc.stdout)
    assert proc.returncode == 1
    assert document["summary"] == {"files": 300, "legal": 200, "illegal": 100,
                                   "unreadable": 0}
