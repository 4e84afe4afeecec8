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

A cache of read data (``builder.battlescribe.cache``; JSON keyed by each file's SHA-256, never
pickle)::

    open_cached(paths, folder) -> list[DataSet] | None   # None: not cached as the files are
    save(paths, files, data_sets, folder)                 # after read_files + data_sets

The roster engine (``builder.battlescribe.engine``; New Recruit's rules where engines
differ, SPEC §10). One :class:`~builder.battlescribe.engine.editing.Editor` per roster::

    editor = Editor(data_set, "My roster")    # or Editor(data_set, roster=loaded.roster)
    editor.force_entries(parent=None, catalogue_id=None) -> [force entries offered]
    force = editor.add_force(force_entry_id, catalogue_id=None, parent=None)  # child force
    editor.remove_force(force); editor.duplicate_force(force) -> Force
    editor.options(container) -> [Node]       # what a force or selection offers (ids)
    editor.offers(container) -> [Offer]       # the same as a player sees it: name, group,
                                              # hidden, costs, limits (constraint values
                                              # there), how many chosen
    selection = editor.select(container, entry_id)   # container: a Force or a Selection
    editor.deselect(selection); editor.remove(selection); editor.set_count(selection, n)
    editor.duplicate_selection(selection) -> Selection
    editor.set_cost_limit(cost_type_id, value)        # below 0: no limit
    editor.customise(roster | force | category | selection, name=None, notes=None)
    editor.force(id) / editor.selection(id)            # EditError when nothing has it

A new force or selection is filled with what its entries' minimums ask for. An action that
cannot be done raises :class:`~builder.battlescribe.engine.editing.EditError` and changes
nothing. ``editor.roster`` (``Roster``: ``name``, ``forces``, ``cost_limits``,
``custom_notes``; a ``Force`` has ``entry``, ``catalogue``, ``selections``, ``categories``,
``forces``, ``custom_name``, ``custom_notes``; a ``Selection`` has ``node`` (its entry where
it is: ``id``, ``entry_id``, ``name``), ``amount``, ``number`` (amount × its parent's
number), ``children``, ``custom_name``, ``custom_notes``). ``editor.evaluation`` is the
roster's current worth (an ``Evaluation``, made again after a change when first asked):
``totals`` (cost type id → value), ``costs(selection)``, ``effects[selection]`` (its name,
hidden, page, categories and primary after modifiers), ``option(container, node)`` (an
entry's values where it is offered) and ``findings`` (each a ``Finding``: ``rule``
``bs-constraint``, ``bs-cost-limit`` or ``bs-hidden``; ``severity``; ``message``, worded in
:mod:`builder.battlescribe.engine.messages`; ``owner``, the roster, force, category or
selection it is raised on, ``owner_type``; ``entry_id``, ``constraint_id``).
``engine.state.selection_info(ev, selection)`` gives a selection's visible profiles and rules
(after modifiers); ``engine.state.roster_state(ev)`` the whole roster as plain data (the
adapter protocol's shape, in New Recruit's display order).

Rosters on disk (``builder.battlescribe.rosterio``)::

    read_roster_file(path, [data sets]) -> LoadedRoster   # .ros or .rosz: .roster, .warnings
    read_roster(bytes, label, data_set) -> LoadedRoster
    link_roster(parse_roster(bytes, label), label, data_set)  # the same, after header(root)
    roster_xml(roster) -> str; write_roster(path, roster) # zipped when path ends in .rosz

A roster whose game system or catalogues are not installed raises
:class:`~builder.battlescribe.rosterio.MissingData` (``missing``: kind, id, name, revision of
each) and the file is not touched; a selection whose entry is gone is left out with a
warning. Costs written in a file are counted again.

``spherewars bs-adapter`` (:mod:`builder.battlescribe.adapter`) speaks the conformance
suite's JSON-line protocol over the same engine.
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
