"""A list made ready for the table: one tile per model, with what its game tracks.

The plan is built from the list, its faction and the game's ``play:`` section (SPEC §5 as
extended in ``docs/play.md``); the app's play view and the phone page both show a plan, and
:mod:`builder.play.state` changes a game's state against it. Everything in a plan is plain
data (texts in the current language, numbers), so the page gets it as JSON and computes with
it the same way.

A side counter's ``refill`` (a quantity, SPEC §5) is worked out here for each model alone:
what the model adds to a sum, or its value for a largest-of. The counter's value at a new
turn is then that sum (or largest) over the models still in play, the same in Python and in
the page's script.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from builder.data.fingerprint import list_fingerprint
from builder.i18n import _
from builder.model import Combatant, Entry, Faction, Warband
from builder.model.options import options_text
from builder.model.play import WOUNDS, PlayCounter, PlayTrack
from builder.model.system import System
from builder.model.text import display
from builder.rules.engine import Evaluation, evaluate, value
from builder.rules.kinds import HIGHEST, KINDS, TOTAL

MAX_BOXES = 200
"""Boxes of one track at most; a larger value is tracked as a number with − and +."""


@dataclass(frozen=True)
class TrackPlan:
    id: str
    name: str
    value: int
    """The stat's value (boxes above zero)."""
    below_zero: bool = False
    removes: bool = False
    help: str = ""
    shade_from: int | None = None
    """Boxes below minus this are darker (None: all below zero alike)."""

    @property
    def boxes(self) -> int:
        """Every box: ``value``, then 0 and -1 … -value when the track goes below zero."""
        return self.value * 2 + 1 if self.below_zero else self.value


@dataclass(frozen=True)
class ProfilePlan:
    """A profile a tile lists besides its stat line (a BattleScribe model's weapons)."""

    type: str
    name: str
    values: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class ModelPlan:
    key: str
    """``combatant-id/n``: the model's key in a game's state."""
    combatant: str
    name: str
    type: str
    stats: tuple[tuple[str, str], ...]
    """(stat id, value as printed) the tile shows."""
    tracks: tuple[TrackPlan, ...]
    options: tuple[str, ...] = ()
    """The options the model's entry took, as the list names them ("Drums ×2")."""
    profiles: tuple[ProfilePlan, ...] = ()
    """More profiles the tile lists (a roster's: what the model carries)."""
    rules: tuple[str, ...] = ()
    """The names of the rules the model has (a roster's)."""


@dataclass(frozen=True)
class CounterPlan:
    id: str
    name: str
    per: str
    """"side" or "model"."""
    start: int = 0
    max: int | None = None
    reset: bool = False
    help: str = ""
    combine: str | None = None
    """A side counter refilled each turn: "sum" or "max" of ``each``, or "const" (``base``)."""
    each: dict[str, int] = field(default_factory=dict)
    """Per model key: what the model adds (sum) or its value (max) to the refill."""
    base: int = 0


@dataclass(frozen=True)
class MarkerPlan:
    id: str
    name: str
    help: str = ""


@dataclass(frozen=True)
class Plan:
    fingerprint: str
    list_name: str
    faction: str
    game: str
    list_noun: str
    turn: str
    activated: str
    next_turn: str
    """The button that starts the next turn, in the game's word ("Next round")."""
    models: tuple[ModelPlan, ...]
    counters: tuple[CounterPlan, ...]
    """Side counters (orders, power gems)."""
    model_counters: tuple[CounterPlan, ...]
    markers: tuple[MarkerPlan, ...]
    unknown: tuple[str, ...] = ()
    """Combatant ids of the list that the loaded data does not have (no tile)."""
    counter: str = ""
    """A roster's: the characteristic its models are counted down by ("" for none)."""
    left_out: int = 0
    """A roster's: tiles it has no room for (more than a window or a page shows)."""

    def model(self, key: str) -> ModelPlan | None:
        return next((m for m in self.models if m.key == key), None)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for m in data["models"]:
            m["stats"] = [list(s) for s in m["stats"]]
            for t in m["tracks"]:
                t["boxes"] = t["value"] * 2 + 1 if t["below_zero"] else t["value"]
        return data


def shown_stats(system: System) -> list[str]:
    """The stats a tile shows: the ``play:`` section's, else the stat line but the cost and
    the tracked stats."""
    play = system.at_the_table
    if play.stats is not None:
        return list(play.stats)
    tracked = {t.boxes for t in play.tracks}
    return [s.id for s in system.stats if s.id != system.cost and s.id not in tracked]


def _track(t: PlayTrack, c: Combatant) -> TrackPlan | None:
    n = c.wounds if t.boxes == WOUNDS else c.number(t.boxes)
    if not n:
        return None  # a model without the stat (a psion's PP): no boxes
    shade = c.number(t.shade_from) if t.shade_from else None
    return TrackPlan(id=t.id, name=display(t.name), value=min(n, MAX_BOXES),
                     below_zero=t.below_zero, removes=t.removes, help=display(t.help),
                     shade_from=shade if shade is not None and t.shade_from in c.profile
                     else None)


def _alone(warband: Warband, faction: Faction, combatant_ids: list[str]) -> Evaluation:
    """A list of ``warband``'s with one model of each of ``combatant_ids``, to evaluate."""
    entries = [Entry.model_construct(combatant=cid, count=1) for cid in combatant_ids]
    return evaluate(warband.model_copy(update={"entries": entries}), faction,
                    warband.points_limit)


_PAGE_COMBINE = {TOTAL: "sum", HIGHEST: "max"}
"""How the play page combines each model's part of a refill, per way a quantity's values
combine (:class:`builder.rules.kinds.Combine`; a new one is taught to the page too)."""


def _counter(c: PlayCounter, warband: Warband, faction: Faction,
             models: list[ModelPlan]) -> CounterPlan:
    plan = CounterPlan(id=c.id, name=display(c.name), per=c.per, start=c.start, max=c.max,
                       reset=c.reset, help=display(c.help))
    q = c.refill
    if q is None:
        return plan
    kind = KINDS.get(type(q))
    if kind is not None and kind.of_list is None and not kind.per_entry:
        # a quantity of what each model hired is worth (its kind's table): each model's part
        alone = {cid: value(q, _alone(warband, faction, [cid]))
                 for cid in {m.combatant for m in models}}
        return CounterPlan(**{**asdict(plan), "combine": _PAGE_COMBINE[kind.combine],
                              "each": {m.key: alone[m.combatant] for m in models}})
    return CounterPlan(**{**asdict(plan), "combine": "const",
                          "base": value(q, _alone(warband, faction, []))})


def make_plan(warband: Warband, faction: Faction) -> Plan:
    """The tiles and counters of ``warband`` (whose faction is ``faction``, attached to its
    game): models by type in the game's order, then in the order the list names them."""
    system = faction.game
    play = system.at_the_table
    totals = warband.totals()
    known = faction.by_id
    order = {cid: i for i, cid in enumerate(totals)}
    rank = {t: i for i, t in enumerate(system.type_order)}
    hired = sorted((known[cid] for cid in totals if cid in known),
                   key=lambda c: (rank.get(c.type, len(rank)), order[c.id]))
    stats = [s for s in shown_stats(system) if system.stat(s) is not None]
    models: list[ModelPlan] = []
    for c in hired:
        n = totals[c.id]
        tracks = tuple(t for t in (_track(t, c) for t in play.tracks) if t is not None)
        shown = tuple((s, c.shown(s)) for s in stats
                      if not (system.stat(s).only_when_set  # type: ignore[union-attr]
                              and c.stat(s) is None))
        offered = faction.options_for(c)
        taken = [tuple(options_text(offered, e.options))
                 for e in warband.entries if e.combatant == c.id for _model in range(e.count)]
        for i in range(1, n + 1):
            name = c.display_name if n == 1 else f"{c.display_name} {i}"
            models.append(ModelPlan(key=f"{c.id}/{i}", combatant=c.id, name=name,
                                    type=system.type_label(c.type), stats=shown,
                                    tracks=tracks, options=taken[i - 1]))
    side = [c for c in play.counters if c.per == "side"]
    own = [c for c in play.counters if c.per == "model"]
    turn = display(play.turn) if play.turn is not None else _("Turn")
    return Plan(
        fingerprint=list_fingerprint(warband, faction=faction), list_name=warband.name,
        faction=faction.name,
        game=display(system.name), list_noun=system.list_name_text,
        turn=turn, next_turn=next_turn_text(turn),
        activated=display(play.activated) if play.activated is not None else _("Activated"),
        models=tuple(models),
        counters=tuple(_counter(c, warband, faction, models) for c in side),
        model_counters=tuple(_counter(c, warband, faction, models) for c in own),
        markers=tuple(MarkerPlan(m.id, display(m.name), display(m.help)) for m in play.markers),
        unknown=tuple(cid for cid in totals if cid not in known))


def next_turn_text(turn: str) -> str:
    """"Next turn", "Next round": the button in the word the game counts turns in (its
    ``play: turn``), its first letter a capital in any word order ("Ronda siguiente")."""
    word = turn[:1].lower() + turn[1:] if turn[1:2].islower() else turn  # never "pT"
    text = _("Next {turn}").format(turn=word)
    return text[:1].upper() + text[1:]


def stat_names(system: System) -> dict[str, str]:
    """Stat id -> its name, for tooltips."""
    return {s.id: display(s.name) for s in system.stats}
