"""Every sentence a finding says, in one module: what a list's check found, worded for a
player in the language of the moment.

The rules find numbers, names and ids (:mod:`.forms`, :mod:`.builtin`, an event's own checks
of a warband or a BattleScribe roster in :mod:`builder.document`) and hand them over as one of
the sentences below; a finding's ``message`` is that sentence worded when it is read
(:attr:`builder.rules.findings.Finding.message`), so the app, the command line and the
printouts all say the same words, and say them in the language chosen.
A rule of the game data words its finding with its own ``message`` template, filled from the
same fields.

Reading order: the parts of a rule's finding (what was counted, how a bound was reached),
then the rule's finding itself, then the built-in rules' and the events' findings.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, Protocol

from builder.i18n import N_, _, ngettext, pgettext
from builder.model.options import Offered, Option, Pick
from builder.model.system import Rule, TypeDef
from builder.model.template import fill
from builder.model.text import display

# --- the parts of a rule's finding ----------------------------------------------------------


class What(NamedTuple):
    """What a selector takes in, as a sentence names it: a type of the game ("Messengers"),
    one combatant ("Leader"), or models."""

    type: TypeDef | None = None
    name: str | None = None
    """One combatant's name (its id when the faction has none such), or a type id the game
    does not define."""
    everything: bool = False
    """The selector gives no key: the whole list."""

    def label(self, n: int) -> str:
        if self.type is not None:
            return self.type.label(n)
        if self.name is not None:
            return self.name
        return ngettext("model", "models", n)


class Counted(NamedTuple):
    """The counted side of a rule, for ``{counted}``: "4 Messengers hired"."""

    kind: str
    """The quantity's kind (:data:`builder.rules.kinds.KINDS`)."""
    n: int
    """Its amount, before ``times``."""
    what: What | None = None
    stat: str | None = None

    def words(self) -> str:
        return _COUNTED[self.kind](self)


def _models(c: Counted) -> str:
    assert c.what is not None
    return _("{n} {what} hired").format(n=c.n, what=c.what.label(c.n))


def _entries(c: Counted) -> str:
    if c.what is not None and not c.what.everything:
        return ngettext("{n} entry of {what}", "{n} entries of {what}", c.n).format(
            n=c.n, what=c.what.label(2))
    return ngettext("{n} entry in the list", "{n} entries in the list", c.n).format(n=c.n)


def _sum(c: Counted) -> str:
    return _("{stat} {total} in all").format(stat=c.stat, total=c.n)


def _highest(c: Counted) -> str:
    return _("highest {stat} {value}").format(stat=c.stat, value=c.n)


def _picks(c: Counted) -> str:
    return ngettext("{n} pick taken", "{n} picks taken", c.n).format(n=c.n)


_COUNTED = {"models": _models, "entries": _entries, "sum": _sum, "max": _highest,
            "picks": _picks}
"""How each kind of quantity reads on the counted side."""


class Basis(Protocol):
    """How a number was reached, for ``{basis}``: "Test Leader MAN 2", "the points limit"
    (each a small record of the numbers and names, below)."""

    def words(self) -> str: ...


class Parameter(NamedTuple):
    """A parameter's value: the list's (or event's) points limit, the faction's own rule
    (its ``building``), or the game's. Never the parameter's id (a data name such as
    ``max_same_combatant``: ids stay in the JSON's ``rule``)."""

    source: str
    """``points_limit``, ``faction`` or ``game``."""
    faction: str = ""

    def words(self) -> str:
        if self.source == "points_limit":
            return _("the points limit")
        if self.source == "faction":
            return _("{faction}'s own rule").format(faction=self.faction)
        return _("the game's rule")


class Row(NamedTuple):
    """One combatant counted: "2× Nek'Org MAN 3" (``n`` models or entries; the stat added
    up and its value as the book prints it, for a sum)."""

    n: int
    name: str
    stat: str | None = None
    shown: str = ""

    def words(self) -> str:
        return f"{f'{self.n}× ' if self.n > 1 else ''}{self.name}" \
            + (f" {self.stat} {self.shown}" if self.stat is not None else "")


class Listed(NamedTuple):
    """What was counted, by name, and what options and picks added; or that nothing was."""

    rows: tuple[Row, ...]
    added: tuple[tuple[str | None, Offered, str, int], ...]
    """(the combatant's name, None for a pick; the option or pick; the stat; what it
    added): "Test Spearmen Test Veteran PB +1", "Test Sword of Fire DOMC +2"."""
    none: What

    def words(self) -> str:
        parts = [", ".join(row.words() for row in self.rows)] if self.rows else []
        parts += [f"{who} {offered.label} {stat} +{added}" if who is not None
                  else f"{offered.label} {stat} +{added}"
                  for who, offered, stat, added in self.added]
        return ", ".join(parts) or _none_hired(self.none)


def _none_hired(what: What) -> str:
    return _("no {what} hired").format(what=what.label(1))


class Highest(NamedTuple):
    """The combatant with the highest value of a stat: "Nek'Org MAN 3"; or none hired."""

    name: str | None
    stat: str
    value: int
    none: What

    def words(self) -> str:
        if self.name is None:
            return _none_hired(self.none)
        return f"{self.name} {self.stat} {self.value}"


class PicksNamed(NamedTuple):
    picks: tuple[Pick, ...]

    def words(self) -> str:
        return ", ".join(p.label for p in self.picks) or _("no picks taken")


class Times(NamedTuple):
    """A quantity multiplied by ``times``: "2 × (Test Leader MAN 2)"."""

    factor: int
    of: Basis

    def words(self) -> str:
        inner = self.of.words()
        return f"{self.factor} × ({inner})" if inner else inner


class OwnMax(NamedTuple):
    """A combatant's own ``max``, in place of the rule's bound (``own_max``)."""

    def words(self) -> str:
        return _("its own max")


# --- a rule's finding ----------------------------------------------------------------------


_DEFAULT = {  # {why}: " (how the bound was reached)", or nothing
    ("list", "at_most"): N_("{rule}: {counted}; at most {bound} allowed{why}"),
    ("list", "at_least"): N_("{rule}: {counted}; at least {bound} needed{why}"),
    ("list", "exactly"): N_("{rule}: {counted}; exactly {bound} needed{why}"),
    ("each", "at_most"): N_("{rule}: {amount} × {combatant} hired; at most {bound} allowed{why}"),
    ("each", "at_least"): N_("{rule}: {amount} × {combatant} hired; at least {bound} "
                             "needed{why}"),
    ("each", "exactly"): N_("{rule}: {amount} × {combatant} hired; exactly {bound} "
                            "needed{why}"),
}


class RuleBroken(NamedTuple):
    """A rule of the game (or an event) broken: the rule's own ``message`` filled, or the
    default sentence of its form and bound."""

    rule: Rule
    form: str
    """``list`` (form 1) or ``each`` (form 2)."""
    shape: str
    """``at_most``, ``at_least`` or ``exactly``."""
    amount: int
    bound: int
    counted: Counted | None = None
    """None: the amount alone (form 2, or a message that does not show it)."""
    basis: Basis | None = None
    """None: nothing to say of the bound (a whole number, or a message that does not show
    it)."""
    combatant: str = ""

    def words(self) -> str:
        basis = self.basis.words() if self.basis is not None else ""
        fields = {"amount": self.amount, "bound": self.bound, "basis": basis,
                  "counted": self.counted.words() if self.counted is not None
                  else str(self.amount),
                  "rule": self.rule.label, "combatant": self.combatant}
        if self.rule.message is not None:  # data: filled, never given to str.format
            return fill(display(self.rule.message), fields)
        why = f" ({basis})" if basis else ""
        return _(_DEFAULT[(self.form, self.shape)]).format(why=why, **fields)


# --- the built-in rules' findings ----------------------------------------------------------


class UnknownFaction(NamedTuple):
    faction: str

    def words(self) -> str:
        return _("Unknown faction '{faction}': no faction data with that id is "
                 "loaded").format(faction=self.faction)


class UnknownCombatant(NamedTuple):
    """An entry names a combatant the faction does not have (``near``: the closest id)."""

    id: str
    n: int
    faction: str
    near: str | None

    def words(self) -> str:
        if self.near:
            text = ngettext("{n} model of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry; did "
                            "you mean '{near}'?)",
                            "{n} models of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry; did "
                            "you mean '{near}'?)", self.n)
        else:
            text = ngettext("{n} model of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry)",
                            "{n} models of '{id}', which the {faction} data does not have: it "
                            "counts toward nothing (update the data or remove the entry)",
                            self.n)
        return text.format(n=self.n, id=self.id, faction=self.faction, near=self.near)


class UnitSize(NamedTuple):
    combatant: str
    n: int
    min: int
    max: int

    def words(self) -> str:
        if self.min == self.max:
            text = ngettext("{combatant}: an entry of {n} model; a unit has exactly {min}",
                            "{combatant}: an entry of {n} models; a unit has exactly {min}",
                            self.n)
        else:
            text = ngettext("{combatant}: an entry of {n} model; a unit has {min} to {max}",
                            "{combatant}: an entry of {n} models; a unit has {min} to {max}",
                            self.n)
        return text.format(combatant=self.combatant, n=self.n, min=self.min, max=self.max)


class UnknownOption(NamedTuple):
    combatant: str
    id: str
    faction: str
    near: str | None

    def words(self) -> str:
        return (_("{combatant}: option '{id}', which the {faction} data does not have for "
                  "it: it counts toward nothing (update the data or remove the option; did "
                  "you mean '{near}'?)") if self.near else
                _("{combatant}: option '{id}', which the {faction} data does not have for "
                  "it: it counts toward nothing (update the data or remove the option)")
                ).format(combatant=self.combatant, id=self.id, faction=self.faction,
                         near=self.near)


class OptionTimes(NamedTuple):
    combatant: str
    option: Option
    n: int

    def words(self) -> str:
        return ngettext("{combatant}: {option} taken {n} time; at most {max} per entry",
                        "{combatant}: {option} taken {n} times; at most {max} per entry",
                        self.n).format(combatant=self.combatant, option=self.option.label,
                                       n=self.n, max=self.option.max)


class Exclusive(NamedTuple):
    combatant: str
    first: Option
    second: Option

    def words(self) -> str:
        return _("{combatant}: {first} and {second} exclude each other (one option of a "
                 "group per entry)").format(combatant=self.combatant, first=self.first.label,
                                            second=self.second.label)


class UnknownPick(NamedTuple):
    id: str
    faction: str
    near: str | None

    def words(self) -> str:
        return (_("pick '{id}', which the {faction} data does not have: it counts toward "
                  "nothing (update the data or remove the pick; did you mean '{near}'?)")
                if self.near else
                _("pick '{id}', which the {faction} data does not have: it counts toward "
                  "nothing (update the data or remove the pick)")).format(
            id=self.id, faction=self.faction, near=self.near)


class PickTwice(NamedTuple):
    pick: Pick
    n: int

    def words(self) -> str:
        return _("{pick} taken {n} times; a list takes each pick once").format(
            pick=self.pick.label, n=self.n)


# --- an event's own checks (of a warband, then of a roster) ---------------------------------------


class EventSystem(NamedTuple):
    event: str
    system: str
    faction: str
    faction_system: str

    def words(self) -> str:
        return _("{event} plays {system}; this list's faction '{faction}' belongs to "
                 "{faction_system}").format(event=self.event, system=self.system,
                                            faction=self.faction,
                                            faction_system=self.faction_system)


class EventFaction(NamedTuple):
    faction: str
    event: str
    allowed: Sequence[str]

    def words(self) -> str:
        allowed = ", ".join(self.allowed) or pgettext("factions", "none")
        return _("faction '{faction}' is not allowed at {event} (allowed: {allowed})").format(
            faction=self.faction, event=self.event, allowed=allowed)


class NotRegistered(NamedTuple):
    fingerprint: str
    n: int
    event: str

    def words(self) -> str:
        return ngettext(
            "fingerprint {fingerprint} is not among the {n} list registered for {event}: the "
            "list was changed after registration, or never registered",
            "fingerprint {fingerprint} is not among the {n} lists registered for {event}: the "
            "list was changed after registration, or never registered", self.n).format(
            fingerprint=self.fingerprint, n=self.n, event=self.event)


class RosterEventSystem(NamedTuple):
    """A BattleScribe roster of another game system than the event's."""

    event: str
    system: str
    roster_system: str
    """The roster's game system's name."""
    roster_system_id: str

    def words(self) -> str:
        return _("{event} plays {system}; this roster is for the game system {roster_system} "
                 "({roster_system_id})").format(event=self.event, system=self.system,
                                                roster_system=self.roster_system,
                                                roster_system_id=self.roster_system_id)


class RosterEventCatalogue(NamedTuple):
    """A BattleScribe roster's catalogue that the event does not allow."""

    catalogue: str
    """The catalogue's name."""
    id: str
    event: str
    allowed: Sequence[str]

    def words(self) -> str:
        allowed = ", ".join(self.allowed) or pgettext("factions", "none")
        return _("catalogue '{catalogue}' ({id}) is not allowed at {event} (allowed: "
                 "{allowed})").format(catalogue=self.catalogue, id=self.id, event=self.event,
                                      allowed=allowed)
