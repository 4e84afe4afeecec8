"""The order New Recruit shows a roster in, which is also the order its costs add up in (so
that fractional costs sum to the same last digit): forces at the top in name order, child
forces in the order their entries are defined; a force's selections grouped by category
(what has none first, then the force's categories in order), each group in name order
(numbers read as numbers), children in name order; names are the entries' own, before
modifiers; equal names keep the order they were chosen in."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from builder.battlescribe.engine.nodes import natural_key
from builder.battlescribe.engine.roster import NO_CATEGORY, Force, Roster, Selection


def ordered_forces(forces: list[Force], parent: Roster | Force) -> list[Force]:
    if isinstance(parent, Force):
        order = {e.id: i for i, e in enumerate(parent.entry.force_entries)}
        return sorted(forces, key=lambda f: (order.get(f.entry.id, len(order)), f.seq))
    return sorted(forces, key=lambda f: (natural_key(f.name), f.seq))


def ordered_selections(force: Force, primary: Callable[[Selection], str | None]
                       ) -> list[Selection]:
    slots = {c.entry_id: i for i, c in enumerate(force.categories)}
    fallback = slots.get(NO_CATEGORY, -1)

    def key(selection: Selection) -> tuple[object, ...]:
        found = primary(selection)
        slot = slots.get(found, fallback) if found is not None else fallback
        return (slot, selection.node.sort_key, selection.seq)

    return sorted(force.selections, key=key)


def ordered_children(selection: Selection) -> list[Selection]:
    return sorted(selection.children, key=lambda s: (s.node.sort_key, s.seq))


def shown(roster: Roster, primary: Callable[[Selection], str | None]) -> Iterator[Selection]:
    """Every selection of the roster in the order it is shown."""
    def forces(items: list[Force], parent: Roster | Force) -> Iterator[Selection]:
        for force in ordered_forces(items, parent):
            for selection in ordered_selections(force, primary):
                yield from below(selection)
            yield from forces(force.forces, force)

    def below(selection: Selection) -> Iterator[Selection]:
        yield selection
        for child in ordered_children(selection):
            yield from below(child)

    yield from forces(roster.forces, roster)
