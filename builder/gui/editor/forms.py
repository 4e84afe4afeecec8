"""The two forms of the faction editor: the faction's details with its recruiting
parameters, and one combatant. What forms share is in :mod:`builder.gui.editor.bound`; the
stat line in :mod:`builder.gui.editor.profile`; abilities in :mod:`builder.gui.editor.abilities`.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.gui.editor.abilities import CombatantAbilities
from builder.gui.editor.bound import (
    NOT_GIVEN,
    BoundForm,
    EditContext,
    beside,
    combo,
    hint,
    id_from_name_button,
)
from builder.gui.editor.document import DataPath, slug
from builder.gui.editor.fields import (
    CheckBinding,
    ComboBinding,
    LineBinding,
    PlainTextBinding,
    SpinBinding,
    StringListEdit,
    ValueBinding,
    error_label,
    parse_optional_text,
    set_enabled,
    with_error,
)
from builder.gui.editor.options import CombatantOptions, UnitEdit, bind_unit
from builder.gui.editor.profile import ProfileBox
from builder.gui.quotes import parameter_tip
from builder.i18n import _
from builder.model.base import MAX_WHOLE  # spin boxes hold every value a file may hold
from builder.model.text import display


class FactionForm(BoundForm):
    """Id, name, source and the building overrides, with the game's own values beside them."""

    follow_name = True

    def __init__(self, ctx: EditContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(self.general_error)
        layout.addLayout(self._details())
        layout.addWidget(hint(_("Lists name the faction by its id. Share the faction "
                                "with your club through Export; they add it with Import.")))
        layout.addWidget(self._building())
        layout.addStretch(1)

    def _details(self) -> QFormLayout:
        """Name, id (with *From name*) and source."""
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(_("the faction's name"))
        self.id_edit = QLineEdit()
        self.id_edit.setPlaceholderText(_("lowercase letters, digits and '-'"))
        self.id_edit.setToolTip(_("List files name the faction by this id: lowercase letters, "
                                  "digits and '-'. Until you edit it, it is made from the "
                                  "name."))
        self.source_edit = QLineEdit()
        self.source_edit.setPlaceholderText(_("Where the profiles come from, e.g. the book "
                                              "and its edition"))
        self.id_from_name = id_from_name_button(self._id_from_name)
        for key, widget, label in (("name", self.name_edit, _("Name")),
                                   ("id", self.id_edit, _("Id")),
                                   ("source", self.source_edit, _("Source"))):
            err = error_label()
            parse = parse_optional_text if key == "source" else (lambda t: t)
            self.bind(LineBinding((key,), widget, label.lower(), err, parse=parse))
            field = beside(widget, self.id_from_name) if key == "id" else widget
            form.addRow(_("{field}:").format(field=label), with_error(field, err))
        return form

    def _building(self) -> QGroupBox:
        """The game's recruiting parameters, named by its system file, each with the game's
        value beside it and the sentences of the rules that use it as its tooltip."""
        building = QGroupBox(_("Recruiting rules of this faction"))
        grid = QGridLayout(building)
        system = self.ctx.doc.system
        defaults = system.parameters
        game = display(system.name)
        grid.addWidget(hint(_("Leave the rules of {game} unless the faction's own rules say "
                              "otherwise.").format(game=game)
                            if defaults else
                            _("{game} has no recruiting parameters to override.").format(
                                game=game)), 0, 0, 1, 3)
        self.building_spins: dict[str, QSpinBox] = {}
        for line, key in enumerate(defaults, start=1):
            text = system.parameter_label(key)
            spin = QSpinBox()
            spin.setRange(0, MAX_WHOLE)
            err = error_label()
            self.bind(SpinBinding(("building", key), spin, text.lower(), err))
            self.building_spins[key] = spin
            name = QLabel(_("{field}:").format(field=text))
            rule = hint(_("the game's rule: {value}").format(value=defaults[key]))
            tip = parameter_tip(system, key)  # the rulebook's sentence, as findings quote it
            for field in (name, spin, rule):
                field.setToolTip(tip)
            grid.addWidget(name, line, 0)
            grid.addWidget(with_error(spin, err), line, 1)
            grid.addWidget(rule, line, 2)
        self.reset_building = QPushButton(_("Use the game's rules"))
        self.reset_building.clicked.connect(self._reset_building)
        grid.addWidget(self.reset_building, len(defaults) + 1, 0, 1, 2,
                       Qt.AlignmentFlag.AlignLeft)
        self.reset_building.setVisible(bool(defaults))
        grid.setColumnStretch(2, 1)
        return building

    def _id_from_name(self) -> None:
        made = slug(self.name_edit.text())
        if made and not self.read_only:
            self.ctx.set_value(("id",), made, _("Make id from name"))

    def _reset_building(self) -> None:
        defaults = dict(self.ctx.doc.system.parameters)
        if not self.read_only and self.ctx.doc.get(("building",)) != defaults:
            self.ctx.set_value(("building",), defaults, _("Use the game's rules"))

    def set_read_only(self, read_only: bool) -> None:
        super().set_read_only(read_only)
        set_enabled(self.id_from_name, not read_only)
        set_enabled(self.reset_building, not read_only)

    def handled_elsewhere(self, key: str) -> bool:
        return key.split(".")[0] in ("combatants", "abilities", "picks")


class CombatantForm(BoundForm):
    """Every field of a combatant (SPEC §1), its abilities and its equipment."""

    follow_name = True

    def __init__(self, ctx: EditContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(self.general_error)
        layout.addWidget(self._who())
        self.profile = ProfileBox(ctx.doc.system, self.bind)
        self.stat_edits = self.profile.edits
        self.profile_error = self.profile.error
        layout.addWidget(self.profile)
        self.abilities = CombatantAbilities(ctx)
        layout.addWidget(self.abilities)
        self.options = CombatantOptions(ctx)
        layout.addWidget(self.options)
        layout.addWidget(self._equipment())
        layout.addWidget(self._description())
        layout.addStretch(1)

    def _who(self) -> QGroupBox:
        """Name, nickname, id, type, and what the game has of rank, base, squad, own cap and
        wounds."""
        who = QGroupBox(_("Combatant"))
        form = QFormLayout(who)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(_("as printed on the card"))
        self.nickname_edit = QLineEdit()
        self.nickname_edit.setPlaceholderText(_("optional: a byname printed after the name"))
        self.id_edit = QLineEdit()
        self.id_edit.setToolTip(_("List files name the combatant by this id; unique in the "
                                  "faction. Until you edit it (or save the faction), it is "
                                  "made from the name."))
        self.id_from_name = id_from_name_button(self._id_from_name)
        for key, widget, label, row, parse in (
                ("name", self.name_edit, _("name"), _("Name:"), None),
                ("nickname", self.nickname_edit, _("nickname"), _("Nickname:"),
                 parse_optional_text),
                ("id", self.id_edit, _("id"), _("Id:"), None)):
            err = error_label()
            self.bind(LineBinding((key,), widget, label, err, parse=parse or (lambda t: t)))
            field = beside(widget, self.id_from_name) if key == "id" else widget
            form.addRow(row, with_error(field, err))

        system = self.ctx.doc.system
        self.type_box = combo([(display(t.name), t.id) for t in system.types])
        self.rank_box = combo([(_(NOT_GIVEN), None)] + [(display(r.name), r.id)
                                                     for r in system.ranks])
        self.base_box = combo([(_(NOT_GIVEN), None)] + [(f"{b} mm", b)
                                                     for b in (system.bases or [])])
        for key, box, label in (("type", self.type_box, _("Type")),
                                ("rank", self.rank_box, _("Rank")),
                                ("base", self.base_box, _("Base"))):
            err = error_label()
            self.bind(ComboBinding((key,), box, label.lower(), err))
            form.addRow(_("{field}:").format(field=label), with_error(box, err))

        self.squad_check = QCheckBox(_("Forms a squad"))
        self.squad_check.setToolTip(_("The combatant forms a squad (the game's squad rules "
                                      "apply)"))
        self.max_spin = QSpinBox()
        self.max_spin.setRange(0, MAX_WHOLE)
        self.max_spin.setSpecialValueText(_("no own cap"))
        self.max_spin.setToolTip(_("The combatant's own cap (e.g. 1 for a unique hero); "
                                   "'no own cap' uses the faction's rule"))
        self.wounds_spin = QSpinBox()
        self.wounds_spin.setRange(1, MAX_WHOLE)
        self.wounds_spin.setToolTip(_("Wound levels; {n} unless the profile says otherwise")
                                    .format(n=system.wounds) if system.wounds else "")
        err = error_label()
        self.bind(CheckBinding(("squad",), self.squad_check, _("squad"), err))
        form.addRow("", with_error(self.squad_check, err))
        err = error_label()
        self.bind(SpinBinding(("max",), self.max_spin, _("max"), err, none_at=0))
        form.addRow(_("Max hired:"), with_error(self.max_spin, err, natural=True))
        self.unit_edit = UnitEdit()
        err = error_label()
        bind_unit(self, self.unit_edit, err)
        form.addRow(_("Unit:"), with_error(self.unit_edit, err))
        if system.wounds is not None:  # a game without a wound track has no field for it
            err = error_label()
            self.bind(SpinBinding(("wounds",), self.wounds_spin, _("wounds"), err))
            form.addRow(_("Wounds:"), with_error(self.wounds_spin, err, natural=True))
        self.who_form = form
        self._optional_rows = (
            (self.rank_box, ("rank",), bool(system.ranks)),
            (self.base_box, ("base",), bool(system.bases)),
            (self.squad_check, ("squad",), system.has_squads),
            (self.max_spin, ("max",), system.has_own_max))
        """A field the game has no use for shows only when the combatant has a value for it
        (from a file written by hand), so that it can be cleared."""
        return who

    def _equipment(self) -> QGroupBox:
        gear = QGroupBox(_("Equipment"))
        gear_layout = QHBoxLayout(gear)
        self.equipment_edit = StringListEdit(_("an item, as the card names it"))
        self.unique_equipment_edit = StringListEdit(_("a unique item"))
        for key, widget, title in (("equipment", self.equipment_edit, _("Equipment")),
                                   ("unique_equipment", self.unique_equipment_edit,
                                    _("Unique equipment"))):
            err = error_label()
            self.bind(ValueBinding((key,), widget, title.lower(), err))
            column = QVBoxLayout()
            column.addWidget(QLabel(_("{field}:").format(field=title)))
            column.addWidget(widget)
            column.addWidget(err)
            gear_layout.addLayout(column)
        return gear

    def _description(self) -> QGroupBox:
        about = QGroupBox(_("Description"))
        about_layout = QVBoxLayout(about)
        self.description_edit = QPlainTextEdit()
        self.description_edit.setPlaceholderText(_("The background text of the card"))
        self.description_edit.setTabChangesFocus(True)
        self.description_edit.setMinimumHeight(60)
        self.description_edit.setMaximumHeight(110)
        err = error_label()
        self.bind(PlainTextBinding(("description",), self.description_edit, _("description"),
                                   err))
        about_layout.addWidget(self.description_edit)
        about_layout.addWidget(err)
        return about

    def _id_from_name(self) -> None:
        made = slug(self.name_edit.text())
        if made and not self.read_only and self.base is not None:
            self.ctx.set_value((*self.base, "id"), made, _("Make id from name"))

    def refresh(self) -> None:
        super().refresh()
        self._show_rows()

    def _show_rows(self) -> None:
        """Rank, base, squad and own cap show when the game has them, or the combatant a
        value for them."""
        doc = self.ctx.doc
        for widget, key, used in self._optional_rows:
            path = (*self.base, *key) if self.base is not None else None
            given = path is not None and doc.has(path) and doc.get(path) not in (None, False)
            holder = widget.parentWidget()  # the row's field: the widget and its error
            if holder is not None:
                self.who_form.setRowVisible(holder, used or given)

    def set_base(self, base: DataPath | None) -> None:
        super().set_base(base)
        self.abilities.set_combatant(base)
        self.options.set_combatant(base)

    def handled_elsewhere(self, key: str) -> bool:
        return key.split(".")[0] in ("abilities", "options")

    def set_read_only(self, read_only: bool) -> None:
        super().set_read_only(read_only)
        set_enabled(self.id_from_name, not read_only)
        self.abilities.set_read_only(read_only)
        self.options.set_read_only(read_only)
        self.unit_edit.enable_spins()
