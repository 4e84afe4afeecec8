"""A BattleScribe roster made ready for the table: the same :class:`~builder.play.plan.Plan`
as a warband's, so the app's play window and the phone page show it as they show a warband.

BattleScribe data does not say what a model's wounds are: the player names the
characteristic to count down (W, Wounds, Hit Points…) once per game system, and it is
remembered for that game system (:func:`remembered_counter`). A tile is a model:

- every selection of type *model* in a unit, one tile per model of its number (a unit of 3
  troopers, 3 tiles);
- a unit with no model in it is itself the model(s) (a Mordheim henchman group's member);
- a unit with a profile of its own while its models have profiles of their own is a model
  too (a vehicle and its crew).

A model's counter is the characteristic's value in its own profiles, else (a model without
profiles, whose unit describes it) its unit's; a value that is not a whole number gives no
counter. A tile shows its main profile's other characteristics, and the profiles and rules
of what it carries (weapons, abilities) in a compact list. Models are keyed
``ENTRY-ID/N`` (N counting the models of that entry through the roster, in roster order),
so that two copies of one roster (the same fingerprint) share a game on a phone.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from builder.export.roster.summary import ProfileLine, RosterSummary, SelectionLine
from builder.i18n import _
from builder.play.plan import (
    MAX_BOXES,
    ModelPlan,
    Plan,
    ProfilePlan,
    TrackPlan,
    next_turn_text,
)
from builder.plumbing import paths, reading
from builder.plumbing.atomic import write_atomic

if TYPE_CHECKING:
    from builder.battlescribe.engine.roster import Roster

LIKELY = ("w", "wounds", "wound", "hit points", "hp", "health", "hits", "vitality", "life",
          "life points", "heridas", "puntos de vida", "pv")
"""Characteristic names that usually count a model down, lower case, most likely first: the
one preselected when the player has not chosen yet."""
MAX_TILES = 500
"""Most tiles a roster's plan has: beyond, a unit's models of one entry share one tile
("Test Walker ×40"), and what is still beyond is left out, the plan saying how many (a roster
may hold a million models; no window or page could show them)."""
CHOICES_FILE = "play-counters.json"
"""In the user's data folder: {game system id: characteristic name}."""


def whole(value: str) -> int | None:
    """A characteristic's value as a whole number ("12"), None otherwise ("3+", "D6")."""
    text = value.strip()
    if text.isdigit() and len(text) <= 6:
        return int(text)
    return None


def counter_choices(summary: RosterSummary) -> list[str]:
    """The characteristics a model could be counted down by: those of the roster's
    profiles with a whole number somewhere, in the data's order, once each."""
    found: list[str] = []
    for table in summary.profile_tables:
        for column in table.columns:
            if column not in found and any(whole(p.value(column) or "") is not None
                                           for p in table.rows):
                found.append(column)
    return found


def guess_counter(choices: list[str]) -> str | None:
    """The likeliest of ``choices`` (W, Wounds, Hit Points…), None when none looks like it."""
    lowered = {c.strip().lower(): c for c in reversed(choices)}
    return next((lowered[name] for name in LIKELY if name in lowered), None)


def _read_choices() -> dict[str, str]:
    path = paths.user_data_dir() / CHOICES_FILE
    try:
        data = reading.load_json(path, reading.MiB)
    except reading.Unreadable:  # not there, or not ours (a pipe, /dev/zero, nested deep…)
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, str)}


def remembered_counter(system_id: str) -> str | None:
    """The characteristic the player chose for this game system, if ever."""
    return _read_choices().get(system_id)


def remember_counter(system_id: str, characteristic: str) -> None:
    """Keep the player's choice for the game system (atomically; OSError when the user's
    data folder cannot be written)."""
    choices = _read_choices()
    if choices.get(system_id) == characteristic:
        return
    choices[system_id] = characteristic
    folder = paths.user_data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    write_atomic(folder / CHOICES_FILE,
                 json.dumps(choices, ensure_ascii=False, indent=1, sort_keys=True) + "\n")


def counter_for(summary: RosterSummary) -> str | None:
    """The characteristic to count with: the one remembered for the game system when the
    roster has it (None when the player chose none), else the likeliest."""
    choices = counter_choices(summary)
    chosen = remembered_counter(summary.system_id)
    if chosen == "":  # the player chose to count nothing
        return None
    if chosen is not None and chosen in choices:
        return chosen
    return guess_counter(choices)


@dataclass(frozen=True)
class _Piece:
    """A selection that is a model on the table, and where its profiles come from."""

    selection: SelectionLine
    unit: SelectionLine
    described_by: SelectionLine
    """The selection whose profiles describe it (itself, or its unit for a model without
    profiles of its own)."""


def _below(selection: SelectionLine) -> Iterator[SelectionLine]:
    """What a model carries: the selections below it that are not models themselves."""
    for child in selection.children:
        if child.type != "model":
            yield child
            yield from _below(child)


def pieces(unit: SelectionLine) -> list[_Piece]:
    """The models of a unit (see the module's docstring)."""
    models = [s for s in unit.walk() if s.type == "model"]
    if not models:
        return [_Piece(unit, unit, unit)]
    out = []
    if unit.type != "model" and unit.profiles and all(m.profiles for m in models):
        out.append(_Piece(unit, unit, unit))  # a vehicle with its crew
    for model in models:
        out.append(_Piece(model, unit, model if model.profiles else _described(unit, model)))
    return out


def _described(unit: SelectionLine, model: SelectionLine) -> SelectionLine:
    """The nearest selection above ``model`` in ``unit`` with profiles (else the unit)."""
    def path(node: SelectionLine) -> list[SelectionLine] | None:
        if node is model:
            return [node]
        for child in node.children:
            found = path(child)
            if found is not None:
                return [node, *found]
        return None

    above = (path(unit) or [unit])[:-1]
    return next((s for s in reversed(above) if s.profiles), unit)


def _main(profiles: tuple[ProfileLine, ...], counter: str | None) -> ProfileLine | None:
    """The profile a tile shows in its stat line: the one with the counter, else the
    first."""
    return next((p for p in profiles if counter is not None and p.value(counter) is not None),
                profiles[0] if profiles else None)


def _profiles(piece: _Piece, main: ProfileLine | None) -> tuple[ProfilePlan, ...]:
    out = []
    seen: set[tuple[str, tuple[tuple[str, str], ...]]] = set()
    sources = [piece.described_by, *_below(piece.selection)]
    for s in sources:
        for p in s.profiles:
            key = (p.name, p.values)
            if p is main or key in seen:
                continue
            seen.add(key)
            out.append(ProfilePlan(p.type_name, p.name, p.values))
    return tuple(out)


def _rules(piece: _Piece) -> tuple[str, ...]:
    names: list[str] = []
    for s in [piece.described_by, piece.selection, *_below(piece.selection)]:
        names += [r.name for r in s.rules if r.name not in names]
    return tuple(names)


def _tile(unit: SelectionLine, piece: _Piece, counter: str | None) -> ModelPlan:
    """What every model of ``piece`` shows (its key and name are set per model)."""
    s = piece.selection
    main = _main(piece.described_by.profiles, counter)
    value = whole(main.value(counter) or "") if main is not None and counter else None
    tracks = (TrackPlan(id=counter, name=counter, value=min(value, MAX_BOXES),
                        removes=True),) if counter and value else ()
    stats = tuple((n, v) for n, v in main.values if n != counter and v) \
        if main is not None else ()
    kind = unit.shown_name if piece.unit is not s else (s.primary or "")
    return ModelPlan(key="", combatant=s.entry_id, name=s.shown_name, type=kind, stats=stats,
                     tracks=tracks, profiles=_profiles(piece, main), rules=_rules(piece))


def roster_plan(summary: RosterSummary, counter: str | None) -> Plan:
    """The tiles of ``summary``'s models, each with a track of ``counter``'s value (None: no
    counter) that removes the model when its last box is ticked. Models of one name in a
    unit are numbered: "Test Walker 1", "Test Walker 2"."""
    models: list[ModelPlan] = []
    seen: dict[str, int] = {}
    found = [(unit, pieces(unit)) for unit in summary.units]
    crowded = sum(max(piece.selection.number, 0)
                  for _unit, made in found for piece in made) > MAX_TILES
    for unit, made in found:
        tiles = []
        for piece in made:
            tile = _tile(unit, piece, counter)
            number = max(piece.selection.number, 0)
            if crowded and number > 1:  # one tile for the lot: "Test Walker ×40"
                tiles.append(replace(tile, name=f"{tile.name} ×{number}"))
            else:
                tiles += [tile] * number
        counts: dict[str, int] = {}
        for tile in tiles:
            counts[tile.name] = counts.get(tile.name, 0) + 1
        nth: dict[str, int] = {}
        for tile in tiles:
            n = seen[tile.combatant] = seen.get(tile.combatant, 0) + 1
            name = tile.name
            if counts[name] > 1:
                nth[name] = nth.get(name, 0) + 1
                name = f"{name} {nth[name]}"
            models.append(replace(tile, key=f"{tile.combatant}/{n}", name=name))
    left_out = max(0, len(models) - MAX_TILES)
    return Plan(fingerprint=summary.fingerprint, list_name=summary.name,
                faction=" + ".join(name for name, _r in summary.catalogues),
                game=summary.system_name, list_noun=_("roster"), turn=_("Turn"),
                next_turn=next_turn_text(_("Turn")), activated=_("Activated"),
                models=tuple(models[:MAX_TILES]), counters=(), model_counters=(), markers=(),
                counter=counter or "", left_out=left_out)


def plan_of_roster(roster: Roster, counter: str | None = None) -> Plan:
    """The play plan of ``roster`` (the list document's ``play_plan()``): counted down by
    ``counter``, else by the game system's remembered choice or the likeliest
    (:func:`counter_for`)."""
    from builder.export.roster.summary import summarise_roster

    summary = summarise_roster(roster)
    return roster_plan(summary, counter if counter is not None else counter_for(summary))


__all__ = ["counter_choices", "counter_for", "guess_counter", "pieces", "plan_of_roster",
           "remember_counter", "remembered_counter", "roster_plan", "whole"]
