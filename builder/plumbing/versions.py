"""Pack versions (SPEC §8): MAJOR.MINOR.PATCH in whole numbers, compared as numbers (1.10.0 is
newer than 1.9.0). Below every other module (the packs, and the events that pin them, use it)
and free of the models, so that what only lists or compares installed packs starts without
loading them."""

from __future__ import annotations

import re

VERSION = re.compile(r"^(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})\.(0|[1-9][0-9]{0,8})$")


def version_key(version: str) -> tuple[int, int, int]:
    """``"1.10.0"`` -> (1, 10, 0)."""
    major, minor, patch = version.split(".")
    return int(major), int(minor), int(patch)


def is_version(text: str) -> bool:
    return bool(VERSION.match(text))


def next_version(version: str) -> str:
    """The version after ``version`` for a correction: ``"1.2.0"`` -> ``"1.2.1"``; "1.0.0"
    for a text that is not a version."""
    if not is_version(version):
        return "1.0.0"
    major, minor, patch = version_key(version)
    return f"{major}.{minor}.{patch + 1}"
