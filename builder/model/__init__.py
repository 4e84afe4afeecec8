"""The file formats as pydantic models (no I/O, no Qt)."""

from builder.model.faction import (
    STAT_NAMES,
    TYPE_ORDER,
    TYPE_PLURAL,
    Ability,
    AbilityGlossary,
    BuildingRules,
    Combatant,
    Faction,
    GlossaryAbility,
    Profile,
)
from builder.model.warband import WARBAND_SCHEMA, Entry, Warband

__all__ = ["STAT_NAMES", "TYPE_ORDER", "TYPE_PLURAL", "Ability", "AbilityGlossary",
           "BuildingRules", "Combatant", "Entry", "Faction", "GlossaryAbility", "Profile",
           "WARBAND_SCHEMA", "Warband"]
