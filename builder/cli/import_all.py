"""``spherewars import --all`` (issue 30): every share code of a text (an e-mail export, a
form's CSV) written as a list file in a folder, so an organiser imports a whole inbox at once.

Each code is decoded on its own: a damaged one is named (``TEXT#N``) and the others are still
written; a code repeated in the text (a quoted reply) is written once. Files are named
``NN-list-name.warband.yaml`` (N: the code's place in the text) and an existing one is never
replaced without ``--force``.
"""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from builder.data import save_warband
from builder.data.share import ShareCodeError, decode_warband
from builder.i18n import _, ngettext
from builder.plumbing.terminal_text import escape

EXIT_OK, EXIT_ERROR = 0, 2


def file_name(n: int, name: str) -> str:
    """"03-los-ensartadores.warband.yaml": the code's place, then the list's name in letters,
    digits and dashes (nothing a file system or a shell would read otherwise)."""
    stem = re.sub(r"[^\w]+", "-", name.strip().lower()).strip("-")[:60].strip("-")
    return f"{n:02d}-{stem or 'warband'}.warband.yaml"


def import_all(text: str, source: str, folder: Path, *, force: bool = False,
               data: Sequence[str] = ()) -> int:
    """Write every list of ``text``'s share codes into ``folder``; exit status 2 when a code
    could not be used or a file could not be written (the others are written all the same).
    ``data``: more data folders (a list's options may need its faction to be fingerprinted)."""
    from builder.data.catalogue import Fingerprints
    from builder.data.share import find_codes
    from builder.events.mail import MailError, texts_of

    try:
        codes = [code for part in texts_of(text) for code in find_codes(part)]
    except MailError as exc:
        print(escape(_("spherewars: cannot import from {path}: {problem}").format(
            path=source, problem=exc)), file=sys.stderr)
        return EXIT_ERROR
    if not codes:
        print(escape(_("spherewars: cannot import from {path}: no share code found: a share "
                       "code starts with SWB1.").format(path=source)), file=sys.stderr)
        return EXIT_ERROR
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(escape(_("spherewars: cannot write {path}: {problem}").format(
            path=folder, problem=exc.strerror or exc)), file=sys.stderr)
        return EXIT_ERROR
    status, written, seen = EXIT_OK, 0, set()
    fingerprints = Fingerprints(data)
    for n, code in enumerate(codes, start=1):
        if code in seen:
            continue
        seen.add(code)
        try:
            warband = decode_warband(code)
        except ShareCodeError as exc:
            print(escape(f"spherewars: {source}#{n}: {exc}"), file=sys.stderr)
            status = EXIT_ERROR
            continue
        out = folder / file_name(n, warband.name)
        if os.path.lexists(out) and not force:
            print(escape(_("spherewars: {path} already exists; give --force to replace it")
                         .format(path=out)), file=sys.stderr)
            status = EXIT_ERROR
            continue
        try:
            save_warband(warband, out)
        except OSError as exc:
            print(escape(_("spherewars: cannot write {path}: {problem}").format(
                path=out, problem=exc.strerror or exc)), file=sys.stderr)
            status = EXIT_ERROR
            continue
        written += 1
        models = sum(e.count for e in warband.entries)
        print(escape(ngettext(
            "wrote {path}: {name} ({faction}), {n} model, fingerprint {fingerprint}",
            "wrote {path}: {name} ({faction}), {n} models, fingerprint {fingerprint}",
            models).format(path=out, name=warband.name, faction=warband.faction, n=models,
                           fingerprint=fingerprints.of(warband))))
    print(ngettext("{n} list written to {folder}", "{n} lists written to {folder}",
                   written).format(n=written, folder=escape(str(folder))))
    return status
