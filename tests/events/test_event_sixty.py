"""Issue 30's "done when": an event of 60 lists, some shared by two players, some missing,
some sent as share codes in a mail export, checked end to end; and its anonymised HTML page and
pack hold no player name, list name, note, file name or QR code anywhere (the text, the page's
head, the PDF's metadata)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from pypdf import PdfReader

from builder.data import save_warband
from builder.data.fingerprint import list_fingerprint
from builder.data.share import encode_warband
from tests.events.test_event import EVENT, run, write_event
from tests.events.test_event_registrations import DATA, mail_export
from tests.helpers import warband

N_FILES, N_CODES, N_SHARED, N_MISSING = 48, 12, 6, 3


def secret(kind: str, n: int) -> str:
    """A token that can only come from one player's submission."""
    return f"zq{kind}{n:02d}x"


def build(tmp_path: Path) -> tuple[Path, Path, Path, list[str]]:
    lists = tmp_path / "submitted"
    lists.mkdir()
    secrets: list[str] = []
    registrations = []
    codes = []
    for n in range(N_FILES + N_CODES):
        shared = n % 10 == 9 and n // 10 < N_SHARED  # the same list as the one before it
        k = n - 1 if shared else n
        entries = [("test-leader", 1), ("test-grunt", k % 10), ("test-runner", k // 10)]
        w = warband([(c, m) for c, m in entries if m],
                    name=secret("list", n), notes=f"{secret('note', n)} plan")
        name, player = secret("file", n), secret("player", n)
        secrets += [name, player, secret("list", n), secret("note", n)]
        registrations.append(f"  - {{player: {player}, fingerprint: {list_fingerprint(w)}}}\n")
        if n < N_FILES:
            save_warband(w, lists / f"{name}.warband.yaml")
        else:
            codes.append(encode_warband(w))
    for m in range(N_MISSING):
        player = secret("missing", m)
        secrets.append(player)
        registrations.append(f"  - {{player: {player}, fingerprint: ZZZZ-ZZZ{m}}}\n")
    event = write_event(tmp_path, EVENT.replace("points_limit: 150", "points_limit: 400")
                        + "lists:\n" + "".join(registrations))
    mbox = mail_export(tmp_path / f"{secret('mbox', 0)}.mbox", codes)
    secrets.append(secret("mbox", 0))
    return event, lists, mbox, secrets


def test_sixty_lists_end_to_end(tmp_path: Path, capsys):
    event, lists, mbox, secrets = build(tmp_path)
    code, out, err = run(capsys, "event", str(event), str(lists), "--codes", str(mbox), *DATA,
                         "--format", "json")
    assert code == 1, err  # some lists break the event's troop cap
    doc = json.loads(out)
    assert doc["summary"]["files"] == 60 and doc["summary"]["unreadable"] == 0
    assert [m["player"] for m in doc["missing"]] == [secret("missing", m)
                                                    for m in range(N_MISSING)]
    shared = [r for r in doc["files"] if len(r.get("players", [])) == 2]
    assert len(shared) == 2 * N_SHARED  # both players of a shared list, on both lists
    assert not any(f["rule"] in ("list-not-registered", "registration-count")
                   for r in doc["files"] for f in r["findings"])
    from_codes = [r for r in doc["files"] if r["path"].startswith(f"{mbox}#")]
    assert len(from_codes) == N_CODES

    html, pack = tmp_path / "public.html", tmp_path / "public.pdf"
    code, _, err = run(capsys, "event", str(event), str(lists), "--codes", str(mbox), *DATA,
                       "--format", "html", "-o", str(html), "--pack", str(pack),
                       "--pack-style", "roster", "--anonymise")
    assert code == 1, err
    page = html.read_text(encoding="utf-8")
    reader = PdfReader(str(pack))
    pages = [p.extract_text() for p in reader.pages]
    pdf_text = "\n".join(pages)
    metadata = json.dumps({k: str(v) for k, v in (reader.metadata or {}).items()})
    for where, text in (("html", page), ("pdf", pdf_text), ("pdf metadata", metadata)):
        for token in secrets:
            assert token not in text, (where, token)
        assert "SWB1." not in text  # no share code: it carries the name and notes
    assert "<img" not in page and "<svg" not in page and "data:" not in page
    assert "Share code of this list" not in pdf_text  # the QR code's caption
    assert not any("/XObject" in p.get("/Resources", {}) for p in reader.pages)
    head = re.search(r"<head>.*</head>", page, re.S)
    assert head is not None and "Test Cup" in head.group(0)
    assert page.count('<tr class="missing">') == N_MISSING
    assert [f"List {n}" for n in range(1, 64)] == sorted(
        set(re.findall(r"List \d+", page)), key=lambda s: int(s.split()[1]))
    # the roster-style pack: a cover, then one page a list, each naming its "player"
    sheets = [p for p in pages if "cover · page" not in p]
    assert len(sheets) == 60 and "Turn reference" not in pdf_text
    assert all(re.search(r"List (\d+) · turn summary · page 1", p) for p in sheets)
