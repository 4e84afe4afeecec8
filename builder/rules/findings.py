"""What a check says about a list."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Finding:
    rule: str
    severity: Severity
    message: str
    combatants: tuple[str, ...] = field(default=())
    """Ids of the combatants the finding is about, so a view can select their entries."""
    amount: int | None = None
    """The amount the rule counted, where it has one."""
    bound: int | None = None
    """The bound it broke, where it has one."""
    cite: str | None = None
    """The rulebook's sentence the rule rests on, in the current language."""
    cite_original: str | None = None
    """The book's own words when ``cite`` is our translation of them (else None)."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"rule": self.rule, "severity": self.severity,
                               "message": self.message}
        if self.combatants:
            out["combatants"] = list(self.combatants)
        if self.amount is not None:
            out["amount"] = self.amount
        if self.bound is not None:
            out["bound"] = self.bound
        return out
