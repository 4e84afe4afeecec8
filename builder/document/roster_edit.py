"""The roster kind's editing API (SPEC §10, issue 39): what the app's undo commands call.

Each method changes the roster through the engine's
:class:`~builder.battlescribe.engine.editing.Editor`, then checks it again and tells the
listeners (``validated``; ``details_changed`` too for the roster's name, limits and notes).
Whatever a method takes out it hands back as a :class:`Place`, and :meth:`RosterEditing.
put_back` returns it there: undo brings back the very forces and selections, so every later
step still names what it named. An action that cannot be done raises the engine's
:class:`~builder.battlescribe.engine.editing.EditError` and changes nothing.

:class:`RosterEditing` is a part of :class:`~builder.document.roster.RosterList`; kept apart
because reading and checking a roster (that module) and changing one are two jobs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from builder.battlescribe.engine.editing import EditError, Editor
from builder.battlescribe.engine.roster import Category, Force, Roster, Selection
from builder.i18n import _

if TYPE_CHECKING:
    from builder.battlescribe.engine.editing import Offer
    from builder.battlescribe.model import Entry
    from builder.document.emitter import Emitter

Owner = Roster | Force | Category | Selection
"""What has a name and notes of its own."""


@dataclass(frozen=True)
class Place:
    """Where a removed force or selection was: its index among its siblings."""

    item: Force | Selection
    index: int


@dataclass(frozen=True)
class Chosen:
    """What :meth:`RosterEditing.select` did: a new selection, or one more of an existing
    one (``grown``: its amount before)."""

    selection: Selection
    grown_from: int | None = None


class RosterEditing:
    """The editing methods of a roster document (see the module's docstring)."""

    editor: Editor
    details_changed: Emitter

    if TYPE_CHECKING:
        def _changed(self) -> None:
            """The document's: check the roster again and emit ``validated``."""

    # -- what can be added --------------------------------------------------------------

    def offers(self, container: Force | Selection) -> list[Offer]:
        """What ``container`` offers as a player sees it (names, groups, costs, limits,
        whether hidden there, how many are chosen); hidden ones are the caller's to leave
        out."""
        return self.editor.offers(container)

    def force_entries(self, catalogue_id: str | None = None,
                      parent: Force | None = None) -> list[Entry]:
        """The force entries a catalogue offers at the roster's top (or ``parent`` for
        child forces)."""
        return self.editor.force_entries(parent, catalogue_id)

    # -- forces ---------------------------------------------------------------------------

    def add_force(self, entry_id: str, catalogue_id: str | None = None,
                  parent: Force | None = None) -> Force:
        """A new force (a child of ``parent`` when given), with what its entries require."""
        force = self.editor.add_force(entry_id, catalogue_id, parent)
        self._changed()
        return force

    def duplicate_force(self, force: Force) -> Force:
        copy = self.editor.duplicate_force(force)
        self._changed()
        return copy

    def remove_force(self, force: Force) -> Place:
        place = Place(force, _index(force.parent.forces, force))
        self.editor.remove_force(force)
        self._changed()
        return place

    # -- selections -----------------------------------------------------------------------

    def select(self, container: Force | Selection, entry_id: str) -> Chosen:
        """Choose ``entry_id`` in ``container``: a new selection with what it requires, or
        one more of the one there (an entry whose choices only grow a number)."""
        before = {id(s): s.amount for s in _pool(container)}
        selection = self.editor.select(container, entry_id)
        self._changed()
        return Chosen(selection, before.get(id(selection)))

    def duplicate_selection(self, selection: Selection) -> Selection:
        copy = self.editor.duplicate_selection(selection)
        self._changed()
        return copy

    def remove_selection(self, selection: Selection) -> Place:
        place = Place(selection, _index(_pool(selection.parent), selection))
        self.editor.remove(selection)
        self._changed()
        return place

    def set_count(self, selection: Selection, count: int) -> None:
        """A selection's amount (at least 1: removing it is :meth:`remove_selection`)."""
        if count < 1:
            raise EditError(_("a count must be at least 1"))
        self.editor.set_count(selection, count)
        self._changed()

    def put_back(self, place: Place) -> None:
        """Return what :meth:`remove_force` or :meth:`remove_selection` took out."""
        self.editor.put_back(place.item, place.index)
        self._changed()

    # -- names, notes, limits ---------------------------------------------------------------

    def set_cost_limit(self, type_id: str, value: float | None) -> None:
        """The roster's limit for a cost type (None: no limit)."""
        self.editor.set_cost_limit(type_id, -1.0 if value is None else float(value))
        self.details_changed.emit()
        self._changed()

    def cost_limit(self, type_id: str) -> float | None:
        value = self.editor.roster.cost_limits.get(type_id)
        return value if value is not None and value >= 0 else None

    def set_name(self, target: Owner, name: str) -> None:
        """The roster's name, or a force's, category's or selection's own name ("" gives it
        its entry's name back)."""
        self.editor.customise(target, name=name)
        if isinstance(target, Roster):
            self.details_changed.emit()
        self._changed()

    def set_notes(self, target: Owner, notes: str) -> None:
        """Notes of the roster, a force, a category or a selection ("" clears them)."""
        self.editor.customise(target, notes=notes)
        if isinstance(target, Roster):
            self.details_changed.emit()
        self._changed()


def _pool(parent: Any) -> list[Any]:
    """The list a selection sits in: its force's selections or its parent's children."""
    return parent.selections if isinstance(parent, Force) else parent.children


def _index(pool: list[Any], item: Any) -> int:
    for i, other in enumerate(pool):
        if other is item:
            return i
    raise EditError(_("it is not in this roster"))


__all__ = ["Chosen", "Place", "RosterEditing"]
