"""Recruiting rules: a validation returns findings and derived figures, it never raises.

The rules are the game system's (SPEC §5), run by :mod:`builder.rules.engine`; nothing here
knows a game.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from builder.model import Faction, Warband
from builder.model.system import Rule
from builder.rules.builtin import check_builtin
from builder.rules.cache import Evaluation, RuleCache
from builder.rules.engine import caps, evaluate, figures, moved, points
from builder.rules.findings import Finding
from builder.rules.forms import check_rule
from builder.rules.wording import UnknownFaction


@dataclass(frozen=True)
class Stats:
    """What every validation reports besides findings: the points (the sum of the system's
    cost stat), the models, and the system's figures by id (SPEC §4, §5)."""

    points: int = 0
    models: int = 0
    figures: dict[str, int] = field(default_factory=dict)
    caps: dict[str, int] = field(default_factory=dict)
    """Figure id -> the bound of the rule that caps it (a form-1 rule whose ``count`` is the
    figure's value), so a view can show "3 / 2". Not part of the JSON."""

    def __getattr__(self, name: str) -> int:
        figures = self.__dict__.get("figures", {})
        if name in figures:
            return figures[name]
        raise AttributeError(name)

    def to_json(self) -> dict[str, int]:
        return {"models": self.models, **self.figures}


@dataclass(frozen=True)
class Report:
    warband: Warband
    points_limit: int | None
    stats: Stats
    findings: list[Finding] = field(default_factory=list)
    hired: dict[str, int] | None = None
    """Models per combatant id over all entries (unknown ids too), as validated: what the
    list fingerprint and the catalogue's counts read, without going over the entries again.
    None when the faction is unknown."""
    evaluation: Evaluation | None = field(default=None, compare=False, repr=False)
    """The list as evaluated against its faction (None when the faction is unknown, or
    checked with extra rules), from which :func:`revalidate` moves on after an edit."""

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


def unknown_faction(warband: Warband) -> Finding:
    return Finding("unknown-faction", "error", UnknownFaction(warband.faction))


def validate(warband: Warband, faction: Faction | None, points_override: int | None = None,
             extra_rules: Iterable[Rule] = (), cache: RuleCache | None = None) -> Report:
    """Check a warband against its faction's system; never raises. ``points_override``
    replaces the list's own limit (an event's limit, ``--points``); ``extra_rules`` (an
    event's) are checked after the system's. ``cache``: where what the rules work out once
    is kept between validations (a catalogue's: ``rules.cache.rule_cache(catalogue)``); None:
    nothing is kept."""
    limit = warband.points_limit if points_override is None else points_override
    if faction is None or faction.id != warband.faction or not faction.attached:
        return Report(warband, limit, Stats(), [unknown_faction(warband)])
    return _checked(evaluate(warband, faction, limit, cache), tuple(extra_rules))


def revalidate(report: Report, warband: Warband, faction: Faction | None,
               changes: Mapping[str, int], cache: RuleCache | None = None) -> Report:
    """``validate(warband, faction)`` where ``warband`` is the list of ``report`` (validated
    without an override or extra rules) with only the models of some combatants changed
    (``changes``: id -> models added, fewer when negative). The same report (the tests compare
    them), reached faster on a long list: the sums of the rules and figures move by what the
    changed models add instead of being added up again over every entry."""
    before = report.evaluation  # (None after a validation with extra rules)
    if before is not None and faction is before.roster.faction \
            and warband.points_limit == before.roster.points_limit \
            and warband.faction == faction.id:
        ev = moved(before, warband, changes)
        if ev is not None:
            return _checked(ev, ())
    return validate(warband, faction, cache=before.cache if before is not None else cache)


def _checked(ev: Evaluation, extra_rules: tuple[Rule, ...]) -> Report:
    findings = check_builtin(ev)
    r = ev.roster
    for rule in (*r.system.rules, *extra_rules):
        findings += check_rule(rule, ev)
    return Report(r.warband, r.points_limit,
                  Stats(points(ev), r.models, figures(ev), caps(ev)), findings,
                  {**r.totals, **r.unknown}, None if extra_rules else ev)


__all__ = ["Evaluation", "Finding", "Report", "RuleCache", "Stats", "revalidate", "validate"]
