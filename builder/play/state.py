"""A game's state at the table, and every change a player makes to it.

A state is plain JSON-shaped data (the file beside the list and the phone page's local
storage hold the same shape)::

    {"schema": "spherewars-game/1", "fingerprint": "K7Q2-9XHM", "turn": 2,
     "counters": {"orders": 5},
     "models": {"nek-org/1": {"ticks": {"wounds": 2}, "counters": {"fatigue": 1},
                              "markers": ["panic"], "activated": true, "removed": false}}}

Every change is a function that returns a new state and leaves the old one as it was, so the
app undoes a change by going back to the state before it. The page's script
(:mod:`builder.play.page`) makes the same changes the same way.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from builder.i18n import _
from builder.plumbing.atomic import write_atomic
from builder.plumbing.reading import Unreadable, load_json

if TYPE_CHECKING:  # (names for the type checker: the app's Game menu reads game files
    # without loading the plans)
    from builder.play.plan import CounterPlan, ModelPlan, Plan, TrackPlan

GAME_SCHEMA = "spherewars-game/1"
MAX_COUNTER = 999
MAX_FILE = 1 << 20
"""A game file larger than this is not ours (a list of 1,000 models is ~100 KiB)."""


class GameFileError(ValueError):
    """A game file that cannot be used: ``FILE: message``."""


State = dict[str, Any]


def _model_state(plan: Plan, m: ModelPlan) -> dict[str, Any]:
    return {"ticks": {t.id: 0 for t in m.tracks},
            "counters": {c.id: c.start for c in plan.model_counters},
            "markers": [], "activated": False, "removed": False}


def new_game(plan: Plan) -> State:
    """Turn 1, nothing ticked, the side's counters filled from every model."""
    state: State = {"schema": GAME_SCHEMA, "fingerprint": plan.fingerprint, "turn": 1,
                    "counters": {}, "models": {m.key: _model_state(plan, m)
                                               for m in plan.models}}
    state["counters"] = {c.id: c.start for c in plan.counters}
    state["counters"].update(refills(plan, state))
    return state


def in_play(plan: Plan, state: State) -> list[str]:
    """The keys of the models not removed, in the plan's order."""
    return [m.key for m in plan.models if not state["models"][m.key]["removed"]]


def refill(counter: CounterPlan, keys: list[str]) -> int:
    """A refilled counter's value with the models ``keys`` still in play."""
    if counter.combine == "sum":
        return min(sum(counter.each.get(k, 0) for k in keys), MAX_COUNTER)
    if counter.combine == "max":
        return min(max((counter.each.get(k, 0) for k in keys), default=0), MAX_COUNTER)
    return min(counter.base, MAX_COUNTER)


def refills(plan: Plan, state: State) -> dict[str, int]:
    keys = in_play(plan, state)
    return {c.id: refill(c, keys) for c in plan.counters if c.combine is not None}


def _changed(state: State) -> State:
    return copy.deepcopy(state)


def _track(plan: Plan, key: str, track: str) -> TrackPlan | None:
    m = plan.model(key)
    return next((t for t in m.tracks if t.id == track), None) if m is not None else None


def tick(plan: Plan, state: State, key: str, track: str, box: int) -> State:
    """Box ``box`` (1 = the first) of a model's track clicked: the boxes up to it are
    ticked, those after it not; clicking the last ticked box unticks it."""
    ticked = state["models"][key]["ticks"].get(track, 0) if key in state["models"] else 0
    return set_ticks(plan, state, key, track, box - 1 if ticked == box else box)


def set_ticks(plan: Plan, state: State, key: str, track: str, ticks: int) -> State:
    """A track's ticked boxes set to ``ticks`` (within 0 and its boxes). A track that
    ``removes`` removes the model when every box is ticked, and brings it back when one is
    unticked again."""
    t = _track(plan, key, track)
    if t is None or key not in state["models"]:
        return state
    ticks = max(0, min(ticks, t.boxes))
    before = state["models"][key]["ticks"].get(track, 0)
    if ticks == before:
        return state
    new = _changed(state)
    ms = new["models"][key]
    ms["ticks"][track] = ticks
    if t.removes:
        if ticks >= t.boxes:
            ms["removed"] = True
        elif before >= t.boxes:
            ms["removed"] = False
    return new


def toggle(plan: Plan, state: State, key: str, what: str) -> State:
    """``activated`` or ``removed`` of a model switched."""
    if key not in state["models"] or what not in ("activated", "removed"):
        return state
    new = _changed(state)
    new["models"][key][what] = not new["models"][key][what]
    return new


def toggle_marker(plan: Plan, state: State, key: str, marker: str) -> State:
    if key not in state["models"] or all(m.id != marker for m in plan.markers):
        return state
    new = _changed(state)
    markers = new["models"][key]["markers"]
    if marker in markers:
        markers.remove(marker)
    else:
        markers.append(marker)
    markers.sort(key=[m.id for m in plan.markers].index)
    return new


def step(plan: Plan, state: State, key: str | None, counter: str, delta: int) -> State:
    """A counter one up or down (a model's with ``key``, else the side's), kept within 0 and
    its ``max``."""
    counters = plan.counters if key is None else plan.model_counters
    c = next((c for c in counters if c.id == counter), None)
    if c is None or (key is not None and key not in state["models"]):
        return state
    held = state["counters"] if key is None else state["models"][key]["counters"]
    top = c.max if c.max is not None else MAX_COUNTER
    value = max(0, min(held.get(counter, c.start) + delta, top))
    if value == held.get(counter, c.start):
        return state
    new = _changed(state)
    (new["counters"] if key is None else new["models"][key]["counters"])[counter] = value
    return new


def next_turn(plan: Plan, state: State) -> State:
    """The next turn: activations cleared, counters that ``reset`` back to their start, the
    side's refilled counters counted again over the models still in play."""
    new = _changed(state)
    new["turn"] = state["turn"] + 1
    for m in plan.models:
        ms = new["models"][m.key]
        ms["activated"] = False
        for c in plan.model_counters:
            if c.reset:
                ms["counters"][c.id] = c.start
    new["counters"].update(refills(plan, new))
    return new


def removed(plan: Plan, state: State) -> int:
    return sum(1 for m in plan.models if state["models"][m.key]["removed"])


# --- the file beside the list ---------------------------------------------------------------


def game_path(list_path: Path) -> Path:
    """``los-ensartadores.warband.yaml`` -> ``los-ensartadores.game.json`` beside it (and
    ``wardens.ros``, ``wardens.rosz`` -> ``wardens.game.json``)."""
    name = list_path.name
    for suffix in (".warband.yaml", ".warband.yml", ".yaml", ".yml", ".rosz", ".ros"):
        if name.lower().endswith(suffix):
            name = name[: -len(suffix)]
            break
    return list_path.with_name(name + ".game.json")


def save_game(path: Path, state: State) -> None:
    """Written atomically: a crash leaves the state before the change or after it."""
    write_atomic(path, json.dumps(state, ensure_ascii=False, indent=1, sort_keys=True) + "\n")


def load_game(path: Path, plan: Plan) -> State:
    """The state in ``path``, checked against the plan: a model the file does not have
    starts fresh, values out of range are brought within it. :class:`GameFileError` when
    the file is not a game of this list, or cannot be read (whatever lies there: read by the
    guarded reader, within a second)."""
    try:
        data = load_json(path, MAX_FILE)
    except Unreadable as exc:
        raise GameFileError(_("{file}: not a game file: {problem}").format(
            file=path, problem=exc.message)) from None
    return checked(plan, data, str(path))


def checked(plan: Plan, data: Any, where: str = "") -> State:
    """``data`` made a valid state of ``plan`` (see :func:`load_game`)."""
    if not isinstance(data, dict) or data.get("schema") != GAME_SCHEMA:
        raise GameFileError(_("{file}: not a game file").format(file=where))
    if data.get("fingerprint") != plan.fingerprint:
        raise GameFileError(_("{file}: a game of another list (fingerprint {theirs}, this "
                              "list's is {ours})").format(file=where,
                                                         theirs=data.get("fingerprint"),
                                                         ours=plan.fingerprint))
    state = new_game(plan)
    turn = data.get("turn")
    if type(turn) is int and 1 <= turn <= MAX_COUNTER:
        state["turn"] = turn
    counters = data.get("counters")
    if isinstance(counters, dict):
        for c in plan.counters:
            state["counters"][c.id] = _number(counters.get(c.id), c, state["counters"][c.id])
    models = data.get("models")
    models = models if isinstance(models, dict) else {}
    marker_ids = [m.id for m in plan.markers]
    for m in plan.models:
        given = models.get(m.key)
        if not isinstance(given, dict):
            continue
        ms = state["models"][m.key]
        ticks: dict[str, Any] = given["ticks"] if isinstance(given.get("ticks"), dict) else {}
        for t in m.tracks:
            n = ticks.get(t.id)
            if type(n) is int:
                ms["ticks"][t.id] = max(0, min(n, t.boxes))
        own: dict[str, Any] = given["counters"] if isinstance(given.get("counters"), dict) \
            else {}
        for c in plan.model_counters:
            ms["counters"][c.id] = _number(own.get(c.id), c, ms["counters"][c.id])
        markers: list[Any] = given["markers"] if isinstance(given.get("markers"), list) else []
        ms["markers"] = [i for i in marker_ids if i in markers]
        for flag in ("activated", "removed"):
            ms[flag] = given.get(flag) is True
    return state


def _number(value: Any, c: CounterPlan, default: int) -> int:
    if type(value) is not int:
        return default
    return max(0, min(value, c.max if c.max is not None else MAX_COUNTER))
