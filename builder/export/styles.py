"""The styles a list can be copied as text in (SPEC §7), named apart from their renderer
(:mod:`builder.export.chat`), so the app can build its menus without loading it at start-up."""

from __future__ import annotations

from builder.i18n import N_

STYLES = ("plain", "markdown", "bbcode")
STYLE_NAMES = {"plain": N_("Plain text"), "markdown": N_("Markdown (Discord, Reddit)"),
               "bbcode": N_("BBCode (forums)")}
"""Marked for translation: show ``_(STYLE_NAMES[style])``."""

__all__ = ["STYLES", "STYLE_NAMES"]
