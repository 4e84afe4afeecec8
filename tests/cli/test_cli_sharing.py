"""``spherewars fingerprint``, ``share``, ``import`` and ``text`` (SPEC §6 and §7)."""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from builder.data import Catalogue, load_warband
from builder.data.share import encode_warband
from tests.cli.test_cli import LEGAL, run
from tests.conftest import REPO, TEST_FACTIONS

EXAMPLES = REPO / "resources" / "examples"
ENSARTADORES = EXAMPLES / "soimi-legal-ensartadores.warband.yaml"


@pytest.fixture
def legal(tmp_path: Path) -> Path:
    path = tmp_path / "a.warband.yaml"
    path.write_text(LEGAL, encoding="utf-8")
    return path


# --- fingerprint --------------------------------------------------------------------------


def test_fingerprint_prints_one_line_per_list(capsys, legal: Path, tmp_path: Path):
    renamed = tmp_path / "b.warband.yaml"
    renamed.write_text(LEGAL.replace("Los Ensartadores", "Otro nombre")
                       .replace("points_limit: 400", "points_limit: 10"), encoding="utf-8")
    code, out, _ = run(capsys, "fingerprint", str(legal), str(renamed))
    assert code == 0
    assert out.splitlines() == [f"DJZD-MZMR  {legal}", f"DJZD-MZMR  {renamed}"]


def test_fingerprint_names_unreadable_files_and_exits_2(capsys, legal: Path, tmp_path: Path):
    broken = tmp_path / "broken.warband.yaml"
    broken.write_text("schema: spherewars-warband/1\nname: B\n", encoding="utf-8")
    code, out, err = run(capsys, "fingerprint", str(broken), str(tmp_path / "missing.yaml"),
                         str(legal))
    assert code == 2
    assert out.splitlines() == [f"DJZD-MZMR  {legal}"]  # the readable one is still printed
    assert f"{broken}:" in err and "missing required key 'entries'" in err
    assert f"{tmp_path / 'missing.yaml'}: no such file" in err


def test_fingerprint_of_a_folder(capsys):
    code, out, _ = run(capsys, "fingerprint", str(EXAMPLES))
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(list(EXAMPLES.glob("*.yaml")))
    assert all(re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}  .+", line)
               for line in lines)


# --- validate --format json ----------------------------------------------------------------


def test_validate_json_has_both_fingerprints_on_readable_lists(capsys, legal, tmp_path):
    unknown = tmp_path / "u.warband.yaml"
    unknown.write_text(LEGAL.replace("faction: soimi", "faction: nobody"), encoding="utf-8")
    broken = tmp_path / "x.warband.yaml"
    broken.write_text("name: [", encoding="utf-8")
    code, out, _ = run(capsys, "validate", "--format", "json", str(legal), str(unknown),
                       str(broken))
    assert code == 2
    files = {Path(f["path"]).name: f for f in json.loads(out)["files"]}
    soimi = Catalogue.load(user=False).data_fingerprint("soimi")
    assert re.fullmatch(r"\w{4}-\w{4}", soimi or "")
    assert (files["a.warband.yaml"]["fingerprint"],
            files["a.warband.yaml"]["data_fingerprint"]) == ("DJZD-MZMR", soimi)
    assert files["u.warband.yaml"]["data_fingerprint"] is None  # no data for that faction
    assert files["u.warband.yaml"]["fingerprint"] != "DJZD-MZMR"
    assert "fingerprint" not in files["x.warband.yaml"]


def test_data_fingerprint_follows_the_data_folder(capsys, tmp_path: Path):
    path = tmp_path / "t.warband.yaml"
    path.write_text("schema: spherewars-warband/1\nname: T\nfaction: test-faction\nentries:\n"
                    "  - combatant: test-leader\n    count: 1\n", encoding="utf-8")
    _, out, _ = run(capsys, "validate", "--format", "json", str(path), "--data",
                    str(TEST_FACTIONS))
    data = Catalogue.load([TEST_FACTIONS], user=False).data_fingerprint("test-faction")
    assert json.loads(out)["files"][0]["data_fingerprint"] == data


# --- share and import -----------------------------------------------------------------------


def test_share_prints_the_code_and_import_brings_the_list_back(capsys, tmp_path: Path):
    code, out, _ = run(capsys, "share", str(ENSARTADORES))
    assert code == 0 and out.startswith("SWB1.") and out.count("\n") == 1
    message = f"Hola! Mi lista para el sábado:\n\n{out.strip()}\n\n¿Qué os parece?"
    target = tmp_path / "imported.warband.yaml"
    code, out2, err = run(capsys, "import", message, "-o", str(target))
    assert (code, err) == (0, "")
    assert out2 == (f"wrote {target}: Los Ensartadores (soimi), 2 models, "
                    "fingerprint DJZD-MZMR\n")
    assert load_warband(target) == load_warband(ENSARTADORES)


def test_import_reads_a_file_holding_the_code(capsys, tmp_path: Path):
    chat = tmp_path / "chat.txt"
    chat.write_text(f"[19:02] ana: here {encode_warband(load_warband(ENSARTADORES))}\n"
                    "[19:03] bo: thanks!\n", encoding="utf-8")
    target = tmp_path / "out.warband.yaml"
    assert run(capsys, "import", str(chat), "-o", str(target))[0] == 0
    assert load_warband(target).name == "Los Ensartadores"


def test_import_reads_standard_input(capsys, tmp_path: Path, monkeypatch):
    code = encode_warband(load_warband(ENSARTADORES))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(code.encode())))
    target = tmp_path / "out.warband.yaml"
    assert run(capsys, "import", "-", "-o", str(target))[0] == 0
    assert target.exists()


def test_import_never_overwrites_without_force(capsys, tmp_path: Path):
    target = tmp_path / "mine.warband.yaml"
    target.write_text("my precious list", encoding="utf-8")
    code_text = encode_warband(load_warband(ENSARTADORES))
    code, _, err = run(capsys, "import", code_text, "-o", str(target))
    assert code == 2 and "already exists; give --force" in err
    assert target.read_text(encoding="utf-8") == "my precious list"
    assert run(capsys, "import", code_text, "-o", str(target), "--force")[0] == 0
    assert load_warband(target).name == "Los Ensartadores"


@pytest.mark.parametrize(("text", "says"), [
    ("no code in here", "no share code found"),
    ("SWB1.eNpVj8FKA0EMhl8lzKUWdkvbFcG9KeytVA", "cut short"),
    ("SWB1.eJyrVkrLz1eyUlAqzs9NVdJRSs7PSy0uzs9RslIozsgvyslMUarVUUpOLMrNzEtXslIqLU4tUq", "cut"),
])
def test_import_refuses_damaged_codes_with_exit_2(capsys, tmp_path: Path, text: str,
                                                   says: str):
    target = tmp_path / "out.warband.yaml"
    code, out, err = run(capsys, "import", text, "-o", str(target))
    assert code == 2 and out == ""
    assert err.startswith("spherewars: cannot import: ") and says in err
    assert not target.exists()


def test_import_names_a_file_without_a_code(capsys, tmp_path: Path):
    notes = tmp_path / "notes.txt"
    notes.write_text("nothing to see", encoding="utf-8")
    code, _, err = run(capsys, "import", str(notes), "-o", str(tmp_path / "o.yaml"))
    assert code == 2 and f"cannot import from {notes}: no share code found" in err


def test_import_of_an_unreadable_file_exits_2(capsys, tmp_path: Path):
    code, _, err = run(capsys, "import", str(tmp_path), "-o", str(tmp_path / "o.yaml"))
    assert code == 2 and "is a folder" in err


def test_share_of_a_broken_file_exits_2(capsys, tmp_path: Path):
    code, out, err = run(capsys, "share", str(tmp_path / "none.warband.yaml"))
    assert (code, out) == (2, "") and "no such file" in err


# --- text ---------------------------------------------------------------------------------


@pytest.mark.parametrize("style", ["plain", "markdown", "bbcode"])
def test_text_prints_the_list_for_posting(capsys, style: str):
    code, out, _ = run(capsys, "text", str(ENSARTADORES), "--style", style)
    assert code == 0
    assert "Los Ensartadores" in out and "Soimi" in out and "332/400 points" in out
    assert "Nek'Org" in out and "DJZD-MZMR" in out
    assert encode_warband(load_warband(ENSARTADORES)) in out


def test_text_of_an_illegal_list_names_the_problems(capsys):
    code, out, _ = run(capsys, "text", str(EXAMPLES / "soimi-illegal-points-limit.warband.yaml"))
    assert code == 0
    assert "NOT LEGAL: 1 problem" in out and "332 points spent, the limit is 300" in out
    assert "points-limit" not in out  # a player reads the message, not the rule's id


def test_text_output_imports_back(capsys, tmp_path: Path):
    _, out, _ = run(capsys, "text", str(ENSARTADORES), "--style", "bbcode")
    target = tmp_path / "back.warband.yaml"
    assert run(capsys, "import", out, "-o", str(target))[0] == 0
    assert load_warband(target) == load_warband(ENSARTADORES)


def test_text_with_a_bad_style_exits_2(capsys):
    assert run(capsys, "text", str(ENSARTADORES), "--style", "html")[0] == 2
