"""Outputs never overwrite inputs (issue 28, item 9): an output that is one of the files a
command reads is refused even with --force; an existing file that is not what the command
writes is replaced only with --force."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.cli import main
from builder.data import faction_text, save_warband
from tests.export import helpers as h

EVENT = "schema: spherewars-event/1\nname: Test Cup\n"


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    data = tmp_path / "data"
    data.mkdir()
    (data / "export-test.yaml").write_text(faction_text(h.faction([h.leader()])),
                                           encoding="utf-8")
    lists = tmp_path / "lists"
    lists.mkdir()
    for name in ("a", "b"):
        save_warband(h.warband([("test-chief", 1)], name=f"Test {name}"),
                     lists / f"{name}.warband.yaml")
    event = tmp_path / "cup.event.yaml"
    event.write_text(EVENT, encoding="utf-8")
    return {"data": data, "lists": lists, "a": lists / "a.warband.yaml",
            "b": lists / "b.warband.yaml", "event": event}


def run(capsys, *args: str) -> tuple[int, str]:
    code = main(list(args))
    return code, capsys.readouterr().err


def export(files: dict[str, Path], out: Path, *extra: str) -> list[str]:
    return ["export", str(files["a"]), "-o", str(out), "--data", str(files["data"]), *extra]


def event(files: dict[str, Path], *extra: str) -> list[str]:
    return ["event", str(files["event"]), str(files["lists"]), "--data", str(files["data"]),
            *extra]


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_export_over_its_own_list_is_refused_even_with_force(files, capsys, force) -> None:
    before = files["a"].read_bytes()
    code, err = run(capsys, *export(files, files["a"], *force))
    assert code == 2
    assert "is one of the files this command reads" in err
    assert files["a"].read_bytes() == before


def test_export_through_a_link_to_its_list_is_refused(files, capsys, tmp_path) -> None:
    link = tmp_path / "out.pdf"
    link.symlink_to(files["a"])
    before = files["a"].read_bytes()
    assert run(capsys, *export(files, link, "--force"))[0] == 2
    assert files["a"].read_bytes() == before


def test_export_over_a_faction_file_of_its_data_is_refused(files, capsys) -> None:
    target = files["data"] / "export-test.yaml"
    before = target.read_bytes()
    assert run(capsys, *export(files, target, "--force"))[0] == 2
    assert target.read_bytes() == before


def test_export_replaces_a_pdf_but_not_another_file_without_force(files, capsys,
                                                                  tmp_path) -> None:
    pdf = tmp_path / "old.pdf"
    pdf.write_bytes(b"%PDF-1.4 old")
    assert run(capsys, *export(files, pdf))[0] == 0
    assert pdf.read_bytes() != b"%PDF-1.4 old" and pdf.read_bytes().startswith(b"%PDF-")

    notes = tmp_path / "notes.txt"
    notes.write_text("my notes", encoding="utf-8")
    code, err = run(capsys, *export(files, notes))
    assert code == 2 and "is not a PDF; give --force to replace it" in err
    assert notes.read_text(encoding="utf-8") == "my notes"
    assert run(capsys, *export(files, notes, "--force"))[0] == 0
    assert notes.read_bytes().startswith(b"%PDF-")


def test_event_pack_over_a_submitted_list_is_refused(files, capsys) -> None:
    before = files["b"].read_bytes()
    code, err = run(capsys, *event(files, "--pack", str(files["b"]), "--force"))
    assert code == 2 and "is one of the files this command reads" in err
    assert files["b"].read_bytes() == before


def test_event_report_over_the_event_file_is_refused(files, capsys) -> None:
    code, err = run(capsys, *event(files, "-o", str(files["event"]), "--force"))
    assert code == 2 and "is one of the files this command reads" in err
    assert files["event"].read_text(encoding="utf-8") == EVENT


@pytest.mark.parametrize("form", ["text", "json", "csv", "html"])
def test_event_report_replaces_its_own_kind_only(files, capsys, tmp_path, form) -> None:
    out = tmp_path / f"report.{form}"
    assert run(capsys, *event(files, "--format", form, "-o", str(out)))[0] == 0
    assert run(capsys, *event(files, "--format", form, "-o", str(out)))[0] == 0  # again
    other = "json" if form != "json" else "csv"
    code, err = run(capsys, *event(files, "--format", other, "-o", str(out)))
    assert code == 2 and "give --force to replace it" in err


def test_event_report_and_pack_may_not_be_one_file(files, capsys, tmp_path) -> None:
    out = tmp_path / "both.pdf"
    code, err = run(capsys, *event(files, "-o", str(out), "--pack", str(out)))
    assert code == 2 and "is given for two outputs" in err
    assert not out.exists()


def test_import_over_the_file_it_reads_is_refused(files, capsys, tmp_path) -> None:
    from builder.data import load_warband
    from builder.data.share import encode_warband

    source = tmp_path / "codes.txt"
    source.write_text("code: " + encode_warband(load_warband(files["a"])), encoding="utf-8")
    before = source.read_bytes()
    code, err = run(capsys, "import", str(source), "-o", str(source), "--force")
    assert code == 2 and "is one of the files this command reads" in err
    assert source.read_bytes() == before
