"""SphereWars Warband Builder."""

__version__ = "0.1.0"
