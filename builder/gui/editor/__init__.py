"""The faction editor (issue 5): type in combatants from cards and books, share the file.

``FactionEditor(catalogue)`` is a window; its ``faction_saved(id)`` signal tells the main window
to reload the catalogue after Save or Import wrote into the user's factions folder.
"""

from builder.gui.editor.window import FactionEditor

__all__ = ["FactionEditor"]
