"""Play mode: a list at the table (no Qt here; the app's view is ``builder.gui.play.view``).

:mod:`~builder.play.plan` makes a list's tiles, tracks and counters from its game's data,
:mod:`~builder.play.state` changes and keeps a game's state, :mod:`~builder.play.page`
writes the self-contained phone page.
"""
