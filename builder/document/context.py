"""The rule context of a list: its data, the event it is checked against, a points limit for
every list (``validate --points``); and what an event adds to any list's check (SPEC §6).

This is the one place where it is decided how a list is checked: the open document, the
command line's ``validate``, an event's submissions and the catalogue's dimmed rows all ask a
:class:`Context`, so they cannot drift apart. What an event checks of its own:

- ``event-system``: the list belongs to another game than the event's;
- ``event-faction``: the list's faction is not one the event allows;
- ``list-not-registered``: the event names its registered lists and this list's fingerprint is
  not among them (a registered one reports every player who registered it).

Its points limit replaces the list's own, and its ``rules`` run after the system's for a list of
its game. Reading an event file, its data pins and the reports are :mod:`builder.events`'.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from builder.model import Faction, Warband
from builder.model.event import Event
from builder.model.system import Rule
from builder.rules.findings import Finding
from builder.rules.wording import EventFaction, EventSystem, NotRegistered

D = TypeVar("D")
"""A kind's data: the loaded SphereWars data (a :class:`~builder.data.Catalogue`) for
warbands."""


@dataclass(frozen=True)
class Context(Generic[D]):
    """How a list is checked: against ``data``, under ``event`` (None: none), with ``points``
    the limit for every list when the event sets none (None: each list's own)."""

    data: D
    event: Event | None = None
    points: int | None = None

    @property
    def points_override(self) -> int | None:
        """The limit that replaces a list's own: the event's, else ``points``; None keeps the
        list's."""
        if self.event is not None and self.event.points_limit is not None:
            return self.event.points_limit
        return self.points

    def points_limit(self, own: int | None) -> int | None:
        """The limit a list whose own limit is ``own`` is checked against."""
        override = self.points_override
        return own if override is None else override

    def extra_rules(self, faction: Faction | None) -> tuple[Rule, ...]:
        """The event's rules a list of ``faction`` is checked against after its system's."""
        return event_rules(self.event, faction)


class Verdict(Protocol):
    """What every kind's report says: whether the list is legal, its findings, its row of
    ``validate --format json`` (SPEC §4, §10)."""

    @property
    def legal(self) -> bool: ...

    @property
    def findings(self) -> Sequence[Any]: ...

    def to_json(self, path: str) -> dict[str, Any]: ...


V = TypeVar("V", bound=Verdict)


@dataclass(frozen=True)
class ListCheck(Generic[V]):
    """One list checked in its context: its report, its fingerprints and, under an event
    with registrations, who registered it."""

    report: V
    fingerprint: str
    data_fingerprint: str | None
    players: tuple[str, ...] = ()
    """Every player who registered this list's fingerprint (SPEC §6), in the file's order."""
    registered: bool | None = None
    """None when the event registers no lists (or there is no event)."""

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


def registration(event: Event | None, fingerprint: str) -> tuple[tuple[str, ...], bool | None]:
    """Who registered ``fingerprint`` at ``event``, and whether anyone did (None when the
    event registers no lists)."""
    if event is None:
        return (), None
    players = event.registrations.get(fingerprint, ())
    return players, bool(players) if event.lists is not None else None


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
    late = not_registered(event, fingerprint)
    if late is not None:
        out.append(late)
    return out


def not_registered(event: Event, fingerprint: str) -> Finding | None:
    """``list-not-registered`` when the event registers lists and not this one."""
    if event.lists is None or fingerprint in event.registrations:
        return None
    return Finding("list-not-registered", "error", NotRegistered(
        fingerprint, len(event.lists), event.name))


def event_rules(event: Event | None, faction: Faction | None) -> tuple[Rule, ...]:
    """The event's rules a list of ``faction`` is checked against: all of them when the list
    is of the event's game (or the event names no game), none otherwise."""
    if event is None:
        return ()
    same_game = event.system is None or (faction is not None and faction.system == event.system)
    return tuple(event.rules) if same_game else ()


def points_limit(event: Event | None, warband: Warband) -> int | None:
    """The points limit a list is checked against: the event's, else the list's own."""
    return Context(None, event).points_limit(warband.points_limit)


__all__ = ["Context", "ListCheck", "Verdict", "event_findings", "event_rules",
           "not_registered", "points_limit", "registration"]
