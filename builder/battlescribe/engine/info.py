"""Profiles and rules of a selection, a force or a category, after their modifiers: an
entry's own, those its info groups hold (nested ones too) and those its info links point to
(the link's modifiers after the target's; a link's page and publication, when it gives them,
as New Recruit shows them). Hidden ones are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from builder.battlescribe import model as m
from builder.battlescribe.engine.evaluate import Evaluation
from builder.battlescribe.engine.modifiers import apply_flag, apply_text
from builder.battlescribe.engine.queries import Here
from builder.battlescribe.linking import Scope

MAX_DEPTH = 32


@dataclass
class ProfileView:
    id: str
    name: str
    type_id: str
    type_name: str
    hidden: bool
    page: str | None
    publication_id: str | None
    characteristics: list[tuple[str, str, str]] = field(default_factory=list)
    """(name, type id, value), in the profile's order."""


@dataclass
class RuleView:
    id: str
    name: str
    description: str
    hidden: bool
    page: str | None
    publication_id: str | None


@dataclass
class Info:
    profiles: list[ProfileView] = field(default_factory=list)
    rules: list[RuleView] = field(default_factory=list)


def _profile(ev: Evaluation, profile: m.Profile, here: Here, link: Any) -> ProfileView:
    chars = [[c.name, c.type_id, c.value] for c in profile.characteristics]
    view = ProfileView(profile.id, profile.name, profile.type_id, profile.type_name,
                       profile.hidden or (link is not None and link.hidden),
                       (link.page if link is not None and link.page else profile.page),
                       (link.publication_id if link is not None and link.publication_id
                        else profile.publication_id))
    modifiers = (*profile.modifiers, *(link.modifiers if link is not None else ()))
    groups = (*profile.modifier_groups, *(link.modifier_groups if link is not None else ()))
    for modifier, times in ev.judge.applicable(modifiers, groups, here):
        target = modifier.field
        if target == "name":
            view.name = apply_text(view.name, modifier, times)
        elif target == "hidden":
            view.hidden = apply_flag(view.hidden, modifier)
        elif target == "page":
            view.page = apply_text(view.page or "", modifier, times)
        else:
            for char in chars:
                if char[1] == target or char[0] == target:
                    char[2] = apply_text(char[2], modifier, times)
    view.characteristics = [(c[0], c[1], c[2]) for c in chars]
    return view


def _rule(ev: Evaluation, rule: m.Rule, here: Here, link: Any) -> RuleView:
    view = RuleView(rule.id, rule.name, rule.description,
                    rule.hidden or (link is not None and link.hidden),
                    (link.page if link is not None and link.page else rule.page),
                    (link.publication_id if link is not None and link.publication_id
                     else rule.publication_id))
    modifiers = (*rule.modifiers, *(link.modifiers if link is not None else ()))
    groups = (*rule.modifier_groups, *(link.modifier_groups if link is not None else ()))
    for modifier, times in ev.judge.applicable(modifiers, groups, here):
        target = modifier.field
        if target == "name":
            view.name = apply_text(view.name, modifier, times)
        elif target == "description":
            view.description = apply_text(view.description, modifier, times)
        elif target == "hidden":
            view.hidden = apply_flag(view.hidden, modifier)
        elif target == "page":
            view.page = apply_text(view.page or "", modifier, times)
    return view


def gather(ev: Evaluation, sources: list[Any], scope: Scope, here: Here) -> Info:
    """The visible profiles and rules of ``sources`` (entries, force entries, info groups),
    each looked at ``here``."""
    info = Info()
    for source in sources:
        _gather(ev, source, scope, here, info, 0, False)
    return info


def _gather(ev: Evaluation, source: Any, scope: Scope, here: Here, info: Info, depth: int,
            hidden: bool) -> None:
    if depth > MAX_DEPTH:
        return
    for profile in getattr(source, "profiles", ()):
        view = _profile(ev, profile, here, None)
        if not (view.hidden or hidden):
            info.profiles.append(view)
    for rule in getattr(source, "rules", ()):
        view_rule = _rule(ev, rule, here, None)
        if not (view_rule.hidden or hidden):
            info.rules.append(view_rule)
    for group in getattr(source, "info_groups", ()):
        _gather(ev, group, scope, here, info, depth + 1,
                hidden or _group_hidden(ev, group, None, here))
    for link in getattr(source, "info_links", ()):
        target = scope.target(link)
        if isinstance(target, m.Profile):
            view = _profile(ev, target, here, link)
            if not (view.hidden or hidden):
                info.profiles.append(view)
        elif isinstance(target, m.Rule):
            view_rule = _rule(ev, target, here, link)
            if not (view_rule.hidden or hidden):
                info.rules.append(view_rule)
        elif isinstance(target, m.InfoGroup):
            _gather(ev, target, scope, here, info, depth + 1,
                    hidden or _group_hidden(ev, target, link, here))


def _group_hidden(ev: Evaluation, group: m.InfoGroup, link: Any, here: Here) -> bool:
    hidden = group.hidden or (link is not None and link.hidden)
    modifiers = (*group.modifiers, *(link.modifiers if link is not None else ()))
    groups = (*group.modifier_groups, *(link.modifier_groups if link is not None else ()))
    for modifier, _times in ev.judge.applicable(modifiers, groups, here):
        if modifier.field == "hidden":
            hidden = apply_flag(hidden, modifier)
    return hidden
