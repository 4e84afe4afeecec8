"""Screenshots of a BattleScribe roster at the table for docs/play.md: the app's play window
and the phone page, in English and in Spanish.

Run with ``make screenshots`` (or ``python docs/screenshots/make_roster_screenshots.py
[FOLDER] [--all]``). Offscreen and deterministic: the invented test game of the roster
printout tests (``tests/fixtures/battlescribe/printing/``; no BSData file is ever pictured),
counted down by Wounds, and the same game on both faces (turn 2, the hero wounded, a walker
taken out, the carrier activated, the hero's profiles unfolded in the app). The docs keep the
window at 1024×600 (English) and 1920×1080 (Spanish) and the page at 390×844; ``--all`` also
makes each face at 1024×600 and 1920×1080 in both languages, to look at. The page needs
Debian's chromium and chromium-driver (selenium drives them).
"""

from __future__ import annotations

import json
import os
import shutil
import sys
from pathlib import Path

from shots import offscreen_app  # this folder: the scripts are run as scripts

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
SIZES = ((1024, 600), (1920, 1080))


def roster():  # noqa: ANN201
    """The test roster: a hero, a crew group, a squad of walkers, a carrier, an engine."""
    sys.path.insert(0, str(ROOT))
    from tests.play.test_roster_play import full_roster

    return full_roster()


def played(plan, game):  # noqa: ANN001, ANN201
    s = game.new_game(plan)
    s = game.next_turn(plan, s)
    s = game.tick(plan, s, "tp-hero/1", "Wounds", 2)
    s = game.tick(plan, s, "tp-walker/2", "Wounds", 2)  # taken out: greyed
    return game.toggle(plan, s, "tp-carrier/1", "activated")


def main(argv: list[str]) -> int:
    every = "--all" in argv
    given = [a for a in argv[1:] if a != "--all"]
    out = Path(given[0]) if given else HERE
    out.mkdir(parents=True, exist_ok=True)
    app, scratch = offscreen_app("spherewars-roster-shots-")

    from PySide6.QtWidgets import QMainWindow, QPushButton

    from builder import i18n
    from builder.battlescribe.rosterio import write_roster
    from builder.export.roster.summary import summarise_roster
    from builder.gui.language import install_qt_translations
    from builder.gui.play.roster import RosterGame
    from builder.play import state as game
    from builder.play.page import render_page

    pages = []
    for language in ("en", "es"):
        i18n.set_language(language)
        install_qt_translations(app, language)
        folder = scratch / language
        folder.mkdir()
        path = folder / "test-printing.ros"
        made = roster()
        write_roster(path, made)
        host = QMainWindow()
        play_game = RosterGame(host, summarise_roster(made), path)
        play_game.ask = lambda current: "Wounds"
        window = play_game.start()
        assert window is not None
        window.session.show(played(window.session.plan, game))
        hero = next(t for t in window.tiles if t.m.key == "tp-hero/1")
        next(b for b in hero.findChildren(QPushButton) if b.objectName() == "profiles").click()
        wanted = [("en", SIZES[0]), ("es", SIZES[1])]
        for width, height in SIZES:
            if not (every or (language, (width, height)) in wanted):
                continue
            window.resize(width, height)
            for _ in range(3):
                app.processEvents()
            window.grab().save(str(out / f"play-roster-app-{language}-{width}x{height}.png"))
        page = folder / "game.html"
        page.write_text(render_page(window.session.plan), encoding="utf-8")
        pages.append((page, window.session.state, language))
        window.close()
        host.close()
    phone_pictures(pages, scratch, out, every)
    shutil.rmtree(scratch, ignore_errors=True)
    return 0


def phone_pictures(pages: list[tuple[Path, dict, str]], scratch: Path, out: Path,
                   every: bool) -> None:
    browser, driver_path = shutil.which("chromium"), shutil.which("chromedriver")
    if not (browser and driver_path):
        print("no chromium/chromedriver: the page's pictures are not made", file=sys.stderr)
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
    sizes = [(390, 844, True)] + ([(w, h, False) for w, h in SIZES] if every else [])
    try:
        for page, state, language in pages:
            for width, height, mobile in sizes:
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": width, "height": height, "deviceScaleFactor": 1,
                    "mobile": mobile})
                driver.get(page.as_uri())
                key = "spherewars-play:" + state["fingerprint"]
                driver.execute_script("localStorage.setItem(arguments[0], arguments[1]);",
                                      key, json.dumps(state))
                driver.refresh()
                driver.execute_script(
                    "document.querySelector('[data-key=\"tp-hero/1\"] details').open = true;")
                driver.save_screenshot(str(out / f"play-roster-page-{language}-{width}x"
                                                 f"{height}.png"))
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
