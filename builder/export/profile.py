"""A combatant's profile as everything we show prints it: the stat line's columns and each
ability resolved against its faction, with the kind as the game names it. The cards, the
sheet and the app's profile panel all take them from here, so the panel shows what the card
prints. (Apart from :mod:`builder.export.summary` so that the panel, on the first screen, does
not load the whole summary.)"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from builder.model import Ability, Combatant, Faction, System
from builder.model.ability import ability_label


@dataclass(frozen=True)
class AbilityLine:
    """An ability as printed: its entry resolved against the faction and universal glossaries."""

    name: str
    kind: str | None = None
    scope: str | None = None
    difficulty: int | str | None = None
    successes: int = 1
    text: str | None = None

    kind_name: str | None = None
    """The kind as the game calls it (its ``ability_kinds`` name); the id when it has none."""

    @property
    def label(self) -> str:
        """The kind as the card prints it, e.g. "feat 5, 2 successes" (SPEC §1: a feat's
        difficulty is its target value, "A" automatic; some need several successes)."""
        return ability_label(self.kind_name or self.kind, self.difficulty, self.successes)


def stat_columns(system: System, combatants: list[Combatant]) -> tuple[str, ...]:
    """The system's stat line; an ``only_when_set`` column only when one of ``combatants``
    has it (SphereWars' PRE: "only for those miniatures capable of ranged attacks")."""
    return tuple(s.id for s in system.stats
                 if not s.only_when_set or any(c.stat(s.id) is not None for c in combatants))


def resolve_ability(faction: Faction, ref: str | Ability,
                    universal: Mapping[str, Ability] | None = None) -> AbilityLine:
    a = faction.ability(ref, universal)
    kind_name = faction.game.kind_label(a.kind) if a.kind and faction.attached else None
    return AbilityLine(name=a.name, kind=a.kind, scope=a.scope, difficulty=a.difficulty,
                       successes=a.successes, text=a.text, kind_name=kind_name)
