"""The low-level helpers under the whole program, each knowing nothing of the game: saving
atomically (:mod:`.atomic`), where the built-in data and the user's files live (:mod:`.paths`),
text that is safe to show on a terminal (:mod:`.terminal_text`), pack version numbers
(:mod:`.versions`), a map over two cores by forking (:mod:`.forks`), where a command may
write its outputs (:mod:`.output_guard`), and the zip rules of SPEC §8 (:mod:`.ziprules`).

Only :mod:`builder.i18n` is below them. Nothing is imported here, so that a module takes only
the helper it uses.
"""
