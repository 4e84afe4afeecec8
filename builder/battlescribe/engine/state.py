"""A roster as plain data (dicts and lists, ready for JSON): its forces, selections, costs,
cost limits and findings, in the order New Recruit shows them
(:mod:`builder.battlescribe.engine.order`). A selection's costs are those its entry has (its
number included); a root selection with no category shows the one for what has none.

The keys are the conformance adapter protocol's (v1.1, ``docs/adapter-protocol.md`` of
WarHub/battlescribe-spec), which also suits the command line's JSON.
"""

from __future__ import annotations

from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.engine.evaluate import Evaluation
from builder.battlescribe.engine.info import Info, ProfileView, RuleView, gather
from builder.battlescribe.engine.order import ordered_children, ordered_forces
from builder.battlescribe.engine.order import ordered_selections as _ordered
from builder.battlescribe.engine.queries import Here
from builder.battlescribe.engine.roster import NO_CATEGORY, Category, Force, Roster, Selection
from builder.battlescribe.engine.validate import ERROR, Finding
from builder.battlescribe.linking import CATEGORIES

UNCATEGORIZED = "Uncategorized"


def _profile(view: ProfileView) -> dict[str, Any]:
    found: dict[str, Any] = {"name": view.name, "typeId": view.type_id,
                             "typeName": view.type_name, "hidden": view.hidden,
                             "characteristics": [{"name": n, "typeId": t, "value": v}
                                                 for n, t, v in view.characteristics]}
    if view.page:
        found["page"] = view.page
    if view.publication_id:
        found["publicationId"] = view.publication_id
    return found


def _rule(view: RuleView) -> dict[str, Any]:
    found: dict[str, Any] = {"name": view.name, "description": view.description,
                             "hidden": view.hidden}
    if view.page:
        found["page"] = view.page
    if view.publication_id:
        found["publicationId"] = view.publication_id
    return found


def _info(info: Info) -> dict[str, Any]:
    return {"profiles": [_profile(p) for p in info.profiles],
            "rules": [_rule(r) for r in info.rules]}


class Snapshot:
    """Builds the plain data of one evaluation."""

    def __init__(self, ev: Evaluation) -> None:
        self.ev = ev
        self.roster = ev.roster
        self.cost_types = {c.id: c for c in self.roster.cost_types()}

    def cost_name(self, type_id: str) -> str:
        found = self.cost_types.get(type_id)
        return found.name if found is not None else type_id

    def costs(self, values: dict[str, float]) -> list[dict[str, Any]]:
        return [{"name": self.cost_name(t), "typeId": t, "value": v} for t, v in values.items()]

    def roster_state(self) -> dict[str, Any]:
        roster = self.roster
        system = roster.game_system
        costs = [{**c, "hidden": bool(self.cost_types[c["typeId"]].hidden)
                  if c["typeId"] in self.cost_types else False}
                 for c in self.costs(self.ev.totals)]
        state: dict[str, Any] = {
            "id": roster.id, "name": roster.name, "gameSystemId": system.id,
            "gameSystemName": system.name,
            "forces": [self.force(f) for f in ordered_forces(roster.forces, roster)],
            "costs": costs,
            "costLimits": [{"name": self.cost_name(t), "typeId": t, "value": v}
                           for t, v in roster.cost_limits.items() if v is not None and v >= 0],
            "validationErrors": [finding_state(f) for f in self.ev.findings
                                 if f.severity == ERROR],
        }
        if roster.custom_notes:
            state["customNotes"] = roster.custom_notes
        return state

    def force(self, force: Force) -> dict[str, Any]:
        ev = self.ev
        effect = ev.force_effects[force]
        entry = force.entry
        roster_scope = self.roster.data.scope(force.catalogue)
        state: dict[str, Any] = {
            "id": force.id, "name": effect.name, "entryId": entry.id,
            "catalogueId": force.catalogue.id, "catalogueName": force.catalogue.name,
            "hidden": effect.hidden,
            "selections": [self.selection(s) for s in ordered_selections(force, ev)],
            "categories": [self.category(c, roster_scope) for c in force.categories],
            "childForces": [self.force(f) for f in ordered_forces(force.forces, force)],
            "publications": [],
            **_info(force_info(ev, force)),
        }
        if entry.publication_id:
            state["publicationId"] = entry.publication_id
        if effect.page:
            state["page"] = effect.page
        if force.custom_name:
            state["customName"] = force.custom_name
        if force.custom_notes:
            state["customNotes"] = force.custom_notes
        return state

    def category(self, category: Category, scope: Any) -> dict[str, Any]:
        state: dict[str, Any] = {"id": category.id, "name": category.name,
                                 "entryId": category.entry_id, "primary": False,
                                 "profiles": [], "rules": []}
        if category.entry is not None and category.entry.publication_id:
            state["publicationId"] = category.entry.publication_id
        if category.custom_name:
            state["customName"] = category.custom_name
        if category.custom_notes:
            state["customNotes"] = category.custom_notes
        return state

    def selection(self, selection: Selection) -> dict[str, Any]:
        ev = self.ev
        effect = ev.effects[selection]
        node = selection.node
        scope = node.scope
        state: dict[str, Any] = {
            "id": selection.id, "name": effect.name, "entryId": node.id,
            "type": node.type, "number": selection.number, "hidden": effect.hidden,
            "costs": self.costs(ev.costs(selection)),
            "categories": self.selection_categories(selection, effect.categories,
                                                    effect.primary, scope),
            "children": [self.selection(c) for c in ordered_children(selection)],
            **_info(selection_info(ev, selection)),
        }
        if node.group_id:
            state["entryGroupId"] = node.group_id
        if effect.page:
            state["page"] = effect.page
        publication = node.publication_id
        if publication:
            state["publicationId"] = publication
            found = _publication(self.roster, selection.force, publication)
            if found is not None:
                state["publicationName"] = found.name
        if selection.custom_name:
            state["customName"] = selection.custom_name
        if selection.custom_notes:
            state["customNotes"] = selection.custom_notes
        return state

    def selection_categories(self, selection: Selection, categories: list[str],
                             primary: str | None, scope: Any) -> list[dict[str, Any]]:
        found = []
        for entry_id in categories:
            target = scope.find(CATEGORIES, entry_id)
            found.append({"name": target.name if target is not None else entry_id,
                          "entryId": entry_id, "primary": entry_id == primary})
        if not found and selection.is_root:
            found.append({"name": UNCATEGORIZED, "entryId": NO_CATEGORY, "primary": True})
        return found


class _Root:
    """A file's root rules and info links, as a source of force rules."""

    def __init__(self, file: m.DataFile) -> None:
        self.rules = file.rules
        self.info_links = file.info_links


def ordered_selections(force: Force, ev: Evaluation) -> list[Selection]:
    return _ordered(force, lambda s: ev.effects[s].primary)


def force_info(ev: Evaluation, force: Force) -> Info:
    """A force's visible profiles and rules (its entry's, then its catalogue's and the game
    system's root rules and info links), after their modifiers."""
    entry = force.entry
    roster = force.roster
    sources: list[Any] = [entry]
    for file in (force.catalogue, roster.game_system):
        if file is not entry and (file.rules or file.info_links):
            sources.append(_Root(file))
    return gather(ev, sources, roster.data.scope(force.catalogue),
                  Here(force, force.parent, force, entry.id))


def selection_info(ev: Evaluation, selection: Selection) -> Info:
    """A selection's visible profiles and rules, after their modifiers."""
    node = selection.node
    here = Here(selection, selection.parent, selection.force, node.entry_id)
    return gather(ev, [node], node.scope, here)


def _publication(roster: Roster, force: Force, ident: str) -> m.Publication | None:
    for file in roster.data.scope(force.catalogue).files:
        for publication in file.publications:
            if publication.id == ident:
                return publication
    return None


def finding_state(finding: Finding) -> dict[str, Any]:
    """A finding as the protocol's validation error (null fields left out)."""
    found: dict[str, Any] = {"message": finding.message, "severity": finding.severity,
                             "raisedOnType": finding.owner_type}
    for key, value in (("entryId", finding.entry_id), ("constraintId", finding.constraint_id),
                       ("constraintType", finding.constraint_type),
                       ("constraintField", finding.constraint_field),
                       ("raisedOnId", finding.owner_id),
                       ("raisedOnEntryId", finding.owner_entry_id)):
        if value is not None:
            found[key] = value
    return found


def roster_state(ev: Evaluation) -> dict[str, Any]:
    """The plain data of a roster's evaluation."""
    return Snapshot(ev).roster_state()
