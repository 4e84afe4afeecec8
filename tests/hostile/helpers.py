"""The hostile corpus (issue 10) and what each file must be refused with."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CORPUS = Path(__file__).resolve().parent / "corpus"
LISTS = CORPUS / "lists"
FACTIONS = CORPUS / "factions"
TEST_FACTIONS = Path(__file__).resolve().parent.parent / "fixtures" / "factions"

SECONDS = 1.0
"""Every corpus file is refused within this time (SPEC: "within a second")."""

PLAIN = "must be a whole number written in plain digits, such as 10"

# file name -> "LINE:COLUMN: message" (the start of the message; the line is the editor's)
LIST_CASES = {
    "huge-count": "7:12: count must be at most 9,999 (got the number 60000000000000000)",
    "count-4300-digits": "7:12: not valid YAML: a whole number of 4,300 digits is too long",
    "count-23-digits": "7:12: count must be at most 9,999 (got the number "
                       "99999999999999999999999)",
    "octal-count": f"7:12: count {PLAIN} (got the text '010')",
    "hex-count": f"7:12: count {PLAIN} (got the text '0x10')",
    "octal-0o-count": f"7:12: count {PLAIN} (got the text '0o7')",
    "float-count": f"7:12: count {PLAIN} (got the text '5.0')",
    "plus-count": f"7:12: count {PLAIN} (got the text '+5')",
    "negative-count": "7:12: count must be an integer >= 1 (got the number -3)",
    "sexagesimal-limit": f"5:15: points_limit {PLAIN} (got the text '6:40')",
    "underscore-limit": f"5:15: points_limit {PLAIN} (got the text '1_000')",
    "exponent-limit": f"5:15: points_limit {PLAIN} (got the text '1e3')",
    "infinite-limit": f"5:15: points_limit {PLAIN} (got the text '.inf')",
    "float-tag": "5:15: not valid YAML: unsupported YAML tag",
    "int-tag-hex": "5:15: not valid YAML: !!int '0x190' is not a whole number in plain digits",
    "binary-tag": "5:8: not valid YAML: unsupported YAML tag",
    "merge-key": "6:1: unknown key '<<'",
    "escape-in-name": "3:7: name: holds the control character \\e",
    "escape-in-key": "5:1: unknown key '\\e[31mred\\e[0m'",
    "carriage-return-in-name": "3:7: name: holds the control character \\r",
    "bidi-in-name": "3:7: name: holds the control character \\u202e",
    "long-name": "3:7: name: is 201 characters long; at most 200 are allowed",
    "line-separator-in-comment": "5:27: points_limit must be an integer >= 0 "
                                 "(got the number -1) (line 5 holds U+2028 LINE SEPARATOR at "
                                 "column 12",
    "next-line-in-comment": "5:27: points_limit must be an integer >= 0 "
                            "(got the number -1) (line 5 holds U+0085 NEXT LINE at column 12",
    "bare-cr-in-comment": "5:27: points_limit must be an integer >= 0 "
                          "(got the number -1) (line 5 holds a carriage return (U+000D) "
                          "without a line feed",
}

FACTION_CASES = {
    "huge-pe": "10:19: PE must be at most 999,999 (got the number 9223372036854775808)",
    "huge-man": "10:28: MAN must be at most 999,999 (got the number 99999999999999999999)",
    "octal-pe": f"10:19: PE {PLAIN} (got the text '0100')",
    "con-sexagesimal": "10:28: CON must be a whole number (6) or arcane-mundane (\"6-5\"), "
                       "not '6:5'",
    "con-arabic-digits": "10:28: CON must be a whole number (6) or arcane-mundane",
    "con-huge-pair": "10:28: CON must be a whole number (6) or arcane-mundane",
    "squad-yes": "10:12: squad: expected true or false (got the text 'yes')",
    "wounds-million": "10:13: wounds must be at most 999,999 (got the number 1000000)",
    "escape-in-combatant-name": "8:11: name: holds the control character \\e",
    "difficulty-huge": "12:51: difficulty must be at most 999,999 (got the number 10000000)",
}


def list_path(case: str) -> Path:
    return LISTS / f"{case}.warband.yaml"


def faction_path(case: str) -> Path:
    return FACTIONS / f"test-{case}.yaml"


GOOD_LIST = ("# TEST DATA ONLY\nschema: spherewars-warband/1\nname: Test good list {n}\n"
             "faction: test-faction\nentries:\n  - combatant: test-leader\n    count: 1\n")


def no_terminal_control(text: str) -> bool:
    """Nothing a terminal would act on: no ESC, CR, BEL, backspace or C1 control."""
    return not any(c in text for c in "\x1b\r\x07\x08\x9b\x85\u2028\u202e")


# --- a server on 127.0.0.1 that answers wrongly (issue 40 #3) ------------------------------

BAD_ANSWERS = {
    "bad-status-line": b"HELLO WORLD\r\n\r\n",
    "too-many-headers": b"HTTP/1.1 200 OK\r\n" + b"X-Test: 1\r\n" * 101 + b"\r\n",
    "line-too-long": b"HTTP/1.1 200 OK\r\nX-Test: " + b"a" * 70_000 + b"\r\n\r\n",
    "broken-chunks": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n",
    "chunks-cut-short": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\nabc",
    "closed-at-once": b"",
    "length-cut-short": b"HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nPK\x03\x04",
}
"""What a broken or hostile server sends back, whatever was asked (each a raw answer)."""


@contextmanager
def bad_server(answer: bytes) -> Iterator[str]:
    """A server on 127.0.0.1 (a random port) that sends ``answer`` to every request and
    closes the connection; yields its address."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(8)
    listener.settimeout(0.05)
    done = threading.Event()

    def serve() -> None:
        while not done.is_set():
            try:
                conn, _peer = listener.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            with conn:
                conn.settimeout(5)
                try:
                    conn.recv(65536)
                    conn.sendall(answer)
                except OSError:
                    pass

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    finally:
        done.set()
        thread.join(5)
        listener.close()


@contextmanager
def read_only_folders() -> Iterator[Callable[..., None]]:
    """``make(*folders)`` makes folders read-only, even for root (``chattr +i``: the suite may
    run as root, whom permissions do not stop); undone when the block ends."""
    made: list[Path] = []

    def make(*folders: Path) -> None:
        for folder in folders:
            if os.geteuid() == 0:
                if shutil.which("chattr") is None:
                    pytest.skip("root needs chattr to make a folder read-only")
                subprocess.run(["chattr", "+i", str(folder)], check=True)
            else:
                folder.chmod(0o555)
            made.append(folder)

    try:
        yield make
    finally:
        for folder in reversed(made):
            if os.geteuid() == 0:
                subprocess.run(["chattr", "-i", str(folder)], check=False)
            else:
                folder.chmod(0o755)


def wait_stopped(proc: subprocess.Popen[str]) -> None:
    """Wait until ``proc``, which said it stops itself (SIGSTOP, builder/plumbing/stops.py),
    has stopped: a SIGCONT sent before would be lost. The status is not reaped."""
    _pid, status = os.waitpid(proc.pid, os.WUNTRACED)
    assert os.WIFSTOPPED(status), status


class Hung(AssertionError):
    """What :func:`ends_within` raises in the code it guards."""


@contextmanager
def ends_within(seconds: float) -> Iterator[None]:
    """Fails the test (:class:`Hung`, raised where the code is) when the block runs longer
    than ``seconds``: a hang or a pathological slowness is a failure, not a stuck test run.
    Not a measure of speed (bench/ measures that): the limit is far above what it takes."""
    def stop(_signum: int, _frame: object) -> None:
        raise Hung(f"still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_every(todo: list[dict[str, Any]], folder: Path, timeout: float) -> list[dict[str, Any]]:
    """Run the command cases ``todo`` in one child process (tests/hostile/run_commands.py),
    their results kept in ``folder``; fails on a traceback anywhere, a hang (a case's time
    limit), "internal error", or an exit status not ours (0, 1, 2)."""
    from tests.conftest import REPO

    (folder / "cases.json").write_text(json.dumps(todo), encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "tests.hostile.run_commands",
                           str(folder / "cases.json"), str(folder / "results.json")],
                          cwd=REPO, capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PYTHONPATH": str(REPO)})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert "Traceback" not in proc.stdout + proc.stderr
    results: list[dict[str, Any]] = json.loads((folder / "results.json").read_text(
        encoding="utf-8"))
    assert len(results) == len(todo)
    bad = [(r["name"], r["code"], "timed out" if r["timeout"] else (r["out"] + r["err"])[-600:])
           for r in results if r["timeout"] or "Traceback" in r["out"] + r["err"]
           or "internal error" in r["out"] or r["code"] not in (0, 1, 2)]
    assert not bad, "\n\n".join(f"{name} (exit {code}):\n{text}" for name, code, text in bad)
    return results
