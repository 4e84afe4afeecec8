"""``import --all``: every share code of a text written as list files (issue 30: the
organiser imported one player's code per run)."""

from __future__ import annotations

from pathlib import Path

from builder.cli.import_all import file_name
from builder.data import load_warband
from builder.data.fingerprint import list_fingerprint
from builder.data.share import encode_warband
from tests.events.test_event import run
from tests.events.test_event_registrations import mail_export
from tests.helpers import warband


def test_every_code_of_a_mail_export_becomes_a_file(tmp_path: Path, capsys):
    lists = [warband([("test-leader", 1)], name="Ana's list"),
             warband([("test-leader", 1), ("test-grunt", 2)], name="Bo\nforged line"),
             warband([("test-captain", 1)], name="Cai")]
    mbox = mail_export(tmp_path / "inbox.mbox", [encode_warband(w) for w in lists]
                       + ["SWB1.damaged"])
    out = tmp_path / "imported"
    code, stdout, err = run(capsys, "import", str(mbox), "--all", "-o", str(out))
    assert code == 2  # the damaged code is named; the others are written all the same
    assert f"{mbox}#5: the share code is damaged" in err
    files = sorted(p.name for p in out.iterdir())
    # the third code is a quoted reply repeating the first: written once
    assert files == ["01-ana-s-list.warband.yaml", "02-bo-forged-line.warband.yaml",
                     "04-cai.warband.yaml"]
    for path, original in zip(sorted(out.iterdir()), lists, strict=True):
        assert list_fingerprint(load_warband(path)) == list_fingerprint(original)
        assert load_warband(path).name == original.name
    assert "Bo\\nforged line" in stdout and "\nforged line" not in stdout  # one line each
    assert stdout.splitlines()[-1] == f"3 lists written to {out}"
    # nothing replaced without --force
    code, _, err = run(capsys, "import", str(mbox), "--all", "-o", str(out))
    assert code == 2 and "already exists; give --force" in err
    code, _, _ = run(capsys, "import", str(mbox), "--all", "-o", str(out), "--force")
    assert code == 2 and len(list(out.iterdir())) == 3  # (still the damaged one)


def test_file_names_are_plain():
    assert file_name(3, "../../etc/passwd") == "03-etc-passwd.warband.yaml"
    assert file_name(12, "龍の戦団") == "12-龍の戦団.warband.yaml"
    assert file_name(1, "  ") == "01-warband.warband.yaml"
