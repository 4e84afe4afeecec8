"""Screenshots of play mode for the README and docs/play.md: the app's play window at
1280×760 and the phone page at 390×844, in English and in Spanish.

Run with ``make screenshots`` (or ``python docs/screenshots/make_play_screenshots.py
[FOLDER]``). Offscreen and deterministic: the built-in data only, a SphereWars list of the
shipped Soimi leaders, and the same game on both (turn 2, Nek'Org wounded, Tir'Abé activated,
an order given). The phone page needs Debian's chromium and chromium-driver (selenium drives
them); without them only the app's pictures are made.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path

from shots import offscreen_app  # this folder: the scripts are run as scripts

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
LIST = """schema: spherewars-warband/1
name: Los Ensartadores
faction: soimi
points_limit: 500
entries:
  - {combatant: nek-org, count: 1}
  - {combatant: tir-abe, count: 2}
"""


def played(plan, game):  # noqa: ANN001, ANN201
    """The game of the pictures, made by the same changes a player makes."""
    s = game.new_game(plan)
    s = game.next_turn(plan, s)
    s = game.step(plan, s, None, "orders", -1)
    s = game.tick(plan, s, "nek-org/1", "wounds", 2)
    s = game.toggle(plan, s, "tir-abe/1", "activated")
    s = game.step(plan, s, "tir-abe/1", "fatigue", +1)
    return game.tick(plan, s, "tir-abe/2", "wounds", 5)  # dead: greyed


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else HERE
    out.mkdir(parents=True, exist_ok=True)
    app, scratch = offscreen_app("spherewars-play-shots-")

    from PySide6.QtCore import QSettings

    from builder import i18n
    from builder.data import Catalogue
    from builder.gui.app import shut_down
    from builder.gui.language import install_qt_translations
    from builder.gui.mainwindow import MainWindow
    from builder.play import state as game
    from builder.play.page import render_page

    pages = []
    for language in ("en", "es"):
        i18n.set_language(language)
        install_qt_translations(app, language)
        folder = scratch / language
        folder.mkdir()
        path = folder / "los-ensartadores.warband.yaml"
        path.write_text(LIST, encoding="utf-8")
        window = MainWindow(Catalogue.load([], user=False),
                            settings=QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat),
                            recovery_dir=folder / "recovery")
        window.files.load_path(path, confirmed=True)
        play = window.game.start_game()
        assert play is not None
        play.session.show(played(play.session.plan, game))
        play.resize(1280, 760)
        play.show()
        app.processEvents()
        suffix = "" if language == "en" else "-es"
        play.grab().save(str(out / f"play-app{suffix}-1280x760.png"))
        page = folder / "game.html"
        # the page carries the game as it stands, as Save for phone writes it
        page.write_text(render_page(play.session.plan, play.session.state), encoding="utf-8")
        pages.append((page, play.session.state, out / f"play-phone{suffix}-390x844.png"))
        play.close()
        shut_down(app, window)
    phone_pictures(pages, scratch)
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


def phone_pictures(pages: list[tuple[Path, dict, Path]], scratch: Path) -> None:
    browser, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if not (browser and driver_path):
        print("no chromium/chromedriver: the phone pictures are not made", file=sys.stderr)
        return
    os.environ.setdefault("SE_OFFLINE", "true")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = browser
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--hide-scrollbars",
                 f"--user-data-dir={scratch / 'chromium'}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(driver_path))
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        for page, _state, picture in pages:
            driver.get(page.as_uri())
            driver.save_screenshot(str(picture))
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
