"""Data → BattleScribe data…: the game systems and catalogues added (SPEC §10), with their
revisions and where they came from; adding files, folders and data index addresses, updating
from the indexes, removing a game system.

The work runs in a worker thread (:class:`BSDataTask`), never in the GUI thread: the dialog
stays responsive, a progress bar follows the stages (reading, downloading, linking, writing),
and *Cancel* stops it before anything goes in. Everything is done by the Qt-free core
(:mod:`builder.bsdata`); this dialog shows what it says: the problems as
``FILE:LINE:COLUMN: message``, errors (nothing was changed) apart from warnings (defects
BattleScribe and New Recruit tolerate: the data is in), with *Copy*. An add refused only
because files are older than those installed (or other contents for an installed revision)
offers, after asking, what the command's ``--force`` does: the files given go in all the same.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from builder.battlescribe import Problem
from builder.bsdata.adding import DOWNLOADING, Adder
from builder.bsdata.sources import NotAdded
from builder.bsdata.store import Store, SystemRecord
from builder.bsdata.telling import progress_text, removed_text, summary_lines
from builder.gui import icons
from builder.gui.screenfit import fit_window
from builder.gui.worker import WorkerTask
from builder.i18n import N_, _, ngettext
from builder.packs.fetch import STALL_SECONDS, Cancelled, is_address

DATA_FILTER = N_("BattleScribe data (*.gst *.gstz *.cat *.catz *.bsi);;All files (*)")
COLUMNS = (N_("Game system or catalogue"), N_("Revision"), N_("Catalogues"), N_("From"))
ID_ROLE = Qt.ItemDataRole.UserRole
ERROR, WARNING, NOTE = "error", "warning", "info"
FORCE_SHOWN = 6
"""The most refusals the question to replace installed files quotes (the rest are listed)."""


class BSDataTask(WorkerTask):
    """One add, update or remove in a worker thread (:class:`~builder.gui.worker.WorkerTask`):
    ``done`` carries its result or the exception that stopped it (:class:`NotAdded`,
    :class:`Cancelled`, anything else); :meth:`stop_all` when the app quits. A download stops
    at once on :meth:`cancel`, the rest at its next stage; nothing half-done goes in."""

    progress = Signal(str, int, int, str)
    """(stage, done, total, what): :data:`builder.bsdata.adding.Progress`."""

    def __init__(self, job: Callable[[Adder], Any], store: Store, stall: float, *,
                 force: bool = False) -> None:
        super().__init__()
        self.job = job
        self.adder = Adder(store, force=force, stall=stall, progress=self._progress)

    _quiet = 0
    """Tasks running with the garbage collector off, and whether it was on before them."""
    _collector_was_on = True

    def _progress(self, stage: str, done: int, total: int, what: str) -> None:
        self.progress.emit(stage, done, total, what)

    def work(self) -> Any:
        # What is read is kept till the add ends (Kill Team: about a million objects). Left
        # to itself, the garbage collector makes full passes over that growing heap while the
        # files are read, each holding the interpreter, the GUI thread's turn included (0.1 to
        # 0.4 s here: bench_bsdata_dialog.py). It rests during the work instead; what is read
        # is freed as it is dropped (the reader leaves no cycles). (Off and on is a flag;
        # gc.freeze() from this thread crashed the interpreter.)
        cls = BSDataTask
        if cls._quiet == 0:
            cls._collector_was_on = gc.isenabled()
            gc.disable()
        cls._quiet += 1
        try:
            return self.job(self.adder)
        finally:
            cls._quiet -= 1
            if cls._quiet == 0 and cls._collector_was_on:
                gc.enable()

    def cancel(self) -> None:
        self.adder.cancel()


@dataclass
class Told:
    """What the dialog says after a task: a summary, and the lines under it (severity, text):
    what was done (notes), then the problems."""

    summary: str
    lines: list[tuple[str, str]] = field(default_factory=list)
    changed: bool = False


def _told(result: Any, verb: str) -> Told:
    """A task's result in words (``verb``: ``add``, ``update`` or ``remove``)."""
    if isinstance(result, Cancelled):
        return Told(_("Cancelled; nothing was changed."))
    if isinstance(result, NotAdded):
        return Told(_("Nothing was changed:"), [(ERROR, line) for line in result.lines])
    if isinstance(result, Exception):
        return Told(_("Nothing was changed:"), [(ERROR, str(result) or repr(result))])
    if verb == "remove":
        system_id, system = result
        return Told(_("Done."), [(NOTE, removed_text(system_id, system))], changed=True)
    warnings: list[Problem] = result.warnings
    changed = any(s.changed for s in result.systems)
    lines = [(NOTE, line) for line in summary_lines(result, update=verb == "update")]
    lines += [(ERROR if p.is_error else WARNING, str(p)) for p in warnings]
    if warnings:
        summary = ngettext(
            "Done, with {count} warning: a defect BattleScribe and New Recruit tolerate; the "
            "data is in all the same.",
            "Done, with {count} warnings: defects BattleScribe and New Recruit tolerate; the "
            "data is in all the same.", len(warnings)).format(count=len(warnings))
    elif changed:
        summary = _("Done.")
    else:
        summary = _("Done; nothing needed changing.")
    return Told(summary, lines, changed)


class BSDataDialog(QDialog):
    """The BattleScribe data window. ``changed`` is emitted after anything was added,
    updated or removed; ``busy_done`` after every task, whatever its result."""

    changed = Signal()
    busy_done = Signal()
    progress_seen = Signal(str)
    """A stage of the work was reported (its stage: ``reading``, ``downloading``…)."""

    def __init__(self, parent: QWidget | None = None, store: Store | None = None, *,
                 stall: float = STALL_SECONDS) -> None:
        super().__init__(parent)
        self.setObjectName("bsdata-dialog")
        self.setWindowTitle(_("BattleScribe data"))
        self.store = store or Store()
        self.stall = stall
        self.task: BSDataTask | None = None
        self.verb = ""
        """What the task running (or the last) does: ``add``, ``update`` or ``remove``."""
        self.pending: list[str] = []
        """Sources given while a task ran (dropped files): added when it ends."""
        self.last_result: Any = None
        self.told = Told("")
        # the questions, replaceable by tests
        self.ask_files: Callable[[], list[str]] = self._ask_files
        self.ask_folder: Callable[[], str | None] = self._ask_folder
        self.ask_address: Callable[[], str | None] = self._ask_address
        self.confirm_remove: Callable[[SystemRecord | None, str], bool] = self._confirm_remove
        self.confirm_force: Callable[[list[str]], bool] = self._confirm_force
        """Asked when an add was refused only for files older than (or other than) those
        installed, with the refusals: whether to install the files given all the same."""
        self.given: list[str] = []
        """What the last add was given (added again, with force, when the player says so)."""

        intro = QLabel(_("Game systems and catalogues in BattleScribe's format (.gst, .cat), "
                         "as the BSData community publishes them. Add them from files or a "
                         "folder, or from a data index address (.bsi); files can be dropped "
                         "here too."))
        intro.setWordWrap(True)
        self.tree = QTreeWidget()
        self.tree.setObjectName("bsdata-tree")
        self.tree.setHeaderLabels([_(c) for c in COLUMNS])
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.tree.setUniformRowHeights(True)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        for column in (0, 3):  # the name and the address share what is left, elided
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Stretch)
        self.tree.currentItemChanged.connect(lambda *_a: self._enable(self.task is None))
        self.tree.activated.connect(self._toggle)
        QShortcut(QKeySequence(QKeySequence.StandardKey.Delete), self.tree,
                  lambda: self.remove_selected(),
                  context=Qt.ShortcutContext.WidgetWithChildrenShortcut)

        def button(text: str, tip: str, slot: Callable[[], object]) -> QPushButton:
            made = QPushButton(text)
            made.setToolTip(tip)
            made.setAutoDefault(False)  # Enter on a game system opens it, never adds
            made.clicked.connect(lambda _checked=False: slot())
            return made

        self.files_button = button(_("Add &files…"), _(
            "Add .gst, .cat, .gstz or .catz files, or a .bsi data index beside its files"),
                                   self.add_files)
        self.folder_button = button(_("Add f&older…"), _(
            "Add every data file in a folder and its subfolders"), self.add_folder)
        self.address_button = button(_("Add data index &address…"), _(
            "Add what a data index lists, from its http(s) address (ends in .bsi)"),
                                     self.add_address)
        self.update_button = button(_("&Update"), _(
            "Newer revisions from the data index each file came from (files added from your "
            "disk are updated by adding newer ones)"), self.update_all)
        self.remove_button = button(_("&Remove…"), _(
            "Remove the selected game system and its catalogues (Delete)"),
                                    self.remove_selected)
        actions = QHBoxLayout()
        for w in (self.files_button, self.folder_button, self.address_button,
                  self.update_button):
            actions.addWidget(w)
        actions.addStretch(1)
        actions.addWidget(self.remove_button)

        self.progress = QProgressBar()
        self.progress.setObjectName("bsdata-progress")
        self.progress.setTextVisible(True)
        self.cancel_button = button(_("&Cancel"), _("Stop; nothing is changed"), self.cancel)
        busy = QHBoxLayout()
        busy.setContentsMargins(0, 0, 0, 0)
        busy.addWidget(self.progress, 1)
        busy.addWidget(self.cancel_button)
        self.busy = QWidget()
        self.busy.setLayout(busy)
        self.busy.hide()

        self.status = QLabel()
        self.status.setObjectName("bsdata-status")
        self.status.setWordWrap(True)
        self.status.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.problems_label = QLabel()
        self.problems = QListWidget()
        self.problems.setObjectName("bsdata-problems")
        self.problems.setWordWrap(True)
        self.problems.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.copy_button = button(_("Co&py"), _("Copy what was done and every problem, "
                                               "for a report to the data's authors"),
                                  self.copy)
        heading = QHBoxLayout()
        heading.addWidget(self.problems_label, 1)
        heading.addWidget(self.copy_button)
        report = QWidget()
        below = QVBoxLayout(report)
        below.setContentsMargins(0, 0, 0, 0)
        below.addWidget(self.status)
        below.addLayout(heading)
        below.addWidget(self.problems, 1)
        below.addStretch(0)  # (the summary stays at the top when there is no list)
        split = QSplitter(Qt.Orientation.Vertical)
        split.setChildrenCollapsible(False)
        top = QWidget()
        above = QVBoxLayout(top)
        above.setContentsMargins(0, 0, 0, 0)
        above.addWidget(self.tree, 1)
        above.addLayout(actions)
        above.addWidget(self.busy)
        split.addWidget(top)
        split.addWidget(report)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        self.split = split

        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        for b in close.buttons():
            if isinstance(b, QPushButton):
                b.setAutoDefault(False)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(split, 1)
        layout.addWidget(close)
        size = fit_window(self, 1000, 640)  # or what a smaller screen has room for
        split.setSizes([size.height(), size.height()])  # half each
        self.show_told(Told(""))
        self.refresh()
        self.tree.setFocus()

    # --- the list ----------------------------------------------------------------------------

    def refresh(self) -> None:
        """The installed game systems, read again (the selection is kept)."""
        current = self.selected_id()
        self.systems = self.store.systems()
        self.tree.clear()
        files = _("files")
        for system in self.systems.values():
            row = QTreeWidgetItem([system.name, str(system.revision),
                                   str(len(system.catalogues)), system.source or files])
            row.setData(0, ID_ROLE, system.id)
            row.setToolTip(0, _("{name}, id {id}").format(name=system.name, id=system.id))
            row.setToolTip(3, self._origin_tip(system.game_system.source,
                                               system.game_system.origin))
            for record in system.catalogues:
                name = record.name if not record.library else _("{name} (library)").format(
                    name=record.name)
                child = QTreeWidgetItem([name, str(record.revision), "",
                                         record.source or files])
                child.setData(0, ID_ROLE, system.id)
                child.setToolTip(0, _("{name}, id {id}").format(name=record.name,
                                                                 id=record.id))
                child.setToolTip(3, self._origin_tip(record.source, record.origin))
                row.addChild(child)
            self.tree.addTopLevelItem(row)
            if system.id == current:
                self.tree.setCurrentItem(row)
        for system_id in self.store.damaged:
            row = QTreeWidgetItem([system_id, "", "", _("cannot be read: remove it and add "
                                                       "it again")])
            row.setData(0, ID_ROLE, system_id)
            row.setIcon(0, icons.severity(ERROR))
            self.tree.addTopLevelItem(row)
        first = self.tree.topLevelItem(0)
        if self.tree.currentItem() is None and first is not None:
            self.tree.setCurrentItem(first)
        if first is None:
            self.status.setText(self.told.summary or _(
                "No BattleScribe data added yet. Add a game system's folder or files, or "
                "paste the data index address its repository gives (it ends in .bsi)."))
        self._enable(self.task is None)

    @staticmethod
    def _origin_tip(source: str | None, origin: str) -> str:
        if source:
            return _("From the data index {address}").format(address=source)
        return _("Added from {path}").format(path=origin) if origin else _("Added from files")

    def selected_id(self) -> str | None:
        """The game system of the selected row (a catalogue's own game system)."""
        item = self.tree.currentItem()
        return item.data(0, ID_ROLE) if item is not None else None

    def _toggle(self, index: QModelIndex) -> None:
        item = self.tree.itemFromIndex(index)
        if item is not None and item.childCount():
            item.setExpanded(not item.isExpanded())

    def _enable(self, idle: bool) -> None:
        for w in (self.files_button, self.folder_button, self.address_button):
            w.setEnabled(idle)
        from_index = any(f.source for s in getattr(self, "systems", {}).values()
                         for f in s.files)
        self.update_button.setEnabled(idle and from_index)
        self.remove_button.setEnabled(idle and self.selected_id() is not None)

    # --- adding, updating, removing ------------------------------------------------------------

    def add_files(self) -> None:
        paths = self.ask_files()
        if paths:
            self.add(paths)

    def add_folder(self) -> None:
        path = self.ask_folder()
        if path:
            self.add([path])

    def add_address(self) -> None:
        text = (self.ask_address() or "").strip()
        if not text:
            return
        if not is_address(text):
            self.show_told(Told(_("Nothing was changed:"), [(ERROR, _(
                "{text}: not an http or https address (a data index address ends in "
                ".bsi)").format(text=text))]))
            return
        self.add([text])

    def add(self, sources: list[str], *, force: bool = False) -> bool:
        """Add files, folders and addresses in the worker thread (queued when a task runs:
        False). ``force``: older revisions than those installed, and other contents for an
        installed revision, go in all the same."""
        if self.task is not None:
            self.pending.extend(s for s in sources if s not in self.pending)
            return False
        self.given = list(sources)
        shown = ", ".join(sources) if len(sources) <= 3 else ngettext(
            "{count} file or folder", "{count} files or folders", len(sources)).format(
                count=len(sources))
        return self.start(lambda adder: adder.add(list(sources)), "add",
                          _("Adding {sources}…").format(sources=shown), force=force)

    def update_all(self) -> bool:
        return self.start(lambda adder: adder.update(), "update",
                          _("Looking for newer revisions…"))

    def remove_selected(self) -> bool:
        """Remove the selected game system, after asking."""
        system_id = self.selected_id()
        if system_id is None or self.task is not None:
            return False
        system = self.systems.get(system_id)
        if not self.confirm_remove(system, system_id):
            return False
        return self.start(lambda adder: (system_id, adder.remove(system_id)), "remove",
                          _("Removing {name}…").format(name=system.name if system
                                                        else system_id))

    def start(self, job: Callable[[Adder], Any], verb: str, label: str, *,
              force: bool = False) -> bool:
        if self.task is not None:
            return False
        self.task = BSDataTask(job, self.store, self.stall, force=force)
        self.verb = verb
        self.task.progress.connect(self._progress)
        self.task.done.connect(self._done)  # (a method of the dialog: run in the GUI thread)
        self.progress.setRange(0, 0)  # busy until the first stage is told
        self.progress.setFormat("")
        self.busy.show()
        self.cancel_button.setEnabled(True)
        self.show_told(Told(label))
        self._enable(False)
        self.task.start()
        return True

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.cancel_button.setEnabled(False)
            self.status.setText(_("Cancelling…"))

    def _progress(self, stage: str, done: int, total: int, what: str) -> None:
        self.progress_seen.emit(stage)
        if self.task is None:
            return
        text = progress_text(stage, done, total, what).replace("%", "%%")
        if total <= 0:
            self.progress.setRange(0, 0)  # a download of a size not told: busy
        elif stage == DOWNLOADING:
            self.progress.setRange(0, 1000)  # bytes: more than a progress bar counts
            self.progress.setValue(min(1000, done * 1000 // total))
        else:
            self.progress.setRange(0, total)
            self.progress.setValue(done)
        self.progress.setFormat(text[:1].upper() + text[1:])

    def _done(self, result: Any) -> None:
        task, self.task = self.task, None
        if task is not None:
            task.wait()  # run() has returned: only the thread's own end is left
        self.busy.hide()
        self.last_result = result
        told = _told(result, self.verb)
        self.show_told(told)
        self.refresh()
        if told.changed:
            self.changed.emit()
        self.busy_done.emit()
        if (self.verb == "add" and isinstance(result, NotAdded) and result.only_forceable
                and self.confirm_force(result.forceable)):
            self.add(self.given, force=True)  # (what was dropped meanwhile comes after)
        if self.pending:
            sources, self.pending = self.pending, []
            self.add(sources)

    # --- what was said ---------------------------------------------------------------------------

    def show_told(self, told: Told) -> None:
        self.told = told
        self.status.setText(told.summary)
        self.problems.clear()
        words = {ERROR: _("Error"), WARNING: _("Warning"), NOTE: _("Done")}
        for severity, text in told.lines:
            item = QListWidgetItem(icons.severity(severity), text)
            item.setToolTip(words[severity])
            item.setData(ID_ROLE, severity)
            self.problems.addItem(item)
        errors = sum(1 for s, _t in told.lines if s == ERROR)
        warnings = sum(1 for s, _t in told.lines if s == WARNING)
        parts = []
        if errors:
            parts.append(ngettext("{count} error", "{count} errors", errors).format(
                count=errors))
        if warnings:
            parts.append(ngettext("{count} warning", "{count} warnings", warnings).format(
                count=warnings))
        self.problems_label.setText(_("Problems: {counts}").format(counts=", ".join(parts))
                                    if parts else _("No problems.") if told.lines else "")
        for w in (self.problems, self.problems_label, self.copy_button):
            w.setVisible(bool(told.lines))

    def problem_lines(self, severity: str) -> list[str]:
        """The lines shown of one severity (``error``, ``warning``, ``info``: what was done)."""
        return [text for s, text in self.told.lines if s == severity]

    def report_text(self) -> str:
        """What *Copy* puts on the clipboard: the summary and what was done, then the errors
        and the warnings, each under its heading, one ``FILE:LINE:COLUMN: message`` a line."""
        parts = ["\n".join([self.told.summary, *self.problem_lines(NOTE)])]
        for severity, heading in ((ERROR, _("Errors:")), (WARNING, _("Warnings:"))):
            lines = self.problem_lines(severity)
            if lines:
                parts.append("\n".join([heading, *lines]))
        return "\n\n".join(parts) + "\n"

    def copy(self) -> str:
        text = self.report_text()
        QGuiApplication.clipboard().setText(text)
        return text

    # --- questions -----------------------------------------------------------------------------

    def _ask_files(self) -> list[str]:
        paths, _filter = QFileDialog.getOpenFileNames(self, _("Add BattleScribe data files"),
                                                      "", _(DATA_FILTER))
        return paths

    def _ask_folder(self) -> str | None:
        return QFileDialog.getExistingDirectory(self, _("Add a folder of BattleScribe data"))

    def _ask_address(self) -> str | None:
        text, ok = QInputDialog.getText(self, _("Add a data index address"), _(
            "The data index address (http or https, ending in .bsi), as the game's BSData "
            "repository gives it:"))
        return text if ok else None

    def _confirm_remove(self, system: SystemRecord | None, system_id: str) -> bool:
        if system is None:
            text = _("Remove the game system {id}? Its data cannot be read.").format(
                id=system_id)
        else:
            text = ngettext(
                "Remove {name} and its {count} catalogue? Rosters of it will not open until "
                "it is added again.",
                "Remove {name} and its {count} catalogues? Rosters of it will not open until "
                "it is added again.", len(system.catalogues)).format(
                    name=system.name, count=len(system.catalogues))
        box = QMessageBox(QMessageBox.Icon.Question, _("Remove BattleScribe data"), text,
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, self)
        box.setObjectName("bsdata-remove-question")
        box.setDefaultButton(QMessageBox.StandardButton.No)
        return box.exec() == QMessageBox.StandardButton.Yes

    def _confirm_force(self, refusals: list[str]) -> bool:
        count = len(refusals)
        box = QMessageBox(QMessageBox.Icon.Question, _("Replace BattleScribe data"), ngettext(
            "Install the file given in place of the installed one?",
            "Install the files given in place of the installed ones?", count),
                          QMessageBox.StandardButton.NoButton, self)
        box.setObjectName("bsdata-force-question")
        box.setTextFormat(Qt.TextFormat.PlainText)  # (the data's names, as written)
        shown = refusals[:FORCE_SHOWN]
        if count > len(shown):
            shown.append(ngettext("and {count} more, listed in the window",
                                  "and {count} more, listed in the window",
                                  count - len(shown)).format(count=count - len(shown)))
        box.setInformativeText("\n".join(shown))
        replace = box.addButton(_("&Replace"), QMessageBox.ButtonRole.AcceptRole)
        keep = box.addButton(_("&Keep the installed"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(keep)
        box.setEscapeButton(keep)
        box.exec()
        return box.clickedButton() is replace

    def done(self, code: int) -> None:  # noqa: D102 (Qt override: closing stops the work)
        if self.task is not None:
            self.task.cancel()  # a download stops at once; the rest at the next stage
        self.pending = []
        super().done(code)
