"""Which combatants, and with options which entries, a selector of the rules takes in
(SPEC §5 *Selectors*, §9 ``option:`` and ``option_tag:``)."""

from __future__ import annotations

from builder.model import Combatant, Entry, Faction
from builder.model.quantity import Selector


def _any(value: str | list[str], have: str | None) -> bool:
    return have in value if isinstance(value, list) else have == value


def matches(sel: Selector, c: Combatant) -> bool:
    """Every key the selector gives must match; a list value matches any of its items."""
    if sel.type is not None and not _any(sel.type, c.type):
        return False
    if sel.id is not None and not _any(sel.id, c.id):
        return False
    if sel.rank is not None and not _any(sel.rank, c.rank):
        return False
    if sel.squad is not None and c.squad != sel.squad:
        return False
    if sel.tag is not None:
        tags = sel.tag if isinstance(sel.tag, list) else [sel.tag]
        if not any(t in c.tags for t in tags):
            return False
    return True


def gives_keys(sel: Selector | None) -> bool:
    """Whether the selector gives any key (``{}``, like none, matches everything)."""
    if sel is None:
        return False
    values = sel.__dict__.values()  # (its fields: counted in C, on every selection)
    return [*values].count(None) != len(values)


def meaning(sel: Selector) -> tuple[tuple[str, object], ...]:
    """The keys a selector gives, as a value (equal selectors select the same)."""
    return tuple((k, tuple(v) if isinstance(v, list) else v)
                 for k, v in sorted(sel.given().items()))


def looks_at_options(sel: Selector | None) -> bool:
    """Whether the selector looks at what entries took (``option:``, ``option_tag:``):
    then it takes in entries, not combatants, and only those that took such an option."""
    return sel is not None and (sel.option is not None or sel.option_tag is not None)


def listed_values(value: str | list[str]) -> list[str]:
    return value if isinstance(value, list) else [value]


def took(faction: Faction, sel: Selector, c: Combatant, entry: Entry) -> bool:
    """Whether an entry took what the selector's ``option``/``option_tag`` ask for (options
    the combatant is not offered count toward nothing)."""
    offered = faction.options_for(c)
    taken = [offered[oid] for oid in entry.options if oid in offered]
    if sel.option is not None:
        wanted = listed_values(sel.option)
        if not any(o.id in wanted for o in taken):
            return False
    if sel.option_tag is not None:
        tags = listed_values(sel.option_tag)
        if not any(t in o.tags for o in taken for t in tags):
            return False
    return True
