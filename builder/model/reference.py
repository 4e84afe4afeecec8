"""The turn reference's file format (``resources/reference/<system id>.yaml``) as pydantic
models, and the checks of its ``card:`` section against the game it is printed for.

The rules text is data, not Python strings (STYLE.md): a rules correction or a translation is
an edit of the file, checked with the same strict models and ``FILE:LINE:COLUMN`` messages as
faction files (:mod:`builder.data.reference` reads it). A reference may also say what every
card of its game carries besides the stat line (its ``card:`` section: dice pools spelt out,
lines built from stats, tracks of boxes, counters, a table of attacks). SPEC §5's system format
cannot say "this stat is a track", and it is a public contract; this file is ours.
``docs/reference-format.md`` describes it.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Annotated, Any, Literal, NamedTuple

from pydantic import AfterValidator, Field, Strict, model_validator

from builder.i18n import _
from builder.model.base import Positive, StrictModel, Text, closest, mappings
from builder.model.system import not_one_of
from builder.model.text import DisplayText

if TYPE_CHECKING:
    from builder.model import System

REFERENCE_SCHEMA = "spherewars-reference/1"


class Table(StrictModel):
    columns: list[Annotated[str, Strict()]] = Field(min_length=1)
    rows: list[list[Annotated[str, Strict()]]] = Field(min_length=1)

    @model_validator(mode="after")
    def _widths(self) -> Table:
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(_("row {row} has {cells} cells; the table has {columns} "
                                   "columns").format(row=i + 1, cells=len(row),
                                                     columns=len(self.columns)))
        return self


class Item(StrictModel):
    """One block of the reference: a title, the rulebook section it summarises, and any of a
    text, bullet points, a table and a closing note (printed in that order)."""

    title: Text
    section: Text
    text: Text | None = None
    points: list[Text] = Field(default_factory=list)
    table: Table | None = None
    note: Text | None = None

    @model_validator(mode="after")
    def _has_content(self) -> Item:
        if not (self.text or self.points or self.table or self.note):
            raise ValueError(_("an item needs a text, points, a table or a note"))
        return self


# --- the cards' table aids ------------------------------------------------------------------

StatName = Annotated[str, Strict()]
"""A stat id of the reference's game (checked against the system by :func:`card_problems`)."""
MAX_COUNTER_BOXES = 20
PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
"""``{MOV}`` in a card line: the combatant's value of that stat."""
DIE_LETTERS = re.compile(r"^[A-Za-z]{1,3}$")


def _counter_boxes(value: int) -> int:
    if value > MAX_COUNTER_BOXES:
        raise ValueError(_("a counter has at most {most} boxes (got {got})").format(
            most=MAX_COUNTER_BOXES, got=value))
    return value


class Pool(StrictModel):
    """A dice-pool stat written as counts and letters ("2D+1A"), spelt out on the card:
    "Defence dice: 2D+1A (2 Defence, 1 Agility)"."""

    stat: StatName
    name: DisplayText | None = None
    """The label; by default the stat's name in the game system."""
    dice: dict[Annotated[str, Strict()], DisplayText] = Field(min_length=1)
    """Letter -> the die's name."""

    @model_validator(mode="after")
    def _letters(self) -> Pool:
        for letter in self.dice:
            if not DIE_LETTERS.match(letter):
                raise ValueError(_("'{letter}' is not a die's letter: use one to three "
                                   "letters as the pools are written, such as D or A").format(
                                       letter=letter))
        return self


class When(StrictModel):
    """A condition on the combatant: it has the game's ability of that id."""

    ability: Annotated[str, Strict()]


class Line(StrictModel):
    """A short line under the stat line, such as "Move 2 hexagons"; ``{STAT}`` in ``text`` is
    the combatant's value. Left out when a stat it names is not set, or ``when`` is false."""

    name: DisplayText
    text: DisplayText
    when: When | None = None


class Track(StrictModel):
    """A row of boxes to tick, one per point of the combatant's value of ``stat`` (a number
    stat); ``below_zero`` adds a box for 0 and one for each of -1 … -value, shaded."""

    stat: StatName
    name: DisplayText | None = None
    """The label; by default the stat's name in the game system."""
    below_zero: Annotated[bool, Strict()] = False
    shade_from: StatName | None = None
    """With ``below_zero``: a number stat; the boxes 0 … -(its value) are shaded light, those
    below it dark (Spherus: defeated and rising again, then defeated for good). A combatant
    without it gets them all light."""
    help: DisplayText | None = None
    """A short note printed under the boxes."""


class Counter(StrictModel):
    """A fixed row of boxes every card carries (a count of rounds, say)."""

    name: DisplayText
    boxes: Annotated[Positive, AfterValidator(_counter_boxes)]
    help: DisplayText | None = None


class Attacks(StrictModel):
    """Abilities of these kinds print as rows of a table: the name and kind, then the
    ability's text cut at ";" into ``columns`` (a leading word equal to the column's name is
    dropped: "range 1 hex" under Range is "1 hex"). What follows a ":" in a part, and parts
    beyond the columns, print under the row. A text with fewer parts prints as usual."""

    kinds: list[Annotated[str, Strict()]] = Field(min_length=1)
    columns: list[DisplayText] = Field(min_length=1, max_length=4)


class Card(StrictModel):
    """What every card of the game carries besides the stat line. A stat that a pool, a line
    or a track prints is left out of the card's stat table, so each value is printed once."""

    pools: list[Pool] = Field(default_factory=list)
    lines: list[Line] = Field(default_factory=list)
    tracks: list[Track] = Field(default_factory=list)
    counters: list[Counter] = Field(default_factory=list)
    attacks: Attacks | None = None


class Reference(StrictModel):
    schema_: Literal["spherewars-reference/1"] = Field(alias="schema")
    title: Text
    source: Text
    squad_note: Text | None = None
    """Printed on the card of a combatant that forms a squad (a game's deployment rule)."""
    card: Card | None = None
    """Table aids printed on every card of the game."""
    items: list[Item] = Field(min_length=1)


class GameNames(NamedTuple):
    """What a ``card:`` section may name, from its game system (hashable, for the cache)."""

    stats: tuple[tuple[str, str], ...]
    """(id, kind) of each stat."""
    abilities: tuple[str, ...]
    """The ids of the game's glossary."""
    kinds: tuple[str, ...]
    """The ids of its ability kinds."""

    @classmethod
    def of(cls, system: System) -> GameNames:
        return cls(tuple((s.id, s.kind) for s in system.stats), tuple(sorted(system.glossary())),
                   tuple(k.id for k in system.ability_kinds))


def card_problems(data: Any, game: GameNames) -> list[tuple[str, str]]:
    """The ``card:`` section against the game it is printed for: every stat, ability and
    ability kind it names must be the system's (with the closest suggested), a track's stat
    a number, one track per stat. ``(slash/path, message)`` pairs, as the loaders place them."""
    card = data.get("card") if isinstance(data, dict) else None
    if not isinstance(card, dict):
        return []
    kinds = dict(game.stats)
    stat_ids = list(kinds)
    out: list[tuple[str, str]] = []

    def stat(path: str, value: Any) -> str | None:
        """``value`` when it names a stat of the game (else the problem is noted)."""
        if isinstance(value, str) and value not in kinds:
            out.append((path, not_one_of("stat", value, stat_ids)))
            return None
        return value if isinstance(value, str) else None

    for i, pool in enumerate(mappings(card.get("pools"))):
        stat(f"card/pools/{i}/stat", pool.get("stat"))
    seen: dict[str, int] = {}
    for i, track in enumerate(mappings(card.get("tracks"))):
        value = stat(f"card/tracks/{i}/stat", track.get("stat"))
        if value is None:
            continue
        if kinds[value] != "number":
            out.append((f"card/tracks/{i}/stat", _(
                "a track counts boxes, so its stat must be a number; '{stat}' is {kind}").format(
                    stat=value, kind=kinds[value])))
        elif value in seen:
            out.append((f"card/tracks/{i}/stat", _(
                "'{stat}' already has a track (tracks/{first})").format(stat=value,
                                                                         first=seen[value])))
        seen.setdefault(value, i)
        shade = stat(f"card/tracks/{i}/shade_from", track.get("shade_from"))
        if shade is None:
            continue
        if kinds[shade] != "number":
            out.append((f"card/tracks/{i}/shade_from", _(
                "the shading counts boxes, so its stat must be a number; '{stat}' is {kind}"
            ).format(stat=shade, kind=kinds[shade])))
        elif track.get("below_zero") is not True:
            out.append((f"card/tracks/{i}/shade_from", _(
                "shade_from shades the boxes below zero: give the track below_zero: true")))
    glossary = list(game.abilities)
    for i, line in enumerate(mappings(card.get("lines"))):
        text = line.get("text")
        texts = [text] if isinstance(text, str) else list(text.values()) \
            if isinstance(text, dict) else []
        for name in sorted({n for t in texts if isinstance(t, str)
                            for n in PLACEHOLDER.findall(t)}):
            if name not in kinds:
                near = closest(name, stat_ids)
                message = _("{{{name}}} is not a stat of this game; did you mean "
                            "{{{near}}}?").format(name=name, near=near) if near else _(
                    "{{{name}}} is not a stat of this game; its stats are: {stats}").format(
                        name=name, stats=", ".join(stat_ids))
                out.append((f"card/lines/{i}/text", message))
        when = line.get("when")
        ability = when.get("ability") if isinstance(when, dict) else None
        if isinstance(ability, str) and ability not in glossary:
            out.append((f"card/lines/{i}/when/ability",
                        not_one_of("ability", ability, glossary)))
    attacks = card.get("attacks")
    kind_ids = list(game.kinds)
    if isinstance(attacks, dict) and isinstance(attacks.get("kinds"), list):
        for i, kind in enumerate(attacks["kinds"]):
            if isinstance(kind, str) and kind not in kind_ids:
                out.append((f"card/attacks/kinds/{i}", not_one_of("kind", kind, kind_ids)))
    return out
