"""What an add, update or remove is doing and did, in words: the same sentences for the
command line (``spherewars bsdata``) and the app's *BattleScribe data* window. Qt-free and
light (no XML): the strings are escaped by whoever shows them on a terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.i18n import _, ngettext

if TYPE_CHECKING:
    from builder.bsdata.adding import FileChange, Outcome
    from builder.bsdata.store import SystemRecord

MIB = 1024 * 1024


def progress_text(stage: str, done: int, total: int, what: str) -> str:
    """One stage of the work (:data:`builder.bsdata.adding.Progress`'s arguments)."""
    from builder.bsdata.adding import DOWNLOADING, LINKING, READING, WRITING

    if stage == DOWNLOADING and done < MIB:
        return _("downloading {name}: {got} KiB").format(name=what, got=done // 1024)
    if stage == DOWNLOADING:
        return _("downloading {name}: {got:.1f} MiB").format(name=what, got=done / MIB)
    if stage == READING:
        return _("reading {number} of {total}: {name}").format(
            number=done + 1, total=total, name=what)
    if stage == LINKING:
        return _("linking {name}").format(name=what)
    if stage == WRITING:
        return _("writing {name}").format(name=what)
    return _("putting the data in")


def file_line(change: FileChange, *, listed: bool = False) -> str:
    """What became of one file: new, revision before → after, replaced, as it was."""
    from builder.bsdata import adding as a
    from builder.bsdata.sources import type_word

    name = change.name if change.type == "catalogue" else _("{name} (the {kind})").format(
        name=change.name, kind=type_word(change.type))
    if change.status == a.NEW:
        return _("{name}: revision {after}, new").format(name=name, after=change.after)
    if change.status in (a.UPDATED, a.OLDER):
        return _("{name}: revision {before} → {after}").format(
            name=name, before=change.before, after=change.after)
    if change.status == a.REPAIRED:
        return _("{name}: revision {after}, written again (the installed copy was "
                 "damaged)").format(name=name, after=change.after)
    if change.status == a.REPLACED:
        return _("{name}: revision {after}, replaced with other contents").format(
            name=name, after=change.after)
    if listed:
        return _("{name}: revision {after}, the newest").format(name=name, after=change.after)
    return _("{name}: revision {after}, already installed").format(name=name,
                                                                   after=change.after)


def outcome_lines(outcome: Outcome, *, update: bool) -> list[str]:
    """Per game system a heading and, indented by four spaces, what became of its files;
    then the notes (what was left as it was, and why). The warnings are not among them."""
    lines: list[str] = []
    for system in outcome.systems:
        files = system.files
        if system.added:
            lines.append(_("added {name} (revision {revision}), id {id}:").format(
                name=system.name, revision=system.revision, id=system.id))
        else:
            lines.append(_("{name} (revision {revision}), id {id}:").format(
                name=system.name, revision=system.revision, id=system.id))
        if update:
            shown = [f for f in files if f.source]
        else:
            shown = files if system.added else [f for f in files if f.label]
        lines.extend("    " + file_line(change, listed=update) for change in shown)
        others = len(files) - len(shown)
        if others and update:
            lines.append("    " + ngettext(
                "{count} file added from a file or a folder, not checked: add a newer one "
                "the same way",
                "{count} files added from files or folders, not checked: add newer ones the "
                "same way", others).format(count=others))
        elif others:
            lines.append("    " + ngettext("and {count} more file, as installed before",
                                           "and {count} more files, as installed before",
                                           others).format(count=others))
    lines.extend(outcome.notes)
    return lines


def removed_text(system_id: str, system: SystemRecord | None) -> str:
    """What a remove did (``system``: what was removed, None when it could not be read)."""
    if system is None:
        return _("removed {id} (its data could not be read)").format(id=system_id)
    count = len(system.catalogues)
    return ngettext("removed {name} (id {id}) and its {count} catalogue",
                    "removed {name} (id {id}) and its {count} catalogues",
                    count).format(name=system.name, id=system.id, count=count)


def summary_lines(outcome: Outcome, *, update: bool) -> list[str]:
    """What an add or update did, short (the app's): a game system added in one line, one
    that changed with the files that changed under it (indented by four spaces), one left as
    it was in one line; then the notes."""
    lines: list[str] = []
    for system in outcome.systems:
        count = sum(1 for f in system.files if f.type == "catalogue")
        if system.added:
            lines.append(ngettext("Added {name} (revision {revision}) with {count} catalogue",
                                  "Added {name} (revision {revision}) with {count} catalogues",
                                  count).format(name=system.name, revision=system.revision,
                                                count=count))
        elif system.changed:
            lines.append(_("{name} (revision {revision}):").format(name=system.name,
                                                                  revision=system.revision))
            lines.extend("    " + file_line(f) for f in system.files if f.status != "unchanged")
        elif update:
            lines.append(_("{name}: every file from a data index is the newest").format(
                name=system.name))
        else:
            lines.append(_("{name}: already installed as given").format(name=system.name))
    lines.extend(outcome.notes)
    return lines
