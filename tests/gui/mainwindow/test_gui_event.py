"""File → Check against event…: an organiser opens a player's list and sees the event's
verdict (SPEC §6, issue 12 item 5)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QMenu

from builder.data.fingerprint import list_fingerprint
from builder.model import Entry, Warband
from tests.gui.menus import menus

EVENT = """\
schema: spherewars-event/1
name: Copa de Saphir
system: spherewars-1e
points_limit: 300
factions: [soimi]
"""


def two_leaders() -> Warband:
    return Warband(name="Ensartadores", faction="soimi", points_limit=400,
                   entries=[Entry(combatant="nek-org", count=1),
                            Entry(combatant="tir-abe", count=1)])


def findings(window: Any) -> list[str]:
    model = window.findings.model
    return [model.findings[i].rule for i in range(model.rowCount())]


def test_check_against_event_from_the_file_menu(qtbot: Any, window: Any, tmp_path: Path):
    window.doc.replace(two_leaders())
    assert window.doc.report.legal  # 332 points under its own 400 limit
    event_file = tmp_path / "copa.event.yaml"
    registered = list_fingerprint(two_leaders())
    event_file.write_text(EVENT + f"lists:\n  - {{player: Ana, fingerprint: {registered}}}\n",
                          encoding="utf-8")

    file_menu = menus(window)["&File"]
    assert isinstance(file_menu, QMenu)
    action = next(a for a in file_menu.actions() if a.objectName() == "check-event")
    window.prompter.script("event_path", str(event_file))
    with qtbot.waitSignal(window.doc.validated):
        action.trigger()

    # the event's limit replaces the list's own: 332 > 300
    assert "points-limit" in findings(window)
    assert window.findings.stack.currentWidget() is window.findings.view
    assert "Copa de Saphir" in window.windowTitle()
    assert window.act.clear_event.isEnabled()

    # removing a leader changes the fingerprint: no longer the registered list
    window.doc.remove_entry(1)
    assert "list-not-registered" in findings(window)

    # back to the game's rules only
    window.act.clear_event.trigger()
    assert "Copa de Saphir" not in window.windowTitle()
    assert "list-not-registered" not in findings(window)
    assert "points-limit" not in findings(window)


def test_event_legal_list_says_so(window: Any, tmp_path: Path):
    window.doc.replace(Warband(name="Solo", faction="soimi", points_limit=None,
                               entries=[Entry(combatant="nek-org", count=1)]))
    event_file = tmp_path / "copa.event.yaml"
    event_file.write_text(EVENT, encoding="utf-8")
    assert window.event_check.load_path(event_file)
    assert window.findings.stack.currentWidget() is window.findings.legal_label
    assert "Copa de Saphir" in window.findings.legal_label.text()


def test_event_of_another_faction(window: Any, tmp_path: Path):
    window.doc.replace(two_leaders())
    event_file = tmp_path / "other.event.yaml"
    event_file.write_text(EVENT.replace("[soimi]", "[test-faction]"), encoding="utf-8")
    assert window.event_check.load_path(event_file)
    assert "event-faction" in findings(window)


def test_broken_event_file_is_explained(window: Any, tmp_path: Path):
    window.doc.replace(two_leaders())
    event_file = tmp_path / "broken.event.yaml"
    event_file.write_text(EVENT.replace("points_limit: 300", "points_limit: lots"),
                          encoding="utf-8")
    window.prompter.script("event_path", str(event_file))
    window.act.check_event.trigger()
    (title, _text, details), = window.prompter.asked("error")
    assert "broken.event.yaml:4:15" in details and "points_limit" in details
    assert window.doc.tournament is None and "broken" not in window.windowTitle()
    assert window.doc.report.legal


def test_event_pinned_to_other_data_is_refused(window: Any, tmp_path: Path):
    window.doc.replace(two_leaders())
    event_file = tmp_path / "pinned.event.yaml"
    event_file.write_text(EVENT + "data: {soimi: AAAA-BBBB}\n", encoding="utf-8")
    assert not window.event_check.load_path(event_file)
    (title, _text, details), = window.prompter.asked("error")
    assert title == "Not the event's data" and "AAAA-BBBB" in details
    assert window.doc.tournament is None
