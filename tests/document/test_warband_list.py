"""The list document without Qt (issue 39, "One list document"): a warband edited, checked in
its context (event, points limit), saved, printed and planned for play, with plain callbacks
telling a listener of each change."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from builder.data import Catalogue, load_warband
from builder.document import Context, PdfOptions, WarbandList, check_warband
from builder.document.warband import copy_entry
from builder.events import parse_event
from builder.model import Entry
from builder.rules import validate
from tests.conftest import REPO
from tests.helpers import catalogue as load_test_catalogue
from tests.helpers import warband

EVENT = """\
schema: spherewars-event/1
name: Test Cup
system: spherewars-1e
points_limit: 120
rules:
  - {id: troop-cap, name: Troops, count: {models: {type: troop}}, at_most: 3}
lists:
  - {player: Ana, fingerprint: AAAA-AAAA}
"""


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_test_catalogue()


@pytest.fixture
def doc(catalogue: Catalogue) -> WarbandList:
    return WarbandList(catalogue, warband([("test-leader", 1), ("test-grunt", 2)],
                                          points_limit=300))


def test_edits_tell_listeners_in_order_and_the_report_follows(doc: WarbandList) -> None:
    seen: list[tuple[object, ...]] = []
    for name in ("entry_inserting", "entry_inserted", "entry_removing", "entry_removed",
                 "entry_changed", "details_changed"):
        getattr(doc, name).connect(lambda *args, name=name: seen.append((name, *args)))
    doc.validated.connect(lambda report: seen.append(("validated", report.stats.points)))

    doc.insert_entry(9, Entry(combatant="test-runner", count=1))  # past the end: appended
    doc.set_count(1, 3)
    doc.set_count(1, 3)  # unchanged: nothing said
    doc.remove_entry(0)
    doc.set_name("Renamed")
    assert seen == [("entry_inserting", 2), ("entry_inserted", 2), ("validated", 140),
                    ("entry_changed", 1), ("validated", 150),
                    ("entry_removing", 0), ("entry_removed", 0), ("validated", 50),
                    ("details_changed",), ("validated", 50)]
    assert doc.name == "Renamed"
    assert [(e.combatant, e.count) for e in doc.entries] == [("test-grunt", 3),
                                                            ("test-runner", 1)]


def test_a_count_edit_reports_what_a_fresh_validation_reports(doc: WarbandList,
                                                              catalogue: Catalogue) -> None:
    for count in (3, 5, 1, 4):
        doc.set_count(1, count)
        fresh = validate(doc.warband, doc.faction)
        assert doc.report.stats == fresh.stats
        assert doc.report.findings == fresh.findings


def test_the_event_context_sets_the_limit_rules_and_registration(doc: WarbandList,
                                                                 catalogue: Catalogue) -> None:
    event = parse_event("cup.event.yaml", EVENT, catalogue)
    doc.set_count(1, 4)  # 4 troops: the event's troop-cap breaks
    assert doc.report.legal and doc.points_limit == 300
    doc.set_event(event)
    assert doc.points_limit == 120 and doc.report.points_limit == 120
    rules = {f.rule for f in doc.report.findings}
    assert {"points-limit", "troop-cap", "list-not-registered"} <= rules
    assert doc.costs()[0].value == 140 and doc.costs()[0].limit == 120
    checked = doc.check()
    assert checked.registered is False and checked.fingerprint == doc.fingerprint()
    assert checked.data_fingerprint == catalogue.data_fingerprint("test-faction")
    doc.set_event(None)
    assert doc.report.legal and doc.points_limit == 300


def test_the_catalogue_dims_rows_by_the_same_context(doc: WarbandList,
                                                     catalogue: Catalogue) -> None:
    event = parse_event("cup.event.yaml", EVENT, catalogue)
    assert doc.extra_rules(doc.faction) == ()
    doc.set_event(event)
    assert [r.id for r in doc.extra_rules(doc.faction)] == ["troop-cap"]
    other = event.model_copy(update={"system": "another-game"})
    doc.set_event(other)  # a list of another game is not held to the event's rules
    assert doc.extra_rules(doc.faction) == ()


def test_a_points_limit_for_every_list_replaces_its_own(catalogue: Catalogue) -> None:
    listed = warband([("test-leader", 1), ("test-grunt", 2)], points_limit=300)
    checked = check_warband(Context(catalogue, points=100), listed)
    assert checked.report.points_limit == 100
    assert [f.rule for f in checked.report.errors] == ["points-limit"]
    assert check_warband(Context(catalogue), listed).report.points_limit == 300
    doc = WarbandList(catalogue, listed, points=100)
    assert doc.report.points_limit == 100
    doc.set_count(1, 3)  # a count edit under the override stays under it
    assert doc.report.points_limit == 100 and not doc.legal


def test_other_data_resets_the_list(doc: WarbandList, catalogue: Catalogue) -> None:
    seen: list[str] = []
    for name in ("about_to_reset", "was_reset", "data_changed", "details_changed"):
        getattr(doc, name).connect(lambda name=name: seen.append(name))
    empty = Catalogue()
    doc.set_data(empty)
    assert seen == ["about_to_reset", "was_reset", "data_changed", "details_changed"]
    assert doc.catalogue is empty and doc.system is None
    assert [f.rule for f in doc.report.findings] == ["unknown-faction"]
    assert doc.costs() == [] and doc.play_plan() is None


def test_a_listener_can_be_disconnected(doc: WarbandList) -> None:
    seen: list[object] = []
    doc.validated.connect(seen.append)
    doc.validated.disconnect(seen.append)
    doc.set_count(0, 1)
    doc.set_notes("bring dice")
    assert seen == []


def test_what_every_kind_answers(doc: WarbandList, catalogue: Catalogue,
                                 tmp_path: Path) -> None:
    assert doc.kind == "warband" and doc.factions == ("test-faction",)
    assert doc.system == catalogue.get("test-faction").system  # type: ignore[union-attr]
    assert doc.fingerprint() == catalogue.list_fingerprint(doc.warband)
    path = tmp_path / "mine.warband.yaml"
    doc.save(path)
    again = WarbandList.load(path, catalogue)
    assert again.warband == doc.warband and again.path == path
    assert again.fingerprint() == doc.fingerprint()
    assert "Test Leader" in doc.text() and doc.fingerprint() in doc.text()
    plan = doc.play_plan()
    assert plan is not None and len(plan.models) == 3


def test_a_printout_is_made_from_the_list_as_it_was(doc: WarbandList, tmp_path: Path) -> None:
    printout = doc.printout()
    doc.set_name("Changed afterwards")
    pdf = printout.pdf(PdfOptions(cards=False))
    assert pdf.startswith(b"%PDF")
    with pytest.raises(ValueError, match="nothing to print"):
        printout.pdf(PdfOptions(cards=False, summary=False))
    out = tmp_path / "list.pdf"
    doc.export_pdf(out, PdfOptions(cards=False))
    assert out.read_bytes().startswith(b"%PDF")


def test_entries_are_replaced_never_changed_in_place(doc: WarbandList) -> None:
    before = doc.entry(1)
    doc.set_count(1, 5)
    assert before.count == 2 and doc.entry(1) is not before
    assert copy_entry(before, count=3).count == 3 and copy_entry(before) is not before
    loaded = load_warband(REPO / "resources" / "examples" /
                          "soimi-legal-ensartadores.warband.yaml")
    doc.replace(loaded)
    doc.set_count(0, loaded.entries[0].count + 1)
    assert loaded.entries[0] is not doc.entry(0)


def test_the_document_needs_no_qt() -> None:
    code = ("import sys, builder.document, builder.document.warband; "
            "print(sorted(m for m in sys.modules if m.startswith(('PySide6', 'builder.gui'))))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=REPO, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"
