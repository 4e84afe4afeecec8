"""The program's language: one setting for every message and every display text (no Qt).

Messages are marked where they are used with :func:`_` (``ngettext`` for plurals, ``pgettext``
where one English word needs two translations) and translated through gettext catalogues, domain
``spherewars``: the sources are ``builder/locale/<lang>/LC_MESSAGES/spherewars.po``, compiled to
``.mo`` by ``make translations`` and by ``setup.py`` when the package is built or installed.
A module-level constant is marked with :func:`N_` and translated where it is shown.

English is the source language: it needs no catalogue and is what anything untranslated falls
back to. The language is, in this order: what the user chose (``--lang``, the app's *Language*
menu), else the environment as gettext reads it (the first of ``LANGUAGE``, ``LC_ALL``,
``LC_MESSAGES``, ``LANG`` that is set; ``LANGUAGE`` may list several, ``es:en``), else English.
The display texts of data files (``{en: …, es: …}``, SPEC §5) follow the same setting
(:mod:`builder.model.text`).
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path

DOMAIN = "spherewars"
SOURCE_LANGUAGE = "en"
LANGUAGE_NAMES = {"en": "English", "es": "Español"}
"""Each language in its own words, as a language menu lists it (never translated)."""
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""The variables gettext reads, in its order: the first one that is set decides."""

_CODE = re.compile(r"^([A-Za-z]{2,3})(?:[_-][A-Za-z0-9]+)?(?:\.[^@]*)?(?:@.*)?$")


def locale_dir() -> Path:
    """Where the catalogues are: ``builder/locale`` (in a checkout, a wheel and the app)."""
    return Path(__file__).resolve().parent / "locale"


def catalogue_path(language: str) -> Path:
    return locale_dir() / language / "LC_MESSAGES" / f"{DOMAIN}.mo"


@cache
def available_languages() -> tuple[str, ...]:
    """English, then every language whose compiled catalogue is installed, by code."""
    found = sorted(p.name for p in locale_dir().glob("*") if catalogue_path(p.name).is_file())
    return (SOURCE_LANGUAGE, *[code for code in found if code != SOURCE_LANGUAGE])


def normalise(name: str) -> str | None:
    """The language code of a locale name: ``es_ES.UTF-8`` and ``es`` are ``es``; ``C`` and
    ``POSIX`` are English; None for what is not a locale name."""
    name = name.strip()
    if name in ("C", "POSIX") or name.startswith(("C.", "POSIX.")):
        return SOURCE_LANGUAGE
    match = _CODE.match(name)
    return match.group(1).lower() if match else None


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first variable of
    :data:`ENVIRONMENT` that is set, the first of its languages (``LANGUAGE=fr:es``) that the
    program has; English when it names none of them."""
    environ = os.environ if environ is None else environ
    have = available_languages()
    for variable in ENVIRONMENT:
        value = environ.get(variable)
        if value:
            for item in value.split(":"):
                code = normalise(item)
                if code in have:
                    return code
                if code == SOURCE_LANGUAGE:
                    return code
            break
    return SOURCE_LANGUAGE


_state: dict[str, object] = {"language": None, "origin": "default"}
_catalogue: _gettext.NullTranslations = _gettext.NullTranslations()


def set_language(language: str | None = None, origin: str = "program") -> str:
    """Use ``language`` (a code such as ``es``, or a locale name such as ``es_ES.UTF-8``) for
    every message and display text from now on; None: the environment's. Returns the code.

    A language without a catalogue still chooses the display texts of data files (a system
    may give ``fr`` texts); messages are then in English. ``origin`` says who chose it
    (``command line``, ``settings``, ``environment``): the app lets its stored choice
    override the environment but not an explicit ``--lang``.
    """
    global _catalogue
    if language is None:
        code, origin = language_from_environment(), "environment"
    else:
        found = normalise(language)
        if found is None:
            raise ValueError(f"'{language}' is not a language code such as en or es")
        code = found
    _catalogue = _load(code)
    _state["language"] = code
    _state["origin"] = origin
    return code


def _load(code: str) -> _gettext.NullTranslations:
    if code == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, str(locale_dir()), languages=[code], fallback=True)


def translated(language: str, message: str) -> str:
    """``message`` in ``language`` (another than the one in use: the Language menu says in
    the language chosen that it applies from the next start)."""
    if language not in available_languages() and language != SOURCE_LANGUAGE:
        return message
    return _load(language).gettext(message)


def _ready() -> None:
    if _state["language"] is None:
        set_language(None)


def current_language() -> str:
    """The language code in use (``en``, ``es``)."""
    _ready()
    return str(_state["language"])


def language_origin() -> str:
    """Who chose the current language: ``default``, ``environment``, ``command line``,
    ``settings`` or ``program``."""
    _ready()
    return str(_state["origin"])


def _(message: str) -> str:
    """``message`` in the current language."""
    _ready()
    return _catalogue.gettext(message)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for ``n`` things (Spanish has two forms, as English; other
    languages more: never add an "s")."""
    _ready()
    return _catalogue.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the sense that ``context`` gives (one English word, two Spanish ones)."""
    _ready()
    return _catalogue.pgettext(context, message)


def N_(message: str) -> str:  # noqa: N802 - gettext's name for it
    """Mark a constant for translation without translating it: :func:`_` it where shown."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:  # noqa: N802
    """Mark a plural pair for translation without translating it (:func:`ngettext` it where
    shown)."""
    return singular, plural


_GROUPING = {"en": ",", "es": "."}


def number(value: int) -> str:
    """A whole number with the current language's thousands separator: 9,999 in English,
    9.999 in Spanish (where 9,999 reads as a fraction)."""
    text = f"{value:,}"
    separator = _GROUPING.get(current_language(), ",")
    return text if separator == "," else text.replace(",", separator)


__all__ = ["DOMAIN", "LANGUAGE_NAMES", "N_", "Nn_", "SOURCE_LANGUAGE", "available_languages",
           "current_language", "gettext", "language_from_environment", "language_origin",
           "locale_dir", "ngettext", "normalise", "number", "pgettext", "set_language"]


def translations_of(message: str) -> tuple[str, ...]:
    """``message`` in every available language (English first): to recognise a file the
    program wrote in whichever language it spoke then."""
    return tuple(dict.fromkeys(_load(code).gettext(message)
                               for code in available_languages()))
