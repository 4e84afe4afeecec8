"""Fingerprints (SPEC §6): short codes that say "the same list" and "the same data".

An organiser's spreadsheet or website must be able to compute the same values, so the
algorithm is spelled out exactly as in the SPEC and nothing else goes into it: the canonical
JSON of what is fingerprinted, its SHA-256, the first 40 bits in Crockford base-32
(:mod:`builder.plumbing.canonical`, shared with a BattleScribe roster's fingerprint).

The *list fingerprint* hashes ``{"faction": ID, "models": {COMBATANT_ID: N, …}}`` with the
models totalled over entries: names, notes, order, formatting, the points limit and the way
models are split over entries do not count. SPEC §9 adds ``"options": {COMBATANT: {OPTION:
N}}`` (times taken, totalled over entries; × the entry's count for a ``per_model`` option) and
``"picks": [sorted ids]``, each only when not empty: a list without options or picks keeps the
fingerprint it always had. Whether an option counts per model is the faction's to say, so a
list whose entries took options is fingerprinted exactly only with its faction at hand
(without it, each option counts its times). The *data fingerprint* of a faction hashes the
list ``[SYSTEM, FACTION]`` of its two YAML documents as read.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.model import Faction, Warband
from builder.plumbing.canonical import CROCKFORD, canonical_json, encode


def list_models(faction: str, models: Mapping[str, int],
                options: Mapping[str, Mapping[str, int]] | None = None,
                picks: list[str] | tuple[str, ...] = ()) -> dict[str, Any]:
    """What a list fingerprint hashes: the faction and the models of each combatant id, and
    (SPEC §9) the options and picks when there are any."""
    document: dict[str, Any] = {"faction": faction,
                                "models": {cid: n for cid, n in models.items() if n > 0}}
    if options:
        taken = {cid: {oid: n for oid, n in mine.items() if n > 0}
                 for cid, mine in options.items()}
        taken = {cid: mine for cid, mine in taken.items() if mine}
        if taken:
            document["options"] = taken
    if picks:
        document["picks"] = sorted(picks)
    return document


def list_options(warband: Warband, faction: Faction | None = None) -> dict[str, dict[str, int]]:
    """``"options"`` of SPEC §9: times each option was taken per combatant id, totalled over
    entries, × the entry's count for an option the faction says is ``per_model``."""
    if faction is None or faction.id != warband.faction or not faction.attached:
        return warband.option_totals()
    totals: dict[str, dict[str, int]] = {}
    for e in warband.entries:
        if not e.options:
            continue
        c = faction.combatant(e.combatant)
        offered = faction.options_for(c) if c is not None else {}
        mine = totals.setdefault(e.combatant, {})
        for oid, times in e.options.items():
            option = offered.get(oid)
            n = times * e.count if option is not None and option.per_model else times
            mine[oid] = mine.get(oid, 0) + n
    return totals


def list_fingerprint(warband: Warband, hired: Mapping[str, int] | None = None,
                     faction: Faction | None = None) -> str:
    """Same value exactly when two lists name the same faction and hire the same number of
    models of each combatant id (totalled over entries; unknown combatants count too), with
    the same options and picks (SPEC §9). ``hired``: those totals when already worked out (a
    validation's report has them); ``faction``: the list's faction, which says which options
    count per model (needed only when an entry took options)."""
    models = warband.totals() if hired is None else hired
    if not warband.picks and not any(e.options for e in warband.entries):
        return encode(list_models(warband.faction, models))
    return encode(list_models(warband.faction, models, list_options(warband, faction),
                              warband.picks))


def data_fingerprint(system_document: Any, faction_document: Any) -> str:
    """The fingerprint of ``[SYSTEM, FACTION]``: each the YAML document as read (plain data:
    comments and formatting are already gone)."""
    return encode([system_document, faction_document])


__all__ = ["CROCKFORD", "canonical_json", "data_fingerprint", "encode", "list_fingerprint",
           "list_models", "list_options"]
