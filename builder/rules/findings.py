"""What a check says about a list."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from builder.model.text import quotation

Severity = Literal["error", "warning"]


class Sentence(Protocol):
    """What a finding says, as numbers, names and ids (:mod:`builder.rules.wording`)."""

    def words(self) -> str: ...


@dataclass(frozen=True)
class Finding:
    rule: str
    severity: Severity
    said: str | Sentence
    """What it says: a sentence of :mod:`builder.rules.wording`, worded when read (in the
    language of the moment), or words given as they are (a finding read back from a file)."""
    combatants: tuple[str, ...] = field(default=())
    """Ids of the combatants the finding is about, so a view can select their entries."""
    amount: int | None = None
    """The amount the rule counted, where it has one."""
    bound: int | None = None
    """The bound it broke, where it has one."""
    rests_on: Any = None
    """The rulebook's sentence the rule rests on (a rule's ``cite``: a text, or one per
    language), or None."""

    @property
    def message(self) -> str:
        said = self.said
        return said if isinstance(said, str) else said.words()

    @property
    def cite(self) -> str | None:
        """The rulebook's sentence in the current language."""
        return quotation(self.rests_on)[0] or None if self.rests_on is not None else None

    @property
    def cite_original(self) -> str | None:
        """The book's own words when :attr:`cite` is our translation of them (else None)."""
        return quotation(self.rests_on)[1] if self.rests_on is not None else None

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
