"""Registrations and privacy (SPEC §6, event round 2): who sent what, who sent nothing, and
the anonymised order of the lists.

Lists are checked one at a time (on both cores); what depends on all of them is done here,
on the finished JSON rows, in the parent: how many submitted lists share a registered
fingerprint, which registrations have no list, and the ``List N`` labels.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Any

from builder.i18n import _, ngettext
from builder.model.event import Event

MISSING_RULE = "list-missing"
COUNT_RULE = "registration-count"


def reconcile(event: Event, rows: list[dict[str, Any]]) -> list[dict[str, str]]:
    """Warn on lists whose fingerprint was registered by another number of players than
    sent it (a copy sent by a player who did not register, or a player who sent nothing
    while another sent the same list), and return the registrations with no list at all
    (JSON ``missing``: ``{"player", "fingerprint"}``, in the event file's order).

    The warning names no player, so it is the same in an anonymised report."""
    if event.lists is None:
        return []
    sent = Counter(r["fingerprint"] for r in rows if "error" not in r)
    for row in rows:
        players = event.registrations.get(row.get("fingerprint", ""), ())
        n, m = len(players), sent[row.get("fingerprint")]
        if "error" in row or not players or n == m:
            continue
        if m > n:
            message = ngettext(
                "{m} submitted lists have fingerprint {fingerprint}, registered by {n} "
                "player: a player who did not register may have sent a copy",
                "{m} submitted lists have fingerprint {fingerprint}, registered by {n} "
                "players: a player who did not register may have sent a copy", n)
        else:
            message = ngettext(  # m < n, so n is at least 2
                "{n} players registered fingerprint {fingerprint} and {m} submitted list has "
                "it: someone has not sent their list",
                "{n} players registered fingerprint {fingerprint} and {m} submitted lists "
                "have it: someone has not sent their list", m)
        row["findings"].append({"rule": COUNT_RULE, "severity": "warning",
                                "message": message.format(m=m, n=n,
                                                          fingerprint=row["fingerprint"])})
    return [{"player": r.player, "fingerprint": r.fingerprint} for r in event.lists
            if not sent[r.fingerprint]]


def anonymous_order(event: Event, rows: list[dict[str, Any]],
                    missing: list[dict[str, str]]) -> list[tuple[int, int]]:
    """SPEC §6: ``(N, index)`` for every row, then for every missing registration (index
    ``len(rows) + j``). The rows' N follows the order of the SHA-256 of ``EVENT NAME + "\n"
    + FINGERPRINT + "\n" + PATH``: the same on every run, and nothing of the file order or
    names; the missing registrations (no path) come after them, in the order of the same
    hash with an empty path, so that List 1 to List F are the submitted lists, in the pack's
    order too. An unreadable file has no fingerprint: an empty one."""
    def digest(fingerprint: str, path: str) -> str:
        return hashlib.sha256(f"{event.name}\n{fingerprint}\n{path}".encode()).hexdigest()

    files = sorted(range(len(rows)), key=lambda i: (
        digest(rows[i].get("fingerprint") or "", rows[i]["path"]), i))
    gone = sorted(range(len(missing)), key=lambda j: (digest(missing[j]["fingerprint"], ""), j))
    ordered = files + [len(rows) + j for j in gone]
    return [(n, i) for n, i in enumerate(ordered, start=1)]


def anonymise(event: Event, rows: list[dict[str, Any]], missing: list[dict[str, str]]
              ) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """The rows and missing registrations with names, notes, file names and players as
    ``List N`` (each in the order of N, with its ``number``): what an anonymised
    report and pack print. An unreadable file's error (which quotes the file) becomes a
    plain sentence."""
    out_rows: list[dict[str, Any]] = []
    out_missing: list[dict[str, Any]] = []
    for n, i in anonymous_order(event, rows, missing):
        label = _("List {n}").format(n=n)
        if i >= len(rows):
            out_missing.append({"player": label, "number": n,
                                "fingerprint": missing[i - len(rows)]["fingerprint"]})
            continue
        row = dict(rows[i], path=label, number=n)
        if "error" in row:
            row["error"] = _("{list}: the file could not be read").format(list=label)
        else:
            row["name"] = label
        if row.get("players"):
            row["player"], row["players"] = label, [label]
        row.pop("notes", None)
        out_rows.append(row)
    return out_rows, out_missing
