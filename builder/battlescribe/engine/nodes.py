"""Entries where they can be chosen: a selection entry (or entry group) together with the links
it was reached through and the path of links above it.

A :class:`Node` is what the roster uses. A link and its target merge into one node: the
target's name, type and children; hidden when either is; constraints, modifiers, category
links, profiles and rules of both (the link's after the target's); the link's costs replacing
the target's of the same type. Its ``id`` is BattleScribe's composite entry id: the ids of every
link on the way from the force down to it, then its own entry's id (``link::child``,
``outer::inner::target``); groups add nothing but their own id for ``group_id``.

Nodes are built lazily (a catalogue of thousands of entries expands only what a roster opens)
and once per catalogue scope; a chain of links that comes back to an entry already on its path
(a link to itself, two shared entries linking each other) stops there, so nothing expands for
ever.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.linking import Scope

ENTRY, GROUP = "entry", "group"


class Node:
    """A selection entry or entry group in its place (see the module's docstring)."""

    __slots__ = ("kind", "entry", "link", "parent", "group", "prefix", "id", "group_id",
                 "scope", "constraints", "modifiers", "modifier_groups", "category_links",
                 "costs", "profiles", "rules", "info_groups", "info_links", "hidden",
                 "collective", "_children", "_options", "_instanced", "path_ids", "owners",
                 "sort_key", "depth")

    def __init__(self, kind: str, entry: m.Entry, link: m.Entry | None, parent: Node | None,
                 group: Node | None, prefix: tuple[str, ...], scope: Scope,
                 path_ids: frozenset[str], depth: int) -> None:
        self.kind = kind
        self.entry = entry
        self.link = link
        self.parent = parent
        """The node of the selection this one is chosen under (None at a force's root)."""
        self.group = group
        """The group node this one is in (None when directly under its parent)."""
        self.prefix = prefix
        self.id = "::".join((*prefix, entry.id))
        self.group_id = group.id if group is not None else None
        self.scope = scope
        self.path_ids = path_ids
        self.depth = depth
        parts = (entry,) if link is None else (entry, link)
        self.owners = parts
        self.hidden = entry.hidden or (link is not None and link.hidden)
        self.collective = entry.collective or (link is not None and link.collective)
        if link is None:
            self.constraints = entry.constraints
            self.modifiers = entry.modifiers
            self.modifier_groups = entry.modifier_groups
            self.category_links = entry.category_links
            self.costs = entry.costs
            self.profiles = entry.profiles
            self.rules = entry.rules
            self.info_groups = entry.info_groups
            self.info_links = entry.info_links
        else:
            self.constraints = (*entry.constraints, *link.constraints)
            self.modifiers = (*entry.modifiers, *link.modifiers)
            self.modifier_groups = (*entry.modifier_groups, *link.modifier_groups)
            self.category_links = (*entry.category_links, *link.category_links)
            self.profiles = (*entry.profiles, *link.profiles)
            self.rules = (*entry.rules, *link.rules)
            self.info_groups = (*entry.info_groups, *link.info_groups)
            self.info_links = (*entry.info_links, *link.info_links)
            if link.costs:
                replaced = {c.type_id: c for c in link.costs}
                self.costs = tuple([replaced.pop(c.type_id, c) for c in entry.costs]
                                   + list(replaced.values()))
            else:
                self.costs = entry.costs
        self.sort_key = natural_key(entry.name)
        self._children: list[Node] | None = None
        self._options: list[Node] | None = None
        self._instanced: bool | None = None

    # ----- what the node is -------------------------------------------------------------

    @property
    def name(self) -> str:
        return self.entry.name

    @property
    def type(self) -> str:
        return self.entry.type or "upgrade"

    @property
    def entry_id(self) -> str:
        """The plain id of its entry (the link's target), as New Recruit reports it."""
        return self.entry.id

    @property
    def publication_id(self) -> str | None:
        return self.entry.publication_id or (self.link.publication_id if self.link else None)

    @property
    def page(self) -> str | None:
        return self.entry.page or (self.link.page if self.link else None)

    def matches(self, ident: str) -> bool:
        """Whether ``ident`` names this node: its entry, its link, its composite id."""
        return ident == self.entry.id or ident == self.id or (
            self.link is not None and ident == self.link.id)

    def groups(self) -> Iterator[Node]:
        """The groups it is in, innermost first."""
        group = self.group
        while group is not None:
            yield group
            group = group.group

    # ----- what can be chosen under it -----------------------------------------------------

    def children(self) -> list[Node]:
        """Its direct child nodes: entries and groups, in the order the data gives them (the
        target's own, then the link's)."""
        if self._children is None:
            self._children = expand(self, self.owners if self.link is not None
                                    else (self.entry,), self.prefix, self.scope)
        return self._children

    def options(self) -> list[Node]:
        """The selection entries that can be chosen under it, groups opened (in data order)."""
        if self._options is None:
            self._options = list(flatten(self.children()))
        return self._options

    def instanced(self) -> bool:
        """Whether each choice of it is a new selection (it has a child that is neither
        collective nor hidden, at any depth), rather than one selection whose number grows."""
        if self._instanced is None:
            self._instanced = False  # a circle through links answers no
            self._instanced = any((not o.collective and not o.hidden) or o.instanced()
                                  for o in self.options())
        return self._instanced

    def __repr__(self) -> str:
        return f"<{self.kind} {self.id} {self.name!r}>"


def natural_key(name: str) -> tuple[Any, ...]:
    """Names in the order people read them: "Unit 2" before "Unit 10", case not minded."""
    parts: list[Any] = []
    number = ""
    text = ""
    for char in name.casefold():
        if char.isdigit():
            if text:
                parts.append((1, text))
                text = ""
            number += char
        else:
            if number:
                parts.append((0, int(number)))
                number = ""
            text += char
    if number:
        parts.append((0, int(number)))
    if text:
        parts.append((1, text))
    return tuple(parts)


def _child(kind: str, entry: m.Entry, link: m.Entry | None, parent: Node | None,
           group: Node | None, prefix: tuple[str, ...], scope: Scope,
           path_ids: frozenset[str], depth: int) -> Node | None:
    if entry.id in path_ids or depth > 200:
        return None  # a circle of links, or data nested past any sense
    own_prefix = prefix if link is None else (*prefix, link.id)
    return Node(kind, entry, link, parent, group, own_prefix, scope,
                path_ids | {entry.id}, depth + 1)


def expand(owner: Node | None, sources: tuple[Any, ...], prefix: tuple[str, ...],
           scope: Scope, group: Node | None = None) -> list[Node]:
    """The nodes that ``sources`` (entries, links, groups, or a catalogue) hold directly:
    their selection entries, entry groups and entry links, each link resolved in ``scope``."""
    parent = owner if group is None else group.parent
    path_ids = owner.path_ids if owner is not None else frozenset()
    depth = owner.depth if owner is not None else 0
    if group is not None:
        path_ids, depth = group.path_ids, group.depth
    found: list[Node] = []
    for source in sources:
        for entry in source.selection_entries:
            node = _child(ENTRY, entry, None, parent, group, prefix, scope, path_ids, depth)
            if node is not None:
                found.append(node)
        for entry in source.selection_entry_groups:
            node = _child(GROUP, entry, None, parent, group, prefix, scope, path_ids, depth)
            if node is not None:
                found.append(node)
        for link in source.entry_links:
            target = scope.target(link)
            if target is None or not isinstance(target, m.Entry):
                continue
            kind = GROUP if target.kind == m.SELECTION_ENTRY_GROUP else ENTRY
            node = _child(kind, target, link, parent, group, prefix, scope, path_ids, depth)
            if node is not None:
                found.append(node)
    return found


def group_children(group: Node) -> list[Node]:
    """What a group node holds (cached on the node)."""
    if group._children is None:
        group._children = expand(group.parent, group.owners if group.link is not None
                                 else (group.entry,), group.prefix, group.scope, group)
    return group._children


def flatten(nodes: list[Node]) -> Iterator[Node]:
    """The entry nodes of ``nodes``, the groups among them opened (depth first, data order)."""
    for node in nodes:
        if node.kind == GROUP:
            yield from flatten(group_children(node))
        else:
            yield node


def root_nodes(own: m.DataFile, imported: list[m.DataFile], game_system: m.DataFile,
               scope: Scope) -> list[Node]:
    """The nodes a force of catalogue ``own`` offers at its root: its own root entries, those
    of the catalogues it imports root entries from (less those marked ``import="false"``),
    and the game system's."""
    found = expand(None, (own,), (), scope)
    for source in imported:
        found.extend(n for n in expand(None, (source,), (), scope)
                     if n.entry.import_ and (n.link is None or n.link.import_))
    if own is not game_system:
        found.extend(expand(None, (game_system,), (), scope))
    return found


def find_option(options: list[Node], ident: str) -> Node | None:
    """The option ``ident`` names: first an entry of that id chosen directly (not through a
    link), then a link of that id, then an entry reached through a link, then a composite
    id."""
    for node in options:
        if node.link is None and node.entry.id == ident:
            return node
    for node in options:
        if node.link is not None and node.link.id == ident:
            return node
    for node in options:
        if node.entry.id == ident:
            return node
    for node in options:
        if node.id == ident:
            return node
    return None
