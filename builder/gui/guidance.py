"""What an empty list needs first, in the game's own words, instead of a red "Illegal".

An empty list breaks every rule that asks for something ("a Warband needs a Leader"): those
findings are right (``validate`` still reports them) but they greet a new player with an
error before the first click. The window shows them as first steps instead, built from the
game system's rules: a form-1 rule (SPEC §5) that counts ``{models: {type: T}}`` (or one
combatant's id) with an ``at_least`` or ``exactly`` bound reads "Start by hiring a Leader";
any other finding keeps its own message. Nothing here knows a game.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.model import Faction, Warband
from builder.model.system import ModelsQuantity, Rule
from builder.rules import Report
from builder.rules.findings import Finding


@dataclass(frozen=True)
class Step:
    text: str
    """What to do ("Start by hiring a Leader")."""
    cite: str | None = None
    """The rulebook's sentence behind it."""


def first_steps(warband: Warband, faction: Faction | None, report: Report) -> list[Step] | None:
    """The steps an EMPTY list of a loaded faction needs, first one first (an empty list
    that breaks nothing gets none); None when the list has entries or its faction is not
    loaded, where the findings are shown as they are."""
    if warband.entries or faction is None:
        return None
    rules = {rule.id: rule for rule in faction.game.rules}
    steps: list[Step] = []
    for finding in report.findings:
        rule = rules.get(finding.rule)
        hire = _hire(rule, finding, faction) if rule is not None else None
        if hire is None:
            steps.append(Step(finding.message, finding.cite))
            continue
        lead = "Start by hiring" if not any(s.text.startswith("Start") for s in steps) \
            else "Then hire"
        steps.append(Step(f"{lead} {hire}", finding.cite))
    return steps


def _hire(rule: Rule, finding: Finding, faction: Faction) -> str | None:
    """"a Leader", "2 Troops", "Nek'Org" for a rule counting models of one type or of one
    combatant, or every model, with a lower bound; None for any other rule."""
    count = rule.count
    if not isinstance(count, ModelsQuantity) or count.times != 1 or finding.bound is None:
        return None
    if rule.at_least is None and rule.exactly is None:
        return None
    given = count.models.given()
    n = finding.bound
    types = faction.game.types
    if not given and len(types) == 1:  # every model, and every model is of that one type
        given = {"type": types[0].id}
    if set(given) == {"type"} and isinstance(given["type"], str):
        kind = faction.game.type(given["type"])
        if kind is None:
            return None
        return f"{_article(kind.label(1))} {kind.label(1)}" if n == 1 else f"{n} {kind.label(n)}"
    if not given:
        return "a model" if n == 1 else f"{n} models"
    if set(given) == {"id"} and isinstance(given["id"], str):
        combatant = faction.combatant(given["id"])
        if combatant is None:
            return None
        return combatant.name if n == 1 else f"{n} × {combatant.name}"
    return None


def _article(word: str) -> str:
    return "an" if word[:1].lower() in "aeiou" else "a"
