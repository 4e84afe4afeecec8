"""What a plain scalar means: whole numbers in plain decimal digits, ``true``/``false``, null,
and text for everything else.

YAML 1.1's ``010`` (8), ``0x10``, ``6:40`` (400), ``1e3`` or ``yes`` stay the text the author
typed, and the models refuse them at their key. The hardened loader (:mod:`._loader`) and the
fast paths that must read exactly what it reads (:mod:`._fast`) share these rules.
"""

from __future__ import annotations

import re
from typing import Any

MAX_DIGITS = 4000
"""Longest plain whole number converted at all (Python refuses str<->int past 4,300 digits);
the models refuse anything over 999,999 anyway, naming the value."""

INT = re.compile(r"^(?:0|-?[1-9][0-9]*)$")
BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False,
         "FALSE": False}
NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
INT_START = frozenset("-0123456789")
BOOL_TAG, INT_TAG, NULL_TAG, STR_TAG, SEQ_TAG, MAP_TAG = (
    f"tag:yaml.org,2002:{name}" for name in ("bool", "int", "null", "str", "seq", "map"))
WORD_TAGS = {**dict.fromkeys(BOOL, BOOL_TAG),
              **dict.fromkeys(("~", "null", "Null", "NULL", ""), NULL_TAG)}
"""The plain words that are not text: ``BOOL``'s and those ``NULL`` matches."""
WORDS: dict[str, Any] = {**BOOL, "~": None, "null": None, "Null": None, "NULL": None}
"""The plain words the loader reads as true, false or null (``WORD_TAGS``)."""
