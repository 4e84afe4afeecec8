"""The forms of the faction editor: faction details and one combatant, and the page of a
list (combatants, glossary abilities) beside the form of its selected item. What forms share
is in :mod:`builder.gui.editor.bound`; abilities in :mod:`builder.gui.editor.abilities`.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QItemSelectionModel, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
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
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from builder.gui.editor.abilities import AbilityForm, CombatantAbilities, ability_summary
from builder.gui.editor.bound import (
    KIND_HINT,
    NOT_GIVEN,
    PROFILE_COLUMNS,
    BoundForm,
    EditContext,
    combo,
    hint,
    row_after_change,
    scrolled,
    stat_tip,
)
from builder.gui.editor.document import (
    DataPath,
    slug,
)
from builder.gui.editor.fields import (
    NONE_TEXT,
    CheckBinding,
    ComboBinding,
    LineBinding,
    ListBinding,
    PlainTextBinding,
    SpinBinding,
    StringListEdit,
    error_label,
    parse_optional_text,
    parse_required_int,
    parse_stat,
    regex_validator,
    set_enabled,
    show_messages,
    with_error,
)
from builder.gui.editor.models import DocListModel
from builder.gui.editor.views import UniformListView
from builder.gui.quotes import parameter_tip
from builder.i18n import _
from builder.model.base import MAX_WHOLE  # spin boxes hold every value a file may hold
from builder.model.text import display

__all__ = ["AbilityForm", "BoundForm", "CombatantAbilities", "CombatantForm", "EditContext",
           "FactionForm", "KIND_HINT", "ListPage", "ability_summary", "combo", "hint",
           "scrolled", "slug", "stat_tip"]

class FactionForm(BoundForm):
    """Id, name, source and the building overrides, with the game's own values beside them."""

    follow_name = True

    def __init__(self, ctx: EditContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
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
        for key, widget, label in (("name", self.name_edit, _("Name")),
                                   ("id", self.id_edit, _("Id")),
                                   ("source", self.source_edit, _("Source"))):
            err = error_label()
            parse = parse_optional_text if key == "source" else (lambda t: t)
            self.bind(LineBinding((key,), widget, label.lower(), err, parse=parse))
            if key == "id":
                row = QHBoxLayout()
                row.setContentsMargins(0, 0, 0, 0)
                row.addWidget(widget, 1)
                self.id_from_name = QPushButton(_("From name"))
                self.id_from_name.setToolTip(_("Make the id from the name"))
                self.id_from_name.clicked.connect(self._id_from_name)
                row.addWidget(self.id_from_name)
                holder = QWidget()
                holder.setLayout(row)
                form.addRow(_("{field}:").format(field=label), with_error(holder, err))
            else:
                form.addRow(_("{field}:").format(field=label), with_error(widget, err))

        building = QGroupBox(_("Recruiting rules of this faction"))
        grid = QGridLayout(building)
        system = ctx.doc.system
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

        layout = QVBoxLayout(self)
        layout.addWidget(self.general_error)
        layout.addLayout(form)
        layout.addWidget(hint(_("Lists name the faction by its id. Share the faction "
                                "with your club through Export; they add it with Import.")))
        layout.addWidget(building)
        layout.addStretch(1)

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
        return key.split(".")[0] in ("combatants", "abilities")


class CombatantForm(BoundForm):
    """Every field of a combatant (SPEC §1), its abilities and its equipment."""

    follow_name = True

    def __init__(self, ctx: EditContext, parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        layout = QVBoxLayout(self)
        layout.addWidget(self.general_error)

        # -- who it is -----------------------------------------------------------------
        who = QGroupBox(_("Combatant"))
        form = QFormLayout(who)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(_("as printed on the card"))
        err = error_label()
        self.bind(LineBinding(("name",), self.name_edit, _("name"), err))
        form.addRow(_("Name:"), with_error(self.name_edit, err))
        self.nickname_edit = QLineEdit()
        self.nickname_edit.setPlaceholderText(_("optional: a byname printed after the name"))
        err = error_label()
        self.bind(LineBinding(("nickname",), self.nickname_edit, _("nickname"), err,
                              parse=parse_optional_text))
        form.addRow(_("Nickname:"), with_error(self.nickname_edit, err))
        self.id_edit = QLineEdit()
        self.id_edit.setToolTip(_("List files name the combatant by this id; unique in the "
                                  "faction. Until you edit it (or save the faction), it is "
                                  "made from the name."))
        self.id_from_name = QPushButton(_("From name"))
        self.id_from_name.setToolTip(_("Make the id from the name"))
        self.id_from_name.clicked.connect(self._id_from_name)
        err = error_label()
        self.bind(LineBinding(("id",), self.id_edit, _("id"), err))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.id_edit, 1)
        row.addWidget(self.id_from_name)
        holder = QWidget()
        holder.setLayout(row)
        form.addRow(_("Id:"), with_error(holder, err))

        system = ctx.doc.system
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
        layout.addWidget(who)

        # -- profile -------------------------------------------------------------------
        profile = QGroupBox(_("Profile"))
        grid = QGridLayout(profile)
        self.profile_error = error_label()
        self.stat_edits: dict[str, QLineEdit] = {}
        stats = system.stats
        per_row = PROFILE_COLUMNS if len(stats) > PROFILE_COLUMNS + 1 else max(len(stats), 1)
        for n, stat_def in enumerate(stats):
            line, col = 2 * (n // per_row), n % per_row
            stat = stat_def.id
            head = QLabel(system.stat_label(stat))
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            head.setToolTip(stat_tip(stat_def))
            edit = QLineEdit()
            edit.setAlignment(Qt.AlignmentFlag.AlignCenter)
            edit.setToolTip(stat_tip(stat_def))
            edit.setMaximumWidth(64 if stat_def.kind != "text" else 140)
            parse: Any = parse_stat
            if stat_def.kind == "number" and stat_def.required:
                edit.setValidator(regex_validator(r"^\d{0,6}$", edit))
                parse = parse_required_int
            elif stat_def.kind == "pair":
                edit.setPlaceholderText(NONE_TEXT)
                edit.setValidator(regex_validator(r"^(\d{0,6}(-\d{0,6})?|[–—])$", edit))
            elif stat_def.kind == "number":
                edit.setPlaceholderText(NONE_TEXT)
                edit.setValidator(regex_validator(r"^(\d{0,6}|[-–—])$", edit))
            else:
                edit.setPlaceholderText(NONE_TEXT)
                parse = parse_optional_text
            self.bind(LineBinding(("profile", stat), edit, stat, self.profile_error,
                                  parse=parse))
            self.stat_edits[stat] = edit
            grid.addWidget(head, line, col)
            grid.addWidget(edit, line + 1, col)
        span, below = per_row, 2 * ((len(stats) + per_row - 1) // per_row)
        grid.addWidget(self.profile_error, below, 0, 1, span)
        pairs = [s.id for s in stats if s.kind == "pair"]
        pair_hint = (" " + _("{stats} take one value or a pair, e.g. 6-5.").format(
            stats=", ".join(pairs)) if pairs else "")
        grid.addWidget(hint(_("Leave a stat empty (shown {none}) when the card has none.")
                            .format(none=NONE_TEXT) + pair_hint if stats else
                            _("{game} has no stat line.").format(game=display(system.name))),
                       below + 1, 0, 1, span)
        layout.addWidget(profile)

        # -- abilities -----------------------------------------------------------------
        self.abilities = CombatantAbilities(ctx)
        layout.addWidget(self.abilities)

        # -- equipment and description ---------------------------------------------------
        gear = QGroupBox(_("Equipment"))
        gear_layout = QHBoxLayout(gear)
        self.equipment_edit = StringListEdit(_("an item, as the card names it"))
        self.unique_equipment_edit = StringListEdit(_("a unique item"))
        for key, widget, title in (("equipment", self.equipment_edit, _("Equipment")),
                                   ("unique_equipment", self.unique_equipment_edit,
                                    _("Unique equipment"))):
            err = error_label()
            self.bind(ListBinding((key,), widget, title.lower(), err))
            column = QVBoxLayout()
            column.addWidget(QLabel(_("{field}:").format(field=title)))
            column.addWidget(widget)
            column.addWidget(err)
            gear_layout.addLayout(column)
        layout.addWidget(gear)

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
        layout.addWidget(about)
        layout.addStretch(1)

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

    def handled_elsewhere(self, key: str) -> bool:
        return key == "abilities" or key.startswith("abilities.")

    def set_read_only(self, read_only: bool) -> None:
        super().set_read_only(read_only)
        set_enabled(self.id_from_name, not read_only)
        self.abilities.set_read_only(read_only)


class ListPage(QWidget):
    """A list of the document (combatants, glossary abilities) beside the form of the
    selected item, with the buttons that add, duplicate, delete and reorder."""

    current_changed = Signal(int)

    def __init__(self, ctx: EditContext, list_path: DataPath, form: BoundForm,
                 describe: Any, empty_text: str, extra: QWidget | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.list_path = list_path
        self.form = form
        self.read_only = False
        self.model = DocListModel(ctx.doc, list_path, describe, parent=self)
        # one line per item: the view need not measure thousands of rows on each change
        self.view = UniformListView()
        self.view.setModel(self.model)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setMinimumWidth(200)
        self.error = error_label()
        self.buttons = QHBoxLayout()
        self.empty = QLabel(empty_text)
        self.empty.setWordWrap(True)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        holder = QWidget()
        col = QVBoxLayout(holder)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(form)
        if extra is not None:
            col.addWidget(extra)
        col.addStretch(1)
        self.form_stack = QStackedWidget()
        self.form_stack.addWidget(self.empty)
        self.form_stack.addWidget(scrolled(holder))
        self.view.selectionModel().currentRowChanged.connect(self._current_changed)
        ctx.doc.list_changed.connect(self._list_changed)
        ctx.doc.value_changed.connect(self._value_changed)
        ctx.doc.validated.connect(self._show_problems)

    def current_row(self) -> int:
        return self.view.currentIndex().row()

    def select(self, row: int) -> None:
        count = self.model.rowCount()
        if count == 0:
            self._current_changed(QModelIndex())
            return
        row = max(0, min(row, count - 1))
        self.view.selectionModel().setCurrentIndex(
            self.model.index(row), QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self._current_changed(self.model.index(row))

    def _current_changed(self, current: QModelIndex, _previous: Any = None) -> None:
        row = current.row() if current.isValid() else -1
        if 0 <= row < self.model.rowCount():
            if self.form.base != (*self.list_path, row):
                self.form.set_base((*self.list_path, row))
            self.form_stack.setCurrentIndex(1)
        else:
            self.form.set_base(None)
            self.form_stack.setCurrentIndex(0)
        self.enable_buttons()
        self.current_changed.emit(row)

    def _list_changed(self, path: DataPath, op: str, index: int, dest: int) -> None:
        if path == self.list_path:
            self.select(row_after_change(op, index, dest, self.model.rowCount()))

    def _value_changed(self, path: DataPath) -> None:
        n = len(self.list_path)
        if len(path) <= n and tuple(path) == tuple(self.list_path[:len(path)]):
            self.select(self.current_row())

    def _show_problems(self) -> None:
        own = [msg for where, msg in self.ctx.doc.problems_under(self.list_path) if not where]
        show_messages(self.error, own)

    def enable_buttons(self) -> None:
        """Overridden by pages to enable their buttons for the selection."""

    def set_read_only(self, read_only: bool) -> None:
        self.read_only = read_only
        self.form.set_read_only(read_only)
        self.enable_buttons()
