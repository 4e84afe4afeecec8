"""Share codes (SPEC §7): a whole list in one line of text, for chat, forums and QR codes.

``SWB1.`` followed by the URL-safe base64 (no ``=`` padding) of the zlib-compressed canonical
JSON (keys sorted, no spaces, UTF-8) of the warband document without its ``schema`` key.

A code is untrusted input, exactly like a file (SPEC §2): it is found in any text (a whole
chat message), its size is bounded before anything is decoded, it is decompressed with a hard
bound of 1 MiB (a zlib bomb is refused without being inflated), and the list it holds goes
through the same loader and checks as a ``.warband.yaml`` file.
"""

from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from typing import Any

from builder.data._saving import dump_yaml
from builder.data.errors import DataError
from builder.data.fingerprint import canonical_json
from builder.data.loading import MAX_WARBAND_BYTES, parse_warband
from builder.i18n import N_, _, number
from builder.model import WARBAND_SCHEMA, Warband
from builder.model.base import quote

PREFIX = "SWB1."
MAX_JSON_BYTES = MAX_WARBAND_BYTES
"""A code may hold at most 1 MiB of JSON, the size limit of a warband file."""
MAX_CODE_CHARS = (MAX_JSON_BYTES + MAX_JSON_BYTES // 100 + 64) * 4 // 3 + 8
"""Longer than any code of an accepted list can be (zlib's worst case adds about 0.03 %),
so a longer one is refused before it is decoded."""
QR_MAX_CHARS = 2000
"""The sheet prints a QR code for codes up to this long (SPEC §7)."""

_ALPHABET = "A-Za-z0-9_-"
_CODE = re.compile(rf"SWB1\.([{_ALPHABET}]*)(=*)")
_OTHER_VERSION = re.compile(rf"\bSWB(\d+)\.[{_ALPHABET}]")
SOURCE = N_("share code")
"""How a code's list is named in messages (where a file would be named by its path)."""


class ShareCodeError(ValueError):
    """A code that cannot be used; the message says why, in words a player can act on."""


def encode_warband(warband: Warband) -> str:
    """The share code of ``warband``."""
    document = warband.to_data()
    document.pop("schema", None)
    raw = zlib.compress(canonical_json(document).encode("utf-8"), 9)
    return PREFIX + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def find_code(text: str) -> str | None:
    """The first share code in ``text`` (a chat message, a forum post, a file), or None."""
    match = _CODE.search(text)
    return PREFIX + match.group(1) if match else None


def find_codes(text: str) -> list[str]:
    """Every share code in ``text``, in order (an e-mail export, a form's CSV): each as
    :func:`decode_warband` takes it."""
    return [m.group(0) for m in _CODE.finditer(text)]


def decode_warband(text: str) -> Warband:
    """The list held by the first share code in ``text``; :class:`ShareCodeError` says why
    there is none or why it cannot be used."""
    data = decode_document(text)
    document = {"schema": WARBAND_SCHEMA} | data
    try:
        # The same loader as a file: every check a .warband.yaml gets, this gets.
        return parse_warband(_(SOURCE), dump_yaml(document))
    except DataError as exc:
        problems = "; ".join(p.message for p in exc.problems)
        raise ShareCodeError(_("the share code does not hold a valid list: {problems}").format(
            problems=problems)) from None
    except RecursionError:
        raise ShareCodeError(_("the share code does not hold a valid list: nested too deeply")
                             ) from None
    except (UnicodeError, ValueError):  # e.g. a lone surrogate ("\\ud800") in the JSON
        raise ShareCodeError(_("the share code does not hold a valid list: it holds text that "
                               "is not valid Unicode")) from None


def decode_document(text: str) -> dict[str, Any]:
    """The JSON document of the first code in ``text`` (not yet checked as a warband)."""
    match = _CODE.search(text)
    if match is None:
        other = _OTHER_VERSION.search(text)
        if other and other.group(1) != "1":
            raise ShareCodeError(_(
                "this is a version {version} share code (SWB{version}.); this program reads "
                "version 1 codes (SWB1.): update the builder to import it").format(
                    version=other.group(1)))
        raise ShareCodeError(_("no share code found: a share code starts with SWB1."))
    body = match.group(1)
    if not body:
        raise ShareCodeError(_("the share code is empty: nothing follows SWB1."))
    if len(body) > MAX_CODE_CHARS:
        raise ShareCodeError(_("the share code is {length} characters long, more than any "
                               "list can need; refusing to read it").format(
                                   length=number(len(body))))
    if len(body) % 4 == 1:
        raise ShareCodeError(_("the share code is damaged (its length is impossible): was it "
                               "cut short or mistyped?"))
    try:
        raw = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (binascii.Error, ValueError):
        raise ShareCodeError(_("the share code is damaged (not valid base64)")) from None
    json_bytes = _inflate(raw)
    try:
        json_text = json_bytes.decode("utf-8")
    except UnicodeDecodeError:
        raise ShareCodeError(_("the share code is damaged: its contents are not UTF-8 text")
                             ) from None
    try:
        data = json.loads(json_text, object_pairs_hook=_no_duplicate_keys,
                          parse_constant=_not_a_number, parse_float=_not_whole)
    except ShareCodeError:
        raise
    except RecursionError:
        raise ShareCodeError(_("the share code does not hold a list: nested too deeply")
                             ) from None
    except ValueError:
        raise ShareCodeError(_("the share code does not hold a list: its contents are not "
                               "JSON")) from None
    if not isinstance(data, dict):
        raise ShareCodeError(_("the share code does not hold a list: expected a mapping of "
                               "keys"))
    return data


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refused when it gives a key twice (a file's YAML refuses that too: one
    of the two values would be dropped without a word)."""
    out = dict(pairs)
    if len(out) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise ShareCodeError(_("the share code does not hold a valid list: the key "
                                       "{key} is given twice").format(key=quote(key)))
            seen.add(key)
    return out


def _not_a_number(word: str) -> Any:
    """``NaN``, ``Infinity`` and ``-Infinity``: Python's JSON reads them, JSON has none."""
    raise ShareCodeError(_("the share code does not hold a valid list: {word} is not a value "
                           "a list can hold").format(word=word))


def _not_whole(text: str) -> Any:
    """A number with a fraction or an exponent (``1e400``, ``5.0``): nothing in a list is one,
    and reading it would make a float (``1e400`` is infinity)."""
    raise ShareCodeError(_("the share code does not hold a valid list: {number} is not a "
                           "whole number").format(number=quote(text, 30)))


def _inflate(raw: bytes) -> bytes:
    """Decompress at most MAX_JSON_BYTES + 1 bytes: a bomb stops there, never inflated."""
    inflater = zlib.decompressobj()
    try:
        out = inflater.decompress(raw, MAX_JSON_BYTES + 1)
    except zlib.error:
        raise ShareCodeError(_("the share code is damaged (its data does not decompress): was "
                               "it cut short or changed?")) from None
    if len(out) > MAX_JSON_BYTES or inflater.unconsumed_tail:
        raise ShareCodeError(_("the share code holds more than 1 MiB of data, more than a list "
                               "may be; refusing to read it"))
    if not inflater.eof:
        raise ShareCodeError(_("the share code is incomplete: was it cut short? Copy the whole "
                               "code again"))
    if inflater.unused_data:
        raise ShareCodeError(_("the share code is damaged: it has extra characters after its "
                               "end"))
    return out


__all__ = ["MAX_CODE_CHARS", "MAX_JSON_BYTES", "PREFIX", "QR_MAX_CHARS", "ShareCodeError",
           "decode_document", "decode_warband", "encode_warband", "find_code",
           "find_codes"]
