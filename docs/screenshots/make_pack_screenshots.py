"""Screenshots of Data → Packs… and of the message saying what an update changed for the open
list, in English and Spanish (issue 27). Offscreen, with two versions of an invented test
pack (TEST DATA ONLY) installed in a scratch user folder.

``python docs/screenshots/make_pack_screenshots.py [FOLDER]`` writes ``packs-en.png``,
``packs-es.png``, ``packs-changed-en.png`` and ``packs-changed-es.png``.
"""

from __future__ import annotations

import sys
from pathlib import Path

from shots import offscreen_app  # this folder: the scripts are run as scripts

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

FACTION = """# TEST DATA ONLY: an invented faction for the screenshots
schema: spherewars-faction/1
id: ash-wardens
name: Ash Wardens (test data)
source: "invented for the builder's screenshots"
combatants:
  - {{id: warden-captain, name: Warden Captain, type: leader, profile: {{PE: {pe}, MAN: 3}}}}
  - {{id: ember-runner, name: Ember Runner, type: messenger, profile: {{PE: 20, MAN: 0}}}}
  - {{id: ash-guard, name: Ash Guard, type: troop, profile: {{PE: 25}}}}
"""
PACK = """schema: spherewars-pack/1
id: ash-wardens-community
name:
  en: "Ash Wardens, community profiles"
  es: "Guardianes de Ceniza, perfiles de la comunidad"
version: {version}
authors: [Ana Ruiz, Bea Soler]
licence: CC-BY-4.0
changes:
{changes}"""
CHANGES = {"1.0.0": '  - {version: 1.0.0, text: "First release"}\n',
           "1.1.0": '  - {version: 1.1.0, text: "Warden Captain 169 → 165 PE (errata 2)"}\n'
                    '  - {version: 1.0.0, text: "First release"}\n'}
LIST = """schema: spherewars-warband/1
name: Embers at dawn
faction: ash-wardens
points_limit: 300
entries:
  - {combatant: warden-captain, count: 1}
  - {combatant: ember-runner, count: 1}
  - {combatant: ash-guard, count: 4}
"""


def make_pack(folder: Path, version: str, pe: int) -> Path:
    (folder / "factions").mkdir(parents=True)
    (folder / "factions" / "ash-wardens.yaml").write_text(FACTION.format(pe=pe),
                                                          encoding="utf-8")
    (folder / "pack.yaml").write_text(PACK.format(version=version, changes=CHANGES[version]),
                                      encoding="utf-8")
    return folder


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else HERE
    out.mkdir(parents=True, exist_ok=True)
    app, scratch = offscreen_app("spherewars-pack-shots-")

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QMessageBox

    from builder import i18n
    from builder.data import Catalogue
    from builder.gui.language import install_qt_translations
    from builder.gui.mainwindow import MainWindow
    from builder.packs.install import Installer
    from builder.packs.store import Store

    v1 = make_pack(scratch / "v1", "1.0.0", 169)
    v2 = make_pack(scratch / "v2", "1.1.0", 165)
    (scratch / "embers.warband.yaml").write_text(LIST, encoding="utf-8")
    for language in ("en", "es"):
        i18n.set_language(language)
        install_qt_translations(app, language)
        for pack in Store().packs():
            Store().remove(pack)
        Installer().install(str(v1))
        settings = QSettings(str(scratch / f"settings-{language}.ini"),
                             QSettings.Format.IniFormat)
        window = MainWindow(Catalogue.load(), settings=settings,
                            recovery_dir=scratch / "recovery")
        window.resize(1280, 760)
        window.show()
        window.files.load_path(scratch / "embers.warband.yaml")
        told: list[str] = []
        window.packs.tell = lambda _title, text, told=told: told.append(text)
        dialog = window.packs.open_dialog()
        done = []
        dialog.changed.connect(lambda done=done: done.append(True))
        dialog.install(str(v2))
        while not done:
            app.processEvents()
        app.processEvents()
        dialog.resize(1000, 480)
        dialog.grab().save(str(out / f"packs-{language}.png"))
        box = QMessageBox(QMessageBox.Icon.Information, i18n.gettext("Data updated"), told[0],
                          QMessageBox.StandardButton.Ok, window)
        box.show()
        app.processEvents()
        box.grab().save(str(out / f"packs-changed-{language}.png"))
        box.close()
        dialog.close()
        window.stack.setClean()
        window.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
