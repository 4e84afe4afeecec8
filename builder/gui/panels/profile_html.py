"""A combatant's full profile as rich text, laid out like the book's reference profiles
(*Knowing your combatants*): name and nickname, type and rank, the stat line under the book's
column names, wounds, abilities by kind, equipment, description."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from builder.export.profile import resolve_ability
from builder.export.profile import stat_columns as system_columns
from builder.gui.panels.choices import adds_text, unit_size
from builder.i18n import N_, _, ngettext
from builder.model import Ability, Combatant, Faction

_SCOPE_ORDER = ("racial", "unique", "universal", None)
_SCOPE_TITLE = {"racial": N_("Racial abilities"), "unique": N_("Unique abilities"),
                "universal": N_("Universal abilities"), None: N_("Abilities")}


def kind_text(a: Ability, faction: Faction) -> str:
    """The kind as the game names it, with a feat's difficulty and successes, exactly as the
    cards print it ("feat 5, 2 successes")."""
    return resolve_ability(faction, a).label


def stat_columns(c: Combatant, faction: Faction) -> list[str]:
    """The system's stat line; an ``only_when_set`` column only when the combatant has it."""
    return list(system_columns(faction.game, [c]))


def profile_html(c: Combatant, faction: Faction,
                 universal: Mapping[str, Ability] | None = None) -> str:
    game = faction.game
    head = escape(c.name)
    if c.nickname:
        head += f", <i>{escape(c.nickname)}</i>"
    facts = [game.type_label(c.type)]
    if c.rank:
        facts.append(game.rank_label(c.rank))
    if c.base:
        facts.append(_("{base} mm base").format(base=c.base))
    if c.squad:
        facts.append(_("forms a squad"))
    if c.max is not None:
        facts.append(_("at most {max} per {list}").format(
            max=c.max, list=game.list_name_text.lower()))
    if c.unit is not None:
        facts.append(_("units of {size}").format(size=unit_size(c.unit)))
    cols = stat_columns(c, faction)
    # Qt's rich text ignores the nowrap attribute but not the CSS: a narrow panel scrolls
    # the table sideways instead of stacking "PE" into letters and "169" into "16/9"
    cells = "".join(f"<th style='font-size:small; white-space:nowrap'>"
                    f"{escape(game.stat_label(s))}</th>" for s in cols)
    values = "".join(f"<td align='center' style='white-space:nowrap'>{escape(c.shown(s))}</td>"
                     for s in cols)
    out = [f"<h2 style='margin-bottom:2px'>{head}</h2>",
           f"<p style='margin-top:0; color:#666'>{escape(' · '.join(facts))}"
           f" — {escape(faction.name)}</p>",
           "<table class='stats' cellspacing='0' cellpadding='2' border='1' "
           "style='border-collapse:collapse; border-color:#999'>"
           f"<tr style='background:#e8e4dc; color:#222'>{cells}</tr><tr>{values}</tr></table>"
           if cols else ""]
    if c.wounds:
        out.append(_bold(_("Wounds:"), str(c.wounds)))
    if universal is None and c.abilities:
        universal = game.glossary()  # (once, not once per ability)
    abilities = [faction.ability(ref, universal) for ref in c.abilities]
    for scope in _SCOPE_ORDER:
        group = [a for a in abilities if a.scope == scope]
        if not group:
            continue
        out.append(f"<h4 style='margin-bottom:2px'>{escape(_(_SCOPE_TITLE[scope]))}</h4><ul "
                   "style='margin-top:0; -qt-list-indent:1'>")
        for a in group:
            kind = kind_text(a, faction)
            line = f"<b>{escape(a.name)}</b>" + (f" <i>({escape(kind)})</i>" if kind else "")
            if a.text:
                line += f"<br>{escape(a.text)}"
            out.append(f"<li>{line}</li>")
        out.append("</ul>")
    if c.equipment:
        out.append(_bold(_("Equipment:"), ", ".join(c.equipment)))
    if c.unique_equipment:
        out.append(_bold(_("Unique equipment:"), ", ".join(c.unique_equipment)))
    out += options_html(c, faction)
    if c.description:
        out.append(f"<p><i>{escape(c.description)}</i></p>")
    return "\n".join(out)


def options_html(c: Combatant, faction: Faction) -> list[str]:
    """What an entry of ``c`` may take (SPEC §9), as a list under a heading: each option with
    what it adds, how often, which others it excludes, and its text."""
    offered = list(faction.options_for(c).values())
    if not offered:
        return []
    heading = escape(_("Options"))
    out = [f"<h4 style='margin-bottom:2px'>{heading}</h4><ul "
           "style='margin-top:0; -qt-list-indent:1'>"]
    for o in offered:
        facts = [adds_text(faction.game, o.adds, o.per_model)]
        if o.max > 1:
            facts.append(ngettext("up to {n} time", "up to {n} times", o.max).format(n=o.max))
        if o.group is not None:
            facts.append(_("one of {options}").format(options=", ".join(
                other.label for other in offered if other.group == o.group)))
        said = "; ".join(fact for fact in facts if fact)
        line = f"<b>{escape(o.label)}</b>" + (f" ({escape(said)})" if said else "")
        if o.rules_text:
            line += f"<br>{escape(o.rules_text)}"
        out.append(f"<li>{line}</li>")
    out.append("</ul>")
    return out


def _bold(label: str, text: str) -> str:
    """A paragraph: a bold label, then a plain text (both escaped)."""
    return f"<p><b>{escape(label)}</b> {escape(text)}</p>"


def unknown_html(combatant_id: str, faction_id: str) -> str:
    text = _("This combatant is not in the <b>{faction}</b> faction data loaded now. The entry "
             "is kept in the list and saved back unchanged, but it counts toward nothing until "
             "the data has it (or you remove it).").format(faction=escape(faction_id))
    return f"<h2>{escape(combatant_id)}</h2><p>{text}</p>"
