"""Reproducible installs: what `make run` and `make test` install is exactly the lock, and the
lock answers pyproject.toml's ranges (issue 24)."""

from __future__ import annotations

import re
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

from tests.conftest import REPO

LOCKS = REPO / "requirements"
PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)\s*(?:;\s*([^\\]+?))?\s*\\?$")


def locked(path: Path) -> dict[str, tuple[str, str | None]]:
    """name -> (version, marker) for every pin of a lock file."""
    pins: dict[str, tuple[str, str | None]] = {}
    for line in path.read_text("utf-8").splitlines():
        found = PIN.match(line)
        if found:
            name, version, marker = found.groups()
            pins[canonicalize_name(name)] = (version, marker)
    return pins


def applies(marker: str | None) -> bool:
    return marker is None or Marker(marker).evaluate()


def project() -> dict:
    return tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))


@pytest.mark.parametrize("lock", ["test.lock", "dev.lock"])
def test_every_pin_has_hashes(lock: str):
    text = (LOCKS / lock).read_text("utf-8")
    blocks = re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[-1])
    pins = [b for b in blocks if PIN.match(b.splitlines()[0])]
    assert len(pins) > 15
    assert [b.splitlines()[0] for b in pins if "--hash=sha256:" not in b] == []


@pytest.mark.parametrize("extras", [("test",), ("test", "dev")])
def test_the_locks_answer_every_range_of_pyproject(extras: tuple[str, ...]):
    """A dependency added or a range changed without `make lock` fails here, naming it."""
    meta = project()["project"]
    wanted = list(meta["dependencies"])
    for extra in extras:
        wanted += meta["optional-dependencies"][extra]
    pins = locked(LOCKS / ("dev.lock" if "dev" in extras else "test.lock"))
    wrong = []
    for text in wanted:
        req = Requirement(text)
        pin = pins.get(canonicalize_name(req.name))
        if pin is None or not req.specifier.contains(pin[0], prereleases=True):
            wrong.append(f"{text}: locked {pin[0] if pin else 'nothing'}")
    assert wrong == [], "run `make lock`"


def test_the_test_lock_agrees_with_the_dev_lock():
    """The same version in both (the markers may differ: the dev tools want more packages)."""
    dev = {name: version for name, (version, _marker) in locked(LOCKS / "dev.lock").items()}
    assert {name: version for name, (version, _marker) in locked(LOCKS / "test.lock").items()
            if dev.get(name) != version} == {}


def test_the_build_requirements_are_the_locked_versions():
    """pyproject.toml's [build-system] pins what the lock installs for `make`'s builds, so an
    isolated build (pip install of the sdist) uses the versions we test."""
    pins = locked(LOCKS / "test.lock")
    for text in project()["build-system"]["requires"]:
        req = Requirement(text)
        version = pins[canonicalize_name(req.name)][0]
        assert str(req.specifier) == f"=={version}", f"pin {req.name}=={version} in pyproject.toml"


@pytest.mark.skipif(Path(sys.prefix).resolve() != (REPO / ".venv").resolve(),
                    reason="only the project's own .venv (make run / make test) is the lock's")
def test_the_installed_versions_are_the_locked_ones():
    pins = locked(LOCKS / "test.lock")
    wrong = {}
    for name, (version, marker) in pins.items():
        if not applies(marker):
            continue
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = None
        if installed != version:
            wrong[name] = (installed, version)
    assert wrong == {}, "(installed, locked): run `make test` after `rm -rf .venv`"
