"""An event checked (SPEC §6): every submission checked, reconciled with the registrations
and, when asked, anonymised; and the report written in the form asked for. ``spherewars
event`` (:mod:`builder.cli.event`), the list pack and the app's event dialog share it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from builder.data import Catalogue
from builder.events import summary_of, unpinned_factions
from builder.events.registrations import anonymise, reconcile
from builder.events.submissions import Gathered, Submission, check_submission
from builder.model.event import Event


@dataclass
class Checked:
    """An event checked: the rows (as reports print them) and the submissions they came
    from, in the same order, the registrations with no list, and the counts."""

    event: Event
    rows: list[dict[str, Any]]
    submissions: list[Submission]
    missing: list[dict[str, str]]
    summary: dict[str, int]
    skipped: int = 0
    unpinned: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    empty: list[str] = field(default_factory=list)
    bsdata: Sequence[str] = ()
    """The BattleScribe data folders the rosters were read with (for the pack)."""
    uncosted: frozenset[str] = frozenset()
    """The factions of the rows whose game counts no points (their points are left out of
    the text report, as ``validate`` leaves them out)."""


def check_event(event: Event, gathered: Gathered, catalogue: Catalogue, *,
                anonymous: bool = False, entries: bool = False, fork: bool = True,
                bsdata: Sequence[str] = ()) -> Checked:
    """Every submission checked (on both cores unless not ``fork``: the app never forks),
    reconciled with the registrations and, when ``anonymous``, labelled ``List N`` and put
    in that order (SPEC §6); rosters against their BattleScribe data (``bsdata``, then the
    installed data)."""
    from builder.plumbing.forks import map_in_halves

    subs = gathered.submissions

    def one(sub: Submission) -> dict[str, Any]:
        return check_submission(event, sub, catalogue, entries=entries, bsdata=bsdata)

    rows = map_in_halves(one, subs) if fork else [one(sub) for sub in subs]
    missing = reconcile(event, rows)
    used = [r["faction"] for r in rows if "error" not in r]
    if anonymous:
        from builder.events.registrations import anonymous_order

        order = [i for _n, i in anonymous_order(event, rows, missing) if i < len(rows)]
        rows, missing = anonymise(event, rows, missing)
        subs = [subs[i] for i in order]
    uncosted = frozenset(f for f in used if (faction := catalogue.get(f)) is not None
                         and faction.game.cost is None)
    return Checked(event, rows, subs, missing, summary_of(rows), gathered.skipped,
                   unpinned_factions(event, used), gathered.notes, gathered.empty,
                   tuple(bsdata), uncosted)


def render(checked: Checked, form: str) -> str:
    from builder.events import output

    event, rows, missing, summary = (checked.event, checked.rows, checked.missing,
                                     checked.summary)
    if form == "json":
        return output.json_report(event, rows, summary, missing)
    if form == "csv":
        return output.csv_report(rows, missing)
    if form == "html":
        from builder.events.html import html_page

        return html_page(event, rows, summary, missing)
    return output.text_report(event, rows, summary, missing, checked.skipped,
                              checked.uncosted)
