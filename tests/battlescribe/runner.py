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

from tests.battlescribe.comparing import Comparison, Outputs, for_engine
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
