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

from builder.i18n import N_, _, ngettext
from builder.model import Faction, Warband
from builder.model.quantity import ModelsQuantity
from builder.model.system import Rule
from builder.rules import Report
from builder.rules.findings import Finding


@dataclass(frozen=True)
class Step:
    text: str
    """What to do ("Start by hiring a Leader")."""
    cite: str | None = None
    """The rulebook's sentence behind it."""
    cite_original: str | None = None
    """The book's own words when ``cite`` is our translation."""


def first_steps(warband: Warband, faction: Faction | None, report: Report) -> list[Step] | None:
    """The steps an EMPTY list of a loaded faction needs, first one first (an empty list
    that breaks nothing gets none); None when the list has entries or its faction is not
    loaded, where the findings are shown as they are."""
    if warband.entries or faction is None:
        return None
    rules = {rule.id: rule for rule in faction.game.rules}
    steps: list[Step] = []
    started = False
    for finding in report.findings:
        rule = rules.get(finding.rule)
        hire = _hire(rule, finding, faction) if rule is not None else None
        if hire is None:
            steps.append(Step(finding.message, finding.cite, finding.cite_original))
            continue
        form, what, count = hire
        template = (_THEN if started else _FIRST)[form]
        started = True
        steps.append(Step(_(template).format(what=what, count=count), finding.cite,
                          finding.cite_original))
    return steps


# Whole sentences, one per form, so that a translation never glues fragments together.
_FIRST = {"a": N_("Start by hiring a {what}"), "an": N_("Start by hiring an {what}"),
          "count": N_("Start by hiring {count} {what}"), "name": N_("Start by hiring {what}"),
          "times": N_("Start by hiring {count} × {what}")}
_THEN = {"a": N_("Then hire a {what}"), "an": N_("Then hire an {what}"),
         "count": N_("Then hire {count} {what}"), "name": N_("Then hire {what}"),
         "times": N_("Then hire {count} × {what}")}


def _hire(rule: Rule, finding: Finding, faction: Faction) -> tuple[str, str, int] | None:
    """(form, what, how many): ("a", "Leader", 1), ("count", "Troops", 2), ("name",
    "Nek'Org", 1) for a rule counting models of one type, of one combatant, or every model,
    with a lower bound; None for any other rule."""
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
        return (_article(kind.label(1)), kind.label(1), 1) if n == 1 else \
            ("count", kind.label(n), n)
    if not given:
        what = ngettext("model", "models", n)
        return (_article(what), what, 1) if n == 1 else ("count", what, n)
    if set(given) == {"id"} and isinstance(given["id"], str):
        combatant = faction.combatant(given["id"])
        if combatant is None:
            return None
        return ("name", combatant.name, 1) if n == 1 else ("times", combatant.name, n)
    return None


def _article(word: str) -> str:
    """The English article's form ("a" or "an"): each has its own sentence to translate."""
    return "an" if word[:1].lower() in "aeiou" else "a"
