"""``spherewars play``: one self-contained page to track a game on a phone.

The page holds everything it needs (style, script, the list's plan as JSON, its words in the
current language): no outside file or address, so it works offline from a file. Its state is
kept in the browser's local storage under the list's fingerprint, so reloading the page, or
opening it again later, finds the game where it was. The script makes the same changes as
:mod:`builder.play.state`, on the same plan.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from typing import Any

from builder.i18n import _, current_language, pgettext
from builder.play.plan import Plan
from builder.play.state import GAME_SCHEMA, MAX_COUNTER, State
from builder.plumbing import paths

STORAGE_PREFIX = "spherewars-play:"
"""The local storage key is this and the list's fingerprint."""


def page_words() -> dict[str, str]:
    """Every text of the page's script, in the current language (the plan names the next
    turn in its game's word)."""
    return {
        "undo": _("Undo"), "end": _("End game"),
        "in_play": _("In play"), "removed": _("Removed"), "remove": pgettext("play", "Remove"),
        "back": _("Back in play"), "fingerprint": _("List fingerprint"),
        "end_ask": _("End this game and clear its tracks?"),
        "not_saved": _("This browser does not keep the game: it is lost when the page "
                       "closes."),
        "unknown": _("Not in the data (no tile): {ids}"),
        "less": _("one less"), "more": _("one more"),
        "track": track_words(), "options": _("Options: {options}"),
        "profiles": _("Profiles and rules"), "rules": _("Rules: {names}"),
        "counted": _("Models counted down by {name}"),
        "left_out": _("Tiles left out (more than a page shows): {n}"),
    }


def track_words() -> str:
    """A track's label: which figure is left and which is the maximum ("Wounds: 3 left,
    maximum 5"), the same in the app and on the page."""
    return _("{track}: {left} left, maximum {value}")


def _script_json(value: Any) -> str:
    """JSON safe inside a <script> element (no "</script>", no "<!--")."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


def render_page(plan: Plan, state: State | None = None) -> str:
    """The page of ``plan``; with ``state``, the game as it stands (issue 41 item 3): the
    page starts from it the first time this browser opens it (``stamp`` tells a page saved
    later from the one this browser went on from)."""
    data: dict[str, Any] = {
        "plan": plan.to_json(), "words": {**page_words(), "next": plan.next_turn},
        "schema": GAME_SCHEMA, "key": STORAGE_PREFIX + plan.fingerprint, "max": MAX_COUNTER}
    if state is not None:
        data["state"] = state
        data["stamp"] = hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()
    title = _("{name} at the table").format(name=plan.list_name)
    parts = {"LANG": current_language(), "TITLE": html.escape(title),
             "CSS": _asset("page.css"), "DATA": _script_json(data), "JS": _asset("page.js")}
    # one pass: a list named "@JS@" stays its name
    return re.sub(r"@(LANG|TITLE|CSS|DATA|JS)@", lambda m: parts[m.group(1)], _TEMPLATE)


def _asset(name: str) -> str:
    """The page's style or script (``resources/play/``)."""
    return (paths.resources_dir() / "play" / name).read_text(encoding="utf-8")


_TEMPLATE = """<!DOCTYPE html>
<html lang="@LANG@">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy"
      content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>@TITLE@</title>
<style>@CSS@</style>
</head>
<body>
<header id="top"></header>
<main id="tiles"></main>
<footer id="foot"></footer>
<script type="application/json" id="data">@DATA@</script>
<script>@JS@</script>
</body>
</html>
"""
