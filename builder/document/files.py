"""Which kind of list a file holds, by its name: a BattleScribe roster (``.ros``, ``.rosz``)
or a warband (anything else: ``.yaml``, ``.yml``); and the BattleScribe games there are
(:func:`known_games`). Light: nothing of either kind is imported until asked for, so a
command that reads warbands only never loads the roster engine."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from builder.battlescribe import ReadError
    from builder.bsdata.store import Store
    from builder.data import DataError

ROSTER_SUFFIXES = (".ros", ".rosz")
"""BattleScribe rosters (SPEC §10), any case."""
WARBAND_SUFFIXES = (".yaml", ".yml")
"""What a folder of lists holds besides rosters (SPEC §6), any case."""
LIST_SUFFIXES = (*WARBAND_SUFFIXES, *ROSTER_SUFFIXES)
"""Every list a folder given to ``validate``, ``fingerprint`` or ``event`` holds."""


def is_roster(path: str | Path) -> bool:
    # (asked of every file validate reads: a string's end, not a new Path, 1 µs against 9)
    return str(path).lower().endswith(ROSTER_SUFFIXES)


def known_games(folders: Sequence[str | Path] = (), *,
                store: Store | None = None) -> dict[str, set[str]]:
    """The BattleScribe game systems a roster may be read against, each with its catalogue
    ids: the installed ones and those in ``folders`` (``--bsdata``; a
    :class:`~builder.battlescribe.ReadError` names a file there that cannot be used). What
    an event file may name in ``system`` and ``factions``."""
    from builder.battlescribe.model import CATALOGUE
    from builder.bsdata.store import Store

    store = store if store is not None else Store()
    games = {ident: {c.id for c in record.catalogues}
             for ident, record in store.systems().items()}
    if not folders:
        return games
    from builder.bsdata.finding import folder_data

    for ident, (_path, data) in folder_data(folders).items():
        if data.kind == CATALOGUE and data.game_system_id:
            games.setdefault(data.game_system_id, set()).add(ident)
        else:
            games.setdefault(ident, set())
    return games


def data_error(error: ReadError) -> DataError:
    """A BattleScribe file's problems as the SphereWars data's error (the same
    ``FILE:LINE:COLUMN: message`` lines), for what reports both kinds' errors alike."""
    from builder.data import DataError, Problem

    return DataError([Problem(p.path, p.line, p.column, p.message) for p in error.problems])


__all__ = ["LIST_SUFFIXES", "ROSTER_SUFFIXES", "WARBAND_SUFFIXES", "data_error", "is_roster",
           "known_games"]
