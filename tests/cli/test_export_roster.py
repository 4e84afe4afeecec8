"""``spherewars export ROSTER.ros|.rosz --bsdata DIR -o OUT.pdf``: a BattleScribe roster's
sheet, opponent's copy and unit cards from the command line; what it says when the data is
not there or the output would replace the roster."""

from __future__ import annotations

import shutil
from pathlib import Path

from builder.cli import main
from tests.battlescribe.helpers import FIXTURES, zipped
from tests.export.helpers import pdf_reader, pdf_text

ROSTER = FIXTURES / "test-roster.ros"


def _run(*args: str) -> int:
    return main(["export", *args])


def test_a_roster_prints_its_sheet_and_cards_by_default(tmp_path, capsys) -> None:
    out = tmp_path / "out.pdf"
    assert _run(str(ROSTER), "--bsdata", str(FIXTURES), "-o", str(out)) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out} (roster sheet, unit cards)"
    text = pdf_text(out.read_bytes())
    assert "Road Wardens" in text and "Roster fingerprint DVFT-CT8M" in text
    assert "Upgrades: Ancient Banner" in text  # a card


def test_the_opponents_copy_alone_and_a_zipped_roster(tmp_path, capsys) -> None:
    rosz = tmp_path / "wardens.rosz"
    rosz.write_bytes(zipped("wardens.ros", ROSTER.read_bytes()))
    out = tmp_path / "copy.pdf"
    assert _run(str(rosz), "--bsdata", str(FIXTURES), "-o", str(out), "--opponent",
                "--page", "letter") == 0
    assert "(opponent's copy)" in capsys.readouterr().out
    data = out.read_bytes()
    assert len(pdf_reader(data).pages) == 1 and "OPPONENT'S COPY" in pdf_text(data)


def test_a_roster_whose_data_is_not_given_names_what_it_needs(tmp_path, capsys) -> None:
    out = tmp_path / "out.pdf"
    assert _run(str(ROSTER), "-o", str(out)) == 2
    err = capsys.readouterr().err
    assert "needs the game system 'Test Skirmish System' ('ts-sys') (revision 3)" in err
    assert not out.exists()


def test_a_broken_roster_is_file_line_column(tmp_path, capsys) -> None:
    bad = tmp_path / "bad.ros"
    bad.write_text("<roster>\n  <forces>\n</roster>\n", encoding="utf-8")
    assert _run(str(bad), "--bsdata", str(FIXTURES), "-o", str(tmp_path / "o.pdf")) == 2
    assert capsys.readouterr().err.startswith(f"{bad}:3:")


def test_the_roster_and_its_data_are_never_the_output(tmp_path, capsys) -> None:
    roster = tmp_path / "wardens.ros"
    shutil.copy(ROSTER, roster)
    assert _run(str(roster), "--bsdata", str(FIXTURES), "-o", str(roster), "--force") == 2
    assert roster.read_bytes() == ROSTER.read_bytes()
    target = FIXTURES / "test-skirmish.gst"
    assert _run(str(roster), "--bsdata", str(FIXTURES), "-o", str(target), "--force") == 2
    capsys.readouterr()


def test_the_message_in_spanish(tmp_path, capsys) -> None:
    out = tmp_path / "hoja.pdf"
    assert main(["--lang", "es", "export", str(ROSTER), "--bsdata", str(FIXTURES), "-o",
                 str(out), "--summary"]) == 0
    assert capsys.readouterr().out.strip() == f"escrito {out} (hoja de la lista)"
    text = pdf_text(out.read_bytes())
    assert "Huella de la lista DVFT-CT8M" in text


def test_a_copy_of_the_shared_folder_is_read_as_given(tmp_path) -> None:
    folder = tmp_path / "bsdata"
    folder.mkdir()
    for name in ("test-skirmish.gst", "test-library.cat", "test-faction.cat"):
        shutil.copy(FIXTURES / name, folder / name)
    assert _run(str(ROSTER), "--bsdata", str(folder), "-o", str(tmp_path / "o.pdf")) == 0
    assert Path(tmp_path / "o.pdf").stat().st_size > 1000


def test_installed_data_is_used_without_bsdata(tmp_path, user_dir, capsys) -> None:
    from tests.battlescribe.helpers import TEST_FILES

    assert main(["bsdata", "add", *map(str, TEST_FILES)]) == 0
    capsys.readouterr()
    out = tmp_path / "out.pdf"
    assert _run(str(ROSTER), "-o", str(out), "--summary") == 0
    assert "Roster fingerprint DVFT-CT8M" in pdf_text(out.read_bytes())
