"""The command line in Spanish (issue 16): chosen by the environment or by ``--lang``.

What a script keys on is never translated: command and option names, JSON keys, rule ids,
the ``FILE:LINE:COLUMN`` shape. English output is what every other test reads.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from builder.cli import main
from tests.cli.test_cli import LEGAL, OVER
from tests.conftest import REPO

EXAMPLES = REPO / "resources" / "examples"


def spherewars(*args: str, env: dict[str, str] | None = None,
               cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``python -m builder ARGS`` in a child process with ``env`` over a clean locale."""
    base = {k: v for k, v in os.environ.items()
            if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    return subprocess.run([sys.executable, "-m", "builder", *args], capture_output=True,
                          text=True, encoding="utf-8", env={**base, **(env or {})}, cwd=cwd,
                          timeout=120)


@pytest.fixture
def lists(tmp_path: Path) -> Path:
    folder = tmp_path / "lists"
    folder.mkdir()
    (folder / "a.warband.yaml").write_text(LEGAL, encoding="utf-8")
    (folder / "b.warband.yaml").write_text(OVER, encoding="utf-8")
    return folder


def test_validate_speaks_spanish_under_language_es(lists: Path):
    proc = spherewars("validate", str(lists), env={"LANGUAGE": "es"})
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert lines[0] == (f"✔ {lists / 'a.warband.yaml'}: Los Ensartadores (soimi), "
                        "332/400 ptos, legal")
    assert lines[1] == (f"✘ {lists / 'b.warband.yaml'}: Overartadores (soimi), 332/300 ptos, "
                        "ILEGAL")
    assert lines[2] == "    error: 332 puntos gastados, el límite es 300"
    assert lines[-1] == "2 listas (legales: 1; ilegales: 1; ilegibles: 0)"


def test_json_messages_follow_the_language_and_nothing_a_script_reads_does(lists: Path):
    spanish = json.loads(spherewars("validate", str(lists / "b.warband.yaml"), "--format",
                                    "json", env={"LANG": "es_ES.UTF-8"}).stdout)
    english = json.loads(spherewars("validate", str(lists / "b.warband.yaml"), "--format",
                                    "json", env={"LANG": "en_GB.UTF-8"}).stdout)
    finding = spanish["files"][0]["findings"][0]
    assert finding == {**english["files"][0]["findings"][0],
                       "message": "332 puntos gastados, el límite es 300"}
    assert finding["rule"] == "points-limit" and finding["severity"] == "error"
    spanish["files"][0]["findings"][0]["message"] = "332 points spent, the limit is 300"
    assert spanish == english  # keys, ids, numbers, fingerprints: all the same


def test_help_is_spanish_argparse_words_included():
    proc = spherewars("validate", "--help", env={"LANGUAGE": "es"})
    assert proc.returncode == 0
    out = proc.stdout
    assert out.startswith("uso: spherewars validate ")
    for spanish in ("argumentos posicionales:", "opciones:",
                    "-h, --help            muestra este mensaje de ayuda y termina",
                    "archivos de banda, o carpetas",
                    "--lang {en,es}", "--format {text,json}", "RUTA"):
        assert spanish in out, spanish
    for english in ("usage:", "positional arguments", "options:", "show this help",
                    "warband files"):
        assert english not in out, english
    top = spherewars("--help", env={"LANGUAGE": "es"}).stdout
    assert "comprueba archivos de banda con las reglas de reclutamiento" in top
    assert "validate" in top and "check-data" in top  # command names are never translated


def test_argparse_errors_are_spanish():
    proc = spherewars("validate", "--format", "xml", "x.yaml", env={"LANGUAGE": "es"})
    assert proc.returncode == 2
    assert "spherewars validate: error: argumento --format: valor no válido: 'xml' " \
           "(elige entre 'text', 'json')" in proc.stderr


def test_check_data_problems_are_spanish_at_their_line(tmp_path: Path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema: spherewars-faction/1\nid: x\nname: X\ncombatants:\n"
                   "  - id: a\n    name: A\n    type: lider\n    sqaud: true\n"
                   "    profile: {PE: lots}\n", encoding="utf-8")
    proc = spherewars("check-data", str(bad), env={"LANGUAGE": "es"})
    assert proc.returncode == 2
    assert proc.stdout.splitlines() == [
        f"{bad}:7:11: type debe ser uno de: leader, avatar, messenger, troop (se ha escrito el "
        "texto 'lider'; ¿querías decir 'leader'?)",
        f"{bad}:8:5: clave desconocida 'sqaud' (¿querías decir 'squad'?)",
        f"{bad}:9:19: PE debe ser un número entero >= 0 (se ha escrito el texto 'lots')"]
    assert proc.stderr == "1 archivo de datos comprobado: 3 problemas\n"


@pytest.mark.parametrize("args", [
    ("--lang", "es", "validate", "{path}"),
    ("validate", "--lang", "es", "{path}"),
    ("validate", "{path}", "--lang=es"),
])
def test_lang_es_overrides_the_environment_before_or_after_the_command(args, lists: Path):
    path = str(lists / "b.warband.yaml")
    proc = spherewars(*(a.format(path=path) for a in args), env={"LANGUAGE": "en"})
    assert "332 puntos gastados, el límite es 300" in proc.stdout
    assert proc.stdout.splitlines()[-1] == "1 lista (legales: 0; ilegales: 1; ilegibles: 0)"


def test_lang_en_overrides_a_spanish_environment(lists: Path):
    proc = spherewars("validate", str(lists / "b.warband.yaml"), "--lang", "en",
                      env={"LANG": "es_ES.UTF-8", "LANGUAGE": "es"})
    assert "332 points spent, the limit is 300" in proc.stdout
    help_ = spherewars("--lang", "en", "--help", env={"LANGUAGE": "es"}).stdout
    assert help_.startswith("usage: spherewars")


def test_lang_takes_only_the_languages_there_are(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--lang", "fr", "systems"])
    assert exc.value.code == 2
    assert "invalid choice: 'fr' (choose from 'en', 'es')" in capsys.readouterr().err


def test_in_process_runs_follow_each_command_line(capsys, lists: Path, monkeypatch):
    """main() sets the language for each run: a Spanish run leaves nothing behind."""
    path = str(lists / "b.warband.yaml")
    main(["validate", path, "--lang", "es"])
    assert "ILEGAL" in capsys.readouterr().out
    main(["validate", path])
    assert "ILLEGAL" in capsys.readouterr().out
    monkeypatch.setenv("LANGUAGE", "es")
    main(["validate", path])
    assert "ILEGAL" in capsys.readouterr().out


def test_event_report_and_text_export_are_spanish(tmp_path: Path, lists: Path):
    event = tmp_path / "torneo.event.yaml"
    event.write_text("schema: spherewars-event/1\nname: Torneo\npoints_limit: 300\n"
                     "factions: [soimi]\n", encoding="utf-8")
    proc = spherewars("event", str(event), str(lists), env={"LANGUAGE": "es"})
    assert proc.stdout.startswith("Evento: Torneo · 300 ptos\n")
    assert "ILEGAL" in proc.stdout and "ilegibles" in proc.stdout
    html = spherewars("event", str(event), str(lists), "--format", "html",
                      env={"LANGUAGE": "es"}).stdout
    assert '<html lang="es">' in html and 'data-label="Veredicto"' in html
    for heading in ("Jugador", "Veredicto", "Reglas incumplidas"):
        assert f">{heading}</th>" in html
    csv = spherewars("event", str(event), str(lists), "--format", "csv",
                     env={"LANGUAGE": "es"}).stdout
    assert csv.splitlines()[0] == ("\ufeffpath,player,name,faction,points,points_limit,legal,"
                                   "fingerprint,data_fingerprint,rules")  # headers stay
    chat = spherewars("text", str(lists / "a.warband.yaml"), env={"LANGUAGE": "es"}).stdout
    assert "SphereWars — primera edición · Soimi · 332/400 puntos · 2 miniaturas" in chat
    assert "Líderes (2 miniaturas, 332 puntos)" in chat
    assert "✔ Legal según las reglas de reclutamiento" in chat
    assert "Código para compartir: SWB1." in chat


def test_systems_list_names_them_in_spanish():
    proc = spherewars("systems", env={"LANGUAGE": "es"})
    assert "spherewars-1e  SphereWars — primera edición  (soimi)" in proc.stdout
    assert "spherus-tactical  Spherus: batallas tácticas  (sin facciones)" in proc.stdout
    data = json.loads(spherewars("systems", "--format", "json",
                                 env={"LANGUAGE": "es"}).stdout)
    assert {"id": "torn", "name": "Torn: escaramuzas en hexágonos", "factions": []} \
        in data["systems"]


def test_the_json_schema_describes_keys_in_spanish_and_keeps_them(capsys):
    main(["--lang", "es", "schema", "warband"])
    schema = json.loads(capsys.readouterr().out)
    assert schema["properties"]["name"]["description"] == "el nombre de la lista"
    assert set(schema["properties"]) == {"schema", "name", "faction", "points_limit",
                                         "entries", "picks", "notes"}
    assert schema["properties"]["picks"]["description"] == \
        "los ids de lo que la lista toma una vez: artefactos, pactos"


def test_the_faction_editor_words_spanish_file_messages_plainly():
    """The editor rewrites "must be an integer >= 0" as "a whole number, 0 or more": in
    Spanish too."""
    from builder import i18n
    from builder.model.base import needs_whole_number, plain_message

    i18n.set_language("es")
    assert plain_message(needs_whole_number("PE", "x")) == \
        "PE debe ser un número entero, 0 o más (se ha escrito el texto 'x')"
