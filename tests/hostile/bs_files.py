"""Hostile BattleScribe files for tests/hostile/test_every_bs_command.py (issue 40, "BattleScribe
XML"): rosters, data files and data indexes a stranger could hand over, and a small invented game
whose data is hostile in every way the engine must bear. TEST DATA ONLY: invented, nothing of a
real game.
"""

from __future__ import annotations

import io
import json
import os
import struct
import zipfile
import zlib
from pathlib import Path
from typing import Any

from tests.battlescribe.helpers import TEST_FILES, zipped

HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n'
ROSTER_NS = "http://www.battlescribe.net/schema/rosterSchema"
ROSTER_OPEN = (f'<roster id="hr" name="Hostile roster" battleScribeVersion="2.03" '
               f'gameSystemId="ts-sys" gameSystemName="Test Skirmish System" '
               f'gameSystemRevision="3" xmlns="{ROSTER_NS}">')
FORCE = ('<force id="f{i}" name="Warband" entryId="ts-fe-warband" catalogueId="ts-fac" '
         'catalogueRevision="7" catalogueName="Test Wanderers"><selections>'
         '<selection id="s{i}" name="Trooper" entryId="ts-trooper" number="1" type="model"/>'
         '</selections></force>')
BOMB = (HEAD + '<!DOCTYPE lolz [\n <!ENTITY lol "lol">\n' + "".join(
    f' <!ENTITY lol{i} "{(f"&lol{i - 1};" if i > 1 else "&lol;") * 10}">\n' for i in range(1, 10))
    + "]>\n")


def lying_zip(name: bytes, payload: bytes, declared: int) -> bytes:
    """A one-entry zip whose headers declare ``declared`` bytes unpacked; its deflated data
    inflate to ``payload``."""
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = packer.compress(payload) + packer.flush()
    crc = zlib.crc32(payload)
    local = struct.pack("<4s5H3I2H", b"PK\x03\x04", 20, 0, 8, 0, 0, crc, len(packed),
                        declared, len(name), 0) + name
    central = struct.pack("<4s6H3I5H2I", b"PK\x01\x02", 20, 20, 0, 8, 0, 0, crc, len(packed),
                          declared, len(name), 0, 0, 0, 0, 0, 0) + name
    end = struct.pack("<4s4H2IH", b"PK\x05\x06", 0, 0, 1, 1, len(central),
                      len(local) + len(packed), 0)
    return local + packed + central + end


def _sparse(path: Path, head: bytes, size: int) -> None:
    with open(path, "wb") as handle:
        handle.write(head)
        handle.truncate(size)  # nothing more written to the disk


def _specials(folder: Path, name: str) -> dict[str, Path]:
    """A FIFO, a link to /dev/zero, a folder, a dangling link and a looping link, each named
    ``KIND-name``."""
    made = {kind: folder / f"{kind}-{name}" for kind in
            ("fifo", "dev-zero", "folder", "dangling", "loop")}
    os.mkfifo(made["fifo"])
    made["dev-zero"].symlink_to("/dev/zero")
    made["folder"].mkdir()
    made["dangling"].symlink_to(folder / "nowhere")
    made["loop"].symlink_to(made["loop"])
    return made


def hostile_xml(root: str) -> dict[str, bytes]:
    """Kind → the bytes of a hostile XML file whose root element is ``root``."""
    opening = ROSTER_OPEN if root == "roster" else (
        f'<{root} id="hx" name="Hostile" revision="1" battleScribeVersion="2.03" '
        f'gameSystemId="ts-sys">')
    return {
        "entity-bomb": (BOMB + f'<{root} name="&lol9;"/>').encode(),
        "external-entity": (HEAD + f'<!DOCTYPE {root} [<!ENTITY x SYSTEM '
                            f'"file:///etc/passwd">]>\n<{root} name="&x;"/>').encode(),
        "external-dtd": (HEAD + f'<!DOCTYPE {root} SYSTEM "http://127.0.0.1:9/x.dtd">\n'
                         f"<{root}/>").encode(),
        "undeclared-entity": (HEAD + opening + "<comment>&ghost;</comment>"
                              f"</{root}>").encode(),
        "nested-100000": (HEAD + opening + "<a>" * 100_000 + "</a>" * 100_000
                          + f"</{root}>").encode(),
        "not-xml": b"\x00\xff\xfe binary \x89PNG\r\n",
        "empty": b"",
        "old-format": f'<{root} id="o" name="O" battleScribeVersion="1.15"/>'.encode(),
        "wrong-root": b'<html><body>not BattleScribe</body></html>',
        "escape-codes": (HEAD + opening.replace('name="', 'name="\x1b[2J\u202e', 1)
                         + f"<a></b></{root}>").encode(),
    }


def hostile_files(folder: Path) -> dict[str, str]:
    """Hostile files for every BattleScribe reader, made in ``folder``: kind → path. Rosters
    (``.ros``, ``.rosz``), data files (``.cat``, ``.gstz``…) and a data index (``.bsi``)."""
    folder.mkdir(parents=True)
    made: dict[str, str] = {}
    for suffix, root in ((".ros", "roster"), (".cat", "catalogue"), (".gst", "gameSystem")):
        for kind, data in hostile_xml(root).items():
            path = folder / f"{kind}{suffix}"
            path.write_bytes(data)
            made[f"{kind}{suffix}"] = str(path)
        for kind, path in _specials(folder, f"x{suffix}").items():
            made[f"{kind}{suffix}"] = str(path)
        for kind, length in (("attribute-long", 20_000), ("attribute-40mb", 40 * 1024 * 1024)):
            if root == "gameSystem":
                break  # within 50 MiB: refused at its element, past 10,000 characters
            within = folder / f"{kind}{suffix}"
            within.write_bytes(f'<{root} id="x"\n  name="'.encode() + b"x" * length
                               + b'" gameSystemId="ts-sys"/>')
            made[f"{kind}{suffix}"] = str(within)
        big = folder / f"attribute-100mb{suffix}"
        _sparse(big, f'<{root} id="x" name="'.encode(), 100 * 1024 * 1024)
        made[f"attribute-100mb{suffix}"] = str(big)
        zipped_kind = suffix + "z"
        claimed = folder / f"zip-claims-2gb{zipped_kind}"
        claimed.write_bytes(lying_zip(b"x" + suffix.encode(), f"<{root}/>".encode(),
                                      2 * 1024 ** 3))
        made[f"zip-claims-2gb{zipped_kind}"] = str(claimed)
        inflates = folder / f"zip-inflates{zipped_kind}"
        inflates.write_bytes(lying_zip(b"x" + suffix.encode(), f"<{root} name=\"".encode()
                                       + b" " * (60 * 1024 * 1024), 100))
        made[f"zip-inflates{zipped_kind}"] = str(inflates)
        honest = folder / f"zip-60mib{zipped_kind}"
        honest.write_bytes(zipped("x" + suffix, f"<{root} name=\"".encode()
                                  + b" " * (60 * 1024 * 1024)))
        made[f"zip-60mib{zipped_kind}"] = str(honest)
        two = io.BytesIO()
        with zipfile.ZipFile(two, "w") as zf:
            zf.writestr("../../escape" + suffix, f"<{root}/>")
            zf.writestr("b" + suffix, f"<{root}/>")
        (folder / f"zip-escapes{zipped_kind}").write_bytes(two.getvalue())
        made[f"zip-escapes{zipped_kind}"] = str(folder / f"zip-escapes{zipped_kind}")
    made.update(_rosters(folder))
    made.update(_local_indexes(folder))
    return made


def _local_indexes(folder: Path) -> dict[str, str]:
    """Data indexes on disk (``.bsi``), each listing one file that must not be read."""
    beside = folder / "beside"
    beside.mkdir()
    os.mkfifo(beside / "fifo.cat")
    (beside / "zero.cat").symlink_to("/dev/zero")
    (beside / "loop.cat").symlink_to(beside / "loop.cat")
    (beside / "out.cat").symlink_to("/etc/passwd")
    made = {}
    for kind, file_path in {"empty": None, "fifo": "fifo.cat", "dev-zero": "zero.cat",
                            "loop": "loop.cat", "link-out": "out.cat",
                            "climbs-out": "../../etc/passwd", "absolute": "/etc/passwd",
                            "file-url": "file:///etc/passwd", "missing": "nowhere.cat"}.items():
        entries = "" if file_path is None else (
            f'<dataIndexEntry filePath="{file_path}" dataType="catalogue" dataId="x" '
            f'dataName="X" dataRevision="1"/>')
        index = beside / f"index-{kind}.bsi"
        index.write_bytes(zipped("index.xml", (f"<dataIndex><dataIndexEntries>{entries}"
                                               "</dataIndexEntries></dataIndex>").encode()))
        made[f"index-{kind}.bsi"] = str(index)
    return made


def _rosters(folder: Path) -> dict[str, str]:
    """Rosters for the test game (installed by the test) that are hostile in their content."""
    rosters = {
        "forces-10000.ros": ROSTER_OPEN + "<forces>" + "".join(
            FORCE.format(i=i) for i in range(10_000)) + "</forces></roster>",
        "forces-1000.ros": ROSTER_OPEN + "<forces>" + "".join(
            FORCE.format(i=i) for i in range(1_000)) + "</forces></roster>",
        "names-10000.ros": ROSTER_OPEN.replace('name="Hostile roster"', 'name="'
                                               + ("Long " * 2000).strip() + '"')
        + "<forces>" + FORCE.format(i=0).replace('name="Warband"', 'name="Warband" customName="'
                                                 + "W" * 10_000 + '"').replace(
            'name="Trooper"', 'name="Trooper" customName="' + ("Trooper " * 1250).strip()
            + '"') + "</forces></roster>",
        "not-installed.ros": ('<roster id="r" name="R" battleScribeVersion="2.03" '
                              'gameSystemId="elsewhere" gameSystemName="Far Away Game" '
                              'gameSystemRevision="9"><forces><force id="f" entryId="x" '
                              'catalogueId="far-cat" catalogueName="Far Catalogue" '
                              'catalogueRevision="4"/></forces></roster>'),
        "numbers.ros": ROSTER_OPEN + '<costLimits><costLimit name="Points" typeId="ts-pts" '
                       'value="-1"/><costLimit name="Fuel" typeId="ts-fuel" value="NaN"/>'
                       '</costLimits><forces><force id="f" entryId="ts-fe-warband" '
                       'catalogueId="ts-fac"><selections><selection id="a" '
                       'entryId="ts-trooper" number="99999999999999999999999"/><selection '
                       'id="b" entryId="ts-trooper" number="NaN"/><selection id="c" '
                       'entryId="ts-nowhere" number="-5"/></selections></force></forces>'
                       "</roster>",
        "selections-nested-100000.ros": ROSTER_OPEN + '<forces><force id="f" '
        'entryId="ts-fe-warband" catalogueId="ts-fac">' + '<selections><selection id="s" '
        'entryId="ts-trooper">' * 100_000,
        "roster-is-a-catalogue.ros": '<catalogue id="c" name="C" gameSystemId="ts-sys"/>',
    }
    made = {}
    for name, text in rosters.items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        made[name] = str(path)
        zipped_path = folder / (name + "z")
        zipped_path.write_bytes(zipped(name, text.encode()))
        made[name + "z"] = str(zipped_path)
    return made


# ----- a game whose data is hostile in what it says -----------------------------------------

HOSTILE_SYSTEM = f"""{HEAD}<!-- TEST DATA ONLY: an invented game, hostile on purpose. -->
<gameSystem id="hg-sys" name="Hostile Test Game" revision="1" battleScribeVersion="2.03"
    xmlns="http://www.battlescribe.net/schema/gameSystemSchema">
  <costTypes>
    <costType id="hg-pts" name="Points" defaultCostLimit="-1"/>
    <costType id="hg-nan" name="Nothing" defaultCostLimit="NaN"/>
  </costTypes>
  <forceEntries>
    <forceEntry id="hg-fe" name="Band">
      <constraints>
        <constraint id="hg-fe-pct" type="min" value="50" field="hg-pts" scope="roster"
            percentValue="true"/>
      </constraints>
    </forceEntry>
  </forceEntries>
</gameSystem>
"""

HOSTILE_CATALOGUE = f"""{HEAD}<!-- TEST DATA ONLY: an invented catalogue, hostile on purpose. -->
<catalogue id="hg-cat" name="Hostile Band" revision="1" battleScribeVersion="2.03"
    gameSystemId="hg-sys" gameSystemRevision="1" library="false"
    xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <catalogueLinks>
    <catalogueLink id="hg-to-self" name="Itself" targetId="hg-cat" type="catalogue"
        importRootEntries="true"/>
    <catalogueLink id="hg-to-lib" name="Library" targetId="hg-lib" type="catalogue"
        importRootEntries="true"/>
  </catalogueLinks>
  <selectionEntries>
    <selectionEntry id="hg-repeat" name="Billion Repeats" type="unit">
      <costs><cost name="Points" typeId="hg-pts" value="1"/></costs>
      <modifiers>
        <modifier type="increment" field="hg-pts" value="1">
          <repeats>
            <repeat field="selections" scope="force" value="1" percentValue="false"
                repeats="1000000000" childId="hg-repeat" shared="true" roundUp="false"/>
          </repeats>
        </modifier>
        <modifier type="explode" field="hg-pts" value="3"/>
        <modifier type="set" field="hg-pts" value="NaN"/>
        <modifier type="multiply" field="hg-pts" value="1e308"/>
        <modifier type="divide" field="hg-pts" value="0"/>
      </modifiers>
    </selectionEntry>
    <selectionEntry id="hg-nan" name="Not A Number" type="model">
      <costs><cost name="Points" typeId="hg-pts" value="NaN"/></costs>
      <constraints>
        <constraint id="hg-nan-max" type="max" value="inf" field="selections" scope="force"/>
        <constraint id="hg-pct-zero" type="min" value="50" field="hg-pts" scope="roster"
            percentValue="true"/>
        <constraint id="hg-million" type="min" value="1000000" field="selections"
            scope="parent"/>
      </constraints>
    </selectionEntry>
  </selectionEntries>
  <entryLinks>
    <entryLink id="hg-self" name="Itself" targetId="hg-self" type="selectionEntry"/>
    <entryLink id="hg-to-a" name="A" targetId="hg-a" type="selectionEntry"/>
  </entryLinks>
  <sharedSelectionEntries>
    <selectionEntry id="hg-a" name="A" type="upgrade">
      <entryLinks>
        <entryLink id="hg-a-b" name="B" targetId="hg-b" type="selectionEntry">
          <constraints>
            <constraint id="hg-ka" type="min" value="1" field="selections" scope="parent"/>
          </constraints>
        </entryLink>
      </entryLinks>
    </selectionEntry>
    <selectionEntry id="hg-b" name="B" type="upgrade">
      <entryLinks>
        <entryLink id="hg-b-a" name="A" targetId="hg-a" type="selectionEntry">
          <constraints>
            <constraint id="hg-kb" type="min" value="1" field="selections" scope="parent"/>
          </constraints>
        </entryLink>
      </entryLinks>
    </selectionEntry>
  </sharedSelectionEntries>
</catalogue>
"""

HOSTILE_LIBRARY = f"""{HEAD}<!-- TEST DATA ONLY: a library linking back to its catalogue. -->
<catalogue id="hg-lib" name="Hostile Library" revision="1" battleScribeVersion="2.03"
    gameSystemId="hg-sys" library="true"
    xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <catalogueLinks>
    <catalogueLink id="hg-back" name="Back" targetId="hg-cat" type="catalogue"
        importRootEntries="true"/>
  </catalogueLinks>
</catalogue>
"""

HOSTILE_ROSTER = f"""{HEAD}<roster id="hg-r" name="Hostile Game roster" battleScribeVersion="2.03"
    gameSystemId="hg-sys" gameSystemName="Hostile Test Game" gameSystemRevision="1"
    xmlns="{ROSTER_NS}">
  <costLimits><costLimit name="Points" typeId="hg-pts" value="-1"/></costLimits>
  <forces>
    <force id="f1" name="Band" entryId="hg-fe" catalogueId="hg-cat" catalogueRevision="1"
        catalogueName="Hostile Band">
      <selections>
        <selection id="s1" name="Billion Repeats" entryId="hg-repeat" number="3"/>
        <selection id="s2" name="Not A Number" entryId="hg-nan" number="1"/>
        <selection id="s3" name="A" entryId="hg-to-a::hg-a" number="1">
          <selections>
            <selection id="s4" name="B" entryId="hg-a-b::hg-b" number="1">
              <selections>
                <selection id="s5" name="A" entryId="hg-b-a::hg-a" number="1"/>
              </selections>
            </selection>
          </selections>
        </selection>
        <selection id="s6" name="Itself" entryId="hg-self" number="1"/>
      </selections>
    </force>
  </forces>
</roster>
"""


def hostile_game(folder: Path) -> tuple[Path, Path]:
    """The hostile test game's data in ``folder`` and a roster for it: (folder, roster)."""
    folder.mkdir(parents=True)
    (folder / "hostile.gst").write_text(HOSTILE_SYSTEM, encoding="utf-8")
    (folder / "hostile.cat").write_text(HOSTILE_CATALOGUE, encoding="utf-8")
    (folder / "hostile-library.cat").write_text(HOSTILE_LIBRARY, encoding="utf-8")
    roster = folder.parent / f"{folder.name}.ros"
    roster.write_text(HOSTILE_ROSTER, encoding="utf-8")
    return folder, roster


def test_game_folder(folder: Path) -> Path:
    """Our test game's data files (tests/fixtures/battlescribe), copied into ``folder``."""
    folder.mkdir(parents=True)
    for path in TEST_FILES:
        (folder / path.name).write_bytes(path.read_bytes())
    return folder


# ----- the adapter -------------------------------------------------------------------------

SETUP: dict[str, Any] = {"type": "setup", "corrId": "setup",
         "gameSystem": {"id": "g", "name": "G", "forceEntries": [{"id": "fe", "name": "F"}],
                        "costTypes": [{"id": "pts", "name": "pts", "defaultCostLimit": -1}]},
         "catalogues": [{"id": "c", "name": "C", "gameSystemId": "g", "selectionEntries": [
             {"id": "b", "name": "B", "type": "unit"}]}]}


def adapter_inputs(folder: Path) -> dict[str, Path]:
    """Kind → a file of lines for ``bs-adapter``'s standard input."""
    folder.mkdir(parents=True)
    start = [json.dumps(SETUP).encode(),
             b'{"type": "action", "action": "addForce", "forceEntryId": "fe", '
             b'"catalogueId": "c", "corrId": "force"}']
    last = [b'{"type": "getState", "corrId": "state"}', b'{"type": "getErrors", "corrId": 9}',
            b'{"type": "exportRosterXml", "corrId": "xml"}']
    entries = [{"id": f"e{i}", "name": f"E{i}", "type": "unit",
                "costs": [{"name": "pts", "typeId": "pts", "value": i % 7}]}
               for i in range(100_000)]
    big = dict(SETUP, catalogues=[dict(SETUP["catalogues"][0], selectionEntries=entries)])
    bodies: dict[str, list[bytes]] = {
        "nested-300000": [b"[" * 300_000, b'{"a": ' * 100_000],
        "nested-setup": [b'{"type": "setup", "gameSystem": {"id": "g", "selectionEntries": '
                         + b'[{"id": "x", "selectionEntries": ' * 300 + b"[]"
                         + b"}]" * 300 + b"}}"],
        "huge-numbers": [b'{"type": "describe", "corrId": ' + b"9" * 5000 + b"}",
                         b'{"type": "action", "action": "setCostLimit", "costTypeId": "pts", '
                         b'"value": ' + b"9" * 4000 + b"}",
                         b'{"type": "action", "action": "setCostLimit", "costTypeId": "pts", '
                         b'"value": 1e999}',
                         b'{"type": "action", "action": "setSelectionCount", "forceId": "x", '
                         b'"selectionId": "y", "count": NaN}',
                         b'{"type": "action", "action": "setCostLimit", "costTypeId": "pts", '
                         b'"value": -Infinity}'],
        "line-10mb": [b'{"type": "describe", "pad": "' + b"a" * 10_000_000 + b'"}',
                      b"x" * 10_000_000],
        "binary": [b"\xff\xfe\x00\x01" * 1000, b'{"type": "describe", "name": "\xff"}',
                   bytes(range(256)), b'{"type": "\\udc80", "corrId": "\\ud800"}'],
        "setup-100000": [json.dumps(big).encode(), start[1],
                         b'{"type": "action", "action": "selectEntry", "forceId": "x", '
                         b'"entryId": "e5"}'],
        "unknown": [b'{"type": "fly"}', b'{"type": "action", "action": "warp"}',
                    b'{"type": "action", "action": {}}', b'{"type": [1], "corrId": {"a": 1}}',
                    b'{"type": "action", "action": "addForce", "catalogueId": [null]}',
                    b'{"type": "action", "action": "setCustomization", "forceId": "x", '
                    b'"customName": {"a": 1}}',
                    b'{"type": "action", "action": "loadRoster", "xml": '
                    + json.dumps(f'<roster id="r" name="R" battleScribeVersion="2.03" '
                                 f'gameSystemId="g" xmlns="{ROSTER_NS}"><forces><force '
                                 f'id="f1" name="F" entryId="fe" catalogueId="c"/></forces>'
                                 f"</roster>").encode() + b"}",
                    b'{"type": "action", "action": "setCustomization", "forceId": "f1", '
                    b'"customName": "' + b"n" * 20_000 + b'", "corrId": "long-name"}',
                    b'{"type": "action", "action": "loadRoster", "corrId": "bomb", "xml": '
                    + json.dumps(BOMB + "<roster/>").encode() + b"}",
                    b'{"type": "action", "action": "loadRoster", "corrId": "long", "xml": '
                    + json.dumps(ROSTER_OPEN.replace('name="Hostile roster"', 'name="'
                                                     + "n" * 20_000 + '"')
                                 + "</roster>").encode() + b"}",
                    b"[]", b"null", b'"text"', b"{}",
                    b'{"type": "setupFromFiles", "files": "abc"}',
                    b'{"type": "setupFromFiles", "files": [1, {"fileName": ["x"]}]}',
                    b'{"type": "setup", "gameSystem": [], "catalogues": 7}'],
    }
    made = {}
    for kind, body in bodies.items():
        path = folder / f"{kind}.jsonl"
        lines = body if kind.startswith("setup-") else start + body
        path.write_bytes(b"\n".join([*lines, *last]) + b"\n")
        made[kind] = path
    return made
