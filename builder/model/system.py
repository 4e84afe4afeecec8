"""Game systems (SPEC §5): a game's stat line, combatant types, recruiting rules and figures.

The program knows no game: SphereWars first edition is the file
``resources/systems/spherewars-1e.yaml`` like any other. This module holds the format's models
(no I/O) and :func:`system_problems`, the checks across keys (a rule naming an unknown stat,
adding up a ``pair`` stat, duplicate ids…). Those work on the plain YAML data too, so that a
file with other mistakes still gets them reported in the same pass.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    Field,
    Strict,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from builder.i18n import N_, _, pgettext
from builder.model.ability import Difficulty, GlossaryAbility, Scope
from builder.model.base import (
    Id,
    NonNegative,
    Positive,
    StrictModel,
    check_schema,
    closest,
    describe,
    duplicate_ids,
    mappings,
)
from builder.model.options import Option, Pick, option_problems, pick_problems
from builder.model.pattern import MAX_PATTERN, PatternError
from builder.model.pattern import parse as parse_pattern
from builder.model.play import Play, default_play, play_problems
from builder.model.quantity import (
    QUANTITY_MAPPINGS,
    Quantity,
    QuantityMapping,
    Selector,
    ShortText,
    StatId,
)
from builder.model.template import template_problems
from builder.model.text import DisplayName, DisplayText, display

SYSTEM_SCHEMA = "spherewars-system/1"
DEFAULT_SYSTEM = "spherewars-1e"
"""A faction file without ``system:`` belongs to SphereWars first edition (SPEC §5)."""

POINTS_LIMIT = "points_limit"
PLACEHOLDERS = ("amount", "bound", "combatant", "basis", "counted", "rule")
"""What a rule's ``message`` template may name: SPEC §5's four, plus ``counted`` (the amount
with what it counts, "4 Messengers") and ``rule`` (the rule's name)."""


class StatDef(StrictModel):
    """One column of the stat line."""

    id: StatId
    name: DisplayName
    kind: Literal["number", "pair", "text"] = "number"
    required: Annotated[bool, Strict()] = False
    only_when_set: Annotated[bool, Strict()] = False
    label: DisplayName | None = None
    """How the stat's column is headed on screen and on paper, when not its id (Spherus HP
    is "PV" in Spanish)."""


def check_pattern(value: str) -> str:
    try:
        parse_pattern(value)
    except PatternError as exc:
        raise ValueError(str(exc)) from None
    return value


StatPattern = Annotated[str, Strict(), AfterValidator(check_pattern),
                        WithJsonSchema({"type": "string", "maxLength": MAX_PATTERN})]


class StatLimit(StrictModel):
    """What one stat's value must be (``constraints:``): bounds for a number or pair stat
    (each value of a pair), a pattern for a text stat. A combatant that has no value for the
    stat is not checked (``required`` says whether it must have one)."""

    minimum: NonNegative | None = None
    maximum: NonNegative | None = None
    pattern: StatPattern | None = None
    means: DisplayText | None = None
    cite: DisplayText | None = None


class TypeDef(StrictModel):
    id: Id
    name: DisplayName
    plural: DisplayName | None = None

    def label(self, n: int = 1) -> str:
        if n == 1 or self.plural is None:
            return display(self.name)
        return display(self.plural)


class Named(StrictModel):
    """A rank or an ability kind: an id and what it is called."""

    id: Id
    name: DisplayName


class AbilityKind(Named):
    """What an ability's ``kind`` may be; ``difficulty``: abilities of this kind are rolled
    against a difficulty (a target value, or A for automatic) with a number of successes."""

    difficulty: Annotated[bool, Strict()] = False


class SystemOption(Option):
    """An option a system offers every combatant its ``for:`` selector matches (SPEC §9);
    its name and text are display texts (``{en: …, es: …}``)."""

    name: DisplayName
    text: DisplayText | None = None
    for_: Selector = Field(default_factory=Selector, alias="for")
    """The combatants that may take it (``{}``: every combatant). Only the combatant's own
    keys count here (``option:`` and ``option_tag:`` look at entries, and are refused)."""


class SystemPick(Pick):
    """A pick every list of the system may take; name and text are display texts."""

    name: DisplayName
    text: DisplayText | None = None


class Rule(StrictModel):
    """A recruiting rule: form 1 (``count``: one amount for the list) or form 2 (``each``:
    the models of each hired combatant that matches), with its bounds."""

    id: Id
    severity: Literal["error", "warning"] = "error"
    name: DisplayName | None = None
    cite: DisplayText | None = None
    count: Quantity | None = None
    each: Selector | None = None
    at_most: Quantity | None = None
    at_least: Quantity | None = None
    exactly: Quantity | None = None
    own_max: Annotated[bool, Strict()] = False
    when: Quantity | None = None
    message: DisplayText | None = None

    @model_validator(mode="after")
    def _form(self) -> Rule:
        if (self.count is None) == (self.each is None):
            raise ValueError(_("a rule has exactly one of 'count' (one amount for the list) "
                               "or 'each' (each hired combatant that matches)"))
        if self.exactly is not None and (self.at_most is not None or self.at_least is not None):
            raise ValueError(_("'exactly' already sets both bounds; leave out at_most and "
                               "at_least"))
        if self.exactly is None and self.at_most is None and self.at_least is None:
            raise ValueError(_("a rule needs a bound: at_most, at_least or exactly"))
        if self.own_max and self.each is None:
            raise ValueError(_("own_max works only with 'each' (form 2)"))
        return self

    @property
    def label(self) -> str:
        return display(self.name) if self.name is not None else self.id


class SystemAbility(StrictModel):
    """An ability of a game's universal glossary: the faction ability format (SPEC §1), its
    name and text display texts (``{en: …, es: …}``). :meth:`System.glossary` gives them as
    plain abilities in the current language."""

    id: Id
    name: DisplayName
    scope: Scope | None = None
    kind: ShortText | None = None
    difficulty: Difficulty = None
    successes: Positive = 1
    text: DisplayText | None = None

    def shown(self) -> GlossaryAbility:
        return GlossaryAbility.model_construct(
            id=self.id, name=display(self.name), scope=self.scope, kind=self.kind,
            difficulty=self.difficulty, successes=self.successes,
            text=display(self.text) if self.text is not None else None)


class Figure(StrictModel):
    """A derived figure reported with every validation and printed on the sheet."""

    id: StatId
    name: DisplayName
    value: Quantity
    help: DisplayText | None = None
    cite: DisplayText | None = None
    """The rulebook sentence the figure rests on, shown beside its help as a rule's is."""


class System(StrictModel):
    schema_: Literal["spherewars-system/1"] = Field(alias="schema")
    id: Id
    name: DisplayName
    source: DisplayText | None = None
    list_name: DisplayName = "Warband"
    picks_name: DisplayName | None = None
    """What the game calls its picks (SPEC §9), "Artefacts"; an extension of SPEC §5. Absent,
    the app's own word."""
    cost: StatId | None = None
    wounds: Positive | None = None
    bases: list[Positive] | None = None
    stats: list[StatDef]
    constraints: dict[StatId, StatLimit] = Field(default_factory=dict)
    types: list[TypeDef] = Field(min_length=1)
    ranks: list[Named] = Field(default_factory=list)
    ability_kinds: list[AbilityKind] = Field(default_factory=list)
    abilities: list[SystemAbility] = Field(default_factory=list)
    parameters: dict[StatId, NonNegative] = Field(default_factory=dict)
    parameter_names: dict[StatId, DisplayName] = Field(default_factory=dict)
    """What the faction editor calls a parameter (an extension of SPEC §5); absent, a name
    made from its id."""
    rules: list[Rule] = Field(default_factory=list)
    figures: list[Figure] = Field(default_factory=list)
    options: list[SystemOption] = Field(default_factory=list)
    """SPEC §9: options offered to every combatant that matches their ``for:``."""
    picks: list[SystemPick] = Field(default_factory=list)
    """SPEC §9: picks every list of the game may take."""
    reference: Id | None = None
    play: Play | None = None
    """What the game tracks at the table (builder/model/play.py; absent: its wounds)."""

    @field_validator("schema_", mode="before")
    @classmethod
    def _schema(cls, value: Any) -> Any:
        return check_schema(value, SYSTEM_SCHEMA)

    def stat(self, stat_id: str) -> StatDef | None:
        return next((s for s in self.stats if s.id == stat_id), None)

    def stat_label(self, stat_id: str) -> str:
        """The stat's column heading in the current language: its label, else its id."""
        found = self.stat(stat_id)
        return display(found.label) if found is not None and found.label is not None \
            else stat_id

    def limit(self, stat_id: str) -> StatLimit | None:
        """What the stat's value must be (``constraints:``), or None."""
        return self.constraints.get(stat_id)

    def type(self, type_id: str) -> TypeDef | None:
        return next((t for t in self.types if t.id == type_id), None)

    def type_label(self, type_id: str | None, n: int = 1) -> str:
        found = self.type(type_id) if type_id else None
        return found.label(n) if found else (type_id or "")

    def rank_label(self, rank_id: str | None) -> str:
        found = next((r for r in self.ranks if r.id == rank_id), None)
        return display(found.name) if found else (rank_id or "")

    def parameter_label(self, key: str) -> str:
        """A recruiting parameter as a player reads it: its ``parameter_names`` entry in the
        current language, else its id made readable ("max_same_combatant": "Max same
        combatant")."""
        name = self.parameter_names.get(key)
        if name is not None:
            return display(name)
        words = key.replace("_", " ").replace("-", " ").strip()
        return words[:1].upper() + words[1:] if words else key

    def kind_label(self, kind_id: str | None) -> str:
        found = next((k for k in self.ability_kinds if k.id == kind_id), None)
        return display(found.name) if found else (kind_id or "")

    def glossary(self) -> dict[str, GlossaryAbility]:
        """The universal glossary by id, names and texts in the current language (made on
        each call: whoever shows many abilities asks once and keeps it)."""
        return {a.id: a.shown() for a in self.abilities}

    def selectors(self) -> Iterator[Selector]:
        """Every selector of the system's rules and figures."""
        def of(q: Any) -> Iterator[Selector]:
            if isinstance(q, QuantityMapping) and q.SELECTOR is not None:
                yield getattr(q, q.SELECTOR)

        for rule in self.rules:
            if rule.each is not None:
                yield rule.each
            for q in (rule.count, rule.at_most, rule.at_least, rule.exactly, rule.when):
                yield from of(q)
        for figure in self.figures:
            yield from of(figure.value)

    @property
    def has_squads(self) -> bool:
        """Whether being a squad matters in this game: a rule or figure looks at it."""
        return any(sel.squad is not None for sel in self.selectors())

    @property
    def has_own_max(self) -> bool:
        """Whether a combatant's own ``max`` matters: a rule lets it replace its bound."""
        return any(rule.own_max for rule in self.rules)

    @property
    def rolled_kinds(self) -> list[AbilityKind]:
        """The ability kinds rolled against a difficulty (SphereWars' feats)."""
        return [k for k in self.ability_kinds if k.difficulty]

    @property
    def at_the_table(self) -> Play:
        """The ``play:`` section, or what a game without one tracks (its wounds)."""
        return self.play if self.play is not None else default_play(self.wounds)

    @property
    def list_name_text(self) -> str:
        return display(self.list_name)

    @property
    def picks_label(self) -> str:
        """The heading of a list's picks in the current language: the game's ``picks_name``,
        else "Extras"."""
        return display(self.picks_name) if self.picks_name is not None else _("Extras")

    @property
    def type_order(self) -> tuple[str, ...]:
        return tuple(t.id for t in self.types)

    @property
    def stat_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.stats)


# --- checks across keys, on plain data -----------------------------------------------------


Problem = tuple[str, str]
"""(slash/separated/path, message)."""


def not_one_of(what: str, value: str, known: list[str]) -> str:
    """"type must be one of: a, b (got the text 'x'; did you mean 'a'?)"."""
    near = closest(value, known)
    if not known:
        return _("{what}: this game defines none (got {got})").format(what=what,
                                                                      got=describe(value))
    if near:
        return _("{what} must be one of: {known} (got {got}; did you mean '{near}'?)").format(
            what=what, known=", ".join(known), got=describe(value), near=near)
    return _("{what} must be one of: {known} (got {got})").format(
        what=what, known=", ".join(known), got=describe(value))


def unknown_system(system_id: str, loaded: list[str]) -> str:
    """"unknown game system 'x' (did you mean 'torn'?)", or the loaded systems."""
    near = closest(system_id, loaded)
    if near:
        return _("unknown game system '{system}' (did you mean '{near}'?)").format(
            system=system_id, near=near)
    return _("unknown game system '{system}'; loaded systems: {known}").format(
        system=system_id, known=", ".join(loaded) or pgettext("systems", "none"))


def _ids(items: list[dict[str, Any]]) -> list[str]:
    return [i["id"] for i in items if isinstance(i.get("id"), str)]


class _Vocabulary:
    """What a system's rules may name: its stats (by kind), types, ranks and parameters."""

    def __init__(self, data: dict[str, Any]):
        stats = mappings(data.get("stats"))
        # an invalid kind is reported by the model at its key; here it reads as a number so
        # that one mistake is not reported again wherever the stat is used
        self.stat_kind = {s["id"]: s.get("kind") if s.get("kind") in ("pair", "text")
                          else "number" for s in stats if isinstance(s.get("id"), str)}
        self.types = _ids(mappings(data.get("types")))
        self.ranks = _ids(mappings(data.get("ranks")))
        params = data.get("parameters")
        self.parameters = [k for k in params if isinstance(k, str)] \
            if isinstance(params, dict) else []

    def number_stats(self) -> list[str]:
        return [k for k, kind in self.stat_kind.items() if kind == "number"]

    def name(self, where: str, value: str) -> Iterator[Problem]:
        if value == POINTS_LIMIT or value in self.parameters:
            return
        known = [*self.parameters, POINTS_LIMIT]
        near = closest(value, known)
        if near:
            message = _("unknown parameter '{name}' (did you mean '{near}'?)")
        elif self.parameters:
            message = _("unknown parameter '{name}'; parameters: {known}")
        else:
            message = _("unknown parameter '{name}'; this system declares no parameters")
        yield where, message.format(name=value, near=near, known=", ".join(self.parameters))

    def stat(self, where: str, value: Any) -> Iterator[Problem]:
        if not isinstance(value, str):
            return
        yield from self._stat(where, value, _("cannot add up '{stat}': it is a {kind} stat; only "
                                              "number stats ({numbers}) can be added up"))

    def _stat(self, where: str, value: str, not_a_number: str) -> Iterator[Problem]:
        kind = self.stat_kind.get(value)
        if kind is None:
            near = closest(value, list(self.stat_kind))
            if near:
                message = _("unknown stat '{stat}' (did you mean '{near}'?)")
            elif self.stat_kind:
                message = _("unknown stat '{stat}'; stats: {known}")
            else:
                message = _("unknown stat '{stat}'")
            yield where, message.format(stat=value, near=near, known=", ".join(self.stat_kind))
        elif kind != "number":
            yield where, not_a_number.format(stat=value, kind=kind, numbers=", ".join(
                self.number_stats()) or pgettext("stats", "none"))

    def cost(self, value: Any) -> Iterator[Problem]:
        if isinstance(value, str):
            yield from self._stat("cost", value, _(
                "the cost cannot be '{stat}': it is a {kind} stat; only number stats "
                "({numbers}) can be added up"))

    def selector(self, where: str, sel: Any) -> Iterator[Problem]:
        if not isinstance(sel, dict):
            return
        for key, known in (("type", self.types), ("rank", self.ranks)):
            value = sel.get(key)
            values = value if isinstance(value, list) else [value]
            for j, v in enumerate(values):
                if isinstance(v, str) and v not in known:
                    at = f"{where}/{key}" + (f"/{j}" if isinstance(value, list) else "")
                    yield at, not_one_of(key, v, known)

    def quantity(self, where: str, q: Any) -> Iterator[Problem]:
        if isinstance(q, str):
            yield from self.name(where, q)
        elif isinstance(q, dict):
            for kind in QUANTITY_MAPPINGS:  # (models, entries, sum, max: in that order)
                if kind.KEY in q:
                    if kind.STAT is not None:
                        yield from self.stat(f"{where}/{kind.STAT}", q[kind.STAT])
                    if kind.SELECTOR is not None:
                        yield from self.selector(f"{where}/{kind.SELECTOR}",
                                                 q.get(kind.SELECTOR))
            times = q.get("times")
            if isinstance(times, str) and times not in self.parameters:
                yield from self.name(f"{where}/times", times)
                # points_limit is not a multiplier
            if times == POINTS_LIMIT:
                yield f"{where}/times", _("times takes a whole number or a parameter name")


def system_problems(data: Any) -> list[Problem]:
    """Problems across keys of a system file, found on its plain data."""
    if not isinstance(data, dict):
        return []
    vocab = _Vocabulary(data)
    problems: list[Problem] = []
    for key, what in (("stats", N_("stat")), ("types", N_("type")), ("ranks", N_("rank")),
                      ("ability_kinds", N_("ability kind")), ("abilities", N_("ability")),
                      ("rules", N_("rule")), ("figures", N_("figure"))):
        problems += duplicate_ids(what, key, mappings(data.get(key)))
    problems += vocab.cost(data.get("cost"))
    problems += _constraints(vocab, data.get("constraints"))
    for i, rule in enumerate(mappings(data.get("rules"))):
        at = f"rules/{i}"
        for key in ("count", "at_most", "at_least", "exactly", "when"):
            if key in rule:
                problems += vocab.quantity(f"{at}/{key}", rule[key])
        problems += vocab.selector(f"{at}/each", rule.get("each"))
        problems += _template(f"{at}/message", rule.get("message"))
    for i, figure in enumerate(mappings(data.get("figures"))):
        if figure.get("id") == "models":
            problems.append((f"figures/{i}/id", _("'models' is reported with every list "
                                                  "already; give the figure another id")))
        if "value" in figure:
            problems += vocab.quantity(f"figures/{i}/value", figure["value"])
    problems += _options(vocab, data.get("options"))
    problems += pick_problems("picks", data.get("picks"), vocab.stat_kind)
    problems += play_problems(data, vocab)
    names = data.get("parameter_names")
    if isinstance(names, dict):
        problems += [(f"parameter_names/@{key}", not_one_of("parameter", key, vocab.parameters))
                     for key in names if isinstance(key, str) and key not in vocab.parameters]
    kinds = _ids(mappings(data.get("ability_kinds")))
    for i, ability in enumerate(mappings(data.get("abilities"))):
        kind = ability.get("kind")
        if kinds and isinstance(kind, str) and kind not in kinds:
            problems.append((f"abilities/{i}/kind", not_one_of("kind", kind, kinds)))
    return problems


def _options(vocab: _Vocabulary, options: Any) -> list[Problem]:
    """A system's options (SPEC §9): ``adds`` names number stats, ids are unique, and ``for:``
    names the file's types and ranks and looks at combatants only."""
    problems = option_problems("options", options, vocab.stat_kind)
    for j, option in enumerate(mappings(options)):
        sel = option.get("for")
        problems += vocab.selector(f"options/{j}/for", sel)
        if isinstance(sel, dict):
            problems += [(f"options/{j}/for/@{key}", _(
                "'for:' chooses combatants; '{key}' looks at what an entry took, so it cannot "
                "say who may take an option").format(key=key))
                for key in ("option", "option_tag") if key in sel]
    return problems


def _constraints(vocab: _Vocabulary, constraints: Any) -> list[Problem]:
    """A constraint names a stat of the file, bounds a number or pair stat or gives a text
    stat its pattern, and its minimum is not above its maximum."""
    if not isinstance(constraints, dict):
        return []
    problems: list[Problem] = []
    for stat, limit in constraints.items():
        if not isinstance(stat, str):
            continue
        kind = vocab.stat_kind.get(stat)
        if kind is None:
            problems += [(f"constraints/@{stat}", m) for _w, m in vocab._stat("", stat, "")]
            continue
        if not isinstance(limit, dict):
            continue
        at = f"constraints/{stat}"
        for key in ("minimum", "maximum"):
            if key in limit and kind == "text":
                problems.append((f"{at}/{key}", _(
                    "'{key}' bounds a number; {stat} is a text stat: give it a 'pattern' "
                    "instead").format(key=key, stat=stat)))
        if "pattern" in limit and kind != "text":
            problems.append((f"{at}/pattern", _(
                "a pattern is for a text stat; {stat} is a {kind} stat: give it a 'minimum' "
                "or a 'maximum' instead").format(stat=stat, kind=kind)))
        if "means" in limit and "pattern" not in limit:
            problems.append((f"{at}/means", _("'means' says what the pattern asks for: give "
                                              "the pattern too")))
        low, high = limit.get("minimum"), limit.get("maximum")
        if isinstance(low, int) and isinstance(high, int) and low > high:
            problems.append((f"{at}/minimum", _(
                "the minimum ({minimum}) is above the maximum ({maximum})").format(
                minimum=low, maximum=high)))
    return problems


def _template(where: str, message: Any) -> list[Problem]:
    """A rule's ``message``: only the placeholders of :data:`PLACEHOLDERS`, plain
    (:mod:`builder.model.template`); a mistake in one language's text is reported at it."""
    texts = [(f"{where}/{key}", text) for key, text in message.items()] \
        if isinstance(message, dict) else [(where, message)]
    return [(at, _("message: {problem}").format(problem=problem))
            for at, text in texts if isinstance(text, str)
            for problem in template_problems(text, PLACEHOLDERS)]
