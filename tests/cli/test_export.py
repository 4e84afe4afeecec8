"""``spherewars export``: exit codes, the --cards/--summary choice, page size, per-model."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main
from builder.data import faction_text, save_warband
from tests.export import helpers as h


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    data = tmp_path / "data"
    data.mkdir()
    faction = h.faction([h.leader(), h.combatant(1)])
    (data / "export-test.yaml").write_text(faction_text(faction), encoding="utf-8")
    listing = tmp_path / "list.warband.yaml"
    save_warband(h.warband([("test-chief", 1), ("test-trooper-1", 3)], name="Probadores"),
                 listing)
    return {"data": data, "list": listing, "out": tmp_path / "out.pdf"}


def _export(files: dict[str, Path], *extra: str) -> int:
    return main(["export", str(files["list"]), "-o", str(files["out"]), "--data",
                 str(files["data"]), *extra])


def _pages(path: Path) -> tuple[int, str]:
    data = path.read_bytes()
    return len(h.pdf_reader(data).pages), h.pdf_text(data)


def test_both_parts_when_no_flag_is_given(files, capsys) -> None:
    assert _export(files) == 0
    pages, text = _pages(files["out"])
    assert "Turn reference" in text and "Wounds" in text
    assert pages >= 2
    assert "wrote" in capsys.readouterr().out


def test_cards_only_and_summary_only(files) -> None:
    assert _export(files, "--cards") == 0
    pages, text = _pages(files["out"])
    assert pages == 1 and "Wounds" in text and "Turn reference" not in text
    assert _export(files, "--summary") == 0
    _pages_, text = _pages(files["out"])
    assert "Turn reference" in text and "Wounds" not in text
    assert _export(files, "--cards", "--summary") == 0
    _pages_, text = _pages(files["out"])
    assert "Turn reference" in text and "Wounds" in text


def test_page_size_and_per_model(files) -> None:
    assert _export(files, "--cards", "--page", "letter", "--per-model") == 0
    reader = h.pdf_reader(files["out"].read_bytes())
    assert float(reader.pages[0].mediabox.width) == pytest.approx(612)
    assert h.pdf_text(files["out"].read_bytes()).count("Wounds") == 4


def test_unreadable_list_exits_2_with_the_loaders_message(files, capsys) -> None:
    files["list"].write_text("schema: spherewars-warband/1\nname: X\nfaction: f\n"
                             "entries:\n  - combatant: a\n    count: lots\n", encoding="utf-8")
    assert _export(files) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"{files['list']}:6:")
    assert not files["out"].exists()


def test_missing_list_exits_2(files, capsys) -> None:
    files["list"].unlink()
    assert _export(files) == 2
    assert "no such file" in capsys.readouterr().err


def test_unwritable_output_exits_2(files, capsys) -> None:
    files["out"] = files["out"].parent / "no-such-folder" / "out.pdf"
    assert _export(files) == 2
    assert "cannot write" in capsys.readouterr().err


def test_bad_page_size_is_an_argument_error(files) -> None:
    with pytest.raises(SystemExit) as exit_:
        _export(files, "--page", "a5")
    assert exit_.value.code == 2


def test_unknown_faction_still_exports_the_sheet(files, capsys) -> None:
    save_warband(h.warband([("x", 1)], faction_id="elsewhere"), files["list"])
    assert _export(files) == 0
    _pages_, text = _pages(files["out"])
    assert "Unknown faction 'elsewhere'" in text
    assert "not in the loaded data" in capsys.readouterr().err
