"""Reading and writing files: YAML, the models' error messages, the faction catalogue."""

from builder.data.atomic import write_atomic
from builder.data.catalogue import Catalogue
from builder.data.errors import DataError, Problem
from builder.data.loading import (
    faction_text,
    load_faction,
    load_warband,
    parse_warband,
    save_faction,
    save_warband,
    validate_data,
    warband_text,
)

__all__ = ["Catalogue", "DataError", "Problem", "faction_text", "load_faction", "load_warband",
           "parse_warband", "save_faction", "save_warband", "validate_data", "warband_text",
           "write_atomic"]
