"""A runner of the BattleScribe conformance suite's roster specs (WarHub/battlescribe-spec,
``specs/roster/``), in Python, against ``spherewars bs-adapter``: the suite's own runner needs
.NET. It plays each spec's steps over the adapter protocol and compares as the suite does
(``docs/error-assertions.md``, ``docs/engine-filtered-expected-state.md``): the expected
state of a step, with the ``engines:`` override of the engine played (``newrecruit``) merged
over it field by field; lists of forces, selections and children compared in order and
length; costs, profiles, rules, categories and publications matched by key, none extra
allowed; ``hidden`` always compared (false when not said); errors matched one to one on the
node they are raised on (``on``) and where they come from (``from``), none extra unless
``errorsContain``; no errors expected when a step says nothing of them; ``expectedFile``
compared line by line with ``${{ steps.… }}`` and ``${{ match('…') }}`` in the file.

Run as a script for a report: ``python -m tests.battlescribe.runner [DIR] [--engine NAME]``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from tests.battlescribe.helpers import shared_battlescribe
from tests.conftest import REPO

ENGINE = "newrecruit"
UNDEFINED_TAG = "undefined-behavior"


class _Loader(yaml.SafeLoader):
    """YAML as the suite's runner reads it (YAML 1.2 booleans: ``on`` stays a key)."""


_Loader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in value if tag != "tag:yaml.org,2002:bool"]
    for key, value in yaml.SafeLoader.yaml_implicit_resolvers.items()}
_Loader.add_implicit_resolver("tag:yaml.org,2002:bool", re.compile(r"^(?:true|false)$"),
                              list("tf"))


def load_spec(path: Path) -> dict[str, Any]:
    with open(path, encoding="utf-8") as handle:
        spec = yaml.load(handle, Loader=_Loader)  # noqa: S506 - a SafeLoader
    spec.setdefault("id", path.stem)
    spec["_path"] = path
    return spec


# ----- setup: the spec's shorthand as the protocol's setup --------------------------------

def protocol_setup(spec: dict[str, Any]) -> dict[str, Any]:
    """The ``setup`` command for a spec: ids and names the spec leaves out filled in as the
    suite's runner fills them (a game system ``test-gs``, catalogues of that game system,
    catalogue links importing root entries, revision 1)."""
    setup = spec["setup"]
    system = dict(setup.get("gameSystem") or {})
    system.setdefault("id", "test-gs")
    system.setdefault("name", "Test Game System")
    system.setdefault("revision", 1)
    catalogues = []
    for index, item in enumerate(setup.get("catalogues") or []):
        catalogue = dict(item)
        catalogue.setdefault("id", f"cat-{index + 1}")
        catalogue.setdefault("name", catalogue["id"])
        catalogue.setdefault("gameSystemId", system["id"])
        catalogue.setdefault("revision", 1)
        links = []
        for link in catalogue.get("catalogueLinks") or []:
            link = dict(link)
            link.setdefault("importRootEntries", True)
            link.setdefault("type", "catalogue")
            links.append(link)
        if links:
            catalogue["catalogueLinks"] = links
        catalogues.append(catalogue)
    return {"type": "setup", "version": "1.1", "specId": spec["id"], "gameSystem": system,
            "catalogues": catalogues}


# ----- the adapter process ------------------------------------------------------------------

class AdapterProcess:
    """``spherewars bs-adapter`` as a child process, spoken to one command at a time."""

    def __init__(self, command: list[str] | None = None) -> None:
        self.command = command or [sys.executable, "-m", "builder", "bs-adapter"]
        env = {**os.environ, "PYTHONIOENCODING": "utf-8"}
        self.process = subprocess.Popen(
            self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
            encoding="utf-8", cwd=REPO, env=env)
        self._corr = 0

    def send(self, command: dict[str, Any]) -> dict[str, Any]:
        self._corr += 1
        command = {**command, "corrId": self._corr}
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the adapter ended (status {self.process.poll()})")
        response = json.loads(line)
        if response.get("corrId") != self._corr:
            raise RuntimeError(f"corrId {response.get('corrId')} answers {self._corr}")
        return response

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


# ----- expressions ----------------------------------------------------------------------------

_EXPR = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


class Outputs:
    """What each step's action returned, for ``${{ steps.ID.FIELD }}``."""

    def __init__(self) -> None:
        self.steps: dict[str, dict[str, Any]] = {}

    def resolve_expression(self, expression: str) -> str:
        if not expression.startswith("steps."):
            raise LookupError(f"only steps.… expressions are supported: {expression}")
        step_id, _, path = expression[6:].partition(".")
        if step_id not in self.steps:
            raise LookupError(f"step '{step_id}' not found")
        outputs = self.steps[step_id]
        index = 0
        match = re.fullmatch(r"(.*)\[(\d+)\]", path)
        if match:
            path, index = match.group(1), int(match.group(2))
        if path in ("forceId", "selectionId"):
            value = outputs.get(path)
            if value is None:
                raise LookupError(f"step '{step_id}' has no {path}")
            return str(value)
        kind, _, key = path.partition(".")
        if kind in ("selections", "categories"):
            found = (outputs.get(kind) or {}).get(key)
            if not found:
                raise LookupError(f"'{key}' not in step '{step_id}' {kind}")
            values = found if isinstance(found, list) else [found]
            if index >= len(values):
                raise LookupError(f"index {index} is out of range (valid: 0..{len(values) - 1})")
            return str(values[index])
        raise LookupError(f"unknown field {path}")

    def resolve(self, value: Any) -> Any:
        if not isinstance(value, str) or "${{" not in value:
            return value
        return _EXPR.sub(lambda m: self.resolve_expression(m.group(1)), value)

    def line_regex(self, line: str) -> str:
        parts = []
        position = 0
        for match in _EXPR.finditer(line):
            parts.append(re.escape(line[position:match.start()]))
            expression = match.group(1)
            if expression.startswith("match("):
                argument = expression[expression.index("(") + 1:expression.rindex(")")].strip()
                parts.append("(?:" + argument.strip("'\"") + ")")
            else:
                parts.append(re.escape(self.resolve_expression(expression)))
            position = match.end()
        parts.append(re.escape(line[position:]))
        return r"\A" + "".join(parts) + r"\Z"


# ----- comparing --------------------------------------------------------------------------------

def for_engine(expected: dict[str, Any], engine: str | None) -> dict[str, Any]:
    """An expected state with the engine's override merged over it, field by field."""
    merged = {k: v for k, v in expected.items() if k != "engines"}
    override = (expected.get("engines") or {}).get(engine) if engine else None
    if override:
        merged.update({k: v for k, v in override.items() if k != "engines"})
    return merged


def _number(value: Any) -> float:
    return float(value)


class Comparison:
    def __init__(self, step: int, outputs: Outputs) -> None:
        self.step = step
        self.outputs = outputs
        self.errors: list[str] = []

    def fail(self, text: str) -> None:
        self.errors.append(f"Step {self.step}: {text}")

    def equal(self, what: str, expected: Any, actual: Any) -> None:
        if isinstance(expected, (int, float)) and not isinstance(expected, bool) and \
                isinstance(actual, (int, float)) and not isinstance(actual, bool):
            if _number(expected) != _number(actual):
                self.fail(f"{what}: expected {expected} but got {actual}")
        elif expected != actual:
            self.fail(f"{what}: expected {expected!r} but got {actual!r}")

    def costs(self, what: str, expected: list[dict[str, Any]], actual: list[dict[str, Any]]
              ) -> None:
        for item in expected:
            key = item.get("typeId") or item.get("name")
            found = next((c for c in actual if (item.get("typeId") and c.get("typeId") == key)
                          or (not item.get("typeId") and c.get("name") == key)), None)
            if found is None:
                self.fail(f"{what} cost '{key}' not found in {actual}")
                continue
            if "value" in item:
                self.equal(f"{what}.cost[{key}].value", item["value"], found.get("value"))
            if "hidden" in item:
                self.equal(f"{what}.cost[{key}].hidden", item["hidden"], found.get("hidden"))
        if len(actual) > len(expected):
            self.fail(f"{what}: expected {len(expected)} cost(s) but got {len(actual)}: "
                      f"{actual}")

    def force(self, what: str, expected: dict[str, Any], actual: dict[str, Any]) -> None:
        for key in ("name", "entryId", "publicationId", "page", "catalogueName", "catalogueId",
                    "customName", "customNotes"):
            if key in expected:
                self.equal(f"{what}.{key}", expected[key], actual.get(key) or "")
        if "selectionCount" in expected:
            self.equal(f"{what}.selectionCount", expected["selectionCount"],
                       len(actual["selections"]))
        if "availableEntryCount" in expected and "availableEntryCount" in actual:
            self.equal(f"{what}.availableEntryCount", expected["availableEntryCount"],
                       actual["availableEntryCount"])
        self.equal(f"{what}.hidden", expected.get("hidden", False), actual.get("hidden", False))
        if "childForceCount" in expected:
            self.equal(f"{what}.childForceCount", expected["childForceCount"],
                       len(actual.get("childForces") or []))
        if "childForces" in expected:
            self.forces(what + ".childForce", expected["childForces"],
                        actual.get("childForces") or [])
        if "selections" in expected:
            self.selections(what, expected["selections"], actual["selections"])
        if "profiles" in expected:
            self.profiles(what, expected["profiles"], actual.get("profiles") or [])
        if "rules" in expected:
            self.rules(what, expected["rules"], actual.get("rules") or [])
        if "categoryCount" in expected:
            self.equal(f"{what}.categoryCount", expected["categoryCount"],
                       len(actual.get("categories") or []))
        if "categories" in expected:
            self.categories(what, expected["categories"], actual.get("categories") or [])
        if "publications" in expected:
            self.publications(what, expected["publications"], actual.get("publications") or [])

    def forces(self, what: str, expected: list[dict[str, Any]], actual: list[dict[str, Any]]
               ) -> None:
        for index, item in enumerate(expected):
            if index >= len(actual):
                self.fail(f"{what}[{index}] expected but only {len(actual)} forces")
                continue
            self.force(f"{what}[{index}]", item, actual[index])
        if len(actual) > len(expected):
            self.fail(f"{what}: expected {len(expected)} forces but got {len(actual)}")

    def selections(self, what: str, expected: list[dict[str, Any]],
                   actual: list[dict[str, Any]]) -> None:
        for index, item in enumerate(expected):
            if index >= len(actual):
                self.fail(f"{what}.selection[{index}] expected but only {len(actual)} "
                          f"selections")
                continue
            found = actual[index]
            here = f"{what}.selection[{index}]"
            for key in ("name", "type", "number"):
                if key in item:
                    self.equal(f"{here}.{key}", item[key], found.get(key))
            self.equal(f"{here}.hidden", item.get("hidden", False), found.get("hidden", False))
            for key in ("entryId", "page", "publicationId", "publicationName", "entryGroupId",
                        "customName", "customNotes"):
                if key in item:
                    self.equal(f"{here}.{key}", item[key], found.get(key) or "")
            if "costs" in item:
                self.costs(here, item["costs"], found.get("costs") or [])
            if "profiles" in item:
                self.profiles(here, item["profiles"], found.get("profiles") or [])
            if "rules" in item:
                self.rules(here, item["rules"], found.get("rules") or [])
            if "categories" in item:
                self.categories(here, item["categories"], found.get("categories") or [])
            if "children" in item:
                self.selections(here, item["children"], found.get("children") or [])
            if "childCount" in item:
                self.equal(f"{here}.childCount", item["childCount"],
                           len(found.get("children") or []))
        if len(actual) > len(expected):
            self.fail(f"{what}: expected {len(expected)} selections but got {len(actual)}: "
                      f"{[a.get('name') for a in actual]}")

    def profiles(self, what: str, expected: list[dict[str, Any]],
                 actual: list[dict[str, Any]]) -> None:
        for index, item in enumerate(expected):
            found = next((p for p in actual if p.get("name") == item["name"]), None) \
                if "name" in item else (actual[index] if index < len(actual) else None)
            key = item.get("name", index)
            if found is None:
                self.fail(f"{what}.profile[{key}] not found (have {len(actual)} profiles)")
                continue
            for field_name in ("typeName", "typeId"):
                if field_name in item:
                    self.equal(f"{what}.profile[{key}].{field_name}", item[field_name],
                               found.get(field_name))
            self.equal(f"{what}.profile[{key}].hidden", item.get("hidden", False),
                       found.get("hidden", False))
            for field_name in ("page", "publicationId"):
                if field_name in item:
                    self.equal(f"{what}.profile[{key}].{field_name}", item[field_name],
                               found.get(field_name) or "")
            for char in item.get("characteristics") or []:
                match = next((c for c in found.get("characteristics") or []
                              if c.get("name") == char.get("name")), None)
                if match is None:
                    self.fail(f"{what}.profile[{key}].characteristic[{char.get('name')}] "
                              f"not found")
                    continue
                for field_name in ("value", "typeId"):
                    if field_name in char:
                        self.equal(f"{what}.profile[{key}].characteristic"
                                   f"[{char['name']}].{field_name}", char[field_name],
                                   match.get(field_name))
        if len(actual) > len(expected):
            self.fail(f"{what}: expected {len(expected)} profiles but got {len(actual)}")

    def rules(self, what: str, expected: list[dict[str, Any]], actual: list[dict[str, Any]]
              ) -> None:
        for index, item in enumerate(expected):
            found = next((r for r in actual if r.get("name") == item["name"]), None) \
                if "name" in item else (actual[index] if index < len(actual) else None)
            key = item.get("name", index)
            if found is None:
                self.fail(f"{what}.rule[{key}] not found (have {len(actual)} rules)")
                continue
            if "description" in item:
                self.equal(f"{what}.rule[{key}].description", item["description"],
                           found.get("description"))
            self.equal(f"{what}.rule[{key}].hidden", item.get("hidden", False),
                       found.get("hidden", False))
            for field_name in ("page", "publicationId"):
                if field_name in item:
                    self.equal(f"{what}.rule[{key}].{field_name}", item[field_name],
                               found.get(field_name) or "")
        if len(actual) > len(expected):
            self.fail(f"{what}: expected {len(expected)} rules but got {len(actual)}")

    def categories(self, what: str, expected: list[dict[str, Any]],
                   actual: list[dict[str, Any]]) -> None:
        for index, item in enumerate(expected):
            if "entryId" in item:
                found = next((c for c in actual if c.get("entryId") == item["entryId"]), None)
            elif "name" in item:
                found = next((c for c in actual if c.get("name") == item["name"]), None)
            else:
                found = actual[index] if index < len(actual) else None
            key = item.get("entryId") or item.get("name") or index
            if found is None:
                self.fail(f"{what}.category[{key}] not found (have {len(actual)} categories)")
                continue
            if "name" in item and "entryId" in item:
                self.equal(f"{what}.category[{key}].name", item["name"], found.get("name"))
            if "primary" in item:
                self.equal(f"{what}.category[{key}].primary", item["primary"],
                           found.get("primary"))
            if "profiles" in item:
                self.profiles(f"{what}.category[{key}]", item["profiles"],
                              found.get("profiles") or [])
            if "rules" in item:
                self.rules(f"{what}.category[{key}]", item["rules"], found.get("rules") or [])
            for field_name in ("publicationId", "page", "customName", "customNotes"):
                if field_name in item:
                    self.equal(f"{what}.category[{key}].{field_name}", item[field_name],
                               found.get(field_name) or "")
        if len(actual) > len(expected):
            self.fail(f"{what}: expected {len(expected)} categories but got {len(actual)}")

    def publications(self, what: str, expected: list[dict[str, Any]],
                     actual: list[dict[str, Any]]) -> None:
        for index, item in enumerate(expected):
            if "id" in item:
                found = next((p for p in actual if p.get("id") == item["id"]), None)
            elif "name" in item:
                found = next((p for p in actual if p.get("name") == item["name"]), None)
            else:
                found = actual[index] if index < len(actual) else None
            if found is None:
                self.fail(f"{what}.publication[{item.get('id') or item.get('name')}] not "
                          f"found (have {len(actual)} publications)")
            elif "id" in item and "name" in item:
                self.equal(f"{what}.publication[{item['id']}].name", item["name"],
                           found.get("name"))
        if len(actual) > len(expected):
            self.fail(f"{what}: expected {len(expected)} publications but got {len(actual)}")

    # ----- errors -----------------------------------------------------------------------------

    def error_matches(self, assertion: dict[str, Any], error: dict[str, Any]) -> bool:
        on = str(assertion.get("on") or "").strip()
        kind, _, name = on.partition(" ")
        if error.get("raisedOnType") != kind:
            return False
        name = name.strip()
        if name:
            if "${{" in name:
                if error.get("raisedOnId") != self.outputs.resolve(name):
                    return False
            elif error.get("raisedOnEntryId") != name and not str(
                    error.get("raisedOnEntryId") or "").endswith("::" + name):
                return False
        source = str(assertion.get("from") or "")
        entry_id, _, constraint_id = source.partition("/")
        if error.get("entryId") != entry_id or (error.get("constraintId") or "") != constraint_id:
            return False
        contains = assertion.get("messageContains")
        return contains is None or str(contains).lower() in str(error.get("message")).lower()

    def errors_match(self, assertions: list[dict[str, Any]], actual: list[dict[str, Any]],
                     exact: bool) -> None:
        used: set[int] = set()
        for assertion in assertions:
            index = next((i for i, e in enumerate(actual)
                          if i not in used and self.error_matches(assertion, e)), None)
            if index is None:
                self.fail(f"expected error [on={assertion.get('on')!r}, from="
                          f"{assertion.get('from')!r}] not found in {_errors(actual)}")
            else:
                used.add(index)
        if exact and len(actual) != len(assertions):
            self.fail(f"expected {len(assertions)} error(s) but got {len(actual)}: "
                      f"{_errors(actual)}")

    def state(self, expected: dict[str, Any], state: dict[str, Any],
              errors: list[dict[str, Any]], data_source: bool) -> None:
        if "forceCount" in expected:
            self.equal("forceCount", expected["forceCount"], len(state["forces"]))
        if "costCount" in expected:
            self.equal("costCount", expected["costCount"], len(state["costs"]))
        if "costs" in expected:
            self.costs("roster", expected["costs"], state["costs"])
        if "costLimitCount" in expected:
            self.equal("costLimitCount", expected["costLimitCount"], len(state["costLimits"]))
        if "costLimits" in expected:
            limits = state["costLimits"]
            for item in expected["costLimits"]:
                key = item.get("typeId") or item.get("name")
                found = next((c for c in limits if c.get("typeId") == key or
                              c.get("name") == key), None)
                if found is None:
                    self.fail(f"costLimit type '{key}' not found in roster")
                elif "value" in item:
                    self.equal(f"costLimit[{key}].value", item["value"], found["value"])
            if len(limits) > len(expected["costLimits"]):
                self.fail(f"expected {len(expected['costLimits'])} costLimit(s) but got "
                          f"{len(limits)}")
        for key in ("gameSystemName", "gameSystemId", "name"):
            if key in expected:
                self.equal(key, expected[key], state.get(key) or "")
        if "forces" in expected:
            self.forces("force", expected["forces"], state["forces"])
        if "selectionCount" in expected:
            self.equal("totalSelectionCount", expected["selectionCount"],
                       sum(len(f["selections"]) for f in state["forces"]))
        if "errors" in expected and "errorsContain" in expected:
            self.fail("'errors' and 'errorsContain' are mutually exclusive")
            return
        if "errors" in expected:
            if not expected["errors"]:
                if errors:
                    self.fail(f"expected no errors but got {len(errors)}: {_errors(errors)}")
            else:
                self.errors_match(expected["errors"], errors, exact=True)
        if "errorsContain" in expected:
            self.errors_match(expected["errorsContain"], errors, exact=False)
        if "errorCount" in expected and len(errors) != expected["errorCount"]:
            self.fail(f"expected {expected['errorCount']} error(s) but got {len(errors)}: "
                      f"{_errors(errors)}")
        if not data_source and not any(k in expected for k in
                                       ("errors", "errorsContain", "errorCount")) and errors:
            self.fail(f"expected no errors (default) but got {len(errors)}: {_errors(errors)}")


def _errors(errors: list[dict[str, Any]]) -> str:
    return "; ".join(f"{e.get('raisedOnType')} [{e.get('raisedOnEntryId')}] <- "
                     f"{e.get('entryId')}/{e.get('constraintId')}: {e.get('message')}"
                     for e in errors)


# ----- playing a spec -------------------------------------------------------------------------

ACTION_FIELDS = ("forceEntryId", "entryId", "catalogueId", "forceId", "selectionId",
                 "costTypeId", "count", "value", "customName", "customNotes", "categoryEntryId")


@dataclass
class Result:
    spec_id: str
    category: str
    passed: bool
    errors: list[str] = field(default_factory=list)
    undefined: bool = False
    skipped_steps: int = 0


def play(adapter: AdapterProcess, spec: dict[str, Any], engine: str | None = ENGINE) -> Result:
    """Play one spec (``engine`` None: the base expectations, no engine's overrides)."""
    spec_id = spec["id"]
    result = Result(spec_id, spec.get("category", ""), False)
    outputs = Outputs()
    data_source = bool(spec["setup"].get("dataSource"))
    if data_source:
        result.errors.append(f"Setup: the data source {spec['setup']['dataSource']} is not "
                             "available offline")
        return result
    response = adapter.send(protocol_setup(spec))
    if response.get("errors"):
        result.errors.extend(f"Setup error: {e}" for e in response["errors"])
        adapter.send({"type": "teardown"})
        return result
    try:
        for index, step in enumerate(spec["steps"]):
            if engine and engine in (step.get("skipEngines") or []):
                result.skipped_steps += 1
                if step.get("action") and step.get("id"):
                    outputs.steps[step["id"]] = {}
                continue
            if step.get("action"):
                if not _action(adapter, step, index, outputs, result, engine):
                    break
            elif "expectedState" in step:
                comparison = Comparison(index, outputs)
                try:
                    expected = for_engine(step["expectedState"] or {}, engine)
                    state = adapter.send({"type": "getState"})
                    errors = adapter.send({"type": "getErrors"}).get("errors") or []
                    comparison.state(expected, state, errors, data_source)
                except LookupError as error:
                    comparison.fail(f"LookupError: {error}")
                result.errors.extend(comparison.errors)
            elif "expectedFile" in step:
                result.errors.extend(_file(adapter, spec, step, index, outputs, engine))
    finally:
        adapter.send({"type": "teardown"})
    result.passed = not result.errors
    return result


def _action(adapter: AdapterProcess, step: dict[str, Any], index: int, outputs: Outputs,
            result: Result, engine: str | None) -> bool:
    merged = dict(step)
    if engine and (step.get("engines") or {}).get(engine):
        merged.update(step["engines"][engine])
    command: dict[str, Any] = {"type": "action", "action": merged["action"]}
    try:
        for key in ACTION_FIELDS:
            if key in merged:
                command[key] = outputs.resolve(merged[key])
        if merged["action"] == "loadRoster":
            command["xml"] = outputs.resolve(merged.get("content") or "")
    except LookupError as error:
        result.errors.append(f"Step {index}: LookupError: {error}")
        return False
    response = adapter.send(command)
    if not response.get("ok"):
        result.errors.append(f"Step {index}: action {merged['action']} failed: "
                             f"{response.get('error') or response.get('message')}")
        return False
    if step.get("id"):
        outputs.steps[step["id"]] = response.get("outputs") or {}
    return True


def _file(adapter: AdapterProcess, spec: dict[str, Any], step: dict[str, Any], index: int,
          outputs: Outputs, engine: str | None) -> list[str]:
    response = adapter.send({"type": "exportRosterXml"})
    if response.get("type") != "rosterXmlResult":
        return [f"Step {index}: expectedFile needs a roster export: {response}"]
    expected_spec = step.get("expectedFile") or {}
    if expected_spec.get("content"):
        template = expected_spec["content"]
    else:
        folder = Path(spec["_path"]).parent
        candidates = [f"{spec['id']}.{step.get('id')}.{engine}.ros"] if engine else []
        candidates.append(f"{spec['id']}.{step.get('id')}.ros")
        path = next((folder / c for c in candidates if (folder / c).is_file()), None)
        if path is None:
            return [f"Step {index}: no expected file {candidates}"]
        template = path.read_text(encoding="utf-8")
    actual = response["xml"].replace("\r\n", "\n").rstrip("\n").split("\n")
    lines = template.replace("\r\n", "\n").rstrip("\n").split("\n")
    for number in range(max(len(lines), len(actual))):
        want = lines[number] if number < len(lines) else None
        got = actual[number] if number < len(actual) else None
        try:
            ok = want is not None and got is not None and re.match(
                outputs.line_regex(want), got) is not None
        except LookupError as error:
            return [f"Step {index}: expectedFile: {error}"]
        if not ok:
            return [f"Step {index}: expectedFile: first difference at line {number + 1}:\n"
                    f"      expected: {want}\n      actual:   {got}"]
    return []


def is_undefined(spec: dict[str, Any], engine: str = ENGINE) -> bool:
    """Whether the suite leaves the spec undefined for ``engine``: ``engines: {newrecruit:
    skip}`` or tagged ``undefined-behavior``."""
    return (spec.get("engines") or {}).get(engine) == "skip" or \
        UNDEFINED_TAG in (spec.get("tags") or [])


def run_all(folder: Path, engine: str = ENGINE,
            adapter: AdapterProcess | None = None) -> list[Result]:
    """Every spec under ``folder``, in path order: undefined ones played against the base
    expectations and marked so."""
    own = adapter is None
    adapter = adapter or AdapterProcess()
    try:
        adapter.send({"type": "describe"})
        results = []
        for path in sorted(folder.rglob("*.yaml")):
            spec = load_spec(path)
            undefined = is_undefined(spec, engine)
            result = play(adapter, spec, None if undefined else engine)
            result.undefined = undefined
            results.append(result)
        return results
    finally:
        if own:
            adapter.close()


def main(argv: list[str]) -> int:
    import argparse
    import time

    parser = argparse.ArgumentParser(prog="python -m tests.battlescribe.runner")
    parser.add_argument("folder", nargs="?", type=Path,
                        default=shared_battlescribe() / "conformance" / "specs" / "roster")
    parser.add_argument("--engine", default=ENGINE)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    results = run_all(args.folder, args.engine)
    elapsed = time.perf_counter() - start
    for result in results:
        if not result.passed:
            tag = "UNDEFINED" if result.undefined else "FAIL"
            print(f"{tag} {result.category}/{result.spec_id}")
            for line in result.errors[: (20 if args.verbose else 3)]:
                print("   ", line[:2000 if args.verbose else 300])
    defined = [r for r in results if not r.undefined]
    print(f"{sum(r.passed for r in defined)} passed, {sum(not r.passed for r in defined)} "
          f"failed, {len(results) - len(defined)} undefined for {args.engine} "
          f"({sum(r.passed for r in results if r.undefined)} of them pass the base "
          f"expectations), {len(results)} specs in {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
