"""The data model of BattleScribe's schema 2.03 (game systems and catalogues), with the New
Recruit additions published data uses (constraint ``exactly``; conditions ``always`` and
``never``; modifiers ``multiply``, ``divide``, ``prepend``, ``replace``, ``ceil``, ``floor``;
scope ``root-entry``; fields ``error``, ``warning``, ``info``; ``localConditionGroup``).

Plain objects with slots, built by :mod:`builder.battlescribe.build` from XML or from the
adapter's setup JSON (one path). Every object keeps the attributes as written (``raw``), so an
attribute this model does not know is kept; an element it does not know is kept in ``extra``
(:class:`Unknown`) and otherwise ignored. Numbers are floats; a number that is not one
(``value="NaN"``) is reported by the builder and read as its default.

Lists that are absent are the shared empty tuple :data:`EMPTY`, so the engine iterates them
without checks and a catalogue of 100,000 elements does not carry 1,000,000 empty lists.

This module is the model's face: what every element is (:mod:`builder.battlescribe.elements`)
and its logic (:mod:`builder.battlescribe.logic`: constraints, conditions, repeats, modifiers)
are defined apart and re-exported here; import them from here.
"""

from __future__ import annotations

from typing import Any

from builder.battlescribe.elements import EMPTY, FALSE, TRUE, Element, Named, Unknown, flag
from builder.battlescribe.logic import (
    KNOWN_CONDITIONS,
    KNOWN_MODIFIERS,
    Condition,
    ConditionGroup,
    Constraint,
    LocalConditionGroup,
    Modifier,
    ModifierGroup,
    Query,
    Repeat,
)

__all__ = [
    "CATALOGUE", "CATEGORY_ENTRY", "CATEGORY_LINK", "EMPTY", "ENTRY_LINK", "FALSE",
    "FORCE_ENTRY", "GAME_SYSTEM", "KNOWN_CONDITIONS", "KNOWN_MODIFIERS", "SELECTION_ENTRY",
    "SELECTION_ENTRY_GROUP", "TRUE", "CatalogueLink", "Characteristic", "CharacteristicType",
    "Condition", "ConditionGroup", "Constraint", "Cost", "CostType", "DataFile", "Element",
    "Entry", "InfoGroup", "InfoLink", "LocalConditionGroup", "Modifier", "ModifierGroup",
    "Named", "Profile", "ProfileType", "Publication", "Query", "Repeat", "Rule", "Unknown",
    "flag",
]

# ----- info: profiles, rules, info groups and links -------------------------------------------

_MODIFIABLE = {"modifiers": "modifiers", "modifierGroups": "modifier_groups"}


class Characteristic(Element):
    TAG = "characteristic"
    __slots__ = ("name", "type_id", "value")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Element.__init__(self, raw, line, column)
        self.name = raw.get("name", "")
        self.type_id = raw.get("typeId", "")
        self.value = ""


class Profile(Named):
    TAG = "profile"
    CONTAINERS = {**_MODIFIABLE, "characteristics": "characteristics"}
    TEXTS = {"comment": "comment"}
    __slots__ = ("type_id", "type_name", "characteristics", "modifiers", "modifier_groups")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Named.__init__(self, raw, line, column)
        self.type_id = raw.get("typeId", "")
        self.type_name = raw.get("typeName", "")
        self.characteristics: Any = EMPTY
        self.modifiers: Any = EMPTY
        self.modifier_groups: Any = EMPTY


class Rule(Named):
    TAG = "rule"
    CONTAINERS = _MODIFIABLE
    TEXTS = {"comment": "comment", "description": "description"}
    __slots__ = ("description", "modifiers", "modifier_groups")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Named.__init__(self, raw, line, column)
        self.description = ""
        self.modifiers: Any = EMPTY
        self.modifier_groups: Any = EMPTY


class InfoLink(Named):
    TAG = "infoLink"
    CONTAINERS = _MODIFIABLE
    TEXTS = {"comment": "comment"}
    __slots__ = ("target_id", "type", "modifiers", "modifier_groups")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Named.__init__(self, raw, line, column)
        self.target_id = raw.get("targetId", "")
        self.type = raw.get("type", "")
        self.modifiers: Any = EMPTY
        self.modifier_groups: Any = EMPTY


_INFO = {"profiles": "profiles", "rules": "rules", "infoGroups": "info_groups",
         "infoLinks": "info_links"}


class InfoGroup(Named):
    TAG = "infoGroup"
    CONTAINERS = {**_MODIFIABLE, **_INFO}
    TEXTS = {"comment": "comment"}
    __slots__ = ("profiles", "rules", "info_groups", "info_links", "modifiers",
                 "modifier_groups")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Named.__init__(self, raw, line, column)
        self.profiles: Any = EMPTY
        self.rules: Any = EMPTY
        self.info_groups: Any = EMPTY
        self.info_links: Any = EMPTY
        self.modifiers: Any = EMPTY
        self.modifier_groups: Any = EMPTY


# ----- entries ------------------------------------------------------------------------------

class Cost(Element):
    TAG = "cost"
    __slots__ = ("name", "type_id", "value")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Element.__init__(self, raw, line, column)
        self.name = raw.get("name", "")
        self.type_id = raw.get("typeId", "")
        self.value = 0.0


_ENTRY = {**_MODIFIABLE, **_INFO, "constraints": "constraints", "costs": "costs",
          "categoryLinks": "category_links", "selectionEntries": "selection_entries",
          "selectionEntryGroups": "selection_entry_groups", "entryLinks": "entry_links",
          "forceEntries": "force_entries"}

SELECTION_ENTRY = "selectionEntry"
SELECTION_ENTRY_GROUP = "selectionEntryGroup"
ENTRY_LINK = "entryLink"
CATEGORY_ENTRY = "categoryEntry"
CATEGORY_LINK = "categoryLink"
FORCE_ENTRY = "forceEntry"


class Entry(Named):
    """A selection entry, entry group, entry link, category entry or link, or force entry:
    one class for all six (``kind`` says which), since a link and its target merge into one
    thing the roster uses."""

    CONTAINERS = _ENTRY
    TEXTS = {"comment": "comment"}
    __slots__ = ("kind", "type", "collective", "import_", "target_id", "primary",
                 "default_selection_entry_id", "costs", "constraints", "modifiers",
                 "modifier_groups", "profiles", "rules", "info_groups", "info_links",
                 "category_links", "selection_entries", "selection_entry_groups",
                 "entry_links", "force_entries", "sort_index")

    def __init__(self, kind: str, raw: dict[str, str], line: int, column: int) -> None:
        Named.__init__(self, raw, line, column)
        get = raw.get
        self.kind = kind
        self.type = get("type", "")
        self.collective = get("collective") in TRUE
        self.import_ = get("import") not in FALSE
        self.target_id = get("targetId", "")
        self.primary = get("primary") in TRUE
        self.default_selection_entry_id = get("defaultSelectionEntryId") or None
        self.sort_index: float | None = None
        self.costs: Any = EMPTY
        self.constraints: Any = EMPTY
        self.modifiers: Any = EMPTY
        self.modifier_groups: Any = EMPTY
        self.profiles: Any = EMPTY
        self.rules: Any = EMPTY
        self.info_groups: Any = EMPTY
        self.info_links: Any = EMPTY
        self.category_links: Any = EMPTY
        self.selection_entries: Any = EMPTY
        self.selection_entry_groups: Any = EMPTY
        self.entry_links: Any = EMPTY
        self.force_entries: Any = EMPTY

    @property
    def is_link(self) -> bool:
        return self.kind == ENTRY_LINK or self.kind == CATEGORY_LINK

    @property
    def is_group(self) -> bool:
        return self.kind == SELECTION_ENTRY_GROUP

    def __repr__(self) -> str:
        return f"<{self.kind} {self.id} {self.name!r}>"


# ----- the files' own parts -----------------------------------------------------------------

class CostType(Named):
    TAG = "costType"
    __slots__ = ("default_cost_limit",)

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Named.__init__(self, raw, line, column)
        self.default_cost_limit = -1.0


class CharacteristicType(Named):
    TAG = "characteristicType"
    __slots__ = ()


class ProfileType(Named):
    TAG = "profileType"
    CONTAINERS = {"characteristicTypes": "characteristic_types"}
    __slots__ = ("characteristic_types",)

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Named.__init__(self, raw, line, column)
        self.characteristic_types: Any = EMPTY


class Publication(Named):
    TAG = "publication"
    __slots__ = ("short_name", "publisher", "publication_date", "publisher_url")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Named.__init__(self, raw, line, column)
        self.short_name = raw.get("shortName")
        self.publisher = raw.get("publisher")
        self.publication_date = raw.get("publicationDate")
        self.publisher_url = raw.get("publisherUrl")


class CatalogueLink(Named):
    TAG = "catalogueLink"
    __slots__ = ("target_id", "type", "import_root_entries")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Named.__init__(self, raw, line, column)
        self.target_id = raw.get("targetId", "")
        self.type = raw.get("type", "catalogue")
        self.import_root_entries = flag(raw, "importRootEntries")


GAME_SYSTEM = "gameSystem"
CATALOGUE = "catalogue"


class DataFile(Named):
    """A game system (``kind`` ``gameSystem``) or a catalogue (``catalogue``), as read: its
    header and its definitions. ``path`` is the name its problems are reported under."""

    CONTAINERS = {
        "publications": "publications", "costTypes": "cost_types",
        "profileTypes": "profile_types", "categoryEntries": "category_entries",
        "forceEntries": "force_entries", "selectionEntries": "selection_entries",
        "entryLinks": "entry_links", "rules": "rules", "infoLinks": "info_links",
        "sharedSelectionEntries": "shared_selection_entries",
        "sharedSelectionEntryGroups": "shared_selection_entry_groups",
        "sharedRules": "shared_rules", "sharedProfiles": "shared_profiles",
        "sharedInfoGroups": "shared_info_groups", "catalogueLinks": "catalogue_links",
        "selectionEntryGroups": "selection_entry_groups",
        "sharedForceEntries": "shared_force_entries",
    }
    TEXTS = {"comment": "comment", "readme": "readme"}
    __slots__ = ("kind", "path", "revision", "battlescribe_version", "game_system_id",
                 "game_system_revision", "library", "author_name", "readme",
                 "publications", "cost_types", "profile_types", "category_entries",
                 "force_entries", "selection_entries", "entry_links", "rules", "info_links",
                 "shared_selection_entries", "shared_selection_entry_groups", "shared_rules",
                 "shared_profiles", "shared_info_groups", "catalogue_links",
                 "selection_entry_groups", "shared_force_entries", "links", "warnings")

    def __init__(self, kind: str, raw: dict[str, str], line: int, column: int) -> None:
        Named.__init__(self, raw, line, column)
        self.kind = kind
        self.path = ""
        self.revision = 0
        self.battlescribe_version = raw.get("battleScribeVersion")
        self.game_system_id = raw.get("gameSystemId") if kind == CATALOGUE else None
        self.game_system_revision = 0
        self.library = flag(raw, "library")
        self.author_name = raw.get("authorName")
        self.readme: str | None = None
        self.links: list[Element] = []
        """Every entry, category and info link of the file, in file order."""
        self.warnings: list[Any] = []
        """What is wrong but tolerated (problems of severity warning), in file order."""
        self.publications: Any = EMPTY
        self.cost_types: Any = EMPTY
        self.profile_types: Any = EMPTY
        self.category_entries: Any = EMPTY
        self.force_entries: Any = EMPTY
        self.selection_entries: Any = EMPTY
        self.entry_links: Any = EMPTY
        self.rules: Any = EMPTY
        self.info_links: Any = EMPTY
        self.shared_selection_entries: Any = EMPTY
        self.shared_selection_entry_groups: Any = EMPTY
        self.shared_rules: Any = EMPTY
        self.shared_profiles: Any = EMPTY
        self.shared_info_groups: Any = EMPTY
        self.catalogue_links: Any = EMPTY
        self.selection_entry_groups: Any = EMPTY
        self.shared_force_entries: Any = EMPTY

    @property
    def is_game_system(self) -> bool:
        return self.kind == GAME_SYSTEM

    def __repr__(self) -> str:
        return f"<{self.kind} {self.id} {self.name!r} r{self.revision}>"
