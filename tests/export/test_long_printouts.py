"""Long or many things on a printout (issue 28, item 2): long text continues, many rows flow
in short tables, nothing a valid file holds fails a printout."""

from __future__ import annotations

import dataclasses
import io
import time
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Frame, Paragraph, Spacer, Table

from builder.cli import main
from builder.export import sheet
from builder.export.fonts import register_fonts
from builder.export.layout import CHUNK_ROWS, PIECE_CHARS, flow, long_table, para_style, pieces
from builder.export.opponent import SIZES, CopyParts, copy_layout, entries_table
from builder.export.pdf import render_pdf
from builder.export.summary import summarise
from builder.rules import Finding
from tests.export import helpers as h

# TEST DATA ONLY: an invented game whose one rule has a 10,000-character message
SYSTEM = """\
schema: spherewars-system/1
id: test-long-messages
name: Test long messages
cost: PE
stats:
  - {{id: PE, name: Points, required: true}}
types:
  - {{id: leader, name: Leader, plural: Leaders}}
rules:
  - id: test-two-leaders
    count: {{models: {{type: leader}}}}
    at_least: 2
    message: "{message} ({{amount}} hired)"
"""
FACTION = """\
schema: spherewars-faction/1
system: test-long-messages
id: test-long-faction
name: Test long faction
combatants:
  - {id: test-boss, name: Test Boss, type: leader, profile: {PE: 10}}
"""
LIST = """\
schema: spherewars-warband/1
name: Test long list
faction: test-long-faction
entries:
  - {combatant: test-boss, count: 1}
"""


def _message() -> str:
    text = " ".join(f"w{i:04d}" for i in range(1700))  # 10,199 characters
    assert 10_000 <= len(text) <= 20_000
    return text


def _files(tmp_path: Path) -> dict[str, Path]:
    data = tmp_path / "data"
    data.mkdir()
    (data / "test-long-messages.yaml").write_text(SYSTEM.format(message=_message()),
                                                  encoding="utf-8")
    (data / "test-long-faction.yaml").write_text(FACTION, encoding="utf-8")
    lists = tmp_path / "lists"
    lists.mkdir()
    (lists / "a.warband.yaml").write_text(LIST, encoding="utf-8")
    (tmp_path / "cup.event.yaml").write_text("schema: spherewars-event/1\nname: Test Cup\n",
                                             encoding="utf-8")
    return {"data": data, "list": lists / "a.warband.yaml", "lists": lists,
            "event": tmp_path / "cup.event.yaml"}


def test_a_10000_character_message_prints_whole_on_the_sheet(tmp_path, capsys) -> None:
    f = _files(tmp_path)
    out = tmp_path / "out.pdf"
    assert main(["export", str(f["list"]), "-o", str(out), "--data", str(f["data"])]) == 0
    words = h.words(h.pdf_text(out.read_bytes()))
    assert all(f"w{i:04d}" in words for i in range(1700))
    assert "hired)" in words or "(1 hired)" in h.pdf_text(out.read_bytes())


def test_a_10000_character_message_prints_whole_in_the_pack(tmp_path, capsys) -> None:
    f = _files(tmp_path)
    out = tmp_path / "pack.pdf"
    assert main(["event", str(f["event"]), str(f["lists"]), "--data", str(f["data"]),
                 "--pack", str(out)]) == 1
    words = h.words(h.pdf_text(out.read_bytes()))
    assert all(f"w{i:04d}" in words for i in range(1700))


def _summary(findings: int = 0, entries: int = 1, message: str = "Test finding {i}."):
    f = h.faction([h.leader(), *(h.combatant(i) for i in range(entries))])
    s = summarise(h.warband([(f"test-trooper-{i}", 1) for i in range(entries)]), f,
                  h.universal())
    found = tuple(Finding(f"test-rule-{i}", "warning", message.format(i=i))
                  for i in range(findings))
    return dataclasses.replace(s, findings=found)


def _tables(flowables) -> list[Table]:
    return [f for f in flowables if isinstance(f, Table)]


def test_findings_and_roster_are_short_tables() -> None:
    """A reportlab table measures every row once per row (quadratic): 40,000 findings took
    145 s. Every table the sheet builds from data holds at most CHUNK_ROWS rows."""
    s = _summary(findings=300, entries=300)
    for part in (sheet.verdict(s), sheet.roster(s, 500)):
        tables = _tables(part)
        assert len(tables) > 300 // CHUNK_ROWS
        assert all(len(t._cellvalues) <= CHUNK_ROWS for t in tables)


def test_a_row_style_reaches_the_short_table_its_row_is_in() -> None:
    """Each short table takes the row styles on its own rows: a roster of 10,000 forces (a
    shaded heading row each) had its 800 tables look at all 20,000 styles, for minutes."""
    rows = [[f"r{i}"] for i in range(3 * CHUNK_ROWS + 5)]
    styles = [("BACKGROUND", (0, r), (-1, r), colors.red)
              for r in (CHUNK_ROWS + 3, 2 * CHUNK_ROWS, 3 * CHUNK_ROWS + 4)]
    styles.append(("LINEBELOW", (0, CHUNK_ROWS - 1), (-1, 2 * CHUNK_ROWS + 1), 1, colors.blue))
    tables = long_table(rows, [100], [], rows_style=styles)
    assert [[c[1][1] for c in t._bkgrndcmds] for t in tables] == [[], [3], [0], [4]]
    assert [[(c[1][1], c[2][1]) for c in t._linecmds] for t in tables] == [
        [(CHUNK_ROWS - 1, CHUNK_ROWS - 1)], [(0, CHUNK_ROWS - 1)], [(0, 1)], []]


def test_a_copy_too_long_for_any_size_is_built_twice_not_at_every_size() -> None:
    """The opponent's copy tries its type sizes, largest first: a roster of 10,000 forces was
    built at every size, in one column and in two (four minutes). A size whose rows' padding
    alone overfills two columns is skipped: built at the largest, then at the least."""
    register_fonts()
    built: list[float] = []

    def entries(width: float, size: float) -> list:
        built.append(size)
        style = para_style(f"t{size}", size)
        return entries_table([[Paragraph(f"Entry {i}", style)] for i in range(2000)], [width],
                             size, [Paragraph("Entry", style)])

    layout = copy_layout(CopyParts(lambda width: [], [], entries, "", ""), 500, 700)
    assert built == [SIZES[0], SIZES[-1]] and layout.columns == 2
    assert sum(len(t._cellvalues) for t in _tables(layout.entries)) == 2001


def test_many_findings_print_up_to_the_limit_and_say_how_many_more() -> None:
    n = sheet.MAX_PRINTED_FINDINGS + 1234
    started = time.perf_counter()
    text = h.pdf_text(render_pdf(_summary(findings=n), cards=False))
    assert time.perf_counter() - started < 30  # was minutes
    assert "Test finding 0." in text
    assert f"Test finding {sheet.MAX_PRINTED_FINDINGS - 1}." in text
    assert f"Test finding {sheet.MAX_PRINTED_FINDINGS}." not in text
    assert "… and 1,234 more findings, not printed: spherewars validate lists them all" \
        in " ".join(text.split())


def test_a_long_roster_repeats_its_heading_on_every_page() -> None:
    data = render_pdf(_summary(entries=150), cards=False)
    pages = [p.extract_text() for p in h.pdf_reader(data).pages]
    with_rows = [p for p in pages if "Test Trooper" in p]
    assert len(with_rows) >= 3
    assert all("Combatant" in p for p in with_rows)
    text = "\n".join(pages)
    assert all(f"Test Trooper {i}\n" in text or f"Test Trooper {i} " in text
               for i in range(150))


def test_pieces_keep_every_word_and_stay_short() -> None:
    text = _message() + " " + "x" * 4000 + " end"
    parts = pieces(text)
    assert all(len(p) <= PIECE_CHARS for p in parts)
    assert "".join(parts).replace(" ", "") == text.replace(" ", "")


def test_what_fits_no_page_prints_as_plain_text() -> None:
    """The last resort: a table row that cannot split (here a picture taller than a page)
    prints its text rather than raising reportlab's LayoutError."""
    table = Table([[Spacer(10, 2000), Paragraph("Test words that must print", sheet.CELL)]])
    c = Canvas(io.BytesIO(), pagesize=A4)
    placed: list[str] = []

    def frames():
        while True:
            frame = Frame(50, 50, 400, 700, showBoundary=0)
            original = frame.add

            def add(f, canv, trySplit=0, _add=original):
                ok = _add(f, canv, trySplit)
                if ok and isinstance(f, Paragraph):
                    placed.append(f.getPlainText())
                return ok

            frame.add = add
            yield frame

    flow(c, [table], frames())
    assert "Test words that must print" in " ".join(placed)


def test_the_cover_names_each_broken_rule_once_and_at_most_twelve() -> None:
    from builder.events.pack import COVER_RULES, broken_rules

    findings = [{"rule": f"test-rule-{i % 30}", "severity": "error"} for i in range(300)]
    findings.append({"rule": "test-warned", "severity": "warning"})
    text = broken_rules(findings)
    assert text.count("test-rule-0,") == 1
    assert "test-warned" not in text
    assert text.endswith(f"and {30 - COVER_RULES} more")


@given(name=st.text(alphabet="ab cdéW 龍,.", max_size=150),
       room=st.floats(min_value=10, max_value=400))
@settings(max_examples=300, deadline=None)
def test_a_long_name_in_the_footer_is_cut_to_the_longest_start_that_fits(name: str,
                                                                         room: float) -> None:
    """The sheet's footer shortens a name (a pack's heading may name seventy players) to the
    longest start of it that fits, with "…", as cutting one letter at a time would."""
    from builder.export.fonts import REGULAR, mixed_width, register_fonts
    from builder.export.sheet import fit_line as _fit

    register_fonts()
    tail = " · turn summary · page 1"
    shown = _fit(name, tail, room, 6.5)
    expected, cut = name + tail, name
    while cut and mixed_width(expected, REGULAR, 6.5) > room:
        cut = cut[:-1]
        expected = cut.rstrip() + "…" + tail
    assert shown == expected
