"""A roster's list fingerprint (SPEC §10): the same short code as a warband's (SPEC §6,
:mod:`builder.plumbing.canonical`) of the roster's canonical form::

    {"system": GAME-SYSTEM-ID, "forces": [FORCE, …]}
    FORCE = {"entry": FORCE-ENTRY-ID, "catalogue": CATALOGUE-ID,
             "selections": [SELECTION, …], "forces": [FORCE, …]}   # "forces" only when any
    SELECTION = [ENTRY-ID, N, [SELECTION, …]]

Every list of selections is sorted by its items' canonical JSON; ids are as the roster writes
them (``link::target`` for a selection chosen through links), N the number it writes; forces
stay in the roster's order. Names, notes, custom names and costs do not count. Written once
here, for the command line, the app, printouts, play mode and events alike.
"""

from __future__ import annotations

from typing import Any

from builder.battlescribe.engine.roster import Force, Roster, Selection
from builder.plumbing.canonical import canonical_json, encode


def _selection(selection: Selection) -> list[Any]:
    return [selection.node.id, selection.number, _sorted(selection.children)]


def _sorted(selections: list[Selection]) -> list[list[Any]]:
    return sorted((_selection(s) for s in selections), key=canonical_json)


def _force(force: Force) -> dict[str, Any]:
    found: dict[str, Any] = {"entry": force.entry.id, "catalogue": force.catalogue.id,
                             "selections": _sorted(force.selections)}
    if force.forces:
        found["forces"] = [_force(child) for child in force.forces]
    return found


def roster_document(roster: Roster) -> dict[str, Any]:
    """What a roster's fingerprint hashes (the canonical form above)."""
    return {"system": roster.game_system.id, "forces": [_force(f) for f in roster.forces]}


def roster_fingerprint(roster: Roster) -> str:
    """``XXXX-XXXX``: the same exactly when two rosters are of one game system and have the
    same forces (entry, catalogue) holding the same selections, numbers and children."""
    return encode(roster_document(roster))


__all__ = ["roster_document", "roster_fingerprint"]
