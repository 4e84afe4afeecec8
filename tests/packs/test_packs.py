"""Data packs from files and folders (SPEC §8): build, install, list, use, remove, diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.data import Catalogue
from builder.packs.store import Store
from tests.packs.helpers import PACK_ID, list_text, make_pack, run


@pytest.fixture
def packs(tmp_path: Path, user_dir: Path) -> Path:
    """Two versions of a test pack as folders and as .swpack files."""
    make_pack(tmp_path / "v1", "1.0.0", 169)
    make_pack(tmp_path / "v2", "1.1.0", 165, changes="Test Boss 169 → 165 PE (errata)")
    return tmp_path


def build(capsys, folder: Path, out: Path) -> str:
    code, text, err = run(capsys, "data", "build", str(folder), "-o", str(out))
    assert code == 0, err
    return text


def test_build_is_reproducible_and_says_what_it_wrote(capsys, packs: Path):
    first = build(capsys, packs / "v1", packs / "a.swpack")
    (packs / "v1" / "factions" / "test-pack-faction.yaml").touch()  # a newer time
    second = build(capsys, packs / "v1", packs / "b.swpack")
    assert (packs / "a.swpack").read_bytes() == (packs / "b.swpack").read_bytes()
    assert first.replace("a.swpack", "b.swpack") == second
    assert f"{PACK_ID} 1.0.0, fingerprint " in first and "sha256 " in first


def test_install_then_the_pack_loads_like_other_data(capsys, packs: Path):
    build(capsys, packs / "v1", packs / "v1.swpack")
    code, out, err = run(capsys, "data", "install", str(packs / "v1.swpack"))
    assert code == 0, err
    assert f"installed {PACK_ID} 1.0.0" in out
    assert "test-pack-faction" in Catalogue.load().factions
    (packs / "l.warband.yaml").write_text(list_text(limit=170), encoding="utf-8")
    code, out, _ = run(capsys, "validate", str(packs / "l.warband.yaml"))
    assert code == 0 and "169/170 pts" in out
    # the same again: nothing to do
    code, out, _ = run(capsys, "data", "install", str(packs / "v1.swpack"))
    assert code == 0 and "already installed" in out


def test_list_json_has_every_key_of_the_spec(capsys, packs: Path):
    run(capsys, "data", "install", str(packs / "v1"))
    run(capsys, "data", "install", str(packs / "v2"))
    code, out, _ = run(capsys, "data", "list", "--format", "json")
    row = json.loads(out)["packs"][0]
    assert set(row) == {"id", "name", "version", "versions", "active", "factions", "systems",
                        "fingerprint", "origin"}
    assert row["versions"] == ["1.0.0", "1.1.0"] and row["active"] == "1.1.0"
    assert row["factions"] == ["test-pack-faction"] and row["origin"] is None


def test_versions_side_by_side_newest_used_unless_chosen(capsys, packs: Path):
    run(capsys, "data", "install", str(packs / "v1"))
    run(capsys, "data", "install", str(packs / "v2"))

    def boss() -> int:
        faction = Catalogue.load().get("test-pack-faction")
        assert faction is not None
        return faction.combatant("test-boss").number("PE")  # type: ignore[union-attr]

    assert boss() == 165
    assert run(capsys, "data", "use", PACK_ID, "1.0.0")[0] == 0
    assert boss() == 169
    code, out, _ = run(capsys, "data", "list")
    assert "1.0.0 (chosen; 1.1.0 is newer: spherewars data use test-pack 1.1.0)" in out
    assert run(capsys, "data", "use", PACK_ID, "9.9.9")[0] == 2
    assert run(capsys, "data", "remove", PACK_ID, "--version", "1.0.0")[0] == 0
    assert boss() == 165  # the chosen version went: the newest again
    assert run(capsys, "data", "remove", PACK_ID)[0] == 0
    assert "test-pack-faction" not in Catalogue.load().factions
    assert run(capsys, "data", "remove", PACK_ID)[0] == 2


def test_a_pack_with_problems_is_refused_whole_every_problem_placed(capsys, packs: Path):
    folder = packs / "v1"
    (folder / "factions" / "b.yaml").write_text(
        "schema: spherewars-faction/1\nid: other\nname: Other\ncombatants:\n"
        "  - {id: x, name: X, type: leeder, profile: {PE: 1}}\n", encoding="utf-8")
    (folder / "factions" / "c.yaml").write_text("schema: spherewars-faction/1\nid: [\n",
                                                 encoding="utf-8")
    code, out, err = run(capsys, "data", "install", str(folder))
    assert code == 2
    assert f"{folder}/factions/b.yaml:5:" in err and "leeder" in err
    assert f"{folder}/factions/c.yaml:" in err
    assert not Store().packs()
    assert "other" not in Catalogue.load().factions


def test_a_pack_without_data_is_refused(capsys, packs: Path):
    (packs / "v1" / "factions" / "test-pack-faction.yaml").unlink()
    code, _out, err = run(capsys, "data", "install", str(packs / "v1"))
    assert code == 2 and "the pack holds no faction or game system file" in err


def test_pack_yaml_mistakes_are_placed(capsys, packs: Path):
    pack = packs / "v1" / "pack.yaml"
    pack.write_text(pack.read_text().replace("version: 1.0.0", "version: 1.0")
                    .replace("authors:", "autors:"), encoding="utf-8")
    code, _out, err = run(capsys, "data", "build", str(packs / "v1"), "-o",
                          str(packs / "x.swpack"))
    assert code == 2
    assert "pack.yaml:4:10: version: the text '1.0' is not a version" in err
    assert "pack.yaml:5:1: unknown key 'autors' (did you mean 'authors'?)" in err
    assert not (packs / "x.swpack").exists()


def test_same_version_with_other_contents_needs_force(capsys, packs: Path):
    run(capsys, "data", "install", str(packs / "v1"))
    changed = make_pack(packs / "v1b", "1.0.0", 150)
    code, _out, err = run(capsys, "data", "install", str(changed))
    assert code == 2 and "already installed with other contents" in err and "--force" in err
    code, out, _ = run(capsys, "data", "install", str(changed), "--force")
    assert code == 0
    assert Catalogue.load().get("test-pack-faction").combatant(  # type: ignore[union-attr]
        "test-boss").number("PE") == 150


def test_a_pack_never_redefines_a_builtin_system(capsys, packs: Path):
    (packs / "v1" / "torn.yaml").write_text(
        "schema: spherewars-system/1\nid: torn\nname: Mine\nstats: []\n"
        "types: [{id: t, name: T}]\n", encoding="utf-8")
    code, _out, err = run(capsys, "data", "install", str(packs / "v1"))
    assert code == 2 and "torn.yaml:2:5: 'torn' is a built-in game system" in err


def test_an_id_of_another_installed_pack_is_refused_naming_it(capsys, packs: Path):
    run(capsys, "data", "install", str(packs / "v1"))
    other = make_pack(packs / "other", "1.0.0", pack_id="other-pack")
    code, _out, err = run(capsys, "data", "install", str(other))
    assert code == 2
    assert "faction 'test-pack-faction' belongs to the installed pack 'test-pack'" in err
    # replacing a built-in faction is allowed, as a --data folder does
    make_pack(packs / "soimi", "1.0.0", pack_id="soimi-pack", faction_id="soimi")
    assert run(capsys, "data", "install", str(packs / "soimi"))[0] == 0
    assert Catalogue.load().get("soimi").name == "Test Pack Faction"  # type: ignore[union-attr]


def test_diff_says_what_changed_per_faction_and_per_list(capsys, packs: Path):
    extra = packs / "v2" / "factions" / "test-pack-faction.yaml"
    extra.write_text(extra.read_text() + "  - {id: test-new, name: Test Newcomer, type: troop,"
                     " profile: {PE: 5}}\n", encoding="utf-8")
    lists = packs / "lists"
    lists.mkdir()
    (lists / "a.warband.yaml").write_text(list_text(limit=168), encoding="utf-8")
    build(capsys, packs / "v1", packs / "v1.swpack")
    code, out, err = run(capsys, "data", "diff", str(packs / "v1.swpack"), str(packs / "v2"),
                         "--lists", str(lists))
    assert code == 0, err
    assert "Test Boss: PE 169 → 165" in out
    assert "Test Newcomer: added" in out
    assert "169 → 165 PE; this list is 4 PE cheaper and now legal" in out
    run(capsys, "data", "install", str(packs / "v1"))
    run(capsys, "data", "install", str(packs / "v2"))
    code, out, _ = run(capsys, "data", "diff", f"{PACK_ID}@1.0.0", f"{PACK_ID}@1.1.0",
                       "--format", "json", "--lists", str(lists))
    document = json.loads(out)
    change = document["changes"][0]
    assert change["added"] == [{"id": "test-new", "name": "Test Newcomer"}]
    assert change["changes"][0] | {"text": ""} == {
        "combatant": "test-boss", "key": "profile.PE", "old": 169, "new": 165, "text": ""}
    assert document["lists"][0]["points"] == [169, 165]
    assert document["lists"][0]["legal"] == [False, True]
    assert run(capsys, "data", "diff", "nothing@1.0.0", str(packs / "v2"))[0] == 2


@pytest.mark.parametrize("kind", ["pack", "index"])
def test_schema_prints_the_pack_and_index_formats(capsys, kind: str):
    code, out, _ = run(capsys, "schema", kind)
    schema = json.loads(out)
    assert code == 0
    assert f"spherewars-{kind}/1" in json.dumps(schema)
    assert "version" in (schema["properties"] if kind == "pack"
                         else schema["$defs"]["IndexEntry"]["properties"])


def test_diff_of_installed_versions_reads_their_files_when_the_kept_copy_is_damaged(
        capsys, packs: Path):
    from builder.packs.store import DOCUMENTS

    run(capsys, "data", "install", str(packs / "v1"))
    run(capsys, "data", "install", str(packs / "v2"))
    for state in Store().packs().values():
        for item in state.versions.values():
            (item.folder / DOCUMENTS).write_bytes(b"\x00 not what was written")
    code, out, _ = run(capsys, "data", "diff", f"{PACK_ID}@1.0.0", f"{PACK_ID}@1.1.0")
    assert code == 0 and "Test Boss: PE 169 → 165" in out


def test_your_own_faction_replaces_a_packs_and_check_data_says_so(capsys, packs: Path):
    """Installed packs load after the built-in data and before your own folder: a faction of
    yours with a pack's id replaces it on purpose (a note, not an error), as a pack's faction
    replaces a built-in one."""
    from builder.plumbing import paths
    from tests.packs.helpers import faction_text

    run(capsys, "data", "install", str(packs / "v1"))
    mine = paths.user_factions_dir() / "mine.yaml"
    mine.parent.mkdir(parents=True, exist_ok=True)
    mine.write_text(faction_text(leader_pe=100), encoding="utf-8")
    catalogue = Catalogue.load(cached=False)
    assert catalogue.problems == []
    assert catalogue.factions["test-pack-faction"].by_id["test-boss"].profile["PE"] == 100
    code, out, _ = run(capsys, "check-data")
    assert code == 0
    assert f"{mine}:" in out and ("note: faction 'test-pack-faction' replaces the one of an "
                                  "installed data pack") in out


def test_a_pack_may_replace_a_builtin_faction(capsys, tmp_path: Path, user_dir: Path):
    make_pack(tmp_path / "p", faction_id="soimi")
    code, _, err = run(capsys, "data", "install", str(tmp_path / "p"))
    assert code == 0, err
    catalogue = Catalogue.load(cached=False)
    assert catalogue.problems == []
    assert "test-boss" in catalogue.factions["soimi"].by_id
