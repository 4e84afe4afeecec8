"""One view-independent summary of a warband, from which every printout is rendered.

Cards, the turn summary sheet (and any later plain-text export) read only this: the totals and
derived figures of the validation report, the findings, the roster and the profiles in print
order with their abilities resolved. Keeping it in one place is what stops two exporters from
drifting apart (STYLE.md, *Exporters share one summary*). Nothing here knows about PDF or Qt.
"""

from __future__ import annotations

import dataclasses
import datetime
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from builder.data.errors import DataError
from builder.data.fingerprint import list_fingerprint
from builder.data.reference import load_reference
from builder.data.share import encode_warband
from builder.export.choices import OptionLine, PickLine, choices, pick_lines
from builder.export.profile import AbilityLine, resolve_ability, stat_columns
from builder.model import Ability, Combatant, Faction, System, Warband
from builder.model.reference import PLACEHOLDER, Card, Reference
from builder.model.text import display
from builder.rules import Finding, Stats, validate
from builder.rules.engine import shown_figures


@dataclass(frozen=True)
class TrackLine:
    """A row of boxes to tick on a card, one per point of a stat (the game's reference)."""

    name: str
    value: int
    below_zero: bool = False
    """Also a box for 0 and for each of -1 … -value (defeated, not yet dead)."""
    help: str = ""
    dark: int = 0
    """Of the boxes below zero, how many at the end are shaded dark (the track's
    ``shade_from``: those below -(that stat's value))."""


@dataclass(frozen=True)
class CounterLine:
    """A fixed row of boxes on every card of the game (the Spherus defeat counter)."""

    name: str
    boxes: int
    help: str = ""


@dataclass(frozen=True)
class AttackLine:
    """An attack as a row of the card's attack table."""

    name: str
    kind: str
    """The kind as the game calls it ("Ethereal ranged attack")."""
    cells: tuple[str, ...]
    note: str = ""
    """Remarks and parts of the text beyond the table's columns."""


@dataclass(frozen=True)
class CardAids:
    """The table aids a game's reference asks every card to carry (``card:``)."""

    lines: tuple[tuple[str, str], ...] = ()
    """(label, text): dice pools spelt out, lines such as ("Move", "2 hexagons")."""
    tracks: tuple[TrackLine, ...] = ()
    counters: tuple[CounterLine, ...] = ()
    attack_heads: tuple[str, ...] = ()
    """The attack table's column headings; () for no table."""
    attacks: tuple[AttackLine, ...] = ()
    attack_of: tuple[int, ...] = ()
    """Which of the combatant's abilities (by position) the attack rows are."""


@dataclass(frozen=True)
class ProfileSheet:
    """A combatant as a card prints it."""

    id: str
    name: str
    nickname: str | None
    type: str
    """The type as the game calls it ("Leader")."""
    rank: str | None
    """The rank as the game calls it ("Elite")."""
    base: int | None
    squad: bool
    wounds: int | None
    """None: the game has no wound track."""
    faction: str
    stats: tuple[tuple[str, str], ...]
    """(column, shown value) in the system's order; an ``only_when_set`` column only when the
    combatant has it."""
    abilities: tuple[AbilityLine, ...]
    equipment: tuple[str, ...]
    unique_equipment: tuple[str, ...]
    count: int
    """Models hired (over every entry naming this combatant)."""
    squad_note: str | None = None
    """What the game's reference says about squads, printed on a squad's card."""
    description: str | None = None
    """Printed under the rules text; continues on the next card when it does not fit."""
    tags: tuple[str, ...] = ()
    aids: CardAids = field(default_factory=CardAids)
    options: tuple[OptionLine, ...] = ()
    """SPEC §9: the options these models took (a card per different choice of a
    combatant; ``count`` is the models with this choice)."""

    @property
    def display_name(self) -> str:
        return f"{self.name}, {self.nickname}" if self.nickname else self.name


@dataclass(frozen=True)
class RosterLine:
    """One line of the roster: a combatant and how many models of it are hired."""

    combatant_id: str
    count: int
    name: str
    known: bool
    type: str | None = None
    rank: str | None = None
    stats: tuple[tuple[str, str], ...] = ()
    """Every column of ``WarbandSummary.stat_columns``, "–" for none."""
    cost: int = 0
    """What one model costs (the system's cost stat)."""
    options: tuple[OptionLine, ...] = ()
    """SPEC §9: the options of the entry this line stands for (a line per entry that took
    options; the entries without options make one line)."""
    extra: int = 0
    """What the options add to the cost stat."""

    @property
    def points(self) -> int:
        return self.cost * self.count + self.extra


@dataclass(frozen=True)
class FigureLine:
    """A derived figure of the game system, as the sheet prints it."""

    id: str
    name: str
    value: int
    help: str = ""
    cap: int | None = None
    """The bound of the rule that caps this figure, printed as "value / cap"."""

    @property
    def shown(self) -> str:
        return str(self.value) if self.cap is None else f"{self.value} / {self.cap}"


@dataclass(frozen=True)
class Game:
    """What a printout says about the game system: names, not rules."""

    id: str = ""
    name: str = ""
    source: str = ""
    list_name: str = "List"
    picks_name: str = "Extras"
    """The heading of the list's picks (SPEC §9): the game's word, "Artefacts"."""
    has_cost: bool = True
    has_ranks: bool = True
    cost: str = ""
    """The cost stat's id ("PE"), "" with no cost."""
    reference: str | None = None
    """The reference text printed on the sheet (``resources/reference/<id>.yaml``)."""
    type_plurals: tuple[tuple[str, str], ...] = ()
    """(type as a roster line names it, what several are called), in the system's order:
    ("Leader", "Leaders")."""
    stat_labels: tuple[tuple[str, str], ...] = ()
    """(stat id, its column heading) where they differ (Spherus HP is "PV" in Spanish)."""

    def stat_label(self, stat_id: str) -> str:
        return dict(self.stat_labels).get(stat_id, stat_id)


def game_of(system: System | None) -> Game:
    if system is None:
        return Game()
    return Game(id=system.id, name=display(system.name), source=display(system.source),
                list_name=display(system.list_name), picks_name=system.picks_label,
                has_cost=system.cost is not None,
                has_ranks=bool(system.ranks),
                cost=system.cost or "", reference=system.reference,
                type_plurals=tuple((t.label(1), t.label(2)) for t in system.types),
                stat_labels=tuple((s.id, system.stat_label(s.id)) for s in system.stats
                                  if system.stat_label(s.id) != s.id))


@dataclass(frozen=True)
class WarbandSummary:
    name: str
    faction_id: str
    faction_name: str | None
    """None when the faction is not in the loaded data."""
    points_limit: int | None
    legal: bool
    findings: tuple[Finding, ...]
    stats: Stats
    roster: tuple[RosterLine, ...]
    profiles: tuple[ProfileSheet, ...]
    """Known combatants in print order: by type in the system's order, then in the order the
    list first names them."""
    stat_columns: tuple[str, ...]
    """The roster's stat columns: the system's, an ``only_when_set`` one only when some
    combatant has it."""
    figures: tuple[FigureLine, ...] = ()
    game: Game = field(default_factory=Game)
    notes: str | None = None
    date: datetime.date = field(default_factory=datetime.date.today)
    fingerprint: str = ""
    """The list fingerprint (SPEC §6)."""
    data_fingerprint: str | None = None
    """The faction's data fingerprint (SPEC §6); None when the faction is not loaded."""
    share_code: str = ""
    """The list's share code (SPEC §7)."""
    picks: tuple[PickLine, ...] = ()
    """SPEC §9: what the list took once (artefacts, pacts), in the order it names them."""

    @property
    def unknown(self) -> tuple[RosterLine, ...]:
        return tuple(line for line in self.roster if not line.known)


def reference_of(system: System) -> Reference | None:
    """The game's reference checked against the game, when it has one and it reads."""
    if system.reference is None:
        return None
    try:
        return load_reference(system.reference, system)
    except DataError:
        return None  # the sheet reports a broken reference; a card just goes without


_POOL_PART = re.compile(r"^\s*(\d+)\s*([A-Za-z]+)\s*$")


def spelt_pool(value: str, dice: Mapping[str, str]) -> str | None:
    """"2D+1A" as "2 Defence, 1 Agility" (``dice``: letter -> name); None when the value is
    not written that way."""
    out = []
    for part in value.split("+"):
        found = _POOL_PART.match(part)
        if found is None or found.group(2) not in dice:
            return None
        out.append(f"{int(found.group(1))} {dice[found.group(2)]}")
    return ", ".join(out)


MAX_CELL = 60
MAX_NOTE = 300
"""An attack whose parts are longer than these is no table row: it prints as an ability,
whose text can continue on the next card (a table row cannot be split)."""


def attack_cells(text: str, columns: Sequence[str | Sequence[str]]
                 ) -> tuple[tuple[str, ...], str] | None:
    """An attack's text cut at ";" into ``columns`` ("2 Attack, 1 Skill dice; range 1 hex;
    damage 1." gives ("2 Attack, 1 Skill dice", "1 hex", "1")) and a note (what follows a ":"
    in a part, and the parts beyond the columns); None when there are fewer parts, or parts
    too long for a table. A part's leading word is dropped when it is a column's name (a
    column may have one in each language: a list written in English reads the same under
    Spanish headings)."""
    if len(text) > len(columns) * MAX_CELL + MAX_NOTE:
        return None
    parts = [p.strip() for p in text.split(";")]
    parts = [p for p in parts if p]
    if len(parts) < len(columns):
        return None
    cells, notes = [], []
    for part, column in zip(parts, columns, strict=False):
        cell, _colon, remark = part.partition(":")
        cell = cell.strip().rstrip(".").strip()
        for name in [column] if isinstance(column, str) else column:
            head = name.lower() + " "
            if cell.lower().startswith(head) and len(cell) > len(head):
                cell = cell[len(head):].strip()
                break
        cells.append(cell or "–")
        if remark.strip():
            notes.append(remark.strip())
    notes += parts[len(columns):]
    note = "; ".join(notes)
    if any(len(cell) > MAX_CELL for cell in cells) or len(note) > MAX_NOTE:
        return None
    return tuple(cells), note


def _dark_boxes(value: int, shade: object) -> int:
    """How many of a below-zero track's boxes (0, -1 … -value) lie below -shade: shaded dark
    (none when the combatant has no such number)."""
    if not isinstance(shade, int) or isinstance(shade, bool) or shade < 0:
        return 0
    return max(0, value - shade)


def card_aids(c: Combatant, faction: Faction, abilities: list[AbilityLine],
              ability_ids: set[str], card: Card | None) -> tuple[CardAids, set[str]]:
    """The aids of ``card`` for ``c``, and the stats they print (left out of its stat table).

    A line naming a stat ``c`` does not have is left out, as is a track of a stat it does not
    have; an attack whose text does not follow the table's columns stays an ability."""
    if card is None:
        return CardAids(), set()
    system = faction.game
    names = {s.id: display(s.name) for s in system.stats}
    shown: set[str] = set()
    lines: list[tuple[str, str]] = []
    for pool in card.pools:
        value = c.stat(pool.stat)
        if value is None:
            continue
        spelt = spelt_pool(str(value), {k: display(v) for k, v in pool.dice.items()})
        lines.append((display(pool.name) or names[pool.stat],
                      f"{value} ({spelt})" if spelt else str(value)))
        shown.add(pool.stat)
    for line in card.lines:
        if line.when is not None and line.when.ability not in ability_ids:
            continue
        text = display(line.text)
        used = PLACEHOLDER.findall(text)
        if any(c.stat(stat) is None for stat in used):
            continue
        lines.append((display(line.name),
                      PLACEHOLDER.sub(lambda m: str(c.stat(m.group(1))), text)))
        shown.update(used)
    tracks = []
    for track in card.tracks:
        value = c.stat(track.stat)
        if not isinstance(value, int) or value < 1:  # nothing to tick: the table shows it
            continue
        tracks.append(TrackLine(display(track.name) or names[track.stat], value,
                                track.below_zero, display(track.help),
                                _dark_boxes(value, c.stat(track.shade_from))
                                if track.below_zero and track.shade_from else 0))
        shown.add(track.stat)
    counters = tuple(CounterLine(display(k.name), k.boxes, display(k.help))
                     for k in card.counters)
    heads: tuple[str, ...] = ()
    attacks: list[AttackLine] = []
    attack_of: list[int] = []
    if card.attacks is not None:
        columns = [display(col) for col in card.attacks.columns]
        spellings = [[col] if isinstance(col, str) else list(col.values())
                     for col in card.attacks.columns]
        kinds = set(card.attacks.kinds)
        for i, a in enumerate(abilities):
            found = attack_cells(a.text or "", spellings) if a.kind in kinds else None
            if found is not None:
                attacks.append(AttackLine(a.name, a.kind_name or a.kind or "", *found))
                attack_of.append(i)
        if attacks:
            heads = tuple(columns)
    return CardAids(tuple(lines), tuple(tracks), counters, heads, tuple(attacks),
                    tuple(attack_of)), shown


def profile_sheet(c: Combatant, faction: Faction, universal: Mapping[str, Ability] | None,
                  count: int, squad_note: str | None = None,
                  card: Card | None = None) -> ProfileSheet:
    system = faction.game
    columns = stat_columns(system, [c])
    resolved = [faction.ability(ref, universal) for ref in c.abilities]
    abilities = [resolve_ability(faction, a, universal) for a in resolved]
    aids, shown = card_aids(c, faction, abilities, {a.id for a in resolved if a.id}, card)
    in_table = set(aids.attack_of)
    return ProfileSheet(
        id=c.id, name=c.name, nickname=c.nickname, type=system.type_label(c.type),
        rank=system.rank_label(c.rank) or None, base=c.base,
        squad=c.squad, wounds=c.wounds, faction=faction.name,
        stats=tuple((system.stat_label(n), c.shown(n)) for n in columns if n not in shown),
        abilities=tuple(a for i, a in enumerate(abilities) if i not in in_table),
        equipment=tuple(c.equipment), unique_equipment=tuple(c.unique_equipment), count=count,
        squad_note=squad_note, description=(c.description or "").strip() or None,
        tags=tuple(c.tags), aids=aids,
    )


def _by_choice(warband: Warband, faction: Faction, c: Combatant
               ) -> dict[tuple[OptionLine, ...], tuple[int, bool]]:
    """The models of ``c`` by the options they took (the same options in any order are one
    choice), the models without options first where the list names them first: (models,
    whether every entry of the choice is one model)."""
    out: dict[tuple[OptionLine, ...], tuple[int, bool]] = {}
    for models, taken, _extra in choices(warband, faction, c):
        key = tuple(sorted(taken, key=lambda o: o.id))
        before, single = out.get(key, (0, True))
        out[key] = (before + models, single and models == 1)
    return out


def _priced(sheet: ProfileSheet, faction: Faction, c: Combatant, taken: tuple[OptionLine, ...],
            single: bool) -> tuple[tuple[tuple[str, str], ...], tuple[OptionLine, ...]]:
    """A card's stat line with its cost as the list counts it, and its options (issue 41
    item 7): one model's cost with what its options add to it (the Warlord with a Great
    Weapon costs 22, not 20). An option paid once per entry is a model's own when its
    entries are one model each; on a card of bigger entries it says its cost itself."""
    cost = faction.game.cost
    if cost is None or not taken:
        return sheet.stats, taken
    offered = faction.options_for(c)
    label = faction.game.stat_label(cost)
    added, lines = 0, []
    for line in taken:
        option = offered.get(line.id)
        add = option.added(cost, line.times, 1) if option is not None else 0
        if add and option is not None and not option.per_model and not single:
            line = dataclasses.replace(line, per_entry=(label, add))
        else:
            added += add
        lines.append(line)
    shown = str(faction.cost(c) + added)
    stats = tuple((name, shown if name == label else value) for name, value in sheet.stats)
    return stats, tuple(lines)


def summarise(warband: Warband, faction: Faction | None,
              universal: Mapping[str, Ability] | None = None, *,
              points_override: int | None = None,
              date: datetime.date | None = None,
              data_fingerprint: str | None = None) -> WarbandSummary:
    """Everything a printout shows about ``warband``; never raises for a bad list.

    An unknown faction still gives a summary (name, findings, the entries as unknown lines),
    so that an organiser's printout says what is wrong instead of failing.
    """
    report = validate(warband, faction, points_override)
    totals = warband.totals()
    matches = faction is not None and faction.id == warband.faction and faction.attached
    known = faction.by_id if faction is not None and matches else {}
    system = faction.game if faction is not None and matches else None
    hired = [known[cid] for cid in totals if cid in known]
    order = {cid: i for i, cid in enumerate(totals)}
    columns: tuple[str, ...] = ()
    figures: tuple[FigureLine, ...] = ()
    roster: list[RosterLine] = []
    if faction is not None and system is not None:
        type_rank = {t: i for i, t in enumerate(system.type_order)}
        hired.sort(key=lambda c: (type_rank.get(c.type, len(type_rank)), order[c.id]))
        columns = stat_columns(system, hired)
        roster = [RosterLine(combatant_id=c.id, count=models, name=c.display_name,
                             known=True, type=system.type_label(c.type),
                             rank=system.rank_label(c.rank) or None,
                             stats=tuple((n, c.shown(n)) for n in columns),
                             cost=faction.cost(c), options=taken, extra=extra)
                  for c in hired for models, taken, extra in choices(warband, faction, c)]
        figures = tuple(FigureLine(f.id, display(f.name), report.stats.figures.get(f.id, 0),
                                   display(f.help), report.stats.caps.get(f.id))
                        for f in shown_figures(system))
    roster += [RosterLine(combatant_id=cid, count=n, name=cid, known=False)
               for cid, n in totals.items() if cid not in known]

    profiles: list[ProfileSheet] = []
    if faction is not None and system is not None:
        ref = reference_of(system) if hired else None
        note = ref.squad_note if ref is not None and any(c.squad for c in hired) else None
        card = ref.card if ref is not None else None
        if universal is None and hired:
            universal = system.glossary()  # (once, not once per ability)
        for c in hired:
            sheet = profile_sheet(c, faction, universal, totals[c.id], note, card)
            for taken, (n, single) in _by_choice(warband, faction, c).items():
                stats, options = _priced(sheet, faction, c, taken, single)
                profiles.append(dataclasses.replace(sheet, count=n, options=options,
                                                    stats=stats))

    return WarbandSummary(
        name=warband.name, faction_id=warband.faction,
        faction_name=faction.name if faction is not None and matches else None,
        points_limit=report.points_limit, legal=report.legal,
        findings=tuple(report.findings), stats=report.stats, roster=tuple(roster),
        profiles=tuple(profiles), stat_columns=columns, figures=figures,
        game=game_of(system), notes=warband.notes,
        date=date or datetime.date.today(),
        fingerprint=list_fingerprint(warband, faction=faction if matches else None),
        data_fingerprint=data_fingerprint, share_code=encode_warband(warband),
        picks=pick_lines(warband, faction if matches else None),
    )
