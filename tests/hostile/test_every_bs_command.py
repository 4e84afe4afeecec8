"""Every BattleScribe command on hostile input, end to end (issue 40, "BattleScribe XML"):
``bsdata list|add|update|remove`` (files, folders, data indexes on servers that answer wrongly,
a local ``.bsi``, a data folder damaged by hand), ``bs-adapter`` (lines nested 300,000 deep,
numbers of 5,000 digits, lines of 10 MB, bytes that are not UTF-8, a setup of 100,000 entries,
commands it does not know), and rosters (``.ros``, ``.rosz``) given to ``validate``,
``fingerprint``, ``text``, ``export``, ``play`` and ``event``: entity bombs, external entities
and DTDs, zips claiming or inflating to gigabytes, 100,000 nested elements, attributes of 40 and
100 MB, links to themselves and catalogue links in a circle, ``repeats`` of a billion,
``value="NaN"``, a cost limit of -1, a percentage of nothing, a modifier type nobody knows, a
roster of 10,000 forces or for data not installed, FIFOs and links to ``/dev/zero`` named like
data. No run may show a traceback, hang or run out of memory; each ends with an exit status of
its own, and what it refuses it names (``FILE:LINE:COLUMN: message`` or ``FILE: message``).

The commands run in one child process (tests/hostile/run_commands.py), as the entry point runs
them, each under a limit of seconds and of memory.
"""

from __future__ import annotations

import html
import json
import os
import shutil
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from builder.bsdata.adding import Adder
from tests.bsdata.helpers import publish, serving
from tests.conftest import REPO
from tests.hostile import bs_files
from tests.hostile.helpers import BAD_ANSWERS, bad_server, run_every

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and /dev/zero")

GOOD_ROSTER = REPO / "tests" / "fixtures" / "battlescribe" / "test-roster.ros"
ROSTER_COMMANDS = ("validate", "validate-json", "fingerprint", "text", "export", "play",
                   "event")
Case = tuple[str, list[str], dict[str, Any]]
SOME = {"forces-10000.ros": ("validate", "validate-json", "fingerprint", "text", "play", "event",
                             "export-cards"),
        "forces-10000.rosz": ("fingerprint",),
        "forces-1000.ros": ("export-opponent",),
        "forces-1000.rosz": (),
        "names-10000.ros": (*ROSTER_COMMANDS, "export-cards", "export-opponent"),
        "names-10000.rosz": (),
        "attribute-40mb.ros": ("validate",),
        "attribute-40mb.cat": ("bsdata add", "validate")}
"""The files given to some commands only, by what they cost: printing 10,000 forces in full
(the sheet: 2,400 pages, 45 s), reading 40 MB of an attribute (2 s) each time. The default
export of many forces is bench/bench_roster_print.py's "many forces"."""


def roster_runs(kind: str, path: str, out: Path, event: Path, data: list[str],
                commands: tuple[str, ...] = ROSTER_COMMANDS) -> list[Case]:
    """Every command that takes a roster, given ``path``; ``data``: ``--bsdata`` arguments."""
    runs: list[Case] = []
    for command in commands:
        argv = {"validate": ["validate", path], "validate-json": ["validate", path, "--format",
                                                                  "json"],
                "fingerprint": ["fingerprint", path], "text": ["text", path],
                "export": ["export", path, "-o", str(out / f"{kind}.pdf")],
                "export-cards": ["export", path, "--cards", "-o", str(out / f"{kind}-c.pdf")],
                "export-opponent": ["export", path, "--opponent", "-o",
                                    str(out / f"{kind}-o.pdf")],
                "play": ["play", path, "-o", str(out / f"{kind}.html")],
                "event": ["event", str(event), path, "--format", "html",
                          "-o", str(out / f"{kind}-event.html")]}[command]
        runs.append((f"{command} {kind}", [*argv, *data], {}))
    return runs


def damaged_stores(good: Path, base: Path) -> dict[str, Path]:
    """Copies of the user folder ``good`` (the test game installed), each damaged by hand in
    one way: kind → the user folder."""
    made: dict[str, Path] = {}

    def copy(kind: str) -> Path:
        user = base / kind
        shutil.copytree(good, user, symlinks=True)
        made[kind] = user
        return user / "battlescribe"

    def installed_file(folder: Path, suffix: str) -> Path:
        system = next(p for p in folder.iterdir() if p.is_dir() and p.name.startswith("test-"))
        return next(system.glob(f"*{suffix}"))

    for kind in ("fifo", "dev-zero", "nested", "digits", "folder"):
        for name in ("installed.json", "bsdata.json"):
            folder = copy(f"{name}-{kind}")
            target = folder / name if name == "installed.json" else installed_file(folder,
                                                                                  "bsdata.json")
            target.unlink()
            if kind == "fifo":
                os.mkfifo(target)
            elif kind == "dev-zero":
                target.symlink_to("/dev/zero")
            elif kind == "nested":
                target.write_text("[" * 300_000, encoding="utf-8")
            elif kind == "digits":
                target.write_text('{"format": ' + "1" * 5000 + "}", encoding="utf-8")
            else:
                target.mkdir()
    for kind in ("fifo", "dev-zero"):
        folder = copy(f"catalogue-{kind}")
        target = installed_file(folder, ".cat")
        target.unlink()
        if kind == "fifo":
            os.mkfifo(target)
        else:
            target.symlink_to("/dev/zero")
    for kind in ("fifo", "nested"):
        folder = copy(f"cache-{kind}")
        cache = folder / "cache"
        cache.mkdir(exist_ok=True)
        for target in [cache / "index.json", *cache.glob("*.json")]:
            target.unlink(missing_ok=True)
            if kind == "fifo":
                os.mkfifo(target)
            else:
                target.write_text("[" * 300_000, encoding="utf-8")
    return made


def cases(files: dict[str, str], hostile: Path, out: Path, game: tuple[Path, Path],
          test_game: Path, servers: dict[str, str], indexes: dict[str, str],
          stores: dict[str, Path], inputs: dict[str, Path]) -> list[dict[str, Any]]:
    event = out / "event.yaml"
    event.write_text("schema: spherewars-event/1\nname: Test event\n", encoding="utf-8")
    good = str(GOOD_ROSTER)
    game_folder, game_roster = game
    runs: list[Case] = []
    for kind, path in files.items():
        if kind in SOME:
            commands = SOME[kind]
            if kind.endswith((".ros", ".rosz")):
                runs += roster_runs(kind, path, out, event, [], commands)
            for command in commands if kind.endswith(".cat") else ():
                runs += ([(f"bsdata add {kind}", ["bsdata", "add", path], {})]
                         if command == "bsdata add" else
                         roster_runs(f"{kind} as --bsdata", good, out, event,
                                     ["--bsdata", path], (command,)))
        elif kind.endswith((".ros", ".rosz")):
            runs += roster_runs(kind, path, out, event, [])
        else:
            runs.append((f"bsdata add {kind}", ["bsdata", "add", path], {}))
            for command in ("validate", "export", "play"):
                runs += roster_runs(f"{kind} as --bsdata", good, out, event,
                                    ["--bsdata", path], (command,))
    runs += roster_runs("hostile-game", str(game_roster), out, event,
                        ["--bsdata", str(game_folder)])
    runs += roster_runs("good-with-hostile-folder", good, out, event, ["--bsdata", str(hostile)])
    runs.append(("bsdata add the hostile folder", ["bsdata", "add", str(hostile)], {}))
    runs.append(("bsdata add the hostile game", ["bsdata", "add", str(game_folder)], {}))
    runs.append(("bsdata add --force the hostile game", ["bsdata", "add", "--force",
                                                        str(game_folder)], {}))
    runs += roster_runs("hostile-game-installed", str(game_roster), out, event, [])
    for case, base in servers.items():
        runs.append((f"bsdata add index from {case}", ["bsdata", "add", f"{base}/x.bsi"], {}))
    for case, address in indexes.items():
        runs.append((f"bsdata add index {case}", ["bsdata", "add", address], {}))
    for argv in (["bsdata", "add", "file:///etc/passwd"], ["bsdata", "add", "ftp://127.0.0.1/x"],
                 ["bsdata", "add", "http://127.0.0.1:9/x.bsi"], ["bsdata", "add", "\x1b[2J.cat"],
                 ["bsdata", "remove", "x" * 5000], ["bsdata", "remove", "\x1b[2J"],
                 ["bsdata", "remove", "../../etc"], ["bsdata", "update", "nope"],
                 ["bsdata", "list"], ["bsdata", "list", "--format", "json"]):
        runs.append((" ".join(argv)[:50], argv, {}))
    for kind, user in stores.items():
        env = {"SPHEREWARS_USER_DIR": str(user)}
        for label, argv in (
                ("bsdata list", ["bsdata", "list"]),
                ("bsdata list --format json", ["bsdata", "list", "--format", "json"]),
                ("bsdata add", ["bsdata", "add", str(test_game)]),  # what is installed
                ("bsdata add another", ["bsdata", "add", str(game_folder)]),
                ("bsdata update", ["bsdata", "update"]),
                ("export", ["export", good, "-o", str(out / f"{kind}.pdf")]),
                ("play", ["play", good, "-o", str(out / f"{kind}.html")]),
                ("validate", ["validate", good]),
                ("bsdata remove another", ["bsdata", "remove", "hg-sys"]),
                ("bsdata remove", ["bsdata", "remove", "ts-sys"]),
                ("bsdata list after", ["bsdata", "list"])):
            runs.append((f"{label} with {kind}", argv, env))
    found: list[dict[str, Any]] = [{"name": name, "argv": argv, "env": env}
                                   for name, argv, env in runs]
    for one in found:  # (the cards of 10,000 forces: 11 s here; a hang, minutes)
        if "forces-10000" in one["name"]:
            one["seconds"] = 120
    for kind, given in inputs.items():
        found.append({"name": f"bs-adapter {kind}", "argv": ["bs-adapter"], "env": {},
                      "stdin": str(given), "seconds": 120})
    return found


@pytest.fixture
def servers() -> Iterator[dict[str, str]]:
    with ExitStack() as stack:
        yield {case: stack.enter_context(bad_server(answer))
               for case, answer in BAD_ANSWERS.items()}


def lying_indexes(server: Any) -> dict[str, str]:
    """Data indexes served from 127.0.0.1 that point where they must not, or lie."""
    system = bs_files.TEST_FILES[0].read_bytes()
    found = {}
    lies: dict[str, dict[str, object]] = {
        "file-path-is-file-url": {"filePath": "file:///etc/passwd"},
        "other-host": {"filePath": "http://127.0.0.2/x.gstz"},
        "climbs-out": {"filePath": "../../x.gstz"}, "lies-revision": {"dataRevision": "99"},
        "lies-id": {"dataId": "someone-else"}, "huge-revision": {"dataRevision": "9" * 5000}}
    for case, override in lies.items():
        found[case] = publish(server, f"lying/{case}", {"test-skirmish.gst": system},
                              test_skirmish_gst=override)
    found["entity-bomb"] = server.file("bomb/x.bsi", bs_files.zipped(
        "index.xml", bs_files.hostile_xml("dataIndex")["entity-bomb"]))
    found["zip-claims-2gb"] = server.file("big/x.bsi", bs_files.lying_zip(
        b"index.xml", b"<dataIndex/>", 2 * 1024 ** 3))
    found["ten-thousand-entries"] = server.file("many/x.bsi", bs_files.zipped(
        "index.xml", ("<dataIndex><dataIndexEntries>" + "".join(
            f'<dataIndexEntry filePath="f{i}.catz" dataType="catalogue" dataId="c{i}"/>'
            for i in range(10_000)) + "</dataIndexEntries></dataIndex>").encode()))
    found["not-a-zip"] = server.file("plain/x.bsi", b"\x00" * 1000)
    return found


def test_no_battlescribe_command_shows_a_traceback_on_hostile_input(
        tmp_path: Path, user_dir: Path, servers: dict[str, str]) -> None:
    files = bs_files.hostile_files(tmp_path / "hostile")
    game = bs_files.hostile_game(tmp_path / "hostile-game")
    test_game = bs_files.test_game_folder(tmp_path / "test-game")
    out = tmp_path / "out"
    out.mkdir()
    Adder().add([str(test_game)])
    clean = tmp_path / "clean-user"
    shutil.copytree(user_dir, clean, symlinks=True)
    stores = damaged_stores(clean, tmp_path / "stores")
    # a user folder whose game came from an index on a server that now answers wrongly
    origin = tmp_path / "stores" / "origin"
    with serving() as server:
        os.environ["SPHEREWARS_USER_DIR"] = str(origin)
        try:
            address = publish(server, "rel", {p.name: p.read_bytes()
                                              for p in bs_files.TEST_FILES})
            Adder().add([address])
        finally:
            os.environ["SPHEREWARS_USER_DIR"] = str(user_dir)
        manifest = next((origin / "battlescribe").glob("test-*/bsdata.json"))
        manifest.write_text(manifest.read_text(encoding="utf-8").replace(
            address, f"{servers['bad-status-line']}/rel/test.bsi"), encoding="utf-8")
        stores["origin"] = origin
        indexes = lying_indexes(server)
        inputs = bs_files.adapter_inputs(tmp_path / "adapter")
        todo = cases(files, tmp_path / "hostile", out, game, test_game, servers, indexes,
                     stores, inputs)
        results = run_every(todo, tmp_path, 1800)
    assert len(results) > 400
    by_name = {r["name"]: r for r in results}
    check_what_is_said(by_name, files)
    for kind, words in (("fifo.ros", "fifo-x.ros: is a named pipe (FIFO), not a regular file"),
                        ("entity-bomb.ros", "entity-bomb.ros:2:16: a document type declaration"),
                        ("attribute-long.ros", "attribute-long.ros:1:1: the attribute 'name' "
                                               "holds 20,000 characters"),
                        ("not-installed.rosz", "needs the catalogue 'Far Catalogue'")):
        assert by_name[f"event {kind}"]["code"] == 2  # the event's report names it
        report = html.unescape((out / f"{kind}-event.html").read_text(encoding="utf-8"))
        assert words in report, kind


def check_what_is_said(results: dict[str, dict[str, Any]], files: dict[str, str]) -> None:
    """What a user reads for some of them: the file named, the place, the reason."""
    def said(name: str) -> str:
        return results[name]["out"] + results[name]["err"]

    for suffix, commands in ((".ros", ("validate", "fingerprint", "text", "export", "play")),
                             (".cat", ("bsdata add", "export", "validate"))):
        for kind, words in (("fifo", ": is a named pipe (FIFO), not a regular file"),
                            ("dev-zero", ": is a device, not a regular file"),
                            ("loop", ": is a link that loops back on itself"),
                            ("dangling", ": is a link to something that does not exist"),
                            ("entity-bomb", ":2:16: a document type declaration"),
                            ("external-entity", ":2:"),
                            ("external-dtd", ":2:"),
                            ("undeclared-entity", ":2:"),
                            ("nested-100000", "elements nested more than 256 deep"),
                            ("attribute-long", ":1:1: the attribute 'name' holds 20,000 "
                                               "characters; at most 10,000 are read"),
                            ("attribute-100mb", ": file is larger than 50 MiB"),
                            ("zip-claims-2gb", ": the zip unpacks to 2048.0 MiB"),
                            ("zip-inflates", ": zip entry 'x"),
                            ("zip-60mib", ": the zip unpacks to 60.0 MiB"),
                            ("zip-escapes", ": zip entry '../../escape")):
            name = f"{kind}{suffix}" if kind in ("fifo", "dev-zero", "loop", "dangling") or \
                not kind.startswith("zip") else f"{kind}{suffix}z"
            for command in commands:
                case = f"{command} {name}" if suffix == ".ros" or command == "bsdata add" \
                    else f"{command} {name} as --bsdata"
                assert results[case]["code"] == 2, (case, said(case))
                assert files[name] + words in said(case) or (
                    words.startswith(":") is False and words in said(case)), (case, said(case))
    for case in ("validate attribute-40mb.ros", "bsdata add attribute-40mb.cat",
                 "validate attribute-40mb.cat as --bsdata"):
        assert results[case]["code"] == 2
        assert ":1:1: the attribute 'name' holds 41,943,040 characters" in said(case)
    for case in ("export-cards forces-10000.ros", "export-opponent forces-1000.ros",
                 "export names-10000.ros", "export-opponent names-10000.ros"):
        assert results[case]["code"] == 0 and "wrote " in said(case), said(case)
    assert "Points 100000" in said("text forces-10000.ros")
    assert "needs the game system 'Far Away Game' ('elsewhere') (revision 9), which is not " \
           "installed" in said("export not-installed.ros")
    for name in ("export hostile-game", "play hostile-game", "export hostile-game-installed",
                 "bsdata add the hostile game"):
        assert results[name]["code"] == 0, said(name)
    assert "Roster must have 50 more Points of Not A Number (minimum 50%)" in said(
        "validate hostile-game")
    assert "the selection 'Itself' ('hg-self') is not in the installed data" in said(
        "export hostile-game")
    for kind in ("installed.json-fifo", "installed.json-folder"):
        assert results[f"bsdata add with {kind}"]["code"] == 0  # already installed: no write
        assert "cannot write" in said(f"bsdata remove with {kind}")
        assert "installed.json: is " in said(f"bsdata list with {kind}")
        assert "Test Skirmish System  revision 3" in said(f"bsdata list after with {kind}")
    for kind in ("installed.json-nested", "installed.json-digits"):  # rewritten by the add
        assert "Hostile Test Game" in said(f"bsdata remove another with {kind}")
        assert "removed Test Skirmish System" in said(f"bsdata remove with {kind}")
    assert "written again (the installed copy was damaged)" in said(
        "bsdata add with catalogue-fifo")
    assert results["export with catalogue-fifo"]["code"] == 0  # repaired by the add
    assert "cannot download: the answer does not start as an HTTP answer does" in said(
        "bsdata update with origin")
    for kind in ("nested-300000", "huge-numbers", "line-10mb", "binary", "setup-100000",
                 "unknown"):
        answers = [json.loads(line) for line in results[f"bs-adapter {kind}"]["out"]
                   .splitlines()]
        assert answers and answers[-1].get("corrId") == "xml", (kind, answers[-3:])
        if kind == "unknown":
            told = {a["corrId"]: a.get("error") for a in answers
                    if isinstance(a.get("corrId"), str)}
            assert told["long-name"] == "a name of 20,000 characters is too long; at most " \
                "10,000 are kept"
            assert told["bomb"].startswith("roster.ros:2:16: a document type declaration")
            assert told["long"] == "roster.ros:1:1: the attribute 'name' holds 20,000 " \
                "characters; at most 10,000 are read"
