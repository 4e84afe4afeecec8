"""The faction editor's files: saving into the user's factions folder, exporting a copy,
importing a faction or a game system, deleting a faction of the user's. Each asks what it
must through the window's prompts and then tells the window what changed (:class:`Host`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from PySide6.QtCore import QObject, Signal

from builder.data import (
    Catalogue,
    DataError,
    load_faction,
    load_system,
    load_yaml,
    read_text,
    save_faction,
    write_atomic,
)
from builder.data.catalogue import is_system_data
from builder.data.loading import MAX_FACTION_BYTES, MAX_SYSTEM_BYTES
from builder.gui.dialogs.datafiles import remove_file
from builder.gui.editor.document import FactionDocument, faction_form_data
from builder.gui.editor.pane import FactionPane
from builder.gui.editor.prompts import Prompts
from builder.i18n import _, ngettext
from builder.model import Faction
from builder.model.text import display
from builder.plumbing import paths

MAX_LINES_SHOWN = 15
"""Problems listed in a message box before "and N more"."""


@dataclass
class FactionEntry:
    """A faction the editor can open: where it lives and whether it is built in."""

    faction: Faction
    path: Path
    builtin: bool


def clip(lines: list[str]) -> str:
    if len(lines) <= MAX_LINES_SHOWN:
        return "\n".join(lines)
    more = len(lines) - MAX_LINES_SHOWN
    return "\n".join(lines[:MAX_LINES_SHOWN] + [_("… and {n} more").format(n=more)])


def same_file(a: Path | None, b: Path | None) -> bool:
    if a is None or b is None:
        return False
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return a == b


def in_user_folder(path: Path) -> bool:
    return paths.within(path, paths.user_factions_dir())


class Host(Protocol):
    """What the files need of the editor window."""

    prompts: Prompts
    pane: FactionPane | None
    entries: dict[str, FactionEntry]

    @property
    def catalogue(self) -> Catalogue: ...

    def show_document(self, doc: FactionDocument) -> None: ...

    def open_faction(self, faction_id: str) -> bool: ...

    def close_pane(self) -> None: ...

    def fill_list(self) -> None: ...

    def update_title(self) -> None: ...

    def show_status(self, message: str, timeout: int = 0) -> None: ...


class FactionFiles(QObject):
    """Save, export, import and delete for the editor window ``host``.

    ``faction_saved(id)`` after Save or Import wrote a faction into the user folder;
    ``system_imported(id)`` after a game system was; ``faction_deleted(id)`` after a faction
    of the user's was deleted."""

    faction_saved = Signal(str)
    system_imported = Signal(str)
    faction_deleted = Signal(str)

    def __init__(self, host: Host, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.host = host

    @property
    def prompts(self) -> Prompts:
        return self.host.prompts

    @property
    def pane(self) -> FactionPane | None:
        return self.host.pane

    def delete_faction(self) -> bool:
        """Delete the open faction of the user's (its file to the trash, after asking), or
        discard a new one never saved; the editor then shows no faction."""
        pane = self.pane
        if pane is None or pane.read_only:
            return False
        doc = pane.doc
        name = doc.data.get("name") or doc.data.get("id") or _("this faction")
        path = doc.path if doc.path is not None and in_user_folder(doc.path) else None
        if path is None:
            question = _("Discard “{name}”? It was never saved.").format(name=name)
        else:
            question = _("Delete “{name}” and its file {file}?\n\nLists that use the id "
                         "“{id}” will no longer find it. The file goes to the trash where the "
                         "desktop has one; otherwise it is deleted for good.").format(
                name=name, file=path.name, id=doc.original_id)
        if self.prompts.ask(_("Delete faction"), question,
                            [("delete", _("Delete")), ("cancel", _("Cancel"))]) != "delete":
            return False
        said = _("“{name}” was discarded.").format(name=name)
        if path is not None:
            try:
                trashed = remove_file(path)
            except OSError as exc:
                self.prompts.tell(_("Cannot delete"), _("{file} could not be deleted: "
                                                        "{reason}").format(
                    file=path, reason=exc.strerror or exc))
                return False
            said = (_("“{name}” was moved to the trash.") if trashed
                    else _("“{name}” was deleted.")).format(name=name)
            self.host.entries = {fid: e for fid, e in self.host.entries.items()
                                 if not same_file(e.path, path)}
        self.host.close_pane()
        self.host.fill_list()
        self.host.show_status(said, 8000)
        if path is not None:
            self.faction_deleted.emit(doc.original_id or "")
        return True

    def _refuse_if_invalid(self, doing: str) -> bool:
        """Explain why an invalid faction cannot be written. True when it was refused."""
        assert self.pane is not None
        doc = self.pane.doc
        if doc.valid:
            return False
        count = len(doc.problems)
        name = doc.data.get("name") or doc.data.get("id") or _("This faction")
        if doing == "save":
            title = _("Cannot save")
            text = ngettext("“{name}” cannot be saved yet: it has {n} problem. Fix it first:",
                            "“{name}” cannot be saved yet: it has {n} problems. Fix them first:",
                            count)
        else:
            title = _("Cannot export")
            text = ngettext("“{name}” cannot be exported yet: it has {n} problem. Fix it first:",
                            "“{name}” cannot be exported yet: it has {n} problems. Fix them "
                            "first:", count)
        self.prompts.tell(title, text.format(name=name, n=count) + "\n\n"
                          + clip(self.pane.problem_text().splitlines()))
        return True

    def save(self) -> bool:
        """Write the open faction into the user folder (atomically, in the SPEC's key order).

        Refused while the faction is invalid or built in. A changed id renames the file,
        after asking; an id another faction already has replaces that one, after asking.
        """
        pane = self.pane
        if pane is None:
            return False
        doc = pane.doc
        if doc.builtin:
            self.prompts.tell(_("Built-in faction"), _("Built-in factions cannot be changed. "
                                                       "Use “Duplicate to edit” to make your "
                                                       "own version."))
            return False
        if self._refuse_if_invalid("save"):
            return False
        faction = doc.faction
        assert faction is not None
        folder = paths.user_factions_dir()
        own_file = doc.path if doc.path is not None and in_user_folder(doc.path) \
            else None
        target = folder / f"{faction.id}.yaml"
        remove_old: Path | None = None
        if own_file is not None and doc.original_id == faction.id:
            target = own_file
        elif own_file is not None:
            answer = self.prompts.ask(
                _("Faction id changed"),
                _("The id changed from “{old}” to “{new}”. Warband lists that use “{old}” will "
                  "no longer find it.\n\nRename the faction (the file {old_file} is replaced "
                  "by {new_file}), or keep both?").format(
                    old=doc.original_id, new=faction.id, old_file=own_file.name,
                    new_file=target.name),
                [("rename", _("Rename")), ("both", _("Keep both")), ("cancel", _("Cancel"))])
            if answer == "cancel":
                return False
            if answer == "rename":
                remove_old = own_file
        other = self.host.entries.get(faction.id)
        if other is not None and not same_file(other.path, own_file):
            if other.builtin:
                question = _("The built-in faction “{name}” has the id “{id}”. Your faction will "
                             "replace it in the app (the built-in file itself is not changed). "
                             "Save anyway?").format(name=other.faction.name, id=faction.id)
            else:
                question = _("Your faction “{name}” ({file}) already has the id “{id}”. Replace "
                             "it?").format(name=other.faction.name, file=other.path.name,
                                           id=faction.id)
                target = other.path
            if not self._may_replace(_("Replace a faction"), question):
                return False
        try:
            folder.mkdir(parents=True, exist_ok=True)
            save_faction(faction, target)
            if remove_old is not None and not same_file(remove_old, target):
                remove_old.unlink(missing_ok=True)
        except OSError as exc:
            self.prompts.tell(_("Cannot save"), _("{file} could not be written: {error}")
                                   .format(file=target, error=exc.strerror or exc))
            return False
        if remove_old is not None and doc.original_id is not None:
            self.host.entries.pop(doc.original_id, None)
        doc.mark_saved(target)
        self.host.entries[faction.id] = FactionEntry(faction, target, builtin=False)
        pane.stack.setClean()
        pane.update_file_label()
        self.host.fill_list()
        self.host.update_title()
        self.host.show_status(
            _("Saved “{name}” to {file}").format(name=faction.name, file=target), 8000)
        self.faction_saved.emit(faction.id)
        return True

    def exportable_faction(self) -> Faction | None:
        """The open faction, to be written somewhere else (exported, or as a pack), or None
        when there is none or it has problems (then the window has said why)."""
        pane = self.pane
        if pane is None or self._refuse_if_invalid("export"):
            return None
        faction = pane.doc.faction
        assert faction is not None
        return faction

    def export_faction(self, path: str | Path | None = None) -> bool:
        """Save a copy of the open faction anywhere (to share it); the user folder and the
        open file are not touched."""
        faction = self.exportable_faction()
        if faction is None:
            return False
        if path is None:
            path = self.prompts.save_path(_("Export faction"), f"{faction.id}.yaml")
            if not path:
                return False
        try:
            save_faction(faction, Path(path))
        except OSError as exc:
            self.prompts.tell(_("Cannot export"), _("{file} could not be written: {error}")
                              .format(file=path, error=exc.strerror or exc))
            return False
        self.host.show_status(
            _("Exported “{name}” to {file}").format(name=faction.name, file=path), 8000)
        return True

    def import_faction(self, path: str | Path | None = None) -> bool:
        """Check a faction file with the same loader as the app, then copy it as it is
        (comments included) into the user folder, asking before replacing a faction."""
        if path is None:
            path = self.prompts.open_path(_("Import faction or game system"))
            if not path:
                return False
        source = Path(path)
        if is_system_file(source):
            return self.import_system(source)
        try:
            faction = load_faction(source, self.host.catalogue.systems)
            text = read_text(source, MAX_FACTION_BYTES)
        except DataError as exc:
            return self._refuse(_("{file} is not a faction file this app can use:"), source,
                                exc)
        folder = paths.user_factions_dir()
        target = folder / f"{faction.id}.yaml"
        other = self.host.entries.get(faction.id)
        if other is not None and not other.builtin:
            target = other.path
        if other is not None or target.exists():
            if other is not None and other.builtin:
                question = _("“{name}” has the id “{id}” of the built-in faction “{other}”. "
                             "Import it to replace that one in the app (the built-in file "
                             "itself is not changed)?").format(
                    name=faction.name, id=faction.id, other=other.faction.name)
            else:
                shown = other.faction.name if other is not None else target.name
                question = _("Your factions folder already has “{name}” with the id “{id}”. "
                             "Replace it with the imported file?").format(name=shown,
                                                                          id=faction.id)
            if not self._may_replace(_("Replace a faction"), question):
                return False
        if not self._copy(source, target, text):
            return False
        self.host.entries[faction.id] = FactionEntry(faction, target, builtin=False)
        open_here = self.pane is not None and same_file(self.pane.doc.path, target)
        if open_here and self.pane is not None:
            # the open faction's file was replaced: show what is in it now
            self.pane.stack.setClean()
            self.host.show_document(FactionDocument(faction_form_data(faction), faction.game,
                                                    path=target))
        self.host.fill_list()
        self.host.show_status(
            _("Imported “{name}” into {file}").format(name=faction.name, file=target), 8000)
        self.faction_saved.emit(faction.id)
        self.host.open_faction(faction.id)
        return True

    def _may_replace(self, title: str, question: str) -> bool:
        return self.prompts.ask(title, question,
                                [("replace", _("Replace")), ("cancel", _("Cancel"))]) == "replace"

    def _copy(self, source: Path, target: Path, text: str) -> bool:
        """An imported file's text into ``target`` as it is (comments included), unless it
        is that file already. False when it could not be written (the user was told)."""
        if same_file(source, target):
            return True
        try:
            target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(target, text)
        except OSError as exc:
            self.prompts.tell(_("Cannot import"), _("{file} could not be written: {error}")
                              .format(file=target, error=exc.strerror or exc))
            return False
        return True

    def _refuse(self, what: str, source: Path, exc: DataError) -> bool:
        """Why ``source`` cannot be imported: ``what`` it is not, and its problems."""
        self.prompts.tell(_("Cannot import"), what.format(file=source.name) + "\n\n"
                          + clip(str(exc).splitlines()))
        return False

    def import_system(self, source: Path) -> bool:
        """Check a game system file (SPEC §5) with the app's loader, then copy it as it is
        into the user's systems folder, asking before replacing a system of the same id.
        ``system_imported(id)`` tells the main window to reload its data."""
        try:
            system = load_system(source)
            text = read_text(source, MAX_SYSTEM_BYTES)
        except DataError as exc:
            return self._refuse(_("{file} is not a game system file this app can use:"),
                                source, exc)
        name = display(system.name)
        folder = paths.user_systems_dir()
        target = self.host.catalogue.system_files.get(system.id)
        if target is None or system.id in self.host.catalogue.builtin_system_ids:
            target = folder / f"{system.id}.yaml"
        known = self.host.catalogue.systems.get(system.id)
        if known is not None or target.exists():
            if system.id in self.host.catalogue.builtin_system_ids:
                question = _("“{name}” has the id “{id}” of the built-in game “{other}”. Import "
                             "it to replace that one in the app (the built-in file itself is "
                             "not changed)?").format(
                    name=name, id=system.id,
                    other=display(known.name) if known else system.id)
            else:
                question = _("Your systems folder already has a game with the id “{id}”. Replace "
                             "it with the imported file?").format(id=system.id)
            if not self._may_replace(_("Replace a game system"), question):
                return False
        if not self._copy(source, target, text):
            return False
        # New faction offers it at once, with or without a main window to reload the data.
        self.host.catalogue.systems[system.id] = system
        self.host.catalogue.system_files[system.id] = target
        self.host.catalogue.builtin_system_ids.discard(system.id)
        self.host.show_status(
            _("Imported the game “{name}” into {file}").format(name=name, file=target), 8000)
        self.system_imported.emit(system.id)
        return True


def is_system_file(path: Path) -> bool:
    """A file whose ``schema`` names a game system (a file that cannot be read is left to
    the faction import, which reports why)."""
    try:
        doc = load_yaml(path, MAX_SYSTEM_BYTES)
    except DataError:
        return False
    return is_system_data(doc.data)
