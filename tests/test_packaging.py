"""Packaging: one version, desktop integration files, icons, the bundle spec, the smoke hook."""

from __future__ import annotations

import configparser
import os
import shutil
import struct
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import builder
from builder.plumbing import paths
from tests.conftest import REPO

LINUX = REPO / "resources" / "linux"
MIME_TYPE = "application/x-spherewars-warband"


def test_version_comes_from_the_package():
    out = subprocess.run([sys.executable, "-m", "builder", "--version"], capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == f"spherewars {builder.__version__}"
    project = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    assert "version" not in project and "version" in project["dynamic"]


def desktop_entry() -> configparser.SectionProxy:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(LINUX / f"{paths.DESKTOP_ID}.desktop", encoding="utf-8")
    return parser["Desktop Entry"]


def test_desktop_file_matches_the_app():
    entry = desktop_entry()
    assert entry["Type"] == "Application"
    assert entry["Icon"] == paths.DESKTOP_ID
    assert entry["Exec"].split()[0] == "spherewars-gui" and "%f" in entry["Exec"]
    scripts = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]
    assert "spherewars-gui" in scripts["gui-scripts"]
    assert MIME_TYPE in entry["MimeType"].split(";")


def test_mime_entry_maps_warband_files():
    ns = {"m": "http://www.freedesktop.org/standards/shared-mime-info"}
    root = ET.parse(LINUX / f"{paths.DESKTOP_ID}.xml").getroot()
    mime = root.find("m:mime-type", ns)
    assert mime is not None and mime.get("type") == MIME_TYPE
    assert [g.get("pattern") for g in mime.findall("m:glob", ns)] == ["*.warband.yaml"]


@pytest.mark.parametrize("size", [16, 32, 48, 64, 128, 256])
def test_icon_png_sizes(size: int):
    png = (REPO / "resources" / "icons" / "hicolor" / f"{size}x{size}" / "apps" /
           f"{paths.DESKTOP_ID}.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and png[12:16] == b"IHDR"
    assert struct.unpack(">II", png[16:24]) == (size, size)


def test_spec_bundles_the_data_where_paths_looks():
    spec = (REPO / "packaging" / "spherewars.spec").read_text("utf-8")
    assert '"factions"), "builder/_data/factions"' in spec
    assert '"resources"), "builder/_data/resources"' in spec
    assert "from builder import __version__" in spec


@pytest.mark.skipif(os.name == "nt", reason="POSIX shell script")
def test_linux_desktop_install_and_remove(tmp_path: Path):
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    script = REPO / "packaging" / "install-linux-desktop.sh"
    subprocess.run(["sh", str(script)], env=env, check=True, capture_output=True)
    assert (tmp_path / "applications" / f"{paths.DESKTOP_ID}.desktop").is_file()
    assert (tmp_path / "mime" / "packages" / f"{paths.DESKTOP_ID}.xml").is_file()
    assert (tmp_path / "icons" / "hicolor" / "48x48" / "apps" / f"{paths.DESKTOP_ID}.png").is_file()
    subprocess.run(["sh", str(script), "--remove"], env=env, check=True, capture_output=True)
    assert not list(tmp_path.rglob(f"{paths.DESKTOP_ID}.*"))


@pytest.mark.parametrize("attempt", [1, 2, 3])
def test_smoke_hook_opens_the_window_and_quits_cleanly(tmp_path: Path, attempt: int):
    """The hook packaging/smoke_test.py uses on a built bundle, run on the installed app.
    Repeated: quitting used to segfault in about one run of six (see gui.app.shut_down)."""
    example = REPO / "resources" / "examples" / "soimi-legal-ensartadores.warband.yaml"
    env = {**os.environ, "SPHEREWARS_SMOKE_TEST": "1", "QT_QPA_PLATFORM": "offscreen",
           "SPHEREWARS_USER_DIR": str(tmp_path)}
    proc = subprocess.run([sys.executable, "-m", "builder", "gui", str(example)], env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert "smoke test: main window shown: Los Ensartadores" in proc.stdout


def test_desktop_file_is_named_after_the_desktop_id():
    assert sorted(p.name for p in LINUX.iterdir()) == [f"{paths.DESKTOP_ID}.desktop",
                                                       f"{paths.DESKTOP_ID}.xml"]
    entry = desktop_entry()
    for key in ("Name", "Exec", "Icon", "Type", "Categories", "MimeType"):
        assert entry.get(key), f"{key} missing"
    assert entry["Terminal"] == "false"


@pytest.mark.skipif(shutil.which("desktop-file-validate") is None,
                    reason="desktop-file-validate not installed (apt: desktop-file-utils)")
def test_desktop_file_passes_desktop_file_validate():
    proc = subprocess.run(["desktop-file-validate", str(LINUX / f"{paths.DESKTOP_ID}.desktop")],
                          capture_output=True, text=True)
    assert proc.returncode == 0 and not proc.stdout.strip(), proc.stdout + proc.stderr


def test_scalable_icon_is_the_source_svg():
    icons = REPO / "resources" / "icons"
    scalable = icons / "hicolor" / "scalable" / "apps" / f"{paths.DESKTOP_ID}.svg"
    assert scalable.read_bytes() == (icons / "spherewars.svg").read_bytes(), \
        "run packaging/render_icons.py after editing resources/icons/spherewars.svg"


@pytest.mark.skipif(os.name == "nt", reason="POSIX shell script")
def test_linux_desktop_install_for_a_bundle_points_exec_at_it(tmp_path: Path):
    """--exec (and the PyInstaller folder, where the script finds its own spherewars-gui)
    writes a launcher that runs that program, quoted, with the file argument kept."""
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path)}
    script = REPO / "packaging" / "install-linux-desktop.sh"
    program = "/opt/Sphere Wars/spherewars-gui"
    subprocess.run(["sh", str(script), "--exec", program], env=env, check=True,
                   capture_output=True)
    text = (tmp_path / "applications" / f"{paths.DESKTOP_ID}.desktop").read_text("utf-8")
    assert f'Exec="{program}" %f' in text.splitlines()
    assert f"TryExec={program}" in text.splitlines()


def test_spec_ships_the_linux_install_script_and_reads_the_version():
    spec = (REPO / "packaging" / "spherewars.spec").read_text("utf-8")
    assert "install-linux-desktop.sh" in spec
    assert "version=__version__" in spec
