"""Rosters for the roster printout and play tests: our own test data (an invented game under
tests/fixtures/battlescribe/), built with the engine's editor or read from a .ros, and the
shared real games where they are present."""

from __future__ import annotations

from functools import cache

from builder.battlescribe import load_data_set, load_data_sets
from builder.battlescribe.engine.editing import Editor
from builder.battlescribe.engine.roster import Roster
from builder.battlescribe.linking import DataSet
from builder.battlescribe.rosterio import read_roster_file
from tests.battlescribe.helpers import FIXTURES, TEST_FILES, shared_battlescribe

PRINTING = FIXTURES / "printing"
PRINTING_FILES = [PRINTING / "test-printing.gst", PRINTING / "test-printing-faction.cat"]
TEST_ROSTER = FIXTURES / "test-roster.ros"
SHARED = shared_battlescribe() / "data"
PHALANX = SHARED / "phalanx-sample"
ENGINE = "Test Siege Engine of the Extraordinarily Long and Winding Name That Wraps"
TWENTY = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India",
          "Juliett", "Kilo", "Lima", "Mike", "November", "Oscar", "Papa", "Quebec", "Romeo",
          "Sierra", "Tango"]
"""The twenty characteristics of the test engine's profile type (each "Test NAME")."""


@cache
def printing_data() -> DataSet:
    return load_data_set(PRINTING_FILES)


def printing_roster(walkers: int = 3) -> Roster:
    """A hero (custom name, notes) with a rifle, a squad of walkers each with a rifle, and the
    engine with twenty characteristics and a long rule."""
    editor = Editor(printing_data(), "Test Printing Roster")
    force = editor.add_force("tp-fe-detachment", "tp-fac")
    hero = editor.select(force, "tp-hero")
    editor.select(hero, "tp-hero-rifle")
    editor.customise(hero, name="Captain Testa", notes="Keeps the test banner dry")
    squad = editor.select(force, "tp-squad")
    while len(squad.children) < walkers:
        editor.select(squad, "tp-walker")
    for walker in squad.children:
        editor.select(walker, "tp-walker-rifle")
    editor.select(force, "tp-engine")
    return editor.roster


@cache
def skirmish_data() -> DataSet:
    return load_data_set(TEST_FILES)


def skirmish_roster() -> Roster:
    """Our roster of the Test Skirmish System (106 Points of 150, 1 Fuel)."""
    return read_roster_file(TEST_ROSTER, [skirmish_data()]).roster


def shared_data(game: str) -> list[DataSet]:
    folder = SHARED / game
    return load_data_sets(sorted(str(p) for p in folder.iterdir()
                                 if p.suffix in (".gst", ".cat")))
