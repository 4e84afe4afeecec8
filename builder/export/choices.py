"""What a printout says about a list's options and picks (SPEC §9), for the summary.

The roster keeps one line per combatant for the entries that took no option, as it always
did, and gives each entry that took options its own line with those options named, since
"4 Spearmen, veteran" and "3 Spearmen" are different things on the table. Picks (artefacts,
pacts) are listed with what they add to the list's cost.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from builder.i18n import _
from builder.model import Combatant, Faction, Warband
from builder.model.options import Option


@dataclass(frozen=True)
class OptionLine:
    """An option an entry took, as printed."""

    id: str
    name: str
    times: int
    known: bool = True
    """False: the combatant is not offered an option of this id (``option-limit`` says so)."""
    text: str | None = None
    """Its rules text, printed on the card."""
    adds: tuple[tuple[str, int], ...] = ()
    """What it adds to stats other than the cost: (stat name, amount), in the stat line's
    order, per model when ``per_model`` (printed on the card beside its name)."""
    per_entry: tuple[str, int] | None = None
    """On a card: (the cost stat's name, amount) when the option is paid once for an entry of
    several models, so the card's cost (what one model costs) cannot hold it."""

    @property
    def shown(self) -> str:
        """"Veteran", or "Drill ×2" when taken more than once."""
        return self.name if self.times == 1 else f"{self.name} ×{self.times}"

    @property
    def printed(self) -> str:
        """As a printout names it: :attr:`shown`, and that it is not offered if so."""
        return self.shown if self.known else _("{option}: not offered").format(
            option=self.shown)


@dataclass(frozen=True)
class PickLine:
    """A pick the list took, as printed."""

    id: str
    name: str
    points: int = 0
    """What it adds to the cost stat."""
    known: bool = True
    text: str | None = None
    adds: tuple[tuple[str, int], ...] = ()
    """What it adds to the other stats: (column heading, amount), in the stat line's order
    (an artefact's cost in a second budget)."""


def choices(warband: Warband, faction: Faction, c: Combatant
            ) -> Iterator[tuple[int, tuple[OptionLine, ...], int]]:
    """The roster lines of ``c``: (models, the options taken, what they add to the cost).
    The entries without options make one line, where the first of them stands; each entry
    with options makes its own."""
    bare = sum(e.count for e in warband.entries if e.combatant == c.id and not e.options)
    bare_done = False
    offered = faction.options_for(c)
    cost = faction.game.cost
    for e in warband.entries:
        if e.combatant != c.id:
            continue
        if not e.options:
            if not bare_done:
                bare_done = True
                yield bare, (), 0
            continue
        lines = tuple(_line(oid, offered.get(oid), times, faction)
                      for oid, times in e.options.items())
        yield e.count, lines, faction.entry_adds(c, e.options, e.count, cost)


def _line(oid: str, o: Option | None, times: int, faction: Faction) -> OptionLine:
    if o is None:
        return OptionLine(oid, oid, times, known=False)
    system = faction.game
    adds = tuple((system.stat_label(s), o.adds[s]) for s in system.stat_ids
                 if s != system.cost and o.adds.get(s))
    return OptionLine(oid, o.label, times, text=o.rules_text, adds=adds)


def pick_lines(warband: Warband, faction: Faction | None) -> tuple[PickLine, ...]:
    """The list's picks in the order it names them; an id the data does not offer is kept
    and marked unknown."""
    if not warband.picks:
        return ()
    if faction is None or not faction.attached:
        return tuple(PickLine(pid, pid, known=False) for pid in warband.picks)
    offered, system = faction.picks_offered, faction.game
    out = []
    for pid in warband.picks:
        pick = offered.get(pid)
        if pick is None:
            out.append(PickLine(pid, pid, known=False))
            continue
        others = tuple((system.stat_label(s), pick.adds[s]) for s in system.stat_ids
                       if s != system.cost and pick.adds.get(s))
        out.append(PickLine(pid, pick.label, pick.adds.get(system.cost, 0) if system.cost
                            else 0, text=pick.rules_text, adds=others))
    return tuple(out)
