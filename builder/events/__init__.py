"""Tournament events (SPEC §6): read an event file, check lists against it.

An event adds to the game system's checks: its points limit replaces every list's own, its
``rules`` run after the system's, and checks of its own:

- ``event-system``: the list's faction belongs to another game than the event's;
- ``event-faction``: the list's faction is not one the event allows;
- ``list-not-registered``: the event names its registered lists and this list's fingerprint is
  not among them (a registered one reports every player who registered it);
- the data pin: a faction named in ``data`` whose loaded data has another fingerprint stops the
  whole check (:class:`DataPinError`), since every verdict would rest on other profiles.

The event file itself is checked against the loaded data when it is read: a faction in
``factions`` or ``data`` that is not loaded, or a player registered twice, is a mistake placed
at its line. What depends on every submitted list at once (copies, missing players,
``List N``) is in :mod:`builder.events.registrations`; gathering the submissions (folders,
links, share codes) in :mod:`builder.events.submissions`; the command in
:mod:`builder.cli.event`.

Nothing here prints; :mod:`builder.events.output` writes the reports, the CLI and the GUI call
both.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from builder.data import Catalogue, Document, MiB, load_yaml, parse_yaml
from builder.data.fingerprint import list_fingerprint
from builder.data.loading import check, placed, same_kind
from builder.i18n import _
from builder.model import Faction, Warband
from builder.model.event import EVENT_SCHEMA, Event, event_problems, twice_registered
from builder.model.system import Rule
from builder.rules import Report, validate
from builder.rules.cache import rule_cache
from builder.rules.findings import Finding
from builder.rules.wording import EventFaction, EventSystem, NotRegistered

MAX_EVENT_BYTES = 1 * MiB
"""An event file is hand-written like a list; it gets a list's size cap."""


def load_event(path: str | Path, catalogue: Catalogue) -> Event:
    """The event in ``path``, its rules checked against the loaded systems; every mistake is
    a :class:`DataError` with ``FILE:LINE:COLUMN: message``."""
    return event_from(load_yaml(path, MAX_EVENT_BYTES), catalogue)


def parse_event(path: str | Path, text: str, catalogue: Catalogue) -> Event:
    return event_from(parse_yaml(path, text), catalogue)


def event_from(doc: Document, catalogue: Catalogue) -> Event:
    same_kind(doc, "spherewars-event")
    event, problems = check(Event, doc.data, lambda data: event_problems(
        data, catalogue.system_documents, catalogue.factions))
    for first, again, player in twice_registered(doc.data):
        line = doc.locate_key(("lists", first), "player")[0]
        again_line = doc.locate_key(("lists", again), "player")[0]
        problems.append((("lists", again), "player", _(
            "player '{player}' is registered twice (lines {first} and {again}): a player "
            "registers one list").format(player=player.strip()[:200], first=line,
                                         again=again_line)))
    if problems:
        event = None
    return placed(doc, event, problems)


def unpinned_factions(event: Event, used: Iterable[str]) -> list[str]:
    """SPEC §6: when the event pins data, the allowed factions it gives no pin (its
    ``factions``, or else the factions of the lists ``used``): their lists are checked
    against whatever data is loaded."""
    if not event.data:
        return []
    allowed = event.factions if event.factions is not None else sorted(set(used))
    return [f for f in allowed if f not in event.data]


class DataPinError(Exception):
    """The loaded data is not the data the event was pinned to: nothing is checked."""


def faction_fingerprint(catalogue: Catalogue, faction_id: str) -> str | None:
    """The data fingerprint of a loaded faction (None when it is not loaded)."""
    return catalogue.data_fingerprint(faction_id)


def check_data_pins(event: Event, catalogue: Catalogue) -> None:
    """Raise :class:`DataPinError` naming every faction whose loaded data differs from the
    fingerprint the event expects (or that is not loaded at all)."""
    wrong = []
    for faction_id, expected in event.data.items():
        loaded = faction_fingerprint(catalogue, faction_id)
        if loaded is None:
            wrong.append(_("faction '{faction}': the event expects data {expected}, but no "
                           "faction with that id is loaded").format(faction=faction_id,
                                                                     expected=expected))
        elif loaded != expected:
            wrong.append(_("faction '{faction}': the event expects data {expected}, the loaded "
                           "data is {loaded}").format(faction=faction_id, expected=expected,
                                                      loaded=loaded))
    if wrong:
        raise DataPinError(_("{problems} (everyone must use the same data: load the event's "
                             "files with --data)").format(problems="; ".join(wrong)))


@dataclass(frozen=True)
class EventCheck:
    """One list checked against an event."""

    report: Report
    fingerprint: str
    data_fingerprint: str | None
    players: tuple[str, ...]
    """Every player who registered this list's fingerprint (SPEC §6), in the file's order."""
    registered: bool | None
    """None when the event registers no lists."""

    @property
    def legal(self) -> bool:
        return self.report.legal

    @property
    def player(self) -> str | None:
        """The first player who registered the list (JSON ``player``)."""
        return self.players[0] if self.players else None

    def to_json(self, path: str) -> dict[str, Any]:
        out = self.report.to_json(path)
        out["fingerprint"] = self.fingerprint
        out["data_fingerprint"] = self.data_fingerprint
        if self.players:
            out["player"] = self.players[0]
            out["players"] = list(self.players)
        return out


def event_findings(event: Event, warband: Warband, faction: Faction | None,
                   fingerprint: str) -> list[Finding]:
    """The event's own checks (not its rules): system, faction, registration."""
    out: list[Finding] = []
    if event.system is not None and faction is not None and faction.system != event.system:
        out.append(Finding("event-system", "error", EventSystem(
            event.name, event.system, faction.id, faction.system)))
    if event.factions is not None and warband.faction not in event.factions:
        out.append(Finding("event-faction", "error", EventFaction(
            warband.faction, event.name, tuple(event.factions))))
    if event.lists is not None and fingerprint not in event.registrations:
        out.append(Finding("list-not-registered", "error", NotRegistered(
            fingerprint, len(event.lists), event.name)))
    return out


def event_rules(event: Event | None, faction: Faction | None) -> tuple[Rule, ...]:
    """The event's rules a list of ``faction`` is checked against: all of them when the list
    is of the event's game (or the event names no game), none otherwise."""
    if event is None:
        return ()
    same_game = event.system is None or (faction is not None and faction.system == event.system)
    return tuple(event.rules) if same_game else ()


def points_limit(event: Event | None, warband: Warband) -> int | None:
    """The points limit a list is checked against: the event's, else the list's own."""
    if event is not None and event.points_limit is not None:
        return event.points_limit
    return warband.points_limit


def check_list(event: Event, warband: Warband, catalogue: Catalogue) -> EventCheck:
    """The system's rules (with the event's points limit), the event's rules when the list is
    of the event's game, then the event's own checks; never raises."""
    faction = catalogue.get(warband.faction)
    report = validate(warband, faction, points_limit(event, warband),
                      extra_rules=event_rules(event, faction), cache=rule_cache(catalogue))
    fingerprint = list_fingerprint(warband, report.hired, faction)
    extra = event_findings(event, warband, faction, fingerprint)
    if extra:
        report = Report(report.warband, report.points_limit, report.stats,
                        [*report.findings, *extra], report.hired)
    players = event.registrations.get(fingerprint, ())
    return EventCheck(report, fingerprint, faction_fingerprint(catalogue, warband.faction),
                      players, bool(players) if event.lists is not None else None)


def summary_of(results: list[dict[str, Any]]) -> dict[str, int]:
    unreadable = sum(1 for r in results if "error" in r)
    legal = sum(1 for r in results if r["legal"])
    return {"files": len(results), "legal": legal,
            "illegal": len(results) - legal - unreadable, "unreadable": unreadable}


__all__ = ["EVENT_SCHEMA", "DataPinError", "Event", "EventCheck", "MAX_EVENT_BYTES",
           "check_data_pins", "check_list", "event_findings", "event_from", "event_rules",
           "faction_fingerprint", "load_event", "parse_event", "points_limit", "summary_of",
           "unpinned_factions"]
