"""What a list took besides its models (SPEC §9), as the rules read it: the entries with
options a selector takes in, what their options and the picks add to a stat, the picks a
``{picks: …}`` counts."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from operator import itemgetter
from typing import Protocol

from builder.model import Combatant, Entry
from builder.model.options import Offered, Pick
from builder.model.quantity import PickSelector, Took, selects
from builder.rules.roster import Roster

Added = tuple[str | None, Offered, str, int]
"""What an option or a pick added to a stat: (the combatant's name, None for a pick; the
option or pick; the stat; how much)."""


class Picked(Protocol):
    """What of a selection (:class:`builder.rules.cache.Selection`) is read here."""

    @property
    def gives_keys(self) -> bool: ...

    @property
    def entries(self) -> bool: ...

    @property
    def matches(self) -> Callable[[Combatant], bool]: ...

    @property
    def took(self) -> Callable[[Took], bool]: ...

    def __hash__(self) -> int: ...


class Kept(Protocol):
    """What of a list's evaluation (:class:`builder.rules.cache.Evaluation`) is read and kept
    here."""

    @property
    def roster(self) -> Roster: ...

    @property
    def chosen_entries(self) -> dict[Hashable, list[tuple[Combatant, Entry]]]: ...

    @property
    def stat_adds(self) -> dict[str, tuple[list[tuple[Combatant, Entry, int]], int]]: ...


def _takes(sel: Picked, r: Roster, c: Combatant, e: Entry) -> bool:
    return sel.matches(c) and (not sel.entries or sel.took(r.faction.taken(c, e.options)))


def entries_taken(ev: Kept, sel: Picked | None) -> list[tuple[Combatant, Entry]]:
    """The entries with options that the selector takes in (its combatant keys and, when
    given, its option keys), in list order."""
    optioned = ev.roster.optioned
    if not optioned or sel is None or not sel.gives_keys:
        return optioned
    found = ev.chosen_entries.get(sel)
    if found is None:
        r = ev.roster
        found = ev.chosen_entries[sel] = [(c, e) for c, e in optioned if _takes(sel, r, c, e)]
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
    return [pick for pid in r.warband.picks if (pick := offered.get(pid)) is not None
            and pick_matches(sel, pick)]


def pick_matches(sel: PickSelector | None, pick: Pick) -> bool:
    """Whether a ``{picks: …}`` selector takes ``pick`` in (by id, by tag: the one matcher;
    none: every)."""
    return sel is None or selects(sel, pick)


def options_and_picks(ev: Kept, sel: Picked | None, stat: str) -> int:
    """What the options of the entries the selector takes in add to ``stat`` (× times, × the
    entry's models when per model), and the picks when it looks at the whole list."""
    found = ev.stat_adds.get(stat)
    if found is None:
        found = ev.stat_adds[stat] = _adding(ev.roster, stat)
    entries, picks = found
    if not entries and not picks:
        return 0
    if sel is None or not sel.gives_keys:
        return sum(map(_ADDED, entries)) + picks
    r = ev.roster
    return sum(added for c, e, added in entries if _takes(sel, r, c, e))


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


def option_parts(ev: Kept, sel: Picked | None, stat: str) -> list[Added]:
    """What the options and picks added to ``stat``, one by one, for a sum's explanation
    ("Test Spearmen Test Veteran PB +1", "Test Sword of Fire DOMC +2")."""
    r = ev.roster
    faction, parts = r.faction, list[Added]()
    for c, e in entries_taken(ev, sel):
        offered = faction.options_for(c)
        for oid, times in e.options.items():
            option = offered.get(oid)
            added = option.added(stat, times, e.count) if option is not None else 0
            if added and option is not None:
                parts.append((c.name, option, stat, added))
    if sel is None or not sel.gives_keys:
        for pick in picks_taken(r):
            if pick.adds.get(stat):
                parts.append((None, pick, stat, pick.adds[stat]))
    return parts
