"""What a YAML problem says, in the reader's language, and where: libyaml's own messages (each
part marked for translation here) and the ``FILE:LINE:COLUMN: message`` that carries them."""

from __future__ import annotations

from typing import Any

import yaml

from builder.data._document import Lines
from builder.data.errors import DataError
from builder.i18n import N_, _


def fail(path: str, message: str, line: int, column: int) -> Any:
    raise DataError.single(path, message, line, column)


def fail_at(path: str, message: str, lines: Lines, mark: Any) -> Any:
    line, column = lines.position(mark) if mark is not None else (1, 1)
    raise DataError.single(path, message + lines.note(line), line, column)


_YAML_PROBLEMS = (  # what libyaml says, for the catalogue; a part not listed stays as it is
    N_("mapping values are not allowed in this context"),
    N_("mapping values are not allowed here"),
    N_("while scanning for the next token"), N_("found character that cannot start any token"),
    N_("while parsing a flow sequence"), N_("did not find expected ',' or ']'"),
    N_("while parsing a flow mapping"), N_("did not find expected ',' or '}'"),
    N_("while scanning a quoted scalar"), N_("found unexpected end of stream"),
    N_("found undefined alias"), N_("while parsing a block collection"),
    N_("did not find expected '-' indicator"), N_("while parsing a block mapping"),
    N_("did not find expected key"), N_("found duplicate anchor"), N_("first occurrence"),
    N_("second occurrence"), N_("while constructing a mapping"), N_("found unhashable key"),
    N_("expected a single document in the stream"), N_("but found another document"),
    N_("while scanning a simple key"), N_("could not find expected ':'"),
    N_("while parsing a block node"), N_("did not find expected node content"),
    N_("while parsing a flow node"), N_("while scanning a plain scalar"),
    N_("while scanning a block scalar"), N_("while scanning an anchor"),
    N_("while scanning an alias"),
    N_("did not find expected alphabetic or numeric character"),
    N_("found a tab character that violates indentation"),
    N_("found a tab character where an indentation space is expected"),
    N_("while scanning a tag"), N_("did not find expected tag URI"),
    N_("while parsing a node"), N_("found undefined tag handle"),
)
_CONSTRUCTOR = "could not determine a constructor for the tag"


def _yaml_part(part: str) -> str:
    if part.startswith(_CONSTRUCTOR):
        return _("unsupported YAML tag {tag}").format(tag=part.removeprefix(_CONSTRUCTOR).strip())
    return _(part)


def yaml_message(exc: yaml.MarkedYAMLError) -> str:
    parts = [_yaml_part(p) for p in (exc.context, exc.problem) if p]
    return not_yaml("; ".join(parts)) if parts else _("not valid YAML")


def not_yaml(problem: str) -> str:
    return _("not valid YAML: {problem}").format(problem=problem)
