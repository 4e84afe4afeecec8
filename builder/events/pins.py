"""An event's pinned data packs (SPEC §6 and §8): ``packs: {ID: VERSION}``.

The event is checked against exactly those versions, so they are read from the event file
before any data loads; a pinned pack that is not installed stops the check (exit 2), at its
key, with the command that installs it.
"""

from __future__ import annotations

from pathlib import Path

from builder.data import DataError, Problem, load_yaml
from builder.i18n import _
from builder.model.base import closest
from builder.packs.format import is_version
from builder.packs.store import Store


def pinned_packs(path: str | Path, store: Store | None = None) -> dict[str, str]:
    """The event's well-formed pins (id -> version); a :class:`DataError` naming, at its key,
    every pinned pack that is not installed. A file that cannot be read raises as the event's
    own reading would; pins of the wrong shape are left for the event's model to report."""
    from builder.events import MAX_EVENT_BYTES

    doc = load_yaml(path, MAX_EVENT_BYTES)
    packs = doc.data.get("packs") if isinstance(doc.data, dict) else None
    if not isinstance(packs, dict):
        return {}
    pins = {k: v for k, v in packs.items()
            if isinstance(k, str) and isinstance(v, str) and is_version(v)}
    store = store or Store()
    installed = store.packs()
    problems = []
    for pack_id, version in pins.items():
        state = installed.get(pack_id)
        if state is not None and version in state.versions:
            continue
        line, column = doc.locate_key(["packs"], pack_id)
        if state is None:
            near = closest(pack_id, sorted(installed))
            message = _("pack '{id}' {version} is not installed").format(id=pack_id,
                                                                          version=version)
            if near:
                message += _(" (did you mean '{near}'?)").format(near=near)
        else:
            message = _("pack '{id}' {version} is not installed (installed: {installed})"
                        ).format(id=pack_id, version=version,
                                 installed=", ".join(state.ordered))
        origin = state.origin if state is not None else None
        if origin:
            command = f"spherewars data install {origin} --only {pack_id}"
        else:
            command = f"spherewars data install {pack_id}-{version}.swpack"
        problems.append(Problem(str(path), line, column, _(
            "{problem}; install it with: {command}").format(problem=message, command=command)))
    if problems:
        raise DataError(problems)
    return pins


def pins_not_in_use(pins: dict[str, str], store: Store | None = None) -> list[str]:
    """For the app, which checks with the data it has loaded: every pinned pack whose version
    in use is another (installed, but not chosen)."""
    packs = (store or Store()).packs()
    out = []
    for pack_id, version in sorted(pins.items()):
        state = packs.get(pack_id)
        if state is not None and state.active != version:
            out.append(_("the event pins {id} {version}; the data in use is {active} (choose "
                         "{version} in Data → Packs…, Use this version)").format(
                             id=pack_id, version=version, active=state.active))
    return out
