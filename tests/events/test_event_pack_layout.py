"""The pack's layout when many players share a list (issue 30: most Soimi lists are the same
list): every footer stays on the page, and the cover gives the players the room."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

from builder.events.pack import COVER_PAD, _cover_widths
from builder.export.fonts import BOLD, REGULAR, register_fonts
from builder.export.sheet import CELL
from tests.events.test_event import EVENT, run, write_event
from tests.events.test_event_registrations import DATA, GOOD, fp, put

PLAYERS = [f"Test Player {i}" for i in range(60)]


def test_a_footer_naming_sixty_players_stays_on_the_page(tmp_path: Path, capsys) -> None:
    lists = tmp_path / "lists"
    for i in range(3):
        put(lists, f"l{i}.warband.yaml", f"Test list {i}", GOOD)
    event = write_event(tmp_path, EVENT + "lists:\n" + "".join(
        f"  - {{player: {p}, fingerprint: {fp(GOOD)}}}\n" for p in PLAYERS))
    pack = tmp_path / "pack.pdf"
    code, _, err = run(capsys, "event", str(event), str(lists), *DATA, "--pack", str(pack),
                       "--pack-style", "roster")
    assert "Traceback" not in err
    reader = PdfReader(str(pack))
    footers: list[tuple[float, str]] = []
    for page in reader.pages:
        page.extract_text(visitor_text=lambda t, cm, tm, *_: footers.append(
            (cm[4] + tm[4], t)) if t.startswith("list ") else None)
    assert len(footers) == 3
    for x, text in footers:
        assert x >= 0, text  # (a centred line too long for the page starts left of it)
        assert text.startswith("list ") and "Test Player 0, Test Player 1" in text
        assert "…" in text and "fingerprint" in text and text.rstrip().endswith("Test Cup")


def test_the_cover_shares_its_width_among_the_columns_that_wrap() -> None:
    register_fonts()
    head = [Paragraph(h, CELL) for h in ("#", "Player", "List", "Verdict", "Broken rules")]
    rows = [head, ["1", Paragraph(", ".join(PLAYERS), CELL), Paragraph("Test list", CELL),
                   "ILLEGAL", Paragraph("test-rule", CELL)]]
    width = A4[0] - 72
    widths = _cover_widths(rows, [1, 2, 4], width)
    assert abs(sum(widths) - width) < 0.01
    assert widths[3] == max(stringWidth("ILLEGAL", REGULAR, CELL.fontSize),
                            stringWidth("Verdict", BOLD, CELL.fontSize)) + 2 * COVER_PAD
    assert widths[1] > widths[4] > widths[2] > widths[3]  # the players the most room
