"""Text for reportlab paragraphs: escaping user text, the one markup our own data may use.

reportlab's ``Paragraph`` parses its text as XML-ish markup, so a warband named
``<b>Foo & Bar</b>`` would print bold (or fail to parse) unless escaped. Every piece of text a
user or a data author typed goes through :func:`esc`; only our reference text may use
``**bold**``, which :func:`rich` turns into markup after escaping.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

_BOLD = re.compile(r"\*\*(.+?)\*\*")


def esc(text: str | None) -> str:
    """User text as literal paragraph text; line breaks are kept."""
    if not text:
        return ""
    out = escape(text.strip()).replace("\r\n", "\n").replace("\n", "<br/>")
    if out.isascii():
        return out
    from builder.export.fonts import fallback_markup  # Chinese, Japanese, Korean

    return fallback_markup(out)


def rich(text: str | None) -> str:
    """Reference text: escaped, then ``**bold**`` as bold."""
    return _BOLD.sub(r"<b>\1</b>", esc(text))


def capital(word: str | None) -> str:
    return word[:1].upper() + word[1:] if word else ""
