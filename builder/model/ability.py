"""Abilities (SPEC §1): a glossary entry with an id, or written inline on a combatant.

A game system's ``abilities`` are its universal glossary; a faction's are its own. What an
ability's ``kind`` may be is the system's ``ability_kinds``, checked with the faction.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Discriminator, Strict, Tag, WithJsonSchema
from pydantic_core import PydanticCustomError

from builder.i18n import _, ngettext, number
from builder.model.base import MAX_WHOLE, Id, Name, OptText, Positive, StrictModel, describe, quote

Scope = Literal["racial", "unique", "universal"]


def _difficulty(value: Any) -> Any:
    if isinstance(value, int) and not isinstance(value, bool) and value > MAX_WHOLE:
        raise PydanticCustomError("number_too_large", _("must be at most {maximum} (got {got})"),
                                  {"maximum": number(MAX_WHOLE), "got": describe(value)})
    if value is None or value == "A" or (isinstance(value, int) and not isinstance(value, bool)
                                         and value >= 1):
        return value
    raise PydanticCustomError(
        "difficulty_value",
        _("difficulty must be a whole number (the target value) or \"A\" (automatic), not "
          "{got}"),
        {"got": quote(value) if isinstance(value, str) else describe(value)},
    )


Difficulty = Annotated[
    int | Literal["A"] | None,
    BeforeValidator(_difficulty),
    WithJsonSchema({"anyOf": [{"type": "integer", "minimum": 1}, {"const": "A"},
                              {"type": "null"}]}),
]


class Ability(StrictModel):
    id: Id | None = None
    name: Name
    scope: Scope | None = None
    kind: Annotated[str, Strict()] | None = None
    difficulty: Difficulty = None
    successes: Positive = 1
    text: OptText = None


class GlossaryAbility(Ability):
    id: Id  # type: ignore[assignment]


def _ability_tag(value: Any) -> str:
    return "by-id" if isinstance(value, str) else "inline-ability"


AbilityRef = Annotated[
    Annotated[str, Strict(), Tag("by-id")] | Annotated[Ability, Tag("inline-ability")],
    Discriminator(_ability_tag),
]


def ability_data(ability: Ability, with_id: bool = True) -> dict[str, Any]:
    """An ability as the file writes it, defaults left out."""
    data: dict[str, Any] = {}
    if with_id and ability.id is not None:
        data["id"] = ability.id
    data["name"] = ability.name
    for key in ("scope", "kind", "difficulty"):
        if getattr(ability, key) is not None:
            data[key] = getattr(ability, key)
    if ability.successes != 1:
        data["successes"] = ability.successes
    if ability.text is not None:
        data["text"] = ability.text
    return data


def ability_label(kind: str | None, difficulty: int | str | None = None,
                  successes: int = 1) -> str:
    """What a card prints after an ability's name, e.g. "feat 5, 2 successes" or "feat A,
    automatic" (SPEC §1: a feat's difficulty is its target value, "A" automatic; some need
    several successes). ``kind`` is the kind as the game calls it (its ``ability_kinds``
    name). The faction editor sums an ability up with the same words."""
    kind = kind or ""
    needed = ngettext("{n} success", "{n} successes", successes).format(n=successes)
    if difficulty == "A":
        return _("{kind} A, automatic").format(kind=kind).strip()
    if difficulty is not None:
        return _("{kind} {difficulty}, {successes}").format(
            kind=kind, difficulty=difficulty, successes=needed).strip()
    if successes != 1:  # the data does not give the difficulty: only what is known
        return _("{kind}, {successes}").format(kind=kind, successes=needed) if kind \
            else needed
    return kind
