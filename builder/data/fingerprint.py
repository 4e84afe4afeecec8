"""Fingerprints (SPEC §6): short codes that say "the same list" and "the same data".

An organiser's spreadsheet or website must be able to compute the same values, so the
algorithm is spelled out here exactly as in the SPEC and nothing else goes into it:

1. canonical JSON of the thing fingerprinted: keys sorted, no spaces (``","`` and ``":"``),
   non-ASCII characters written as themselves (``ensure_ascii=False``), encoded as UTF-8;
2. SHA-256 of those bytes;
3. the first 40 bits (5 bytes) of the digest, big-endian, as 8 Crockford base-32 characters
   (``0123456789ABCDEFGHJKMNPQRSTVWXYZ``), in two groups of four: ``K7Q2-9XHM``.

The *list fingerprint* hashes ``{"faction": ID, "models": {COMBATANT_ID: N, …}}`` with the
models totalled over entries: names, notes, order, formatting, the points limit and the way
models are split over entries do not count. The *data fingerprint* of a faction hashes the
list ``[SYSTEM, FACTION]`` of its two YAML documents as read.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import Any

from builder.model import Warband

CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""``json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``, made once
(a batch fingerprints every list)."""


def canonical_json(value: Any) -> str:
    """Keys sorted, no spaces, non-ASCII kept as is (SPEC §6 and §7)."""
    return _CANONICAL.encode(value)


def encode(value: Any) -> str:
    """The fingerprint of any JSON-compatible value: SHA-256 of its canonical JSON, first
    40 bits in Crockford base-32, ``XXXX-XXXX``."""
    digest = hashlib.sha256(canonical_json(value).encode("utf-8")).digest()
    bits = int.from_bytes(digest[:5], "big")
    chars = "".join(CROCKFORD[(bits >> shift) & 31] for shift in range(35, -1, -5))
    return f"{chars[:4]}-{chars[4:]}"


def list_models(faction: str, models: Mapping[str, int]) -> dict[str, Any]:
    """What a list fingerprint hashes: the faction and the models of each combatant id."""
    return {"faction": faction, "models": {cid: n for cid, n in models.items() if n > 0}}


def list_fingerprint(warband: Warband, hired: Mapping[str, int] | None = None) -> str:
    """Same value exactly when two lists name the same faction and hire the same number of
    models of each combatant id (totalled over entries; unknown combatants count too).
    ``hired``: those totals when already worked out (a validation's report has them)."""
    return encode(list_models(warband.faction, warband.totals() if hired is None else hired))


def data_fingerprint(system_document: Any, faction_document: Any) -> str:
    """The fingerprint of ``[SYSTEM, FACTION]``: each the YAML document as read (plain data:
    comments and formatting are already gone)."""
    return encode([system_document, faction_document])


__all__ = ["CROCKFORD", "canonical_json", "data_fingerprint", "encode", "list_fingerprint",
           "list_models"]
