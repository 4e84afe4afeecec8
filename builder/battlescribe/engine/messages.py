"""Every message of a roster's findings, in one place, so the app can translate them: the
words BattleScribe and New Recruit users read ("Patrol must have 1 more selections of Unit A
(minimum 1)"), in the suite's English. The data's own names are shown as written."""

from __future__ import annotations

from builder.battlescribe.engine.modifiers import format_number
from builder.i18n import _


def _what(field: str, cost_name: str | None) -> str:
    if field == "forces":
        return _("forces")
    if field == "selections":
        return _("selections")
    return cost_name or field


def too_many(owner: str, excess: float, field: str, entry: str, limit: float,
             cost_name: str | None = None, percent: bool = False, each: bool = False) -> str:
    """``owner`` has more than a max constraint allows."""
    shown = format_number(limit) + ("%" if percent else "")
    text = _("{owner} has {count} too many {what} of {entry} (maximum {limit})").format(
        owner=owner, count=format_number(excess), what=_what(field, cost_name), entry=entry,
        limit=shown)
    return text[:-1] + _(" each") + ")" if each else text


def too_few(owner: str, missing: float, field: str, entry: str, limit: float,
            cost_name: str | None = None, percent: bool = False, each: bool = False) -> str:
    """``owner`` has fewer than a min constraint asks."""
    shown = format_number(limit) + ("%" if percent else "")
    text = _("{owner} must have {count} more {what} of {entry} (minimum {limit})").format(
        owner=owner, count=format_number(missing), what=_what(field, cost_name), entry=entry,
        limit=shown)
    return text[:-1] + _(" each") + ")" if each else text


def hidden(owner: str, entry: str) -> str:
    return _("{owner} cannot have any selections of {entry} (hidden)").format(
        owner=owner, entry=entry)


def over_limit(cost_name: str, excess: float) -> str:
    return _("Roster is over the {cost} limit by {amount}{cost}").format(
        cost=cost_name, amount=format_number(excess))


def unsettled(names: list[str]) -> str:
    """Modifiers whose costs feed on each other for ever (their own costs are used)."""
    return _("The costs of {names} depend on each other through their modifiers and never "
             "settle; those modifiers are left out").format(names=", ".join(names))


def roster_name() -> str:
    """What a finding names the roster by."""
    return _("Roster")
