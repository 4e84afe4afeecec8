"""Every edit of a roster is one of these undo commands, each calling the document's API.

Forces and selections are named by the objects themselves: what a command takes out, its undo
puts back (:meth:`~builder.document.roster_edit.RosterEditing.put_back`), and what a command
made, its redo after an undo puts back rather than makes anew, so the objects later commands
hold stay the roster's own. An option changed in the options panel may be several steps
(another choice of a group: the old one out, the new one in): they are child commands of
one, undone together.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand

from builder.battlescribe.engine.roster import Force, Roster, Selection
from builder.gui.commands import MergingSet
from builder.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from builder.document.roster import RosterList
    from builder.document.roster_edit import Owner, Place
    from builder.gui.roster.document import RosterDocument

# Merge ids (QUndoCommand.id): consecutive edits of the same thing fold into one undo step.
COUNT_ID = 101
LIMIT_ID = 102
NAME_ID = 103
NOTES_ID = 104


def shown_name(item: Force | Selection) -> str:
    """A force or selection by its own name, else its entry's (undo's words)."""
    if isinstance(item, Selection):
        return item.custom_name or item.node.name
    return item.custom_name or item.name


class _Made(QUndoCommand):
    """A command that makes a force or selection: done once, then put back on redo."""

    def __init__(self, doc: RosterDocument, text: str,
                 parent: QUndoCommand | None = None) -> None:
        super().__init__(text, parent)
        self.doc = doc
        self.made: Force | Selection | None = None
        self._place: Place | None = None

    def make(self) -> Force | Selection:
        raise NotImplementedError

    def redo(self) -> None:
        if self._place is None:
            self.made = self.make()
        else:
            self.doc.put_back(self._place)

    def undo(self) -> None:
        made = self.made
        assert made is not None
        self._place = self.doc.remove_force(made) if isinstance(made, Force) \
            else self.doc.remove_selection(made)


class AddForceCommand(_Made):
    """A force (``parent``: the force it goes in, for a child force)."""

    def __init__(self, doc: RosterDocument, entry_id: str, catalogue_id: str | None,
                 name: str, parent: Force | None = None) -> None:
        super().__init__(doc, _("Add force {name}").format(name=name))
        self.entry_id, self.catalogue_id, self.parent = entry_id, catalogue_id, parent

    def make(self) -> Force:
        return self.doc.add_force(self.entry_id, self.catalogue_id, self.parent)


class RelinkCommand(QUndoCommand):
    """A force of a catalogue the roster does not use yet (*Add force…*): the roster linked
    anew to its data read again with that catalogue (``relinked``) takes the document's
    place, then the force is added to it, as one undo step. Its undo takes the force out and
    puts the roster as it was back, the very list, so the steps before it undo on their own
    objects; its redo the relinked one, so the steps after it redo on theirs."""

    def __init__(self, doc: RosterDocument, relinked: RosterList, add: AddForceCommand) -> None:
        super().__init__(add.text())
        self.doc, self.other, self.add = doc, relinked, add

    @property
    def made(self) -> Force | Selection | None:
        return self.add.made

    def _swap(self) -> None:
        current, other = self.doc.list, self.other
        other.path = current.path  # (saved meanwhile, or under another name)
        if other.event is not current.event:
            other.set_event(current.event)
        self.other = current
        self.doc.replace(other)

    def redo(self) -> None:
        self._swap()
        self.add.redo()

    def undo(self) -> None:
        self.add.undo()
        self._swap()


class DuplicateCommand(_Made):
    """A copy of a force or selection (with what it holds), beside it."""

    def __init__(self, doc: RosterDocument, item: Force | Selection) -> None:
        super().__init__(doc, _("Duplicate {name}").format(name=shown_name(item)))
        self.item = item

    def make(self) -> Force | Selection:
        item = self.item
        return self.doc.duplicate_force(item) if isinstance(item, Force) \
            else self.doc.duplicate_selection(item)


class SelectCommand(QUndoCommand):
    """Choose an entry in a force or under a selection: a new selection (with what it
    requires), or one more of the one there."""

    def __init__(self, doc: RosterDocument, container: Force | Selection, entry_id: str,
                 name: str, parent: QUndoCommand | None = None) -> None:
        super().__init__(_("Add {name}").format(name=name), parent)
        self.doc, self.container, self.entry_id = doc, container, entry_id
        self.made: Selection | None = None
        self.grown: tuple[int, int] | None = None
        """(amount before, amount after) when it grew a selection already there."""
        self._place: Place | None = None

    def redo(self) -> None:
        if self.made is None:
            chosen = self.doc.select(self.container, self.entry_id)
            self.made = chosen.selection
            if chosen.grown_from is not None:
                self.grown = (chosen.grown_from, chosen.selection.amount)
        elif self.grown is not None:
            self.doc.set_count(self.made, self.grown[1])
        else:
            assert self._place is not None
            self.doc.put_back(self._place)

    def undo(self) -> None:
        assert self.made is not None
        if self.grown is not None:
            self.doc.set_count(self.made, self.grown[0])
        else:
            self._place = self.doc.remove_selection(self.made)


class RemoveCommand(QUndoCommand):
    """Take forces and selections out (Delete on several is one undo step); one inside
    another taken out goes with it."""

    def __init__(self, doc: RosterDocument, items: list[Force | Selection],
                 parent: QUndoCommand | None = None) -> None:
        kept = [i for i in items if not any(_inside(i, other) for other in items
                                            if other is not i)]
        text = _("Remove {name}").format(name=shown_name(kept[0])) if len(kept) == 1 else \
            ngettext("Remove {n} item", "Remove {n} items", len(kept)).format(n=len(kept))
        super().__init__(text, parent)
        self.doc, self.items = doc, kept
        self._places: list[Place] = []

    def redo(self) -> None:
        self._places = [self.doc.remove_force(i) if isinstance(i, Force)
                        else self.doc.remove_selection(i) for i in self.items]

    def undo(self) -> None:
        for place in reversed(self._places):
            self.doc.put_back(place)


def _inside(item: Force | Selection, other: Force | Selection) -> bool:
    """Whether ``item`` is held by ``other`` (a selection under it, a child force)."""
    parent = item.parent
    while isinstance(parent, Force | Selection):
        if parent is other:
            return True
        parent = parent.parent
    return False


class SetCountCommand(QUndoCommand):
    """A selection's count. Steps on the same selection merge into one undo step; coming back
    to where it started makes it obsolete."""

    def __init__(self, doc: RosterDocument, selection: Selection, count: int, *,
                 merge: bool = True, parent: QUndoCommand | None = None) -> None:
        super().__init__(_("Change count of {name}").format(name=shown_name(selection)),
                         parent)
        self.doc, self.selection = doc, selection
        self.old, self.new, self.merge = selection.amount, count, merge

    def id(self) -> int:
        return COUNT_ID if self.merge else -1

    def mergeWith(self, other: QUndoCommand) -> bool:  # noqa: N802 (Qt override)
        if not isinstance(other, SetCountCommand) or other.selection is not self.selection \
                or not other.merge:
            return False
        self.new = other.new
        self.setObsolete(self.new == self.old)
        return True

    def redo(self) -> None:
        self.doc.set_count(self.selection, self.new)

    def undo(self) -> None:
        self.doc.set_count(self.selection, self.old)


class _SetCommand(MergingSet):
    """One value of the roster (a limit, a name, notes) of ``key`` (a cost type's id, the
    roster, a force, a category or a selection); consecutive changes of the same merge."""

    doc: RosterDocument

    def __init__(self, doc: RosterDocument, key: object, new: object) -> None:
        super().__init__(doc, new, key)


class SetCostLimitCommand(_SetCommand):
    """``key``: the cost type's id."""

    merge_id = LIMIT_ID
    label = N_("Change cost limit")

    def current(self) -> object:
        return self.doc.cost_limit(str(self.key))

    def apply(self, value: object) -> None:
        self.doc.set_cost_limit(str(self.key), None if value is None else float(str(value)))


class RenameCommand(_SetCommand):
    """The roster's name, or a force's, category's or selection's own name."""

    merge_id = NAME_ID
    label = N_("Rename")

    def current(self) -> object:
        target = self.key
        if isinstance(target, Roster):
            return target.name
        return getattr(target, "custom_name", None) or ""

    def apply(self, value: object) -> None:
        self.doc.set_name(self.owner, str(value))

    @property
    def owner(self) -> Owner:
        return self.key  # type: ignore[return-value]


class SetNotesCommand(_SetCommand):
    merge_id = NOTES_ID
    label = N_("Edit notes")

    def current(self) -> object:
        return getattr(self.key, "custom_notes", None) or ""

    def apply(self, value: object) -> None:
        self.doc.set_notes(self.key, str(value))  # type: ignore[arg-type]


class Steps:
    """What an option's change does, step by step, as it is done the first time: each step
    is kept so that undo takes them back in reverse and redo does them again on the very
    objects (:class:`ChoiceCommand`)."""

    def __init__(self, doc: RosterDocument) -> None:
        self.doc = doc
        self.log: list[tuple[str, Any, Any]] = []

    def select(self, container: Force | Selection, entry_id: str) -> Selection:
        chosen = self.doc.select(container, entry_id)
        if chosen.grown_from is not None:
            self.log.append(("count", chosen.selection,
                             (chosen.grown_from, chosen.selection.amount)))
        else:
            self.log.append(("made", chosen.selection, None))
        return chosen.selection

    def remove(self, item: Selection) -> None:
        self.log.append(("removed", item, self.doc.remove_selection(item)))

    def set_count(self, selection: Selection, count: int) -> None:
        old = selection.amount
        if old != count:
            self.doc.set_count(selection, count)
            self.log.append(("count", selection, (old, count)))

    def undo(self) -> None:
        for i in range(len(self.log) - 1, -1, -1):
            kind, item, value = self.log[i]
            if kind == "made":
                self.log[i] = (kind, item, self.doc.remove_selection(item))
            elif kind == "removed":
                self.doc.put_back(value)
            else:
                self.doc.set_count(item, value[0])

    def redo(self) -> None:
        for i, (kind, item, value) in enumerate(self.log):
            if kind == "made":
                self.doc.put_back(value)
            elif kind == "removed":
                self.log[i] = (kind, item, self.doc.remove_selection(item))
            else:
                self.doc.set_count(item, value[1])


class ChoiceCommand(QUndoCommand):
    """An option changed in the options panel: ``plan`` does its steps on a :class:`Steps`
    the first time; undo and redo replay them."""

    def __init__(self, doc: RosterDocument, text: str,
                 plan: Callable[[Steps], None]) -> None:
        super().__init__(text)
        self.steps = Steps(doc)
        self.plan: Callable[[Steps], None] | None = plan

    def redo(self) -> None:
        if self.plan is not None:
            plan, self.plan = self.plan, None
            plan(self.steps)
        else:
            self.steps.redo()

    def undo(self) -> None:
        self.steps.undo()
