"""The texts of an e-mail or a mailbox that may hold share codes (SPEC §6 ``--codes``), read
within limits.

A mail comes from anyone. Python's ``email`` package reads nested parts by recursion and some
headers in time that grows with the square of their length (a Subject of 30,000 encoded words
takes 17 s and 6 GB), so every message is measured before it is parsed and every header read
before it is decoded: at most :data:`MAX_NESTED` parts that hold others (which bounds how deep
parts nest), :data:`MAX_PARTS` parts, :data:`MAX_HEADER` characters in a header we read and
:data:`MAX_PARAMETERS` parameters in a Content-Type. Past any of them the mail is refused
whole (:class:`MailError`), by name; within them, reading one is linear.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from builder.i18n import _

if TYPE_CHECKING:
    from email.message import Message

MAX_NESTED = 50
"""Parts that hold other parts (``multipart/*``, ``message/*``) in one message: real mail
has a handful; the parser recurses once or twice for each."""
MAX_PARTS = 5000
"""Parts in one message (counted by their boundary lines)."""
MAX_HEADER = 8192
"""Characters of a Content-Type, Content-Transfer-Encoding or Subject header."""
MAX_PARAMETERS = 100
"""Parameters of a Content-Type (``charset``, ``boundary``; RFC 2231 pieces count each)."""

_MAIL = re.compile(r"^(?:From |MIME-Version:|Content-Type:|Content-Transfer-Encoding:)",
                   re.MULTILINE | re.IGNORECASE)
_MBOX_SPLIT = re.compile(r"^From .*\r?\n", re.MULTILINE)
_NESTING = re.compile(r"^content-type:\s*(?:multipart|message)/", re.MULTILINE | re.IGNORECASE)
_BOUNDARY_LINE = re.compile(r"^--", re.MULTILINE)
_READ_HEADER = re.compile(r"^(content-type|content-transfer-encoding|subject)[ \t]*:"
                          r"([^\n]*(?:\n[ \t][^\n]*)*)", re.MULTILINE | re.IGNORECASE)
"""A header we read, with its folded lines (anywhere: a part's headers are in its body)."""


class MailError(ValueError):
    """A mail past the limits; the message says which (it names no file)."""


def is_mail(text: str) -> bool:
    return _MAIL.search(text) is not None


def texts_of(text: str) -> list[str]:
    """The texts to search for codes: the decoded text parts of each message when ``text``
    is an e-mail or a mailbox (a code wrapped by quoted-printable soft breaks, or hidden in
    a base64 part, reads whole there), else ``text`` itself. :class:`MailError` when a
    message is past the limits."""
    if not is_mail(text):
        return [text]
    import email  # (only for a mail: the package takes a tenth of the command's start)
    import email.policy

    out = []
    for chunk in _MBOX_SPLIT.split(text):
        if not chunk.strip():
            continue
        _measure(chunk)
        message = email.message_from_string(chunk, policy=email.policy.default)
        if not message.keys():  # not a message after all
            out.append(chunk)
            continue
        parts = list(_walk(message))
        texts = [p for p in parts if p.get_content_maintype() == "text"]
        if not texts:
            out.append(chunk)
            continue
        for part in texts:
            out.append(_text(part))
        out.append(str(message.get("Subject", "")))
    return out


def _measure(chunk: str) -> None:
    """Refuse a message past the limits before the parser sees it (the parser itself reads
    the Content-Type of every part as it goes). Counted on the raw text, parts' bodies
    included: a count can only come out higher than the mail's own."""
    nested = sum(1 for _m in _NESTING.finditer(chunk))
    if nested > MAX_NESTED:
        raise MailError(_("a mail nested more than {limit} parts deep, or with more than "
                          "{limit} parts holding others; refusing to read it").format(
                              limit=MAX_NESTED))
    if sum(1 for _m in _BOUNDARY_LINE.finditer(chunk)) > MAX_PARTS:
        raise MailError(_("a mail of more than {limit} parts; refusing to read it").format(
            limit=f"{MAX_PARTS:,}"))
    for match in _READ_HEADER.finditer(chunk):
        name, value = match.group(1), match.group(2)
        if len(value) > MAX_HEADER:
            raise MailError(_("a mail's {header} header is longer than {limit} characters; "
                              "refusing to read it").format(header=name,
                                                            limit=f"{MAX_HEADER:,}"))
        if name.lower() == "content-type" and value.count(";") > MAX_PARAMETERS:
            raise MailError(_("a mail's Content-Type has more than {limit} parameters; "
                              "refusing to read it").format(limit=MAX_PARAMETERS))


def _walk(message: Message) -> list[Message]:
    """Every part of ``message``, itself first (without recursion)."""
    found: list[Message] = []
    pending = [message]
    while pending:
        part = pending.pop()
        found.append(part)
        if part.is_multipart():
            payload = part.get_payload()
            if isinstance(payload, list):
                pending.extend(p for p in reversed(payload) if not isinstance(p, str))
    return found


def _text(part: Message) -> str:
    try:
        return str(part.get_content())  # type: ignore[attr-defined]
    except (LookupError, ValueError, AssertionError):  # an unknown charset, a bad part
        payload = part.get_payload(decode=True)
        return (payload.decode("utf-8", "replace") if isinstance(payload, bytes)
                else str(part.get_payload()))
