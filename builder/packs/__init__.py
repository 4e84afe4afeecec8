"""Data packs (SPEC §8): faction and system files shared as versioned packs.

- :mod:`.format`: the ``pack.yaml`` and index models, versions;
- :mod:`.archive`: ``.swpack`` zips, their limits checked before anything is written, and the
  reproducible build;
- :mod:`.check`: a pack folder checked whole (every data file as ``check-data`` checks it) and
  its fingerprint;
- :mod:`builder.packs.store` (below the data, which loads the packs in use): the user's packs
  folder, versions side by side, the one in use;
- :mod:`.fetch`: downloads (size cap, SHA-256, stall limit, http(s) only);
- :mod:`.install`: install and update from a file, a folder or an address;
- :mod:`.diff`: what changed between two versions, per faction and per list.

No Qt here: the CLI (:mod:`builder.cli.packs`) and the app call the same functions.
"""
