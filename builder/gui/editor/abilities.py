"""The faction editor's abilities: the form of one ability (a glossary entry, or one written
inline on a combatant) and a combatant's list of abilities, picked by id or written inline."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
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

from builder.gui.editor.bound import (
    NOT_GIVEN,
    BoundForm,
    EditContext,
    combo,
)
from builder.gui.editor.commands import InsertCommand
from builder.gui.editor.document import (
    ability_data,
)
from builder.gui.editor.fields import (
    ComboBinding,
    LineBinding,
    PlainTextBinding,
    SpinBinding,
    bring_into_view,
    error_label,
    parse_difficulty,
    regex_validator,
    set_enabled,
    set_text,
    with_error,
)
from builder.gui.editor.nested import NestedList
from builder.i18n import N_, _
from builder.model.ability import ability_label
from builder.model.base import MAX_WHOLE  # spin boxes hold every value a file may hold
from builder.model.system import System
from builder.model.text import display

SCOPE_WORD = {"racial": N_("racial"), "unique": N_("unique"), "universal": N_("universal")}
"""An ability's scope in a summary (SPEC §1)."""


class AbilityForm(BoundForm):
    """One ability: a glossary entry (with an id) or one written inline on a combatant."""

    def __init__(self, ctx: EditContext, *, with_id: bool,
                 parent: QWidget | None = None) -> None:
        super().__init__(ctx, parent)
        form = self.rows()
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
        rolled = ", ".join(display(k.name) for k in ctx.doc.system.rolled_kinds)
        self.difficulty_edit = QLineEdit()
        self.difficulty_edit.setPlaceholderText(
            _("{kinds}: target value, or A (automatic)").format(kinds=rolled) if rolled
            else _("target value, or A (automatic)"))
        self.difficulty_edit.setValidator(regex_validator(r"^(\d{0,2}|[Aa])$",
                                                          self.difficulty_edit))
        err = error_label()
        self.bind(LineBinding(("difficulty",), self.difficulty_edit, _("difficulty"), err,
                              parse=parse_difficulty))
        self.successes_spin = QSpinBox()
        self.successes_spin.setRange(1, MAX_WHOLE)
        self.successes_spin.setToolTip(_("Successes the roll needs (default 1)"))
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
        self.difficulty_row = box
        self.rolled = bool(rolled)
        """The game rolls some kind of ability against a difficulty: the row shows (else
        only for an ability that has a difficulty or successes, so that they can be
        cleared)."""
        self.form_layout = form
        self.text_edit = QPlainTextEdit()
        self.text_edit.setTabChangesFocus(True)  # Tab moves on, as in the notes
        self.text_edit.setPlaceholderText(_("The rules text, as the book gives it"))
        self.text_edit.setMinimumHeight(70)
        self.text_edit.setMaximumHeight(140)
        err = error_label()
        self.bind(PlainTextBinding(("text",), self.text_edit, _("rules text"), err))
        form.addRow(_("Text:"), with_error(self.text_edit, err))

    def refresh(self) -> None:
        super().refresh()
        doc, base = self.ctx.doc, self.base
        given = base is not None and doc.has(base) and isinstance(doc.get(base), dict) and (
            doc.get(base).get("difficulty") is not None
            or doc.get(base).get("successes", 1) not in (1, None))
        self.form_layout.setRowVisible(self.difficulty_row, self.rolled or given)


def ability_summary(ability: dict[str, Any], system: System | None = None) -> str:
    """"feat A, automatic (racial)": the card's label of the ability
    (:func:`builder.model.ability.ability_label`, the kind as ``system`` names it), then its
    scope, which the editor shows and the card does not."""
    kind = ability.get("kind")
    kind = system.kind_label(kind) if isinstance(kind, str) and system is not None else kind
    successes = ability.get("successes", 1)
    label = ability_label(str(kind) if kind else None, ability.get("difficulty"),
                          successes if isinstance(successes, int) else 1)
    scope = ability.get("scope")
    if isinstance(scope, str) and scope:
        scope = _(SCOPE_WORD[scope]) if scope in SCOPE_WORD else scope
        return _("{label} ({scope})").format(label=label, scope=scope) if label else scope
    return label


class CombatantAbilities(NestedList):
    """A combatant's abilities: picked from the faction and universal glossaries by id, or
    written inline (a unique ability printed on the card)."""

    def __init__(self, ctx: EditContext, parent: QWidget | None = None) -> None:
        super().__init__(_("Abilities"), ctx, "abilities", self._describe,
                         (_("Remove ability"), _("Move ability")), parent)
        self._choices: list[tuple[str, list[tuple[str, str]]]] | None = None
        self.picker = QComboBox()
        self.picker.setToolTip(_("Abilities of the faction's glossary (Abilities tab) and the "
                                 "core universal abilities"))
        # a long ability name must not widen the form past a small screen
        self.picker.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.setMinimumContentsLength(14)
        self.add_button = QPushButton(_("Add"))
        self.add_button.setToolTip(_("Add the chosen glossary ability"))
        self.inline_button = QPushButton(_("New inline ability"))
        self.inline_button.setToolTip(_("An ability written on this combatant's card only"))

        top = QGridLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.picker, 0, 0)
        top.addWidget(self.add_button, 0, 1)
        top.addWidget(self.inline_button, 1, 0, 1, 2, Qt.AlignmentFlag.AlignLeft)
        top.setColumnStretch(0, 1)

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
        layout.addLayout(self.list_row())
        layout.addWidget(self.error)
        layout.addWidget(line)
        layout.addWidget(self.detail)

        self.add_button.clicked.connect(self.add_selected)
        self.inline_button.clicked.connect(self.add_inline)

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

    # -- following the document and the selection ----------------------------------------

    def show_item(self, row: int) -> None:
        items = self.model.items()
        if row < 0 or self.base is None:
            self.inline_form.set_base(None)
            self.detail.setCurrentIndex(0)
        elif isinstance(items[row], dict):
            self.inline_form.set_base((*self.base, "abilities", row))
            self.detail.setCurrentWidget(self.inline_form)
        else:
            self.inline_form.set_base(None)
            set_text(self.glossary_info, self._glossary_text(items[row]))
            self.detail.setCurrentWidget(self.glossary_info)

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

    def refresh(self) -> None:
        """The picker offers what the combatant does not have yet."""
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
        row = self.current_row()
        items = self.model.items()
        if 0 <= row < len(items) and isinstance(items[row], str):
            set_text(self.glossary_info, self._glossary_text(items[row]))

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

    def enable_more(self, editable: bool) -> None:
        set_enabled(self.picker, editable)
        set_enabled(self.add_button, editable and self.picker.currentData() is not None)
        set_enabled(self.inline_button, editable)

    def set_read_only(self, read_only: bool) -> None:
        self.inline_form.set_read_only(read_only)
        super().set_read_only(read_only)

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
        bring_into_view(self.inline_form.name_edit)
        self.inline_form.name_edit.selectAll()
