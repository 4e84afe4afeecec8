"""The file formats as pydantic models (no I/O, no Qt)."""

from builder.model.ability import Ability, GlossaryAbility
from builder.model.faction import Combatant, Faction
from builder.model.system import DEFAULT_SYSTEM, System
from builder.model.warband import WARBAND_SCHEMA, Entry, Warband

__all__ = ["DEFAULT_SYSTEM", "Ability", "Combatant", "Entry", "Faction", "GlossaryAbility",
           "System", "WARBAND_SCHEMA", "Warband"]
