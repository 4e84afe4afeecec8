"""What a list took besides its models (SPEC §9), as the rules read it: the entries with
options a selector takes in, what their options and the picks add to a stat, the picks a
``{picks: …}`` counts."""

from __future__ import annotations

from operator import itemgetter
from typing import Protocol

from builder.model import Combatant, Entry, Faction, Warband
from builder.model.options import Pick
from builder.model.quantity import PickSelector, Selector
from builder.rules.selectors import gives_keys, listed_values, looks_at_options, matches, took


class Roster(Protocol):
    """What of a resolved list (:class:`builder.rules.engine.Roster`) is read here."""

    warband: Warband
    faction: Faction
    hired: list[tuple[Combatant, int]]
    optioned: list[tuple[Combatant, Entry]]
    chosen_entries: dict[int, list[tuple[Combatant, Entry]]]
    stat_adds: dict[str, tuple[list[tuple[Combatant, Entry, int]], int]]


def entries_taken(r: Roster, sel: Selector | None) -> list[tuple[Combatant, Entry]]:
    """The entries with options that the selector takes in (its combatant keys and, when
    given, its option keys), in list order."""
    optioned = r.optioned
    if not optioned or not gives_keys(sel):
        return optioned
    assert sel is not None
    found = r.chosen_entries.get(id(sel))
    if found is None:
        options = looks_at_options(sel)
        found = r.chosen_entries[id(sel)] = [
            (c, e) for c, e in optioned
            if matches(sel, c) and (not options or took(r.faction, sel, c, e))]
    return found


def per_combatant(r: Roster, pairs: list[tuple[Combatant, Entry]], models: bool = True
                   ) -> list[tuple[Combatant, int]]:
    """(combatant, models or entries) over ``pairs``, in the order of ``hired``."""
    added: dict[str, int] = {}
    for c, e in pairs:
        added[c.id] = added.get(c.id, 0) + (e.count if models else 1)
    return [(c, added[c.id]) for c, _n in r.hired if c.id in added]


def picks_taken(r: Roster, sel: PickSelector | None = None) -> list[Pick]:
    """The picks of the list the faction offers (an unknown id counts toward nothing) that
    the selector takes in, in list order."""
    offered = r.faction.picks_offered
    out = []
    for pid in r.warband.picks:
        pick = offered.get(pid)
        if pick is not None and pick_matches(sel, pick):
            out.append(pick)
    return out


def pick_matches(sel: PickSelector | None, pick: Pick) -> bool:
    """Whether a ``{picks: …}`` selector takes ``pick`` in (by id, by tag; none: every)."""
    if sel is None:
        return True
    if sel.id is not None and pick.id not in listed_values(sel.id):
        return False
    return sel.tag is None or any(t in pick.tags for t in listed_values(sel.tag))


def options_and_picks(r: Roster, sel: Selector | None, stat: str) -> int:
    """What the options of the entries the selector takes in add to ``stat`` (× times, × the
    entry's models when per model), and the picks when it looks at the whole list."""
    found = r.stat_adds.get(stat)
    if found is None:
        found = r.stat_adds[stat] = _adding(r, stat)
    entries, picks = found
    if not entries and not picks:
        return 0
    if not gives_keys(sel):
        return sum(map(_ADDED, entries)) + picks
    assert sel is not None
    options, total = looks_at_options(sel), 0
    for c, e, added in entries:
        if matches(sel, c) and (not options or took(r.faction, sel, c, e)):
            total += added
    return total


_ADDED = itemgetter(2)


def _adding(r: Roster, stat: str) -> tuple[list[tuple[Combatant, Entry, int]], int]:
    """The entries whose options add to ``stat`` with what they add, and what the picks
    add (worked out once per list and stat: most options add to a stat or two)."""
    faction, entries = r.faction, []
    for c, e in r.optioned:
        added = faction.entry_adds(c, e.options, e.count, stat)
        if added:
            entries.append((c, e, added))
    picks = r.warband.picks
    return entries, faction.picks_add(picks, stat) if picks else 0


def option_parts(r: Roster, sel: Selector | None, stat: str) -> list[str]:
    """"Test Spearmen Test Veteran PB +1", "Test Sword of Fire DOMC +2": what the options and
    picks added, for a sum's explanation."""
    faction, parts = r.faction, []
    for c, e in entries_taken(r, sel):
        offered = faction.options_for(c)
        for oid, times in e.options.items():
            option = offered.get(oid)
            added = option.added(stat, times, e.count) if option is not None else 0
            if added:
                parts.append(f"{c.name} {option.label} {stat} +{added}")  # type: ignore[union-attr]
    if not gives_keys(sel):
        for pick in picks_taken(r):
            if pick.adds.get(stat):
                parts.append(f"{pick.label} {stat} +{pick.adds[stat]}")
    return parts
