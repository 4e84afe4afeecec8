"""JSON Schema of the file formats, for editors (VS Code's YAML extension and the like).

``faction`` with a system gives that system's faction schema: its stat ids as the profile's
keys, its types, ranks, parameters and ability kinds as the allowed values.
"""

from __future__ import annotations

import copy
from typing import Any

from pydantic import BaseModel

from builder.i18n import N_, _
from builder.model.base import MAX_TEXT, MAX_WHOLE
from builder.model.event import Event
from builder.model.faction import Faction
from builder.model.pattern import template_regex, whole_range
from builder.model.play import DESCRIPTIONS as PLAY_DESCRIPTIONS
from builder.model.system import StatLimit, System
from builder.model.text import display
from builder.model.warband import Warband

BASE_URL = "https://spherewars.invalid/schema/"
MODELS: dict[str, type[BaseModel]] = {"faction": Faction, "warband": Warband, "system": System,
                                       "event": Event}
_NONE = [{"type": "null"}, {"type": "string", "pattern": "^\\s*[-–—]?\\s*$"}]
"""No value: null, or a dash (as check-data reads "-", "–", "—" and an empty text)."""


_SELECTOR = N_("a quantity: a whole number, a parameter name, points_limit, or "
              "{models|sum|max: …}")
_ABILITY = {
    "id": N_("the ability's id: lowercase letters, digits and '-'"),
    "name": N_("the ability's name as printed"),
    "scope": N_("racial, unique or universal"),
    "kind": N_("what kind of ability it is (one of the game system's ability kinds)"),
    "difficulty": N_("feats: the target value (a whole number) or \"A\" (automatic)"),
    "successes": N_("feats: successes needed (default 1)"),
    "text": N_("the rules text of the ability"),
}
_RULE = {
    "id": N_("the rule id its findings carry (lowercase letters, digits and '-')"),
    "severity": N_("error (the default) makes a list illegal; warning does not"),
    "name": N_("a short label for the rule"),
    "cite": N_("the rulebook sentence this rule enforces, quoted in its findings; in several "
               "languages, the first is the book's own words and the others are shown as "
               "translations"),
    "count": N_("form 1: one amount for the whole list ({quantity})"),
    "each": N_("form 2: a selector; the models of each hired combatant that matches are "
               "counted"),
    "at_most": N_("the largest allowed amount ({quantity})"),
    "at_least": N_("the smallest allowed amount ({quantity})"),
    "exactly": N_("the only allowed amount: at_least and at_most together"),
    "own_max": N_("form 2 only: a combatant's own max replaces at_most"),
    "when": N_("the rule applies only when this quantity is more than 0"),
    "message": N_("the finding's text: a template with {amount}, {bound}, {combatant}, "
                  "{basis}"),
}
_SELECTOR_KEYS = {
    "type": N_("combatant type id, or a list of them (any matches)"),
    "id": N_("combatant id, or a list of them (any matches)"),
    "rank": N_("rank id, or a list of them (any matches)"),
    "squad": N_("true: only combatants that form a squad; false: only those that do not"),
    "tag": N_("a tag the combatant carries, or a list of them (any matches)"),
    "option": N_("only entries that took this option id (or any of a list of them)"),
    "option_tag": N_("only entries that took an option carrying this tag (or any of a list)"),
}
_OPTION = {
    "id": N_("the option's id, unique within the combatant: lowercase letters, digits, '-'"),
    "name": N_("the option's name as shown and printed"),
    "adds": N_("number stat id -> what the option adds to it (the cost stat included)"),
    "per_model": N_("true: it adds once per model of the entry; false (the default): once per "
                    "entry"),
    "max": N_("how many times one entry may take it (default 1)"),
    "group": N_("options of the same group exclude each other: at most one per entry"),
    "tags": N_("free labels that rules' selectors can match (option_tag: veteran)"),
    "text": N_("the rules text of the option, printed on the card"),
    "for": N_("the combatants that may take it: a selector ({} or absent: every combatant)"),
}
_PICK = {
    "id": N_("the pick's id, as lists name it: lowercase letters, digits, '-'"),
    "name": N_("the pick's name as shown and printed"),
    "adds": N_("number stat id -> what taking it adds to the list's totals (the cost stat "
               "included)"),
    "tags": N_("free labels that {picks: {tag: …}} can count"),
    "text": N_("the rules text of the pick"),
}
DESCRIPTIONS: dict[str, dict[str, str]] = {
    "Faction": {
        "schema": N_("the file format and its version: spherewars-faction/1"),
        "system": N_("the game system's id (absent: spherewars-1e)"),
        "id": N_("the faction's id, unique across all loaded data: lowercase letters, digits, '-'"),
        "name": N_("the faction's name as shown and printed"),
        "source": N_("the published source the profiles come from"),
        "building": N_("overrides of the game system's recruiting parameters, by name"),
        "abilities": N_("the faction's glossary of racial and unique abilities"),
        "picks": N_("what a list of this faction may take once: artefacts, pacts "
                    "(docs/options.md)"),
        "combatants": N_("every combatant the faction can hire (at least one)"),
    },
    "Ability": _ABILITY,
    "GlossaryAbility": _ABILITY,
    "SystemAbility": _ABILITY,
    "Combatant": {
        "id": N_("the combatant's id, unique inside the faction: lowercase letters, digits, '-'"),
        "name": N_("the combatant's name as shown and printed"),
        "nickname": N_("an epithet printed after the name"),
        "type": N_("the combatant type (one of the game system's types)"),
        "rank": N_("the combatant's rank (one of the game system's ranks)"),
        "base": N_("base size in mm"),
        "squad": N_("true: this combatant forms a squad (default false)"),
        "max": N_("a cap on how many of this combatant a list may hire (e.g. 1 for a unique hero)"),
        "unit": N_("each entry hires a unit of min to max models, e.g. {min: 3, max: 5}"),
        "options": N_("what an entry of this combatant may add: weapons, upgrades "
                      "(docs/options.md)"),
        "wounds": N_("wounds on the card's track (default: the game system's)"),
        "tags": N_("free labels that rules' selectors can match (tag: mounted)"),
        "profile": N_("the stat line: stat id -> value; null or \"-\" means none"),
        "abilities": N_("ability ids from the faction's or the game's glossary, or inline "
                        "abilities"),
        "equipment": N_("equipment carried, one item per entry"),
        "unique_equipment": N_("unique equipment carried, one item per entry"),
        "description": N_("a description of the combatant, printed on its card"),
    },
    "Warband": {
        "schema": N_("the file format and its version: spherewars-warband/1"),
        "name": N_("the list's name"),
        "faction": N_("the id of the faction the list is built from"),
        "points_limit": N_("the points the list may spend (absent: no limit)"),
        "entries": N_("the combatants hired, each with how many"),
        "picks": N_("the ids of what the list takes once: artefacts, pacts"),
        "notes": N_("free notes, printed on the turn summary sheet"),
    },
    "Entry": {
        "combatant": N_("the id of a combatant of the list's faction"),
        "count": N_("how many models of it are hired (1 to 9,999)"),
        "options": N_("option id -> how many times this entry takes it"),
    },
    "UnitSize": {"min": N_("the fewest models one entry may hire"),
                 "max": N_("the most models one entry may hire")},
    "Option": _OPTION,
    "SystemOption": _OPTION,
    "Pick": _PICK,
    "SystemPick": _PICK,
    "PickSelector": {"id": N_("pick id, or a list of them (any matches)"),
                     "tag": N_("a tag the pick carries, or a list of them (any matches)")},
    "EntriesQuantity": {"entries": N_("a selector: the entries that match are counted, a unit "
                                      "once"),
                        "times": N_("a multiplier: a whole number or a parameter name")},
    "PicksQuantity": {"picks": N_("a pick selector (id, tag): the picks taken that match are "
                                  "counted"),
                      "times": N_("a multiplier: a whole number or a parameter name")},
    "System": {
        "schema": N_("the file format and its version: spherewars-system/1"),
        "id": N_("the game system's id: lowercase letters, digits and '-'"),
        "name": N_("the game's name as shown and printed"),
        "source": N_("the published rules the system comes from"),
        "list_name": N_("what a list is called in this game (default: Warband)"),
        "picks_name": N_("what the game calls the things a list takes once (default: Extras)"),
        "cost": N_("the number stat a list's points add up (absent: no points)"),
        "wounds": N_("default wounds of a combatant (absent: no wound track)"),
        "bases": N_("allowed base sizes in mm (absent: any whole number)"),
        "stats": N_("the stat line in print order"),
        "constraints": N_("stat id -> what its value must be: a minimum, a maximum, a pattern "
                          "for a text stat"),
        "types": N_("the combatant types, in catalogue order (at least one)"),
        "ranks": N_("the combatant ranks"),
        "ability_kinds": N_("what an ability's kind may be"),
        "abilities": N_("the game's universal glossary of abilities"),
        "parameters": N_("recruiting parameters: name -> default whole number; factions override "
                         "them under building"),
        "parameter_names": N_("parameter -> what the faction editor calls it (absent: a name "
                              "made from the parameter)"),
        "rules": N_("the recruiting rules, checked in order"),
        "figures": N_("derived figures reported with every check and printed on the summary sheet"),
        "options": N_("options offered to every combatant their for: selector matches "
                      "(docs/options.md)"),
        "picks": N_("what any list of this game may take once: artefacts, pacts"),
        "reference": N_("the id of the turn reference printed on the summary sheet"),
        "play": N_("what the game tracks at the table: tracks, markers, counters (docs/play.md)"),
    },
    "StatDef": {
        "id": N_("the stat's id as written in profiles: letters, digits, '_' and '-'"),
        "name": N_("the stat's full name"),
        "kind": N_("number (the default), pair (a number or \"a-b\") or text (free text)"),
        "required": N_("true: every combatant must give this stat"),
        "only_when_set": N_("true: the column is printed only for combatants that have the stat"),
        "label": N_("how the stat's column is headed when not its id, e.g. {en: HP, es: PV}"),
    },
    "StatLimit": {
        "minimum": N_("the smallest value allowed (each value of a pair)"),
        "maximum": N_("the largest value allowed (each value of a pair)"),
        "pattern": N_("how a text stat is written: {n} a whole number, [...] an optional part, "
                      "| a choice, \\ the next character as itself; e.g. {n}D[+{n}A]"),
        "means": N_("what the pattern asks for, in words, e.g. 'Defence and Agility dice, such "
                    "as 2D+1A'"),
        "cite": N_("the rulebook's words behind the constraint"),
    },
    "TypeDef": {
        "id": N_("the type's id, as combatants' type names it"),
        "name": N_("the type's name"),
        "plural": N_("the type's name for several (default: the name with an s)"),
    },
    "Named": {"id": N_("the id that files name it by"),
              "name": N_("its name as shown and printed")},
    "AbilityKind": {"id": N_("the id that files name it by"),
                    "name": N_("its name as shown and printed"),
                    "difficulty": N_("true: abilities of this kind are rolled against a "
                                     "difficulty (a target value, or A) with a number of "
                                     "successes")},
    "Figure": {
        "id": N_("the figure's id (its key in a check's JSON stats)"),
        "name": N_("the figure's name as printed"),
        "value": N_("how it is computed: {quantity}"),
        "help": N_("what the figure means at the table, shown as a tooltip"),
        "cite": N_("the rulebook sentence the figure rests on, quoted in its tooltip; in "
                   "several languages, the first is the book's own words"),
    },
    "Rule": _RULE,
    "Selector": _SELECTOR_KEYS,
    "Event": {
        "schema": N_("the file format and its version: spherewars-event/1"),
        "name": N_("the event's name"),
        "date": N_("the event's date, YYYY-MM-DD"),
        "system": N_("the game system every list must be of"),
        "points_limit": N_("replaces every list's own points limit"),
        "factions": N_("the factions lists may be of (absent: any)"),
        "rules": N_("more recruiting rules in the game system format, checked after the system's"),
        "data": N_("the data fingerprint the event expects, per faction id"),
        "lists": N_("the registered lists: a list not among them breaks list-not-registered"),
        "packs": N_("the data pack versions the event loads: pack id -> version (spherewars data "
                    "list)"),
    },
    "PackInfo": {
        "schema": N_("the file format and its version: spherewars-pack/1"),
        "id": N_("the pack's id: lowercase letters, digits and '-'"),
        "name": N_("the pack's name as shown (a text, or one per language: {en: …, es: …})"),
        "version": N_("the pack's version: MAJOR.MINOR.PATCH in whole numbers, like 1.2.0"),
        "date": N_("the date of this version, YYYY-MM-DD"),
        "authors": N_("who typed and checked the data"),
        "source": N_("where the profiles come from (a book, cards, a printing)"),
        "licence": N_("the licence the data is shared under, like CC-BY-4.0"),
        "changes": N_("what each version changed, newest first"),
    },
    "Change": {"version": N_("the version that made the change"),
               "text": N_("what changed, like \"Nek'Org 169 → 165 PE (errata 2)\"")},
    "Index": {"schema": N_("the file format and its version: spherewars-index/1"),
              "packs": N_("every pack version offered")},
    "IndexEntry": {
        "id": N_("the pack's id"),
        "name": N_("the pack's name"),
        "version": N_("the pack's version"),
        "url": N_("where its .swpack is: relative to the index, or an http(s) address"),
        "sha256": N_("the SHA-256 of the .swpack, 64 lowercase hexadecimal digits"),
        "size": N_("the .swpack's size in bytes"),
    },
    "RegisteredList": {
        "player": N_("the player who registered the list"),
        "fingerprint": N_("the list fingerprint (spherewars fingerprint FILE)"),
    },
}
"""Every key's help text, shown by editors on hover; keyed by the model's name in the schema
(``$defs``, or the top-level model). Marked for translation: the schema is written in the
current language (``{quantity}`` stands for the description of a quantity)."""
DESCRIPTIONS.update(PLAY_DESCRIPTIONS)  # the play: section's (builder.model.play)


def _describe(schema: dict[str, Any], top: type[BaseModel]) -> dict[str, Any]:
    """Give every property the description of its key (a description already there, such as
    a system's stat name, stays)."""
    models = [(top.__name__, schema)]
    models += list(schema.get("$defs", {}).items())
    for name, model in models:
        texts = DESCRIPTIONS.get(name, {})
        for key, prop in model.get("properties", {}).items():
            if key in texts and isinstance(prop, dict) and not prop.get("description"):
                prop["description"] = _(texts[key]).replace("{quantity}", _(_SELECTOR))
    return schema


def json_schema(kind: str, system: System | None = None,
                model: type[BaseModel] | None = None) -> dict[str, Any]:
    """The schema of the ``kind`` files: one of :data:`MODELS`, or ``model``'s (the formats
    of the layers above the models, such as the data packs')."""
    model = model if model is not None else MODELS[kind]
    schema = model.model_json_schema(by_alias=True, mode="validation")
    name = f"spherewars-{kind}-1" + (f"-{system.id}" if system is not None else "")
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema",
           "$id": f"{BASE_URL}{name}.json", **schema}
    if kind == "faction" and system is not None:
        out = _for_system(out, system)
    return _describe(out, model)


def _stat_schema(kind: str, limit: StatLimit | None = None,
                 required: bool = False) -> dict[str, Any]:
    """A stat value's schema, as check-data reads the value (issue 41 item 14: what an
    editor's YAML plug-in accepts, check-data accepts): a number within the system's bounds
    (and MAX_WHOLE); a pair as one such number or two joined by '-'; a text up to MAX_TEXT,
    written as the system's pattern says (our template, turned into a regular expression);
    "no value" ("-", "–", null) only for a stat that is not required."""
    low = limit.minimum if limit is not None and limit.minimum is not None else 0
    high = min(limit.maximum, MAX_WHOLE) if limit is not None and limit.maximum is not None \
        else MAX_WHOLE
    number: dict[str, Any] = {"type": "integer", "minimum": low, "maximum": high}
    none = [] if required else _NONE
    if kind == "pair":
        part = whole_range(low, high)
        return {"anyOf": [number, {"type": "string",
                                   "pattern": rf"^\s*{part}\s*-\s*{part}\s*$"}, *none]}
    if kind == "text":
        text: dict[str, Any] = {"type": "string", "maxLength": MAX_TEXT}
        if limit is not None and limit.pattern is not None:
            text["pattern"] = rf"^\s*{template_regex(limit.pattern)}\s*$"
            return {"anyOf": [text, *none]}
        return {"anyOf": [text, {"type": "integer"}, *none]}  # (a number is read as text)
    return {"anyOf": [number, *none]}


def _for_system(schema: dict[str, Any], system: System) -> dict[str, Any]:
    schema = copy.deepcopy(schema)
    defs = schema.get("$defs", {})
    combatant = defs["Combatant"]["properties"]
    combatant["type"] = {"enum": list(system.type_order),
                         "description": _("combatant type: {types}").format(types=", ".join(
                             f"{t.id} ({display(t.name)})" for t in system.types))}
    if system.ranks:
        combatant["rank"] = {"anyOf": [{"enum": [r.id for r in system.ranks]},
                                       {"type": "null"}]}
    if system.bases:
        combatant["base"] = {"anyOf": [{"enum": list(system.bases)}, {"type": "null"}]}
    combatant["profile"] = {
        "type": "object", "additionalProperties": False,
        "required": [s.id for s in system.stats if s.required],
        "properties": {s.id: {**_stat_schema(s.kind, system.limit(s.id), s.required),
                              "description": display(s.name)}
                       for s in system.stats}}
    schema["properties"]["building"] = {
        "type": "object", "additionalProperties": False,
        "properties": {k: {"type": "integer", "minimum": 0, "default": v,
                           "description": _("overrides the system's {parameter} (default "
                                            "{value})").format(parameter=k, value=v)}
                       for k, v in system.parameters.items()}}
    schema["properties"]["system"] = {"const": system.id}
    numbers = [st for st in system.stats if st.kind == "number"]
    for name in ("Option", "Pick"):  # SPEC §9: adds names the system's number stats
        if name in defs:
            adds = defs[name]["properties"]["adds"]
            defs[name]["properties"]["adds"] = {
                "type": "object", "additionalProperties": False,
                "description": adds.get("description", ""),
                "properties": {st.id: {"type": "integer", "minimum": 0,
                                       "description": display(st.name)} for st in numbers}}
    if system.ability_kinds:
        kinds = {"anyOf": [{"enum": [k.id for k in system.ability_kinds]}, {"type": "null"}]}
        for name in ("Ability", "GlossaryAbility"):
            if name in defs:
                defs[name]["properties"]["kind"] = kinds
    return schema
