"""``spherewars play``: the phone page, its content and, in a real headless Chromium
(Debian's chromium and chromium-driver, driven by selenium), its behaviour: tick a wound,
next turn, reload, the state is still there; three turns of each game; no console error.
The page is opened as a file, as a phone opens it, and, where a test reloads it, from a
server the test starts on 127.0.0.1 (see ``served``).

The browser tests skip, saying why, only where Chromium is not installed; under CI
(``CI=true``) a missing Chromium fails them instead (.ci/run installs it)."""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import socket
import threading
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from builder.cli import main
from tests.conftest import TEST_DATA, TEST_FACTIONS
from tests.play.test_play_core import sw_list

SYSTEMS_DATA = TEST_DATA / "systems"
LISTS = SYSTEMS_DATA / "lists"
DATA = ["--data", str(SYSTEMS_DATA), "--data", str(TEST_FACTIONS)]


def write_page(tmp_path: Path, list_path: Path, *extra: str, name: str = "game.html") -> Path:
    out = tmp_path / name
    assert main(["play", str(list_path), *DATA, "-o", str(out), *extra]) == 0
    return out


# --- the page as a file ---------------------------------------------------------------------


def test_the_page_is_one_self_contained_file(tmp_path, capsys):
    page = write_page(tmp_path, LISTS / "torn-one-leader.warband.yaml")
    out = capsys.readouterr().out
    assert out.startswith(f"wrote {page}: Test expedition with one leader, 5 models, "
                          "fingerprint ")
    text = page.read_text(encoding="utf-8")
    assert page.stat().st_size < 3 * 1024 * 1024
    # nothing from outside: no addresses, no linked files
    assert not re.search(r"https?://|//[a-z]|\bsrc=|\bhref=|@import|url\(", text)
    assert "default-src 'none'" in text
    fingerprint = out.split("fingerprint ")[1].strip()
    assert fingerprint in text and "spherewars-play:" + fingerprint in text
    for word in ("Test Captain", "Burning", "Next turn", "Turn"):
        assert word in text


def test_the_page_speaks_spanish(tmp_path):
    page = write_page(tmp_path, sw_list(tmp_path), "--lang", "es")
    text = page.read_text(encoding="utf-8")
    assert '<html lang="es">' in text
    for word in ("Turno siguiente", "Órdenes", "Heridas", "Deshacer", "Turno"):
        assert word in text, word


def test_a_name_cannot_break_out_of_the_page(tmp_path):
    path = tmp_path / "evil.warband.yaml"
    path.write_text("schema: spherewars-warband/1\n"
                    "name: \"</script><script>alert(1)</script>@JS@\"\n"
                    "faction: test-torn-expedition\nentries: [{combatant: test-captain}]\n",
                    encoding="utf-8")
    text = write_page(tmp_path, path).read_text(encoding="utf-8")
    assert text.count("</script>") == 2  # the page's own two
    assert text.count('"use strict"') == 1  # the name's "@JS@" is not the script


def test_unknown_faction_is_exit_2(tmp_path, capsys):
    assert main(["play", str(LISTS / "torn-one-leader.warband.yaml"), "-o",
                 str(tmp_path / "x.html")]) == 2
    assert "faction 'test-torn-expedition' is not in the loaded data" in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()


def test_unreadable_list_is_exit_2(tmp_path, capsys):
    bad = tmp_path / "bad.warband.yaml"
    bad.write_text("name: [\n", encoding="utf-8")
    assert main(["play", str(bad), "-o", str(tmp_path / "x.html")]) == 2
    assert re.match(rf"{re.escape(str(bad))}:\d+:\d+: ", capsys.readouterr().err)


# --- in a real browser ----------------------------------------------------------------------

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                  "--no-first-run", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"]


def _chromium() -> tuple[str, str] | None:
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


@pytest.fixture
def browser(tmp_path_factory) -> Iterator[object]:
    """A headless Chromium of its own for each test, on a new profile: nothing is kept from
    another test, so no test clears the page's storage."""
    found = _chromium()
    if found is None:
        reason = ("Chromium and chromedriver are not installed (Debian: apt-get install "
                  "chromium chromium-driver)")
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(f"{reason}; CI must run the browser tests (.ci/run installs them)")
        pytest.skip(reason)
    os.environ.setdefault("SE_OFFLINE", "true")  # selenium must never download a driver
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = found[0]
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    options.add_argument("--window-size=390,844")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    with socket.socket() as s:  # a free port for chromedriver on 127.0.0.1
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    driver = webdriver.Chrome(options=options, service=Service(found[1], port=port))
    try:
        yield driver
    finally:
        driver.quit()


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base's name)
        pass


@pytest.fixture
def served(tmp_path) -> Iterator[Callable[[Path], str]]:
    """The test's folder served on 127.0.0.1 (the page's address from its path).

    The page is opened from a server, not as a file, where a test reloads it: Chromium keeps
    a file:// page's storage so that a reload at once after a change now and then reads the
    storage from before it (20 reloads in 600 here; none in 900 from 127.0.0.1), which a
    phone, reloaded seconds later, does not meet. test_the_page_works_opened_as_a_file opens
    it as a file."""
    handler = functools.partial(_Quiet, directory=str(tmp_path))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield lambda page: f"http://127.0.0.1:{server.server_address[1]}/{page.name}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def _open(driver, address: str) -> None:
    driver.get(address)
    driver.get_log("browser")  # start with an empty console


def _click(driver, css: str) -> None:
    driver.find_element("css selector", css).click()


def _turn(driver) -> str:
    return driver.find_element("id", "turn").text


def _pressed(driver, css: str) -> list[bool]:
    return [b.get_attribute("aria-pressed") == "true"
            for b in driver.find_elements("css selector", css)]


def _no_console_errors(driver) -> None:
    errors = [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert errors == []


def test_the_page_works_opened_as_a_file(browser, tmp_path):
    """As a phone opens it: a file, no server."""
    page = write_page(tmp_path, LISTS / "torn-one-leader.warband.yaml")
    _open(browser, page.as_uri())
    assert _turn(browser) == "Turn 1"
    _click(browser, '[data-key="test-captain/1"] [data-track="wounds"] .box:nth-of-type(2)')
    _click(browser, "button.next")
    assert _turn(browser) == "Turn 2"
    assert "Wounds: 3 left, maximum 5" in browser.find_element(
        "css selector", '[data-key="test-captain/1"]').text
    _no_console_errors(browser)


def test_tick_next_turn_reload_and_the_state_is_still_there(browser, served, tmp_path):
    page = write_page(tmp_path, LISTS / "torn-one-leader.warband.yaml")
    _open(browser, served(page))
    captain = '[data-key="test-captain/1"] [data-track="wounds"] .box'
    assert _turn(browser) == "Turn 1"
    _click(browser, captain + ":nth-of-type(2)")  # two wounds
    _click(browser, "button.next")
    browser.refresh()
    assert _turn(browser) == "Turn 2"
    assert _pressed(browser, captain) == [True, True, False, False, False]
    assert "Wounds: 3 left, maximum 5" in browser.find_element(
        "css selector", '[data-key="test-captain/1"]').text
    _click(browser, "button.undo")  # the next turn undone, even after the reload
    assert _turn(browser) == "Turn 1"
    _no_console_errors(browser)


def test_spherewars_three_turns_on_the_page(browser, served, tmp_path):
    page = write_page(tmp_path, sw_list(tmp_path))
    _open(browser, served(page))
    orders = '#top [data-counter="orders"] .n'
    assert browser.find_element("css selector", orders).text == "3"
    _click(browser, '#top [data-counter="orders"] .less')
    for box in range(5):  # the avatar dies
        _click(browser, f'[data-key="test-avatar/1"] .box:nth-of-type({box + 1})')
    assert "gone" in browser.find_element(
        "css selector", '[data-key="test-avatar/1"]').get_attribute("class")
    assert browser.find_element("id", "tally").text == "In play: 3 · Removed: 1"
    _click(browser, '[data-key="test-leader/1"] .activated')
    _click(browser, "button.next")
    assert browser.find_element("css selector", orders).text == "2"  # MAN of those present
    assert _pressed(browser, '[data-key="test-leader/1"] .activated') == [False]
    _click(browser, '[data-key="test-grunt/1"] .removal')
    _click(browser, "button.next")
    browser.refresh()
    assert _turn(browser) == "Turn 3"
    assert browser.find_element("css selector", '#top [data-counter="power-gems"] .n'
                                ).text == "1"
    assert browser.find_element("id", "tally").text == "In play: 2 · Removed: 2"
    # the page kept what the app's core makes of the same gestures
    from builder.data import Catalogue, load_warband
    from builder.play import state as game
    from builder.play.plan import make_plan

    warband = load_warband(tmp_path / "sw.warband.yaml")
    plan = make_plan(warband, Catalogue.load([TEST_FACTIONS], user=False).get("test-faction"))
    s = game.step(plan, game.new_game(plan), None, "orders", -1)
    for box in range(1, 6):
        s = game.tick(plan, s, "test-avatar/1", "wounds", box)
    s = game.next_turn(plan, game.toggle(plan, s, "test-leader/1", "activated"))
    s = game.next_turn(plan, game.toggle(plan, s, "test-grunt/1", "removed"))
    kept = browser.execute_script("return localStorage.getItem(arguments[0]);",
                                  "spherewars-play:" + plan.fingerprint)
    assert json.loads(kept) == s
    _no_console_errors(browser)


def test_torn_three_turns_on_the_page(browser, served, tmp_path):
    page = write_page(tmp_path, LISTS / "torn-one-leader.warband.yaml", name="torn.html")
    _open(browser, served(page))
    chips = '[data-key="test-musketeer/1"] .marker'
    browser.find_elements("css selector", chips)[5].click()  # Panic
    _click(browser, "button.next")
    _click(browser, "button.next")
    browser.refresh()
    assert _turn(browser) == "Turn 3"
    assert _pressed(browser, chips) == [False] * 5 + [True]
    _no_console_errors(browser)


def test_spherus_three_rounds_on_the_page(browser, served, tmp_path):
    page = write_page(tmp_path, LISTS / "spherus-one.warband.yaml", name="spherus.html")
    _open(browser, served(page))
    psion = '[data-key="test-psion/1"]'
    _click(browser, f'{psion} [data-track="hp"] .box:nth-of-type(20)')  # at -2: defeated
    defeat = f'{psion} [data-counter="defeat"]'
    for _i in range(4):
        _click(browser, f"{defeat} .more")
    assert browser.find_element("css selector", f"{defeat} .n").text == "3"  # its max
    _click(browser, "button.next")
    _click(browser, f"{defeat} .less")
    _click(browser, "button.next")
    browser.refresh()
    assert _turn(browser) == "Round 3"
    assert browser.find_element("css selector", f"{defeat} .n").text == "2"
    assert "HP: -2 left, maximum 18" in browser.find_element("css selector", psion).text
    dark = browser.find_elements("css selector", f'{psion} [data-track="hp"] .box.dark')
    assert [b.text for b in dark] == [str(-n) for n in range(7, 19)]  # below -health (6)
    _no_console_errors(browser)


def test_the_page_names_options_and_says_next_round(browser, tmp_path):
    """Issue 41 item 6 on the phone: the options each model took, a track's label saying
    which figure is left and which the maximum, and Spherus's *Next round*."""
    relaunch = TEST_DATA / "relaunch"
    page = tmp_path / "sixty.html"
    assert main(["play", str(relaunch / "lists" / "test-relaunch-sixty.warband.yaml"),
                 "--data", str(relaunch), "-o", str(page)]) == 0
    _open(browser, page.as_uri())
    warlord = browser.find_element("css selector", '[data-key="test-warlord/1"]').text
    assert "Options: Test Great Weapon" in warlord
    archer = browser.find_element("css selector", '[data-key="test-archers/1"]')
    assert not archer.find_elements("css selector", ".options")
    spherus = write_page(tmp_path, LISTS / "spherus-one.warband.yaml", name="spherus.html")
    _open(browser, spherus.as_uri())
    assert browser.find_element("css selector", "button.next").text == "Next round"
    assert "HP: 18 left, maximum 18" in browser.find_element(
        "css selector", '[data-key="test-psion/1"]').text
    _no_console_errors(browser)


def test_a_page_saved_from_a_game_in_progress_starts_from_it(browser, served, tmp_path):
    """Issue 41 item 3: the page carries the game as it stands (turn, removed models,
    counters, ticks); a reload goes on from what the phone did since; a page saved later
    from the app, with another state, starts from that one."""
    from builder.data import Catalogue, load_warband
    from builder.play import state as game
    from builder.play.page import render_page
    from builder.play.plan import make_plan

    list_path = sw_list(tmp_path)
    plan = make_plan(load_warband(list_path),
                     Catalogue.load([TEST_FACTIONS], user=False).get("test-faction"))
    s = game.tick(plan, game.new_game(plan), "test-avatar/1", "wounds", 2)
    s = game.toggle(plan, s, "test-grunt/2", "removed")
    s = game.next_turn(plan, game.step(plan, s, None, "orders", -1))
    s = game.step(plan, s, None, "power-gems", -1)
    page = tmp_path / "carried.html"
    page.write_text(render_page(plan, s), encoding="utf-8")
    _open(browser, served(page))
    assert _turn(browser) == "Turn 2"
    assert browser.find_element("id", "tally").text == "In play: 3 · Removed: 1"
    assert browser.find_element("css selector", '#top [data-counter="power-gems"] .n'
                                ).text == str(s["counters"]["power-gems"])
    assert _pressed(browser, '[data-key="test-avatar/1"] .box') == [True, True] + [False] * 3
    _click(browser, "button.next")  # played on, on the phone
    browser.refresh()
    assert _turn(browser) == "Turn 3"  # the phone's own progress, not the page's start
    later = game.next_turn(plan, game.next_turn(plan, s))
    again = tmp_path / "carried-later.html"  # (a file of its own: a rewrite within the
    again.write_text(render_page(plan, later), encoding="utf-8")  # second can be cached)
    _open(browser, served(again))
    assert _turn(browser) == "Turn 4"  # a page saved later from the app starts from it
    _no_console_errors(browser)


def test_no_track_leaves_one_box_alone_on_a_row_of_the_page(browser, tmp_path):
    """Issue 41 item 8 on the phone: the psion's HP (18, then 0 … -18 on rows of their own)
    and PP (40) never end with one box alone on a row, at the widths that did (412 px, a
    common phone, left -18 alone; 560 px the last psi point)."""
    page = write_page(tmp_path, LISTS / "spherus-one.warband.yaml", name="spherus.html")
    for width in (390, 412, 540, 560):
        browser.set_window_size(width, 900)
        _open(browser, page.as_uri())
        for track in ("hp", "pp"):
            tops = browser.execute_script(
                "return Array.from(document.querySelectorAll(arguments[0]))"
                ".map(function (b) { return Math.round(b.getBoundingClientRect().top); });",
                f'[data-key="test-psion/1"] [data-track="{track}"] .box')
            rows = [tops.count(top) for top in sorted(set(tops))]
            assert sum(rows) == (37 if track == "hp" else 40)
            assert 1 not in rows, (width, track, rows)
    _no_console_errors(browser)
