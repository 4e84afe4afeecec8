"""Reading one game system or catalogue: from a file (``.gst``, ``.cat``, ``.gstz``,
``.catz``), from bytes, or from the adapter's setup JSON: a
:class:`~builder.battlescribe.model.DataFile`, its warnings in ``warnings``; a
:class:`~builder.battlescribe.problems.ReadError` when it cannot be used.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.build import DATA_ROOTS, TreeBuilder, WrongRoot, build_xml, feed_json
from builder.battlescribe.linking import DataSet
from builder.battlescribe.problems import ReadError
from builder.battlescribe.xmlsafe import (
    MAX_DEPTH,
    DepthError,
    LongAttribute,
    quoted,
    read_bytes,
)
from builder.i18n import _

OLDEST_FORMAT = (2, 0)
"""The oldest ``battleScribeVersion`` read: 2.00 (BattleScribe 2's format; schema 2.03)."""
_VERSION = re.compile(r"^\s*(\d+)(?:\.(\d+))?")
DATA_SUFFIXES = (".gst", ".cat", ".gstz", ".catz")


def format_version(text: str | None) -> tuple[int, int] | None:
    """``battleScribeVersion`` as (major, minor): "2.03" is (2, 3); None when unreadable."""
    if text is None:
        return None
    match = _VERSION.match(text)
    if match is None:
        return None
    return int(match.group(1)), int(match.group(2) or 0)


def check_format(root: Any, label: str) -> None:
    """Refuse a file written in a format older than :data:`OLDEST_FORMAT`, naming it."""
    written = root.raw.get("battleScribeVersion")
    version = format_version(written)
    if version is not None and version < OLDEST_FORMAT:
        raise ReadError.at(label, root.line, root.column, _(
            "written in BattleScribe's format {version}; files of format 2.00 and later can "
            "be read (open it in a recent BattleScribe and save it again)").format(
                version=quoted(written or "")))


def _whole_number(builder: TreeBuilder, root: Any, attribute: str) -> int:
    text = root.raw.get(attribute)
    if text is None:
        return 0
    try:
        value = int(text.strip())
    except ValueError:
        value = -1
    if value < 0:
        builder.warn(root.line, root.column, _(
            "{attribute}={value} is not a whole number; 0 is used").format(
                attribute=attribute, value=quoted(text)))
        return 0
    return value


def _finish(builder: TreeBuilder, label: str) -> m.DataFile:
    root = builder.root
    if not isinstance(root, m.DataFile):  # pragma: no cover - the roots only make DataFiles
        raise ReadError.at(label, 1, 1, _("not a BattleScribe game system or catalogue"))
    check_format(root, label)
    if not root.id:
        raise ReadError.at(label, root.line, root.column, _(
            "the {element} element has no id").format(element=builder.root_tag))
    if root.kind == m.CATALOGUE and not root.game_system_id:
        raise ReadError.at(label, root.line, root.column, _(
            "the catalogue names no game system (gameSystemId)"))
    root.path = label
    root.revision = _whole_number(builder, root, "revision")
    root.game_system_revision = _whole_number(builder, root, "gameSystemRevision")
    root.links = builder.links
    root.warnings = builder.problems
    return root


def read_data(data: bytes, label: str) -> m.DataFile:
    """A game system or catalogue from its XML bytes (already unzipped)."""
    builder = TreeBuilder(label, DATA_ROOTS)
    build_xml(data, label, builder, lambda element: _(
        "the root element is {element}; a BattleScribe game system is <gameSystem> and a "
        "catalogue <catalogue>").format(element=element))
    return _finish(builder, label)


def read_data_file(path: str | Path, label: str | None = None) -> m.DataFile:
    """A game system or catalogue from a file, zipped or not."""
    label = str(path) if label is None else label
    return read_data(read_bytes(path, label), label)


def data_from_json(item: Mapping[str, Any], kind: str, label: str) -> m.DataFile:
    """A game system (``kind`` ``gameSystem``) or catalogue (``catalogue``) from the JSON that
    mirrors its XML (the adapter protocol's setup): the same builder as for XML."""
    builder = TreeBuilder(label, DATA_ROOTS)
    try:
        feed_json(kind, item, builder)
    except DepthError:
        raise ReadError.at(label, 0, 0, _("elements nested more than {limit} deep").format(
            limit=MAX_DEPTH)) from None
    except LongAttribute as long:
        raise ReadError.at(label, 0, 0, long.message) from None
    except WrongRoot as wrong:  # pragma: no cover - kind is the caller's
        raise ReadError.at(label, 0, 0, _("not a game system or catalogue: {kind}").format(
            kind=quoted(wrong.tag))) from None
    return _finish(builder, label)


def data_set(files: list[m.DataFile], label: str = "") -> DataSet:
    """The linked :class:`~builder.battlescribe.linking.DataSet` of files already read: one
    game system and its catalogues (a :class:`ReadError` when there is no game system, or more
    than one)."""
    systems = [f for f in files if f.kind == m.GAME_SYSTEM]
    if len(systems) != 1:
        if not systems:
            raise ReadError.at(label or (files[0].path if files else ""), 0, 0, _(
                "no game system (.gst) among these files"))
        raise ReadError([ReadError.at(s.path, s.line, s.column, _(
            "more than one game system among these files")).problems[0] for s in systems])
    return DataSet(systems[0], [f for f in files if f.kind == m.CATALOGUE])


def data_sets(files: list[m.DataFile]) -> list[DataSet]:
    """Files of one or more game systems, grouped and linked: one
    :class:`~builder.battlescribe.linking.DataSet` per game system, in file order (a
    :class:`ReadError` naming every catalogue whose game system is not among them, and every
    game system given twice)."""
    systems: dict[str, m.DataFile] = {}
    problems = []
    for file in files:
        if file.kind == m.GAME_SYSTEM:
            first = systems.get(file.id)
            if first is not None:
                problems.append(ReadError.at(file.path, file.line, file.column, _(
                    "the game system {id} is also the id of {other}").format(
                        id=quoted(file.id), other=quoted(first.path))).problems[0])
            else:
                systems[file.id] = file
    for file in files:
        if file.kind == m.CATALOGUE and file.game_system_id not in systems:
            problems.append(ReadError.at(file.path, file.line, file.column, _(
                "the catalogue {name} is for game system {id}, which is not among these "
                "files").format(name=quoted(file.name),
                                id=quoted(file.game_system_id or ""))).problems[0])
    if problems:
        raise ReadError(problems)
    found = []
    errors = []
    for system in systems.values():
        try:
            found.append(DataSet(system, [f for f in files if f.kind == m.CATALOGUE
                                          and f.game_system_id == system.id]))
        except ReadError as error:
            errors.extend(error.problems)
    if errors:
        raise ReadError(errors)
    return found


def read_files(paths: Sequence[str | Path]) -> list[m.DataFile]:
    """Read every file (all or nothing: every file that cannot be read is named)."""
    read: list[m.DataFile] = []
    problems = []
    for path in paths:
        try:
            read.append(read_data_file(path))
        except ReadError as error:
            problems.extend(error.problems)
    if problems:
        raise ReadError(problems)
    return read


def load_data_set(paths: Sequence[str | Path]) -> DataSet:
    """Read and link one game system and its catalogues from files (all or nothing)."""
    return data_set(read_files(paths))


def load_data_sets(paths: Sequence[str | Path]) -> list[DataSet]:
    """Read and link files of one or more game systems (all or nothing): one data set each."""
    return data_sets(read_files(paths))
