"""The conformance suite's roster specs played against ``spherewars bs-adapter``
(tests/battlescribe/runner.py), New Recruit's expectations where engines differ (SPEC §10).

A ratchet: every spec passes except those in ``conformance_known_failures.txt``, each with its
reason; a listed spec that passes fails the run, so the list only shrinks. Specs the suite
leaves undefined for New Recruit are played against its base expectations and reported, never
failed. Our own specs (tests/fixtures/battlescribe/specs) run on every clone and must all pass.
Skipped when the shared suite (``../shared/battlescribe``, or ``SPHEREWARS_BATTLESCRIBE``) is
not here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.battlescribe.helpers import FIXTURES, shared_battlescribe
from tests.battlescribe.runner import AdapterProcess, Result, load_spec, play, run_all

SUITE = shared_battlescribe() / "conformance" / "specs" / "roster"
KNOWN = Path(__file__).with_name("conformance_known_failures.txt")
OWN_SPECS = FIXTURES / "specs"


def known_failures() -> dict[str, str]:
    found = {}
    for line in KNOWN.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, reason = line.partition(": ")
            assert reason, f"no reason given for {name}"
            found[name.strip()] = reason.strip()
    return found


@pytest.fixture(scope="module")
def adapter():
    process = AdapterProcess()
    yield process
    process.close()


@pytest.mark.skipif(not SUITE.is_dir(), reason="the shared conformance suite is not here")
def test_the_suite_passes_but_for_the_known_failures(adapter: AdapterProcess,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    results = run_all(SUITE, adapter=adapter)
    known = known_failures()
    names = {f"{r.category}/{r.spec_id}": r for r in results}
    failing = {n for n, r in names.items() if not r.passed and not r.undefined}
    undefined = sorted(n for n, r in names.items() if r.undefined)
    with capsys.disabled():
        print(f"\nconformance: {len(names) - len(failing) - len(undefined)} passed, "
              f"{len(failing)} failed (all known), {len(undefined)} undefined for New Recruit "
              f"({sum(names[n].passed for n in undefined)} of them as the base expects)")
    unexpected = {n: names[n].errors[:3] for n in sorted(failing - set(known))}
    assert not unexpected, f"specs that fail and are not listed: {unexpected}"
    fixed = sorted(n for n in known if n in names and names[n].passed)
    assert not fixed, f"listed as failing but pass now (remove them from {KNOWN.name}): {fixed}"
    stale = sorted(n for n in known if n not in names or names[n].undefined)
    assert not stale, f"listed but not a defined spec of the suite: {stale}"


@pytest.mark.parametrize("path", sorted(OWN_SPECS.rglob("*.yaml")),
                         ids=lambda p: str(p.relative_to(OWN_SPECS).with_suffix("")))
def test_our_own_specs_pass(adapter: AdapterProcess, path: Path) -> None:
    result: Result = play(adapter, load_spec(path))
    assert result.passed, "\n".join(result.errors)
