"""Building model objects from a stream of elements: one path for XML (fed by
:func:`builder.battlescribe.xmlsafe.parse`) and for the adapter's setup JSON (fed by
:func:`feed_json`, which walks the JSON as if it were the XML it mirrors).

Each element's class says which child elements are lists of what (``CONTAINERS``) and which
hold text (``TEXTS``); anything else is kept as an :class:`~builder.battlescribe.model.Unknown`
and ignored. Numbers are read here, and a number that is not one is a warning at its place.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping
from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.problems import WARNING, Problem, ReadError
from builder.battlescribe.xmlsafe import (
    MAX_ATTRIBUTE,
    MAX_DEPTH,
    DepthError,
    LongAttribute,
    parse,
    quoted,
)
from builder.i18n import _

Factory = Callable[[dict[str, str], int, int], m.Element]


def _entry(kind: str) -> Factory:
    return functools.partial(m.Entry, kind)


FACTORIES: dict[str, Factory] = {
    m.SELECTION_ENTRY: _entry(m.SELECTION_ENTRY),
    m.SELECTION_ENTRY_GROUP: _entry(m.SELECTION_ENTRY_GROUP),
    m.ENTRY_LINK: _entry(m.ENTRY_LINK),
    m.CATEGORY_ENTRY: _entry(m.CATEGORY_ENTRY),
    m.CATEGORY_LINK: _entry(m.CATEGORY_LINK),
    m.FORCE_ENTRY: _entry(m.FORCE_ENTRY),
    "constraint": m.Constraint, "condition": m.Condition, "repeat": m.Repeat,
    "conditionGroup": m.ConditionGroup, "localConditionGroup": m.LocalConditionGroup,
    "modifier": m.Modifier, "modifierGroup": m.ModifierGroup,
    "characteristic": m.Characteristic, "profile": m.Profile, "rule": m.Rule,
    "infoLink": m.InfoLink, "infoGroup": m.InfoGroup, "cost": m.Cost,
    "costType": m.CostType, "characteristicType": m.CharacteristicType,
    "profileType": m.ProfileType, "publication": m.Publication,
    "catalogueLink": m.CatalogueLink,
}
"""Element name → the class built for it, wherever it appears in a list."""

DATA_ROOTS: dict[str, Factory] = {
    m.GAME_SYSTEM: lambda raw, line, column: m.DataFile(m.GAME_SYSTEM, raw, line, column),
    m.CATALOGUE: lambda raw, line, column: m.DataFile(m.CATALOGUE, raw, line, column),
}

NUMBERS: dict[type, tuple[tuple[str, str, float], ...]] = {
    m.Constraint: (("value", "value", 0.0),),
    m.Condition: (("value", "value", 0.0),),
    m.Repeat: (("value", "value", 1.0), ("repeats", "repeats", 1.0)),
    m.LocalConditionGroup: (("value", "value", 0.0),),
    m.Cost: (("value", "value", 0.0),),
    m.CostType: (("default_cost_limit", "defaultCostLimit", -1.0),),
}
"""The numeric attributes of each class: (slot, attribute, default)."""

_OBJECT, _CONTAINER, _TEXT, _UNKNOWN = 0, 1, 2, 3
_LINKS = frozenset({m.ENTRY_LINK, m.CATEGORY_LINK, "infoLink"})
_TEXT_OF = (m.Characteristic,)
_TYPED = {"modifier": m.KNOWN_MODIFIERS, "condition": m.KNOWN_CONDITIONS}


class TreeBuilder:
    """A sink for :func:`~builder.battlescribe.xmlsafe.parse`: builds the objects of one file.
    ``roots`` names the root elements accepted; ``problems`` collects the warnings."""

    def __init__(self, label: str, roots: Mapping[str, Factory],
                 factories: Mapping[str, Factory] = FACTORIES,
                 numbers: Mapping[type, tuple[tuple[str, str, float], ...]] = NUMBERS) -> None:
        self.label = label
        self.roots = roots
        self.factories = factories
        self.numbers = numbers
        self.root: Any = None
        self.root_tag = ""
        self.problems: list[Problem] = []
        self.links: list[m.Element] = []
        self._stack: list[tuple[int, Any, str | None, Any]] = []
        self._text: list[str] | None = None
        self.position: Any = Position()
        """What says where the parse is: the XML parser (its line, column and text handler)."""

    def warn(self, line: int, column: int, message: str) -> None:
        self.problems.append(Problem(self.label, line, column, message, WARNING))

    def _read_numbers(self, obj: Any, spec: tuple[tuple[str, str, float], ...]) -> None:
        raw = obj.raw
        for slot, attr, default in spec:
            text = raw.get(attr)
            if text is None:
                setattr(obj, slot, default)
                continue
            try:
                value = float(text)
            except ValueError:
                value = math.nan
            if not math.isfinite(value):
                self.warn(obj.line, obj.column, _(
                    "{attribute}={value} is not a number; {default:g} is used").format(
                        attribute=attr, value=quoted(text), default=default))
                value = default
            setattr(obj, slot, value + 0.0 if value else 0.0)

    def _check_type(self, tag: str, obj: Any) -> None:
        kind = obj.raw.get("type")
        if kind is None or kind in _TYPED[tag]:
            return
        if tag == "modifier":
            self.warn(obj.line, obj.column, _(
                "the modifier type {type} is not one the builder knows; the modifier is "
                "ignored").format(type=quoted(kind)))
        else:
            self.warn(obj.line, obj.column, _(
                "the condition type {type} is not one the builder knows; the condition is "
                "never met").format(type=quoted(kind)))

    def start(self, tag: str, attrs: dict[str, str]) -> None:
        """An element starts (its place is read from ``self.position``, the parser)."""
        stack = self._stack
        if len(stack) >= MAX_DEPTH:
            raise DepthError
        position = self.position
        line = position.CurrentLineNumber
        column = position.CurrentColumnNumber + 1
        for name, value in attrs.items():
            if len(value) > MAX_ATTRIBUTE:
                raise LongAttribute(name, len(value), line, column)
        if not stack:
            factory = self.roots.get(tag)
            if factory is None:
                raise WrongRoot(tag, line, column)
            obj = factory(attrs, line, column)
            self.root, self.root_tag = obj, tag
            stack.append((_OBJECT, obj, None, None))
            return
        mode, target, slot, expected = stack[-1]
        if mode == _CONTAINER:
            factory = self.factories.get(tag) if expected is None or tag == expected else None
            if factory is not None:
                obj = factory(attrs, line, column)
                items = getattr(target, slot)  # type: ignore[arg-type]
                if items is m.EMPTY:
                    items = []
                    setattr(target, slot, items)  # type: ignore[arg-type]
                items.append(obj)
                if tag in _LINKS:
                    self.links.append(obj)
                spec = self.numbers.get(type(obj))
                if spec is not None:
                    self._read_numbers(obj, spec)
                if tag in _TYPED:
                    self._check_type(tag, obj)
                if isinstance(obj, _TEXT_OF):
                    parts: list[str] = []
                    stack.append((_OBJECT, obj, "value", parts))
                    self._collect(parts)
                else:
                    stack.append((_OBJECT, obj, None, None))
                return
        elif mode == _OBJECT:
            kind = type(target)
            container = kind.CONTAINERS.get(tag)
            if container is not None:
                stack.append((_CONTAINER, target, container, CHILD_TAGS.get(tag)))
                return
            text_slot = kind.TEXTS.get(tag)
            if text_slot is not None:
                parts = []
                stack.append((_TEXT, target, text_slot, parts))
                self._collect(parts)
                return
        unknown = m.Unknown(tag, attrs, line, column)
        if mode == _UNKNOWN:
            target.children.append(unknown)
        else:
            if target.extra is m.EMPTY:
                target.extra = []
            target.extra.append(unknown)
        parts = []
        stack.append((_UNKNOWN, unknown, "text", parts))
        self._collect(parts)

    def _collect(self, parts: list[str] | None) -> None:
        """Text goes to ``parts`` from now on (None: text is dropped, and the parser does not
        even call for it)."""
        self._text = parts
        self.position.CharacterDataHandler = None if parts is None else self.text

    def end(self, tag: str) -> None:
        stack = self._stack
        mode, target, slot, parts = stack.pop()
        if parts is not None and mode != _CONTAINER:
            if parts:
                setattr(target, slot, "".join(parts))  # type: ignore[arg-type]
            top = stack[-1] if stack else None
            self._collect(top[3] if top is not None and top[0] != _CONTAINER else None)
        elif self._text is not None:  # pragma: no cover - text frames always hold parts
            self._collect(None)

    def text(self, data: str) -> None:
        parts = self._text
        if parts is not None:
            parts.append(data)


class Position:
    """Where a stream that is not XML (the setup JSON) is: nowhere in particular."""

    CurrentLineNumber = 0
    CurrentColumnNumber = -1
    CharacterDataHandler: Any = None


class WrongRoot(Exception):
    """The root element is not one this builder accepts."""

    def __init__(self, tag: str, line: int, column: int) -> None:
        super().__init__(tag)
        self.tag = tag
        self.line = line
        self.column = column


def build_xml(xml: bytes, label: str, builder: TreeBuilder, wanted: Callable[[str], str]
              ) -> Any:
    """The root object ``builder`` makes of ``xml``; a root element it does not accept is a
    :class:`ReadError` at that element, worded by ``wanted`` (given the element's name,
    quoted)."""
    try:
        parse(xml, label, builder)
    except WrongRoot as wrong:
        raise ReadError.at(label, wrong.line, wrong.column,
                           wanted(quoted(wrong.tag))) from None
    return builder.root


# ----- the adapter's setup JSON, walked as the XML it mirrors -------------------------------

CHILD_TAGS: dict[str, str] = {
    "selectionEntries": "selectionEntry", "sharedSelectionEntries": "selectionEntry",
    "selectionEntryGroups": "selectionEntryGroup",
    "sharedSelectionEntryGroups": "selectionEntryGroup", "entryLinks": "entryLink",
    "categoryEntries": "categoryEntry", "categoryLinks": "categoryLink",
    "forceEntries": "forceEntry", "sharedForceEntries": "forceEntry",
    "constraints": "constraint", "conditions": "condition",
    "conditionGroups": "conditionGroup", "localConditionGroups": "localConditionGroup",
    "repeats": "repeat", "modifiers": "modifier", "modifierGroups": "modifierGroup",
    "profiles": "profile", "sharedProfiles": "profile", "rules": "rule",
    "sharedRules": "rule", "infoGroups": "infoGroup", "sharedInfoGroups": "infoGroup",
    "infoLinks": "infoLink", "costs": "cost", "costTypes": "costType",
    "profileTypes": "profileType", "characteristicTypes": "characteristicType",
    "characteristics": "characteristic", "publications": "publication",
    "catalogueLinks": "catalogueLink", "costLimits": "costLimit", "forces": "force",
    "selections": "selection", "categories": "category", "tags": "tag",
    "dataIndexEntries": "dataIndexEntry", "repositoryUrls": "repositoryUrl",
}
"""A container element (or a JSON list's key) → the element each of its items is; any other
element in it is kept as unknown."""

TEXT_KEYS = frozenset({"description", "comment", "readme", "customNotes"})
"""Keys whose string is a child element's text in the XML, not an attribute."""


def _attribute(value: object) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def feed_json(tag: str, item: Mapping[str, Any], sink: Any, depth: int = 0) -> None:
    """Feed ``sink`` the elements the JSON object ``item`` stands for, as element ``tag``: a
    scalar is an attribute, a list the items of a container element, a text key
    (:data:`TEXT_KEYS`) a child element's text, and a characteristic's ``value`` its text."""
    if depth > MAX_DEPTH:
        raise DepthError
    attrs: dict[str, str] = {}
    lists: list[tuple[str, list[Any]]] = []
    texts: list[tuple[str, str]] = []
    own_text = None
    for key, value in item.items():
        if isinstance(value, list):
            lists.append((key, value))
        elif isinstance(value, Mapping) or value is None:
            continue
        elif tag == "characteristic" and key == "value":
            own_text = _attribute(value)
        elif key in TEXT_KEYS and isinstance(value, str):
            texts.append((key, value))
        else:
            attrs[key] = _attribute(value)
    sink.start(tag, attrs)
    if own_text is not None:
        sink.text(own_text)
    for key, text in texts:
        sink.start(key, {})
        sink.text(text)
        sink.end(key)
    for key, items in lists:
        child = CHILD_TAGS.get(key)
        sink.start(key, {})
        for entry in items:
            if child is not None and isinstance(entry, Mapping):
                feed_json(child, entry, sink, depth + 2)
        sink.end(key)
    sink.end(tag)
