"""SPEC §6 "Registrations and privacy" (issue 30): players who bring the same list, copies,
missing lists, folders of *.yml, share codes from e-mails, anonymised reports; and issue 28
item 8: links and special files among submitted lists."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import mailbox
import os
from email.message import EmailMessage
from pathlib import Path

from builder.data import Catalogue
from builder.data.fingerprint import list_fingerprint
from builder.data.share import encode_warband
from builder.events import load_event
from builder.events.submissions import MAX_ERROR_CHARS, gather, texts_of
from tests.conftest import TEST_FACTIONS
from tests.events.test_event import EVENT, list_text, run, write_event

DATA = ("--data", str(TEST_FACTIONS))
GOOD = [("test-leader", 1), ("test-runner", 1)]
OTHER = [("test-leader", 1), ("test-grunt", 1)]


def fp(entries: list[tuple[str, int]]) -> str:
    return list_fingerprint(load_from(entries))


def load_from(entries: list[tuple[str, int]]):
    from tests.helpers import warband

    return warband(entries)


def registered(*pairs: tuple[str, list[tuple[str, int]]]) -> str:
    return EVENT + "lists:\n" + "".join(f"  - {{player: {p}, fingerprint: {fp(e)}}}\n"
                                        for p, e in pairs)


def put(folder: Path, name: str, title: str, entries: list[tuple[str, int]],
        notes: str | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(list_text(title, entries) + (f"notes: {json.dumps(notes)}\n" if notes
                                                 else ""), encoding="utf-8")
    return path


def event_json(capsys, event: Path, *args: str) -> tuple[int, dict, str]:
    code, out, err = run(capsys, "event", str(event), *args, *DATA, "--format", "json")
    return code, json.loads(out) if out else {}, err


# --- who sent what -------------------------------------------------------------------------


def test_two_players_with_the_same_list_both_register(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    put(lists, "ana.warband.yaml", "Ana's", GOOD)
    put(lists, "bo.warband.yaml", "Bo's", GOOD)
    event = write_event(tmp_path, registered(("Ana", GOOD), ("Bo", GOOD)))
    code, doc, _ = event_json(capsys, event, str(lists))
    assert code == 0
    for row in doc["files"]:
        assert row["players"] == ["Ana", "Bo"] and row["player"] == "Ana"
        assert row["findings"] == []
    assert doc["missing"] == []
    _, out, _ = run(capsys, "event", str(event), str(lists), *DATA)
    assert "(test-faction), Ana, Bo, 120/150 pts, legal" in out
    _, out, _ = run(capsys, "event", str(event), str(lists), *DATA, "--format", "csv")
    assert [r["player"] for r in csv.DictReader(io.StringIO(out[1:]))] == ["Ana, Bo"] * 2


def test_a_copy_beyond_the_registrations_is_not_silently_credited(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    put(lists, "ana.warband.yaml", "Mine", GOOD)
    put(lists, "stranger.warband.yaml", "Copied", GOOD)
    event = write_event(tmp_path, registered(("Ana", GOOD)))
    _, doc, _ = event_json(capsys, event, str(lists))
    for row in doc["files"]:
        [warning] = row["findings"]
        assert warning["rule"] == "registration-count" and warning["severity"] == "warning"
        assert warning["message"] == (f"2 submitted lists have fingerprint {fp(GOOD)}, "
                                      "registered by 1 player: a player who did not register "
                                      "may have sent a copy")


def test_the_same_file_given_three_times_is_one_list(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    ana = put(lists, "ana.warband.yaml", "Mine", GOOD)
    os.symlink("ana.warband.yaml", lists / "again.warband.yaml")  # a link to it inside too
    event = write_event(tmp_path, registered(("Ana", GOOD)))
    code, doc, err = event_json(capsys, event, str(ana), str(ana), str(lists))
    assert code == 0
    assert [r["path"] for r in doc["files"]] == [str(ana)]
    assert doc["summary"]["files"] == 1
    assert f"{ana} is the same file as {ana}: checked once" in err


def test_a_registered_player_who_sent_nothing_is_missing(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    put(lists, "ana.warband.yaml", "Mine", GOOD)
    event = write_event(tmp_path, registered(("Ana", GOOD), ("Zoe", OTHER)))
    code, doc, _ = event_json(capsys, event, str(lists))
    assert code == 0  # missing lists do not change the exit status
    assert doc["missing"] == [{"player": "Zoe", "fingerprint": fp(OTHER)}]
    code, out, _ = run(capsys, "event", str(event), str(lists), *DATA)
    assert f"missing: Zoe ({fp(OTHER)})" in out.splitlines()
    _, out, _ = run(capsys, "event", str(event), str(lists), *DATA, "--format", "csv")
    zoe = list(csv.DictReader(io.StringIO(out[1:])))[-1]
    assert zoe == {"path": "", "player": "Zoe", "name": "", "faction": "", "points": "",
                   "points_limit": "", "legal": "", "fingerprint": fp(OTHER),
                   "data_fingerprint": "", "rules": "list-missing"}
    _, out, _ = run(capsys, "event", str(event), str(lists), *DATA, "--format", "html")
    assert '<tr class="missing">' in out and "Zoe" in out
    # anonymised, the missing come after the submitted lists: List 1…F are the files
    _, doc, _ = event_json(capsys, event, str(lists), "--anonymise")
    assert [r["path"] for r in doc["files"]] == ["List 1"]
    assert doc["missing"] == [{"player": "List 2", "fingerprint": fp(OTHER)}]


def test_two_registered_one_sent_is_said(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    put(lists, "ana.warband.yaml", "Mine", GOOD)
    event = write_event(tmp_path, registered(("Ana", GOOD), ("Bo", GOOD)))
    _, doc, _ = event_json(capsys, event, str(lists))
    [row] = doc["files"]
    assert [f["rule"] for f in row["findings"]] == ["registration-count"]
    assert "2 players registered fingerprint" in row["findings"][0]["message"]


# --- the event file ------------------------------------------------------------------------


def test_a_misspelt_faction_is_an_error_in_the_event_file(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    put(lists, "ana.warband.yaml", "Mine", GOOD)
    event = write_event(tmp_path, EVENT.replace("[test-faction]", "[test-factoin]"))
    code, out, err = run(capsys, "event", str(event), str(lists), *DATA)
    assert code == 2 and out == ""
    assert err.startswith(f"{event}:6:12: faction must be one of")
    assert "did you mean 'test-faction'?" in err


def test_an_allowed_faction_without_a_data_pin_is_named(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    put(lists, "ana.warband.yaml", "Mine", GOOD)
    catalogue = Catalogue.load([TEST_FACTIONS], user=False)
    pin = catalogue.data_fingerprint("test-faction")
    text = EVENT.replace("[test-faction]", "[test-faction, soimi]") + \
        f"data: {{test-faction: {pin}}}\n"
    code, _, err = run(capsys, "event", str(write_event(tmp_path, text)), str(lists), *DATA)
    assert code == 0
    assert "faction 'soimi' is allowed but 'data' pins no data for it" in err
    assert "'test-faction'" not in err


# --- what a folder means -------------------------------------------------------------------


def test_folders_take_yml_in_any_case_and_count_the_rest(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    put(lists, "a.warband.yaml", "A", GOOD)
    put(lists, "b.yml", "B", GOOD)
    put(lists / "sub", "C.YAML", "C", GOOD)
    (lists / "readme.txt").write_text("hello")
    (lists / "photo.jpg").write_bytes(b"\xff\xd8")
    code, out, _ = run(capsys, "event", str(write_event(tmp_path)), str(lists), *DATA)
    assert code == 0
    assert "3 lists: 3 legal, 0 illegal, 0 unreadable" in out
    assert out.splitlines()[-1] == "2 other files skipped"
    code, out, _ = run(capsys, "validate", str(lists), *DATA)
    assert "3 lists: 3 legal" in out


# --- share codes ---------------------------------------------------------------------------


def _mail(body: str, cte: str | None = None, subject: str = "my list") -> EmailMessage:
    message = EmailMessage()
    message["From"] = "player@example.org"
    message["Subject"] = subject
    message.set_content(body, cte=cte)
    return message


def mail_export(path: Path, codes: list[str]) -> Path:
    """An mbox as a mail program exports it: one code quoted-printable (wrapped with soft
    line breaks), one in a base64 part, one quoted again in a reply."""
    box = mailbox.mbox(str(path))
    bodies = [("Hola, mi lista: " + codes[0] + "\n¡Nos vemos!", "quoted-printable"),
              ("Here is mine:\n" + codes[1], "base64"),
              ("> " + codes[0] + "\nGot it, thanks", None)]
    bodies += [(f"list {n}: {code}", None) for n, code in enumerate(codes[2:], start=3)]
    for body, cte in bodies:
        box.add(_mail(body, cte))
    box.flush()
    box.close()
    return path


def test_codes_from_a_mail_export_are_submitted_lists(tmp_path: Path, capsys):
    lists = [load_from(GOOD).model_copy(update={"name": "Lista de Ana ñ"}),
             load_from(OTHER).model_copy(update={"name": "Bo"})]
    codes = [encode_warband(w) for w in lists]
    mbox = mail_export(tmp_path / "inbox.mbox", codes + ["SWB1.damaged"])
    raw = mbox.read_text(encoding="utf-8", errors="replace")
    assert codes[0] not in raw and codes[1] not in raw  # wrapped and base64: not as typed
    event = write_event(tmp_path, registered(("Ana", GOOD), ("Bo", OTHER)))
    code, doc, err = event_json(capsys, event, "--codes", str(mbox))
    assert code == 2  # the damaged code is an unreadable submission
    rows = {r["path"]: r for r in doc["files"]}
    assert list(rows) == [f"{mbox}#1", f"{mbox}#2", f"{mbox}#4"]
    assert rows[f"{mbox}#1"]["name"] == "Lista de Ana ñ" and rows[f"{mbox}#1"]["legal"]
    assert rows[f"{mbox}#2"]["player"] == "Bo"
    assert rows[f"{mbox}#4"]["error"].startswith(f"{mbox}#4: ")
    assert "1 share code repeats an earlier one" in err
    assert doc["missing"] == []


def test_texts_of_a_plain_text_is_itself():
    assert texts_of("hello SWB1.abc") == ["hello SWB1.abc"]


def test_no_codes_in_a_text_is_said(tmp_path: Path, capsys):
    empty = tmp_path / "empty.txt"
    empty.write_text("nothing here")
    code, _, err = run(capsys, "event", str(write_event(tmp_path)), "--codes", str(empty), *DATA)
    assert code == 2 and f"no share codes in {empty}" in err


# --- anonymised reports --------------------------------------------------------------------


def test_anonymised_numbers_follow_the_hash_not_the_file_order(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    entries = [GOOD, OTHER, [("test-leader", 1)], [("test-leader", 1), ("test-grunt", 2)]]
    names = ["aaron", "beth", "carl", "dora"]
    for name, e in zip(names, entries, strict=True):
        put(lists, f"{name}.warband.yaml", f"{name.title()}'s list", e, notes=f"{name} notes")
    event = write_event(tmp_path, registered(*zip(names, entries, strict=True)))
    _, plain, _ = event_json(capsys, event, str(lists))
    expected = sorted(plain["files"], key=lambda r: hashlib.sha256(
        f"Test Cup\n{r['fingerprint']}\n{r['path']}".encode()).hexdigest())
    for form in ("json", "text", "csv", "html"):
        _, out, _ = run(capsys, "event", str(event), str(lists), *DATA, "--format", form,
                        "--anonymise")
        for secret in [*names, *(n.title() for n in names), "notes", "warband.yaml",
                       str(lists)]:
            assert secret not in out, (form, secret)
        if form == "json":
            doc = json.loads(out)
            assert [r["fingerprint"] for r in doc["files"]] == \
                [r["fingerprint"] for r in expected]
            assert [r["path"] for r in doc["files"]] == [f"List {n}" for n in range(1, 5)]
            assert [r["players"] for r in doc["files"]] == [[f"List {n}"] for n in range(1, 5)]
    # the same on every run
    first, again = (run(capsys, "event", str(event), str(lists), *DATA, "--format", "json",
                        "--anonymise")[1] for _run in range(2))
    assert first == again


# --- links and special files (issue 28 item 8) ---------------------------------------------


def lists_with_a_link_out(tmp_path: Path) -> Path:
    """A folder with one list and ``evil.warband.yaml``, a link to a secret outside it."""
    lists = tmp_path / "lists"
    put(lists, "ana.warband.yaml", "Mine", GOOD)
    secret = tmp_path / "shadow"
    secret.write_text("root:$y$j9T$SECRETHASH:19000:0:99999:7:::\n")
    os.symlink(secret, lists / "evil.warband.yaml")
    return lists


def test_links_out_of_the_folder_are_named_not_read(tmp_path: Path, capsys):
    lists = lists_with_a_link_out(tmp_path)
    os.symlink("loop-b.yaml", lists / "loop-a.yaml")
    os.symlink("loop-a.yaml", lists / "loop-b.yaml")
    os.mkfifo(lists / "pipe.warband.yaml")
    pack = tmp_path / "pack.pdf"
    code, out, err = run(capsys, "event", str(write_event(tmp_path)), str(lists), *DATA,
                         "--format", "html", "--pack", str(pack))
    assert code == 2 and "Traceback" not in err
    assert "SECRETHASH" not in out
    assert "evil.warband.yaml: is a link to a file outside" in out
    assert "loop-a.yaml: is a link that loops back on itself" in out
    assert "pipe.warband.yaml" in out
    from pypdf import PdfReader

    text = " ".join(p.extract_text() for p in PdfReader(str(pack)).pages)
    assert "SECRETHASH" not in text and "Mine" in text


def test_an_unreadable_file_is_quoted_in_short(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    lines = "".join(f"key{i}: {'x' * 300}\n" for i in range(50))
    (lists).mkdir()
    (lists / "junk.warband.yaml").write_text("schema: spherewars-warband/1\n" + lines)
    _, doc, _ = event_json(capsys, write_event(tmp_path), str(lists))
    [row] = doc["files"]
    assert len(row["error"]) <= MAX_ERROR_CHARS + 2
    assert "x" * 301 not in json.dumps(row)


def test_gather_never_follows_a_loop_with_resolve(tmp_path: Path):
    os.symlink("b.yaml", tmp_path / "a.yaml")
    os.symlink("a.yaml", tmp_path / "b.yaml")
    found = gather([str(tmp_path)], exclude=tmp_path / "a.yaml")
    assert len(found.submissions) == 1  # one of them is "the event": both are named once


def test_event_file_with_a_loaded_catalogue(tmp_path: Path):
    catalogue = Catalogue.load([TEST_FACTIONS], user=False)
    event = load_event(write_event(tmp_path, registered(("Ana", GOOD), ("Bo", GOOD))),
                       catalogue)
    assert event.registrations[fp(GOOD)] == ("Ana", "Bo")


# --- the published page --------------------------------------------------------------------


def test_html_folds_each_lists_entries_under_its_row(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    put(lists, "ana.warband.yaml", "Mine", [("test-leader", 1), ("test-grunt", 2)])
    _, page, _ = run(capsys, "event", str(write_event(tmp_path)), str(lists), *DATA,
                     "--format", "html")
    body = page[page.index('<tbody id="list-1">'):page.index("</tbody>")]
    row, detail = body.split('<tr class="detail">')
    assert 'data-label="Fingerprint"' in row and 'class="fp"' in row
    assert "<details><summary>3 models, 120/150 pts · 0 findings</summary>" in detail
    assert "<li>1× Test Leader · 100 pts</li><li>2× Test Grunt · 20 pts</li>" in detail
    # fingerprints never break; below 40em each list is a block of labelled lines
    assert ".fp{white-space:nowrap" in page
    assert "@media (max-width:40em)" in page and "content:attr(data-label)" in page


def test_the_event_file_is_never_a_submission(tmp_path: Path, capsys):
    event = write_event(tmp_path)
    code, out, err = run(capsys, "event", str(event), str(event), *DATA)
    assert code == 2 and out == ""
    assert "no lists to check besides the event file" in err


def test_validate_does_not_read_links_out_of_its_folder(tmp_path: Path, capsys):
    lists = lists_with_a_link_out(tmp_path)
    code, out, _ = run(capsys, "validate", str(lists), *DATA)
    assert code == 2 and "SECRETHASH" not in out
    assert f"{lists / 'evil.warband.yaml'}: is a link to a file outside {lists}; not read" in out


def test_a_csv_report_with_its_bom_is_replaced_by_the_next_run(tmp_path: Path, capsys):
    lists = tmp_path / "lists"
    put(lists, "ana.warband.yaml", "Mine", GOOD)
    out = tmp_path / "report.csv"
    for _run in range(2):  # the second run finds our own CSV (BOM first) and replaces it
        code, _, err = run(capsys, "event", str(write_event(tmp_path)), str(lists), *DATA,
                           "--format", "csv", "-o", str(out))
        assert code == 0, err
    out.write_text("my own notes\n")
    code, _, err = run(capsys, "event", str(write_event(tmp_path)), str(lists), *DATA,
                       "--format", "csv", "-o", str(out))
    assert code == 2 and "--force" in err and out.read_text() == "my own notes\n"
