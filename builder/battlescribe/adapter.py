"""``spherewars bs-adapter``: the conformance suite's JSON-line adapter protocol (v1.1, roster
domain) on standard input and output, over the same engine the app and the command line use.

One JSON object a line each way; every response echoes the command's ``corrId``; nothing but
responses is written to standard output. Commands: ``describe``, ``setup`` (the game system
and catalogues as JSON mirroring their XML), ``setupFromFiles`` (their XML), ``action``
(``addForce``, ``addChildForce``, ``removeForce``, ``duplicateForce``, ``selectEntry``,
``selectChildEntry``, ``deselectSelection``, ``setSelectionCount``, ``duplicateSelection``,
``setCostLimit``, ``setCustomization``, ``loadRoster``, ``reload``), ``getState``,
``getErrors``, ``exportRosterXml``, ``teardown``. A command that cannot be done answers with
its reason; a line that is not a command answers ``error``; nothing ends the loop but the end
of input.
"""

from __future__ import annotations

import json
import re
import sys
from typing import IO, Any

from builder import __version__
from builder.battlescribe import model as m
from builder.battlescribe.engine.editing import EditError, Editor
from builder.battlescribe.engine.roster import Force, Selection
from builder.battlescribe.engine.state import finding_state, roster_state
from builder.battlescribe.engine.validate import ERROR
from builder.battlescribe.problems import ReadError
from builder.battlescribe.reading import data_from_json, data_set, read_data
from builder.battlescribe.xmlsafe import MAX_DEPTH
from builder.i18n import _
from builder.plumbing.reading import parse_json

PROTOCOL = "1.1"
MAX_LINE = 64 * 1024 * 1024
"""The longest command line read (a setup of real data files is tens of MB)."""
MAX_NESTING = 2 * MAX_DEPTH + 16
"""Lists and objects nested in one command: a setup mirrors XML elements (at most
:data:`~builder.battlescribe.xmlsafe.MAX_DEPTH` deep), an element and its list of children two
levels each."""
_NOT_UTF8 = re.compile("[\udc80-\udcff]")
"""A byte of standard input that is not UTF-8 (read with ``surrogateescape``)."""
_SURROGATE = re.compile("[\ud800-\udfff]")


class Adapter:
    """The adapter's state between commands: the data set and the roster being edited."""

    def __init__(self) -> None:
        self.editor: Editor | None = None
        self.spec_id = ""

    # ----- commands -------------------------------------------------------------------------

    def handle(self, command: dict[str, Any]) -> dict[str, Any]:
        kind = command.get("type")
        handler = {
            "describe": self.describe, "setup": self.setup,
            "setupFromFiles": self.setup_from_files, "action": self.action,
            "getState": self.get_state, "getErrors": self.get_errors,
            "exportRosterXml": self.export_xml, "teardown": self.teardown,
        }.get(kind if isinstance(kind, str) else "")
        if handler is None:
            if kind == "gamedataAction":
                return {"type": "gamedataActionResult", "ok": False,
                        "error": f"{kind} is not supported by this adapter"}
            if not isinstance(kind, str):  # ({} or {"type": [1]}: not "None is not …")
                return {"type": "error", "message": "not a command: its type is missing or "
                                                    "not text"}
            return {"type": "error", "message": f"{kind} is not supported by this adapter"}
        return handler(command)

    def describe(self, _command: dict[str, Any]) -> dict[str, Any]:
        return {"type": "describeResult", "name": "spherewars", "version": __version__,
                "protocolVersion": PROTOCOL, "domains": ["roster"],
                "capabilities": {"screenshot": False, "record": False, "rosterXml": True,
                                 "maxParallel": 0}}

    def _start(self, files: list[m.DataFile], spec_id: str) -> dict[str, Any]:
        try:
            data = data_set(files)
        except ReadError as error:
            self.editor = None
            return {"type": "setupResult", "errors": [str(p) for p in error.problems]}
        self.spec_id = spec_id
        self.editor = Editor(data, spec_id or "New Roster")
        return {"type": "setupResult", "errors": [str(p) for p in data.errors]}

    def setup(self, command: dict[str, Any]) -> dict[str, Any]:
        files = []
        system = command.get("gameSystem") or {}
        catalogues = command.get("catalogues") or []
        if not isinstance(system, dict) or not isinstance(catalogues, list):
            self.editor = None
            return {"type": "setupResult", "errors": [
                "setup: gameSystem is an object and catalogues a list of them"]}
        try:
            files.append(data_from_json(system, m.GAME_SYSTEM, "setup:gameSystem"))
            for index, catalogue in enumerate(catalogues):
                if isinstance(catalogue, dict):
                    files.append(data_from_json(catalogue, m.CATALOGUE,
                                                f"setup:catalogues[{index}]"))
        except ReadError as error:
            self.editor = None
            return {"type": "setupResult", "errors": [str(p) for p in error.problems]}
        return self._start(files, str(command.get("specId") or ""))

    def setup_from_files(self, command: dict[str, Any]) -> dict[str, Any]:
        files = []
        problems: list[str] = []
        given = command.get("files") or []
        if not isinstance(given, list) or not all(
                isinstance(i, dict) and isinstance(i.get("fileName", ""), str)
                and isinstance(i.get("content", ""), str) for i in given):
            self.editor = None
            return {"type": "setupResult", "errors": [
                "setupFromFiles: files is a list of objects with a fileName and a content "
                "(text)"]}
        for item in given:
            name = item.get("fileName", "file")
            if not name.lower().endswith((".gst", ".cat")):
                continue
            try:
                files.append(read_data(item.get("content", "").encode("utf-8"), name))
            except ReadError as error:
                problems.extend(str(p) for p in error.problems)
        if problems:
            self.editor = None
            return {"type": "setupResult", "errors": problems}
        return self._start(files, str(command.get("specId") or ""))

    def teardown(self, _command: dict[str, Any]) -> dict[str, Any]:
        self.editor = None
        return {"type": "teardownResult"}

    def get_state(self, _command: dict[str, Any]) -> dict[str, Any]:
        editor = self._editor()
        return {"type": "state", **roster_state(editor.evaluation)}

    def get_errors(self, _command: dict[str, Any]) -> dict[str, Any]:
        editor = self._editor()
        return {"type": "errors", "errors": [finding_state(f)
                                             for f in editor.evaluation.findings
                                             if f.severity == ERROR]}

    def export_xml(self, _command: dict[str, Any]) -> dict[str, Any]:
        from builder.battlescribe.rosterio import roster_xml

        editor = self._editor()
        return {"type": "rosterXmlResult", "xml": roster_xml(editor.roster,
                                                            editor.evaluation)}

    def _editor(self) -> Editor:
        if self.editor is None:
            raise EditError(_("no game system is set up"))
        return self.editor

    # ----- actions --------------------------------------------------------------------------

    def action(self, command: dict[str, Any]) -> dict[str, Any]:
        try:
            outputs = self._act(command)
        except (EditError, ReadError) as error:
            return {"type": "actionResult", "ok": False, "error": str(error)}
        result: dict[str, Any] = {"type": "actionResult", "ok": True}
        if outputs:
            result["outputs"] = outputs
        return result

    def _act(self, command: dict[str, Any]) -> dict[str, Any] | None:
        editor = self._editor()
        roster = editor.roster
        action = command.get("action")
        before = roster._seq
        if action in ("addForce", "addChildForce"):
            parent = editor.force(_id(command, "forceId")) \
                if action == "addChildForce" else None
            force = editor.add_force(_id(command, "forceEntryId"),
                                     _id(command, "catalogueId") if command.get("catalogueId")
                                     else None, parent)
            return {"forceId": force.id, "selections": _made(force.walk_selections(), before),
                    "categories": _categories(force)}
        if action == "removeForce":
            editor.remove_force(editor.force(_id(command, "forceId")))
            return None
        if action == "duplicateForce":
            force = editor.duplicate_force(editor.force(_id(command, "forceId")))
            return {"forceId": force.id, "categories": _categories(force)}
        if action in ("selectEntry", "selectChildEntry"):
            force = editor.force(_id(command, "forceId"))
            container: Force | Selection = force
            if action == "selectChildEntry":
                container = editor.selection(_id(command, "selectionId"), force)
            selection = editor.select(container, _id(command, "entryId"))
            made = _made(selection.walk(), before, skip=selection)
            return {"selectionId": selection.id, "selections": made}
        if action in ("deselectSelection", "setSelectionCount", "duplicateSelection"):
            force = editor.force(_id(command, "forceId"))
            selection = editor.selection(_id(command, "selectionId"), force)
            if action == "deselectSelection":
                editor.deselect(selection)
                return None
            if action == "setSelectionCount":
                count = command.get("count")
                if not isinstance(count, int | float):
                    raise EditError(_("a count must be a number"))
                editor.set_count(selection, int(count))
                return None
            return {"selectionId": editor.duplicate_selection(selection).id}
        if action == "setCostLimit":
            value = command.get("value")
            if not isinstance(value, int | float):
                raise EditError(_("a cost limit must be a number"))
            editor.set_cost_limit(_id(command, "costTypeId"), float(value))
            return None
        if action == "setCustomization":
            self._customise(editor, command)
            return None
        if action == "loadRoster":
            self._load(editor, str(command.get("xml") or command.get("content") or ""))
            return None
        if action == "reload":
            from builder.battlescribe.rosterio import roster_xml

            self._load(editor, roster_xml(roster, editor.evaluation))
            return None
        raise EditError(_("{action} is not an action of this adapter").format(
            action=str(action)))

    def _customise(self, editor: Editor, command: dict[str, Any]) -> None:
        force = editor.force(_id(command, "forceId"))
        target: Any = force
        if command.get("selectionId"):
            target = editor.selection(_id(command, "selectionId"), force)
        elif command.get("categoryEntryId"):
            target = force.category(_id(command, "categoryEntryId"))
            if target is None:
                raise EditError(_("the force has no category {id}").format(
                    id=command["categoryEntryId"]))
        name, notes = command.get("customName"), command.get("customNotes")
        if not all(v is None or isinstance(v, str) for v in (name, notes)):
            raise EditError(_("a custom name or notes must be text"))
        editor.customise(target, name, notes)

    def _load(self, editor: Editor, xml: str) -> None:
        from builder.battlescribe.rosterio import read_roster

        loaded = read_roster(xml.encode("utf-8"), "roster.ros", editor.data)
        self.editor = Editor(editor.data, roster=loaded.roster)


def _made(selections: Any, before: int, skip: Selection | None = None) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for selection in sorted((s for s in selections if s.seq > before and s is not skip),
                            key=lambda s: s.seq):
        found.setdefault(selection.node.entry_id, []).append(selection.id)
    return found


def _categories(force: Force) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for category in force.categories:
        found.setdefault(category.entry_id, []).append(category.id)
    return found


def serve(stdin: IO[str], stdout: IO[str]) -> int:
    """Answer commands from ``stdin`` until it ends."""
    adapter = Adapter()
    while True:
        line = stdin.readline(MAX_LINE + 1)
        if not line:
            break
        if len(line) > MAX_LINE and not line.endswith("\n"):
            while True:  # the rest of the line is dropped, a piece at a time
                rest = stdin.readline(MAX_LINE)
                if not rest or rest.endswith("\n"):
                    break
            _answer(stdout, {"type": "error", "message": f"not a command: a line longer "
                                                       f"than {MAX_LINE} characters"})
            continue
        if not line.strip():
            continue
        corr: Any = None
        try:
            undecodable = _NOT_UTF8.search(line)
            if undecodable is not None:
                raise ValueError(f"not UTF-8 text (byte 0x{ord(undecodable.group()) - 0xdc00:02x}"
                                 f" at character {undecodable.start() + 1})")
            command = parse_json(line, max_depth=MAX_NESTING)
            if not isinstance(command, dict):
                raise ValueError("not an object")
            corr = command.get("corrId")
            response = adapter.handle(command)
        except EditError as exc:  # (a ValueError: told as it is)
            response = {"type": "error", "message": str(exc)}
        except (ValueError, RecursionError) as exc:
            response = {"type": "error", "message": f"not a command: {exc}"}
        except Exception as exc:  # noqa: BLE001 - one bad command must not end the session
            response = {"type": "error", "message": f"internal error: {type(exc).__name__}: "
                                                    f"{exc}"}
        if corr is not None:
            response["corrId"] = corr
        _answer(stdout, response)
    return 0


def _id(command: dict[str, Any], key: str) -> str:
    """The id a command gives as ``key`` (EditError when it gives none, or not as text: never
    "no force has the id None")."""
    value = command.get(key)
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    if not isinstance(value, str) or not value:
        raise EditError(_("{key} is missing or not text").format(key=key))
    return value


def _answer(stdout: IO[str], response: dict[str, Any]) -> None:
    text = json.dumps(response, ensure_ascii=False)
    if _SURROGATE.search(text):  # a lone surrogate a command sent (escaped): not UTF-8
        text = json.dumps(response)  # so it goes back escaped, as it came
    stdout.write(text + "\n")
    stdout.flush()


def main() -> int:
    if hasattr(sys.stdin, "reconfigure"):  # bytes that are not UTF-8 are told, line by line
        sys.stdin.reconfigure(encoding="utf-8", errors="surrogateescape")
    if hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(encoding="utf-8")
    return serve(sys.stdin, sys.stdout)


if __name__ == "__main__":
    raise SystemExit(main())
