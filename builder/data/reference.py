"""Reading the turn reference printed on the summary sheet (``resources/reference``).

A translation is a whole parallel file, ``<system id>.<language>.yaml``
(``spherewars-1e.es.yaml``), item for item the same reference in that language; the sheet
prints it when the program speaks that language (:mod:`builder.i18n`), else the English one.
The format and its checks are :mod:`builder.model.reference`.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

from builder.data._files import MiB
from builder.data._loader import load_yaml
from builder.data.errors import DataError
from builder.data.loading import check, placed, validate_document
from builder.i18n import SOURCE_LANGUAGE, _, current_language
from builder.model.reference import GameNames, Reference, card_problems
from builder.model.system import not_one_of
from builder.plumbing import paths

if TYPE_CHECKING:
    from builder.model import System

DEFAULT_REFERENCE = "spherewars-1e"
MAX_REFERENCE_BYTES = MiB


def known_references() -> list[str]:
    """The ids of the reference texts there are (``resources/reference/<id>.yaml``)."""
    return sorted(p.stem for p in paths.reference_dir().glob("*.yaml") if "." not in p.stem)


def reference_problems(system: System) -> list[str]:
    """Why the system's ``reference`` cannot be printed for it (nothing when it can): the
    reference must exist and, in every language it is written in, read and suit the game (its
    ``card:`` names the game's stats, abilities and kinds). Checked when the system loads, so
    that ``check-data`` finds what would make every export fail."""
    if system.reference is None:
        return []
    known = known_references()
    if system.reference not in known:
        return [not_one_of("reference", system.reference, known)]
    folder = paths.reference_dir()
    problems = []
    for path in [folder / f"{system.reference}.yaml",
                 *sorted(folder.glob(f"{system.reference}.*.yaml"))]:
        try:
            load_reference(path, system)
        except DataError as exc:
            problems.append(_("reference: the turn reference '{id}' does not suit this game: "
                              "{problem}").format(id=system.reference, problem=exc.problems[0]))
    return problems


def reference_path(reference_id: str = DEFAULT_REFERENCE, language: str | None = None) -> Path:
    """The reference text in ``language`` (default: the current one) when there is one, else
    the English one."""
    language = language or current_language()
    if language != SOURCE_LANGUAGE:
        translated = paths.reference_dir() / f"{reference_id}.{language}.yaml"
        if translated.is_file():
            return translated
    return paths.reference_dir() / f"{reference_id}.yaml"


def is_translation(reference_id: str, language: str | None = None) -> bool:
    """Whether the reference printed in ``language`` (default: the current one) is our
    translation of the game's own (``ID.<language>.yaml`` beside ``ID.yaml``)."""
    return reference_path(reference_id, language).name != f"{reference_id}.yaml"


@cache
def _load_cached(path: str, mtime_ns: int) -> Reference:
    return validate_document(Reference, load_yaml(path, MAX_REFERENCE_BYTES))


@cache
def _checked_cached(path: str, mtime_ns: int, game: GameNames) -> Reference:
    doc = load_yaml(path, MAX_REFERENCE_BYTES)
    return placed(doc, *check(Reference, doc.data, lambda data: card_problems(data, game)))


def load_reference(path: str | Path | None = None, system: System | None = None) -> Reference:
    """A reference text, by path or by id (``resources/reference/<id>.yaml``, or its
    translation into the current language); raises ``DataError``
    (``FILE:LINE:COL: message``) when broken or missing. With ``system``, its ``card:``
    section is also checked against that game (:func:`card_problems`).

    Cached per file version: the sheet is printed often and the text rarely changes.
    """
    if path is None:
        target = reference_path()
    elif isinstance(path, str) and "/" not in path and not path.endswith(".yaml"):
        target = reference_path(path)
    else:
        target = Path(path)
    if not target.is_file():
        raise DataError.of_file(target, _("no such reference text"))
    if system is not None:
        return _checked_cached(str(target), target.stat().st_mtime_ns, GameNames.of(system))
    return _load_cached(str(target), target.stat().st_mtime_ns)
