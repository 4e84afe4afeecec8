"""File → Check lists against event…: the organiser's whole event in one window.

An event file, a folder of submitted lists (warbands, and BattleScribe rosters checked
against the installed BattleScribe data, SPEC §10) and/or a text of share codes (pasted from
an e-mail, or read from an export) are checked as ``spherewars event`` checks them (the same
:mod:`builder.events` code, without forking); the table shows every list and every
registered player who sent nothing, sortable by any column, and exports the report as CSV or
as the HTML page to publish, and the list pack (a PDF of every list), optionally anonymised.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt
from PySide6.QtGui import QBrush, QColor, QKeySequence, QShortcut, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from builder.data import Catalogue, DataError, write_atomic
from builder.events import DataPinError, Games, check_data_pins, load_event
from builder.events.checking import Checked, check_event, render
from builder.events.output import counts, players, severity, skipped_line, verdict
from builder.events.submissions import Gathered, add_codes, gather
from builder.gui.dialogs import EVENT_FILTER
from builder.gui.screenfit import fit_window
from builder.gui.widgets import own_style
from builder.i18n import N_, _, ngettext
from builder.model.event import Event

COLUMNS = ("#", N_("Player"), N_("List"), N_("Verdict"), N_("Findings"), N_("Faction"),
           N_("Points"), N_("Fingerprint"), N_("File"))
SORT = Qt.ItemDataRole.UserRole + 1
CODES_FILTER = N_("Texts and exports (*.txt *.eml *.mbox *.csv *.tsv);;All files (*)")
RED, GREEN = QColor("#a00000"), QColor("#006000")


def _item(text: Any, sort: Any = None, tip: str | None = None) -> QStandardItem:
    shown = "" if text is None else str(text)
    item = QStandardItem(shown)
    item.setEditable(False)
    item.setData(shown.casefold() if sort is None else sort, SORT)
    if tip:
        item.setToolTip(tip)
    return item


def findings_text(row: dict[str, Any]) -> tuple[str, str]:
    """The Findings cell: error messages in short; its tooltip: every finding."""
    if "error" in row:
        return row["error"].splitlines()[0], row["error"]
    errors = [f["message"] for f in row["findings"] if f["severity"] == "error"]
    every = "\n".join(f"{severity(f['severity'])}: {f['message']} [{f['rule']}]"
                      for f in row["findings"])
    shown = "; ".join(errors) or "; ".join(f["message"] for f in row["findings"])
    return shown, every


class EventDialog(QDialog):
    """The event, the submissions, the table, the exports."""

    def __init__(self, catalogue: Catalogue, folder: str = "", parent: QWidget | None = None,
                 games: Games | None = None) -> None:
        """``games``: the BattleScribe game systems an event may name (the installed ones,
        asked for only when the event names one)."""
        super().__init__(parent)
        self.setObjectName("event-dialog")
        self.setWindowTitle(_("Check lists against event"))
        self.catalogue = catalogue
        self.games = games
        self.folder = folder
        self.tournament: Event | None = None
        self.event_path: Path | None = None
        self.checked: Checked | None = None

        self.event_edit = QLineEdit()
        self.event_edit.setObjectName("event-file")
        self.event_edit.setReadOnly(True)
        self.event_edit.setPlaceholderText(_("No event file chosen"))
        choose_event = QPushButton(_("&Event file…"))
        choose_event.setObjectName("choose-event")
        choose_event.clicked.connect(self._choose_event)
        self.lists_edit = QLineEdit()
        self.lists_edit.setObjectName("lists-folder")
        self.lists_edit.setPlaceholderText(_("A folder of submitted lists (*.yaml, *.yml) and "
                                             "BattleScribe rosters (*.ros, *.rosz)"))
        self.lists_edit.setClearButtonEnabled(True)
        choose_lists = QPushButton(_("&Folder…"))
        choose_lists.setObjectName("choose-folder")
        choose_lists.clicked.connect(self._choose_folder)
        self.codes_edit = QPlainTextEdit()
        self.codes_edit.setObjectName("codes")
        self.codes_edit.setPlaceholderText(_(
            "Paste share codes here: an e-mail, a chat, a form's export. Every SWB1. code "
            "is a submitted list."))
        self.codes_edit.setMaximumHeight(90)
        load_codes = QPushButton(_("&Load text…"))
        load_codes.setObjectName("load-codes")
        load_codes.clicked.connect(self._load_codes)

        form = QFormLayout()
        form.addRow(_("Event:"), _row(self.event_edit, choose_event))
        form.addRow(_("Lists:"), _row(self.lists_edit, choose_lists))
        form.addRow(_("Share codes:"), _row(self.codes_edit, load_codes))

        self.check_button = QPushButton(_("&Check"))

        self.check_button.setObjectName("check")
        self.check_button.setDefault(True)
        self.check_button.clicked.connect(self.check)
        self.anonymise_box = QCheckBox(_("&Anonymise (List 1, List 2…)"))
        self.anonymise_box.setObjectName("anonymise")
        self.anonymise_box.toggled.connect(lambda _on: self.checked and self.check())
        self.status = QLabel()
        self.status.setObjectName("status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bar = QHBoxLayout()
        bar.addWidget(self.check_button)
        bar.addWidget(self.anonymise_box)
        bar.addWidget(self.status, 1)

        self.model = QStandardItemModel(0, len(COLUMNS), self)
        self.model.setHorizontalHeaderLabels([c if c == "#" else _(c) for c in COLUMNS])
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(SORT)
        self.table = QTableView()
        self.table.setObjectName("event-table")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(False)
        self.table.verticalHeader().hide()
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)

        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        self.csv_button = buttons.addButton(_("Export C&SV…"),
                                            QDialogButtonBox.ButtonRole.ActionRole)
        self.csv_button.setObjectName("export-csv")
        self.html_button = buttons.addButton(_("Export &HTML…"),
                                             QDialogButtonBox.ButtonRole.ActionRole)
        self.html_button.setObjectName("export-html")
        self.pack_button = buttons.addButton(_("List &pack…"),
                                             QDialogButtonBox.ButtonRole.ActionRole)
        self.pack_button.setObjectName("export-pack")
        self.pack_button.setToolTip(_("A PDF of every list, after a cover with the table "
                                      "(anonymised when the report is)"))
        self.csv_button.clicked.connect(lambda: self._export("csv"))
        self.html_button.clicked.connect(lambda: self._export("html"))
        self.pack_button.clicked.connect(lambda: self._export("pdf"))
        for button in self._exports():
            button.setEnabled(False)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(bar)
        layout.addWidget(self.table, 1)
        layout.addWidget(buttons)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Refresh), self, self.check)
        fit_window(self, 980, 620)  # or what a smaller screen has room for

    # --- choosing -------------------------------------------------------------------------

    def ask_event_file(self) -> str | None:
        path, _filter = QFileDialog.getOpenFileName(self, _("Event file"), self.folder,
                                                    _(EVENT_FILTER))
        return path or None

    def ask_folder(self) -> str | None:
        return QFileDialog.getExistingDirectory(self, _("Folder of submitted lists"),
                                                self.folder) or None

    def ask_codes_file(self) -> str | None:
        path, _filter = QFileDialog.getOpenFileName(self, _("Text with share codes"),
                                                    self.folder, _(CODES_FILTER))
        return path or None

    def ask_export_path(self, form: str) -> str | None:
        name = (self.tournament.name if self.tournament else "event") + "." + form
        suggested = str(Path(self.folder or ".") / name)
        flt = _("CSV files (*.csv)") if form == "csv" else _("Web pages (*.html)") \
            if form == "html" else _("PDF files (*.pdf)")
        path, _filter = QFileDialog.getSaveFileName(self, _("Export the report"), suggested,
                                                    flt)
        return path or None

    def _choose_event(self) -> None:
        path = self.ask_event_file()
        if path:
            self.set_event_file(Path(path))

    def _choose_folder(self) -> None:
        path = self.ask_folder()
        if path:
            self.lists_edit.setText(path)
            self.folder = path
            self.check()

    def _load_codes(self) -> None:
        from builder.data import read_text
        from builder.events.submissions import MAX_CODES_BYTES

        path = self.ask_codes_file()
        if not path:
            return
        try:
            text = read_text(path, MAX_CODES_BYTES)
        except DataError as exc:
            self._say(str(exc), error=True)
            return
        self.codes_edit.setPlainText(text)
        self.check()

    def set_event_file(self, path: Path) -> bool:
        """Use the event in ``path``; a broken one, or data other than the event's, is
        said in the dialog and leaves nothing checked."""
        self.tournament, self.event_path = None, path
        self.event_edit.setText(str(path))
        self.folder = self.folder or str(path.parent)
        from builder.events.pins import pinned_packs, pins_not_in_use

        try:
            pins = pinned_packs(path)  # SPEC §8: one not installed names its install command
            event = load_event(path, self.catalogue, self.games)
            check_data_pins(event, self.catalogue)
            other = pins_not_in_use(pins)
            if other:
                raise DataPinError("; ".join(other))
        except (DataError, DataPinError, OSError) as exc:
            self._clear()
            self._say(str(exc), error=True)
            return False
        self.tournament = event
        self.setWindowTitle(_("Check lists against {event}").format(event=event.name))
        self.check()
        return True

    # --- checking -------------------------------------------------------------------------

    def gathered(self) -> Gathered:
        folder = self.lists_edit.text().strip()
        out = gather([folder] if folder else [], exclude=self.event_path)
        text = self.codes_edit.toPlainText()
        if text.strip():
            add_codes(out, _("pasted text"), text, {})
        return out

    def check(self) -> None:
        if self.tournament is None:
            self._say(_("Choose the event file first."), error=True)
            return
        gathered = self.gathered()
        if not gathered.submissions and self.tournament.lists is None:
            self._clear()
            self._say(_("Choose a folder of lists or paste share codes."))
            return
        QApplication.setOverrideCursor(Qt.CursorShape.WaitCursor)
        try:
            self.checked = check_event(self.tournament, gathered, self.catalogue, entries=True,
                                       anonymous=self.anonymise_box.isChecked(), fork=False)
        finally:
            QApplication.restoreOverrideCursor()
        self._fill(self.checked)

    def _fill(self, checked: Checked) -> None:
        self.model.removeRows(0, self.model.rowCount())
        for i, r in enumerate(checked.rows, start=1):
            shown, tip = findings_text(r)
            if "error" in r:
                color = RED
            else:
                color = GREEN if r["legal"] else RED
            name = r.get("name") or Path(r["path"]).name
            cells = [_item(r.get("number", i), r.get("number", i)), _item(players(r)),
                     _item(name, tip=r["path"]), _item(verdict(r)), _item(shown, tip=tip),
                     _item(r.get("faction")),
                     _item(r.get("points"), r.get("points") if r.get("points") is not None
                           else -1),
                     _item(r.get("fingerprint")), _item(self._short(r["path"]), tip=r["path"])]
            cells[3].setForeground(QBrush(color))
            self.model.appendRow(cells)
        for j, m in enumerate(checked.missing, start=len(checked.rows) + 1):
            n = m.get("number", j)
            cells = [_item(n, n), _item(m["player"]), _item(""), _item(_("missing")),
                     _item(_("registered, but no list was submitted")), _item(""),
                     _item("", -1), _item(m["fingerprint"]), _item("")]
            cells[3].setForeground(QBrush(RED))
            self.model.appendRow(cells)
        self.table.resizeColumnsToContents()
        for col in (2, 4):
            self.table.setColumnWidth(col, min(self.table.columnWidth(col), 320))
        parts = [counts(checked.summary)]
        if checked.missing:
            parts.append(ngettext("{n} registered list missing", "{n} registered lists missing",
                                  len(checked.missing)).format(n=len(checked.missing)))
        if checked.skipped:
            parts.append(skipped_line(checked.skipped))
        parts += checked.notes
        self._say(" · ".join(parts), error=bool(checked.summary["illegal"] or
                                                checked.summary["unreadable"] or
                                                checked.missing))
        for button in self._exports():
            button.setEnabled(True)

    def _exports(self) -> tuple[QPushButton, ...]:
        return (self.csv_button, self.html_button, self.pack_button)

    def _short(self, path: str) -> str:
        """A file's path from the folder of lists (the whole path is its tooltip)."""
        folder = self.lists_edit.text().strip()
        try:
            return str(Path(path).relative_to(folder)) if folder else path
        except ValueError:
            return path

    def _clear(self) -> None:
        self.checked = None
        self.model.removeRows(0, self.model.rowCount())
        for button in self._exports():
            button.setEnabled(False)

    def _say(self, text: str, *, error: bool = False) -> None:
        self.status.setText(text)
        own_style(self.status, "color: #a00000" if error else "")

    # --- exporting ------------------------------------------------------------------------

    def _export(self, form: str) -> None:
        if self.checked is None:
            return
        path = self.ask_export_path(form)
        if path:
            self.export(Path(path), form)

    def export(self, path: Path, form: str) -> bool:
        """Write the report as ``form`` ("csv" or "html"), as ``event --format`` does, or the
        list pack ("pdf"), as ``event --pack`` does."""
        assert self.checked is not None
        try:
            if form == "pdf":
                from builder.events.pack import write_pack

                write_pack(path, self.checked, self.catalogue,
                           anonymise=self.anonymise_box.isChecked())
            else:
                write_atomic(path, render(self.checked, form).encode("utf-8"))
        except OSError as exc:
            self._say(_("Could not write {path}: {problem}").format(
                path=path, problem=exc.strerror or exc), error=True)
            return False
        self._say(_("Wrote {path}").format(path=path))
        return True


def _row(*widgets: QWidget) -> QWidget:
    box = QWidget()
    layout = QHBoxLayout(box)
    layout.setContentsMargins(0, 0, 0, 0)
    for i, w in enumerate(widgets):
        layout.addWidget(w, 1 if i == 0 else 0)
    return box
