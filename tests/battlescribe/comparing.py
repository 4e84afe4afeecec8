"""How the runner (:mod:`tests.battlescribe.runner`) compares: ``${{ steps.… }}``
expressions resolved from the outputs of earlier steps, a step's expected state merged with
its ``engines:`` override, and the comparison of an expected state and errors with what the
adapter says, as the suite's own runner compares (``docs/error-assertions.md``,
``docs/engine-filtered-expected-state.md``)."""

from __future__ import annotations

import re
from typing import Any

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
