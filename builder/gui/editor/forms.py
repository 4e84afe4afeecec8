"""The forms of the faction editor: faction details, one combatant, one ability.

Each form shows the part of the document under its *base path* (the faction, the selected
combatant, the selected ability) and puts every validation message under its field. Forms never
change the document themselves: an edit goes to the pane, which pushes an undo command.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import partial
from typing import Any, Protocol

from PySide6.QtCore import QItemSelectionModel, QModelIndex, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListView,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from builder.gui.editor.commands import InsertCommand, MoveCommand, RemoveCommand
from builder.gui.editor.document import (
    DataPath,
    FactionDocument,
    ability_data,
    dotted,
    slug,
)
from builder.gui.editor.fields import (
    NONE_TEXT,
    Binding,
    CheckBinding,
    ComboBinding,
    LineBinding,
    ListBinding,
    PlainTextBinding,
    SpinBinding,
    StringListEdit,
    error_label,
    parse_difficulty,
    parse_optional_text,
    parse_required_int,
    parse_stat,
    regex_validator,
    remove_and_arrows,
    set_enabled,
    set_text,
    show_messages,
    small_button,
    with_error,
)
from builder.gui.editor.models import DocListModel
from builder.gui.editor.views import UniformListView
from builder.gui.quotes import parameter_tip
from builder.i18n import N_, _, ngettext
from builder.model.base import MAX_WHOLE  # spin boxes hold every value a file may hold
from builder.model.system import StatDef, System
from builder.model.text import display

NOT_GIVEN = N_("(not given)")
KIND_HINT = {"number": N_("a whole number"), "pair": N_("one value (6) or a pair (6-5)"),
             "text": N_("free text")}
SCOPE_WORD = {"racial": N_("racial"), "unique": N_("unique"), "universal": N_("universal")}
PARAMETER_NAME = {"max_same_combatant": N_("Max same combatant"),
                  "max_squad_units": N_("Max of a squad-forming combatant"),
                  "messengers_per_command": N_("Messengers per command")}
"""The recruiting parameters of the built-in games, named for the form; another game's are
named from their keys."""


def stat_tip(stat: StatDef) -> str:
    """A stat's tooltip from its system: its name, what it takes, and whether it is required."""
    tip = f"{display(stat.name)}: {_(KIND_HINT[stat.kind])}"
    if stat.required:
        tip += " " + _("(required)")
    if stat.only_when_set:
        tip += "; " + _("printed only for combatants that have it")
    return tip


class EditContext(Protocol):
    """What a form needs from its pane."""

    doc: FactionDocument
    stack: QUndoStack

    def set_value(self, path: DataPath, value: Any, text: str,
                  also: Mapping[DataPath, Any] | None = None) -> None: ...

    def push(self, command: QUndoCommand) -> None: ...

    def reveal(self, path: DataPath) -> None: ...


def row_after_change(op: str, index: int, dest: int, rows: int) -> int:
    """The row to select after a list edit: the inserted or moved item, else its neighbour."""
    if op == "insert":
        return index
    if op == "move":
        return dest
    return min(index, rows - 1)


def scrolled(widget: QWidget) -> QScrollArea:
    area = QScrollArea()
    area.setWidget(widget)
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    return area


def combo(choices: list[tuple[str, Any]]) -> QComboBox:
    box = QComboBox()
    for text, value in choices:
        box.addItem(text, value)
    return box


def hint(text: str) -> QLabel:
    label = QLabel(text)
    label.setWordWrap(True)
    label.setObjectName("hint")
    label.setStyleSheet("color: palette(placeholder-text);")
    return label


class BoundForm(QWidget):
    """Fields bound to the document below a base path, with their error labels."""

    def __init__(self, ctx: EditContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.bindings: list[Binding] = []
        self.base: DataPath | None = None
        self.general_error = error_label()
        """Problems of the base itself, or of keys no field shows."""
        self.read_only = False
        ctx.doc.value_changed.connect(self._value_changed)
        ctx.doc.validated.connect(self.show_problems)

    def bind(self, binding: Binding) -> Binding:
        binding.connect(partial(self._commit, binding))
        self.bindings.append(binding)
        return binding

    def field(self, key: str) -> QWidget:
        """The widget bound to ``key`` (dotted, relative to the base); for tests and focus."""
        for b in self.bindings:
            if dotted(b.key) == key:
                return b.widget
        raise KeyError(key)

    def binding(self, key: str) -> Binding:
        for b in self.bindings:
            if dotted(b.key) == key:
                return b
        raise KeyError(key)

    follow_name = False
    """The form's id follows its name until edited by hand (a faction or a combatant)."""

    def _commit(self, binding: Binding, value: Any) -> None:
        if self.base is None or self.read_only:
            return
        doc = self.ctx.doc
        path = (*self.base, *binding.key)
        if doc.has(path) and doc.get(path) == value and type(doc.get(path)) is type(value):
            return
        also = None
        if self.follow_name and binding.key == ("name",) and doc.follows_name(self.base):
            also = {(*self.base, "id"): doc.id_from_name(self.base, value)}
        self.ctx.set_value(path, value, _("Edit {field}").format(field=binding.label), also)

    def set_base(self, base: DataPath | None) -> None:
        self.base = base
        self.refresh()
        self.show_problems()

    def refresh(self) -> None:
        if self.base is None or not self.ctx.doc.has(self.base):
            return
        for b in self.bindings:
            path = (*self.base, *b.key)
            if self.ctx.doc.has(path):
                b.load(self.ctx.doc.get(path))

    def _value_changed(self, path: DataPath) -> None:
        if self.base is None:
            return
        n = min(len(path), len(self.base))
        if tuple(path[:n]) == tuple(self.base[:n]):
            self.refresh()

    def handled_elsewhere(self, key: str) -> bool:
        """Problems under ``key`` are shown by another widget of the form."""
        return False

    def show_problems(self) -> None:
        per_binding: dict[int, list[str]] = {id(b): [] for b in self.bindings}
        per_label: dict[int, list[str]] = {}
        general: list[str] = []
        problems = [] if self.base is None else self.ctx.doc.problems_under(self.base)
        for where, message in problems:
            owner = next((b for b in self.bindings if where == dotted(b.key)
                          or where.startswith(dotted(b.key) + ".")), None)
            if owner is not None:
                per_binding[id(owner)].append(message)
            elif not self.handled_elsewhere(where):
                general.append(message)
        for b in self.bindings:
            messages = per_binding[id(b)]
            b.mark(messages)
            if b.error is not None:
                per_label.setdefault(id(b.error), [])
                per_label[id(b.error)].extend(messages)
        for b in self.bindings:
            if b.error is not None:
                show_messages(b.error, per_label[id(b.error)])
        show_messages(self.general_error, general)

    def set_read_only(self, read_only: bool) -> None:
        """Built-in factions: fields can be read and copied but not changed."""
        self.read_only = read_only
        for b in self.bindings:
            if isinstance(b.widget, (QLineEdit, QPlainTextEdit)):
                b.widget.setReadOnly(read_only)
            else:
                set_enabled(b.widget, not read_only)


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
            text = _(PARAMETER_NAME[key]) if key in PARAMETER_NAME else \
                key.replace("_", " ").capitalize()
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


class AbilityForm(BoundForm):
    """One ability: a glossary entry (with an id) or one written inline on a combatant."""

    def __init__(self, ctx: EditContext, *, with_id: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        form = QFormLayout(self)
        form.setContentsMargins(0, 0, 0, 0)
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.ExpandingFieldsGrow)
        form.addRow(self.general_error)
        self.name_edit = QLineEdit()
        err = error_label()
        self.bind(LineBinding(("name",), self.name_edit, _("ability name"), err))
        form.addRow(_("Name:"), with_error(self.name_edit, err))
        self.id_edit: QLineEdit | None = None
        if with_id:
            self.id_edit = QLineEdit()
            self.id_edit.setToolTip(_("Combatants list the ability by this id"))
            err = error_label()
            self.bind(LineBinding(("id",), self.id_edit, _("ability id"), err))
            form.addRow(_("Id:"), with_error(self.id_edit, err))
        self.scope_box = combo([(_(NOT_GIVEN), None),
                                (_("Racial: shared in the faction"), "racial"),
                                (_("Unique: this combatant's own"), "unique"),
                                (_("Universal: shared by several races"), "universal")])
        err = error_label()
        self.bind(ComboBinding(("scope",), self.scope_box, _("scope"), err))
        form.addRow(_("Scope:"), with_error(self.scope_box, err))
        self.kind_box = combo([(_(NOT_GIVEN), None)] + [(display(k.name).capitalize(), k.id)
                                                     for k in ctx.doc.system.ability_kinds])
        err = error_label()
        self.bind(ComboBinding(("kind",), self.kind_box, _("kind"), err))
        form.addRow(_("Kind:"), with_error(self.kind_box, err))
        self.difficulty_edit = QLineEdit()
        self.difficulty_edit.setPlaceholderText(_("feats: target value, or A (automatic)"))
        self.difficulty_edit.setValidator(regex_validator(r"^(\d{0,2}|[Aa])$",
                                                          self.difficulty_edit))
        err = error_label()
        self.bind(LineBinding(("difficulty",), self.difficulty_edit, _("difficulty"), err,
                              parse=parse_difficulty))
        self.successes_spin = QSpinBox()
        self.successes_spin.setRange(1, MAX_WHOLE)
        self.successes_spin.setToolTip(_("Successes a feat needs (default 1)"))
        err2 = error_label()
        self.bind(SpinBinding(("successes",), self.successes_spin, _("successes"), err2))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.difficulty_edit, 1)
        row.addWidget(QLabel(_("Successes:")))
        row.addWidget(self.successes_spin)
        holder = QWidget()
        holder.setLayout(row)
        box = QWidget()
        col = QVBoxLayout(box)
        col.setContentsMargins(0, 0, 0, 0)
        col.addWidget(holder)
        col.addWidget(err)
        col.addWidget(err2)
        form.addRow(_("Difficulty:"), box)
        self.text_edit = QPlainTextEdit()
        self.text_edit.setPlaceholderText(_("The rules text, as the book gives it"))
        self.text_edit.setMinimumHeight(70)
        self.text_edit.setMaximumHeight(140)
        err = error_label()
        self.bind(PlainTextBinding(("text",), self.text_edit, _("rules text"), err))
        form.addRow(_("Text:"), with_error(self.text_edit, err))


def ability_summary(ability: dict[str, Any], system: System | None = None) -> str:
    """"unique feat 5, 2 successes": how a card would sum an ability up (the kind as
    ``system`` names it)."""
    scope, kind = ability.get("scope"), ability.get("kind")
    if isinstance(scope, str) and scope in SCOPE_WORD:
        scope = _(SCOPE_WORD[scope])
    if isinstance(kind, str) and system is not None:
        kind = system.kind_label(kind)
    parts = [str(p) for p in (scope, kind) if p]
    text = " ".join(parts)
    difficulty = ability.get("difficulty")
    if difficulty is not None:
        text += f" {difficulty}"
    successes = ability.get("successes", 1)
    if successes not in (1, None):
        text += ", " + ngettext("{n} success", "{n} successes", successes).format(
            n=successes)
    return text.strip()


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
        self.nickname_edit.setPlaceholderText(_("optional, e.g. “el ensartador”"))
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
        type_err, rank_err, base_err = error_label(), error_label(), error_label()
        self.bind(ComboBinding(("type",), self.type_box, _("type"), type_err))
        self.bind(ComboBinding(("rank",), self.rank_box, _("rank"), rank_err))
        self.bind(ComboBinding(("base",), self.base_box, _("base"), base_err))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.type_box)
        row.addWidget(QLabel(_("Rank:")))
        row.addWidget(self.rank_box)
        row.addWidget(QLabel(_("Base:")))
        row.addWidget(self.base_box)
        row.addStretch(1)
        form.addRow(_("Type:"), self._stack(row, type_err, rank_err, base_err))

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
        squad_err, max_err, wounds_err = error_label(), error_label(), error_label()
        self.bind(CheckBinding(("squad",), self.squad_check, _("squad"), squad_err))
        self.bind(SpinBinding(("max",), self.max_spin, _("max"), max_err, none_at=0))
        if system.wounds is not None:
            self.bind(SpinBinding(("wounds",), self.wounds_spin, _("wounds"), wounds_err))
        row = QHBoxLayout()
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.squad_check)
        row.addSpacing(12)
        row.addWidget(QLabel(_("Max hired:")))
        row.addWidget(self.max_spin)
        row.addSpacing(12)
        if system.wounds is not None:  # a game without a wound track has no field for it
            row.addWidget(QLabel(_("Wounds:")))
            row.addWidget(self.wounds_spin)
        row.addStretch(1)
        form.addRow(_("Hiring:"), self._stack(row, squad_err, max_err, wounds_err))
        layout.addWidget(who)

        # -- profile -------------------------------------------------------------------
        profile = QGroupBox(_("Profile"))
        grid = QGridLayout(profile)
        self.profile_error = error_label()
        self.stat_edits: dict[str, QLineEdit] = {}
        stats = system.stats
        for col, stat_def in enumerate(stats):
            stat = stat_def.id
            head = QLabel(stat)
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
            grid.addWidget(head, 0, col)
            grid.addWidget(edit, 1, col)
        span = max(len(stats), 1)
        grid.addWidget(self.profile_error, 2, 0, 1, span)
        pairs = [s.id for s in stats if s.kind == "pair"]
        pair_hint = (" " + _("{stats} take one value or a pair, e.g. 6-5.").format(
            stats=", ".join(pairs)) if pairs else "")
        grid.addWidget(hint(_("Leave a stat empty (shown {none}) when the card has none.")
                            .format(none=NONE_TEXT) + pair_hint if stats else
                            _("{game} has no stat line.").format(game=display(system.name))),
                       3, 0, 1, span)
        layout.addWidget(profile)

        # -- abilities -----------------------------------------------------------------
        self.abilities = CombatantAbilities(ctx)
        layout.addWidget(self.abilities)

        # -- equipment and description ---------------------------------------------------
        gear = QGroupBox(_("Equipment"))
        gear_layout = QHBoxLayout(gear)
        self.equipment_edit = StringListEdit(_("e.g. armadura de tela"))
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
        self.description_edit.setMinimumHeight(60)
        self.description_edit.setMaximumHeight(110)
        err = error_label()
        self.bind(PlainTextBinding(("description",), self.description_edit, _("description"),
                                   err))
        about_layout.addWidget(self.description_edit)
        about_layout.addWidget(err)
        layout.addWidget(about)
        layout.addStretch(1)

    @staticmethod
    def _stack(row: QHBoxLayout, *errors: QLabel) -> QWidget:
        box = QWidget()
        col = QVBoxLayout(box)
        col.setContentsMargins(0, 0, 0, 0)
        col.setSpacing(2)
        col.addLayout(row)
        for err in errors:
            col.addWidget(err)
        return box

    def _id_from_name(self) -> None:
        made = slug(self.name_edit.text())
        if made and not self.read_only and self.base is not None:
            self.ctx.set_value((*self.base, "id"), made, _("Make id from name"))

    def set_base(self, base: DataPath | None) -> None:
        super().set_base(base)
        self.abilities.set_combatant(base)

    def handled_elsewhere(self, key: str) -> bool:
        return key == "abilities" or key.startswith("abilities.")

    def set_read_only(self, read_only: bool) -> None:
        super().set_read_only(read_only)
        set_enabled(self.id_from_name, not read_only)
        self.abilities.set_read_only(read_only)


class CombatantAbilities(QGroupBox):
    """A combatant's abilities: picked from the faction and universal glossaries by id, or
    written inline (a unique ability printed on the card)."""

    def __init__(self, ctx: EditContext, parent: QWidget | None = None) -> None:
        super().__init__(_("Abilities"), parent)
        self.ctx = ctx
        self.base: DataPath | None = None
        self.read_only = False
        self._choices: list[tuple[str, list[tuple[str, str]]]] | None = None
        self.model = DocListModel(ctx.doc, None, self._describe, parent=self)
        self.view = QListView()
        self.view.setModel(self.model)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.view.setMinimumHeight(90)
        self.view.setMaximumHeight(150)
        self.picker = QComboBox()
        self.picker.setToolTip(_("Abilities of the faction's glossary (Abilities tab) and the "
                                 "core universal abilities"))
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.add_button = QPushButton(_("Add"))
        self.add_button.setToolTip(_("Add the chosen glossary ability"))
        self.inline_button = QPushButton(_("New inline ability"))
        self.inline_button.setToolTip(_("An ability written on this combatant's card only"))
        self.remove_button = QPushButton(_("Remove"))
        self.up_button = small_button("↑", _("Move up"))
        self.down_button = small_button("↓", _("Move down"))
        self.error = error_label()

        top = QHBoxLayout()
        top.addWidget(self.picker, 1)
        top.addWidget(self.add_button)
        top.addWidget(self.inline_button)
        side = remove_and_arrows(self.remove_button, self.up_button, self.down_button)
        mid = QHBoxLayout()
        mid.addWidget(self.view, 1)
        mid.addLayout(side)

        self.detail = QStackedWidget()
        self.glossary_info = QLabel()
        self.glossary_info.setWordWrap(True)
        self.glossary_info.setTextFormat(Qt.TextFormat.PlainText)
        self.glossary_info.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.inline_form = AbilityForm(ctx, with_id=False)
        self.detail.addWidget(QWidget())
        self.detail.addWidget(self.glossary_info)
        self.detail.addWidget(self.inline_form)
        line = QFrame()
        line.setFrameShape(QFrame.Shape.HLine)
        line.setFrameShadow(QFrame.Shadow.Sunken)

        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(mid)
        layout.addWidget(self.error)
        layout.addWidget(line)
        layout.addWidget(self.detail)

        self.add_button.clicked.connect(self.add_selected)
        self.inline_button.clicked.connect(self.add_inline)
        self.remove_button.clicked.connect(self.remove_current)
        self.up_button.clicked.connect(lambda: self.move_current(-1))
        self.down_button.clicked.connect(lambda: self.move_current(+1))
        self.view.selectionModel().currentRowChanged.connect(self._current_changed)
        ctx.doc.validated.connect(self._refresh)
        ctx.doc.list_changed.connect(self._list_changed)

    # -- reading -------------------------------------------------------------------------

    def _glossary(self) -> dict[str, tuple[str, dict[str, Any]]]:
        """Every ability a combatant may name by id: (where from, ability data)."""
        out: dict[str, tuple[str, dict[str, Any]]] = {}
        for ability_id, ability in self.ctx.doc.universal.items():
            out[ability_id] = ("universal glossary", ability.model_dump())
        for ability in self.ctx.doc.data.get("abilities", []):
            if ability.get("id"):
                out[ability["id"]] = ("faction glossary", ability)
        return out

    def _describe(self, ref: Any) -> str:
        if isinstance(ref, str):
            found = self._glossary().get(ref)
            if found is None:
                return f"{ref}  " + _("(unknown ability)")
            _where, ability = found
            summary = ability_summary(ability, self.ctx.doc.system)
            return f"{ability.get('name') or ref}{'  ·  ' + summary if summary else ''}"
        if isinstance(ref, dict):
            summary = ability_summary(ref, self.ctx.doc.system)
            name = ref.get("name") or _("(no name)")
            return f"{name}{'  ·  ' + summary if summary else ''}  " + _("(written inline)")
        return str(ref)

    def current_row(self) -> int:
        return self.view.currentIndex().row()

    # -- following the document and the selection ----------------------------------------

    def set_combatant(self, base: DataPath | None) -> None:
        self.base = base
        self.model.set_list_path(None if base is None else (*base, "abilities"))
        self._refresh()
        if self.model.rowCount():
            self.select(0)
        else:
            self._current_changed(QModelIndex())

    def select(self, row: int) -> None:
        if 0 <= row < self.model.rowCount():
            self.view.selectionModel().setCurrentIndex(
                self.model.index(row), QItemSelectionModel.SelectionFlag.ClearAndSelect)
        self._current_changed(self.view.currentIndex())

    def _list_changed(self, path: DataPath, op: str, index: int, dest: int) -> None:
        if path == self.model.list_path:
            self.select(row_after_change(op, index, dest, self.model.rowCount()))

    def _current_changed(self, current: QModelIndex, _previous: Any = None) -> None:
        row = current.row() if current.isValid() else -1
        items = self.model.items()
        if not 0 <= row < len(items) or self.base is None:
            self.inline_form.set_base(None)
            self.detail.setCurrentIndex(0)
        elif isinstance(items[row], dict):
            self.inline_form.set_base((*self.base, "abilities", row))
            self.detail.setCurrentWidget(self.inline_form)
        else:
            self.inline_form.set_base(None)
            set_text(self.glossary_info, self._glossary_text(items[row]))
            self.detail.setCurrentWidget(self.glossary_info)
        self._enable()

    def _glossary_text(self, ref: str) -> str:
        found = self._glossary().get(ref)
        if found is None:
            return _("'{id}' is not in the faction glossary nor among the universal "
                     "abilities.").format(id=ref)
        where, ability = found
        summary = ability_summary(ability, self.ctx.doc.system)
        head = (_("{name} ({id}), from the faction glossary") if where == "faction glossary"
                else _("{name} ({id}), from the universal glossary"))
        lines = [head.format(name=ability.get("name") or ref, id=ref)
                 + (f": {summary}" if summary else "")]
        if ability.get("text"):
            lines.append(ability["text"])
        if where == "faction glossary":
            lines.append(_("Edit it on the Ability glossary tab; every combatant that has it "
                           "changes with it."))
        return "\n\n".join(lines)

    def _refresh(self) -> None:
        """The picker offers what the combatant does not have yet; problems are listed."""
        if self.base is None or not self.ctx.doc.has(self.base):
            return
        have = {r for r in self.model.items() if isinstance(r, str)}
        faction = [(a["id"], a.get("name") or a["id"])
                   for a in self.ctx.doc.data.get("abilities", [])
                   if a.get("id") and a["id"] not in have]
        universal = [(k, a.name) for k, a in self.ctx.doc.universal.items() if k not in have]
        choices = [(group, entries) for group, entries in ((_("Faction glossary"), faction),
                                                           (_("Universal abilities"), universal))
                   if entries]
        if choices != self._choices:
            self._choices = choices
            self._fill_picker(choices)
        problems = [msg for _w, msg in self.ctx.doc.problems_under((*self.base, "abilities"))]
        show_messages(self.error, problems)
        row = self.current_row()
        items = self.model.items()
        if 0 <= row < len(items) and isinstance(items[row], str):
            set_text(self.glossary_info, self._glossary_text(items[row]))
        self._enable()

    def _fill_picker(self, choices: list[tuple[str, list[tuple[str, str]]]]) -> None:
        current = self.picker.currentData()
        with QSignalBlocker(self.picker):
            self.picker.clear()
            for group, entries in choices:
                self.picker.addItem(f"— {group} —", None)
                model_item = self.picker.model().item(self.picker.count() - 1)  # type: ignore
                model_item.setEnabled(False)
                for ability_id, name in entries:
                    self.picker.addItem(f"{name}  ({ability_id})", ability_id)
            index = self.picker.findData(current) if current else -1
            if index < 0:
                index = next((i for i in range(self.picker.count())
                              if self.picker.itemData(i) is not None), -1)
            self.picker.setCurrentIndex(index)

    def _enable(self) -> None:
        editable = self.base is not None and not self.read_only
        row, count = self.current_row(), self.model.rowCount()
        set_enabled(self.picker, editable)
        set_enabled(self.add_button, editable and self.picker.currentData() is not None)
        set_enabled(self.inline_button, editable)
        set_enabled(self.remove_button, editable and 0 <= row < count)
        set_enabled(self.up_button, editable and 0 < row < count)
        set_enabled(self.down_button, editable and 0 <= row < count - 1)

    def set_read_only(self, read_only: bool) -> None:
        self.read_only = read_only
        self.inline_form.set_read_only(read_only)
        self._enable()

    # -- edits -----------------------------------------------------------------------------

    def add_selected(self) -> None:
        ability_id = self.picker.currentData()
        if self.base is None or ability_id is None or self.read_only:
            return
        path = (*self.base, "abilities")
        self.ctx.push(InsertCommand(self.ctx.doc, path, len(self.ctx.doc.get(path)),
                                    ability_id, _("Add ability {id}").format(id=ability_id)))

    def add_inline(self) -> None:
        if self.base is None or self.read_only:
            return
        path = (*self.base, "abilities")
        data = ability_data() | {"name": _("New ability"), "scope": "unique"}
        self.ctx.push(InsertCommand(self.ctx.doc, path, len(self.ctx.doc.get(path)), data,
                                    _("Add inline ability")))
        self.inline_form.name_edit.setFocus()
        self.inline_form.name_edit.selectAll()

    def remove_current(self) -> None:
        row = self.current_row()
        if self.base is None or self.read_only or not 0 <= row < self.model.rowCount():
            return
        self.ctx.push(RemoveCommand(self.ctx.doc, (*self.base, "abilities"), row,
                                    _("Remove ability")))

    def move_current(self, step: int) -> None:
        row = self.current_row()
        dest = row + step
        if self.base is None or self.read_only or not (
                0 <= row < self.model.rowCount() and 0 <= dest < self.model.rowCount()):
            return
        self.ctx.push(MoveCommand(self.ctx.doc, (*self.base, "abilities"), row, dest,
                                  _("Move ability")))


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
