"""Canonical JSON and the short code of a value (SPEC §6), shared by every fingerprint: a
warband's and a faction's data (:mod:`builder.data.fingerprint`) and a BattleScribe roster's
(:mod:`builder.battlescribe.fingerprint`).

1. canonical JSON of the value: keys sorted, no spaces (``","`` and ``":"``), non-ASCII
   characters written as themselves (``ensure_ascii=False``), encoded as UTF-8;
2. SHA-256 of those bytes;
3. the first 40 bits (5 bytes) of the digest, big-endian, as 8 Crockford base-32 characters
   (``0123456789ABCDEFGHJKMNPQRSTVWXYZ``), in two groups of four: ``K7Q2-9XHM``.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

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


__all__ = ["CROCKFORD", "canonical_json", "encode"]
