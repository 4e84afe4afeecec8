"""Data → Packs…: the installed data packs (SPEC §8), and installing, updating, removing and
switching versions.

Downloads and checks run in a worker thread (:class:`PackTask`), never in the GUI thread: the
window stays responsive, a progress bar shows the download, and *Cancel* stops it (nothing is
installed then). Everything is done by the Qt-free core (:mod:`builder.packs`).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QInputDialog,
    QLabel,
    QMessageBox,
    QProgressBar,
    QPushButton,
    QSplitter,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from builder.gui.screenfit import fit_window
from builder.gui.widgets import WrappedNames, wrap_when_cut
from builder.gui.worker import WorkerTask
from builder.i18n import N_, _
from builder.packs.fetch import STALL_SECONDS, Cancelled, FetchError
from builder.packs.install import Installer, InstallError, Outcome, UpdateStep
from builder.packs.store import PackState, Store

PACK_FILTER = N_("Data packs (*.swpack);;All files (*)")
COLUMNS = (N_("Pack"), N_("Version"), N_("Source"), N_("Authors"), N_("Licence"),
           N_("Factions"))
NAME, SOURCE, SHARED = 0, 2, (2, 3, 5)
"""The name's column; the columns of long texts that share the table with it."""
SHARE, MIN_SHARED = 0.15, 72
"""The most of the table's width each shared column takes, and never less than this."""


class OneLine(QStyledItemDelegate):
    """A column that stays on one line, elided as ``elide`` says, when the view wraps the
    names."""

    def __init__(self, parent: QWidget, elide: Qt.TextElideMode) -> None:
        super().__init__(parent)
        self.elide = elide

    def initStyleOption(self, option: QStyleOptionViewItem,  # noqa: N802 (Qt's)
                        index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        option.features &= ~QStyleOptionViewItem.ViewItemFeature.WrapText
        option.textElideMode = self.elide


class PackTask(WorkerTask):
    """One install or update in a worker thread (:class:`~builder.gui.worker.WorkerTask`);
    ``done`` carries its result (or the exception that stopped it, or a :class:`Cancelled`)."""

    progress = Signal(str, int, int)
    """(what is downloaded, bytes received, bytes expected or -1)"""

    def __init__(self, job: Callable[[Installer], Any], store: Store, stall: float,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.job = job
        self.installer = Installer(store, stall=stall, progress=self._progress)

    def _progress(self, name: str, got: int, total: int | None) -> None:
        self.progress.emit(name, got, -1 if total is None else total)

    def work(self) -> Any:
        return self.job(self.installer)

    def cancel(self) -> None:
        self.installer.cancel()


def _authors(state: PackState) -> tuple[str, str, str, list[tuple[str, list[str]]]]:
    """(name, authors, licence, [(version, its changes)]) from the pack.yaml files."""
    from builder.data.errors import DataError
    from builder.packs.check import read_info

    name, authors, licence = state.id, "", ""
    changes: list[tuple[str, list[str]]] = []
    for version in reversed(state.ordered):
        try:
            info = read_info(state.versions[version].folder, state.id)
        except DataError:
            changes.append((version, []))
            continue
        if version == state.active:
            name, authors, licence = info.title, ", ".join(info.authors), info.licence or ""
        changes.append((version, info.changes_of(version)))
    return name, authors, licence, changes


class PacksDialog(QDialog):
    """The packs window. ``changed`` is emitted after anything was installed, updated,
    removed or switched (the app loads the data again and says what changed for the list)."""

    changed = Signal()
    busy_done = Signal()
    """A task (install, update) ended, whatever its result."""
    progress_seen = Signal()
    """A download reported progress."""

    def __init__(self, parent: QWidget | None = None, store: Store | None = None, *,
                 stall: float = STALL_SECONDS,
                 names: Callable[[str], str] | None = None) -> None:
        super().__init__(parent)
        self.names: Callable[[str], str] = names or (lambda data_id: data_id)
        """A faction's or game system's id -> what the player knows it by ("Soimi (SphereWars
        — first edition)"); the id itself where the app has no name for it."""
        self.setObjectName("packs-dialog")
        self.setWindowTitle(_("Data packs"))
        self.store = store or Store()
        self.stall = stall
        self.task: PackTask | None = None
        self.last_result: Any = None
        self.messages: list[str] = []
        """What the last task said (problems and results), as shown."""
        self.tell: Callable[[str, str, bool], None] = self._tell
        self.ask_use: Callable[[str, str], bool] = self._ask_use
        """Whether to use a newer installed version than the one chosen (pack id, version)."""

        intro = QLabel(_("Packs bring factions and game systems made by others. Install one "
                         "from a .swpack file, a folder or an address (a pack or a "
                         "community's index); updates come from where each pack came from."))
        intro.setWordWrap(True)
        self.table = QTreeWidget()
        self.table.setObjectName("packs-table")
        self.table.setRootIsDecorated(False)
        self.table.setHeaderLabels([_(c) for c in COLUMNS])
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.table.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # The name takes what is left, wrapped onto more lines when it is long; the address,
        # the authors and the factions (named, with their game) as wide as they need up to
        # a share of the table, elided past it (each whole in its tooltip and the details)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        for column in SHARED:
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.Interactive)
        self.table.setItemDelegateForColumn(NAME, WrappedNames(self.table, NAME))
        self.one_line = {column: OneLine(self.table, Qt.TextElideMode.ElideMiddle
                                         if column == SOURCE else Qt.TextElideMode.ElideRight)
                         for column in SHARED}  # (an address keeps its host and its file)
        for column, delegate in self.one_line.items():
            self.table.setItemDelegateForColumn(column, delegate)
        self.table.currentItemChanged.connect(lambda *_a: self._show_details())
        # (after the header has laid its sections out: a section resized while it does so is
        # put back to the size it had worked out)
        self.fitting = QTimer(self, singleShot=True, interval=0)
        self.fitting.timeout.connect(self.fit_columns)
        header.sectionResized.connect(
            lambda column, _old, _new: self.fitting.start() if column == NAME else None)
        self.details = QTextBrowser()
        self.details.setObjectName("packs-details")
        self.details.setOpenExternalLinks(False)
        split = QSplitter()
        split.setChildrenCollapsible(False)
        split.addWidget(self.table)
        split.addWidget(self.details)
        split.setStretchFactor(0, 3)
        split.setStretchFactor(1, 2)

        def button(text: str, tip: str, slot: Callable[[], object]) -> QPushButton:
            b = QPushButton(text)
            b.setToolTip(tip)
            b.clicked.connect(lambda _checked=False: slot())
            return b

        self.file_button = button(_("Install from &file…"), _("Install a .swpack file"),
                                  self.install_file)
        self.folder_button = button(_("From f&older…"), _("Install a pack folder (one with "
                                                          "pack.yaml)"), self.install_folder)
        self.address_button = button(_("From &address…"), _("Install from an http(s) address "
                                                             "of a .swpack or of an index"),
                                     self.install_address)
        self.update_button = button(_("&Update all"), _("Install newer versions from the index "
                                                        "each pack came from"), self.update_all)
        self.remove_button = button(_("&Remove…"), _("Remove the selected pack (every "
                                                     "version)"), self.remove_selected)
        self.versions = QComboBox()
        self.versions.setObjectName("packs-versions")
        self.versions.setToolTip(_("The installed versions of the selected pack"))
        self.use_button = button(_("U&se this version"), _("Use the version chosen beside "
                                                           "instead of the newest"),
                                 self.use_selected)
        actions = QHBoxLayout()
        for w in (self.file_button, self.folder_button, self.address_button,
                  self.update_button):
            actions.addWidget(w)
        actions.addStretch(1)
        versions = QHBoxLayout()
        versions.addWidget(QLabel(_("Version:")))
        versions.addWidget(self.versions)
        versions.addWidget(self.use_button)
        versions.addStretch(1)
        versions.addWidget(self.remove_button)

        self.progress = QProgressBar()
        self.progress.setObjectName("packs-progress")
        self.progress.setTextVisible(True)
        self.cancel_button = button(_("&Cancel"), _("Stop the download; nothing is installed"),
                                    self.cancel)
        self.status = QLabel()
        self.status.setObjectName("packs-status")
        self.status.setWordWrap(True)
        busy = QHBoxLayout()
        busy.addWidget(self.progress, 1)
        busy.addWidget(self.cancel_button)
        self.busy = QWidget()
        self.busy.setLayout(busy)
        self.busy.hide()

        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(actions)
        layout.addWidget(split, 1)
        layout.addLayout(versions)
        layout.addWidget(self.busy)
        layout.addWidget(self.status)
        layout.addWidget(close)
        fit_window(self, 1000, 480)  # or what a smaller screen has room for
        self.refresh()

    # --- the list --------------------------------------------------------------------------

    def refresh(self) -> None:
        current = self.selected_id()
        self.packs = self.store.packs()
        self.table.clear()
        for state in self.packs.values():
            name, authors, licence, _changes = _authors(state)
            item = state.current()
            version = state.active if state.chosen is None else _(
                "{version} (chosen)").format(version=state.active)
            source = state.origin or _("file or folder")
            row = QTreeWidgetItem([name, version, source, authors, licence,
                                   ", ".join(map(self.names, item.factions + item.systems))])
            row.setData(0, 256, state.id)
            for column in (NAME, *SHARED):
                row.setToolTip(column, row.text(column))
            self.table.addTopLevelItem(row)
            if state.id == current:
                self.table.setCurrentItem(row)
        first = self.table.topLevelItem(0)
        if self.table.currentItem() is None and first is not None:
            self.table.setCurrentItem(first)
        self.fit_columns()
        self._show_details()

    def fit_columns(self) -> None:
        """The address, the authors and the factions as wide as their texts, up to a share of
        the table each (the name keeps the rest); the names wrapped onto more lines
        when one does not fit on one. Again whenever the table's width changes."""
        table = self.table
        header = table.header()
        most = max(MIN_SHARED, int(table.viewport().width() * SHARE))
        for column in SHARED:
            wanted = max(table.sizeHintForColumn(column),
                         header.sectionSizeFromContents(column).width())
            width = min(wanted, most)
            if header.sectionSize(column) != width:
                header.resizeSection(column, width)
        rows = (table.topLevelItem(i) for i in range(table.topLevelItemCount()))
        wrap_when_cut(table, NAME, ((row.text(NAME), False) for row in rows if row))

    def selected_id(self) -> str | None:
        item = self.table.currentItem()
        return item.data(0, 256) if item is not None else None

    def _show_details(self) -> None:
        pack_id = self.selected_id()
        state = self.packs.get(pack_id) if pack_id else None
        self.versions.clear()
        has = state is not None and self.task is None
        for w in (self.remove_button, self.use_button, self.versions):
            w.setEnabled(has)
        if state is None:
            self.details.setHtml("<p>" + html.escape(_(
                "No data packs installed yet. A community shares its packs on a web page: "
                "install one from its address, or from a .swpack file someone sent you."))
                + "</p>")
            return
        for version in reversed(state.ordered):
            self.versions.addItem(version, version)
        self.versions.setCurrentIndex(self.versions.findData(state.active))
        name, authors, licence, changes = _authors(state)
        item = state.current()
        rows = [(_("Id"), state.id), (_("In use"), state.active),
                (_("Source"), state.origin or _("a file or folder (update it the same way)")),
                (_("Authors"), authors or "–"), (_("Licence"), licence or "–"),
                (_("Factions"), ", ".join(map(self.names, item.factions)) or "–"),
                (_("Game systems"), ", ".join(map(self.names, item.systems)) or "–"),
                (_("Fingerprint"), item.fingerprint)]
        parts = [f"<h3>{html.escape(name)}</h3><table>"]
        parts += [f"<tr><td><b>{html.escape(k)}</b>&nbsp;</td><td>{html.escape(v)}</td></tr>"
                  for k, v in rows]
        changes_heading = html.escape(_("Changes"))
        parts.append(f"</table><h4>{changes_heading}</h4>")
        for version, texts in changes:
            said = "; ".join(texts) or _("(no notes)")
            parts.append(f"<p><b>{html.escape(version)}</b>: {html.escape(said)}</p>")
        self.details.setHtml("".join(parts))

    # --- installing ------------------------------------------------------------------------

    def install_file(self) -> None:
        path, _filter = QFileDialog.getOpenFileName(self, _("Install a data pack"), "",
                                                    _(PACK_FILTER))
        if path:
            self.install(path)

    def install_folder(self) -> None:
        path = QFileDialog.getExistingDirectory(self, _("Install a pack folder"))
        if path:
            self.install(path)

    def install_address(self) -> None:
        url, ok = QInputDialog.getText(self, _("Install from an address"), _(
            "The address of a .swpack or of a community's index (http or https):"))
        if ok and url.strip():
            self.install(url.strip())

    def install(self, *sources: str) -> None:
        """Install from files, folders or addresses, in the worker thread."""
        def job(installer: Installer) -> tuple[list[Outcome], list[str]]:
            done: list[Outcome] = []
            failed: list[str] = []
            for source in sources:
                try:
                    more, problems = installer.install(source)
                except (InstallError, FetchError) as exc:
                    more, problems = [], [str(exc)]
                done += more
                failed += problems
            return done, failed

        self.start(job, _("Installing {source}…").format(source=", ".join(sources)))

    def update_all(self) -> None:
        self.start(lambda installer: installer.update(), _("Looking for updates…"))

    def start(self, job: Callable[[Installer], Any], label: str) -> None:
        if self.task is not None:
            return
        self.task = PackTask(job, self.store, self.stall)
        self.task.progress.connect(self._progress)
        self.task.done.connect(self._done)
        self.progress.setRange(0, 0)  # busy until the first byte
        self.busy.show()
        self.status.setText(label)
        self._enable(False)
        self.task.start()

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.status.setText(_("Cancelling…"))

    def _enable(self, on: bool) -> None:
        for w in (self.file_button, self.folder_button, self.address_button,
                  self.update_button, self.remove_button, self.use_button, self.versions):
            w.setEnabled(on)

    def _progress(self, name: str, got: int, total: int) -> None:
        self.progress_seen.emit()
        if total > 0:
            self.progress.setRange(0, 1000)
            self.progress.setValue(min(1000, got * 1000 // total))
            self.progress.setFormat(_("{name}: %p%").format(name=name))
        else:
            self.progress.setRange(0, 0)

    def _done(self, result: Any) -> None:
        task, self.task = self.task, None
        if task is not None:
            task.wait()  # run() has returned: only the thread's own end is left
        self.busy.hide()
        self._enable(True)
        self.last_result = result
        changed, lines, failed = self._describe(result)
        self.messages = lines
        self.status.setText("\n".join(lines[:3]))
        self.refresh()
        if failed:
            self.tell(_("Data packs"), "\n\n".join(lines), True)
        changed = self._offer_newer(result) or changed
        if changed:
            self.changed.emit()
        self.busy_done.emit()

    def _describe(self, result: Any) -> tuple[bool, list[str], bool]:
        """(anything installed, the lines to show, anything failed)."""
        if isinstance(result, Cancelled):
            return False, [_("Cancelled; nothing was installed.")], False
        if isinstance(result, Exception):
            return False, [str(result)], True
        if isinstance(result, tuple):  # install: (outcomes, problems)
            done, failed = result
            lines = [self._outcome(o) for o in done] + list(failed)
            return any(o.status != "already" for o in done), lines, bool(failed)
        steps: list[UpdateStep] = result
        lines = []
        for step in steps:
            if step.status == "updated":
                lines.append(_("{id}: {old} → {new}").format(id=step.id, old=step.old,
                                                            new=step.new))
            elif step.status == "current":
                lines.append(_("{id}: {version} is the newest").format(id=step.id,
                                                                      version=step.old))
            elif step.status == "older-chosen":
                lines.append(_("{id}: using {old} (chosen); {new} is newer and installed")
                             .format(id=step.id, old=step.old, new=step.new))
            else:
                lines.append(f"{step.id}: {step.message}")
        if not steps:
            lines.append(_("No data packs installed."))
        return (any(s.status == "updated" for s in steps), lines,
                any(s.status == "failed" for s in steps))

    def _offer_newer(self, result: Any) -> bool:
        """After *Update all*: for each pack whose chosen version is older than its newest
        installed one, offer to use the newest (issue 41 item 1). True when one was taken."""
        if not isinstance(result, list):
            return False
        taken = False
        for step in result:
            state = self.store.get(step.id) if step.status in ("updated", "older-chosen") \
                else None
            if state is None or state.active == state.newest:
                continue
            if self.ask_use(step.id, state.newest):
                self.store.use(step.id, None)
                self.status.setText(_("Using {id} {version}").format(id=step.id,
                                                                     version=state.newest))
                taken = True
        if taken:
            self.refresh()
        return taken

    def _ask_use(self, pack_id: str, version: str) -> bool:
        answer = QMessageBox.question(self, _("Newer version"), _(
            "{id} {version} is installed and newer than the version chosen. Use it now?")
            .format(id=pack_id, version=version))
        return answer == QMessageBox.StandardButton.Yes

    @staticmethod
    def _outcome(outcome: Outcome) -> str:
        if outcome.status == "already":
            return _("{name} {version} is already installed").format(name=outcome.name,
                                                                     version=outcome.version)
        return _("Installed {name} {version}").format(name=outcome.name,
                                                      version=outcome.version)

    def _tell(self, title: str, text: str, warning: bool) -> None:
        box = QMessageBox(QMessageBox.Icon.Warning if warning else QMessageBox.Icon.Information,
                          title, text, QMessageBox.StandardButton.Ok, self)
        box.exec()

    # --- removing and switching ------------------------------------------------------------

    def remove_selected(self, confirm: Callable[[str], bool] | None = None) -> bool:
        pack_id = self.selected_id()
        if pack_id is None:
            return False
        ask = confirm or self._confirm_remove
        if not ask(pack_id):
            return False
        if not self._changed_store(lambda: self.store.remove(pack_id)):
            return False
        self.status.setText(_("Removed {id}").format(id=pack_id))
        self.refresh()
        self.changed.emit()
        return True

    def _changed_store(self, change: Callable[[], object]) -> bool:
        """``change`` made holding the packs folder's lock; False (and said) when the folder
        cannot be written."""
        try:
            with self.store.lock():
                change()
        except OSError as exc:
            self.tell(_("Data packs"), _("{folder} cannot be written: {problem}").format(
                folder=self.store.root, problem=exc.strerror or exc), True)
            return False
        return True

    def _confirm_remove(self, pack_id: str) -> bool:
        answer = QMessageBox.question(self, _("Remove data pack"), _(
            "Remove every installed version of {id}? Lists that use its factions will not "
            "load them until it is installed again.").format(id=pack_id))
        return answer == QMessageBox.StandardButton.Yes

    def use_selected(self) -> None:
        pack_id = self.selected_id()
        version = self.versions.currentData()
        state = self.packs.get(pack_id) if pack_id else None
        if pack_id is None or state is None or version is None or version == state.active:
            return
        if not self._changed_store(lambda: self.store.use(
                pack_id, None if version == state.newest else version)):
            return
        self.status.setText(_("Using {id} {version}").format(id=pack_id, version=version))
        self.refresh()
        self.changed.emit()

    def done(self, code: int) -> None:  # noqa: D102 (Qt override: closing stops a download)
        if self.task is not None:
            self.task.cancel()  # a download stops at once; a check ends in the background
        super().done(code)
