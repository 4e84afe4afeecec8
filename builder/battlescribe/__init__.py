"""BattleScribe data and rosters (SPEC §10): reading, linking, the roster engine, rosters on
disk and the conformance adapter. Qt-free; it knows nothing of the SphereWars model or rules.

Public API
==========

Reading one file (``builder.battlescribe.reading``)::

    read_data_file(path) -> DataFile          # .gst, .cat, .gstz, .catz (zipped or not)
    read_data(xml_bytes, label) -> DataFile   # bytes already unzipped
    data_from_json(obj, "gameSystem" | "catalogue", label) -> DataFile   # adapter setup JSON

A :class:`~builder.battlescribe.model.DataFile` is a game system or catalogue as read. Its
header: ``kind`` (``"gameSystem"`` or ``"catalogue"``), ``id``, ``name``, ``revision`` (int),
``battlescribe_version`` (as written, e.g. ``"2.03"``), ``game_system_id`` and
``game_system_revision`` (catalogues), ``library`` (bool), ``author_name``, and
``catalogue_links`` (each a ``CatalogueLink``: ``id``, ``name``, ``target_id``,
``import_root_entries``). ``warnings`` lists the file's own tolerated problems (a number that is
not one). Every definition keeps its attributes as written in ``raw`` (unknown ones included)
and its ``line`` and ``column``; unknown elements are kept in ``extra``.

Reading and linking a set of files (all or nothing)::

    read_files(paths) -> list[DataFile]       # ReadError naming every unreadable file
    load_data_set(paths) -> DataSet           # one game system and its catalogues
    load_data_sets(paths) -> list[DataSet]    # a folder holding several game systems
    data_set(files) / data_sets(files)        # the same from files already read

A :class:`~builder.battlescribe.linking.DataSet` has ``game_system``, ``catalogues`` (id →
DataFile, in the order given), ``files``, ``problems`` (every warning, ``FILE:LINE:COLUMN:
message`` when printed: links to nothing, duplicate ids, catalogue links to a catalogue not
there), ``warnings`` and ``errors``; ``scope(catalogue)`` says what a catalogue's links see
(``find(space, id)``, ``target(link)``), ``imported_roots(catalogue)`` which catalogues'
root entries it offers (``importRootEntries``).

Data indexes (``.bsi``, ``builder.battlescribe.dataindex``)::

    read_index(bytes, label) / read_index_file(path) -> DataIndex   # entries: file_path,
                                                                    # data_type, data_id,
                                                                    # data_name, data_revision

Problems: :class:`~builder.battlescribe.problems.ReadError` (``problems``: a list of
:class:`~builder.battlescribe.problems.Problem` with ``path``, ``line``, ``column``,
``message``, ``severity`` ``"error"`` or ``"warning"``; ``str(problem)`` is
``FILE:LINE:COLUMN: message``, escaped). A file in a format older than BattleScribe 2.00 is
refused naming its version; XML is read without DTDs or entities, at most 50 MiB a file, zips
by the rules of SPEC §8 (:mod:`builder.battlescribe.xmlsafe`).
"""

from __future__ import annotations

from builder.battlescribe.dataindex import DataIndex, IndexEntry, read_index, read_index_file
from builder.battlescribe.linking import DataSet, Scope
from builder.battlescribe.model import DataFile
from builder.battlescribe.problems import ERROR, WARNING, Problem, ReadError
from builder.battlescribe.reading import (
    data_from_json,
    data_set,
    data_sets,
    load_data_set,
    load_data_sets,
    read_data,
    read_data_file,
    read_files,
)

__all__ = [
    "ERROR", "WARNING", "DataFile", "DataIndex", "DataSet", "IndexEntry", "Problem",
    "ReadError", "Scope", "data_from_json", "data_set", "data_sets", "load_data_set",
    "load_data_sets", "read_data", "read_data_file", "read_files", "read_index",
    "read_index_file",
]
