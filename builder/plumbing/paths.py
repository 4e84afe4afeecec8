"""Where the built-in data and the user's own files live.

From a checkout the data is the top-level ``factions/`` and ``resources/``; from an installed
wheel (or a PyInstaller bundle) it is ``builder/_data/``, where ``setup.py`` copies it.
"""

from __future__ import annotations

import os
import sys
from functools import cache
from pathlib import Path

ORGANIZATION = "SphereWars"
APPLICATION = "Warband Builder"
DESKTOP_ID = "org.spherewars.WarbandBuilder"

_PACKAGE = Path(__file__).resolve().parent.parent  # builder/ (this file is in builder/plumbing/)


@cache
def data_root() -> Path:
    """The folder that holds ``factions/`` and ``resources/``."""
    for candidate in (_PACKAGE / "_data", _PACKAGE.parent):
        if (candidate / "resources").is_dir():
            return candidate
    raise RuntimeError(f"built-in data not found next to {_PACKAGE}; the installation is broken")


def factions_dir() -> Path:
    return data_root() / "factions"


def resources_dir() -> Path:
    return data_root() / "resources"


def example_factions_dir() -> Path:
    """The invented faction of the example lists (``resources/examples``): loaded only when one
    of them is opened (never the built-in data, which holds published profiles only)."""
    return resources_dir() / "example-factions"


def systems_dir() -> Path:
    """Built-in game systems (SPEC §5), one ``<id>.yaml`` each."""
    return resources_dir() / "systems"


def reference_dir() -> Path:
    """Reference texts printed on the turn summary sheet, one ``<id>.yaml`` each."""
    return resources_dir() / "reference"


def user_data_dir() -> Path:
    """The same folder as Qt's ``QStandardPaths.AppDataLocation``, computed without Qt.

    ``SPHEREWARS_USER_DIR`` overrides it (tests, portable installs).
    """
    override = os.environ.get("SPHEREWARS_USER_DIR")
    if override:
        return Path(override)
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / ORGANIZATION / APPLICATION


def user_cache_dir() -> Path:
    """Where checked data files are kept between runs (:mod:`builder.data.cache`): the
    platform's cache folder, or ``cache`` in ``SPHEREWARS_USER_DIR`` when that is set."""
    override = os.environ.get("SPHEREWARS_USER_DIR")
    if override:
        return Path(override) / "cache"
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
        return base / ORGANIZATION / APPLICATION / "cache"
    if sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / ORGANIZATION / APPLICATION


def user_factions_dir() -> Path:
    return user_data_dir() / "factions"


def user_systems_dir() -> Path:
    return user_data_dir() / "systems"


def user_packs_dir() -> Path:
    """The installed data packs (:mod:`builder.packs.store`)."""
    return user_data_dir() / "packs"


def user_bsdata_dir() -> Path:
    """The BattleScribe data the user added (:mod:`builder.bsdata.store`), beside the packs."""
    return user_data_dir() / "battlescribe"


def within(path: Path, *folders: Path) -> bool:
    """Whether ``path`` is inside one of ``folders`` (links resolved; False when that cannot
    be told)."""
    try:
        resolved = path.resolve()
        return any(resolved.is_relative_to(folder.resolve()) for folder in folders)
    except OSError:
        return False
