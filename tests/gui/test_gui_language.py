"""The app's *Language* menu, the choice it stores, and Qt's own Spanish (issue 16)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox

from builder import i18n
from builder.gui.language import (
    SETTINGS_KEY,
    LanguageMenu,
    apply_language,
    install_qt_translations,
    qt_translations_dirs,
    stored_language,
)
from builder.plumbing import paths
from tests.conftest import REPO


def _menu(window: Any) -> LanguageMenu:
    found = window.findChild(LanguageMenu, "language-menu")
    assert found is not None
    return found


def _checked(menu: LanguageMenu) -> str:
    return next(a.text() for a in menu.actions() if a.isChecked())


def test_the_menu_bar_has_a_language_menu_listing_each_language_in_its_own_words(window):
    titles = [a.text() for a in window.menuBar().actions()]
    assert titles[-2:] == ["&Language", "&Help"]
    menu = _menu(window)
    assert [a.text() for a in menu.actions() if not a.isSeparator()] == [
        "System language", "English", "Español"]
    assert _checked(menu) == "System language"


def test_choosing_spanish_stores_it_and_says_it_applies_from_the_next_start(
        window, settings: QSettings, qtbot) -> None:
    menu = _menu(window)
    spanish = window.findChild(type(menu.actions()[0]), "language-es")
    spanish.trigger()
    assert settings.value(SETTINGS_KEY) == "es"
    assert stored_language(settings) == "es"
    assert _checked(menu) == "Español"
    notice = window.findChild(QMessageBox, "language-notice")
    assert notice is not None and notice.isVisible()
    # said in the language chosen, and in the one in use
    # issue 41 item 13: the language named in the sentence's own words ("en español", not
    # "en Español"), and a restart offered at once
    assert notice.text() == ("La aplicación estará en español a partir de la próxima vez que "
                             "se abra.")
    assert notice.informativeText() == ("The app will be in Spanish from the next time it "
                                        "starts.")
    assert notice.windowTitle() == "Idioma"
    assert i18n.current_language() == "en"  # this session stays as it was
    assert {b.text() for b in notice.buttons()} == {"Reiniciar ahora", "Más tarde"}
    notice.button(QMessageBox.StandardButton.No).click()  # later

    window.findChild(type(spanish), "language-system").trigger()
    assert settings.value(SETTINGS_KEY) is None  # the environment decides again


def test_the_stored_choice_overrides_the_environment_but_not_the_command_line(
        qapp: QApplication, settings: QSettings, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.setValue(SETTINGS_KEY, "es")
    monkeypatch.setenv("LANGUAGE", "en")
    try:
        i18n.set_language(None)  # the environment: English
        assert apply_language(qapp, settings) == "es"
        assert i18n.language_origin() == "settings"

        i18n.set_language("en", origin="command line")  # spherewars --lang en gui
        assert apply_language(qapp, settings) == "en"
    finally:
        i18n.set_language("en")
        install_qt_translations(qapp, "en")


def test_a_choice_of_a_language_the_program_lacks_is_ignored(settings: QSettings) -> None:
    settings.setValue(SETTINGS_KEY, "xx")
    assert stored_language(settings) is None


def test_qt_speaks_spanish_with_the_program(qapp: QApplication) -> None:
    """qtbase_es.qm ships with PySide6-Essentials; loaded, Qt's standard buttons follow."""
    assert any((folder / "qtbase_es.qm").is_file() for folder in qt_translations_dirs())
    english = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel
                               | QDialogButtonBox.StandardButton.Save)
    assert english.button(QDialogButtonBox.StandardButton.Cancel).text().replace(
        "&", "") == "Cancel"
    try:
        assert install_qt_translations(qapp, "es") is not None
        box = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel
                               | QDialogButtonBox.StandardButton.Save)
        assert box.button(QDialogButtonBox.StandardButton.Cancel).text().replace(
            "&", "") == "Cancelar"
        assert box.button(QDialogButtonBox.StandardButton.Save).text().replace(
            "&", "") == "Guardar"
    finally:
        assert install_qt_translations(qapp, "en") is None
    again = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    assert again.button(QDialogButtonBox.StandardButton.Cancel).text().replace(
        "&", "") == "Cancel"


def test_the_menu_itself_is_in_spanish_in_a_spanish_session(qapp: QApplication,
                                                           settings: QSettings) -> None:
    i18n.set_language("es")
    menu = LanguageMenu(None, settings)
    try:
        assert menu.title() == "&Idioma"
        assert [a.text() for a in menu.actions() if not a.isSeparator()] == [
            "Idioma del sistema", "English", "Español"]
    finally:
        menu.deleteLater()


def _smoke(tmp_path: Path, *args: str, config: str | None = None) -> str:
    """Start the app as ``spherewars [ARGS] gui FILE`` does, with its smoke-test hook: it
    quits once the window is up and says which language it and Qt speak."""
    example = REPO / "resources" / "examples" / "soimi-legal-ensartadores.warband.yaml"
    home = tmp_path / "config"
    if config is not None:
        settings = QSettings(str(home / paths.ORGANIZATION / f"{paths.APPLICATION}.conf"),
                             QSettings.Format.IniFormat)
        settings.setValue(SETTINGS_KEY, config)
        settings.sync()
    env = {**os.environ, "SPHEREWARS_SMOKE_TEST": "1", "QT_QPA_PLATFORM": "offscreen",
           "SPHEREWARS_USER_DIR": str(tmp_path / "user"), "XDG_CONFIG_HOME": str(home),
           "LANGUAGE": "en"}
    proc = subprocess.run([sys.executable, "-m", "builder", *args, "gui", str(example)],
                          env=env, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


def test_the_app_starts_in_the_language_asked_for(tmp_path: Path) -> None:
    assert "smoke test: language en, Qt: en" in _smoke(tmp_path)
    assert "smoke test: language es, Qt: es" in _smoke(tmp_path, "--lang", "es")
    # the menu's stored choice beats LANGUAGE=en; --lang beats the stored choice
    assert "smoke test: language es, Qt: es" in _smoke(tmp_path, config="es")
    assert "smoke test: language en, Qt: en" in _smoke(tmp_path, "--lang", "en", config="es")


def test_a_language_change_restarts_the_app_at_once_when_asked(window, settings: QSettings,
                                                               qtbot, monkeypatch) -> None:
    """Issue 41 item 13: *Restart now* closes the window as quitting does (unsaved changes are
    asked about: Cancel stays) and starts the app again, in the language chosen."""
    from builder.gui import language

    started: list[list[str]] = []
    monkeypatch.setattr(language, "start_again", lambda: started.append(["again"]) or True)
    window.add_combatant("test-leader")  # an unsaved change
    window.prompter.script("save_changes", "cancel")
    window.findChild(QAction, "language-es").trigger()
    notice = window.findChild(QMessageBox, "language-notice")
    notice.button(QMessageBox.StandardButton.Yes).click()
    assert started == [] and window.isVisible()  # cancelled: nothing restarts
    window.findChild(QAction, "language-en").trigger()
    window.prompter.script("save_changes", "discard")
    notice = next(n for n in window.findChildren(QMessageBox, "language-notice")
                  if n.isVisible())
    notice.button(QMessageBox.StandardButton.Yes).click()
    assert started == [["again"]] and not window.isVisible()


def test_the_restart_command_starts_the_app_again_without_a_language_or_file():
    """The command keeps neither ``--lang`` (the menu's choice must apply) nor a file (the
    app reopens the list open last)."""
    from builder.gui.language import restart_command

    program, args = restart_command(["/usr/bin/spherewars", "--lang", "es", "gui", "x.yaml"],
                                    "/usr/bin/python3", frozen=False)
    assert (program, args) == ("/usr/bin/python3", ["-m", "builder", "gui"])
    program, args = restart_command(["/opt/sw/spherewars-gui", "x.yaml"], "/opt/sw/spherewars-gui",
                                    frozen=True)
    assert (program, args) == ("/opt/sw/spherewars-gui", ["gui"])
