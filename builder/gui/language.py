"""The app's language: the *Language* menu, the choice it stores, and Qt's own translations.

The language itself is :mod:`builder.i18n`'s, one setting for every message and display text.
The app reads it, in this order: ``--lang`` on the command line (``spherewars --lang es gui``),
else the choice made in the *Language* menu (stored in QSettings under :data:`SETTINGS_KEY`),
else the environment (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English; the
menu lists the languages whose catalogues are installed (KeePassXC's way) plus "the system's".
A choice applies from the next start: the menu says so, in the language chosen (and in the
one in use, when they differ).

Qt translates its own standard texts (dialog buttons, the file dialog, context menus) from
``qtbase_<lang>.qm``, which PySide6-Essentials ships in ``PySide6/Qt/translations``;
:func:`install_qt_translations` loads it into the application with a QTranslator.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QLibraryInfo, QLocale, QSettings, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QApplication, QMenu, QMenuBar, QMessageBox, QWidget

from builder import i18n
from builder.i18n import N_, _, pgettext

SETTINGS_KEY = "language"
"""QSettings key of the language chosen in the menu: a language code, absent for the system's."""
SYSTEM = ""
"""The menu's "system language" choice: nothing stored, the environment decides."""
IN_A_SENTENCE = {"en": N_("English"), "es": N_("Spanish")}
"""Each language as a sentence of another language names it ("en español", "in Spanish"):
the menu lists each in its own words ("Español"), a sentence in its own."""


def restart_command(argv: list[str], executable: str, *, frozen: bool) -> tuple[str, list[str]]:
    """The program and arguments that start the app again: without ``--lang`` (the menu's
    choice must apply) or a file (the app reopens the list open last)."""
    if frozen:  # the bundle's own program: with no command it opens the app
        return executable, ["gui"]
    return executable, ["-m", "builder", "gui"]


def start_again() -> bool:
    """Start a new app (its language the one just chosen) and end this one."""
    import sys

    from PySide6.QtCore import QProcess, QTimer

    program, args = restart_command(sys.argv, sys.executable,
                                    frozen=bool(getattr(sys, "frozen", False)))
    if not QProcess.startDetached(program, args)[0]:
        return False
    QTimer.singleShot(0, QApplication.quit)
    return True


def stored_language(settings: QSettings | None = None) -> str | None:
    """The language chosen in the menu (a code the program has), or None."""
    value = (settings or QSettings()).value(SETTINGS_KEY)
    return value if isinstance(value, str) and value in i18n.available_languages() else None


def apply_language(app: QApplication, settings: QSettings | None = None) -> str:
    """Set the program's language for this run of the app and load Qt's translations for it:
    ``--lang`` when given, else the stored choice, else the environment. Returns the code."""
    if i18n.language_origin() != "command line":
        stored = stored_language(settings)
        if stored is not None:
            i18n.set_language(stored, origin="settings")
    language = i18n.current_language()
    install_qt_translations(app, language)
    return language


def qt_translations_dirs() -> list[Path]:
    """Where ``qtbase_<lang>.qm`` may be: inside the PySide6 package (a wheel, and the
    PyInstaller bundle, which keeps the package's layout), then where Qt says."""
    import PySide6

    folders = [Path(PySide6.__file__).resolve().parent / "Qt" / "translations",
               Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath))]
    return [f for f in dict.fromkeys(folders) if f.is_dir()]


def install_qt_translations(app: QApplication, language: str) -> QTranslator | None:
    """Load Qt's own translations for ``language`` into ``app`` (replacing any loaded before);
    None for English or when the file is not there (Qt then speaks English)."""
    for name in ("qt-translations", "qt-gaps"):
        for old in app.findChildren(QTranslator, name):
            app.removeTranslator(old)
            old.deleteLater()
    if language == i18n.SOURCE_LANGUAGE:
        return None
    translator = QTranslator(app)
    for folder in qt_translations_dirs():
        if translator.load(QLocale(language), "qtbase", "_", str(folder)):
            translator.setObjectName("qt-translations")
            app.installTranslator(translator)
            gaps = QtGaps(app)  # installed last: asked first
            gaps.setObjectName("qt-gaps")
            app.installTranslator(gaps)
            return translator
    translator.setParent(None)
    return None


class QtGaps(QTranslator):
    """Qt's own texts that its catalogue for the language lacks, from ours: Qt 6's file
    dialog gave "Look in:" and "Files of type:" an Alt key, and ``qtbase_es`` still has
    only the texts without it, so the dialog said "Look in:" in a Spanish app."""

    def translate(self, context: str, source: str, disambiguation: str | None = None,
                  n: int = -1) -> str | None:  # type: ignore[override]
        """Our text, or None (no text of ours: Qt asks its own catalogue)."""
        table = self.__dict__.setdefault("_table", _qt_gaps())
        return table.get((context, source))

    def isEmpty(self) -> bool:  # noqa: N802 (Qt override)
        return False


def _qt_gaps() -> dict[tuple[str, str], str]:
    """(Qt's context, Qt's text) -> the text in the current language, where it differs."""
    gaps = {("QFileDialog", "&Look in:"): pgettext("QFileDialog", "&Look in:"),
            ("QFileDialog", "Files of &type:"): pgettext("QFileDialog", "Files of &type:")}
    return {key: text for key, text in gaps.items() if text != key[1]}


def qt_translated(app: QApplication) -> bool:
    """Whether Qt's own translations are loaded (:func:`install_qt_translations`)."""
    return app.findChild(QTranslator, "qt-translations") is not None


class LanguageMenu(QMenu):
    """*Language*: the system's, then each available language in its own words; the one in
    use is checked. Choosing one stores it and says that it applies from the next start."""

    def __init__(self, parent: QWidget | None = None, settings: QSettings | None = None) -> None:
        super().__init__(_("&Language"), parent)
        self.setObjectName("language-menu")
        self._settings = settings
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        stored = stored_language(settings)
        current = stored if stored is not None else SYSTEM
        names = [(SYSTEM, _("System language"))]
        names += [(code, i18n.LANGUAGE_NAMES.get(code, code))
                  for code in i18n.available_languages()]
        for code, name in names:
            action = QAction(name, self)
            action.setObjectName(f"language-{code or 'system'}")
            action.setCheckable(True)
            action.setChecked(code == current)
            action.setData(code)
            self.group.addAction(action)
            self.addAction(action)
            if code == SYSTEM:
                self.addSeparator()
        self.group.triggered.connect(self.choose)

    @property
    def settings(self) -> QSettings:
        return self._settings if self._settings is not None else QSettings()

    def choose(self, action: QAction) -> None:
        code = action.data()
        settings = self.settings
        if (stored_language(settings) or SYSTEM) == code:
            return
        if code == SYSTEM:
            settings.remove(SETTINGS_KEY)
        else:
            settings.setValue(SETTINGS_KEY, code)
        settings.sync()
        self.notice(code)

    def notice(self, code: str) -> QMessageBox:
        """Say that the change applies from the next start, in the language chosen (the
        system's: the environment's), and under it in the language in use when it differs,
        each naming the language as a sentence of its own does ("en español"); offer to
        restart now (issue 41 item 13)."""
        new = code or i18n.language_from_environment()
        sentence = N_("The app will be in {language} from the next time it starts.")

        def say(language: str) -> str:
            name = IN_A_SENTENCE.get(code, N_("the system language")) if code \
                else N_("the system language")
            return i18n.translated(language, sentence).format(
                language=i18n.translated(language, name))

        box = QMessageBox(QMessageBox.Icon.Information, i18n.translated(new, N_("Language")),
                          say(new), QMessageBox.StandardButton.Yes
                          | QMessageBox.StandardButton.No, self.parentWidget())
        if new != i18n.current_language():
            box.setInformativeText(say(i18n.current_language()))
        box.button(QMessageBox.StandardButton.Yes).setText(
            i18n.translated(new, N_("Restart now")))
        box.button(QMessageBox.StandardButton.No).setText(i18n.translated(new, N_("Later")))
        box.setDefaultButton(QMessageBox.StandardButton.Yes)
        box.setObjectName("language-notice")
        box.accepted.connect(self.restart_now)
        box.open()
        return box

    def restart_now(self) -> bool:
        """Close the window as quitting does (its unsaved changes asked about; Cancel stays)
        and start the app again in the language chosen."""
        bar = self.parentWidget()  # (a menu is a window of its own: the bar's is the app's)
        window = bar.window() if bar is not None else None
        if window is not None and window.isVisible() and not window.close():
            return False
        return start_again()


def add_language_menu(bar: QMenuBar, settings: QSettings | None = None) -> LanguageMenu:
    """Add the *Language* menu at the end of a menu bar; the choice goes to ``settings`` (the
    window's), by default the application's QSettings."""
    menu = LanguageMenu(bar, settings)
    bar.addMenu(menu)
    return menu
