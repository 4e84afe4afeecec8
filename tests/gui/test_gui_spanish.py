"""The app in Spanish, every word of it (issue 16, phase 2).

The menus are checked word for word. Then a sweep: with the language set to Spanish, the main
window (holding an illegal list, so findings show), the faction editor and every dialog we build
ourselves are made offscreen, and every text a user can read in them (labels, buttons, menus and
actions, tooltips, status tips, placeholders, column headers, tab and group titles, combo items,
window titles, message boxes) is checked: it fails when a text is a message of our catalogue left
in English, or holds a tell-tale English word, so a string someone forgot to mark is caught.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.messages.pofile import read_po
from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QSpinBox,
    QTabWidget,
    QTextEdit,
    QWidget,
)

from builder.data import Catalogue, DataError
from builder.data.errors import Problem
from builder.data.share import encode_warband
from builder.gui.dialogs import ExportOptions, Prompter
from builder.gui.dialogs.data_problems import DataProblemsDialog
from builder.gui.dialogs.export import ExportDialog
from builder.gui.dialogs.import_code import ImportCodeDialog
from builder.model import Entry, Warband
from builder.model.text import display, quotation
from tests.conftest import REPO
from tests.gui.menus import menus as menus_of
from tests.gui.menus import submenus

PO = REPO / "builder" / "locale" / "es" / "LC_MESSAGES" / "spherewars.po"
EXAMPLE = REPO / "resources" / "examples" / "soimi-illegal-points-limit.warband.yaml"

TELL_TALE = re.compile(
    r"\b(the|The|Add|Remove|Delete|warband|list|List|points|Points|Findings|Notes|Save|Open|"
    r"File|Edit|Help|Cancel|Close|New|faction|Faction|combatant|Combatant|abilities|"
    r"Abilities|Equipment|Wounds|Profile|Type|Rank|Count|Cost|Models|Illegal|"
    r"Import|Export|Copy|Paste|Undo|Redo|Quit|Recent|Example|Data|problems?|shortcuts|"
    r"About|Language|name|Name|Source|Description|Filter|squad|each|not|yet|with|from|"
    r"and|or|of|to|is|are|this|This|your|Your|none|Select|Choose|built-in|read-only)\b")
"""English words a Spanish text of the app never holds (word for word, case as written)."""
ALLOWED = (
    "SphereWars Warband Builder",  # the program's name
    "English",  # the Language menu names each language in its own words
    "Markdown (Discord, Reddit)",  # names
    "BBCode",
)
"""Texts that stay as they are in Spanish (removed before looking for English words)."""
NOT_WORDS = re.compile(r"(/[\w.\-]+)+/?|\S+\.(yaml|yml|pdf)\b|\[[a-z0-9-]+\]")
"""A file's path or name, a rule id: never translated, no English the app wrote."""


@pytest.fixture(scope="module")
def english_messages() -> tuple[set[str], list[re.Pattern[str]]]:
    """The catalogue's English messages whose Spanish differs: as they are, and as patterns
    matching them with their {fields} filled in."""
    with PO.open("rb") as fh:
        catalogue = read_po(fh, "es")
    plain: set[str] = set()
    patterns: list[re.Pattern[str]] = []
    for message in catalogue:
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for english in ids:
            if english in strings:
                continue  # the same in both languages ("Legal", "{field}:")
            plain.add(english.replace("&", ""))
            parts = re.split(r"\{[^{}]*\}", english.replace("&", ""))
            if len(parts) > 1 and len(re.findall(r"[A-Za-z]", "".join(parts))) >= 8:
                patterns.append(re.compile(".+".join(re.escape(p) for p in parts), re.S))
    return plain, patterns


# -- what a user can read ----------------------------------------------------------------------


def _model_texts(model: QAbstractItemModel | None) -> list[str]:
    if model is None:
        return []
    root = QModelIndex()
    try:
        columns = model.columnCount(root)
    except TypeError:  # a list model's, private in PySide6
        columns = 1
    out = [str(model.headerData(c, Qt.Orientation.Horizontal) or "") for c in range(columns)]

    def walk(parent: Any, depth: int = 0) -> None:
        for row in range(min(model.rowCount(parent), 200)):
            for col in range(columns):
                index = model.index(row, col, parent)
                for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                    value = index.data(role)
                    if isinstance(value, str):
                        out.append(value)
                if col == 0 and depth < 2:
                    walk(index, depth + 1)

    walk(root)
    return out


def _action_texts(action: QAction) -> list[str]:
    """An action's own words; the menus it opens are widgets of the window, walked as such."""
    return [action.text(), action.toolTip(), action.statusTip()]


def readable_texts(top: QWidget) -> list[tuple[str, str]]:
    """(where, text) of every text ``top`` and its children show a user."""
    found: list[tuple[str, str]] = []

    def add(where: QWidget | QAction, *texts: str) -> None:
        name = f"{type(where).__name__}:{where.objectName()}"
        found.extend((name, t) for t in texts if t and t.strip())

    for widget in [top, *top.findChildren(QWidget)]:
        add(widget, widget.toolTip(), widget.statusTip())
        if widget.isWindow():
            add(widget, widget.windowTitle().replace("[*]", ""))
        if isinstance(widget, QLabel):
            add(widget, widget.text())
        if isinstance(widget, QAbstractButton):
            add(widget, widget.text())
        if isinstance(widget, QLineEdit):
            add(widget, widget.placeholderText())
        if isinstance(widget, QPlainTextEdit):
            add(widget, widget.placeholderText())
            if widget.isReadOnly():
                add(widget, widget.toPlainText())
        if isinstance(widget, QTextEdit):
            add(widget, widget.placeholderText())
            if widget.isReadOnly():
                add(widget, widget.toPlainText())
        if isinstance(widget, QGroupBox):
            add(widget, widget.title())
        if isinstance(widget, QTabWidget):
            add(widget, *[widget.tabText(i) for i in range(widget.count())])
        if isinstance(widget, QComboBox):
            add(widget, *[widget.itemText(i) for i in range(widget.count())])
        if isinstance(widget, QSpinBox):
            add(widget, widget.suffix(), widget.prefix(), widget.specialValueText())
        if isinstance(widget, QAbstractSpinBox):
            add(widget, widget.specialValueText())
        if isinstance(widget, QAbstractItemView):
            add(widget, *_model_texts(widget.model()))
        if isinstance(widget, QMenu):
            add(widget, widget.title())
        if isinstance(widget, QMessageBox):
            add(widget, widget.text(), widget.informativeText())
        for action in widget.actions():
            add(action, *_action_texts(action))
    return found


def publishers_texts(catalogue: Catalogue) -> tuple[str, ...]:
    """Faction names and sources, game titles: the publishers' words, shown as written."""
    texts = {t for f in catalogue.factions.values() for t in (f.name, f.source) if t}
    texts |= {display(s.name) for s in catalogue.systems.values()}  # the games' titles
    # the rulebooks' own words, shown on purpose beside our translation of them
    texts |= {original for s in catalogue.systems.values() for x in (*s.rules, *s.figures)
              if (original := quotation(x.cite)[1])}
    return tuple(sorted(texts, key=len, reverse=True))


def english_in(texts: list[tuple[str, str]],
               messages: tuple[set[str], list[re.Pattern[str]]],
               data: tuple[str, ...] = ()) -> list[str]:
    """The texts that are English: an untranslated message of ours, or a tell-tale word
    (``data``: texts of data files, shown as written)."""
    plain, patterns = messages
    bad = []
    for where, text in texts:
        shown = re.sub(r"<[^>]+>", "", text).replace("&", "")
        for allowed in (*data, *ALLOWED):
            shown = shown.replace(allowed, "")
        if shown in plain or any(p.fullmatch(shown) for p in patterns):
            bad.append(f"{where}: untranslated {text!r}")
        elif (word := TELL_TALE.search(NOT_WORDS.sub("", shown))) is not None:
            bad.append(f"{where}: English word {word.group(0)!r} in {text!r}")
    return sorted(set(bad))


# -- the menus ---------------------------------------------------------------------------------


def _menu_texts(menu: QMenu) -> list[str]:
    return [a.text() for a in menu.actions() if not a.isSeparator()]


def _accelerators(texts: list[str]) -> list[str]:
    return [t[t.index("&") + 1].lower() for t in texts if "&" in t and not t.startswith("&1")]


def test_the_menus_in_spanish(spanish, make_window) -> None:
    window = make_window()
    menus = menus_of(window)
    assert list(menus) == ["&Archivo", "&Editar", "&Ver", "&Partida", "&Datos", "&Idioma",
                           "A&yuda"]
    assert _menu_texts(menus["&Archivo"]) == [
        "&Nuevo", "&Abrir…", "Abrir &reciente", "Abrir e&jemplo", "&Importar desde código…",
        "&Guardar", "Guardar &como…", "E&xportar PDF…", "Comprobar con un &evento…",
        "Dejar de comprobar con el evento", "Comprobar &listas con un evento…", "&Salir"]
    assert _menu_texts(menus["&Editar"]) == [
        "&Deshacer", "&Rehacer", "&Añadir a tu banda", "Uno &más", "Uno m&enos",
        "&Quitar de tu banda", "&Filtrar catálogo", "Copiar lista como &texto",
        "&Copiar código para compartir", "&Pegar lista desde código para compartir"]
    assert _menu_texts(menus["&Ver"]) == [
        "&Catálogo", "&Perfil y notas", "&Restablecer la disposición"]
    assert _menu_texts(menus["&Partida"]) == ["&Empezar partida", "Guardar para el &móvil…"]
    assert _menu_texts(menus["&Datos"]) == [
        "&Facciones…", "P&aquetes…", "Datos de &BattleScribe…", "&Recargar datos de facciones",
        "&Problemas de datos…", "Copiar &informe de datos"]
    assert _menu_texts(menus["&Idioma"]) == ["Idioma del sistema", "English", "Español"]
    assert _menu_texts(menus["A&yuda"]) == [
        "Atajos de &teclado", "&Acerca de SphereWars Warband Builder"]
    copy_as = submenus(menus["&Editar"])[0]
    assert _menu_texts(copy_as) == [
        "Texto sin formato", "Markdown (Discord, Reddit)", "BBCode (foros)"]
    # what the Spanish sheet tells the player to use exists under those names
    assert "&Importar desde código…" in _menu_texts(menus["&Archivo"])
    assert "&Copiar código para compartir" in _menu_texts(menus["&Editar"])
    # each menu's keyboard accelerators are unique, in Spanish too
    for menu in [window.menuBar(), *menus.values(), copy_as]:
        keys = _accelerators([a.text() for a in menu.actions()])
        assert len(keys) == len(set(keys)), (menu.title(), keys)
    # after an edit, Edit → Undo names the step in Spanish
    window.add_combatant(window.doc.faction.combatants[0].id)
    assert window.act.undo.text().startswith("&Deshacer Añadir ")
    assert window.act.undo.shortcut().toString() == "Ctrl+Z"  # shortcuts stay


def test_the_sweep_catches_an_english_text(qapp, english_messages) -> None:
    """The sweep itself can fail: an unmarked text, a message left in English."""
    label = QLabel("Add to warband")
    assert english_in(readable_texts(label), english_messages) != []
    label.setText("Some entries are not in the loaded data")
    assert english_in(readable_texts(label), english_messages) != []
    label.setText("Opened lista.yaml — some entries are not in the loaded data (see Findings)")
    assert any("untranslated" in b for b in english_in(readable_texts(label), english_messages))
    label.setText("Añadir a la banda")
    assert english_in(readable_texts(label), english_messages) == []


# -- the sweep ---------------------------------------------------------------------------------


def test_the_main_window_in_spanish_shows_no_english(spanish, make_window, english_messages):
    catalogue = Catalogue.load(user=False)
    window = make_window(catalogue)
    window.files.open_example(EXAMPLE)  # opened in Spanish: "Demasiados puntos"
    assert window.doc.warband.name == "Demasiados puntos"
    assert window.doc.report.findings  # findings show
    window.roster.select_row(0)  # its profile shows
    texts = readable_texts(window)
    texts.append(("status bar", window.statusBar().currentMessage()))
    assert any("Hallazgos" in t for _w, t in texts)
    bad = english_in(texts, english_messages, publishers_texts(catalogue))
    assert bad == [], "\n".join(bad)


def test_the_faction_editor_in_spanish_shows_no_english(spanish, qtbot, user_dir,
                                                         english_messages):
    from builder.gui.editor import FactionEditor

    catalogue = Catalogue.load(user=False)
    editor = FactionEditor(catalogue)
    editor.prompts = _Answers()  # type: ignore[assignment]
    qtbot.addWidget(editor)
    editor.show()
    rows = [editor.faction_list.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(editor.faction_list.count())]
    editor.faction_list.setCurrentRow(rows.index("soimi"))  # built in: read-only, a banner
    texts = readable_texts(editor)
    editor.duplicate_faction()  # an editable copy: every form and button
    pane = editor.pane
    assert pane is not None
    for tab in range(pane.tabs.count()):
        pane.tabs.setCurrentIndex(tab)
        texts += readable_texts(editor)
    editor.new_faction()  # a faction with problems: the problem list
    texts += readable_texts(editor)
    assert any("Glosario de habilidades" in t for _w, t in texts)
    bad = english_in(texts, english_messages, publishers_texts(catalogue))
    assert bad == [], "\n".join(bad)


class _Answers:
    """The editor's questions answered without a dialog: discard, the preselected choice."""

    def ask(self, title: str, text: str, choices: list[tuple[str, str]]) -> str:
        return "discard"

    def choose(self, title: str, text: str, choices: list[tuple[str, str]],
               current: str | None = None) -> str | None:
        return current or choices[0][0]

    def tell(self, title: str, text: str, *, warning: bool = True) -> None:
        pass


def _sweep_modal(seen: list[list[tuple[str, str]]]) -> None:
    """Read the next modal dialog shown, then close it."""
    tries = [0]

    def attempt() -> None:
        box = QApplication.activeModalWidget()
        if box is not None:
            seen.append(readable_texts(box))
            if isinstance(box, QMessageBox) and box.escapeButton() is not None:
                box.escapeButton().click()
            else:
                box.reject() if hasattr(box, "reject") else box.close()
            return
        tries[0] += 1
        if tries[0] < 400:
            QTimer.singleShot(5, attempt)

    QTimer.singleShot(0, attempt)


def test_every_dialog_we_build_in_spanish_shows_no_english(spanish, make_window, tmp_path,
                                                            english_messages):
    window = make_window()
    prompter = Prompter(window)
    texts: list[tuple[str, str]] = []
    seen: list[list[tuple[str, str]]] = []
    asks = [
        lambda: prompter.ask_save_changes("Mi banda"),
        lambda: prompter.ask_replace_read_only(tmp_path / "lista.warband.yaml"),
        lambda: prompter.ask_recover("Mi banda", "2026-11-22T08:00:00", tmp_path / "a.yaml"),
        lambda: prompter.ask_recover("Mi banda", "2026-11-22T08:00:00", None),
        lambda: prompter.ask_show_folder(tmp_path / "lista.pdf"),
        lambda: prompter.show_error("x", "y"),
        window.show_shortcuts,
        window.show_about,
    ]
    for ask in asks:
        _sweep_modal(seen)
        ask()
    assert len(seen) == len(asks)
    for found in seen:
        texts += [(w, t) for w, t in found if t not in ("x", "y")]

    export = ExportDialog(ExportOptions(), window)
    problem = DataProblemsDialog(
        [DataError([Problem(str(tmp_path / "roto.yaml"), 3, 1, "x")])], window)
    no_problem = DataProblemsDialog([], window)
    code = encode_warband(Warband(name="Mi banda", faction="soimi", points_limit=300,
                                  entries=[Entry(combatant="ensartador", count=2)]))
    good_code = ImportCodeDialog(code, window)
    bad_code = ImportCodeDialog("SWB1.xx", window)
    empty_code = ImportCodeDialog("", window)
    for dialog in (export, problem, no_problem, good_code, bad_code, empty_code):
        texts += [(w, t) for w, t in readable_texts(dialog) if not t.startswith(str(tmp_path))]
    assert any("Importar desde código" in t for _w, t in texts)
    bad = english_in(texts, english_messages)
    assert bad == [], "\n".join(bad)


def test_qt_standard_buttons_follow(spanish, make_window):
    """Buttons Qt names itself come from Qt's Spanish (qtbase_es.qm)."""
    seen: list[list[tuple[str, str]]] = []
    window = make_window()
    _sweep_modal(seen)
    Prompter(window).ask_save_changes("Mi banda")
    buttons = {t.replace("&", "") for w, t in seen[0] if w.startswith("QPushButton")}
    assert {"Guardar", "Cancelar"} <= buttons, buttons



# -- issue 41 item 13: the words --------------------------------------------------------------


def test_an_empty_list_says_so_in_good_spanish(spanish, make_window) -> None:
    """"Aún no hay combatientes (banda)." read like a label; the sentence names the list
    (with "tu": the games' words for a list are of both genders, banda and conjunto)."""
    from builder.model import Warband

    window = make_window(Catalogue.load(user=False))
    window.files.replace(Warband(name="Vacía", faction="soimi", entries=[]), None)
    assert window.roster.empty.text().startswith("Aún no hay combatientes en tu banda. ")


def test_the_stat_hint_agrees_with_how_many_stats_take_a_pair(qapp) -> None:
    """"CON take one value or a pair": one stat takes, two take."""
    from builder.data import builtin_systems
    from builder.gui.editor.profile import ProfileBox

    system = builtin_systems()["spherewars-1e"]
    assert "CON takes one value or a pair, e.g. 6-5." in ProfileBox._hint(system)
    two = system.model_copy(update={"stats": [
        s.model_copy(update={"kind": "pair"}) if s.id in ("CON", "FUR") else s
        for s in system.stats]})
    assert "CON, FUR take one value or a pair, e.g. 6-5." in ProfileBox._hint(two)


def test_a_new_list_is_named_as_a_spanish_speaker_expects(spanish, make_window) -> None:
    """"Sin nombre (expedición)" read like a form's field: the game's word leads, as
    "Documento sin título" does, and agrees with any gender (banda, conjunto)."""
    catalogue = Catalogue.load(user=False)
    window = make_window(catalogue)
    for faction, name in (("soimi", "Banda sin nombre"), ("sow-combatants",
                                                          "Conjunto sin nombre")):
        window.stack.setClean()
        window.files.ask_new_faction = lambda faction=faction: catalogue.get(faction)
        window.files.new_file()
        assert window.doc.warband.name == name
        assert window.details.name_edit.text() == name
