"""The organiser's event dialog checks BattleScribe rosters as ``spherewars event`` does
(issue 39 item 7): an event of a BattleScribe game (its system and catalogues installed), its
cost limit replacing each roster's own, fingerprints and registrations, the anonymised
report and list pack; and File → Check against event… on an open roster."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from builder.battlescribe import load_data_set
from builder.battlescribe.engine.editing import Editor
from builder.bsdata.adding import Adder
from builder.data import Catalogue
from builder.document.roster import RosterList
from builder.gui.dialogs.event_lists import EventDialog
from builder.gui.mainwindow.event_check import installed_games
from tests.battlescribe.helpers import FIXTURES

MERCENARIES = FIXTURES / "mercenaries"


def roster(path: Path, name: str, *entries: str) -> str:
    """A Test Reavers roster (its Captain, 60 gold crowns, and ``entries``) saved to
    ``path``; its fingerprint."""
    data = load_data_set(sorted(MERCENARIES.iterdir()))
    doc = RosterList(data, Editor(data, name))
    force = doc.add_force("tm-fe-warband", "tm-reavers")
    for entry in entries:
        doc.select(force, entry)
    doc.save(path)
    return doc.fingerprint()


@pytest.fixture
def event(user_dir: Path, tmp_path: Path) -> tuple[Path, Path]:
    Adder().add([str(MERCENARIES)])
    lists = tmp_path / "lists"
    lists.mkdir()
    ana = roster(lists / "ana.ros", "Grey Reavers", "tm-champion")  # 95: within 100
    roster(lists / "bo.rosz", "Gold Reavers", "tm-champion", "tm-warriors")  # 120: over
    path = tmp_path / "cup.event.yaml"
    path.write_text(f"""\
schema: spherewars-event/1
name: Reaver Cup
system: tm-sys
points_limit: 100
factions: [tm-reavers]
lists:
  - {{player: Ana, fingerprint: {ana}}}
  - {{player: Cai, fingerprint: AAAA-AAAA}}
""", encoding="utf-8")
    return path, lists


def table(dialog: EventDialog) -> dict[str, list[str]]:
    proxy = dialog.proxy
    rows = [[proxy.index(r, c).data() or "" for c in range(proxy.columnCount())]
            for r in range(proxy.rowCount())]
    return {row[2] or row[1]: row for row in rows}


def test_the_event_dialog_checks_rosters(qtbot: Any, catalogue: Catalogue, event: Any,
                                         tmp_path: Path) -> None:
    path, lists = event
    dialog = EventDialog(catalogue, games=installed_games)
    qtbot.addWidget(dialog)
    dialog.lists_edit.setText(str(lists))
    assert dialog.set_event_file(path), dialog.status.text()
    rows = table(dialog)
    assert set(rows) == {"Grey Reavers", "Gold Reavers", "Cai"}
    grey, gold = rows["Grey Reavers"], rows["Gold Reavers"]
    assert (grey[1], grey[3], grey[5], grey[6]) == ("Ana", "legal", "Test Reavers", "95")
    assert gold[3] == "ILLEGAL" and gold[6] == "120"
    assert "over the Gold Crowns limit by 20" in gold[4]  # the event's 100, not its 500
    assert "not among the 2 lists registered" in gold[4]
    assert rows["Cai"][3] == "missing"
    # anonymised: nobody named in the report nor in the list pack
    dialog.anonymise_box.setChecked(True)
    assert {r[1] for r in table(dialog).values()} <= {"List 1", "List 2", "List 3", ""}
    page, pack = tmp_path / "cup.html", tmp_path / "cup.pdf"
    assert dialog.export(page, "html") and dialog.export(pack, "pdf")
    html = page.read_text(encoding="utf-8")
    assert "Grey Reavers" not in html and "Ana" not in html and "ana.ros" not in html
    assert pack.read_bytes().startswith(b"%PDF")


def test_an_open_roster_is_checked_against_an_event(window: Any, event: Any) -> None:
    path, lists = event
    assert window.files.load_path(lists / "bo.rosz", confirmed=True)
    window.prompter.script("event_path", str(path))
    assert window.act.check_event.isEnabled()
    window.act.check_event.trigger()
    doc = window.roster_editor.doc
    assert doc.tournament is not None and doc.tournament.name == "Reaver Cup"
    assert [c.limit for c in doc.costs()][:1] == [100]
    assert "Reaver Cup" in window.windowTitle()
    assert any(f.rule == "list-not-registered" for f in doc.report.findings)
    window.act.clear_event.trigger()
    assert doc.tournament is None and doc.costs()[0].limit == 500
