"""The event report in four forms (SPEC §6): text for the terminal, JSON (``validate``'s
document plus the event), CSV for a spreadsheet, and one self-contained HTML page to publish.

Every form is built from the same rows (the JSON objects of :func:`builder.events.check_file`).
List names, paths and messages are written by strangers: HTML escapes every one of them, and
CSV cells that a spreadsheet would run as a formula are prefixed with an apostrophe.
"""

from __future__ import annotations

import csv
import io
import json
from html import escape as html_escape
from typing import Any

from builder.i18n import N_, _, current_language, ngettext
from builder.model.event import Event
from builder.safeio import escape as terminal_safe
from builder.safeio import escape_lines


def escape(text: str) -> str:
    """HTML text with the control characters a file may hold written as visible escapes
    (``\\e``), as on the terminal: the page may be printed to one."""
    return html_escape(escape_lines(text))

CSV_COLUMNS = ("path", "player", "name", "faction", "points", "points_limit", "legal",
               "fingerprint", "data_fingerprint", "rules")


def error_rules(row: dict[str, Any]) -> str:
    """The ``rules`` cell: the rule ids of error findings, ``;``-separated, or the error of an
    unreadable file."""
    if "error" in row:
        return str(row["error"])
    return ";".join(f["rule"] for f in row["findings"] if f["severity"] == "error")


def table_rows(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One flat row per file with the CSV columns (None where a value is missing)."""
    return [{"path": r["path"], "player": r.get("player"), "name": r.get("name"),
             "faction": r.get("faction"), "points": r.get("points"),
             "points_limit": r.get("points_limit"), "legal": r["legal"],
             "fingerprint": r.get("fingerprint"), "data_fingerprint": r.get("data_fingerprint"),
             "rules": error_rules(r)} for r in results]


# --- JSON ----------------------------------------------------------------------------------


def json_report(event: Event, results: list[dict[str, Any]], summary: dict[str, int]) -> str:
    """``validate``'s document (one file per line, the C encoder) with ``event`` added."""
    files = ",\n  ".join(json.dumps(r) for r in results)
    return (f'{{"event": {json.dumps(event.header())},\n "files": [\n  {files}\n ],\n'
            f' "summary": {json.dumps(summary)}}}\n')


# --- CSV -----------------------------------------------------------------------------------


def _cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = escape_lines(str(value))
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + text  # a spreadsheet would run it as a formula
    return text


def csv_report(results: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for row in table_rows(results):
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


SEVERITY = {"error": N_("error"), "warning": N_("warning")}


def severity(name: str) -> str:
    """A finding's severity as a report shows it ("error", "warning")."""
    return _(SEVERITY[name]) if name in SEVERITY else name


def verdict(r: dict[str, Any]) -> str:
    """"legal", "ILLEGAL" or "unreadable", as the reports show a row's verdict."""
    if "error" in r:
        return _("unreadable")
    return _("legal") if r["legal"] else _("ILLEGAL")


def points_used(r: dict[str, Any]) -> str:
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


def _safe(text: Any) -> str:
    """Text from a file on one line, its control characters (newlines too) escaped, so that
    it can neither drive the terminal nor forge another line (:func:`builder.safeio.escape`)."""
    return terminal_safe(str(text))


def text_line(r: dict[str, Any]) -> str:
    if "error" in r:
        lines = escape_lines(str(r["error"])).split("\n")
        return "\n".join([f"✘ {lines[0]}"] + [f"    {line}" for line in lines[1:]])
    if r.get("player"):
        head = _("{mark} {path}: {name} ({faction}), {player}, {points}, {verdict} "
                 "[{fingerprint}]")
    else:
        head = _("{mark} {path}: {name} ({faction}), {points}, {verdict} [{fingerprint}]")
    head = head.format(mark="✔" if r["legal"] else "✘", path=_safe(r["path"]),
                       name=_safe(r["name"]), faction=_safe(r["faction"]),
                       player=_safe(r.get("player")), points=points_used(r),
                       verdict=verdict(r), fingerprint=r.get("fingerprint"))
    return "\n".join([head] + [_("    {severity}: {message}").format(
        severity=severity(f["severity"]), message=_safe(f["message"])) for f in r["findings"]])


def text_report(event: Event, results: list[dict[str, Any]], summary: dict[str, int]) -> str:
    lines = [_("Event: {title}").format(title=_safe(event_title(event)))]
    lines += [text_line(r) for r in results]
    lines.append(counts(summary))
    return "\n".join(lines) + "\n"


# --- HTML ----------------------------------------------------------------------------------

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em;color:#111}
h1{margin-bottom:.2em}.meta{color:#555;margin-top:0}
table{border-collapse:collapse;width:100%;font-size:.92em}
th,td{border:1px solid #bbb;padding:.3em .5em;text-align:left;vertical-align:top}
th{background:#eee;cursor:pointer;user-select:none}
th[aria-sort=ascending]::after{content:" \\25B2"}th[aria-sort=descending]::after{content:" \\25BC"}
td.num{text-align:right}tr.illegal td.verdict{color:#a00;font-weight:bold}
tr.legal td.verdict{color:#060}code{font-family:ui-monospace,monospace}
section.list{margin-top:1.5em;break-inside:avoid}section.list h3{margin-bottom:.2em}
ul.findings{margin:.3em 0}li.error{color:#a00}li.warning{color:#850}
@media print{body{margin:0;font-size:10pt}th{cursor:auto}th::after{content:""!important}
thead{display:table-header-group}tr{break-inside:avoid}a{color:inherit;text-decoration:none}}
"""

_JS = """
document.querySelectorAll("table.sortable th").forEach(function(th, col){
 th.addEventListener("click", function(){
  var tbody = th.closest("table").tBodies[0];
  var asc = th.getAttribute("aria-sort") !== "ascending";
  th.closest("tr").querySelectorAll("th").forEach(function(o){o.removeAttribute("aria-sort");});
  th.setAttribute("aria-sort", asc ? "ascending" : "descending");
  var rows = Array.prototype.slice.call(tbody.rows);
  rows.sort(function(a, b){
   var x = a.cells[col].getAttribute("data-sort"), y = b.cells[col].getAttribute("data-sort");
   var nx = parseFloat(x), ny = parseFloat(y);
   var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
   return asc ? c : -c;
  });
  rows.forEach(function(r){tbody.appendChild(r);});
 });
});
"""

_HEADINGS = ("#", N_("Player"), N_("List"), N_("Faction"), N_("Points"), N_("Limit"),
             N_("Verdict"), N_("Fingerprint"), N_("Data"), N_("Broken rules"), N_("File"))


def _td(value: Any, cls: str = "", sort: Any = None) -> str:
    shown = "" if value is None else str(value)
    key = shown if sort is None else str(sort)
    attr = f' class="{cls}"' if cls else ""
    return f'<td{attr} data-sort="{escape(key)}">{escape(shown)}</td>'


def html_report(event: Event, results: list[dict[str, Any]], summary: dict[str, int]) -> str:
    """One page, no external files: the table (click a heading to sort), then every list's
    findings. Every text that comes from a file is escaped."""
    rows = []
    for i, (r, t) in enumerate(zip(results, table_rows(results), strict=True), start=1):
        shown = verdict(r)
        cls = "legal" if r["legal"] else "illegal"
        rows.append(
            f'<tr class="{cls}">' + _td(i, "num") + _td(t["player"]) +
            f'<td data-sort="{escape(str(t["name"] or ""))}"><a href="#list-{i}">'
            f'{escape(str(t["name"] or t["path"]))}</a></td>' + _td(t["faction"]) +
            _td(t["points"], "num", t["points"] if t["points"] is not None else -1) +
            _td(t["points_limit"], "num", t["points_limit"] if t["points_limit"] is not None
                else -1) + _td(shown, "verdict") + _td(t["fingerprint"]) +
            _td(t["data_fingerprint"]) + _td(t["rules"].replace(";", "; ") if "error" not in r
                                              else _("unreadable")) +
            _td(t["path"]) + "</tr>")
    sections = []
    for i, r in enumerate(results, start=1):
        title = escape(str(r.get("name") or r["path"]))
        player = f" — {escape(str(r['player']))}" if r.get("player") else ""
        head = f'<section class="list" id="list-{i}"><h3>{i}. {title}{player}</h3>'
        meta = f'<p class="meta"><code>{escape(str(r["path"]))}</code>'
        if "error" in r:
            body = f'<pre class="error">{escape(str(r["error"]))}</pre>'
        else:
            meta += (f' · {escape(str(r["faction"]))} · {escape(points_used(r))} · '
                     + _("fingerprint {code}").format(
                         code=f'<code>{escape(str(r.get("fingerprint")))}</code>'))
            items = "".join(f'<li class="{escape(f["severity"])}">'
                            f'{escape(severity(f["severity"]))}: '
                            f'{escape(f["message"])} <code>[{escape(f["rule"])}]</code></li>'
                            for f in r["findings"])
            body = (f'<ul class="findings">{items}</ul>' if items
                    else "<p>" + escape(_("No findings: the list is legal.")) + "</p>")
        sections.append(head + meta + "</p>" + body + "</section>")
    heads = "".join(f'<th scope="col">{escape(_(h))}</th>' for h in _HEADINGS)
    return (f"<!DOCTYPE html>\n<html lang=\"{current_language()}\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(event.name)}</title>"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<style>{_CSS}</style></head><body>"
            f"<h1>{escape(event.name)}</h1><p class=\"meta\">{escape(event_title(event))}"
            f" · {escape(counts(summary))}</p>"
            f'<table class="sortable"><thead><tr>{heads}</tr></thead><tbody>'
            + "\n".join(rows) + "</tbody></table><h2>" + escape(_("Findings")) + "</h2>"
            + "\n".join(sections)
            + f"<script>{_JS}</script></body></html>\n")
