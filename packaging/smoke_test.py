"""Smoke test of a built PyInstaller bundle (run by ``make dist``).

From a working folder outside the checkout, with an empty user folder:
1. the bundled ``spherewars validate`` checks the shipped example lists (legal → 0, illegal → 1);
2. ``spherewars check-data`` finds the built-in data inside the bundle;
3. the bundled app opens its main window (offscreen) with an example list and quits.

Usage: python packaging/smoke_test.py dist/pyinstaller/spherewars
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "resources" / "examples"


def main(bundle: Path) -> int:
    bundle = bundle.resolve()
    exe = bundle / ("spherewars.exe" if os.name == "nt" else "spherewars")
    if not exe.is_file():
        print(f"FAIL no bundled program at {exe}")
        return 1
    failures = 0
    with tempfile.TemporaryDirectory(prefix="spherewars-bundle-smoke-") as tmp:
        work = Path(tmp)
        env = {**os.environ, "SPHEREWARS_USER_DIR": str(work / "user"),
               "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": ""}
        legal = shutil.copy(EXAMPLES / "soimi-legal-ensartadores.warband.yaml", work)
        illegal = shutil.copy(EXAMPLES / "soimi-illegal-points-limit.warband.yaml", work)
        checks = [
            ("validate a legal example", [exe, "validate", Path(legal).name], 0, "legal"),
            ("validate an illegal example", [exe, "validate", Path(illegal).name], 1,
             "points-limit"),
            ("check-data finds the bundled factions", [exe, "check-data"], 0, ""),
            ("--version", [exe, "--version"], 0, "spherewars "),
        ]
        # Several times: quitting once crashed at random (Qt objects outliving the app).
        checks += [(f"the app opens its window and quits cleanly ({n}/5)",
                    [exe, "gui", Path(legal).name], 0, "main window shown: Los Ensartadores")
                   for n in range(1, 6)]
        for label, cmd, code, expected in checks:
            run_env = {**env, "SPHEREWARS_SMOKE_TEST": "1"} if cmd[1] == "gui" else env
            proc = subprocess.run([str(c) for c in cmd], cwd=work, env=run_env, text=True,
                                  capture_output=True, timeout=120)
            ok = proc.returncode == code and expected in proc.stdout + proc.stderr
            failures += not ok
            print(f"{'ok  ' if ok else 'FAIL'} {label}: exit {proc.returncode}")
            if not ok:
                print((proc.stdout + proc.stderr).strip()[-2000:])
    print("bundle smoke test " + ("passed" if not failures else f"FAILED ({failures})"))
    print(f"bundle: {len(checks) - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else
                  ROOT / "dist" / "pyinstaller" / "spherewars"))
