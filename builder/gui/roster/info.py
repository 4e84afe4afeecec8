"""What the roster's cursor is on, to read and to note: a selection's profiles (its own and
those of what it holds) as one table per profile type, its rules, and its name and notes of
its own; a force's rules; a category's name and notes. The data's text is shown as written.
Names and notes typed here are undo steps (typing merges into one).

Its public face: :meth:`InfoPanel.show_item` and :meth:`InfoPanel.refresh`.
"""

from __future__ import annotations

from html import escape
from types import SimpleNamespace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from builder.battlescribe.engine.info import Info, ProfileView, RuleView, gather
from builder.battlescribe.engine.queries import Here
from builder.battlescribe.engine.roster import Category, Force, Selection
from builder.battlescribe.engine.state import selection_info
from builder.battlescribe.xmlsafe import MAX_ATTRIBUTE
from builder.gui.roster.commands import RenameCommand, SetNotesCommand
from builder.gui.roster.outline import category_name, force_name, in_roster, selection_name
from builder.i18n import _

if TYPE_CHECKING:
    from builder.battlescribe.engine.evaluate import Evaluation
    from builder.gui.roster.document import RosterDocument

Item = Force | Category | Selection


def item_info(ev: Evaluation, item: Item) -> Info:
    """The profiles and rules shown for ``item``: a selection's and those of everything it
    holds (a unit and its weapons), a force's own and its catalogue's and game's rules."""
    info = Info()
    if isinstance(item, Selection):
        for selection in item.walk():
            found = selection_info(ev, selection)
            info.profiles.extend(found.profiles)
            info.rules.extend(found.rules)
    elif isinstance(item, Force):
        here = Here(item, item.parent, item, item.entry.id)
        sources: list[Any] = [item.entry]
        for file in (item.catalogue, item.roster.game_system):
            if file.rules or file.info_links:
                sources.append(SimpleNamespace(rules=file.rules, info_links=file.info_links))
        info = gather(ev, sources, item.roster.data.scope(item.catalogue), here)
    return info


def profile_tables(profiles: list[ProfileView]) -> list[tuple[str, list[str],
                                                              list[list[str]]]]:
    """(type name, characteristic names, rows) per profile type in the order first met; a
    row is the profile's name and its values; the same row twice is shown once."""
    tables: dict[str, tuple[str, list[str], list[list[str]]]] = {}
    for profile in profiles:
        key = profile.type_id or profile.type_name
        name, columns, rows = tables.setdefault(key, (profile.type_name, [], []))
        values = dict((n, v) for n, _t, v in profile.characteristics)
        for column in values:
            if column not in columns:
                columns.append(column)
        row = [profile.name, *(values.get(c, "") for c in columns)]
        if row not in rows:
            rows.append(row)
    found = []
    for name, columns, rows in tables.values():
        found.append((name, columns, [r + [""] * (len(columns) + 1 - len(r)) for r in rows]))
    return found


def unique_rules(rules: list[RuleView]) -> list[RuleView]:
    seen: set[tuple[str, str]] = set()
    found = []
    for rule in rules:
        key = (rule.name, rule.description)
        if key not in seen:
            seen.add(key)
            found.append(rule)
    return found


def info_html(info: Info) -> str:
    """The profiles as tables and the rules, every text of the data escaped."""
    parts = []
    for type_name, columns, rows in profile_tables(info.profiles):
        # names and headings on one line; a long value (a weapon's special rule) wraps
        keep = " style='white-space: nowrap'"
        head = "".join(f"<th{keep}>{escape(c)}</th>" for c in [type_name, *columns])
        body = "".join("<tr>" + "".join(
            f"<td{keep if i == 0 or len(v) <= 12 else ''}>{escape(v)}</td>"
            for i, v in enumerate(row)) + "</tr>" for row in rows)
        parts.append("<table class='profile' border='1' cellspacing='0' cellpadding='3'>"
                     f"<tr>{head}</tr>{body}</table><br>")
    rules = unique_rules(info.rules)
    if rules:
        heading = _("Rules")
        parts.append(f"<h4>{escape(heading)}</h4>")
        for rule in rules:
            text = escape(rule.description).replace("\n", "<br>")
            parts.append(f"<p><b>{escape(rule.name)}</b>" + (f": {text}" if text else "")
                         + "</p>")
    return "".join(parts)


class InfoPanel(QWidget):
    """The profiles, rules, name and notes of the roster's current force, category or
    selection."""

    def __init__(self, doc: RosterDocument, stack: QUndoStack,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc, self.stack = doc, stack
        self.item: Item | None = None
        self.title = QLabel()
        self.title.setObjectName("info-title")
        self.title.setWordWrap(True)
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        font = self.title.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.browser = QTextBrowser()
        self.browser.setObjectName("info-text")
        self.browser.setOpenLinks(False)
        self.own_name = QLineEdit()
        self.own_name.setObjectName("own-name")
        self.own_name.setMaxLength(MAX_ATTRIBUTE)  # what a roster file's name reads back
        self.own_name.setClearButtonEnabled(True)
        self.notes = QPlainTextEdit()
        self.notes.setObjectName("item-notes")
        self.notes.setTabChangesFocus(True)
        self.notes.setPlaceholderText(_("Notes of your own: they are saved with the roster"))
        self.notes.setMaximumHeight(3 * self.fontMetrics().lineSpacing() + 12)
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        form.addRow(_("Own name:"), self.own_name)
        form.addRow(_("Notes:"), self.notes)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.title)
        layout.addWidget(self.browser, 1)
        layout.addLayout(form)
        self._updating = False
        self._shown_html = ""
        self.own_name.textEdited.connect(self._renamed)
        self.notes.textChanged.connect(self._noted)
        self.show_item(None)

    def show_item(self, item: Item | None) -> None:
        self.item = item
        self.refresh()

    def refresh(self) -> None:
        item = self.item
        if item is not None and not in_roster(item):
            item = self.item = None
        ev = self.doc.evaluation
        self._updating = True
        try:
            for field in (self.own_name, self.notes):
                field.setEnabled(item is not None)
            if item is None:
                self.title.setText(_("Profiles and rules"))
                self._html("<p>" + escape(_(
                    "Choose a selection in the roster to see its profiles and rules.")) + "</p>")
                self._set(self.own_name, "")
                self._set(self.notes, "")
                return
            if isinstance(item, Selection):
                title, entry = selection_name(ev, item), item.node.name
            elif isinstance(item, Force):
                title, entry = force_name(ev, item), item.entry.name
            else:
                title, entry = category_name(item), category_name(item)
            self.title.setText(title)
            self.own_name.setPlaceholderText(entry)
            html = info_html(item_info(ev, item)) if not isinstance(item, Category) else ""
            self._html(html or "<p>" + escape(_("No profiles or rules.")) + "</p>")
            self._set(self.own_name, item.custom_name or "")
            self._set(self.notes, item.custom_notes or "")
        finally:
            self._updating = False

    def _html(self, html: str) -> None:
        """The text shown, laid out again only when it changed (most edits leave it)."""
        if html != self._shown_html:
            self._shown_html = html
            self.browser.setHtml(html)

    @staticmethod
    def _set(field: QLineEdit | QPlainTextEdit, text: str) -> None:
        """A field's text, left alone (cursor and all) when it says that already."""
        if isinstance(field, QLineEdit):
            if field.text() != text:
                field.setText(text)
        elif field.toPlainText() != text:
            field.setPlainText(text)

    def _renamed(self, text: str) -> None:
        if not self._updating and self.item is not None:
            self.stack.push(RenameCommand(self.doc, self.item, text))

    def _noted(self) -> None:
        if not self._updating and self.item is not None:
            self.stack.push(SetNotesCommand(self.doc, self.item, self.notes.toPlainText()))
