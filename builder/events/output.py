"""The event report in four forms (SPEC §6): text for the terminal, JSON (``validate``'s
document plus the event), CSV for a spreadsheet, and one self-contained HTML page to publish.

Every form is built from the same rows (the JSON objects of
:func:`builder.events.submissions.check_submission`) and the missing registrations.
List names, paths and messages are written by strangers: HTML escapes every one of them, and
CSV cells that a spreadsheet would run as a formula (whatever spaces or invisible characters
come first) are prefixed with an apostrophe.
"""

from __future__ import annotations

import csv
import io
import json
import unicodedata
from collections.abc import Collection, Sequence
from functools import lru_cache
from html import escape as html_escape
from typing import Any

from builder.events.registrations import MISSING_RULE
from builder.i18n import N_, _, ngettext
from builder.model.event import Event
from builder.plumbing.output_guard import CSV_COLUMNS
from builder.plumbing.terminal_text import escape as terminal_safe
from builder.plumbing.terminal_text import escape_lines


@lru_cache(maxsize=4096)
def escape(text: str) -> str:
    """HTML text with the control characters a file may hold written as visible escapes
    (``\\e``), as on the terminal: the page may be printed to one. (Kept: a report writes
    the same factions, verdicts, rules and players in row after row.)"""
    return html_escape(escape_lines(text))

def error_rules(row: dict[str, Any]) -> str:
    """The ``rules`` cell: the rule ids of error findings, ``;``-separated, or the error of an
    unreadable file."""
    if "error" in row:
        return str(row["error"])
    return ";".join(f["rule"] for f in row["findings"] if f["severity"] == "error")


def players(row: dict[str, Any]) -> str | None:
    """Every player who registered the row's list, joined with ``, `` (SPEC §6)."""
    names = row.get("players") or ([row["player"]] if row.get("player") else [])
    return ", ".join(names) or None


def table_rows(results: list[dict[str, Any]], missing: Sequence[dict[str, str]] = ()
               ) -> list[dict[str, Any]]:
    """One flat row per file with the CSV columns (None where a value is missing), then one
    per missing registration (empty ``path`` and ``legal``, ``rules`` = ``list-missing``)."""
    return [{"path": r["path"], "player": players(r), "name": r.get("name"),
             "faction": r.get("faction"), "points": r.get("points"),
             "points_limit": r.get("points_limit"), "legal": r["legal"],
             "fingerprint": r.get("fingerprint"), "data_fingerprint": r.get("data_fingerprint"),
             "rules": error_rules(r)} for r in results] + [
        {"path": None, "player": m["player"], "name": None, "faction": None, "points": None,
         "points_limit": None, "legal": None, "fingerprint": m["fingerprint"],
         "data_fingerprint": None, "rules": MISSING_RULE} for m in missing]


# --- JSON ----------------------------------------------------------------------------------


def json_report(event: Event, results: list[dict[str, Any]], summary: dict[str, int],
                missing: Sequence[dict[str, str]] = ()) -> str:
    """``validate``'s document (one file per line, the C encoder) with ``event`` added, and
    ``missing`` when the event registers lists."""
    files = ",\n  ".join(json.dumps(r) for r in results)
    shown = [{"player": m["player"], "fingerprint": m["fingerprint"]} for m in missing]
    gone = f' "missing": {json.dumps(shown)},\n' if event.lists is not None else ""
    return (f'{{"event": {json.dumps(event.header())},\n "files": [\n  {files}\n ],\n'
            f'{gone} "summary": {json.dumps(summary)}}}\n')


# --- CSV -----------------------------------------------------------------------------------


FORMULA_SIGNS = frozenset("=+-@")


def runs_as_formula(text: str) -> bool:
    """Whether a spreadsheet could read ``text`` as a formula: its first character other than
    a space, a control or an invisible one (a tab, a newline, a no-break or zero-width space)
    is ``=``, ``+``, ``-`` or ``@`` in any width (``＝`` is ``=`` to a spreadsheet that folds
    full-width forms)."""
    for char in text:
        if char.isspace() or unicodedata.category(char) in ("Cc", "Cf", "Zs", "Zl", "Zp"):
            continue
        return unicodedata.normalize("NFKC", char)[:1] in FORMULA_SIGNS
    return False


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    raw = str(value)
    text = escape_lines(raw)
    if runs_as_formula(raw) or runs_as_formula(text):
        return "'" + text  # neutralised: shown as text, never run
    return text


BOM = "\ufeff"
"""Starts the CSV: spreadsheet programs then read it as UTF-8, not as the system's code page
(which turns Tir'Abé into TirÂ'AbÃ©)."""


def csv_report(results: list[dict[str, Any]], missing: Sequence[dict[str, str]] = ()) -> str:
    out = io.StringIO()
    out.write(BOM)
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in table_rows(results, missing):
        writer.writerow([_cell(row[c]) for c in CSV_COLUMNS])
    return out.getvalue()


# --- text ----------------------------------------------------------------------------------


def event_title(event: Event) -> str:
    parts = [event.name]
    if event.date:
        parts.append(event.date.isoformat())
    if event.system:
        parts.append(event.system)
    if event.points_limit is not None:
        parts.append(_("{points} pts").format(points=event.points_limit))
    return " · ".join(parts)


SEVERITY = {"error": N_("error"), "warning": N_("warning"), "info": N_("note")}


def severity(name: str) -> str:
    """A finding's severity as a report shows it ("error", "warning"; "note" for a
    BattleScribe modifier's info message)."""
    return _(SEVERITY[name]) if name in SEVERITY else name


def verdict(r: dict[str, Any]) -> str:
    """"legal", "ILLEGAL" or "unreadable", as the reports show a row's verdict."""
    if "error" in r:
        return _("unreadable")
    return _("legal") if r["legal"] else _("ILLEGAL")


def points_used(r: dict[str, Any]) -> str:
    """"332/400 pts", or "332 pts" with no limit (``validate``'s words too); a roster's
    every cost that counts, "Points 114/200, Fuel 32" (SPEC §10)."""
    if "costs" in r:
        from builder.export.roster_text import cost_text

        return ", ".join(cost_text(c["name"], c["value"], c["limit"]) for c in r["costs"]
                         if c["value"] or c["limit"] is not None)
    if r["points_limit"] is None:
        return _("{points} pts").format(points=r["points"])
    return _("{points}/{limit} pts").format(points=r["points"], limit=r["points_limit"])


def counts(summary: dict[str, int]) -> str:
    """"2 lists: 1 legal, 1 illegal, 0 unreadable"."""
    n = summary["files"]
    return ngettext("{n} list: {legal} legal, {illegal} illegal, {unreadable} unreadable",
                    "{n} lists: {legal} legal, {illegal} illegal, {unreadable} unreadable",
                    n).format(n=n, legal=summary["legal"], illegal=summary["illegal"],
                              unreadable=summary["unreadable"])


def safe(text: Any) -> str:
    """Text from a file on one line, its control characters (newlines too) escaped, so that
    it can neither drive the terminal nor forge another line
    (:func:`builder.plumbing.terminal_text.escape`)."""
    return terminal_safe(str(text))


def text_line(r: dict[str, Any], costed: bool = True) -> str:
    """A row's lines; without ``costed`` (its game counts no points) the points are left
    out, not shown as 0."""
    if "error" in r:
        lines = escape_lines(str(r["error"])).split("\n")
        return "\n".join([f"✘ {lines[0]}"] + [f"    {line}" for line in lines[1:]])
    if players(r) and costed:
        head = _("{mark} {path}: {name} ({faction}), {player}, {points}, {verdict} "
                 "[{fingerprint}]")
    elif players(r):
        head = _("{mark} {path}: {name} ({faction}), {player}, {verdict} [{fingerprint}]")
    elif costed:
        head = _("{mark} {path}: {name} ({faction}), {points}, {verdict} [{fingerprint}]")
    else:
        head = _("{mark} {path}: {name} ({faction}), {verdict} [{fingerprint}]")
    head = head.format(mark="✔" if r["legal"] else "✘", path=safe(r["path"]),
                       name=safe(r["name"]), faction=safe(r["faction"]),
                       player=safe(players(r)), points=points_used(r),
                       verdict=verdict(r), fingerprint=r.get("fingerprint"))
    return "\n".join([head] + [_("    {severity}: {message}").format(
        severity=severity(f["severity"]), message=safe(f["message"])) for f in r["findings"]])


def missing_line(m: dict[str, str]) -> str:
    return _("missing: {player} ({fingerprint})").format(player=safe(m["player"]),
                                                         fingerprint=m["fingerprint"])


def skipped_line(skipped: int) -> str:
    return ngettext("{n} other file skipped", "{n} other files skipped",
                    skipped).format(n=skipped)


def text_report(event: Event, results: list[dict[str, Any]], summary: dict[str, int],
                missing: Sequence[dict[str, str]] = (), skipped: int = 0,
                uncosted: Collection[str] = ()) -> str:
    """``uncosted``: the factions whose game counts no points."""
    lines = [_("Event: {title}").format(title=safe(event_title(event)))]
    lines += [text_line(r, r.get("faction") not in uncosted) for r in results]
    lines += [missing_line(m) for m in missing]
    lines.append(counts(summary))
    if skipped:
        lines.append(skipped_line(skipped))
    return "\n".join(lines) + "\n"
