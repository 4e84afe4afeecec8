"""Reading and writing files: YAML, the models' error messages, the data catalogue.

Other packages use only what is exported here; the modules whose names start with ``_`` are
this package's own (an import-linter contract keeps it so).
"""

from builder.data._document import Document
from builder.data._files import MiB, decode_text, read_text, yaml_files
from builder.data._loader import collector_paused, load_yaml, parse_yaml
from builder.data._saving import dump_yaml
from builder.data.catalogue import Catalogue
from builder.data.errors import DataError, Problem
from builder.data.loading import (
    builtin_systems,
    check_faction_data,
    faction_text,
    load_faction,
    load_warband,
    parse_warband,
    save_faction,
    save_warband,
    warband_text,
)
from builder.data.systems import load_system
from builder.plumbing.atomic import write_atomic

__all__ = ["Catalogue", "DataError", "Document", "MiB", "Problem", "builtin_systems",
           "check_faction_data", "collector_paused", "decode_text", "dump_yaml", "faction_text",
           "load_faction", "load_system", "load_warband", "load_yaml", "parse_warband",
           "parse_yaml", "read_text", "save_faction", "save_warband", "warband_text",
           "write_atomic", "yaml_files"]
