"""All the faction data a session sees: built-in files, the user's folder, ``--data`` folders."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from builder import paths
from builder.data.errors import DataError
from builder.data.loading import load_faction, load_glossary
from builder.model import Ability, Faction

UNIVERSAL_FILE = "universal-abilities.yaml"


def faction_files(folder: Path) -> list[Path]:
    """Faction files in a folder and its sub-folders, in a stable order (warbands skipped)."""
    if folder.is_file():
        return [folder]
    return sorted(p for p in folder.rglob("*.yaml")
                  if p.is_file() and not p.name.endswith(".warband.yaml"))


@dataclass
class Catalogue:
    factions: dict[str, Faction] = field(default_factory=dict)
    files: dict[str, Path] = field(default_factory=dict)
    """Which file each faction came from."""
    builtin_ids: set[str] = field(default_factory=set)
    problems: list[DataError] = field(default_factory=list)
    universal: dict[str, Ability] = field(default_factory=dict)

    @classmethod
    def load(cls, extra: Iterable[str | Path] = (), *, builtin: bool = True,
             user: bool = True) -> Catalogue:
        """Built-in factions, then the user's, then each ``extra`` folder; a later faction
        with the same id replaces an earlier one. A broken file is recorded in ``problems``
        and never stops the others from loading."""
        cat = cls()
        cat.universal = load_universal(cat.problems)
        if builtin:
            cat.add_folder(paths.factions_dir(), builtin=True)
        if user:
            folder = paths.user_factions_dir()
            if folder.is_dir():
                cat.add_folder(folder)
        for name in extra:
            cat.add_folder(Path(name))
        return cat

    def add_folder(self, folder: Path, *, builtin: bool = False) -> None:
        if not folder.exists():
            self.problems.append(DataError.single(folder, "no such file or folder"))
            return
        for path in faction_files(folder):
            self.add_file(path, builtin=builtin)

    def add_file(self, path: Path, *, builtin: bool = False) -> Faction | None:
        try:
            faction = load_faction(path, self.universal)
        except DataError as exc:
            self.problems.append(exc)
            return None
        self.factions[faction.id] = faction
        self.files[faction.id] = path
        if builtin:
            self.builtin_ids.add(faction.id)
        else:
            self.builtin_ids.discard(faction.id)
        return faction

    def get(self, faction_id: str) -> Faction | None:
        return self.factions.get(faction_id)


def load_universal(problems: list[DataError]) -> dict[str, Ability]:
    path = paths.resources_dir() / UNIVERSAL_FILE
    try:
        glossary = load_glossary(path)
    except DataError as exc:
        problems.append(exc)
        return {}
    return {a.id: a for a in glossary.abilities if a.id}
