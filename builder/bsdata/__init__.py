"""The user's BattleScribe data (SPEC §10, "Where data lives"): adding it from files, folders
and data index addresses, updating and removing it, and finding what a roster needs. Qt-free;
the engine (:mod:`builder.battlescribe`) reads and links the files, this package keeps them.

Public API
==========

Where it lives (``builder.bsdata.store``; light: no XML)::

    Store(root=None)                  # <user data>/battlescribe by default
    store.systems() -> {id: SystemRecord}     # name order; store.damaged: ids left out
    store.get(id) -> SystemRecord | None

A :class:`~builder.bsdata.store.SystemRecord` has ``id``, ``name``, ``revision``, ``source``
(the index address or None), ``folder``, ``files`` and ``catalogues`` (each a
:class:`~builder.bsdata.store.FileRecord`: ``type`` ``gamesystem``/``catalogue``, ``id``,
``name``, ``revision``, ``library``, ``source``, ``origin``, ``links``), ``path(record)``.

Adding, updating, removing (``builder.bsdata.adding``), all or nothing::

    adder = Adder(force=False, progress=None)  # progress(stage, done, total, what)
    adder.add(["Mordheim/", "x.cat", "https://…/index.bsi"]) -> Outcome
    adder.update(ids=()) -> Outcome
    adder.remove(id) -> SystemRecord
    adder.cancel()                             # from another thread: nothing goes in

An :class:`~builder.bsdata.adding.Outcome` has ``systems`` (per game system its ``files``,
each with ``before`` and ``after`` revisions and a ``status``), ``warnings`` (tolerated
problems, ``FILE:LINE:COLUMN: message``) and ``notes``. Refusals raise
:class:`~builder.bsdata.sources.NotAdded` (``lines``: every reason) or
:class:`~builder.packs.fetch.Cancelled`.

Finding a roster's data (``builder.bsdata.finding``)::

    find_data(Wanted("gameSystem", id, name, revision), [Wanted("catalogue", …), …],
              folders=[], label=ROSTER) -> Found    # .data: the linked DataSet; .notes
    data_for_roster(rosterio.header(root), folders=[], label=ROSTER) -> Found
    # the engine's MissingData (a ReadError) names what is not installed, as the roster does

``every_catalogue=True`` opens a whole installed game system through the engine's cache
(``battlescribe/cache/``).
"""

from __future__ import annotations
