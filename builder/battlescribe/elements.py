"""What every element of BattleScribe's data model is (:mod:`builder.battlescribe.model`
re-exports all of it): its attributes as written, where it starts, and the shared empty list
:data:`EMPTY`."""

from __future__ import annotations

from typing import Any

EMPTY: tuple[Any, ...] = ()


TRUE = frozenset({"true", "1"})
FALSE = frozenset({"false", "0"})


def flag(raw: dict[str, str], key: str, default: bool = False) -> bool:
    """An XML boolean attribute (``true``/``1``, ``false``/``0``); ``default`` when absent."""
    value = raw.get(key)
    if value is None:
        return default
    return value in TRUE


class Element:
    """Anything read from a file: its attributes as written and where it starts."""

    __slots__ = ("raw", "line", "column", "extra")
    TAG = ""
    CONTAINERS: dict[str, str] = {}
    """Container element → the slot of this object that holds its children."""
    TEXTS: dict[str, str] = {}
    """Child elements holding text → the slot that keeps it."""

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        self.raw = raw
        self.line = line
        self.column = column
        self.extra: Any = EMPTY

    def __repr__(self) -> str:
        ident = self.raw.get("id") or self.raw.get("name") or ""
        return f"<{self.TAG} {ident}>"


class Unknown(Element):
    """An element this model does not know: kept with its children and text, never used."""

    __slots__ = ("tag", "children", "text")

    def __init__(self, tag: str, raw: dict[str, str], line: int, column: int) -> None:
        self.raw = raw
        self.line = line
        self.column = column
        self.extra = EMPTY
        self.tag = tag
        self.children: list[Unknown] = []
        self.text = ""

    def __repr__(self) -> str:
        return f"<unknown {self.tag}>"


class Named(Element):
    """What most definitions share: id, name, hidden, publication and page, a comment."""

    __slots__ = ("id", "name", "hidden", "page", "publication_id", "comment")

    def __init__(self, raw: dict[str, str], line: int, column: int) -> None:
        Element.__init__(self, raw, line, column)
        get = raw.get
        self.id = get("id", "")
        self.name = get("name", "")
        self.hidden = get("hidden") in TRUE
        self.page = get("page")
        self.publication_id = get("publicationId")
        self.comment: str | None = None
