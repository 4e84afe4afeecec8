"""The Spanish translation is complete: every marked message, every display text of the built-in
systems, every reference text (issue 16).

The messages are extracted from the source here, in-process, with Babel's own extractor and
the keywords of ``babel.cfg`` / ``make translations``, so a message added without a Spanish
translation fails this test rather than showing English to a Spanish player.
"""

from __future__ import annotations

import io
import re
import string
from pathlib import Path

import pytest
import yaml

babel = pytest.importorskip("babel")
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir  # noqa: E402
from babel.messages.mofile import read_mo, write_mo  # noqa: E402
from babel.messages.pofile import read_po  # noqa: E402

from builder import i18n  # noqa: E402
from builder.model.text import display  # noqa: E402
from tests.conftest import REPO  # noqa: E402

LOCALE = REPO / "builder" / "locale"
PO = LOCALE / "es" / "LC_MESSAGES" / "spherewars.po"
MO = PO.with_suffix(".mo")
KEYWORDS = {**DEFAULT_KEYWORDS, "Nn_": (1, 2)}
"""What ``make translations`` passes to pybabel (``-k Nn_:1,2`` on top of the defaults)."""


def _extracted() -> dict[tuple[str | None, str | tuple[str, ...]], list[str]]:
    """(context, msgid) -> where it is used, for every marked message of the package."""
    found: dict[tuple[str | None, str | tuple[str, ...]], list[str]] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
            REPO / "builder", method_map=[("**.py", "python")], keywords=KEYWORDS):
        key = (context, message)
        found.setdefault(key, []).append(f"builder/{filename}:{lineno}")
    # the example lists' names and notes (babel.cfg's "example" extractor)
    for filename, _lineno, message, _comments, context in extract_from_dir(
            REPO / "resources" / "examples",
            method_map=[("**.warband.yaml", "builder.gui.mainwindow.examples:extract")]):
        found.setdefault((context, message), []).append(f"resources/examples/{filename}")
    return found


@pytest.fixture(scope="module")
def extracted():
    return _extracted()


@pytest.fixture(scope="module")
def catalogue():
    with PO.open("rb") as fh:
        return read_po(fh, "es")


def _key(message) -> tuple[str | None, str | tuple[str, ...]]:
    return message.context, message.id


def test_the_source_marks_hundreds_of_messages(extracted):
    """The extraction works at all (the keywords, the folder): a broken one would find none and
    pass every other test here."""
    assert len(extracted) > 400
    assert (None, "usage: ") in extracted  # argparse's own words
    assert (None, ("{n} model", "{n} models")) in extracted  # a plural
    assert ("systems", "none") in extracted  # a message with a context


def test_every_marked_message_has_a_spanish_translation(extracted, catalogue):
    missing, fuzzy = [], []
    for key, where in sorted(extracted.items(), key=str):
        message = catalogue.get(key[1], context=key[0])
        strings = message.string if message is not None and isinstance(message.string, tuple) \
            else (message.string,) if message is not None else ("",)
        if message is None or not all(s and s.strip() for s in strings):
            missing.append(f"{where[0]}: {key[1]!r}")
        elif message.fuzzy:
            fuzzy.append(f"{where[0]}: {key[1]!r}")
    assert missing == [], "no Spanish translation (run make translations, then edit es.po)"
    assert fuzzy == [], "marked fuzzy in es.po: check the translation and remove the flag"


def test_the_catalogue_holds_no_message_the_source_lost(extracted, catalogue):
    """Every entry of es.po is still used: ``make translations`` drops the others."""
    stale = [m.id for m in catalogue if m.id and _key(m) not in extracted]
    assert stale == []
    assert not catalogue.fuzzy, "the catalogue's header is marked fuzzy: pybabel would skip it"


def _fields(text: str) -> list[str]:
    """The ``{name}`` fields of a str.format template (or its braces as written, for a text
    that is not one), and its %-style placeholders, sorted."""
    try:
        names = [f"{{{name}}}" for _lit, name, _spec, _conv in string.Formatter().parse(text)
                 if name is not None]
    except ValueError:
        names = re.findall(r"\{[^{}]*\}", text)
    return sorted(names + re.findall(r"%\([a-z_]+\)[sr]|%[sr]", text))


def test_translations_keep_every_placeholder(catalogue):
    """A Spanish message fills the same {fields} (and argparse's %(fields)s) as the English one:
    a lost or misspelt one would raise, or print the wrong value."""
    wrong = []
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            if _fields(text) != _fields(ids[-1]):
                wrong.append((ids[0], text))
    assert wrong == []
    assert [error for _m, errors in catalogue.check() for error in errors] == []


def _messages(catalog) -> dict:
    """What a compiled catalogue says: every translation by (context, id), and its header
    without the ``Generated-By`` line (the Babel version that compiled it, not our words)."""
    def frozen(value):
        return tuple(value) if isinstance(value, list | tuple) else value

    said = {(m.context, frozen(m.id)): frozen(m.string) for m in catalog if m.id}
    header = (catalog.header_comment or "").splitlines()
    meta = {k: v for k, v in catalog.mime_headers if k != "Generated-By"}
    return {"messages": said, "header": header, "meta": meta}


def test_the_compiled_catalogue_is_the_po_compiled(catalogue):
    """builder/locale/es/LC_MESSAGES/spherewars.mo is what setup.py and ``pybabel compile`` make
    of spherewars.po now: an edit of the .po without ``make translations`` (or ``make``) fails.
    The catalogues are compared by what they translate, so a .mo compiled by another Babel
    version (another ``Generated-By`` line) is still the same catalogue."""
    assert MO.is_file(), "no compiled catalogue: run make translations (or make run)"
    out = io.BytesIO()
    write_mo(out, catalogue, use_fuzzy=False)
    out.seek(0)
    with MO.open("rb") as fh:
        ours = read_mo(fh)
    assert _messages(ours) == _messages(read_mo(out)), \
        "es.po changed since spherewars.mo was compiled"


def test_the_comparison_of_compiled_catalogues_sees_a_changed_translation(catalogue):
    """The comparison above is not blind: one translation changed is a different catalogue."""
    out = io.BytesIO()
    write_mo(out, catalogue, use_fuzzy=False)
    out.seek(0)
    changed = read_mo(out)
    message = next(m for m in changed if m.id and isinstance(m.id, str) and m.string)
    before = _messages(changed)
    message.string += "!"
    assert _messages(changed) != before


MARKED_F_STRING = re.compile(r"\b(_|ngettext|pgettext|N_|Nn_)\(\s*f[\"']")
"""``_(f"…")``: the catalogue would need the text with its values filled in."""
MARK_IN_F_STRING = re.compile(r"\bf([\"']).*\{[^}]*\b(_|ngettext|pgettext)\(\s*[\"']")
"""``f"<p>{_('text')}</p>"``: Babel's extractor does not look inside f-strings (before Python
3.12 an f-string is one token), so the message would never reach the catalogue."""


def test_no_message_is_marked_where_the_extractor_cannot_see_it():
    bad = [f"{path.relative_to(REPO)}:{n}"
           for path in sorted((REPO / "builder").rglob("*.py"))
           for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
           if MARKED_F_STRING.search(line) or MARK_IN_F_STRING.search(line)]
    assert bad == []


# --- the language setting -------------------------------------------------------------------


@pytest.mark.parametrize(("environ", "expected"), [
    ({}, "en"),
    ({"LANG": "es_ES.UTF-8"}, "es"),
    ({"LANG": "es_AR"}, "es"),
    ({"LC_MESSAGES": "es_ES.UTF-8", "LANG": "en_GB.UTF-8"}, "es"),
    ({"LC_ALL": "C", "LANG": "es_ES.UTF-8"}, "en"),  # the first one set decides
    ({"LANGUAGE": "fr:es", "LANG": "en_US.UTF-8"}, "es"),  # the first it has, in order
    ({"LANGUAGE": "en:es"}, "en"),
    ({"LANGUAGE": "fr", "LANG": "es_ES.UTF-8"}, "en"),  # gettext reads LANGUAGE only
    ({"LANGUAGE": "", "LANG": "es_ES.UTF-8"}, "es"),  # an empty one is not set
    ({"LC_ALL": "POSIX"}, "en"),
])
def test_the_environment_chooses_as_gettext_does(environ, expected):
    assert i18n.language_from_environment(environ) == expected


def test_one_setting_for_messages_and_display_texts():
    i18n.set_language("es")
    assert i18n._("Wounds") == "Heridas"
    assert display({"en": "Warband", "es": "Banda"}) == "Banda"
    assert i18n.ngettext("{n} model", "{n} models", 2).format(n=2) == "2 miniaturas"
    assert i18n.number(9999) == "9.999"
    i18n.set_language("en")
    assert i18n._("Wounds") == "Wounds"
    assert display({"en": "Warband", "es": "Banda"}) == "Warband"
    assert i18n.number(9999) == "9,999"


def test_spanish_is_available_and_named_in_spanish():
    assert i18n.available_languages() == ("en", "es")
    assert i18n.LANGUAGE_NAMES["es"] == "Español"


# --- data: the built-in systems and the reference texts -------------------------------------

SYSTEMS = sorted((REPO / "resources" / "systems").glob("*.yaml"))
BOOK_NAMES = {"enorme", "espantoso", "arremetida", "inquebrantable", "durisimo-de-matar"}
"""Universal abilities the SphereWars book names in Spanish in its English edition too."""


def _display_texts(system: dict) -> list[tuple[str, object]]:
    """(where, value) of every display text of a system file (SPEC §5)."""
    out: list[tuple[str, object]] = [("name", system["name"]), ("source", system.get("source")),
                                     ("list_name", system.get("list_name", {"en": "Warband",
                                                                            "es": "Banda"}))]
    for key, fields in (("stats", ("name",)), ("types", ("name", "plural")),
                        ("ranks", ("name",)), ("ability_kinds", ("name",)),
                        ("rules", ("name", "cite", "message")), ("figures", ("name", "help"))):
        for item in system.get(key) or []:
            out += [(f"{key}/{item['id']}/{f}", item[f]) for f in fields if f in item]
    for ability in system.get("abilities") or []:
        if ability["id"] not in BOOK_NAMES:
            out.append((f"abilities/{ability['id']}/name", ability["name"]))
        if "text" in ability:
            out.append((f"abilities/{ability['id']}/text", ability["text"]))
    return [(where, value) for where, value in out if value is not None]


@pytest.mark.parametrize("path", SYSTEMS, ids=lambda p: p.stem)
def test_every_display_text_of_a_builtin_system_is_in_english_and_spanish(path: Path):
    system = yaml.safe_load(path.read_text(encoding="utf-8"))
    texts = _display_texts(system)
    assert texts
    one_language = [where for where, value in texts
                    if not (isinstance(value, dict) and value.get("en") and value.get("es"))]
    assert one_language == []


@pytest.mark.parametrize("path", SYSTEMS, ids=lambda p: p.stem)
def test_spanish_rule_messages_fill_the_same_placeholders(path: Path):
    system = yaml.safe_load(path.read_text(encoding="utf-8"))
    for rule in system.get("rules") or []:
        message = rule.get("message")
        if isinstance(message, dict):
            assert _fields(message["es"]) == _fields(message["en"]), rule["id"]


REFERENCES = sorted(p for p in (REPO / "resources" / "reference").glob("*.yaml")
                    if p.stem.count(".") == 0)


@pytest.mark.parametrize("path", REFERENCES, ids=lambda p: p.stem)
def test_every_reference_text_has_a_parallel_spanish_one(path: Path):
    """resources/reference/<id>.es.yaml says the same as <id>.yaml item by item: the same
    blocks, points, table shapes and notes, so the Spanish sheet leaves nothing out."""
    from builder.data.reference import load_reference

    english = load_reference(path)
    spanish_path = path.with_name(f"{path.stem}.es.yaml")
    assert spanish_path.is_file()
    spanish = load_reference(spanish_path)
    assert len(spanish.items) == len(english.items)
    assert bool(spanish.squad_note) == bool(english.squad_note)
    for en, es in zip(english.items, spanish.items, strict=True):
        assert len(es.points) == len(en.points), en.title
        assert (bool(es.text), bool(es.note)) == (bool(en.text), bool(en.note)), en.title
        if en.table is not None:
            assert es.table is not None
            assert len(es.table.columns) == len(en.table.columns), en.title
            assert len(es.table.rows) == len(en.table.rows), en.title
        # a number or stat abbreviation of the rules is kept ("+1", "MAN", "5\"")
        for abbreviation in re.findall(r"\b(?:MOV|MAN|DES|PRE|POT|CON|FUR|POD|PE|CA)\b",
                                       str(en.model_dump())):
            assert abbreviation in str(es.model_dump()), (en.title, abbreviation)


def test_the_sheet_prints_the_reference_in_the_current_language():
    from builder.data.reference import load_reference

    assert load_reference("spherewars-1e").title == "Turn reference"
    i18n.set_language("es")
    assert load_reference("spherewars-1e").title == "Referencia del turno"


USTED = re.compile(
    r"(?<![\w-])(usted|ustedes|indique|elija|pegue|péguelo|instale|instálelo|súbalo|envíelo|"
    r"escriba|dé|quite|cree|actualícelo|pulse|haga|introduzca|seleccione|compruebe|guarde|"
    r"añada|corrija|le haya)(?![\w-])", re.IGNORECASE)
"""The polite *usted* forms the catalogue once held (imperatives, the pronoun), each one
that cannot be a *tú* form or another person's in these texts."""


def test_the_spanish_speaks_to_the_player_as_tu(catalogue):
    """The whole app says *tú* ("Elige", "Pega", "Instala"), so no text may switch to *usted*
    ("Elija", "cuando usted publica"): a player reads one voice."""
    polite = []
    for message in catalogue:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        polite += [text for text in strings if message.id and USTED.search(text or "")]
    assert polite == []
    assert USTED.search("Elija primero el archivo del evento.")  # the check sees one
    assert not USTED.search("Elige primero el archivo del evento.")
