"""Smoke test of a built PyInstaller bundle (run by ``make dist``).

From a working folder outside the checkout, with an empty user folder and no Python settings:
1. ``spherewars --version`` prints the package's version;
2. the bundled ``spherewars validate`` checks example lists (legal → exit 0 and ``"legal":
   true``; over the points limit → exit 1 with ``points-limit``), and the whole examples folder
   *inside the bundle* (so the examples ship);
3. ``spherewars check-data`` finds the built-in factions inside the bundle;
4. ``spherewars export`` writes a PDF (reportlab and the bundled fonts work frozen);
5. the bundled translations: ``--lang es`` prints Spanish, and Qt's ``qtbase_es.qm`` is in the
   bundle (the English checks run with ``LANGUAGE=en``);
6. the bundled app opens its main window offscreen with an example list and quits (the
   ``SPHEREWARS_SMOKE_TEST`` hook of ``builder.gui.app.run``), five times through
   ``spherewars gui`` (quitting once crashed at random) and once through ``spherewars-gui``;
7. the bundled app draws the export preview of that list (PDFium's library is bundled);
8. on Linux, the bundle's ``install-linux-desktop.sh`` installs a launcher pointing at the
   bundled ``spherewars-gui`` (into a scratch ``XDG_DATA_HOME``).

Usage: python packaging/smoke_test.py dist/pyinstaller/spherewars
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "resources" / "examples"
LEGAL = "soimi-legal-ensartadores.warband.yaml"
ILLEGAL = "soimi-illegal-points-limit.warband.yaml"
DESKTOP_ID = "org.spherewars.WarbandBuilder"


def version() -> str:
    sys.path.insert(0, str(ROOT))
    from builder import __version__

    return __version__


def first_file(proc: subprocess.CompletedProcess[str]) -> dict:
    try:
        return json.loads(proc.stdout)["files"][0]
    except (ValueError, KeyError, IndexError, TypeError):
        return {}


def summary(proc: subprocess.CompletedProcess[str]) -> dict:
    try:
        return json.loads(proc.stdout)["summary"]
    except (ValueError, KeyError, TypeError):
        return {}


def main(bundle: Path) -> int:
    bundle = bundle.resolve()
    exe_suffix = ".exe" if os.name == "nt" else ""
    exe = bundle / f"spherewars{exe_suffix}"
    gui_exe = bundle / f"spherewars-gui{exe_suffix}"
    if not exe.is_file():
        print(f"FAIL no bundled program at {exe}")
        return 1
    bundled_examples = next(bundle.rglob("builder/_data/resources/examples"), None)
    expected_version = f"spherewars {version()}"
    failures = 0
    with tempfile.TemporaryDirectory(prefix="spherewars-bundle-smoke-") as tmp:
        work = Path(tmp).resolve()
        env = {k: v for k, v in os.environ.items() if not k.startswith("PYTHON")}
        env.update({"SPHEREWARS_USER_DIR": str(work / "user"), "QT_QPA_PLATFORM": "offscreen",
                    "XDG_CONFIG_HOME": str(work / "config"), "LANGUAGE": "en"})
        gui_env = {**env, "SPHEREWARS_SMOKE_TEST": "1"}
        shutil.copy(EXAMPLES / LEGAL, work)
        shutil.copy(EXAMPLES / ILLEGAL, work)
        shown = "smoke test: main window shown: Los Ensartadores"

        Check = tuple[str, Sequence[str | Path], dict[str, str],
                      Callable[[subprocess.CompletedProcess[str]], bool]]
        checks: list[Check] = [
            ("--version prints the package's version", [exe, "--version"], env,
             lambda p: p.returncode == 0 and p.stdout.strip() == expected_version),
            ("validate a legal example: exit 0, legal",
             [exe, "validate", LEGAL, "--format", "json"], env,
             lambda p: p.returncode == 0 and first_file(p).get("legal") is True),
            ("validate an illegal example: exit 1, points-limit",
             [exe, "validate", ILLEGAL, "--format", "json"], env,
             lambda p: p.returncode == 1 and [f["rule"] for f in
                                              first_file(p).get("findings", [])]
             == ["points-limit"]),
            ("validate the examples shipped inside the bundle",
             [exe, "validate", bundled_examples or "missing-examples", "--format", "json"], env,
             lambda p: bundled_examples is not None and p.returncode == 1
             and summary(p).get("unreadable") == 0 and summary(p).get("legal", 0) >= 1),
            ("check-data finds the bundled factions", [exe, "check-data"], env,
             lambda p: p.returncode == 0 and "no problems" in p.stderr),
            ("export writes a PDF", [exe, "export", LEGAL, "-o", "cards.pdf"], env,
             lambda p: p.returncode == 0
             and (work / "cards.pdf").read_bytes()[:5] == b"%PDF-"),
            ("--lang es: the bundled Spanish catalogue is used",
             [exe, "--lang", "es", "validate", ILLEGAL], env,
             lambda p: p.returncode == 1
             and "error: 332 puntos gastados, el límite es 300\n" in p.stdout
             and "[points-limit]" not in p.stdout  # rule ids stay in the JSON
             and "1 lista (legales: 0; ilegales: 1; ilegibles: 0)" in p.stdout),
            ("Qt's Spanish translations (qtbase_es.qm) are in the bundle", [exe, "--version"],
             env, lambda p: next(bundle.rglob("qtbase_es.qm"), None) is not None),
        ]
        checks += [(f"spherewars gui opens the window and quits cleanly ({n}/5)",
                    [exe, "gui", LEGAL], gui_env,
                    lambda p: p.returncode == 0 and shown in p.stdout)
                   for n in range(1, 6)]
        checks.append(("spherewars --lang es gui opens the window in Spanish",
                       [exe, "--lang", "es", "gui", LEGAL], gui_env,
                       lambda p: p.returncode == 0 and shown in p.stdout
                       and "Qt: es" in p.stdout))
        checks.append(("the export preview draws pages (PDFium is bundled)",
                       [exe, "gui", LEGAL], gui_env,
                       lambda p: p.returncode == 0 and "export preview drew 1 of" in p.stdout))
        # spherewars-gui has no console on Windows: nothing to read there, the exit code says.
        checks.append(("spherewars-gui opens the window and quits cleanly",
                       [gui_exe, LEGAL], gui_env,
                       lambda p: p.returncode == 0 and (os.name == "nt" or shown in p.stdout)))
        script = bundle / "install-linux-desktop.sh"
        if sys.platform.startswith("linux"):
            data_home = work / "share"
            launcher = data_home / "applications" / f"{DESKTOP_ID}.desktop"
            checks.append((
                "install-linux-desktop.sh from the bundle points the launcher at it",
                ["sh", script], {**env, "XDG_DATA_HOME": str(data_home)},
                lambda p: p.returncode == 0 and launcher.is_file()
                and f'Exec="{gui_exe}" %f' in launcher.read_text("utf-8")
                and (data_home / "icons" / "hicolor" / "256x256" / "apps"
                     / f"{DESKTOP_ID}.png").is_file()))

        for label, cmd, run_env, passed in checks:
            try:
                proc = subprocess.run([str(c) for c in cmd], cwd=work, env=run_env, text=True,
                                      capture_output=True, timeout=120, encoding="utf-8",
                                      errors="replace")
                ok = passed(proc)
                detail = f"exit {proc.returncode}\n{proc.stdout}{proc.stderr}".strip()
            except (OSError, subprocess.TimeoutExpired) as exc:
                ok, detail = False, str(exc)
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {label}", flush=True)
            if not ok:
                print("     " + detail[-2000:].replace("\n", "\n     "), flush=True)
    print(f"bundle smoke test {'passed' if not failures else 'FAILED'}: "
          f"{len(checks) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else
                  ROOT / "dist" / "pyinstaller" / "spherewars"))
