"""Hostile mail handed to ``event --codes`` and ``import --all`` (issue 40 #9): MIME nested
thousands deep, a Subject of 30,000 encoded words, 20,000 RFC 2231 parameters, a mail of
100,000 parts. Each is read within a second, in bounded memory, or refused by name; a mail
within the limits still gives its codes."""

from __future__ import annotations

import time
import tracemalloc
from pathlib import Path

import pytest

from builder.data.share import encode_warband
from builder.events.submissions import gather
from tests.cli.test_cli import run
from tests.helpers import warband

MiB = 1024 * 1024
CODE = encode_warband(warband([("test-leader", 1)]))


def deep(levels: int) -> str:
    """A message whose text part (holding a code) sits ``levels`` multiparts deep."""
    head = "".join(f'Content-Type: multipart/mixed; boundary="b{i}"\n\n--b{i}\n'
                   for i in range(levels))
    tail = "".join(f"--b{i}--\n" for i in reversed(range(levels)))
    return f"MIME-Version: 1.0\n{head}Content-Type: text/plain\n\n{CODE}\n{tail}"


def subject(words: int) -> str:
    encoded = " ".join("=?utf-8?q?a?=" for _ in range(words))
    return f"MIME-Version: 1.0\nSubject: {encoded}\nContent-Type: text/plain\n\n{CODE}\n"


def parameters(count: int) -> str:
    params = "; ".join(f"p*{i}*=utf-8''a" if i == 0 else f"p*{i}*=a" for i in range(count))
    return f"MIME-Version: 1.0\nContent-Type: text/plain; {params}\n\n{CODE}\n"


def parts(count: int) -> str:
    body = "".join(f"--b\nContent-Type: text/plain\n\npart {i}\n" for i in range(count))
    return (f'MIME-Version: 1.0\nContent-Type: multipart/mixed; boundary="b"\n\n{body}'
            f"--b\nContent-Type: text/plain\n\n{CODE}\n--b--\n")


HOSTILE = {"nested-3000": deep(3000), "subject-30000-words": subject(30_000),
           "parameters-20000": parameters(20_000), "parts-100000": parts(100_000)}
WITHIN = {"nested-10": deep(10), "subject-50-words": subject(50),
          "parameters-20": parameters(20), "parts-200": parts(200)}


def _gathered(path: Path) -> tuple[list[str], list[str], float, int]:
    """The codes and refusals found in ``path``, the seconds taken and the peak memory."""
    tracemalloc.start()
    try:
        got = gather([], [str(path)])
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    start = time.perf_counter()
    got = gather([], [str(path)])  # timed without tracemalloc's own cost
    elapsed = time.perf_counter() - start
    return ([s.code for s in got.submissions if s.code],
            [s.refused for s in got.submissions if s.refused], elapsed, peak)


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_mail_is_refused_quickly_in_bounded_memory(case: str, tmp_path: Path) -> None:
    path = tmp_path / f"{case}.eml"
    path.write_text(HOSTILE[case], encoding="utf-8")
    codes, refused, elapsed, peak = _gathered(path)
    assert elapsed < 1.0, f"{elapsed:.2f} s"
    assert peak < 64 * MiB + 8 * path.stat().st_size, f"{peak / MiB:.0f} MiB"
    assert refused, codes
    assert "mail" in refused[0]
    assert "Traceback" not in refused[0]


@pytest.mark.parametrize("case", sorted(WITHIN))
def test_mail_within_the_limits_gives_its_code(case: str, tmp_path: Path) -> None:
    path = tmp_path / f"{case}.eml"
    path.write_text(WITHIN[case], encoding="utf-8")
    codes, refused, elapsed, _peak = _gathered(path)
    assert codes == [CODE] and not refused
    assert elapsed < 1.0


def test_the_commands_name_a_refused_mail(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    path = tmp_path / "deep.eml"
    path.write_text(HOSTILE["nested-3000"], encoding="utf-8")
    event = tmp_path / "event.yaml"
    event.write_text("schema: spherewars-event/1\nname: Test event\n", encoding="utf-8")
    code, out, err = run(capsys, "event", str(event), "--codes", str(path))
    assert code == 2 and "Traceback" not in out + err
    assert f"{path}: a mail nested more than" in out + err
    code, out, err = run(capsys, "import", str(path), "--all", "-o", str(tmp_path / "out"))
    assert code == 2 and "Traceback" not in out + err
    assert f"{path}: a mail nested more than" in err
    assert not (tmp_path / "out").exists()
