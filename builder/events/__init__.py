"""Tournament events (SPEC §6): read an event file, check lists against it.

An event adds to the game system's checks: its points limit replaces every list's own, its
``rules`` run after the system's, and checks of its own (``event-system``, ``event-faction``,
``list-not-registered``); how a list is checked in an event's context is the list document's
(:mod:`builder.document.context`), which every list is checked by. Here: the data pin (a faction
named in ``data`` whose loaded data has another fingerprint stops the whole check,
:class:`DataPinError`, since every verdict would rest on other profiles).

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

from collections.abc import Callable, Collection, Iterable, Mapping
from pathlib import Path
from typing import Any

from builder.data import Catalogue, Document, MiB, load_yaml, parse_yaml
from builder.data.loading import check, placed, same_kind
from builder.document.context import (
    Context,
    ListCheck,
    event_findings,
    event_rules,
    points_limit,
)
from builder.document.warband import check_warband
from builder.i18n import _
from builder.model import Warband
from builder.model.event import EVENT_SCHEMA, Event, event_problems, twice_registered
from builder.rules import Report

MAX_EVENT_BYTES = 1 * MiB
"""An event file is hand-written like a list; it gets a list's size cap."""


def load_event(path: str | Path, catalogue: Catalogue, games: Games | None = None) -> Event:
    """The event in ``path``, its rules checked against the loaded systems; every mistake is
    a :class:`DataError` with ``FILE:LINE:COLUMN: message``. ``games``: the BattleScribe game
    systems it may name too, with their catalogue ids (its ``factions`` for rosters, SPEC
    §10): :data:`Games`."""
    return event_from(load_yaml(path, MAX_EVENT_BYTES), catalogue, games)


def parse_event(path: str | Path, text: str, catalogue: Catalogue,
                games: Games | None = None) -> Event:
    return event_from(parse_yaml(path, text), catalogue, games)


Games = Callable[[], Mapping[str, Collection[str]]]
"""The BattleScribe game systems an event may name, with their catalogue ids (SPEC §10),
asked for only when the event names a system or faction the SphereWars data does not have."""


def event_from(doc: Document, catalogue: Catalogue, games: Games | None = None) -> Event:
    systems: Mapping[str, Any] = catalogue.system_documents
    factions: Collection[str] = catalogue.factions
    if games is not None and _names_other(doc.data, systems, factions):
        found = games()
        systems = {**systems, **{ident: None for ident in found if ident not in systems}}
        factions = {*factions, *(c for ids in found.values() for c in ids)}
    same_kind(doc, "spherewars-event")
    event, problems = check(Event, doc.data, lambda data: event_problems(
        data, systems, factions))
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


def _names_other(data: Any, systems: Mapping[str, Any], factions: Collection[str]) -> bool:
    """Whether the event names a system or a faction the SphereWars data does not have."""
    if not isinstance(data, dict):
        return False
    system, named = data.get("system"), data.get("factions")
    return (isinstance(system, str) and system not in systems) or (
        isinstance(named, list) and any(isinstance(f, str) and f not in factions
                                        for f in named))


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


EventCheck = ListCheck
"""One list checked against an event (the list document's :class:`ListCheck`)."""


def check_list(event: Event, warband: Warband, catalogue: Catalogue) -> EventCheck[Report]:
    """The system's rules (with the event's points limit), the event's rules when the list is
    of the event's game, then the event's own checks; never raises
    (:func:`builder.document.check_warband` in the event's context)."""
    return check_warband(Context(catalogue, event), warband)


def summary_of(results: list[dict[str, Any]]) -> dict[str, int]:
    unreadable = sum(1 for r in results if "error" in r)
    legal = sum(1 for r in results if r["legal"])
    return {"files": len(results), "legal": legal,
            "illegal": len(results) - legal - unreadable, "unreadable": unreadable}


__all__ = ["EVENT_SCHEMA", "DataPinError", "Event", "EventCheck", "MAX_EVENT_BYTES",
           "check_data_pins", "check_list", "event_findings", "event_from", "event_rules",
           "faction_fingerprint", "load_event", "parse_event", "points_limit", "summary_of",
           "unpinned_factions"]
