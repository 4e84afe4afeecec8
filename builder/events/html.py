"""The event report as one self-contained HTML page to publish (SPEC §6).

The table of every list (click a heading to sort) with each list's entries and findings
folded under its row, and the registrations with no list. It reads on a phone: below 40em
each list is a block of labelled lines instead of a row of eleven columns. Fingerprints never
break across lines. Every text from a file is escaped; no script or style is loaded from
elsewhere.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from builder.events.output import (
    counts,
    escape,
    event_title,
    points_used,
    severity,
    table_rows,
    verdict,
)
from builder.i18n import N_, _, current_language, ngettext
from builder.model.event import Event

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2em;color:#111;
line-height:1.35}
h1{margin-bottom:.2em;overflow-wrap:anywhere}.meta{color:#555;margin-top:0}
table{border-collapse:collapse;width:100%;font-size:.92em}
th,td{border:1px solid #bbb;padding:.3em .5em;text-align:left;vertical-align:top;
overflow-wrap:break-word}td.path{overflow-wrap:anywhere;min-width:8em}td.verdict{white-space:nowrap}
th{background:#eee;cursor:pointer;user-select:none;white-space:nowrap}
th[aria-sort=ascending]::after{content:" \\25B2"}th[aria-sort=descending]::after{content:" \\25BC"}
td.num{text-align:right}tr.illegal td.verdict,tr.missing td.verdict{color:#a00;font-weight:bold}
tr.legal td.verdict{color:#060}code,.fp{font-family:ui-monospace,monospace}
.fp{white-space:nowrap;overflow-wrap:normal}
tr.detail td{border-top:none;background:#fafafa}details summary{cursor:pointer;color:#235}
ul.entries,ul.findings{margin:.3em 0;padding-left:1.4em}li.error{color:#a00}
li.warning{color:#850}pre.error{white-space:pre-wrap;overflow-wrap:anywhere;margin:.3em 0}
@media (max-width:40em){
body{margin:.6em}table.sortable thead{display:none}
table.sortable,table.sortable tbody,table.sortable tr,table.sortable td{display:block}
table.sortable tbody{border:1px solid #bbb;margin:0 0 .7em}
table.sortable td{border:none;padding:.1em .5em}td.num{text-align:left}
table.sortable td[data-label]::before{content:attr(data-label) ": ";color:#555;
font:normal 1em system-ui,-apple-system,"Segoe UI",sans-serif}
table.sortable td:empty{display:none}}
@media print{body{margin:0;font-size:10pt}th{cursor:auto}th::after{content:""!important}
thead{display:table-header-group}tbody{break-inside:avoid}a{color:inherit;text-decoration:none}}
"""

# Each list is a <tbody> of its row and its folded details: sorting moves both together.
_JS = """
document.querySelectorAll("table.sortable th").forEach(function(th, col){
 th.addEventListener("click", function(){
  var table = th.closest("table");
  var asc = th.getAttribute("aria-sort") !== "ascending";
  th.closest("tr").querySelectorAll("th").forEach(function(o){o.removeAttribute("aria-sort");});
  th.setAttribute("aria-sort", asc ? "ascending" : "descending");
  var bodies = Array.prototype.slice.call(table.tBodies);
  bodies.sort(function(a, b){
   var x = a.rows[0].cells[col].getAttribute("data-sort");
   var y = b.rows[0].cells[col].getAttribute("data-sort");
   var nx = parseFloat(x), ny = parseFloat(y);
   var c = (!isNaN(nx) && !isNaN(ny)) ? nx - ny : x.localeCompare(y);
   return asc ? c : -c;
  });
  bodies.forEach(function(b){table.appendChild(b);});
 });
});
"""

_HEADINGS = ("#", N_("Player"), N_("List"), N_("Faction"), N_("Points"), N_("Limit"),
             N_("Verdict"), N_("Fingerprint"), N_("Data"), N_("Broken rules"), N_("File"))


def _td(value: Any, label: str, cls: str = "", sort: Any = None) -> str:
    shown = "" if value is None else str(value)
    key = shown if sort is None else str(sort)
    attr = f' class="{cls}"' if cls else ""
    return (f'<td{attr} data-label="{escape(label)}" data-sort="{escape(key)}">'
            f"{escape(shown)}</td>")


def _entries(r: dict[str, Any]) -> str:
    items = []
    for e in r.get("entries") or ():
        points = "" if e["points"] is None else " · " + _("{points} pts").format(
            points=e["points"])
        options = f" ({', '.join(e['options'])})" if e.get("options") else ""
        items.append(f"<li>{e['count']}× {escape(str(e['name']) + options)}{escape(points)}"
                     "</li>")
    for p in r.get("picks") or ():  # SPEC §9: what the list took once, with its entries
        points = "" if p["points"] is None else " · " + _("{points} pts").format(
            points=p["points"])
        pick = _("{kind}: {name}").format(kind=p.get("kind") or _("Extras"), name=p["name"])
        items.append(f'<li class="pick">{escape(pick)}{escape(points)}</li>')
    return f'<ul class="entries">{"".join(items)}</ul>' if items else ""


def _details(r: dict[str, Any]) -> str:
    """What folds under a row: the list's entries and every finding, or the file's error."""
    if "error" in r:
        return f'<pre class="error">{escape(str(r["error"]))}</pre>'
    findings = "".join(f'<li class="{escape(f["severity"])}">'
                       f'{escape(severity(f["severity"]))}: {escape(f["message"])} '
                       f'<code>[{escape(f["rule"])}]</code></li>' for f in r["findings"])
    body = _entries(r)
    body += (f'<ul class="findings">{findings}</ul>' if findings
             else "<p>" + escape(_("No findings: the list is legal.")) + "</p>")
    models = sum(e["count"] for e in r.get("entries") or ())
    summary = (ngettext("{n} model, {points}", "{n} models, {points}", models).format(
        n=models, points=points_used(r)) if r.get("entries") is not None
        else points_used(r))
    n = len(r["findings"])
    summary += " · " + ngettext("{n} finding", "{n} findings", n).format(n=n)
    return f"<details><summary>{escape(summary)}</summary>{body}</details>"


def html_page(event: Event, results: list[dict[str, Any]], summary: dict[str, int],
              missing: Sequence[dict[str, str]] = ()) -> str:
    """One page, no external files; every text that comes from a file is escaped."""
    labels = [_(h) for h in _HEADINGS]
    bodies = []
    flat = table_rows(results, missing)
    for i, t in enumerate(flat, start=1):
        r = results[i - 1] if i <= len(results) else None
        m = missing[i - len(results) - 1] if r is None else None
        number = (r if r is not None else m or {}).get("number", i)
        if r is None:
            cls, shown = "missing", _("missing")
        else:
            cls, shown = ("legal" if r["legal"] else "illegal"), verdict(r)
        rules = (_("unreadable") if r is not None and "error" in r
                 else t["rules"].replace(";", "; "))
        row = (f'<tr class="{cls}">' + _td(number, labels[0], "num") +
               _td(t["player"], labels[1]) + _td(t["name"] or t["path"], labels[2]) +
               _td(t["faction"], labels[3]) +
               _td(t["points"], labels[4], "num", t["points"] if t["points"] is not None
                   else -1) +
               _td(t["points_limit"], labels[5], "num", t["points_limit"]
                   if t["points_limit"] is not None else -1) +
               _td(shown, labels[6], "verdict") + _td(t["fingerprint"], labels[7], "fp") +
               _td(t["data_fingerprint"], labels[8], "fp") + _td(rules, labels[9]) +
               _td(t["path"], labels[10], "path") + "</tr>")
        detail = ("" if r is None else
                  f'<tr class="detail"><td colspan="{len(labels)}">{_details(r)}</td></tr>')
        bodies.append(f'<tbody id="list-{number}">{row}{detail}</tbody>')
    heads = "".join(f'<th scope="col">{escape(h)}</th>' for h in labels)
    gone = ""
    if missing:
        gone = ("<p>" + escape(ngettext("{n} registered list was not submitted.",
                                        "{n} registered lists were not submitted.",
                                        len(missing)).format(n=len(missing))) + "</p>")
    return (f"<!DOCTYPE html>\n<html lang=\"{current_language()}\"><head><meta charset=\"utf-8\">"
            f"<title>{escape(event.name)}</title>"
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<style>{_CSS}</style></head><body>"
            f"<h1>{escape(event.name)}</h1><p class=\"meta\">{escape(event_title(event))}"
            f" · {escape(counts(summary))}</p>{gone}"
            f'<table class="sortable"><thead><tr>{heads}</tr></thead>'
            + "\n".join(bodies) + "</table>"
            + f"<script>{_JS}</script></body></html>\n")
