"""What a game tracks at the table: the ``play:`` section of a game system file.

An extension of SPEC §5 (documented in ``docs/play.md`` and in ``spherewars schema system``):
a game names its turn, what a model is once it has acted, the tracks of boxes each model
carries (wounds, hit points, psi points), the markers a model may have (Torn's conditions),
and its counters: a side's counters refilled at each turn from the models still in play
(SphereWars' orders and power gems) or a model's own (a defeat counter, combats fought this
turn). A system without ``play:`` still plays: its ``wounds`` become a track, and every model
can be marked as activated and removed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Annotated, Any, Literal

from pydantic import Field, Strict, WithJsonSchema, field_validator, model_validator

from builder.i18n import N_, _
from builder.model.base import Id, NonNegative, Positive, StrictModel, duplicate_ids, mappings
from builder.model.text import DisplayName, DisplayText

Problem = tuple[str, str]
"""(slash/separated/path, message), as the system's checks across keys give them."""

WOUNDS = "wounds"
"""A track's ``boxes`` naming the combatant's wounds (the system's ``wounds``, or its own)."""
MAX_BOXES = 200
"""Boxes of one track on a tile at most (a larger stat is tracked as a number to write)."""


def box_rows(n: int, per_row: int, fit: int | None = None, group: int = 1) -> list[int]:
    """How ``n`` boxes of a track fall into rows of ``per_row`` (a multiple of ``group``, so
    that groups line up), at most ``fit`` a row (``per_row`` when None): never one box alone
    on the last row (issue 41 item 8). Such a part takes one row when it fits, else its rows
    are evened out (in whole groups), else the row before gives it a box. A card and the play
    window lay out their tracks with it."""
    if n <= 0:
        return []
    fit = per_row if fit is None else fit
    full, rest = divmod(n, per_row)
    rows = [per_row] * full + ([rest] if rest else [])
    if len(rows) < 2 or rows[-1] != 1:
        return rows
    if n <= fit:
        return [n]
    even = -(-n // len(rows))
    even += -even % group
    last = n - (len(rows) - 1) * even
    if even < per_row and last >= 2:
        return [even] * (len(rows) - 1) + [last]
    rows[-2:] = [rows[-2] - 1, 2]
    return rows


_read: dict[str, Callable[[Any], Any]] = {}


def read_quantities_with(read: Callable[[Any], Any]) -> None:
    """How a counter's ``refill`` is read: as a quantity of the game system's rules (SPEC §5).
    :mod:`builder.model.system`, whose models hold a ``play:`` section and which every import
    of :mod:`builder.model` loads, gives it when it loads."""
    _read["quantity"] = read


class PlayTrack(StrictModel):
    """Boxes a model carries, one per point: ticked as it loses them."""

    id: Id
    name: DisplayName
    boxes: Annotated[str, Strict()]
    """``wounds`` (the combatant's wounds) or a ``number`` stat id."""
    below_zero: Annotated[bool, Strict()] = False
    """Also a box for 0 and for each of -1 … -value (Spherus: defeated, not yet dead)."""
    removes: Annotated[bool, Strict()] = False
    """Ticking the last box removes the model (it is dead)."""
    shade_from: Annotated[str, Strict()] | None = None
    """With ``below_zero``: a number stat; the boxes below minus its value are darker
    (Spherus: below -health a defeated character gets no counter)."""
    help: DisplayText | None = None


class PlayMarker(StrictModel):
    """Something a model has or not, kept from turn to turn (a condition marker)."""

    id: Id
    name: DisplayName
    help: DisplayText | None = None


class PlayCounter(StrictModel):
    """A number with − and +: a side's (``per: side``) or each model's (``per: model``)."""

    id: Id
    name: DisplayName
    per: Literal["side", "model"] = "side"
    refill: Annotated[Any, WithJsonSchema({
        "description": "a quantity (SPEC §5): a whole number, a parameter name, "
                       "{models: SELECTOR}, {sum: STAT, of: SELECTOR} or {max: STAT, of: "
                       "SELECTOR}, counted over the models still in play",
        "anyOf": [{"type": "integer", "minimum": 0}, {"type": "string"},
                  {"type": "object"}]})] = None
    """side only: a quantity (SPEC §5) the counter is set to at the first turn and at each
    new turn, counted over the models still in play."""
    start: NonNegative = 0
    """The value at the start of the game (a counter without ``refill``)."""
    max: Positive | None = None
    reset: Annotated[bool, Strict()] = False
    """Back to ``start`` at each new turn (combats fought this turn)."""
    help: DisplayText | None = None

    @field_validator("refill", mode="before")
    @classmethod
    def _quantity(cls, value: Any) -> Any:
        if value is None:
            return None
        return _read["quantity"](value)

    @model_validator(mode="after")
    def _form(self) -> PlayCounter:
        if self.refill is not None and self.per == "model":
            raise ValueError(_("refill is counted over the side's models: a counter with "
                               "'per: model' takes start, max and reset instead"))
        if self.refill is not None and self.reset:
            raise ValueError(_("a counter with refill is set again at each turn already; "
                               "leave out reset"))
        if self.max is not None and self.start > self.max:
            raise ValueError(_("start ({start}) is above max ({max})").format(
                start=self.start, max=self.max))
        return self


class Play(StrictModel):
    """The ``play:`` section of a system file."""

    turn: DisplayText | None = None
    """What a turn is called ("Turn", "Round"); default "Turn"."""
    activated: DisplayText | None = None
    """What a model that has acted this turn is called ("Activated", "Inert")."""
    stats: list[Annotated[str, Strict()]] | None = None
    """The stats a tile shows, in order; default: the stat line but the cost and the stats
    shown as tracks."""
    tracks: list[PlayTrack] = Field(default_factory=list)
    markers: list[PlayMarker] = Field(default_factory=list)
    counters: list[PlayCounter] = Field(default_factory=list)


def default_play(wounds: int | None) -> Play:
    """What a system without ``play:`` tracks: its wounds, when it has a wound track."""
    tracks = [PlayTrack.model_construct(id=WOUNDS, name=_("Wounds"), boxes=WOUNDS,
                                        below_zero=False, removes=True, help=None)] \
        if wounds is not None else []
    return Play.model_construct(turn=None, activated=None, stats=None, tracks=tracks,
                                markers=[], counters=[])


def play_problems(data: dict[str, Any], vocab: Any) -> Iterator[Problem]:
    """Problems across keys of ``play:`` (``vocab``: the system's :class:`_Vocabulary`)."""
    play = data.get("play")
    if not isinstance(play, dict):
        return
    for key, what in (("tracks", N_("track")), ("markers", N_("marker")),
                      ("counters", N_("counter"))):
        for where, message in duplicate_ids(what, key, mappings(play.get(key))):
            yield f"play/{where}", message
    stats = play.get("stats")
    if isinstance(stats, list):
        for i, stat in enumerate(stats):
            if isinstance(stat, str) and stat not in vocab.stat_kind:  # any kind may be shown
                yield from vocab._stat(f"play/stats/{i}", stat, "")
    for i, track in enumerate(mappings(play.get("tracks"))):
        boxes = track.get("boxes")
        if boxes == WOUNDS:
            if data.get("wounds") is None:
                yield (f"play/tracks/{i}/boxes",
                       _("this game has no wound track ('wounds' is not set); name a number "
                         "stat instead"))
        elif isinstance(boxes, str):
            yield from vocab._stat(f"play/tracks/{i}/boxes", boxes, _(
                "a track needs a number: '{stat}' is a {kind} stat; number stats: {numbers}, "
                "or 'wounds'"))
        shade = track.get("shade_from")
        if isinstance(shade, str):
            yield from vocab._stat(f"play/tracks/{i}/shade_from", shade, _(
                "shade_from needs a number: '{stat}' is a {kind} stat; number stats: "
                "{numbers}"))
            if track.get("below_zero") is not True:
                yield (f"play/tracks/{i}/shade_from",
                       _("shade_from shades boxes below zero: give the track below_zero: true"))
    for i, counter in enumerate(mappings(play.get("counters"))):
        if "refill" in counter and counter["refill"] is not None:
            yield from vocab.quantity(f"play/counters/{i}/refill", counter["refill"])


DESCRIPTIONS: dict[str, dict[str, str]] = {
    "Play": {
        "turn": N_("what a turn is called in this game (default: Turn)"),
        "activated": N_("what a model that has acted this turn is called (default: Activated)"),
        "stats": N_("the stats a model's tile shows, in order (default: the stat line but the "
                    "cost and the tracked stats)"),
        "tracks": N_("boxes each model carries, one per point, ticked as it loses them"),
        "markers": N_("things a model has or not, kept from turn to turn (conditions)"),
        "counters": N_("numbers with - and +: the side's, refilled each turn, or each model's"),
    },
    "PlayTrack": {
        "id": N_("the track's id: lowercase letters, digits and '-'"),
        "name": N_("the track's name on a tile"),
        "boxes": N_("how many boxes: 'wounds' (the combatant's wounds) or a number stat id"),
        "below_zero": N_("true: also a box for 0 and for each of -1 ... -value"),
        "removes": N_("true: ticking the last box removes the model"),
        "shade_from": N_("with below_zero: a number stat; the boxes below minus its value are "
                         "darker"),
        "help": N_("a short note on the track, shown as a tooltip"),
    },
    "PlayMarker": {
        "id": N_("the marker's id: lowercase letters, digits and '-'"),
        "name": N_("the marker's name on a tile"),
        "help": N_("a short note on the marker, shown as a tooltip"),
    },
    "PlayCounter": {
        "id": N_("the counter's id: lowercase letters, digits and '-'"),
        "name": N_("the counter's name"),
        "per": N_("side (the default): one for the list; model: one on each tile"),
        "refill": N_("side only: a quantity counted over the models still in play, the "
                     "counter's value at each new turn"),
        "start": N_("the value at the start of the game (default 0)"),
        "max": N_("the highest value (absent: no limit)"),
        "reset": N_("true: back to start at each new turn"),
        "help": N_("a short note on the counter, shown as a tooltip"),
    },
}
"""The ``play:`` keys' help texts for ``spherewars schema system`` (builder.model.schema)."""
