"""Test packs, zips and a web server on 127.0.0.1 for the data pack tests (TEST DATA ONLY:
invented factions, not SphereWars content)."""

from __future__ import annotations

import hashlib
import http.server
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from builder.packs.archive import build_bytes, folder_files
from tests.cli.test_cli import run

__all__ = ["run"]  # the command line run in-process: (exit status, output, errors)

PACK_ID = "test-pack"


def faction_text(faction_id: str = "test-pack-faction", leader_pe: int = 169,
                 extra: str = "") -> str:
    return f"""# TEST DATA ONLY
schema: spherewars-faction/1
id: {faction_id}
name: Test Pack Faction
source: "test data (invented for the builder's test suite)"
combatants:
  - id: test-boss
    name: Test Boss
    type: leader
    profile: {{PE: {leader_pe}, MAN: 3}}
  - id: test-runner
    name: Test Runner
    type: messenger
    profile: {{PE: 20, MAN: 0}}
{extra}"""


def pack_yaml(version: str = "1.0.0", pack_id: str = PACK_ID, changes: str = "") -> str:
    return f"""schema: spherewars-pack/1
id: {pack_id}
name: {{en: Test pack, es: Paquete de prueba}}
version: {version}
authors: [Test Author]
licence: CC-BY-4.0
changes:
  - {{version: {version}, text: "{changes or 'version ' + version}"}}
"""


def make_pack(folder: Path, version: str = "1.0.0", leader_pe: int = 169, *,
              pack_id: str = PACK_ID, faction_id: str = "test-pack-faction",
              changes: str = "") -> Path:
    (folder / "factions").mkdir(parents=True, exist_ok=True)
    (folder / "pack.yaml").write_text(pack_yaml(version, pack_id, changes), encoding="utf-8")
    (folder / "factions" / f"{faction_id}.yaml").write_text(
        faction_text(faction_id, leader_pe), encoding="utf-8")
    return folder


def swpack(folder: Path) -> bytes:
    files, wrong = folder_files(folder)
    assert not wrong
    return build_bytes(folder, files)


def list_text(faction: str = "test-pack-faction", limit: int = 200) -> str:
    return (f"schema: spherewars-warband/1\nname: Pack list\nfaction: {faction}\n"
            f"points_limit: {limit}\nentries:\n  - {{combatant: test-boss, count: 1}}\n")


Route = Callable[[http.server.BaseHTTPRequestHandler], None]


@dataclass
class Server:
    """A web server on 127.0.0.1 (a random port) answering from ``routes``."""

    port: int = 0
    routes: dict[str, Route] = field(default_factory=dict)
    release: threading.Event = field(default_factory=threading.Event)
    hits: list[str] = field(default_factory=list)

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}/{path.lstrip('/')}"

    def file(self, path: str, body: bytes, content_type: str = "application/octet-stream",
             length: int | None = None) -> str:
        def answer(h: http.server.BaseHTTPRequestHandler) -> None:
            h.send_response(200)
            h.send_header("Content-Type", content_type)
            h.send_header("Content-Length", str(len(body) if length is None else length))
            h.end_headers()
            h.wfile.write(body)
        self.routes["/" + path.lstrip("/")] = answer
        return self.url(path)

    def redirect(self, path: str, target: str) -> str:
        def answer(h: http.server.BaseHTTPRequestHandler) -> None:
            h.send_response(302)
            h.send_header("Location", target)
            h.send_header("Content-Length", "0")
            h.end_headers()
        self.routes["/" + path.lstrip("/")] = answer
        return self.url(path)

    def stalling(self, path: str, first: bytes, length: int) -> str:
        """Sends ``first``, then nothing until the test ends."""
        def answer(h: http.server.BaseHTTPRequestHandler) -> None:
            h.send_response(200)
            h.send_header("Content-Length", str(length))
            h.end_headers()
            h.wfile.write(first)
            h.wfile.flush()
            self.release.wait(10)
        self.routes["/" + path.lstrip("/")] = answer
        return self.url(path)

    def index(self, path: str, packs: list[tuple[str, str, bytes, str]],
              tamper: Callable[[dict], None] | None = None) -> str:
        """An index of (id, version, bytes, url) served at ``path``."""
        lines = ["schema: spherewars-index/1", "packs:"]
        for pack_id, version, raw, url in packs:
            entry = {"id": pack_id, "name": "Test pack", "version": version, "url": url,
                     "sha256": hashlib.sha256(raw).hexdigest(), "size": len(raw)}
            if tamper:
                tamper(entry)
            lines.append("  - {" + ", ".join(f"{k}: {v}" for k, v in entry.items()) + "}")
        return self.file(path, ("\n".join(lines) + "\n").encode(), "text/yaml")


@contextmanager
def serving() -> Iterator[Server]:
    server = Server()

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 (http.server's name)
            server.hits.append(self.path)
            route = server.routes.get(self.path.split("?")[0])
            if route is None:
                self.send_error(404)
                return
            try:
                route(self)
            except (BrokenPipeError, ConnectionResetError):
                pass

        def log_message(self, *args: object) -> None:
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    httpd.daemon_threads = True
    server.port = httpd.server_address[1]
    thread = threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05},
                              daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.release.set()
        httpd.shutdown()
        httpd.server_close()
