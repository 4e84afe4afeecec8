"""Every ``spherewars`` command on hostile input (issue 40): files that are FIFOs, links to
``/dev/zero``, folders, dangling or looping links, 2 GiB of nothing, YAML and JSON nested
300,000 deep, numbers of 5,000 digits, bytes that are not UTF-8, a file name that is not UTF-8,
mail nested 3,000 deep, huge numbers on the command line, a data folder under a file, and
servers on 127.0.0.1 that answer wrongly. No run may show a traceback, hang or run out of
memory; each ends with an exit status of its own.

The commands run in one child process (tests/hostile/run_commands.py: each under a limit of
seconds and of memory), as the entry point runs them. ``gui`` is left out (it opens the app:
tests/hostile/test_corpus_gui.py and tests/gui/ cover the app's reading).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from builder.packs.install import Installer
from tests.conftest import TEST_FACTIONS
from tests.hostile.helpers import BAD_ANSWERS, GOOD_LIST, bad_server, run_every
from tests.hostile.test_mail import deep
from tests.packs.helpers import make_pack, swpack

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and /dev/zero")


def hostile_files(folder: Path) -> dict[str, str]:
    """Kind -> path of a hostile file made in ``folder``."""
    folder.mkdir()
    made: dict[str, str] = {}

    def path(kind: str, suffix: str = ".warband.yaml") -> Path:
        found = folder / f"{kind}{suffix}"
        made[kind] = str(found)
        return found

    os.mkfifo(path("fifo"))
    path("dev-zero").symlink_to("/dev/zero")
    path("folder").mkdir()
    path("dangling").symlink_to(folder / "nowhere")
    loop = path("loop")
    loop.symlink_to(loop)
    with open(path("sparse-2gib"), "wb") as stream:
        stream.truncate(2 << 30)  # (a sparse file: nothing written)
    path("nested-yaml").write_text("[" * 300_000, encoding="utf-8")
    path("nested-json", ".json").write_text('{"a": ' * 100_000, encoding="utf-8")
    path("huge-number").write_text(GOOD_LIST.format(n=0).replace("count: 1",
                                                                   "count: " + "9" * 5000),
                                   encoding="utf-8")
    path("not-utf8").write_bytes(b"schema: \xff\xfe\x00 spherewars-warband/1\n")
    path("mail-deep", ".eml").write_text(deep(3000), encoding="utf-8")
    odd = os.path.join(os.fsencode(folder), b"\xff-name.warband.yaml")
    with open(odd, "w", encoding="utf-8") as stream:
        stream.write(GOOD_LIST.format(n=1))
    made["name-not-utf8"] = os.fsdecode(odd)
    return made


def cases(files: dict[str, str], folder: Path, out: Path, servers: dict[str, str],
          origin_user: Path, file_home: Path) -> list[dict[str, Any]]:
    data = ["--data", str(TEST_FACTIONS)]
    event = out / "event.yaml"
    event.write_text("schema: spherewars-event/1\nname: Test event\n", encoding="utf-8")
    runs: list[tuple[str, list[str], dict[str, Any]]] = []
    for kind, path in files.items():
        for argv in (["validate", path, *data], ["validate", path, *data, "--format", "json"],
                     ["export", path, "-o", str(out / f"{kind}.pdf"), *data],
                     ["check-data", path], ["systems", "--data", path],
                     ["event", str(event), path, *data, "--format", "html",
                      "-o", str(out / f"{kind}.html")],
                     ["event", path, str(folder), *data],
                     ["event", str(event), "--codes", path, *data],
                     ["fingerprint", path, *data], ["share", path, *data],
                     ["import", path, "-o", str(out / f"{kind}-import.warband.yaml")],
                     ["import", path, "--all", "-o", str(out / f"{kind}-all")],
                     ["text", path, *data], ["play", path, "-o", str(out / f"{kind}-play.html"),
                                             *data],
                     ["data", "install", path], ["data", "diff", path, path],
                     ["data", "build", path, "-o", str(out / f"{kind}.swpack")],
                     ["data", "index", path, "--base-url", "http://127.0.0.1/",
                      "-o", str(out / f"{kind}-index.yaml")],
                     ["export", str(folder / "folder.warband.yaml"), "-o", path],
                     ["schema", "faction", "--data", path]):
            command = " ".join(argv[:2]) if argv[0] == "data" else argv[0]
            runs.append((f"{command} {kind} ({len(runs)})", argv, {}))
    runs.append(("validate the hostile folder", ["validate", str(folder), *data], {}))
    runs.append(("check-data the hostile folder", ["check-data", str(folder)], {}))
    runs.append(("data install the hostile folder", ["data", "install", str(folder)], {}))
    good = str(Path(files["name-not-utf8"]))
    for number in ("9" * 5000, "-1", "1e999", "NaN", "0x10"):
        runs.append((f"validate --points {number[:10]}", ["validate", good, *data, "--points",
                                                          number], {}))
    for case, base in servers.items():
        runs.append((f"data install from {case}", ["data", "install", f"{base}/x.swpack"], {}))
        runs.append((f"data install index from {case}", ["data", "install",
                                                         f"{base}/index.yaml"], {}))
    runs.append(("data update from bad servers", ["data", "update"],
                 {"SPHEREWARS_USER_DIR": str(origin_user)}))
    for argv in (["data", "list"], ["data", "remove", "x" * 5000], ["data", "use", "\x1b[2J",
                                                                      "1.0.0"],
                 ["data", "remove", "../../etc"], ["data", "update", "nope"]):
        runs.append((" ".join(argv)[:40], argv, {}))
    for argv in (["data", "install", str(make_pack(out / "pack"))], ["data", "list"],
                 ["validate", good, *data]):
        runs.append((f"{argv[0]} {argv[1]} with XDG_DATA_HOME a file", argv,
                     {"SPHEREWARS_USER_DIR": None, "XDG_DATA_HOME": str(file_home),
                      "XDG_CACHE_HOME": str(out / "cache")}))
    return [{"name": name, "argv": argv, "env": env} for name, argv, env in runs]


@pytest.fixture
def servers() -> Iterator[dict[str, str]]:
    with ExitStack() as stack:
        yield {case: stack.enter_context(bad_server(answer))
               for case, answer in BAD_ANSWERS.items()}


def test_no_command_shows_a_traceback_on_hostile_input(tmp_path: Path, user_dir: Path,
                                                       servers: dict[str, str]) -> None:
    files = hostile_files(tmp_path / "hostile")
    out = tmp_path / "out"
    out.mkdir()
    origin_user = tmp_path / "origin-user"  # a pack whose index is a bad server's
    os.environ["SPHEREWARS_USER_DIR"] = str(origin_user)
    try:
        Installer().install_archive(swpack(make_pack(tmp_path / "p")), "test.swpack",
                                    origin=f"{servers['bad-status-line']}/index.yaml")
    finally:
        os.environ["SPHEREWARS_USER_DIR"] = str(user_dir)
    file_home = tmp_path / "data-home"
    file_home.write_text("a file where a folder should be", encoding="utf-8")
    todo = cases(files, tmp_path / "hostile", out, servers, origin_user, file_home)
    results = run_every(todo, tmp_path, 900)
    assert len(results) > 250
