"""The options of the list entry under the roster's cursor (SPEC §9): a check box for an
option taken at most once, a spin box for one taken up to its ``max`` times, and the options
of one ``group`` as a choice of radio buttons (with "None"). Every change is an undo command
on the window's stack; the document validates again and the totals and findings follow.

An option that would break a rule if taken is greyed, its tooltip naming the rule (taking it
stays possible), as the catalogue dims a combatant one more of which would break one. An
option id the entry took that its combatant does not offer (the data changed) shows checked
in red, so that unticking it drops it.

Its public face: :meth:`OptionsPanel.show_entry` (the window calls it when the current entry
changes and after every change of the list).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QAbstractButton,
    QButtonGroup,
    QCheckBox,
    QFrame,
    QLabel,
    QRadioButton,
    QSpinBox,
    QWidget,
)

from builder.gui.document import WarbandDocument, copy_entry
from builder.gui.option_commands import SetOptionsCommand
from builder.gui.panels.choices import (
    ChoiceList,
    adds_text,
    breach_tip,
    choice_tip,
    dim,
    new_breaches,
    set_tip,
)
from builder.i18n import _, ngettext, pgettext
from builder.model import Combatant, Entry, Faction, System, Warband
from builder.model.options import Option

MAX_BODY = 220
"""The most height the options take before they scroll (the profile keeps the rest)."""


@dataclass
class _Control:
    """The widgets of one option."""

    option: Option | None
    """None: an id the entry took that its combatant does not offer."""
    button: QAbstractButton | None = None
    """Its check box or radio button (none for a spin box alone)."""
    spin: QSpinBox | None = None
    label: QLabel | None = None
    """The name beside a spin box alone."""
    tip: str = ""
    """Its tooltip without what it would break."""


@dataclass
class _Group:
    none: QRadioButton
    buttons: QButtonGroup
    members: list[str] = field(default_factory=list)


class OptionsPanel(ChoiceList):
    def __init__(self, doc: WarbandDocument, stack: QUndoStack,
                 parent: QWidget | None = None) -> None:
        super().__init__(_("Op&tions"), "options", MAX_BODY, parent)
        self.doc, self.stack = doc, stack
        self.row = -1
        self._key: tuple[object, ...] | None = None
        self._controls: dict[str, _Control] = {}
        self._groups: dict[str, _Group] = {}
        self._filling = False
        self.hide()

    # -- what the window tells the panel

    def show_entry(self, row: int) -> None:
        """Show the options of entry ``row`` (-1: none), or hide when it has none to take."""
        found = self._entry(row)
        if found is None:
            self.row, self._key = -1, None
            self.hide()
            return
        entry, combatant, faction = found
        offered = faction.options_for(combatant)
        unknown = tuple(oid for oid in entry.options if oid not in offered)
        # (the id first: another faction differs there, without comparing two deeply)
        key = (id(faction), faction, combatant.id, tuple(offered), unknown)
        if key != self._key:
            self._build(faction, combatant, list(offered.values()), unknown)
            self._key = key
        self.row = row
        self._fill(entry, combatant, faction)
        self._grey(entry)
        self.show()

    def _entry(self, row: int) -> tuple[Entry, Combatant, Faction] | None:
        faction = self.doc.faction
        if faction is None or not 0 <= row < len(self.doc.entries):
            return None
        entry = self.doc.entry(row)
        combatant = faction.combatant(entry.combatant)
        if combatant is None or not (faction.options_for(combatant) or entry.options):
            return None
        return entry, combatant, faction

    # -- building the controls (when the entry's combatant changes)

    def _build(self, faction: Faction, combatant: Combatant, offered: list[Option],
               unknown: tuple[str, ...]) -> None:
        had_focus = self.clear_rows()
        for old in self._groups.values():
            old.buttons.deleteLater()
        self._controls, self._groups = {}, {}
        game = faction.game
        line = 0
        grouped: dict[str, list[Option]] = {}
        for o in offered:
            if o.group is None:
                line = self._add_single(o, game, line)
            else:
                grouped.setdefault(o.group, []).append(o)
        for group, members in grouped.items():
            line = self._add_group(group, members, game, line)
        for oid in unknown:
            tip = _("The {faction} data offers no option '{id}' to {name}: untick it to drop "
                    "it from the entry.").format(faction=faction.name, id=oid,
                                                  name=combatant.display_name)
            box = self.add_unknown(_("{id} (not an option of {name})").format(
                id=oid, name=combatant.display_name), tip, f"option-{oid}", line)
            box.toggled.connect(lambda on, oid=oid: self._toggled(oid, on))
            self._controls[oid] = _Control(None, button=box, tip=tip)
            line += 1
        first = self._first_focusable()
        if first is not None:
            self.title.setBuddy(first)
        self.finish_rows(line, first if had_focus else None)

    def _add_single(self, o: Option, game: System, line: int) -> int:
        adds = adds_text(game, o.adds, o.per_model)
        control = _Control(o, tip=self._tip(o, adds))
        if o.max <= 1:
            box = QCheckBox(o.label)
            box.setObjectName(f"option-{o.id}")
            box.toggled.connect(lambda on, oid=o.id: self._toggled(oid, on))
            control.button = box
            self.grid.addWidget(box, line, 0, 1, 2)
        else:
            label = QLabel(o.label)
            control.spin, control.label = self._times_box(o, 0, f"option-{o.id}"), label
            label.setBuddy(control.spin)
            self.grid.addWidget(label, line, 0)
            self.grid.addWidget(control.spin, line, 1)
        self.add_adds(adds, line)
        set_tip(control.tip, control.button, control.spin, control.label)
        self._controls[o.id] = control
        return line + 1

    def _times_box(self, o: Option, least: int, name: str) -> QSpinBox:
        spin = QSpinBox()
        spin.setObjectName(name)
        spin.setRange(least, o.max)
        spin.setSuffix(" ×")
        spin.setKeyboardTracking(False)
        spin.valueChanged.connect(lambda n, oid=o.id: self._times(oid, n))
        return spin

    def _add_group(self, group: str, members: list[Option], game: System, line: int) -> int:
        rule = QFrame()
        rule.setFrameShape(QFrame.Shape.HLine)
        rule.setFrameShadow(QFrame.Shadow.Sunken)
        self.grid.addWidget(rule, line, 0, 1, 3)
        buttons = QButtonGroup(self.body)
        none = QRadioButton(pgettext("option", "None"))
        none.setObjectName(f"option-group-{group}-none")
        none.setToolTip(_("None of these options"))
        buttons.addButton(none)
        self.grid.addWidget(none, line + 1, 0, 1, 3)
        line += 2
        for o in members:
            adds = adds_text(game, o.adds, o.per_model)
            radio = QRadioButton(o.label)
            radio.setObjectName(f"option-{o.id}")
            buttons.addButton(radio)
            control = _Control(o, button=radio, tip=self._tip(o, adds))
            self.grid.addWidget(radio, line, 0)
            if o.max > 1:  # taken up to max times, once chosen
                control.spin = self._times_box(o, 1, f"option-{o.id}-times")
                self.grid.addWidget(control.spin, line, 1)
            self.add_adds(adds, line)
            set_tip(control.tip, control.button, control.spin)
            self._controls[o.id] = control
            line += 1
        buttons.buttonClicked.connect(lambda button, g=group: self._chosen(g, button))
        self._groups[group] = _Group(none, buttons, [o.id for o in members])
        return line

    @staticmethod
    def _tip(o: Option, adds: str) -> str:
        times = ngettext("Up to {n} time per entry", "Up to {n} times per entry",
                         o.max).format(n=o.max) if o.max > 1 else None
        return choice_tip(o.label, adds, times, text=o.rules_text)

    def _first_focusable(self) -> QWidget | None:
        for control in self._controls.values():
            widget = control.button or control.spin
            if widget is not None:
                return widget
        return None

    # -- showing the entry's choices

    def _fill(self, entry: Entry, combatant: Combatant, faction: Faction) -> None:
        self._filling = True
        try:
            taken = entry.options
            for oid, control in self._controls.items():
                n = taken.get(oid, 0)
                if control.button is not None and control.button.isChecked() != bool(n):
                    control.button.setChecked(bool(n))
                if control.spin is not None and control.option is not None:
                    # (a file may hold more than the most: shown as it is, the finding says)
                    most = max(control.option.max, n)
                    if control.spin.maximum() != most:
                        control.spin.setMaximum(most)
                    value = max(n, control.spin.minimum())
                    if control.spin.value() != value:
                        control.spin.setValue(value)
                    if control.button is not None:  # a group member's times
                        control.spin.setEnabled(bool(n))
            for group in self._groups.values():
                if not any(taken.get(m) for m in group.members):
                    group.none.setChecked(True)
        finally:
            self._filling = False
        points = faction.entry_cost(combatant, entry.count, entry.options)
        count = ngettext("{n} model", "{n} models", entry.count).format(n=entry.count)
        cost = faction.game.cost
        text = _("{name}, {models}").format(name=combatant.display_name, models=count)
        if cost:
            text = _("{entry}: {points} {cost}").format(entry=text, points=points, cost=cost)
        self.note.setText(text)

    def _grey(self, entry: Entry) -> None:
        """Grey each option not taken (or not taken as often as it may be) that taking would
        break a rule with; its tooltip says which."""
        before = self.doc.report
        for oid, control in self._controls.items():
            o = control.option
            taken = entry.options.get(oid, 0)
            breaches = []
            if o is not None and taken < o.max:
                options = {k: v for k, v in entry.options.items()
                           if o.group is None or k not in self._groups[o.group].members}
                options[oid] = taken + 1
                breaches = new_breaches(before, self.doc.trial(self._with(entry, options)))
            for widget in (control.button, control.label):
                if widget is not None and o is not None:
                    dim(widget, bool(breaches))
            tip = control.tip
            if breaches:
                tip += breach_tip(breaches, _("Taking it would break a rule (it stays "
                                              "possible):"))
            set_tip(tip, control.button, control.spin, control.label)

    def _with(self, entry: Entry, options: dict[str, int]) -> Warband:
        entries = list(self.doc.entries)
        entries[self.row] = copy_entry(entry, options=options)
        return self.doc.warband.model_copy(update={"entries": entries})

    # -- the user's choices become undo commands

    def _name(self) -> str:
        combatant = self.doc.combatant(self.row)
        return combatant.display_name if combatant is not None else self.doc.entry(self.row) \
            .combatant

    def _label(self, oid: str) -> str:
        control = self._controls.get(oid)
        return control.option.label if control is not None and control.option is not None \
            else oid

    def _push(self, options: dict[str, int], text: str, merge_key: str | None = None) -> None:
        if self._filling or self.row < 0:
            return
        if {k: v for k, v in options.items() if v > 0} == self.doc.entry(self.row).options:
            return
        self.stack.push(SetOptionsCommand(self.doc, self.row, options, text,
                                          merge_key=merge_key))

    def _toggled(self, oid: str, on: bool) -> None:
        if self._filling or self.row < 0:
            return
        options = dict(self.doc.entry(self.row).options)
        if on:
            options[oid] = 1
            text = _("Take {option} for {name}")
        else:
            options.pop(oid, None)
            text = _("Drop {option} from {name}")
        self._push(options, text.format(option=self._label(oid), name=self._name()))

    def _times(self, oid: str, n: int) -> None:
        if self._filling or self.row < 0:
            return
        options = dict(self.doc.entry(self.row).options)
        control = self._controls[oid]
        if control.button is not None and not control.button.isChecked():
            return  # a group member not chosen: its times wait for it
        options[oid] = n
        self._push(options, _("Change {option} on {name}").format(
            option=self._label(oid), name=self._name()), merge_key=oid)

    def _chosen(self, group: str, button: QAbstractButton) -> None:
        if self._filling or self.row < 0:
            return
        members = self._groups[group].members
        options = {k: v for k, v in self.doc.entry(self.row).options.items()
                   if k not in members}
        chosen = next((oid for oid in members if self._controls[oid].button is button), None)
        if chosen is None:
            dropped = [k for k in members if self.doc.entry(self.row).options.get(k)]
            text = _("Drop {option} from {name}").format(
                option=", ".join(self._label(k) for k in dropped), name=self._name())
        else:
            spin = self._controls[chosen].spin
            options[chosen] = spin.value() if spin is not None else 1
            text = _("Choose {option} for {name}").format(option=self._label(chosen),
                                                         name=self._name())
        self._push(options, text)
