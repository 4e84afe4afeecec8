"""Reading and writing files: YAML, the models' error messages, the data catalogue."""

from builder.data.atomic import write_atomic
from builder.data.catalogue import Catalogue
from builder.data.errors import DataError, Problem
from builder.data.loading import (
    builtin_systems,
    check_faction_data,
    faction_text,
    load_faction,
    load_system,
    load_warband,
    parse_warband,
    save_faction,
    save_warband,
    warband_text,
)

__all__ = ["Catalogue", "DataError", "Problem", "builtin_systems", "check_faction_data",
           "faction_text", "load_faction", "load_system", "load_warband", "parse_warband",
           "save_faction", "save_warband", "warband_text", "write_atomic"]
