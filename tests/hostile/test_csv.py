"""CSV cells a spreadsheet would run as a formula (issue 40 #12): whatever comes before the
``=``, ``+``, ``-`` or ``@`` (a space, a tab, a newline, a no-break space, an ideographic space,
a zero-width space) and in whatever width (``＝``, ``＋``), the cell is neutralised with an
apostrophe, as a cell starting with ``=`` is."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from builder.events.output import csv_report

LEADS = ["", " ", "  ", "\t", "\n", "\r\n", "\u00a0", "\u3000", "\u200b", "\ufeff", " \t\u00a0"]
SIGNS = ["=", "+", "-", "@", "\uff1d", "\uff0b", "\uff0d", "\uff20", "\ufe66"]


def _row(name: str) -> dict[str, Any]:
    return {"path": name, "name": name, "faction": name, "points": 10, "points_limit": None,
            "legal": True, "fingerprint": "TEST-0000", "data_fingerprint": None,
            "findings": [], "player": name}


def _cells(name: str) -> dict[str, str]:
    text = csv_report([_row(name)]).removeprefix("\ufeff")
    return next(csv.DictReader(io.StringIO(text)))


@pytest.mark.parametrize("lead", LEADS, ids=[f"lead-{ord(c[0]):04x}" if c else "none"
                                             for c in LEADS])
@pytest.mark.parametrize("sign", SIGNS, ids=[f"sign-{ord(c):04x}" for c in SIGNS])
def test_a_formula_behind_anything_is_neutralised(lead: str, sign: str) -> None:
    payload = f'{lead}{sign}HYPERLINK("http://127.0.0.1/x","click")'
    cells = _cells(payload)
    for column in ("path", "name", "faction", "player"):
        assert cells[column].startswith("'"), (column, cells[column])


@pytest.mark.parametrize("text", ["Los Ensartadores", "Tir'Abé", " plain", "3 - 2", "a=b"])
def test_plain_text_is_written_as_it_is(text: str) -> None:
    assert _cells(text)["name"] == text
