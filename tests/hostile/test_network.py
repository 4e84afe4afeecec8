"""A server that answers wrongly (issue 40 #3): a bad status line, too many headers, a line too
long, broken chunks, an answer cut short. Every one is "cannot download …", exit 2, for
``data install`` and ``data update`` alike (they share one download), and nothing installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.packs.install import Installer
from builder.packs.store import Store
from tests.hostile.helpers import BAD_ANSWERS, bad_server
from tests.packs.helpers import PACK_ID, make_pack, run, swpack


@pytest.mark.parametrize("case", sorted(BAD_ANSWERS))
def test_a_malformed_answer_is_cannot_download(case: str, capsys: pytest.CaptureFixture[str],
                                               user_dir: Path) -> None:
    with bad_server(BAD_ANSWERS[case]) as base:
        url = f"{base}/test.swpack"
        code, out, err = run(capsys, "data", "install", url)
    assert code == 2, (out, err)
    assert f"{url}: cannot download: " in err
    assert len(err.splitlines()) == 1 and len(err) < 300  # one line, not the server's junk
    assert "Traceback" not in out + err
    assert Store().packs() == {}
    assert not list((user_dir / "packs").glob(".tmp*"))


@pytest.mark.parametrize("case", ["bad-status-line", "too-many-headers", "broken-chunks"])
def test_update_from_a_malformed_index_is_cannot_download(case: str, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str],
                                                          user_dir: Path) -> None:
    with bad_server(BAD_ANSWERS[case]) as base:
        index = f"{base}/index.yaml"
        Installer().install_archive(swpack(make_pack(tmp_path / "p")), "test.swpack",
                                    origin=index)
        code, out, err = run(capsys, "data", "update")
    assert code == 2, (out, err)
    assert f"{PACK_ID}: not updated: {index}: cannot download: " in err
    assert "Traceback" not in out + err
    assert Store().get(PACK_ID) is not None  # the installed version is kept
