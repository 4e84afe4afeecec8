"""What a check says about a list."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning"]


@dataclass(frozen=True)
class Finding:
    rule: str
    severity: Severity
    message: str
    combatants: tuple[str, ...] = field(default=())
    """Ids of the combatants the finding is about, so a view can select their entries."""

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "severity": self.severity, "message": self.message}
