"""How the window shows a rulebook sentence (a rule's or a figure's ``cite``).

The games' rules are written in English; a Spanish cite is our translation of them
(:func:`builder.model.text.quotation`). Wherever a cite is shown as the book's words, a
translation says it is one, and the book's own words are a hover away, in the tooltip."""

from __future__ import annotations

from html import escape

from builder.i18n import _
from builder.model.system import System
from builder.model.text import quotation


def cite_line(cite: str, original: str | None) -> str:
    """The cite on a line of its own under a message, in quotation marks; a translation is
    labelled as such."""
    if original is None:
        return f"“{cite}”"
    return _("Rulebook (translated): “{cite}”").format(cite=cite)


def cite_html(cite: str, original: str | None) -> str:
    """:func:`cite_line` as rich text, in italics."""
    return f"<i>{escape(cite_line(cite, original), quote=False)}</i>"


def cite_tip(cite: str, original: str | None) -> str:
    """The cite for a tooltip: the book's words, or our translation and then the book's own
    words."""
    if original is None:
        return _("The rulebook: “{cite}”").format(cite=cite)
    return (_("The rulebook, in our translation: “{cite}”").format(cite=cite) + "\n"
            + _("The book's own words: “{original}”").format(original=original))


def parameter_tip(system: System, key: str) -> str:
    """The sentences of the game's rules that use a recruiting parameter (as their bound, or
    as the ``times`` of one), for the tooltip of the parameter's field."""
    def uses(quantity: object) -> bool:
        return quantity == key or getattr(quantity, "times", None) == key

    tips = [cite_tip(*quotation(rule.cite)) for rule in system.rules
            if rule.cite is not None and any(uses(q) for q in (
                rule.count, rule.at_most, rule.at_least, rule.exactly, rule.when))]
    return "\n\n".join(tips)
