"""The rules every game has (SPEC §3, §9), checked before the system's own: an entry naming
a combatant the faction does not have, a unit of the wrong size, an option or pick that is
not allowed. Each finding names the combatant (its id in ``combatants``, so a view can select
its entries) and the numbers involved; :mod:`.wording` says them."""

from __future__ import annotations

from collections import Counter

from builder.model.options import Option, similar
from builder.rules.cache import Evaluation
from builder.rules.findings import Finding
from builder.rules.wording import (
    Exclusive,
    OptionTimes,
    PickTwice,
    UnitSize,
    UnknownCombatant,
    UnknownOption,
    UnknownPick,
)

UNKNOWN_COMBATANT, UNIT_SIZE, OPTION_LIMIT = "unknown-combatant", "unit-size", "option-limit"


def check_builtin(ev: Evaluation) -> list[Finding]:
    """The built-in rules in order (each skipped at once where it has nothing to look at:
    this runs for every list)."""
    r = ev.roster
    out = check_unknown_combatants(ev) if r.unknown else []
    if ev.cache.answers_for(r.faction).has_units:
        out += check_unit_size(ev)
    if r.optioned or r.warband.picks:
        out += check_option_limit(ev)
    return out


def check_unknown_combatants(ev: Evaluation) -> list[Finding]:
    """SPEC `unknown-combatant`: an entry names a combatant the faction does not have; it is
    kept in the list but counts toward nothing else."""
    faction = ev.roster.faction
    answers = ev.cache.answers_for(faction)
    return [Finding(UNKNOWN_COMBATANT, "error", UnknownCombatant(
        cid, n, faction.name, answers.closest_id(cid)), (cid,))
            for cid, n in ev.roster.unknown.items()]


def check_unit_size(ev: Evaluation) -> list[Finding]:
    """SPEC §9 `unit-size`: each entry of a combatant that hires in units has between its
    ``unit.min`` and ``unit.max`` models."""
    r = ev.roster
    if not ev.cache.answers_for(r.faction).has_units:
        return []
    by_id, out = r.faction.by_id, []
    for e in r.warband.entries:
        c = by_id.get(e.combatant)
        unit = c.unit if c is not None else None
        if unit is None or unit.min <= e.count <= unit.max:
            continue
        assert c is not None
        out.append(Finding(UNIT_SIZE, "error", UnitSize(c.name, e.count, unit.min, unit.max),
                           (c.id,), e.count, unit.min if e.count < unit.min else unit.max))
    return out


def check_option_limit(ev: Evaluation) -> list[Finding]:
    """SPEC §9 `option-limit`: an option taken more times than its ``max``, two options of
    one group on an entry, an option the combatant is not offered, a pick the faction does
    not have (both named, as ``unknown-combatant`` names a combatant: they count toward
    nothing), a pick taken twice."""
    r = ev.roster
    faction, out = r.faction, []
    for c, e in r.optioned:
        offered = faction.options_for(c)
        groups: dict[str, Option] = {}
        for oid, times in e.options.items():
            option = offered.get(oid)
            if option is None:
                out.append(Finding(OPTION_LIMIT, "error", UnknownOption(
                    c.name, oid, faction.name, similar(oid, offered)), (c.id,)))
                continue
            if times > option.max:
                out.append(Finding(OPTION_LIMIT, "error", OptionTimes(c.name, option, times),
                                   (c.id,), times, option.max))
            if option.group is not None:
                first = groups.setdefault(option.group, option)
                if first is not option:
                    out.append(Finding(OPTION_LIMIT, "error", Exclusive(c.name, first, option),
                                       (c.id,)))
    picks = r.warband.picks
    if picks:
        offered_picks = faction.picks_offered
        for pid, n in Counter(picks).items():
            pick = offered_picks.get(pid)
            if pick is None:
                out.append(Finding(OPTION_LIMIT, "error", UnknownPick(
                    pid, faction.name, similar(pid, offered_picks))))
            elif n > 1:
                out.append(Finding(OPTION_LIMIT, "error", PickTwice(pick, n), (), n, 1))
    return out
