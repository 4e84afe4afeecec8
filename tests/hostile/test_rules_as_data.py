"""Issue 28, round 3: game-system and event files are a small language, and a hostile one must
not break a command. A rule's ``message`` may name the documented placeholders, plain, and
nothing else; whatever a rule message or an event file holds, every command either does its
job or exits 2 with a message, within a second."""

from __future__ import annotations

import contextlib
import io
import json
import time
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from builder.cli import main
from builder.model.system import PLACEHOLDERS
from builder.model.template import fill, template_problems
from tests.hostile import helpers as h

SYSTEM = """\
# TEST DATA ONLY: an invented game for the hostile tests. Not any game's content.
schema: spherewars-system/1
id: test-game
name: Test game
cost: PTS
stats:
  - {{id: PTS, name: Points}}
  - {{id: CMD, name: Command}}
types:
  - {{id: boss, name: Boss, plural: Bosses}}
  - {{id: grunt, name: Grunt, plural: Grunts}}
parameters: {{grunt_cap: 2}}
rules:
  - id: grunt-cap
    count: {{models: {{type: grunt}}}}
    at_most: {{sum: CMD, of: {{type: boss}}}}
    message: {message}
  - id: same-cap
    each: {{}}
    at_most: grunt_cap
    message: {message}
"""
FACTION = """\
# TEST DATA ONLY: an invented faction for the hostile tests.
schema: spherewars-faction/1
system: test-game
id: test-game-side
name: Test game side
combatants:
  - {id: test-boss, name: Test Boss, type: boss, profile: {PTS: 10, CMD: 1}}
  - {id: test-grunt, name: Test Grunt, type: grunt, profile: {PTS: 5}}
"""
LIST = """\
schema: spherewars-warband/1
name: Test hostile list
faction: test-game-side
entries:
  - {combatant: test-boss, count: 1}
  - {combatant: test-grunt, count: 4}
"""
EVENT = """\
schema: spherewars-event/1
name: Test event
system: test-game
{extra}rules:
  - id: event-cap
    count: {{models: {{}}}}
    at_most: 2
    message: {message}
"""
MESSAGE_LINE = 17
"""The line of the first rule's ``message`` in SYSTEM."""
MOST_OUTPUT = 200_000
"""Far more than any report of one short list prints (a template must not make it 300 MB)."""


def _yaml_text(text: str) -> str:
    """``text`` as a YAML double-quoted scalar (JSON's escapes are YAML's)."""
    return json.dumps(text)


def _folder(tmp_path: Path, message: str) -> tuple[Path, Path]:
    data = tmp_path / "data"
    data.mkdir(exist_ok=True)
    (data / "test-game.yaml").write_text(SYSTEM.format(message=_yaml_text(message)),
                                         encoding="utf-8")
    (data / "test-game-side.yaml").write_text(FACTION, encoding="utf-8")
    listed = tmp_path / "hostile.warband.yaml"
    listed.write_text(LIST, encoding="utf-8")
    return data, listed


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    start = time.perf_counter()
    try:
        status = main(list(argv))
    except SystemExit as exc:  # argparse
        status = int(exc.code or 0)
    elapsed = time.perf_counter() - start
    out, err = capsys.readouterr()
    assert elapsed < h.SECONDS, (argv, elapsed)
    assert "Traceback" not in out + err
    assert len(out) + len(err) < MOST_OUTPUT
    assert h.no_terminal_control((out + err).replace("\r\n", "\n"))  # (CSV's line ends)
    if status == 2:
        assert (out + err).strip(), "exit 2 without a message"
    else:
        assert status in (0, 1), status
    return status, out, err


# --- what the issue found -----------------------------------------------------------------

HOSTILE = {
    "{amount:{bound[0]}}": "'{amount:{bound[0]}}': a placeholder is its name alone",
    "{amount:{basis.x}}": "'{amount:{basis.x}}': a placeholder is its name alone",
    "{amount:c}": "'{amount:c}': a placeholder is its name alone",
    "{amount:.99999f}": "'{amount:.99999f}': a placeholder is its name alone",
    "{amount:>300000000}": "'{amount:>300000000}': a placeholder is its name alone",
    "{amount!r}": "'{amount!r}': a placeholder is its name alone",
    "{basis.__class__}": "'{basis.__class__}': a placeholder is its name alone",
    "{bound[0]}": "'{bound[0]}': a placeholder is its name alone",
    "{0}": "'{0}' is not a placeholder; use {amount}",
    "{}": "'{}' is not a placeholder; use {amount}",
    "{amout} over": "unknown placeholder {amout}; use {amount}",
    "open { brace": "a lone '{' at character 6: write {{ and }} for a brace",
    "close } brace": "a lone '}' at character 7",
    "{\x1b[2J}": "'{\\e[2J}' is not a placeholder",
}


@pytest.mark.parametrize("message", HOSTILE)
def test_check_data_places_a_message_that_is_not_plain(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], message: str) -> None:
    data, _listed = _folder(tmp_path, message)
    status, out, _err = _run(capsys, "check-data", str(data))
    assert status == 2
    assert f"{data / 'test-game.yaml'}:{MESSAGE_LINE}:14: message: {HOSTILE[message]}" in out


@pytest.mark.parametrize("message", HOSTILE)
def test_no_command_dies_on_a_message_that_is_not_plain(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], message: str) -> None:
    """The system does not load; every list is still reported (its faction is named as not
    loadable) and the exit status is 2, never a traceback."""
    data, listed = _folder(tmp_path, message)
    other = tmp_path / "other.warband.yaml"
    other.write_text(LIST.replace("test-game-side", "test-faction"), encoding="utf-8")
    status, out, err = _run(capsys, "validate", str(listed), str(other), "--data", str(data),
                            "--data", str(h.TEST_FACTIONS))
    assert status == 2
    assert "test-game.yaml:17:14: message:" in err
    assert f"{listed}: Test hostile list" in out and f"{other}: Test hostile list" in out


def test_each_placeholder_is_filled_and_braces_are_written(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    message = "{{{rule}}}: {counted} / {amount} of {bound} ({basis}) {combatant}"
    data, listed = _folder(tmp_path, message)
    assert _run(capsys, "check-data", str(data))[0] == 0
    status, out, _err = _run(capsys, "validate", str(listed), "--data", str(data))
    assert status == 1
    # (the text lines give the message alone, the parameter read as the game's rule)
    assert "    error: {grunt-cap}: 4 Grunts hired / 4 of 1 (Test Boss CMD 1) \n" in out
    assert "    error: {same-cap}: 4 / 4 of 2 (the game's rule) Test Grunt\n" in out


def test_a_language_text_is_placed_at_its_own_line(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    data, _listed = _folder(tmp_path, "x")
    system = data / "test-game.yaml"
    text = system.read_text(encoding="utf-8").replace(
        '    message: "x"\n', '    message:\n      en: "{amount}"\n      es: "{amount:>9}"\n',
        1)
    system.write_text(text, encoding="utf-8")
    status, out, _err = _run(capsys, "check-data", str(data))
    assert status == 2
    assert f"{system}:19:11: message: '{{amount:>9}}': a placeholder is its name alone" in out


def test_an_event_rule_message_is_checked_at_load(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data, listed = _folder(tmp_path, "{amount}")
    event = tmp_path / "cup.event.yaml"
    event.write_text(EVENT.format(extra="", message=_yaml_text("{amount:>300000000}")),
                     encoding="utf-8")
    status, _out, err = _run(capsys, "event", str(event), str(listed), "--data", str(data))
    assert status == 2
    assert f"{event}:8:14: message: '{{amount:>300000000}}': a placeholder is its name alone" \
        in err


def test_fill_is_bounded_whatever_the_template() -> None:
    """The renderer never interprets more than ``{name}``: a template that reached it
    unchecked (built in code, say) prints as written, and a huge one is cut."""
    values = {"amount": 4, "basis": "x" * 1000}
    assert fill("{amount:>300000000}", values) == "{amount:>300000000}"
    assert fill("{amount!r} {amount}", values) == "{amount!r} 4"
    filled = fill("{basis}" * 2000, values)
    assert len(filled) == 20_001 and filled.endswith("…")


def test_check_and_fill_agree_on_what_is_a_placeholder() -> None:
    for message in HOSTILE:
        assert template_problems(message, PLACEHOLDERS)
    assert template_problems("{{amount:>9}} {amount} }}", PLACEHOLDERS) == []
    assert fill("{{amount:>9}} {amount} }}", {"amount": 3}) == "{amount:>9} 3 }"


# --- generated: whatever the message or the event, no command breaks ------------------------

PIECES = ["{", "}", "{{", "}}", ":", "!", "r", "s", "c", ">", "9" * 9, ".", "f", "[0]", ".x",
          "__class__", " ", "x", "é", "\n", "\t", "\x1b[2J", "\u202e", "%s", "%(amount)s",
          "$amount", *[f"{{{p}}}" for p in PLACEHOLDERS], "{amount:", "{basis.", "{bound[",
          *HOSTILE]
messages = st.lists(st.sampled_from(PIECES), min_size=1, max_size=12).map("".join) | st.text(
    st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=40)
SLOW = settings(max_examples=30, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@given(message=messages)
@example(message="{amount:{bound[0]}}")  # (issue 28's reproducers, always tried)
@example(message="{amount:>300000000}")
@SLOW
def test_any_rule_message_gives_a_verdict_or_a_placed_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], message: str) -> None:
    data, listed = _folder(tmp_path, message)
    loaded, out, _err = _run(capsys, "check-data", str(data))
    status, out, err = _run(capsys, "validate", str(listed), "--data", str(data))
    if loaded == 0:
        assert status == 1  # the list breaks both rules
    else:
        assert status == 2 and "test-game.yaml:" in err
    status, _out, _err = _run(capsys, "validate", "--format", "json", str(listed), "--data",
                              str(data))
    assert status == (1 if loaded == 0 else 2)


EVENT_PIECES = st.sampled_from([
    "date: 0\n", "date: 20270314\n", "date: 2027-03-14\n", "date: '2027-3-14'\n",
    "date: 2027-02-30\n", "date: [2027]\n", "date: '2027-03-14T10:00'\n",
    "points_limit: 1e3\n", "points_limit: 100\n", "factions: [nope]\n",
    "factions: [test-game-side]\n", "data: {\"\\e[2Jx\": AAAA-BBBB}\n",
    "data: {test-game-side: AAAA-BBBB}\n", "data: {nope: AAAA-BBBB}\n",
    "lists: [{player: \"A\\nB\", fingerprint: AAAA-BBBB}]\n", "name: \"x\\e[2J\"\n"])


@given(message=messages, extra=st.lists(EVENT_PIECES, max_size=3, unique=True))
@SLOW
def test_any_event_file_gives_a_report_or_a_placed_error(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], message: str,
        extra: list[str]) -> None:
    data, listed = _folder(tmp_path, "{amount}")
    event = tmp_path / "cup.event.yaml"
    keys = [line.split(":")[0] for line in extra]
    if "name" in keys:  # the event's own name line is replaced, not given twice
        text = EVENT.replace("name: Test event\n", "")
    else:
        text = EVENT
    event.write_text(text.format(extra="".join(extra), message=_yaml_text(message)),
                     encoding="utf-8")
    for form in ("text", "json", "csv", "html"):
        status, out, err = _run(capsys, "event", str(event), str(listed), "--data", str(data),
                                "--format", form)
        if status == 2:
            assert str(event) in err or "unreadable" in out or "data" in err


@cache
def _warm_up_export(tmp_path: Path) -> None:
    """One export before the timed ones: the first imports reportlab and reads the fonts."""
    data, listed = _folder(tmp_path, "{amount}")
    with contextlib.redirect_stdout(io.StringIO()):
        main(["export", str(listed), "-o", str(tmp_path / "warm.pdf"), "--data", str(data)])


@given(message=messages)
@settings(max_examples=8, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
def test_any_rule_message_exports_or_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], message: str) -> None:
    pytest.importorskip("reportlab")
    _warm_up_export(tmp_path)
    data, listed = _folder(tmp_path, message)
    status, _out, _err = _run(capsys, "export", str(listed), "-o", str(tmp_path / "x.pdf"),
                              "--data", str(data))
    assert status in (0, 2)
