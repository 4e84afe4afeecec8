"""The two-core batch used by `validate` gives exactly the sequential results."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from builder.cli import main
from builder.plumbing import forks


def test_order_is_kept():
    items = list(range(forks.MIN_PARALLEL + 51))
    assert forks.map_in_halves(lambda n: n * n, items) == [n * n for n in items]


def test_a_failing_child_is_replaced_by_the_parent():
    parent = os.getpid()

    def only_in_parent(n: int) -> int:
        if os.getpid() != parent:
            raise RuntimeError("the child breaks")
        return n + 1

    items = list(range(forks.MIN_PARALLEL * 2))
    assert forks.map_in_halves(only_in_parent, items) == [n + 1 for n in items]


def test_validate_output_is_the_same_in_one_process_or_two(tmp_path, capsys, monkeypatch):
    for i in range(40):
        count = 1 + i % 7
        (tmp_path / f"l{i:02d}.warband.yaml").write_text(
            f"schema: spherewars-warband/1\nname: L{i}\nfaction: soimi\npoints_limit: 700\n"
            f"entries:\n  - combatant: nek-org\n    count: {count}\n", encoding="utf-8")
    (tmp_path / "l99.yaml").write_text("name: [\n")

    def run() -> dict:
        code = main(["validate", str(tmp_path), "--format", "json"])
        return {"code": code, "doc": json.loads(capsys.readouterr().out)}

    monkeypatch.setattr(forks, "MIN_PARALLEL", 10**9)
    single = run()
    monkeypatch.setattr(forks, "MIN_PARALLEL", 2)
    monkeypatch.setattr(forks, "RUN", 6)  # runs of 6 files, one of them the broken one
    double = run()
    assert single == double
    assert single["code"] == 2 and single["doc"]["summary"]["files"] == 41
    assert [Path(f["path"]).name for f in double["doc"]["files"]][:2] == [
        "l00.warband.yaml", "l01.warband.yaml"]


@pytest.mark.skipif(not hasattr(os, "fork"), reason="fork only on POSIX")
def test_fork_is_really_used(monkeypatch):
    pids = forks.map_in_halves(lambda _n: os.getpid(), list(range(forks.MIN_PARALLEL)))
    assert len(set(pids)) == 2 and pids[0] == os.getpid()


def test_runs_keep_the_order_across_the_fork():
    """A run's results come back in place, whichever process made them, and each run is one
    call (its items a step at a time)."""
    items = list(range(forks.MIN_PARALLEL * 3 + 7))
    sizes: list[int] = []

    def squares(run: list[int]) -> list[int]:
        sizes.append(len(run))
        return [n * n for n in run]

    assert forks.map_runs_in_halves(squares, items, run=50) == [n * n for n in items]
    assert sizes and max(sizes) == 50  # (the parent's runs; the child's went with it)
