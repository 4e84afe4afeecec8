"""Recruiting rules: a validation returns findings and derived figures, it never raises."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.model import Faction, Warband
from builder.rules.checks import CHECKS, Roster
from builder.rules.findings import Finding


@dataclass(frozen=True)
class Stats:
    """Derived figures of SPEC §3 (also printed on the turn summary sheet)."""

    points: int = 0
    models: int = 0
    messengers: int = 0
    messenger_cap: int = 0
    orders: int = 0
    """Sum of MAN over all combatants: "add the command (MAN) value of your Warband"."""
    power_gems: int = 0
    """Sum of POD over all combatants (*Actualisation phase*)."""
    deployment_drop: int = 0
    """MAN of the leader with the highest MAN: combatants or squads placed per deployment turn."""

    def to_json(self) -> dict[str, int]:
        return {"models": self.models, "messengers": self.messengers,
                "messenger_cap": self.messenger_cap, "orders": self.orders,
                "power_gems": self.power_gems, "deployment_drop": self.deployment_drop}


@dataclass(frozen=True)
class Report:
    warband: Warband
    points_limit: int | None
    stats: Stats
    findings: list[Finding] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not any(f.severity == "error" for f in self.findings)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    def to_json(self, path: str) -> dict[str, Any]:
        return {"path": path, "name": self.warband.name, "faction": self.warband.faction,
                "legal": self.legal, "points": self.stats.points,
                "points_limit": self.points_limit, "stats": self.stats.to_json(),
                "findings": [f.to_json() for f in self.findings]}


def stats_of(roster: Roster) -> Stats:
    hired = roster.hired()
    leaders_man = [c.profile.MAN or 0 for c, _n in hired if c.type == "leader"]
    return Stats(
        points=roster.points,
        models=sum(n for _c, n in hired),
        messengers=roster.messengers,
        messenger_cap=roster.messenger_cap,
        orders=sum((c.profile.MAN or 0) * n for c, n in hired),
        power_gems=sum((c.profile.POD or 0) * n for c, n in hired),
        deployment_drop=max(leaders_man, default=0),
    )


def validate(warband: Warband, faction: Faction | None,
             points_override: int | None = None) -> Report:
    """Check a warband against its faction; never raises. ``points_override`` replaces the
    list's own limit (an event's limit, ``--points``)."""
    limit = warband.points_limit if points_override is None else points_override
    if faction is None or faction.id != warband.faction:
        finding = Finding("unknown-faction", "error",
                          f"Unknown faction '{warband.faction}': no faction data with that id "
                          "is loaded")
        return Report(warband, limit, Stats(), [finding])
    roster = Roster.resolve(warband, faction, limit)
    findings = [f for check in CHECKS for f in check(roster)]
    return Report(warband, limit, stats_of(roster), findings)


__all__ = ["Finding", "Report", "Roster", "Stats", "validate"]
