"""The pack and index formats (SPEC §8): ``pack.yaml`` and ``spherewars-index/1``.

A version is MAJOR.MINOR.PATCH in whole numbers, compared as numbers (1.10.0 is newer than
1.9.0).
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, Strict, field_validator

from builder.i18n import _
from builder.model.base import Id, Name, OptText, StrictModel, Text, check_schema, describe
from builder.model.event import _date as _iso_date
from builder.model.event import check_version
from builder.model.text import DisplayText, display
from builder.plumbing.versions import is_version, version_key

PACK_SCHEMA = "spherewars-pack/1"
INDEX_SCHEMA = "spherewars-index/1"
PACK_FILE = "pack.yaml"
SUFFIX = ".swpack"

_SHA256 = re.compile(r"^[0-9a-f]{64}$")


def newest(versions: list[str]) -> str | None:
    return max(versions, key=version_key) if versions else None


def _check_sha256(value: str) -> str:
    if not _SHA256.match(value):
        raise ValueError(_("{got} is not a SHA-256: write its 64 hexadecimal digits in "
                           "lowercase").format(got=describe(value)))
    return value


Version = Annotated[str, Strict(), AfterValidator(check_version)]
Sha256 = Annotated[str, Strict(), AfterValidator(_check_sha256)]
Size = Annotated[int, Strict(), Field(ge=0, le=2 ** 53)]


class Change(StrictModel):
    """What one version changed."""

    version: Version
    text: Text


class PackInfo(StrictModel):
    """``pack.yaml``."""

    schema_: Literal["spherewars-pack/1"] = Field(alias="schema")
    id: Id
    name: DisplayText
    version: Version
    date: str | None = None
    authors: list[Name] = Field(default_factory=list)
    source: OptText = None
    licence: Name | None = None
    changes: list[Change] = Field(default_factory=list)

    @field_validator("schema_", mode="before")
    @classmethod
    def _schema(cls, value: Any) -> Any:
        return check_schema(value, PACK_SCHEMA)

    @field_validator("date", mode="before")
    @classmethod
    def _date(cls, value: Any) -> Any:
        value = _iso_date(value)
        return value.isoformat() if hasattr(value, "isoformat") else value

    @property
    def title(self) -> str:
        return display(self.name)

    def changes_of(self, version: str) -> list[str]:
        return [c.text for c in self.changes if c.version == version]


class IndexEntry(StrictModel):
    """One pack version an index offers."""

    id: Id
    name: DisplayText
    version: Version
    url: Annotated[str, Strict(), Field(min_length=1, max_length=2000)]
    sha256: Sha256
    size: Size

    @field_validator("url")
    @classmethod
    def _url(cls, value: str) -> str:
        if any(ord(c) < 33 or ord(c) == 127 for c in value):
            raise ValueError(_("an address cannot hold spaces or control characters"))
        return value


class Index(StrictModel):
    """``spherewars-index/1``: what a community hosts on a static web server."""

    schema_: Literal["spherewars-index/1"] = Field(alias="schema")
    packs: list[IndexEntry] = Field(default_factory=list)

    @field_validator("schema_", mode="before")
    @classmethod
    def _schema(cls, value: Any) -> Any:
        return check_schema(value, INDEX_SCHEMA)

    def newest(self, only: set[str] | None = None) -> list[IndexEntry]:
        """The newest version of every pack listed (or of those in ``only``), by id."""
        best: dict[str, IndexEntry] = {}
        for entry in self.packs:
            if only is not None and entry.id not in only:
                continue
            held = best.get(entry.id)
            if held is None or version_key(entry.version) > version_key(held.version):
                best[entry.id] = entry
        return [best[key] for key in sorted(best)]


__all__ = ["INDEX_SCHEMA", "PACK_FILE", "PACK_SCHEMA", "SUFFIX", "Change", "Index",
           "IndexEntry", "PackInfo", "Version", "check_version", "is_version", "newest",
           "version_key"]
