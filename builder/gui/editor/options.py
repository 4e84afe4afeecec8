"""Options, units and picks in the faction editor (SPEC §9): a combatant's unit size and its
options, and the faction's picks, each field with the same live checks and undo as every
other field of the editor."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
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

from builder.gui.editor.bound import BoundForm, EditContext, beside, id_from_name_button
from builder.gui.editor.commands import InsertCommand
from builder.gui.editor.document import option_data, slug, unique_id
from builder.gui.editor.fields import (
    NONE_TEXT,
    CheckBinding,
    LineBinding,
    PlainTextBinding,
    SpinBinding,
    ValueBinding,
    bring_into_view,
    error_label,
    parse_optional_text,
    regex_validator,
    set_enabled,
    with_error,
)
from builder.gui.editor.nested import NestedList
from builder.gui.editor.profile import PROFILE_COLUMNS
from builder.i18n import _, ngettext, pgettext
from builder.model.base import MAX_WHOLE  # spin boxes hold every value a file may hold
from builder.model.system import System

# -- what an option or a pick adds ----------------------------------------------------------


class AddsEdit(QWidget):
    """One field per number stat of the game: what the option or pick adds to it (empty:
    nothing). Emits the whole mapping, in the stat line's order."""

    edited = Signal(dict)

    def __init__(self, system: System, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        self.edits: dict[str, QLineEdit] = {}
        numbers = [s for s in system.stats if s.kind == "number"]
        per_row = PROFILE_COLUMNS if len(numbers) > PROFILE_COLUMNS + 1 else max(len(numbers), 1)
        for n, stat in enumerate(numbers):
            line, col = 2 * (n // per_row), n % per_row
            head = QLabel(system.stat_label(stat.id))
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            edit = QLineEdit()
            edit.setAlignment(Qt.AlignmentFlag.AlignCenter)
            edit.setMaximumWidth(64)
            edit.setPlaceholderText(NONE_TEXT)
            edit.setValidator(regex_validator(r"^\d{0,6}$", edit))
            edit.setAccessibleName(_("Adds to {stat}").format(stat=system.stat_label(stat.id)))
            edit.textEdited.connect(self._changed)
            self.edits[stat.id] = edit
            grid.addWidget(head, line, col)
            grid.addWidget(edit, line + 1, col)
        if not numbers:
            none = QLabel(_("This game has no number stats to add to."))
            none.setWordWrap(True)
            grid.addWidget(none, 0, 0)
        grid.setColumnStretch(per_row, 1)

    def value(self) -> dict[str, int]:
        return {stat: int(edit.text()) for stat, edit in self.edits.items()
                if edit.text().isdigit()}

    def set_value(self, adds: Any) -> None:
        adds = adds if isinstance(adds, dict) else {}
        for stat, edit in self.edits.items():
            text = "" if adds.get(stat) is None else str(adds[stat])
            if edit.text() != text and not (edit.text().isdigit() and text.isdigit()
                                            and int(edit.text()) == int(text)):
                edit.setText(text)

    def _changed(self) -> None:
        self.edited.emit(self.value())


# -- a unit's size ---------------------------------------------------------------------------


class UnitEdit(QWidget):
    """"Hired in units of [3] to [5] models". The box says whether the combatant has a unit
    (``edited``: None, or ``{min, max}`` from the spin boxes); each spin box is a field of
    its own (``unit.min``, ``unit.max``), so that undo takes back one change at a time."""

    edited = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.check = QCheckBox(_("Hired in units of"))
        self.check.setToolTip(_("Each entry of a list hires between the least and the most "
                                "models of a unit (a unit of 3 to 5)"))
        self.min_spin = QSpinBox()
        self.max_spin = QSpinBox()
        for spin, value, name in ((self.min_spin, 3, _("Least models of a unit")),
                                  (self.max_spin, 5, _("Most models of a unit"))):
            spin.setRange(1, MAX_WHOLE)
            spin.setValue(value)
            spin.setAccessibleName(name)
            spin.setToolTip(name)
        self.check.clicked.connect(self._toggled)
        column = QVBoxLayout(self)  # two lines: the form stays narrow for a small screen
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.check)
        row = QHBoxLayout()
        row.addWidget(self.min_spin)
        row.addWidget(QLabel(pgettext("unit size", "to")))
        row.addWidget(self.max_spin)
        row.addWidget(QLabel(pgettext("unit size", "models")))
        row.addStretch(1)
        column.addLayout(row)
        self.enable_spins()

    def value(self) -> dict[str, int] | None:
        if not self.check.isChecked():
            return None
        return {"min": self.min_spin.value(), "max": self.max_spin.value()}

    def set_value(self, unit: Any) -> None:
        if self.check.isChecked() != isinstance(unit, dict):
            self.check.setChecked(isinstance(unit, dict))
        self.enable_spins()

    def enable_spins(self) -> None:
        """The sizes can be changed while the combatant has a unit (and the form is not
        read-only)."""
        on = self.check.isChecked() and self.check.isEnabled()
        set_enabled(self.min_spin, on)
        set_enabled(self.max_spin, on)

    def _toggled(self) -> None:
        self.enable_spins()
        self.edited.emit(self.value())


def bind_unit(form: BoundForm, unit: UnitEdit, error: QLabel) -> None:
    """The unit's sizes first, so that a problem of one tints that spin box."""
    form.bind(SpinBinding(("unit", "min"), unit.min_spin, _("least models of a unit"), error))
    form.bind(SpinBinding(("unit", "max"), unit.max_spin, _("most models of a unit"), error))
    form.bind(ValueBinding(("unit",), unit, _("unit"), error))


# -- one option or pick ----------------------------------------------------------------------


def parse_tags(text: str) -> list[str]:
    return [t.strip() for t in text.split(",") if t.strip()]


def show_tags(tags: Any) -> str:
    return ", ".join(str(t) for t in tags) if isinstance(tags, list) else ""


def adds_text(adds: Any, system: System) -> str:
    """"+1 PB, +1 MAN"."""
    if not isinstance(adds, dict):
        return ""
    return ", ".join(f"+{value} {system.stat_label(stat)}" for stat, value in adds.items())


class OptionForm(BoundForm):
    """An option of a combatant (``option=True``: with per model, max and group) or a pick
    of the faction."""

    def __init__(self, ctx: EditContext, *, option: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        form = self.rows()
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(_("as the book names it"))
        self.id_edit = QLineEdit()
        self.id_edit.setToolTip(_("Lists name the option by this id") if option
                                else _("Lists name the pick by this id"))
        self.id_from_name = id_from_name_button(self._id_from_name)
        for key, widget, label, row in (
                ("name", self.name_edit, _("option name") if option else _("pick name"),
                 _("Name:")),
                ("id", self.id_edit, _("option id") if option else _("pick id"), _("Id:"))):
            err = error_label()
            self.bind(LineBinding((key,), widget, label, err))
            field = beside(widget, self.id_from_name) if key == "id" else widget
            form.addRow(row, with_error(field, err))
        self.adds_edit = AddsEdit(ctx.doc.system)
        self.adds_edit.setToolTip(_("What it adds to each number stat, the cost included"))
        err = error_label()
        self.bind(ValueBinding(("adds",), self.adds_edit, _("adds"), err))
        form.addRow(_("Adds:"), with_error(self.adds_edit, err))
        if option:
            self.per_model_check = QCheckBox(_("Adds per model"))
            self.per_model_check.setToolTip(_("Checked: it adds once per model of the entry; "
                                              "unchecked: once per entry, whatever its size"))
            err = error_label()
            self.bind(CheckBinding(("per_model",), self.per_model_check, _("per model"), err))
            form.addRow("", with_error(self.per_model_check, err))
            self.max_spin = QSpinBox()
            self.max_spin.setRange(1, MAX_WHOLE)
            self.max_spin.setToolTip(_("How many times one entry may take it"))
            err = error_label()
            self.bind(SpinBinding(("max",), self.max_spin, _("times"), err))
            form.addRow(_("Times per entry:"), with_error(self.max_spin, err, natural=True))
            self.group_edit = QLineEdit()
            self.group_edit.setPlaceholderText(_("optional: an entry takes one option of a group"))
            err = error_label()
            self.bind(LineBinding(("group",), self.group_edit, _("group"), err,
                                  parse=parse_optional_text))
            form.addRow(_("Group:"), with_error(self.group_edit, err))
        self.tags_edit = QLineEdit()
        self.tags_edit.setPlaceholderText(_("optional, separated by commas"))
        self.tags_edit.setToolTip(_("Rules of the game may count what carries a tag"))
        err = error_label()
        self.bind(LineBinding(("tags",), self.tags_edit, _("tags"), err, parse=parse_tags,
                              show=show_tags))
        form.addRow(_("Tags:"), with_error(self.tags_edit, err))
        self.text_edit = QPlainTextEdit()
        self.text_edit.setTabChangesFocus(True)
        self.text_edit.setPlaceholderText(_("optional: the rules text, printed on the card"))
        self.text_edit.setMinimumHeight(50)
        self.text_edit.setMaximumHeight(90)
        err = error_label()
        self.bind(PlainTextBinding(("text",), self.text_edit, _("rules text"), err))
        form.addRow(_("Text:"), with_error(self.text_edit, err))

    def _id_from_name(self) -> None:
        made = slug(self.name_edit.text())
        if made and not self.read_only and self.base is not None:
            self.ctx.set_value((*self.base, "id"), made, _("Make id from name"))

    def set_read_only(self, read_only: bool) -> None:
        super().set_read_only(read_only)
        set_enabled(self.id_from_name, not read_only)


def describe_option(option: Any, system: System) -> str:
    """An option's row: its name, what it adds, and how it is taken."""
    if not isinstance(option, dict):
        return str(option)
    parts = [adds_text(option.get("adds"), system)]
    if option.get("per_model"):
        parts.append(_("per model"))
    times = option.get("max")
    if isinstance(times, int) and times != 1:
        parts.append(ngettext("up to {n} time", "up to {n} times", times).format(n=times))
    if option.get("group"):
        parts.append(_("group {group}").format(group=option["group"]))
    shown = "  ·  ".join(p for p in parts if p)
    name = option.get("name") or _("(no name)")
    return f"{name}  ·  {shown}" if shown else name


class CombatantOptions(NestedList):
    """A combatant's options: the list, *Add option*, and the selected option's form."""

    def __init__(self, ctx: EditContext, parent: QWidget | None = None) -> None:
        system = ctx.doc.system
        super().__init__(_("Options"), ctx, "options", lambda o: describe_option(o, system),
                         (_("Remove option"), _("Move option")), parent)
        self.add_button = QPushButton(_("Add option"))
        self.add_button.setToolTip(_("An option a list's entry of this combatant may take: a "
                                     "weapon, an upgrade"))
        self.add_button.clicked.connect(self.add)
        self.form = OptionForm(ctx, option=True)
        self.detail = QStackedWidget()
        none = QLabel(_("No options: an entry hires the bare combatant."))
        none.setWordWrap(True)
        self.detail.addWidget(none)
        self.detail.addWidget(self.form)
        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        top.addWidget(self.add_button)
        top.addStretch(1)
        layout.addLayout(top)
        layout.addLayout(self.list_row())
        layout.addWidget(self.error)
        layout.addWidget(self.detail)

    def show_item(self, row: int) -> None:
        if row < 0 or self.base is None:
            self.form.set_base(None)
            self.detail.setCurrentIndex(0)
        else:
            self.form.set_base((*self.base, "options", row))
            self.detail.setCurrentWidget(self.form)

    def enable_more(self, editable: bool) -> None:
        set_enabled(self.add_button, editable)

    def set_read_only(self, read_only: bool) -> None:
        self.form.set_read_only(read_only)
        super().set_read_only(read_only)

    def add(self) -> None:
        path = self.list_path
        if path is None or self.read_only:
            return
        taken = [o.get("id", "") for o in self.ctx.doc.get(path)]
        data = option_data() | {"id": unique_id("new-option", taken), "name": _("New option")}
        row = self.current_row() + 1 if self.current_row() >= 0 else self.model.rowCount()
        self.ctx.push(InsertCommand(self.ctx.doc, path, row, data, _("Add option")))
        bring_into_view(self.form.name_edit)
        self.form.name_edit.selectAll()
