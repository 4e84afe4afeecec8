"""The turn reference printed on the summary sheet, read from ``resources/reference``.

The rules text is data, not Python strings (STYLE.md): a rules correction or a translation is
an edit of ``resources/reference/<system id>.yaml``, checked here with the same strict models and
``FILE:LINE:COLUMN`` messages as faction files. A translation is a whole parallel file,
``<system id>.<language>.yaml`` (``spherewars-1e.es.yaml``), item for item the same reference in
that language; the sheet prints it when the program speaks that language (:mod:`builder.i18n`),
else the English one.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import Field, Strict, model_validator

from builder import paths
from builder.data import yamlio
from builder.data.errors import DataError
from builder.data.loading import validate_document
from builder.i18n import SOURCE_LANGUAGE, _, current_language
from builder.model.base import StrictModel, Text

REFERENCE_SCHEMA = "spherewars-reference/1"
DEFAULT_REFERENCE = "spherewars-1e"
MAX_REFERENCE_BYTES = yamlio.MiB


class Table(StrictModel):
    columns: list[Annotated[str, Strict()]] = Field(min_length=1)
    rows: list[list[Annotated[str, Strict()]]] = Field(min_length=1)

    @model_validator(mode="after")
    def _widths(self) -> Table:
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(_("row {row} has {cells} cells; the table has {columns} "
                                   "columns").format(row=i + 1, cells=len(row),
                                                     columns=len(self.columns)))
        return self


class Item(StrictModel):
    """One block of the reference: a title, the rulebook section it summarises, and any of a
    text, bullet points, a table and a closing note (printed in that order)."""

    title: Text
    section: Text
    text: Text | None = None
    points: list[Text] = Field(default_factory=list)
    table: Table | None = None
    note: Text | None = None

    @model_validator(mode="after")
    def _has_content(self) -> Item:
        if not (self.text or self.points or self.table or self.note):
            raise ValueError(_("an item needs a text, points, a table or a note"))
        return self


class Reference(StrictModel):
    schema_: Literal["spherewars-reference/1"] = Field(alias="schema")
    title: Text
    source: Text
    squad_note: Text | None = None
    """Printed on the card of a combatant that forms a squad (a game's deployment rule)."""
    items: list[Item] = Field(min_length=1)


def reference_path(reference_id: str = DEFAULT_REFERENCE, language: str | None = None) -> Path:
    """The reference text in ``language`` (default: the current one) when there is one, else
    the English one."""
    language = language or current_language()
    if language != SOURCE_LANGUAGE:
        translated = paths.reference_dir() / f"{reference_id}.{language}.yaml"
        if translated.is_file():
            return translated
    return paths.reference_dir() / f"{reference_id}.yaml"


@cache
def _load_cached(path: str, mtime_ns: int) -> Reference:
    return validate_document(Reference, yamlio.load(path, MAX_REFERENCE_BYTES))


def load_reference(path: str | Path | None = None) -> Reference:
    """A reference text, by path or by id (``resources/reference/<id>.yaml``, or its
    translation into the current language); raises
    ``DataError`` (``FILE:LINE:COL: message``) when broken or missing.

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
    return _load_cached(str(target), target.stat().st_mtime_ns)
