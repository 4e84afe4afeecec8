"""Build the wheel, install it into a fresh virtual environment outside the checkout, and run it.

Run by ``make test`` after pytest (it is a plain script, not a pytest module): it proves that a
normal, non-editable install ships the built-in data (``factions/`` and ``resources/`` copied
into ``builder/_data`` by ``setup.py``) and that the ``spherewars`` command works from there.

No network: the source is copied to a temporary folder (so a stale ``build/`` in the checkout
cannot leak into the wheel and concurrent runs do not collide), built with this interpreter's
setuptools through the PEP 517 hooks (sdist first, then the wheel from the unpacked sdist, as
``python -m build`` does, so a file missing from ``MANIFEST.in`` fails here), and installed
with ``pip --no-index --no-deps`` into a venv created ``--without-pip``. The dependencies
(pydantic, PyYAML, ...) come from this interpreter's site-packages through a ``.pth`` file;
the check that ``builder`` is imported from the fresh venv proves the editable checkout is not
what runs.

Usage: ``.venv/bin/python tests/wheel_smoke.py``; exit status 0 when every check passed.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EXAMPLES = ("resources", "examples")
LEGAL_EXAMPLE = "soimi-legal-ensartadores.warband.yaml"
ILLEGAL_EXAMPLE = "soimi-illegal-points-limit.warband.yaml"
# Top-level folders of the checkout that are not source (build output, tools' caches, venvs).
SKIP_TOP = {".git", ".venv", "build", "dist", ".pytest_cache", ".hypothesis", ".mypy_cache",
            ".ruff_cache"}
SETUPTOOLS_MIN = (77,)  # `license = "MIT"` (PEP 639) in pyproject.toml needs setuptools 77

failures: list[str] = []


def check(ok: bool, what: str, detail: str = "") -> bool:
    print(f"{'ok  ' if ok else 'FAIL'} {what}", flush=True)
    if not ok:
        failures.append(what)
        if detail:
            print("     " + detail.strip().replace("\n", "\n     "), flush=True)
    return ok


def run(cmd: Sequence[str | Path], cwd: Path, env: dict[str, str] | None = None,
        timeout: float = 120) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(c) for c in cmd], cwd=cwd, env=env, text=True,
                          capture_output=True, timeout=timeout, encoding="utf-8",
                          errors="replace")


def output(proc: subprocess.CompletedProcess[str]) -> str:
    return f"exit {proc.returncode}\nstdout:\n{proc.stdout}\nstderr:\n{proc.stderr}"


def copy_source(dest: Path) -> None:
    def ignore(folder: str, names: list[str]) -> set[str]:
        # compiled catalogues (.mo) are not in git: as in a fresh clone, setup.py makes them
        skipped = {n for n in names if n == "__pycache__"
                   or n.endswith((".pyc", ".egg-info", ".mo"))}
        if Path(folder) == REPO:
            skipped |= SKIP_TOP & set(names)
        return skipped

    shutil.copytree(REPO, dest, ignore=ignore)


def build_hook(hook: str, src: Path, out: Path) -> Path:
    """Call one PEP 517 hook of setuptools in ``src`` with this interpreter (no isolation)."""
    code = ("import sys, setuptools.build_meta as b; "
            f"print(b.{hook}(sys.argv[1]))")
    proc = run([sys.executable, "-c", code, out], cwd=src)
    if proc.returncode != 0:
        raise RuntimeError(f"{hook} failed\n{output(proc)}")
    return out / proc.stdout.strip().splitlines()[-1]


def main() -> int:
    started = time.monotonic()
    import setuptools

    version = tuple(int(p) for p in setuptools.__version__.split(".")[:1])
    if not check(version >= SETUPTOOLS_MIN,
                 f"setuptools {setuptools.__version__} in {sys.prefix} can build the project",
                 "building without network uses this interpreter's setuptools; install a newer "
                 f"one with: {sys.executable} -m pip install 'setuptools>=77' wheel"):
        return 1

    sys.path.insert(0, str(REPO))
    from builder import __version__

    with tempfile.TemporaryDirectory(prefix="spherewars-wheel-smoke-") as tmp_name:
        tmp = Path(tmp_name).resolve()
        if not check(not tmp.is_relative_to(REPO), f"work folder {tmp} is outside the checkout"):
            return 1
        src, out, fresh, elsewhere = tmp / "src", tmp / "out", tmp / "venv", tmp / "elsewhere"
        out.mkdir()
        elsewhere.mkdir()

        # 1. sdist, then the wheel from the unpacked sdist.
        copy_source(src)
        try:
            sdist = build_hook("build_sdist", src, out)
            with tarfile.open(sdist) as tar:
                if hasattr(tarfile, "data_filter"):  # Python >= 3.11.4
                    tar.extractall(tmp / "sdist", filter="data")
                else:
                    tar.extractall(tmp / "sdist")
            unpacked = tmp / "sdist" / sdist.name.removesuffix(".tar.gz")
            wheel = build_hook("build_wheel", unpacked, out)
        except RuntimeError as exc:
            check(False, "build the sdist and the wheel", str(exc))
            return 1
        check(wheel.name.startswith(f"spherewars_builder-{__version__}-"),
              f"built {sdist.name} and {wheel.name}")

        # 2. A fresh venv outside the checkout; the wheel installed without network.
        proc = run([sys.executable, "-m", "venv", "--without-pip", fresh], cwd=tmp)
        if not check(proc.returncode == 0, f"create a fresh venv in {fresh}", output(proc)):
            return 1
        bindir = fresh / ("Scripts" if os.name == "nt" else "bin")
        python = bindir / ("python.exe" if os.name == "nt" else "python")
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("PYTHON", "PIP_", "VIRTUAL_ENV"))}
        env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
        env["SPHEREWARS_USER_DIR"] = str(tmp / "user")  # never the developer's own factions
        env["LANGUAGE"] = "en"  # the checks read English, whatever the developer's locale
        proc = run([sys.executable, "-m", "pip", "--python", python, "install", "--no-index",
                    "--no-deps", "--no-compile", "-q", wheel], cwd=elsewhere, env=env)
        if not check(proc.returncode == 0, "pip install --no-index --no-deps the wheel",
                     output(proc)):
            return 1
        proc = run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                   cwd=elsewhere, env=env)
        fresh_site = Path(proc.stdout.strip())
        ours = {sysconfig.get_paths()[k] for k in ("purelib", "platlib")}
        (fresh_site / "_spherewars_smoke_deps.pth").write_text(
            "".join(f"{p}\n" for p in sorted(ours)), encoding="utf-8")

        # 3. The installed package is the wheel's, with its data, not the checkout.
        probe = ("import json, builder, builder.plumbing.paths as p; "
                 "print(json.dumps([builder.__file__, str(p.data_root())]))")
        proc = run([python, "-c", probe], cwd=elsewhere, env=env)
        try:
            module_file, data_root = (Path(x).resolve() for x in json.loads(proc.stdout))
        except (ValueError, TypeError):
            check(False, "import builder in the fresh venv", output(proc))
            return 1
        check(module_file.is_relative_to(fresh) and not module_file.is_relative_to(REPO),
              f"builder is imported from the fresh venv ({module_file})")
        check(data_root == module_file.parent / "_data",
              f"built-in data found in the wheel ({data_root})")
        examples = data_root.joinpath(*EXAMPLES)

        # 4. The installed commands, run from a folder that is not the checkout.
        spherewars = bindir / ("spherewars.exe" if os.name == "nt" else "spherewars")
        gui_script = bindir / ("spherewars-gui.exe" if os.name == "nt" else "spherewars-gui")
        check(gui_script.is_file(), f"gui script installed ({gui_script.name})")

        proc = run([spherewars, "--version"], cwd=elsewhere, env=env)
        check(proc.returncode == 0 and proc.stdout.strip() == f"spherewars {__version__}",
              f"spherewars --version prints 'spherewars {__version__}'", output(proc))

        proc = run([spherewars, "check-data"], cwd=elsewhere, env=env)
        check(proc.returncode == 0 and "no problems" in proc.stderr,
              "spherewars check-data: built-in factions load from the wheel", output(proc))

        proc = run([spherewars, "validate", examples / LEGAL_EXAMPLE, "--format", "json"],
                   cwd=elsewhere, env=env)
        try:
            report = json.loads(proc.stdout)
            legal = report["files"][0]["legal"] is True and report["summary"]["legal"] == 1
        except (ValueError, KeyError, IndexError, TypeError):
            legal = False
        check(proc.returncode == 0 and legal,
              f"spherewars validate {LEGAL_EXAMPLE} (shipped example): exit 0, legal",
              output(proc))

        proc = run([spherewars, "validate", examples / ILLEGAL_EXAMPLE, "--format", "json"],
                   cwd=elsewhere, env=env)
        try:
            rules = [f["rule"] for f in json.loads(proc.stdout)["files"][0]["findings"]]
        except (ValueError, KeyError, IndexError, TypeError):
            rules = []
        check(proc.returncode == 1 and rules == ["points-limit"],
              f"spherewars validate {ILLEGAL_EXAMPLE}: exit 1, points-limit", output(proc))

        proc = run([spherewars, "--lang", "es", "validate", examples / ILLEGAL_EXAMPLE],
                   cwd=elsewhere, env=env)
        check(proc.returncode == 1
              and "332 puntos gastados, el límite es 300" in proc.stdout,
              "spherewars --lang es validate: the Spanish catalogue ships in the wheel",
              output(proc))
        mo = module_file.parent / "locale" / "es" / "LC_MESSAGES" / "spherewars.mo"
        check(mo.is_file(), f"compiled catalogue in the wheel ({mo.name})")

        page = tmp / "game.html"
        proc = run([spherewars, "play", examples / LEGAL_EXAMPLE, "-o", page], cwd=elsewhere,
                   env=env)
        check(proc.returncode == 0 and page.is_file()
              and '"use strict"' in page.read_text(encoding="utf-8"),
              "spherewars play: the phone page's script ships in the wheel", output(proc))

    elapsed = time.monotonic() - started
    if failures:
        print(f"wheel smoke test FAILED ({len(failures)} checks) in {elapsed:.1f} s")
        return 1
    print(f"wheel smoke test passed in {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
