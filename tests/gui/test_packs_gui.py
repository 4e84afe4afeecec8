"""Data packs in the app (SPEC §8): the packs dialog, what changed for the open list, a
dropped .swpack, the data report, File → New for a game without factions, the faction
editor's Export as pack."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication
from PySide6.QtWidgets import QApplication

from builder.data import Catalogue, load_warband
from builder.gui.dialogs.packs import PacksDialog
from builder.packs.fetch import Cancelled
from builder.packs.install import Installer
from builder.packs.store import Store
from tests.packs.helpers import PACK_ID, list_text, make_pack, serving, swpack


@pytest.fixture
def v1(tmp_path: Path, user_dir: Path) -> Path:
    return make_pack(tmp_path / "v1", "1.0.0", 169)


@pytest.fixture
def v2(tmp_path: Path) -> Path:
    return make_pack(tmp_path / "v2", "1.1.0", 165, changes="Test Boss 169 → 165 PE (errata)")


def run_task(qtbot: Any, dialog: PacksDialog, start: Any) -> Any:
    with qtbot.waitSignal(dialog.busy_done, timeout=20000):
        start()
    return dialog.last_result


def test_the_dialog_installs_lists_and_tells_the_changes(qtbot, v1: Path, v2: Path):
    dialog = PacksDialog()
    qtbot.addWidget(dialog)
    assert dialog.table.topLevelItemCount() == 0
    with qtbot.waitSignal(dialog.changed, timeout=20000):
        dialog.install(str(v1), str(v2))
    assert dialog.table.topLevelItemCount() == 1
    row = dialog.table.topLevelItem(0)
    assert [row.text(c) for c in range(6)] == ["Test pack", "1.1.0", "file or folder",
                                               "Test Author", "CC-BY-4.0", "test-pack-faction"]
    details = dialog.details.toPlainText()
    assert "1.1.0: Test Boss 169 → 165 PE (errata)" in details
    assert "1.0.0: version 1.0.0" in details
    # switch to the older version, then remove
    dialog.versions.setCurrentIndex(dialog.versions.findData("1.0.0"))
    with qtbot.waitSignal(dialog.changed):
        dialog.use_selected()
    assert Store().get(PACK_ID).active == "1.0.0"  # type: ignore[union-attr]
    assert "1.0.0 (chosen)" == dialog.table.topLevelItem(0).text(1)
    with qtbot.waitSignal(dialog.changed):
        assert dialog.remove_selected(confirm=lambda _id: True)
    assert Store().packs() == {}


def test_a_broken_pack_is_reported_and_nothing_changes(qtbot, v1: Path):
    (v1 / "factions" / "bad.yaml").write_text("schema: spherewars-faction/1\nid: [\n")
    dialog = PacksDialog()
    qtbot.addWidget(dialog)
    told: list[str] = []
    dialog.tell = lambda _title, text, _warning: told.append(text)
    with qtbot.assertNotEmitted(dialog.changed):
        run_task(qtbot, dialog, lambda: dialog.install(str(v1)))
    assert told and "factions/bad.yaml:3:1: not valid YAML" in told[0]
    assert Store().packs() == {}


def test_a_download_can_be_cancelled_and_the_window_keeps_working(qtbot, v1: Path):
    raw = swpack(v1)
    with serving() as server:
        url = server.stalling("slow.swpack", raw[:100], len(raw))
        dialog = PacksDialog(stall=20)
        qtbot.addWidget(dialog)
        with qtbot.waitSignal(dialog.busy_done, timeout=10000):
            with qtbot.waitSignal(dialog.progress_seen, timeout=10000):
                dialog.install(url)
            assert dialog.busy.isVisibleTo(dialog) and not dialog.file_button.isEnabled()
            dialog.cancel()
        assert isinstance(dialog.last_result, Cancelled)
        assert "Cancelled; nothing was installed." in dialog.status.text()
        assert not dialog.busy.isVisibleTo(dialog) and dialog.file_button.isEnabled()
    assert Store().packs() == {}


def test_update_all_from_the_index(qtbot, v1: Path, v2: Path):
    a, b = swpack(v1), swpack(v2)
    with serving() as server:
        server.file("a.swpack", a)
        index = server.index("index.yaml", [(PACK_ID, "1.0.0", a, "a.swpack")])
        Installer().install(index)
        server.file("b.swpack", b)
        server.index("index.yaml", [(PACK_ID, "1.0.0", a, "a.swpack"),
                                    (PACK_ID, "1.1.0", b, "b.swpack")])
        dialog = PacksDialog()
        qtbot.addWidget(dialog)
        assert dialog.table.topLevelItem(0).text(2) == index
        with qtbot.waitSignal(dialog.changed, timeout=20000):
            dialog.update_all()
    assert dialog.messages == [f"{PACK_ID}: 1.0.0 → 1.1.0"]
    assert dialog.table.topLevelItem(0).text(1) == "1.1.0"


def window_with_list(make_window: Any, pack: Path, folder: Path) -> tuple[Any, list[str]]:
    """A window with the pack installed and a list of its faction open; what the app says
    about the list after a data change is collected."""
    Installer().install(str(pack))
    lst = folder / "l.warband.yaml"
    lst.write_text(list_text(limit=400), encoding="utf-8")
    window = make_window(Catalogue.load())
    assert window.files.load_path(lst)
    told: list[str] = []
    window.packs.tell = lambda _title, text: told.append(text)
    return window, told


def test_after_an_update_the_app_says_what_changed_for_the_list(qtbot, make_window, v1, v2,
                                                                 tmp_path: Path):
    window, told = window_with_list(make_window, v1, tmp_path)
    dialog = window.packs.open_dialog()
    with qtbot.waitSignal(dialog.changed, timeout=20000):
        dialog.install(str(v2))
    assert told == ["Data updated: Test Boss: PE 169 → 165; this list is 4 PE cheaper and "
                    "still legal"]
    assert window.doc.report.stats.points == 165  # the list was checked again
    dialog.close()


def test_a_dropped_swpack_is_installed(qtbot, make_window, v1: Path, tmp_path: Path):
    pack = tmp_path / "dropped.swpack"
    pack.write_bytes(swpack(v1))
    window = make_window()
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(pack))])
    pos = window.rect().center()
    copy, left, none = (Qt.DropAction.CopyAction, Qt.MouseButton.LeftButton,
                        Qt.KeyboardModifier.NoModifier)
    enter = QDragEnterEvent(pos, copy, mime, left, none)
    QApplication.sendEvent(window, enter)
    drop = QDropEvent(QPointF(pos), copy, mime, left, none)
    QApplication.sendEvent(window, drop)
    assert enter.isAccepted() and drop.isAccepted()
    dialog = window.packs.dialog
    assert dialog is not None
    qtbot.waitUntil(lambda: Store().get(PACK_ID) is not None and dialog.task is None,
                    timeout=20000)
    assert "test-pack-faction" in window.doc.catalogue.factions
    dialog.close()


def test_copy_data_report(qtbot, make_window, v1: Path, tmp_path: Path):
    Installer().install(str(v1))
    lst = tmp_path / "l.warband.yaml"
    lst.write_text(list_text(), encoding="utf-8")
    window = make_window(Catalogue.load())
    assert window.files.load_path(lst)
    panel = window.catalogue_panel
    proxy = panel.proxy

    def rows(parent: Any) -> Any:
        for r in range(proxy.rowCount(parent)):
            index = proxy.index(r, 0, parent)
            yield index
            yield from rows(index)

    boss = next(i for i in rows(panel.view.rootIndex())
                if (c := proxy.combatant(i)) is not None and c.id == "test-boss")
    panel.view.setCurrentIndex(boss)
    text = window.packs.copy_report()
    assert QGuiApplication.clipboard().text() == text
    fingerprint = Store().get(PACK_ID).current().fingerprint  # type: ignore[union-attr]
    assert f"Pack: {PACK_ID} 1.0.0 (fingerprint {fingerprint})" in text
    assert "Faction: Test Pack Faction (test-pack-faction), data fingerprint " in text
    assert "Combatant: Test Boss (test-boss)" in text
    assert "List: SWB1." in text


def test_new_offers_a_game_without_factions_and_what_to_do(qtbot, make_window, user_dir):
    window = make_window(Catalogue.load(user=False))
    before = window.doc.warband
    window.prompter.script("choose", "torn")
    window.prompter.script("no_factions", "install")
    window.files.new_file()
    assert window.prompter.asked("no_factions") == [("Torn: hex skirmish",)]
    assert window.doc.warband is before  # no list of a game it cannot fill
    assert window.packs.dialog is not None and window.packs.dialog.isVisible()
    window.packs.dialog.close()

    window.prompter.script("choose", "torn")
    window.prompter.script("no_factions", "create")
    window.files.new_file()
    editor = window.gamedata.editor()
    assert editor is not None and editor.isVisible()
    assert editor.pane.doc.system.id == "torn"
    editor.pane.stack.setClean()
    editor.close()


def test_the_faction_editor_exports_a_pack_players_install(qtbot, tmp_path: Path, user_dir):
    from builder.gui.editor import FactionEditor
    from builder.gui.editor.pack_export import PackDetails

    editor = FactionEditor(Catalogue.load(user=False))
    qtbot.addWidget(editor)
    assert editor.open_faction("soimi")
    out = tmp_path / "soimi-pack-1.0.0.swpack"
    assert editor.export_pack(out, PackDetails("soimi-pack", "Soimi", "1.0.0",
                                               "first version", "Ana, Bea"))
    outcome, = Installer().install(str(out))[0]
    assert (outcome.id, outcome.version, outcome.factions) == ("soimi-pack", "1.0.0",
                                                               ["soimi"])
    assert outcome.changes == ["first version"]


def test_the_list_loads_from_the_pack(tmp_path: Path, v1: Path):
    Installer().install(str(v1))
    lst = tmp_path / "l.warband.yaml"
    lst.write_text(list_text(), encoding="utf-8")
    assert Catalogue.load().get(load_warband(lst).faction) is not None


def test_checking_against_an_event_that_pins_another_version_says_so(make_window, v1, v2,
                                                                      tmp_path: Path):
    Installer().install(str(v1))
    Installer().install(str(v2))
    event = tmp_path / "cup.event.yaml"
    event.write_text(f"schema: spherewars-event/1\nname: Cup\npacks: {{{PACK_ID}: 1.0.0}}\n",
                     encoding="utf-8")
    window = make_window(Catalogue.load())
    assert not window.event_check.load_path(event)
    (_title, _text, details), = window.prompter.asked("error")
    assert f"the event pins {PACK_ID} 1.0.0; the data in use is 1.1.0" in details
    event.write_text(f"schema: spherewars-event/1\nname: Cup\npacks: {{{PACK_ID}: 2.0.0}}\n",
                     encoding="utf-8")
    assert not window.event_check.load_path(event)
    assert "spherewars data install" in window.prompter.asked("error")[1][2]


def test_removing_the_pack_of_the_open_list_says_so(qtbot, make_window, v1, tmp_path: Path):
    window, told = window_with_list(make_window, v1, tmp_path)
    dialog = window.packs.open_dialog()
    with qtbot.waitSignal(dialog.changed):
        dialog.remove_selected(confirm=lambda _id: True)
    assert told == ["Data updated: faction Test Pack Faction removed; this list's faction is "
                    "no longer loaded and now ILLEGAL"]
    assert not window.doc.report.legal
    dialog.close()


def test_closing_the_dialog_during_a_download_stops_it(qtbot, v1: Path):
    raw = swpack(v1)
    with serving() as server:
        url = server.stalling("slow.swpack", raw[:100], len(raw))
        dialog = PacksDialog(stall=20)
        qtbot.addWidget(dialog)
        dialog.show()
        with qtbot.waitSignal(dialog.progress_seen, timeout=10000):
            dialog.install(url)
        task = dialog.task
        assert task is not None
        with qtbot.waitSignal(dialog.busy_done, timeout=10000):
            dialog.close()  # returns at once; the download stops
        assert not dialog.isVisible()
    assert Store().packs() == {}


def test_the_packs_dialog_names_factions_and_their_game(qtbot, make_window, v1: Path):
    """Issue 41 item 11: the dialog said "test-pack-faction"; it names the faction and its
    game, in the table and in the details."""
    window = make_window(Catalogue.load(user=False))
    dialog = window.packs.open_dialog()
    with qtbot.waitSignal(dialog.changed, timeout=20000):
        dialog.install(str(v1))
    named = "Test Pack Faction (SphereWars — first edition)"
    qtbot.waitUntil(lambda: dialog.table.topLevelItem(0).text(5) == named)
    assert named in dialog.details.toPlainText()
    assert "test-pack-faction" not in dialog.table.topLevelItem(0).text(5)
    dialog.close()


SPHERUS_PACK_FACTION = """# TEST DATA ONLY
schema: spherewars-faction/1
system: spherus-tactical
id: test-pack-party
name: Test Pack Party
source: "test data (invented for the builder's test suite)"
combatants:
  - {id: test-wanderer, name: Test Wanderer, type: character, profile: {HP: 12, HLT: 4, MOV: 2}}
"""


def test_a_faction_made_or_installed_from_new_lands_in_a_new_list_of_it(
        qtbot, make_window, user_dir, tmp_path: Path):
    """Issue 41 item 2: File → New → Torn (no faction yet) → Create a faction… → Save left
    the window on the old list of another game; so did installing a pack from there. The
    player lands in a new list of that game with the new faction chosen."""
    window = make_window(Catalogue.load(user=False))
    window.prompter.script("choose", "torn")
    window.prompter.script("no_factions", "create")
    window.files.new_file()
    editor = window.gamedata.editor()
    doc = editor.pane.doc
    assert doc.system.id == "torn"
    doc.set(("id",), "test-made-here")
    doc.set(("name",), "Test Made Here")
    from builder.gui.editor.document import new_combatant_data

    doc.insert(("combatants",), 0, new_combatant_data("test-chief", "Test Chief", doc.system))
    doc.set(("combatants", 0, "type"), "leader")
    doc.set(("combatants", 0, "profile", "DEF"), "2D+1A")
    doc.set(("combatants", 0, "profile", "W"), 5)
    assert doc.problems == []
    with qtbot.waitSignal(editor.faction_saved):
        editor.save_action.trigger()
    editor.close()
    assert window.doc.warband.faction == "test-made-here"
    assert window.doc.path is None and window.doc.entries == []
    assert window.doc.warband.name == "New expedition"
    assert window.details.faction_combo.currentData() == "test-made-here"
    assert not window.isWindowModified()

    # Spherus, from a pack installed from the same question
    pack = tmp_path / "spherus-pack"
    (pack / "factions").mkdir(parents=True)
    (pack / "pack.yaml").write_text("schema: spherewars-pack/1\nid: test-spherus-pack\n"
                                    "name: Test Spherus pack\nversion: 1.0.0\n",
                                    encoding="utf-8")
    (pack / "factions" / "test-pack-party.yaml").write_text(SPHERUS_PACK_FACTION,
                                                            encoding="utf-8")
    window.prompter.script("choose", "spherus-tactical")
    window.prompter.script("no_factions", "install")
    window.files.new_file()
    dialog = window.packs.dialog
    assert dialog is not None and dialog.isVisible()
    window.packs.tell = lambda *_a: None
    with qtbot.waitSignal(dialog.changed, timeout=20000):
        dialog.install(str(pack))
    qtbot.waitUntil(lambda: window.doc.warband.faction == "test-pack-party", timeout=5000)
    assert window.doc.warband.name == "New party" and window.doc.path is None
    dialog.close()


def test_export_as_pack_carries_on_from_the_last_export(qtbot, tmp_path: Path, user_dir,
                                                         monkeypatch):
    """Issue 41 item 4: the second *Export as pack* offered 1.0.0 again with empty authors
    and changes. It suggests the next version, keeps the pack's id, name and authors and the
    earlier versions' changes, saves as a .swpack (its file type in the dialog) and opens
    the dialog in the folder used last."""
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QDialog, QFileDialog

    from builder.gui.editor import FactionEditor
    from builder.gui.editor.pack_export import PackDetailsDialog
    from builder.packs.check import read_info

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    editor = FactionEditor(Catalogue.load(user=False), settings=settings)
    qtbot.addWidget(editor)
    assert editor.open_faction("soimi")
    shown: list[PackDetailsDialog] = []
    answers = iter([("soimi-community", "Soimi, community", "Ana, Bea", "first version"),
                    (None, None, None, "Nek'Org errata")])

    def fill(dialog: PackDetailsDialog) -> int:
        shown.append(dialog)
        pack_id, name, authors, changes = next(answers)
        for edit, text in ((dialog.id_edit, pack_id), (dialog.name_edit, name),
                           (dialog.authors_edit, authors)):
            if text is not None:
                edit.setText(text)
        dialog.changes_edit.setPlainText(changes)
        return QDialog.DialogCode.Accepted

    asked: list[tuple[str, str]] = []
    folder = tmp_path / "published"
    folder.mkdir()

    def save_as(_parent, _title, suggested, file_filter):  # noqa: ANN001, ANN202
        asked.append((suggested, file_filter))
        return str(folder / Path(suggested).name), ""

    monkeypatch.setattr(PackDetailsDialog, "exec", fill)
    monkeypatch.setattr(QFileDialog, "getSaveFileName", save_as)
    assert editor.export_pack()
    assert asked[0][1] == "Data packs (*.swpack)"
    assert editor.export_pack()
    again = shown[1].details()
    assert (again.id, again.name, again.version, again.authors) == (
        "soimi-community", "Soimi, community", "1.0.1", "Ana, Bea")
    assert "1.0.0: first version" in shown[1].earlier.text()
    assert asked[1] == (str(folder / "soimi-community-1.0.1.swpack"), "Data packs (*.swpack)")
    outcome, = Installer().install(str(folder / "soimi-community-1.0.1.swpack"))[0]
    assert outcome.version == "1.0.1"
    info = read_info(Store().get("soimi-community").current().folder, "soimi-community")
    assert info.changes_of("1.0.1") == ["Nek'Org errata"]
    assert info.changes_of("1.0.0") == ["first version"]
    assert info.authors == ["Ana", "Bea"]


def test_update_all_after_choosing_an_older_version_offers_the_newer(qtbot, v1: Path,
                                                                     v2: Path):
    """Issue 41 item 1: with 1.0.0 chosen (*Use this version*) after updating to 1.1.0,
    *Update all* said "1.0.0 is the newest". It says 1.1.0 is newer and offers to use it."""
    a, b = swpack(v1), swpack(v2)
    with serving() as server:
        server.file("a.swpack", a)
        server.file("b.swpack", b)
        index = server.index("index.yaml", [(PACK_ID, "1.0.0", a, "a.swpack")])
        Installer().install(index)
        server.index("index.yaml", [(PACK_ID, "1.0.0", a, "a.swpack"),
                                    (PACK_ID, "1.1.0", b, "b.swpack")])
        dialog = PacksDialog()
        qtbot.addWidget(dialog)
        with qtbot.waitSignal(dialog.changed, timeout=20000):
            dialog.update_all()
        dialog.versions.setCurrentIndex(dialog.versions.findData("1.0.0"))
        with qtbot.waitSignal(dialog.changed):
            dialog.use_selected()
        offered: list[tuple[str, str]] = []
        dialog.ask_use = lambda pack_id, version: offered.append((pack_id, version)) or True
        with qtbot.waitSignal(dialog.changed, timeout=20000):
            dialog.update_all()
    assert dialog.messages == [f"{PACK_ID}: using 1.0.0 (chosen); 1.1.0 is newer and "
                               "installed"]
    assert offered == [(PACK_ID, "1.1.0")]
    assert Store().get(PACK_ID).active == "1.1.0"  # type: ignore[union-attr]
    assert dialog.table.topLevelItem(0).text(1) == "1.1.0"


def test_a_long_pack_name_is_shown_whole_in_the_table(qtbot, tmp_path: Path, user_dir):
    """The table cut long names to a few letters ("Sp…25") while the authors took half of
    it: the name keeps most of the table, wrapped onto more lines; the address, the authors
    and the factions take at most a share each, elided on one line, whole in their tooltip."""
    long_name = ("Spheres of War: Tactical Sphere — community errata, balance dataslate and "
                 "campaign supplement 2025")
    authors = "Alicia Example, Bartholomew Example-Longname, Cordelia Example"
    for pack_id, name in (("test-long", long_name), ("test-short", "Mini")):
        folder = make_pack(tmp_path / pack_id, pack_id=pack_id, faction_id=f"{pack_id}-f")
        text = (folder / "pack.yaml").read_text(encoding="utf-8")
        (folder / "pack.yaml").write_text(text.replace(
            "{en: Test pack, es: Paquete de prueba}", f'"{name}"').replace(
            "[Test Author]", f"[{authors}]"), encoding="utf-8")
        Installer(Store()).install(str(folder))
    dialog = PacksDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    table = dialog.table
    rows = {table.topLevelItem(i).text(0): table.topLevelItem(i) for i in range(2)}

    def fitted() -> bool:
        """The name a third of the table or more; the other long texts a share at most."""
        room = table.viewport().width()
        return table.columnWidth(0) >= room / 3 and all(
            table.columnWidth(c) <= max(72, 0.15 * room) + 1 for c in (2, 3, 5))

    def heights() -> tuple[int, int]:
        return (table.visualItemRect(rows[long_name]).height(),
                table.visualItemRect(rows["Mini"]).height())

    qtbot.waitUntil(fitted, timeout=5000)
    tall, short = heights()
    assert table.wordWrap() and tall >= 3 * short  # the long name whole, on more lines
    assert rows[long_name].toolTip(0) == long_name
    assert rows[long_name].toolTip(3) == authors
    name_width, authors_width = table.columnWidth(0), table.columnWidth(3)
    # a wider window: the name on fewer lines, the shared columns up to their share
    dialog.resize(1900, 1000)
    qtbot.waitUntil(lambda: table.columnWidth(3) > authors_width and fitted(), timeout=5000)
    assert table.columnWidth(0) > name_width and heights()[0] < tall
