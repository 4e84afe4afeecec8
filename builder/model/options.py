"""Options, units and picks (SPEC §9): what a list entry may add, and what a list takes once.

A combatant may hire in units (``unit: {min, max}``: each entry between min and max models)
and carry ``options`` (a weapon, a veteran upgrade) that add to its number stats, its cost
included. A faction or system file may offer ``picks``: things a whole list takes once (an
artefact, a pact). A system file's ``options`` carry a ``for:`` selector and are offered to
every combatant that matches it (those live in :mod:`builder.model.system`, which knows
selectors).

The models check each item's shape; :func:`option_problems` and :func:`pick_problems` check
them against the stat line on plain data (an ``adds`` naming an unknown or non-number stat, a
duplicate id), and :func:`unit_problems` a unit's bounds, so every mistake is reported at its
key in one pass.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Annotated, Any

from pydantic import AfterValidator, Field, Strict

from builder.i18n import N_, _, pgettext
from builder.model.base import (
    MAX_NAME,
    Count,
    Id,
    Name,
    NonNegative,
    OptText,
    StrictModel,
    closest,
    duplicate_ids,
    mappings,
    quote,
)
from builder.model.text import display

Problem = tuple[str, str]
"""(slash/separated/path, message), as :mod:`builder.model.system` has it."""


def _stat_key(value: str) -> str:
    if not value or len(value) > MAX_NAME:
        raise ValueError(_("a stat id is 1 to {limit} characters").format(limit=MAX_NAME))
    return value


Adds = dict[Annotated[str, Strict(), AfterValidator(_stat_key)], NonNegative]
"""Stat id -> what is added to it (the stat is checked against the system's stat line)."""


class UnitSize(StrictModel):
    """``unit: {min: 3, max: 5}``: each entry of the combatant hires min to max models."""

    min: Count
    max: Count


class Offered(StrictModel):
    """What options and picks have in common: an id, a name, what it adds, tags, a text."""

    id: Id
    name: Name
    adds: Adds = Field(default_factory=dict)
    tags: list[Name] = Field(default_factory=list)
    text: OptText = None

    @property
    def label(self) -> str:
        """The name in the current language (a system's may be {en: …, es: …})."""
        return display(self.name)

    @property
    def rules_text(self) -> str | None:
        return display(self.text) if self.text is not None else None


class Option(Offered):
    """What an entry of a combatant may add (SPEC §9)."""

    per_model: Annotated[bool, Strict()] = False
    """False: it adds once per entry; true: once per model of the entry."""
    max: Count = 1
    """Times one entry may take it."""
    group: Id | None = None
    """At most one option of a group per entry."""

    def added(self, stat: str | None, times: int, count: int) -> int:
        """What ``times`` of this option add to ``stat`` on an entry of ``count`` models."""
        per = self.adds.get(stat, 0) if stat else 0
        return per * times * (count if self.per_model else 1)


class Pick(Offered):
    """Something a whole list takes once, not a model (an artefact, a pact)."""


# --- what an entry or a list adds ----------------------------------------------------------


def entry_adds(options: Mapping[str, Option], taken: Mapping[str, int], stat: str | None,
               count: int) -> int:
    """What the options ``taken`` (option id -> times) of an entry of ``count`` models add to
    ``stat``; ``options``: those the combatant may take, by id (an unknown id adds nothing)."""
    total = 0
    for option_id, times in taken.items():
        option = options.get(option_id)
        if option is not None:
            total += option.added(stat, times, count)
    return total


def options_text(offered: Mapping[str, Option], taken: Mapping[str, int]) -> list[str]:
    """The options an entry took as a player reads them: "Bow", "Drums ×2" (an id the data
    does not offer as itself). The list, the play window and the phone page say it alike."""
    out = []
    for oid, times in taken.items():
        option = offered.get(oid)
        label = option.label if option is not None else oid
        out.append(_("{option} ×{n}").format(option=label, n=times) if times > 1 else label)
    return out


def picks_add(picks: Mapping[str, Pick], taken: Iterable[str], stat: str | None) -> int:
    """What the picks ``taken`` (ids) add to ``stat``; an unknown id adds nothing."""
    if not stat:
        return 0
    return sum(p.adds.get(stat, 0) for pid in taken if (p := picks.get(pid)) is not None)


# --- checks against the stat line, on plain data -------------------------------------------


def _same_letters(word: str, known: list[str]) -> str | None:
    """A stat written with its letters swapped or in another case ('BP' for 'PB', 'man'
    for 'MAN'): too short for a likeness score to see it."""
    letters = sorted(word.upper())
    return next((k for k in known if sorted(k.upper()) == letters), None)


def _adds_problems(where: str, adds: Any, stat_kind: Mapping[str, Any]) -> Iterator[Problem]:
    """Each key of ``adds`` names a number stat of the game (the closest one suggested)."""
    if not isinstance(adds, dict):
        return
    numbers = [k for k, kind in stat_kind.items() if kind == "number"]
    for key in adds:
        if not isinstance(key, str):
            continue
        kind = stat_kind.get(key)
        if kind is None:
            near = closest(key, numbers) or closest(key, list(stat_kind)) \
                or _same_letters(key, numbers)
            if near:
                message = _("unknown stat '{stat}' (did you mean '{near}'?)")
            elif numbers:
                message = _("unknown stat '{stat}'; number stats: {known}")
            else:
                message = _("unknown stat '{stat}'; this game has no number stats to add to")
            yield f"{where}/@{key}", message.format(stat=key, near=near,
                                                    known=", ".join(numbers))
        elif kind != "number":
            yield f"{where}/@{key}", _(
                "cannot add to '{stat}': it is a {kind} stat; an option or pick adds to number "
                "stats only ({numbers})").format(stat=key, kind=kind, numbers=", ".join(
                    numbers) or pgettext("stats", "none"))


_TAKEN = {
    "option": N_("option id '{id}' is already an option the game system offers this combatant; "
                 "give it another id"),
    "pick": N_("pick id '{id}' is already a pick of the game system; give it another id"),
}


def offered_problems(what: str, where: str, items: Any, stat_kind: Mapping[str, Any],
                     taken: Iterable[str] = ()) -> list[Problem]:
    """A list of options or picks (``what``: "option" or "pick"; ``where``: its path, such as
    ``combatants/2/options``): duplicate ids, and ``adds`` naming number stats. ``taken``:
    ids the game system already offers the same combatants or lists (a faction's option or
    pick may not reuse one)."""
    found = mappings(items)
    problems = duplicate_ids(what, where, found)
    others = set(taken)
    for j, item in enumerate(found):
        problems += _adds_problems(f"{where}/{j}/adds", item.get("adds"), stat_kind)
        item_id = item.get("id")
        if isinstance(item_id, str) and item_id in others:
            problems.append((f"{where}/{j}/id", _(_TAKEN[what]).format(id=item_id)))
    return problems


def option_problems(where: str, options: Any, stat_kind: Mapping[str, Any],
                    taken: Iterable[str] = ()) -> list[Problem]:
    return offered_problems(N_("option"), where, options, stat_kind, taken)


def pick_problems(where: str, picks: Any, stat_kind: Mapping[str, Any],
                  taken: Iterable[str] = ()) -> list[Problem]:
    return offered_problems(N_("pick"), where, picks, stat_kind, taken)


def unit_problems(where: str, unit: Any, cap: Any = None) -> list[Problem]:
    """``unit``: min is not above max, nor above the combatant's own ``max`` (``cap``: then
    no entry could ever be hired)."""
    if not isinstance(unit, dict):
        return []
    low, high = unit.get("min"), unit.get("max")
    if type(low) is int and type(high) is int and low > high:
        return [(f"{where}/min", _(
            "the unit's min ({minimum}) is above its max ({maximum})").format(
            minimum=low, maximum=high))]
    if type(low) is int and type(cap) is int and low > cap:
        return [(f"{where}/min", _(
            "the unit's min ({minimum}) is above the combatant's max ({cap}): no entry could "
            "be hired").format(minimum=low, cap=cap))]
    return []


def similar(word: str, known: Iterable[str]) -> str | None:
    """The known id nearest to ``word`` (for "did you mean")."""
    return closest(word, sorted(set(known)))


def unknown_id(what: str, value: str, known: Iterable[str]) -> str:
    """"unknown option 'vet' (did you mean 'veteran'?)" and the like (``what`` marked)."""
    near = similar(value, known)
    if near:
        return _("unknown {what} {id} (did you mean '{near}'?)").format(
            what=_(what), id=quote(value), near=near)
    return _("unknown {what} {id}").format(what=_(what), id=quote(value))
