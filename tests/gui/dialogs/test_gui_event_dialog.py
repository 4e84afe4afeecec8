"""File → Check lists against event…: a folder and pasted share codes against an event, the
whole event's table (player, list, verdict, findings, missing players), sortable, exported as
CSV and HTML (issue 30 item 1)."""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMenu

from builder.data import Catalogue, save_warband
from builder.data.fingerprint import list_fingerprint
from builder.data.share import encode_warband
from builder.gui.dialogs.event_lists import EventDialog
from builder.model import Entry, Warband

EVENT = """\
schema: spherewars-event/1
name: Copa de Saphir
system: spherewars-1e
points_limit: 400
factions: [soimi]
"""


def soimi(name: str, *entries: tuple[str, int]) -> Warband:
    return Warband(name=name, faction="soimi", points_limit=400,
                   entries=[Entry(combatant=c, count=n) for c, n in entries])


ENSARTADORES = soimi("Ensartadores", ("nek-org", 1), ("tir-abe", 1))
ALONE = soimi("Nek'Org solo", ("nek-org", 1))
CROWD = soimi("Demasiados", ("nek-org", 1), ("tir-abe", 6))


def setup_event(tmp_path: Path) -> tuple[Path, Path, str]:
    lists = tmp_path / "lists"
    lists.mkdir()
    save_warband(ENSARTADORES, lists / "ana.warband.yaml")
    save_warband(CROWD, lists / "bo.yml")
    event = tmp_path / "copa.event.yaml"
    event.write_text(EVENT + "lists:\n" + "".join(
        f"  - {{player: {p}, fingerprint: {list_fingerprint(w)}}}\n"
        for p, w in (("Ana", ENSARTADORES), ("Bo", CROWD), ("Cai", ALONE),
                     ("Dana", soimi("x", ("tir-abe", 2))))), encoding="utf-8")
    mail = f"From: cai@example.org\nSubject: lista\n\nMi lista: {encode_warband(ALONE)}\n"
    return event, lists, mail


def table(dialog: EventDialog) -> list[list[str]]:
    proxy = dialog.proxy
    return [[proxy.index(r, c).data() or "" for c in range(proxy.columnCount())]
            for r in range(proxy.rowCount())]


def make(qtbot: Any, catalogue: Catalogue) -> EventDialog:
    dialog = EventDialog(catalogue)
    qtbot.addWidget(dialog)
    return dialog


def test_folder_and_pasted_codes_make_the_whole_table(qtbot: Any, catalogue: Catalogue,
                                                      tmp_path: Path):
    event, lists, mail = setup_event(tmp_path)
    dialog = make(qtbot, catalogue)
    dialog.ask_event_file = lambda: str(event)  # type: ignore[method-assign]
    dialog.ask_folder = lambda: str(lists)  # type: ignore[method-assign]
    qtbot.mouseClick(dialog.findChild(type(dialog.check_button), "choose-event"),
                     Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.findChild(type(dialog.check_button), "choose-folder"),
                     Qt.MouseButton.LeftButton)
    dialog.codes_edit.setPlainText(mail)
    qtbot.mouseClick(dialog.check_button, Qt.MouseButton.LeftButton)

    rows = {r[1]: r for r in table(dialog)}
    assert set(rows) == {"Ana", "Bo", "Cai", "Dana"}
    assert rows["Ana"][2:4] == ["Ensartadores", "legal"]
    assert rows["Bo"][3] == "ILLEGAL" and "points" in rows["Bo"][4]
    assert rows["Cai"][2] == "Nek'Org solo" and rows["Cai"][8] == "pasted text#1"
    assert rows["Dana"][3] == "missing" and rows["Dana"][2] == ""
    assert "1 registered list missing" in dialog.status.text()
    assert dialog.windowTitle() == "Check lists against Copa de Saphir"

    # sortable by any column: the verdict, then back by player
    dialog.table.sortByColumn(3, Qt.SortOrder.AscendingOrder)
    verdicts = [r[3].casefold() for r in table(dialog)]
    assert verdicts == sorted(verdicts) and verdicts[0] == "illegal"
    dialog.table.sortByColumn(1, Qt.SortOrder.DescendingOrder)
    assert [r[1] for r in table(dialog)] == ["Dana", "Cai", "Bo", "Ana"]

    # exports: the CSV opens in a spreadsheet (BOM), the HTML is the page to publish
    out_csv, out_html = tmp_path / "copa.csv", tmp_path / "copa.html"
    dialog.ask_export_path = lambda form: str(out_csv if form == "csv" else out_html)  # type: ignore[method-assign]
    assert dialog.csv_button.isEnabled()
    qtbot.mouseClick(dialog.csv_button, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(dialog.html_button, Qt.MouseButton.LeftButton)
    raw = out_csv.read_text(encoding="utf-8")
    assert raw.startswith("\ufeff")
    players = [r["player"] for r in csv.DictReader(io.StringIO(raw[1:]))]
    assert sorted(players) == ["Ana", "Bo", "Cai", "Dana"]
    page = out_html.read_text(encoding="utf-8")
    assert "Ensartadores" in page and "<li>1× Nek&#x27;Org · 169 pts</li>" in page  # entries


def test_anonymised_export_names_nobody(qtbot: Any, catalogue: Catalogue, tmp_path: Path):
    event, lists, mail = setup_event(tmp_path)
    dialog = make(qtbot, catalogue)
    dialog.lists_edit.setText(str(lists))
    dialog.codes_edit.setPlainText(mail)
    assert dialog.set_event_file(event)
    dialog.anonymise_box.setChecked(True)
    assert {r[1] for r in table(dialog)} <= {f"List {n}" for n in range(1, 5)} | {""}
    out = tmp_path / "public.html"
    assert dialog.export(out, "html")
    page = out.read_text(encoding="utf-8")
    for secret in ("Ana", "Bo,", ">Bo<", "Cai", "Dana", "Ensartadores", "ana.warband",
                   "pasted"):
        assert secret not in page, secret


def test_a_broken_event_is_said_in_the_dialog(qtbot: Any, catalogue: Catalogue,
                                              tmp_path: Path):
    event = tmp_path / "bad.event.yaml"
    event.write_text(EVENT.replace("[soimi]", "[soimy]"), encoding="utf-8")
    dialog = make(qtbot, catalogue)
    assert not dialog.set_event_file(event)
    assert "did you mean 'soimi'" in dialog.status.text()
    assert dialog.proxy.rowCount() == 0 and not dialog.csv_button.isEnabled()


def test_the_file_menu_opens_it(qtbot: Any, window: Any):
    file_menu = next(a.menu() for a in window.menuBar().actions()
                     if a.text().replace("&", "") == "File")
    assert isinstance(file_menu, QMenu)
    action = next(a for a in file_menu.actions() if a.objectName() == "event-lists")
    action.trigger()
    dialog = window.findChild(EventDialog)
    assert dialog is not None and dialog.isVisible()
