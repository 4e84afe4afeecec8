"""The example lists shipped in ``resources/examples`` (File → Open Example).

An example's name and notes are its file's own; they open in the app's language through the
message catalogue, which learns them from the files themselves (``extract`` is the Babel
extractor ``make translations`` runs over the examples, see babel.cfg). No Qt here.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from builder.i18n import _
from builder.model import Warband
from builder.plumbing import paths

EXTENSION = ".warband.yaml"
TEXT_FIELDS = ("name", "notes")
"""The fields of an example that a user reads, translated when it opens."""


def examples_dir() -> Path:
    return paths.resources_dir() / "examples"


def example_files() -> list[Path]:
    folder = examples_dir()
    return sorted(folder.glob("*" + EXTENSION)) if folder.is_dir() else []


def localised(warband: Warband) -> Warband:
    """The example in the app's language: its name and notes as the catalogue translates
    them (unchanged where it has no translation)."""
    update = {field: _(text) for field in TEXT_FIELDS
              if isinstance(text := getattr(warband, field), str) and text}
    return warband.model_copy(update=update)


def extract(fileobj: IO[bytes], keywords: Any, comment_tags: Any,
            options: Any) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extractor: an example's name and notes, as messages to translate."""
    import yaml

    data = yaml.safe_load(fileobj.read().decode("utf-8"))
    if isinstance(data, dict):
        for field in TEXT_FIELDS:
            text = data.get(field)
            if isinstance(text, str) and text:
                yield 0, "_", text, [f"The {field} of a shipped example list"]
