"""The rules every game has (SPEC §3, §9), checked before the system's own: an entry naming
a combatant the faction does not have, a unit of the wrong size, an option or pick that is
not allowed. Each finding names the combatant (its id in ``combatants``, so a view can select
its entries) and the numbers involved."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from builder.i18n import _, ngettext
from builder.model.options import Option, similar
from builder.rules.engine import Roster
from builder.rules.findings import Finding

UNKNOWN_COMBATANT, UNIT_SIZE, OPTION_LIMIT = "unknown-combatant", "unit-size", "option-limit"


def check_builtin(r: Roster) -> list[Finding]:
    """The built-in rules in order (each skipped at once where it has nothing to look at:
    this runs for every list)."""
    out = check_unknown_combatants(r) if r.unknown else []
    if r.cache.answers_for(r.faction).has_units:
        out += check_unit_size(r)
    if r.optioned or r.warband.picks:
        out += check_option_limit(r)
    return out


def check_unknown_combatants(r: Roster) -> list[Finding]:
    """SPEC `unknown-combatant`: an entry names a combatant the faction does not have; it is
    kept in the list but counts toward nothing else."""
    def message(cid: str, n: int) -> str:
        near = r.faction.closest_id(cid)
        if near:
            text = ngettext("{n} model of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry; did "
                            "you mean '{near}'?)",
                            "{n} models of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry; did "
                            "you mean '{near}'?)", n)
        else:
            text = ngettext("{n} model of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry)",
                            "{n} models of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry)", n)
        return text.format(n=n, id=cid, faction=r.faction.name, near=near)

    return [Finding(UNKNOWN_COMBATANT, "error", message(cid, n), (cid,))
            for cid, n in r.unknown.items()]


def check_unit_size(r: Roster) -> list[Finding]:
    """SPEC §9 `unit-size`: each entry of a combatant that hires in units has between its
    ``unit.min`` and ``unit.max`` models."""
    if not r.cache.answers_for(r.faction).has_units:
        return []
    by_id, out = r.faction.by_id, []
    for e in r.warband.entries:
        c = by_id.get(e.combatant)
        unit = c.unit if c is not None else None
        if unit is None or unit.min <= e.count <= unit.max:
            continue
        assert c is not None
        fields = {"combatant": c.name, "n": e.count, "min": unit.min, "max": unit.max}
        if unit.min == unit.max:
            text = ngettext("{combatant}: an entry of {n} model; a unit has exactly {min}",
                            "{combatant}: an entry of {n} models; a unit has exactly {min}",
                            e.count)
        else:
            text = ngettext("{combatant}: an entry of {n} model; a unit has {min} to {max}",
                            "{combatant}: an entry of {n} models; a unit has {min} to {max}",
                            e.count)
        out.append(Finding(UNIT_SIZE, "error", text.format(**fields), (c.id,), e.count,
                           unit.min if e.count < unit.min else unit.max))
    return out


def check_option_limit(r: Roster) -> list[Finding]:
    """SPEC §9 `option-limit`: an option taken more times than its ``max``, two options of
    one group on an entry, an option the combatant is not offered, a pick the faction does
    not have (both named, as ``unknown-combatant`` names a combatant: they count toward
    nothing), a pick taken twice."""
    faction, out = r.faction, []
    for c, e in r.optioned:
        offered = faction.options_for(c)
        groups: dict[str, Option] = {}
        for oid, times in e.options.items():
            option = offered.get(oid)
            if option is None:
                out.append(Finding(OPTION_LIMIT, "error", _unknown(
                    _("{combatant}: option '{id}', which the {faction} data does not have for "
                      "it: it counts toward nothing (update the data or remove the option; "
                      "did you mean '{near}'?)"),
                    _("{combatant}: option '{id}', which the {faction} data does not have for "
                      "it: it counts toward nothing (update the data or remove the option)"),
                    oid, offered, combatant=c.name, faction=faction.name), (c.id,)))
                continue
            if times > option.max:
                out.append(Finding(OPTION_LIMIT, "error", ngettext(
                    "{combatant}: {option} taken {n} time; at most {max} per entry",
                    "{combatant}: {option} taken {n} times; at most {max} per entry",
                    times).format(combatant=c.name, option=option.label, n=times,
                                  max=option.max), (c.id,), times, option.max))
            if option.group is not None:
                first = groups.setdefault(option.group, option)
                if first is not option:
                    out.append(Finding(OPTION_LIMIT, "error", _(
                        "{combatant}: {first} and {second} exclude each other (one option "
                        "of a group per entry)").format(combatant=c.name, first=first.label,
                                                        second=option.label), (c.id,)))
    picks = r.warband.picks
    if picks:
        offered_picks = faction.picks_offered
        for pid, n in Counter(picks).items():
            pick = offered_picks.get(pid)
            if pick is None:
                out.append(Finding(OPTION_LIMIT, "error", _unknown(
                    _("pick '{id}', which the {faction} data does not have: it counts toward "
                      "nothing (update the data or remove the pick; did you mean '{near}'?)"),
                    _("pick '{id}', which the {faction} data does not have: it counts toward "
                      "nothing (update the data or remove the pick)"),
                    pid, offered_picks, faction=faction.name)))
            elif n > 1:
                out.append(Finding(OPTION_LIMIT, "error", _(
                    "{pick} taken {n} times; a list takes each pick once").format(
                    pick=pick.label, n=n), (), n, 1))
    return out


def _unknown(with_near: str, without: str, given: str, known: Iterable[str],
             **fields: str) -> str:
    """An id the data does not have, named, with the closest known one when there is one."""
    near = similar(given, known)
    return (with_near if near else without).format(id=given, near=near, **fields)
