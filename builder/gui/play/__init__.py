"""Play mode in the app: :mod:`.menu` (the Game menu and what it opens), :mod:`.session` (a
game's state, undo and autosave) and :mod:`.view` (the play window, loaded when a game
starts)."""
