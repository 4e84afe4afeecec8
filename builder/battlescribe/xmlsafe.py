"""Reading BattleScribe XML safely: the bytes of a file (zipped or not) and one pass of expat.

Why expat driven directly (rather than ``xml.etree`` + ``defusedxml``, or ``lxml``): every
problem must name its line and column, and so must every link that points nowhere, so the
reader needs the position of each element, which ``xml.etree``'s C parser does not keep;
``defusedxml`` falls back on the pure-Python tree builder (slower than this); ``lxml`` would be
a new compiled dependency for nothing we need. Measured on Kill Team (129 files, 16 MB, this
machine): ``xml.etree.ElementTree.parse`` of every file 0.46 s; expat with Python handlers
building our own tree 0.66–0.72 s, which leaves room for the model and the links within the
3× budget. Safety:

- no DTD at all: a ``<!DOCTYPE`` is refused where it starts, so no entity can be declared
  (entity bombs, external entities and external DTDs all need one); an entity that is not
  one of XML's five is refused by expat itself ("undefined entity"); parameter entities are
  never parsed; nothing is ever fetched;
- a file is read through the project's one guarded reader (:mod:`builder.plumbing.reading`:
  a regular file only, opened without waiting, so a FIFO, a device or a link to
  ``/dev/zero`` is refused by name);
- at most :data:`MAX_FILE` bytes per file unpacked, and a zip (``.gstz``, ``.catz``,
  ``.rosz``, ``.bsi``) follows the zip rules of SPEC §8 (:mod:`builder.plumbing.ziprules`)
  and holds one file;
- elements nested at most :data:`MAX_DEPTH` deep (the parts of the program that walk the tree
  never meet a depth Python cannot follow).

Every problem is a :class:`~builder.battlescribe.problems.ReadError` in our words,
``FILE:LINE:COLUMN: message``.
"""

from __future__ import annotations

import io
import pyexpat
import zipfile
from pathlib import Path
from typing import Any, Protocol

from builder.battlescribe.problems import Problem, ReadError
from builder.i18n import _
from builder.plumbing import reading, ziprules
from builder.plumbing.terminal_text import escape

MiB = 1024 * 1024
MAX_FILE = 50 * MiB
"""The most a file may hold, unpacked (a zip's one file included)."""
MAX_DEPTH = 256
"""The deepest elements may nest. Published data nests about 20 deep."""
MAX_ATTRIBUTE = 10_000
"""The most characters an attribute may hold. Published data's longest is 165 (a modifier's
value in Kill Team; names reach 63); text that is long (rules, descriptions) is an element's
content, which only the size of the file limits. A name of 40 MB would be printed, listed and
written back whole (a roster's PDF took minutes over it)."""
ZIP_MAGIC = b"PK\x03\x04"


def quoted(text: str, limit: int = 60) -> str:
    """``text`` in quotes for a message: escaped, cut short when long."""
    shown = text if len(text) <= limit else text[:limit] + "…"
    return f"'{escape(shown)}'"


class Sink(Protocol):
    """What a parse feeds: every element's start (tag, attributes as written) and end, and
    the text inside. ``position`` is set to the parser: the sink reads the line and column
    there (``CurrentLineNumber``, ``CurrentColumnNumber``), and sets its
    ``CharacterDataHandler`` to :meth:`text` only while it wants text."""

    position: Any

    def start(self, tag: str, attrs: dict[str, str]) -> None: ...

    def end(self, tag: str) -> None: ...

    def text(self, data: str) -> None: ...


class DepthError(Exception):
    """Raised by a sink whose elements nest deeper than :data:`MAX_DEPTH`."""


class LongAttribute(Exception):
    """Raised by a sink given an attribute of more than :data:`MAX_ATTRIBUTE` characters, at
    the element's ``line`` and ``column`` (0 when it has none: JSON)."""

    def __init__(self, name: str, length: int, line: int = 0, column: int = 0) -> None:
        super().__init__(name)
        self.name = name
        self.length = length
        self.line = line
        self.column = column

    @property
    def message(self) -> str:
        return _("the attribute {name} holds {length} characters; at most {limit} are "
                 "read").format(name=quoted(self.name), length=f"{self.length:,}",
                                limit=f"{MAX_ATTRIBUTE:,}")


class _Refused(Exception):
    def __init__(self, message: str) -> None:
        self.message = message


def _zip_issue_message(issue: ziprules.ZipIssue) -> str:
    name = quoted(issue.name)
    match issue.kind:
        case "too-many":
            return _("the zip holds {count} entries; it should hold one file").format(
                count=issue.count)
        case "too-large":
            return _("the zip unpacks to {size} MiB; a file is at most {limit} MiB").format(
                size=round(issue.size / MiB, 1), limit=MAX_FILE // MiB)
        case "lies":
            return _("zip entry {name} unpacks to more than it declares").format(name=name)
        case "unreadable":
            return _("zip entry {name} cannot be read: {problem}").format(
                name=name, problem=issue.detail)
        case "link":
            return _("zip entry {name} is a link").format(name=name)
        case "encrypted":
            return _("zip entry {name} is encrypted").format(name=name)
        case "duplicate":
            return _("zip entry {name} is there twice (as {other})").format(
                name=name, other=quoted(issue.other))
        case _:
            return _("zip entry {name} is not a plain relative path").format(name=name)


def unzip_one(data: bytes, label: str) -> bytes:
    """The one file a BattleScribe zip holds, checked by the zip rules and counted as it is
    read (at most :data:`MAX_FILE` bytes)."""
    try:
        zf = zipfile.ZipFile(io.BytesIO(data))
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, ValueError) as exc:
        raise ReadError.at(label, 0, 0, _("not a readable zip file: {problem}").format(
            problem=exc)) from None
    with zf:
        try:
            listing = ziprules.check_listing(zf, max_unpacked=MAX_FILE)
            files = [i for i in listing.files
                     if not any(p.startswith(".") or p == "__MACOSX"
                                for p in i.filename.split("/"))]
            if len(files) != 1:
                raise ReadError.at(label, 0, 0, _(
                    "the zip holds {count} files; a BattleScribe zip holds exactly one").format(
                        count=len(files)))
            budget = [MAX_FILE]
            return b"".join(ziprules.read_chunks(zf, files[0], budget))
        except ziprules.ZipRefused as refused:
            raise ReadError([Problem(label, 0, 0, _zip_issue_message(i))
                             for i in refused.issues]) from None


def file_bytes(path: str | Path, label: str | None = None) -> bytes:
    """The bytes of a file as they are on disk (zipped or not), read through the one guarded
    reader (:func:`builder.plumbing.reading.read_bytes`: a regular file only, opened without
    waiting, at most :data:`MAX_FILE` bytes); a :class:`ReadError` at ``label`` otherwise."""
    label = str(path) if label is None else label
    try:
        return reading.read_bytes(path, MAX_FILE)
    except reading.Unreadable as refused:
        raise ReadError.at(label, 0, 0, refused.message) from None


def read_bytes(path: str | Path, label: str | None = None) -> bytes:
    """The XML bytes of a BattleScribe file: the file itself, or the one file its zip holds
    (recognised by its first bytes, whatever its name). Refused: not a regular file, over
    :data:`MAX_FILE`, a zip breaking the rules."""
    label = str(path) if label is None else label
    return source_bytes(file_bytes(path, label), label)


def source_bytes(data: bytes, label: str) -> bytes:
    """Bytes handed over whole (a roster sent to the adapter, a download): unzipped when they
    are a zip, and held to the same limit."""
    if len(data) > MAX_FILE:
        raise ReadError.at(label, 0, 0, _("over {limit} MiB").format(limit=MAX_FILE // MiB))
    return unzip_one(data, label) if data.startswith(ZIP_MAGIC) else data


def _expat_message(code: int) -> str:
    """What expat found, in our words (its own text for the rare rest)."""
    errors = pyexpat.errors
    names = {
        errors.codes[errors.XML_ERROR_UNDEFINED_ENTITY]: lambda: _(
            "an entity that is not one of XML's own (&amp; &lt; &gt; &quot; &apos;); "
            "entities are not allowed in BattleScribe data"),
        errors.codes[errors.XML_ERROR_TAG_MISMATCH]: lambda: _(
            "an end tag that does not match the element it closes"),
        errors.codes[errors.XML_ERROR_NO_ELEMENTS]: lambda: _(
            "the file ends before its first element (empty, or not XML)"),
        errors.codes[errors.XML_ERROR_UNCLOSED_TOKEN]: lambda: _(
            "the file ends in the middle of a tag"),
        errors.codes[errors.XML_ERROR_INVALID_TOKEN]: lambda: _(
            "not well-formed XML (a character or token that cannot be here)"),
        errors.codes[errors.XML_ERROR_SYNTAX]: lambda: _("not well-formed XML (syntax)"),
        errors.codes[errors.XML_ERROR_DUPLICATE_ATTRIBUTE]: lambda: _(
            "the same attribute twice on one element"),
        errors.codes[errors.XML_ERROR_JUNK_AFTER_DOC_ELEMENT]: lambda: _(
            "more content after the root element ends"),
        errors.codes[errors.XML_ERROR_PARTIAL_CHAR]: lambda: _(
            "a character cut short (the file's encoding is not what it says)"),
        errors.codes[errors.XML_ERROR_UNKNOWN_ENCODING]: lambda: _(
            "an encoding this reader does not know"),
        errors.codes[errors.XML_ERROR_INCORRECT_ENCODING]: lambda: _(
            "the encoding declared does not match the file's bytes"),
        errors.codes[errors.XML_ERROR_UNCLOSED_CDATA_SECTION]: lambda: _(
            "a CDATA section that never ends"),
    }
    words = names.get(code)
    if words is not None:
        return words()
    return _("not well-formed XML ({detail})").format(detail=pyexpat.ErrorString(code))


def parse(data: bytes, label: str, sink: Sink) -> None:
    """Feed ``data`` (XML bytes) to ``sink``; a :class:`ReadError` at the place of the first
    problem otherwise (nothing of a refused file is kept by the caller)."""
    parser = pyexpat.ParserCreate()
    parser.buffer_text = True
    parser.buffer_size = 1 << 16
    parser.ordered_attributes = False
    parser.SetParamEntityParsing(pyexpat.XML_PARAM_ENTITY_PARSING_NEVER)

    def where() -> tuple[int, int]:
        return parser.CurrentLineNumber, parser.CurrentColumnNumber + 1

    def refuse_doctype(*_args: object) -> None:
        raise _Refused(_("a document type declaration (<!DOCTYPE …>) is not allowed in "
                         "BattleScribe data"))

    def refuse_entity(*_args: object) -> None:
        raise _Refused(_("an entity declaration is not allowed in BattleScribe data"))

    def refuse_external(*_args: object) -> int:
        raise _Refused(_("a reference to an external entity is not allowed"))

    parser.StartDoctypeDeclHandler = refuse_doctype
    parser.EntityDeclHandler = refuse_entity
    parser.UnparsedEntityDeclHandler = refuse_entity
    parser.ExternalEntityRefHandler = refuse_external
    sink.position = parser
    parser.StartElementHandler = sink.start
    parser.EndElementHandler = sink.end
    try:
        parser.Parse(data, True)
    except _Refused as refused:
        line, column = where()
        raise ReadError.at(label, line, column, refused.message) from None
    except DepthError:
        line, column = where()
        raise ReadError.at(label, line, column, _(
            "elements nested more than {limit} deep").format(limit=MAX_DEPTH)) from None
    except LongAttribute as long:
        raise ReadError.at(label, long.line, long.column, long.message) from None
    except pyexpat.ExpatError as exc:
        raise ReadError.at(label, exc.lineno, exc.offset + 1,
                           _expat_message(exc.code)) from None
    except RecursionError:
        line, column = where()
        raise ReadError.at(label, line, column, _(
            "elements nested more than {limit} deep").format(limit=MAX_DEPTH)) from None
    finally:
        # The parser holds the sink's methods and the sink the parser: a cycle that would
        # keep every element read alive until the garbage collector's next full pass (on
        # Kill Team, some 150,000 objects freed at once, a pause of its own). Let go of them.
        parser.StartElementHandler = parser.EndElementHandler = None
        parser.CharacterDataHandler = None
