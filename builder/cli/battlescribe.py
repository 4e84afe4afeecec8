"""``spherewars bs-adapter``: the BattleScribe conformance suite's adapter protocol (JSON
lines on standard input, answers on standard output; :mod:`builder.battlescribe.adapter`).

Exit status: 0 when standard input ends.
"""

from __future__ import annotations

import argparse


def bs_adapter_command(args: argparse.Namespace) -> int:
    from builder.battlescribe.adapter import main

    return main()
