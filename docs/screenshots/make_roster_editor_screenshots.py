"""Screenshots of the roster editor (issue 39 items 2 and 3) as a player sees it on a 1024×600
and a 1920×1080 screen, in English and Spanish: a warband of the builder's own invented game
(TEST DATA ONLY: tests/fixtures/battlescribe/mercenaries, never BSData's) with its captain
under the cursor (his options as the data shapes them, his profiles and rules); the same
warband with an error (a henchmen group over its size, the error listed and marked on its
row); and File → New's roster dialog. Offscreen.

``python docs/screenshots/make_roster_editor_screenshots.py [FOLDER]`` writes
``roster-editor-1024x600.png``, ``roster-editor-1920x1080.png``,
``roster-editor-es-1024x600.png``, ``roster-editor-es-1920x1080.png``,
``roster-errors-1024x600.png`` and ``roster-new-1024x600.png``.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from make_bsdata_screenshots import screen  # (a dialog over the window, as a desktop shows it)
from shots import offscreen_app  # this folder: the scripts are run as scripts

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
MERCENARIES = ROOT / "tests" / "fixtures" / "battlescribe" / "mercenaries"
SIZES = ((1024, 600), (1920, 1080))


def settle(app: Any) -> None:
    for _ in range(5):
        app.processEvents()


def save(app: Any, widget: Any, target: Path) -> None:
    settle(app)
    widget.grab().save(str(target))
    print(f"wrote {target.relative_to(ROOT) if target.is_relative_to(ROOT) else target}")


def build(window: Any) -> Any:
    """The Grey Reavers: a captain with a sword, light armour and a pistol, a champion, a
    youngblood and four warriors with swords, built with the editor's own undo commands;
    the editor's cursor on the captain."""
    from builder.battlescribe.engine.editing import Editor
    from builder.document.roster import RosterList
    from builder.gui.roster.commands import RemoveCommand, SelectCommand, SetCountCommand

    data = window.rosters.loader("tm-sys")("tm-reavers")
    roster = RosterList(data, Editor(data, "Grey Reavers"))
    roster.add_force("tm-fe-warband", "tm-reavers")
    window.files.replace_roster(roster)
    editor = window.roster_editor
    doc, push = editor.doc, window.stack.push
    force = doc.roster.forces[0]
    captain = force.selections[0]

    def armed(holder: Any, weapon: str) -> None:  # (the dagger given up for ``weapon``)
        push(RemoveCommand(doc, [c for c in holder.children if c.node.name == "Dagger"]))
        push(SelectCommand(doc, holder, weapon, weapon))

    armed(captain, "tm-link-sword")
    for entry in ("tm-link-light-armour", "tm-link-pistol"):
        push(SelectCommand(doc, captain, entry, entry))
    for entry in ("tm-champion", "tm-youngblood", "tm-warriors"):
        push(SelectCommand(doc, force, entry, entry))
    warriors = next(s for s in force.selections if s.node.name == "Warriors")
    model = warriors.children[0]
    push(SetCountCommand(doc, model, 4))
    armed(model, "tm-link-sword")
    window.stack.setClean()
    editor.select(captain)
    return editor


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else HERE
    out.mkdir(parents=True, exist_ok=True)
    app, scratch = offscreen_app("spherewars-roster-editor-shots-")

    from PySide6.QtCore import QSettings

    from builder import i18n
    from builder.bsdata.adding import Adder
    from builder.data import Catalogue
    from builder.gui.app import shut_down
    from builder.gui.language import install_qt_translations
    from builder.gui.mainwindow import MainWindow
    from builder.gui.roster.forces import NewRosterDialog
    from builder.gui.roster.outline import COUNT

    Adder().add([str(MERCENARIES)])
    for language in ("en", "es"):
        i18n.set_language(language)
        install_qt_translations(app, language)
        settings = QSettings(str(scratch / f"settings-{language}.ini"),
                             QSettings.Format.IniFormat)
        window = MainWindow(Catalogue.load([], user=False), settings=settings,
                            recovery_dir=scratch / "recovery")
        window.resize(*SIZES[0])
        window.show()
        settle(app)
        editor = build(window)
        suffix = "" if language == "en" else f"-{language}"
        for width, height in SIZES:
            window.resize(width, height)
            editor.default_sizes(width)
            editor.select(editor.doc.roster.forces[0].selections[0])
            window.statusBar().clearMessage()
            save(app, window, out / f"roster-editor{suffix}-{width}x{height}.png")
        if language == "en":
            window.resize(*SIZES[0])
            editor.default_sizes(SIZES[0][0])
            force = editor.doc.roster.forces[0]
            warriors = next(s for s in force.selections if s.node.name == "Warriors")
            tree = editor.tree.model
            tree.setData(tree.index_of(warriors.children[0], COUNT), 6)
            editor.select(warriors.children[0])
            window.statusBar().clearMessage()
            save(app, window, out / "roster-errors-1024x600.png")
            window.stack.undo()
            dialog = NewRosterDialog("Test Mercenary Skirmish",
                                     window.rosters.catalogues("tm-sys"),
                                     window.rosters.loader("tm-sys"), "Grey Reavers", window)
            dialog.show()
            settle(app)
            dialog.adjustSize()
            screen(app, window, dialog, *SIZES[0], out / "roster-new-1024x600.png",
                   keep_size=True)
            dialog.close()
        window.stack.setClean()
        window.close()
        shut_down(app, window)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
