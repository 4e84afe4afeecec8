"""What room a list has left, per combatant of its faction (issue 14.4): how many are hired,
the cap on them, and which rules one more model of it would break.

The catalogue shows "2/5" on each row and dims what cannot be added without breaking a rule.
Answering that by validating the list once per combatant would cost 5,000 validations per edit
at catalogue scale; instead each rule's amounts and bounds are computed once for the list, and
what one more model of a combatant adds to each of them (its *delta*) is known from the faction
alone. Combatants that add the same to a rule share one answer.

"Break" means what a player would see after adding it: a finding of that rule (errors only) that
was not there, or one further from its bound than before (4 Messengers of 3 allowed becoming 5).
A combatant that raises a bound (a Leader raising the Messenger cap) or switches a rule on
(``when``) is accounted for the same way. Every quantity, bound and ``when`` is read from the
table of :mod:`.kinds`, as the engine reads it. Nothing here knows a game.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from builder.model import Combatant, Faction, Warband
from builder.model.options import Pick
from builder.model.quantity import Selector
from builder.model.system import POINTS_LIMIT, Rule
from builder.rules.cache import RuleCache, Selection
from builder.rules.engine import KINDS, Quantity, evaluate, list_part, one_pick_adds
from builder.rules.kinds import (
    AT_MOST,
    TOTAL,
    Bound,
    applies,
    bounds_of,
    breach,
    worth_of,
)


@dataclass(frozen=True)
class Room:
    """One combatant's row: models hired (over all entries), the tightest cap of the rules on
    each combatant (None: no rule caps it), and the rules one more model would break."""

    hired: int
    cap: int | None
    breaks: tuple[Rule, ...] = ()


class _Reader:
    """The faction's combatants, and which of them each selector matches (asked once per
    selector however many rules share it, through the one matcher)."""

    def __init__(self, faction: Faction, cache: RuleCache | None = None) -> None:
        self.faction = faction
        self.system = (cache or RuleCache()).system(faction.game)
        self.combatants = list(faction.combatants)
        self.steps = [c.unit.min if c.unit is not None else 1 for c in self.combatants]
        """Models one more of each combatant hires: a unit's least (a new entry), else one."""
        self.stepped = any(k > 1 for k in self.steps)
        self._matched: dict[Hashable, list[bool]] = {}

    def matched(self, sel: Selector | Selection | None) -> list[bool]:
        selection = sel if isinstance(sel, Selection) else self.system.selection(sel)
        if not selection.gives_keys:
            return [True] * len(self.combatants)
        if selection.entries:  # (one more is a new entry, which took no option)
            return [False] * len(self.combatants)
        found = self._matched.get(selection.key)
        if found is None:
            found = self._matched[selection.key] = list(map(selection.matches,
                                                            self.combatants))
        return found


class _Term:
    """One quantity of a rule: its value for a list, and what one more of each combatant (a
    new entry: a unit's least, else one model) adds to it, read from the quantity's
    :class:`~builder.rules.kinds.Kind` as the engine reads it."""

    def __init__(self, q: Quantity, reader: _Reader) -> None:
        self.quantity = q
        self.fixed: int | None = None
        """A whole number or a parameter: the same for every list of the faction."""
        self.limit = q == POINTS_LIMIT
        self.combine = TOTAL
        """How its values make its amount: a total, or (not weighted) the highest."""
        self.per: list[float] | None = None
        """Per combatant: what each of its models (or entries, ``per_entry``) adds (for a
        highest: its value, or the combine's nothing)."""
        self.effects: list[float] | None = None
        """Per combatant: what one more adds (a highest: its value, or the combine's
        nothing)."""
        self.per_entry = False
        self.of_list = False
        """Whether the list can add to it beyond its combatants (options, picks, selectors
        with option keys): :func:`~builder.rules.engine.list_part`."""
        self.factor = 1
        if type(q) in KINDS:
            term = reader.system.term(q)
            kind = term.kind
            times = q.times
            self.factor = times if isinstance(times, int) else reader.faction.parameter(times)
            self.of_list = kind.of_list is not None or kind.with_options \
                or term.selection.entries
            if kind.of_list is not None:
                return
            self.combine = combine = kind.combine
            one = worth_of(term.stat)
            matched = reader.matched(term.selection)
            combatants = reader.combatants
            if not combine.weighted:
                nothing = combine.nothing
                self.per = self.effects = [one(c) if m else nothing
                                           for c, m in zip(combatants, matched, strict=True)]
                return
            factor = self.factor
            self.per = [one(c) * factor if m else 0
                        for c, m in zip(combatants, matched, strict=True)]
            self.per_entry = kind.per_entry
            self.effects = self.per if kind.per_entry or not reader.stepped \
                else [p * k for p, k in zip(self.per, reader.steps, strict=True)]
            if not any(self.per):
                self.per = self.effects = None
                if not self.of_list:
                    self.fixed = 0
        elif isinstance(q, bool):  # never valid; as the engine reads it
            self.fixed = int(q)
        elif isinstance(q, int):
            self.fixed = q
        elif not self.limit:
            self.fixed = reader.faction.parameter(cast(str, q))

    def pick_effects(self, picks: Sequence[Pick]) -> list[float]:
        """What taking each of ``picks`` does to this term, as :meth:`after` reads an effect
        (a pick adds to no highest: the combine's nothing there)."""
        if not self.combine.weighted:
            return [self.combine.nothing] * len(picks)
        if not self.of_list:
            return [0] * len(picks)
        adds, factor = one_pick_adds(self.quantity), self.factor
        return [adds(p) * factor for p in picks]

    def now(self, at: _ListAt) -> tuple[int | None, float]:
        """The value for a list, and for a highest the highest stat before ``times`` (the
        combine's nothing when there is none)."""
        if self.fixed is not None:
            return self.fixed, 0
        if self.limit:
            return at.limit, 0
        combine = self.combine
        extra = at.extras.get(id(self), combine.nothing) if self.of_list and at.extras \
            else combine.nothing
        per = self.per
        if combine.weighted:
            total = int(extra) * self.factor
            if per is not None:
                total += int(combine.kept(per, at.entries if self.per_entry  # type: ignore[arg-type]
                                          else at.hired))
            return total, 0
        best = combine.kept(per, at.hired) if per is not None else combine.nothing  # type: ignore[arg-type]
        raw = combine.more(best, extra)  # (with what the list took besides)
        return combine.amount(raw) * self.factor, raw

    def after(self, now: int | None, raw: float, effect: float) -> int | None:
        """The value with one more of a combatant whose effect is ``effect``."""
        if now is None:
            return None
        if self.combine.weighted:
            return int(self.combine.more(now, effect))
        return self.combine.amount(self.combine.more(raw, effect)) * self.factor


@dataclass
class _ListAt:
    """What the terms read of one list: models (and entries) per combatant index, its
    points limit, and what it adds beyond its combatants per term (by the term's id)."""

    hired: dict[int, int]
    limit: int | None
    entries: dict[int, int]
    extras: dict[int, int | float]


class _ListRule:
    """A form-1 rule (``count``): one amount for the list against its bounds."""

    def __init__(self, rule: Rule, reader: _Reader) -> None:
        assert rule.count is not None
        self.rule = rule
        self.when = rule.when is not None
        self.kinds: list[Bound] = [bound for bound, _q in bounds_of(rule)]
        terms = [_Term(rule.count, reader), *(_Term(q, reader) for _k, q in bounds_of(rule))]
        if rule.when is not None:
            terms.append(_Term(rule.when, reader))
        self.terms = terms
        self.groups = _group(terms, len(reader.combatants))
        count = terms[0]
        self.simple = (self.kinds == [AT_MOST] and rule.when is None
                       and count.combine.weighted and terms[1].effects is None)
        """One ``at_most`` bound no combatant moves, over an amount each adds to (the points
        limit, the Messenger cap): one more breaks it exactly when it adds more than is
        left, or anything once it is broken."""

    def state(self, values: Sequence[int | None]) -> int | None:
        """The gap of the finding the engine would report (None: none)."""
        if self.when and not applies(self.rule, values[-1]):
            return None
        have = values[0]
        if have is None:
            return None
        found = breach(self.kinds, values, have, start=1)
        return found[1] if found is not None else None

    def blocked(self, at: _ListAt) -> list[int]:
        """Indexes of the combatants one more of which breaks this rule, or breaks it more."""
        nows = [t.now(at) for t in self.terms]
        out: list[int] = []
        if self.simple:
            have, bound = nows[0][0], nows[1][0]
            if have is None or bound is None:
                return out
            left = bound - have if have <= bound else 0  # (broken: any more is worse)
            for signature, members in self.groups.items():
                if signature[0] > left:
                    out += members
            return out
        before = self.state([v for v, _raw in nows])
        for signature, members in self.groups.items():
            if self._worse(nows, before, signature):
                out += members
        return out

    def worse_after(self, _at: _ListAt, nows: Sequence[tuple[int | None, float]],
                    effects: Sequence[float]) -> bool:
        """Whether a change moving the terms by ``effects`` (a pick taken) makes the finding
        appear or go further from its bound."""
        return self._worse(nows, self.state([v for v, _raw in nows]), effects)

    def _worse(self, nows: Sequence[tuple[int | None, float]], before: int | None,
               effects: Sequence[float]) -> bool:
        gap = self.state([t.after(v, raw, e) for t, (v, raw), e
                          in zip(self.terms, nows, effects, strict=True)])
        return gap is not None and (before is None or gap > before)


class _EachRule:
    """A form-2 rule (``each``): the models of each hired combatant that matches."""

    def __init__(self, rule: Rule, reader: _Reader) -> None:
        assert rule.each is not None
        self.rule = rule
        self.when = rule.when is not None
        self.kinds: list[Bound] = [bound for bound, _q in bounds_of(rule)]
        terms = [_Term(q, reader) for _k, q in bounds_of(rule)]
        if rule.when is not None:
            terms.append(_Term(rule.when, reader))
        self.terms = terms
        combatants = reader.combatants
        self.member = reader.matched(rule.each)
        self.own = [c.max if rule.own_max else None for c in combatants]
        self.steps = reader.steps
        self.groups = _group(terms, len(combatants), self.member, self.own, self.steps)
        """Combatants by (matched, own max, models one more hires, what one more adds to
        each term)."""
        self.group_of = [0] * len(combatants)
        for g, members in enumerate(self.groups.values()):
            for i in members:
                self.group_of[i] = g
        self.capping = AT_MOST in self.kinds
        self.simple = self.kinds == [AT_MOST] and rule.when is None \
            and terms[0].effects is None
        """One ``at_most`` bound no combatant moves (five of a kind, a squad's three): one
        more of a combatant breaks it exactly when as many as its cap are hired already."""
        if self.simple:
            self.uncapped_members = [i for i, (m, o) in enumerate(zip(self.member, self.own,
                                                                      strict=True))
                                     if m and o is None]
            self.stepped_members = [i for i, m in enumerate(self.member)
                                    if m and self.steps[i] > 1]
            """Members one more of which is a unit of several models."""
            self.most_step = max(self.steps, default=1)
        self.lowest_own = min((o for m, o in zip(self.member, self.own, strict=True)
                               if m and o is not None), default=None)
        """The lowest own max of the combatants it looks at (None: none has one)."""

    def state(self, n: int, own: int | None, values: Sequence[int | None]) -> int | None:
        """The gap of the finding the engine would report for one combatant (None: none)."""
        found = breach(self.kinds, values, n, own)
        return found[1] if found is not None else None

    def on(self, values: Sequence[int | None]) -> bool:
        return not self.when or applies(self.rule, values[-1])

    def blocked(self, at: _ListAt) -> list[int]:
        hired = at.hired
        nows = [t.now(at) for t in self.terms]
        if self.simple:
            return self._at_cap(hired, nows[0][0])
        values = [v for v, _raw in nows]
        on = self.on(values)
        n_bounds = len(self.kinds)
        out: list[int] = []
        # per group: what one more does to the bounds, and to the others hired
        plans: list[tuple[bool, int | None, int, list[int | None], list[int]]] = []
        for key, group in self.groups.items():
            member, own, step = key[0], cast("int | None", key[1]), cast(int, key[2])
            signature = key[3:]
            after = [t.after(v, raw, e) for t, (v, raw), e in zip(self.terms, nows, signature,
                                                                   strict=True)]
            on_after = self.on(after)
            # the others hired: a bound that moves, or the rule switched on, may break their
            # findings too
            others = self._others(hired, on, values, after, on_after, n_bounds)
            own_check = bool(member) and on_after
            if others or (own_check and self._worse(0, own, on, values, after, step)):
                out += [i for i in group if i not in hired]
            plans.append((own_check, own, step, after, others))
        # the hired, one pass: the same answer for the same group and number hired
        verdicts: dict[tuple[int, int], bool] = {}
        group_of = self.group_of
        for i, n in hired.items():
            g = group_of[i]
            found = verdicts.get((g, n))
            if found is None:
                own_check, own, step, after, others = plans[g]
                found = own_check and self._worse(n, own, on, values, after, step)
                verdicts[(g, n)] = found
            if found or (plans[g][4] and plans[g][4] != [i]):
                out.append(i)
        return out

    def _others(self, hired: dict[int, int], on: bool, values: Sequence[int | None],
                after: Sequence[int | None], on_after: bool, n_bounds: int) -> list[int]:
        """The combatants hired whose finding appears or gets worse when the terms move from
        ``values`` to ``after`` (a bound that moves, the rule switched on)."""
        if not on_after or (on and after[:n_bounds] == values[:n_bounds]):
            return []
        return [i for i, n in hired.items() if self.member[i]
                and self._worse(n, self.own[i], on, values, after)]

    def worse_after(self, at: _ListAt, nows: Sequence[tuple[int | None, float]],
                    effects: Sequence[float]) -> bool:
        """Whether a change that hires no one but moves the terms by ``effects`` (a pick
        taken) makes the finding of a combatant hired appear or get worse."""
        values = [v for v, _raw in nows]
        after = [t.after(v, raw, e) for t, (v, raw), e in zip(self.terms, nows, effects,
                                                               strict=True)]
        return bool(self._others(at.hired, self.on(values), values, after, self.on(after),
                                 len(self.kinds)))

    def _at_cap(self, hired: dict[int, int], bound: int | None) -> list[int]:
        member, own, steps = self.member, self.own, self.steps
        out = []
        caps = [c for c in (bound, self.lowest_own) if c is not None]
        # (no combatant hired as many as the lowest cap allows less one more: none is at its
        # cap, and a long list is not gone through)
        if caps and hired and max(hired.values()) + self.most_step > min(caps):
            for i, n in hired.items():
                if member[i]:
                    cap = own[i] if own[i] is not None else bound
                    if cap is not None and n + steps[i] > cap:
                        out.append(i)
        if bound == 0:  # not even one may come
            out += [i for i in self.uncapped_members if i not in hired]
        for i in self.stepped_members:  # a unit bigger than its cap
            cap = own[i] if own[i] is not None else bound
            if i not in hired and cap is not None and cap != 0 and steps[i] > cap:
                out.append(i)
        return out

    def _worse(self, n: int, own: int | None, on: bool, values: Sequence[int | None],
               after: Sequence[int | None], step: int = 0) -> bool:
        """Whether the finding for a combatant with ``n`` models hired gets worse (or appears)
        when the bounds move from ``values`` to ``after`` and it gains ``step`` models."""
        gap = self.state(n + step, own, after)
        before = self.state(n, own, values) if on and n > 0 else None
        return gap is not None and (before is None or gap > before)


def _group(terms: Sequence[_Term], n: int, *more: Sequence[object]) -> dict[tuple, list[int]]:
    """Combatant indexes by signature: ``more`` of their own, then what one more of them adds
    to each term. Combatants with one signature share one answer (a few dozen signatures for
    thousands of combatants). Columns the same for everyone are left out of the grouping and
    put back in each signature."""
    columns: list[Sequence[object] | None] = [*more, *(t.effects for t in terms)]
    same: list[object] = []
    varying: list[Sequence[object]] = []
    for column in columns:
        if column is None or len(set(column)) <= 1:  # (a term nobody changes adds 0)
            same.append(column[0] if column else 0)
        else:
            same.append(_VARIES)
            varying.append(column)
    groups: dict[tuple, list[int]] = {}
    if not varying:
        return {tuple(same): list(range(n))} if n else {}
    for i, key in enumerate(zip(*varying, strict=True)):
        found = groups.get(key)
        if found is None:
            groups[key] = [i]
        else:
            found.append(i)
    out = {}
    for key, members in groups.items():
        values = iter(key)
        out[tuple(next(values) if v is _VARIES else v for v in same)] = members
    return out


_VARIES = object()


class Headroom:
    """The rules of one faction, read once per combatant; :meth:`measure` then answers for a
    list in one pass over its entries and the rules' signatures (no validation, no selector
    matched). Only error rules count: a warning never makes a list illegal."""

    def __init__(self, faction: Faction, extra_rules: Iterable[Rule] = ()) -> None:
        self._cache = RuleCache()
        """The quantities of the faction's game read once, for every list measured."""
        reader = _Reader(faction, self._cache)
        self.faction = faction
        self.combatants = reader.combatants
        self.index = {c.id: i for i, c in enumerate(self.combatants)}
        rules = [rule for rule in (*faction.game.rules, *extra_rules)
                 if rule.severity == "error"]
        self.rules: list[_ListRule | _EachRule] = [
            _EachRule(rule, reader) if rule.each is not None else _ListRule(rule, reader)
            for rule in rules]
        self._capping = [rule for rule in self.rules
                         if isinstance(rule, _EachRule) and rule.capping]
        terms = [t for rule in self.rules for t in rule.terms]
        self._per_entry = any(t.per_entry for t in terms)
        self._of_list = [t for t in terms if t.of_list]
        # combatants by the capping rules that look at them and their own max
        keys: dict[tuple[tuple[int, int | None], ...], int] = {}
        columns = [[(k, own) if member else None for member, own in zip(rule.member, rule.own,
                                                                      strict=True)]
                   for k, rule in enumerate(self._capping)]
        self._cap_key = [keys.setdefault(tuple(p for p in row if p is not None), len(keys))
                         for row in zip(*columns, strict=True)] if columns \
            else [0] * len(self.combatants)
        self._cap_keys = list(keys) or [()]
        self._picks_by_effect: tuple[list[list[tuple[float, ...]]],
                                     dict[str, tuple[int, ...]]] | None = None

    def measure(self, warband: Warband, points_limit: int | None,
                totals: Mapping[str, int] | None = None) -> Rooms:
        """Every combatant's room in ``warband`` under ``points_limit`` (the list's own, or an
        event's). ``totals``: its models per combatant id when already worked out (a
        validation's report has them)."""
        at = self._at(warband, points_limit, totals)
        hired = at.hired
        breaks: dict[int, tuple[Rule, ...]] = {}
        for rule in self.rules:
            blocked = rule.blocked(at)
            if not breaks:  # (the first rule that blocks any: in C)
                breaks = dict.fromkeys(blocked, (rule.rule,))
                continue
            for i in blocked:
                breaks[i] = (*breaks.get(i, ()), rule.rule)
        return Rooms(self.combatants, self.index, hired, self._caps(at), breaks)

    def picks(self, warband: Warband, points_limit: int | None,
              totals: Mapping[str, int] | None = None) -> PickRooms:
        """The rules taking each pick the list does not hold would break (only the picks
        that break one), as :meth:`measure` tells it of one more model: what a pick adds to
        each term is known from the faction alone (:func:`~builder.rules.engine.
        one_pick_adds`), and picks that add the same share one answer; which picks those
        are is looked up when asked (20,000 picks are a handful of answers per rule)."""
        at = self._at(warband, points_limit, totals)
        signatures, of_pick = self._pick_groups()
        breaking = []
        for rule, effects in zip(self.rules, signatures, strict=True):
            nows = [t.now(at) for t in rule.terms] if effects else []
            breaking.append(frozenset(k for k, e in enumerate(effects)
                                      if rule.worse_after(at, nows, e)))
        return PickRooms([rule.rule for rule in self.rules], breaking, of_pick,
                         frozenset(warband.picks))

    def _pick_groups(self) -> tuple[list[list[tuple[float, ...]]],
                                    dict[str, tuple[int, ...]]]:
        """Per rule, what taking a pick does to each of its terms, once for each different
        answer among the faction's picks; and per pick, which of those is its own for each
        rule (-1: it changes nothing there). Worked out once."""
        if self._picks_by_effect is None:
            offered = list(self.faction.picks_offered.values())
            signatures: list[list[tuple[float, ...]]] = []
            columns: list[list[int]] = []
            for rule in self.rules:
                found: dict[tuple[float, ...], int] = {}
                column = [-1] * len(offered)
                if any(t.of_list for t in rule.terms):
                    unmoved = tuple(t.combine.nothing for t in rule.terms)
                    effects = zip(*(t.pick_effects(offered) for t in rule.terms), strict=True)
                    for i, effect in enumerate(effects):
                        if effect != unmoved:
                            column[i] = found.setdefault(effect, len(found))
                signatures.append(list(found))
                columns.append(column)
            rows: list[tuple[int, ...]] = list(zip(*columns, strict=True)) if columns \
                else [()] * len(offered)
            self._picks_by_effect = (signatures, dict(zip((p.id for p in offered), rows,
                                                          strict=True)))
        return self._picks_by_effect

    def _at(self, warband: Warband, points_limit: int | None,
            totals: Mapping[str, int] | None) -> _ListAt:
        """What the terms read of ``warband`` (``totals``: as :meth:`measure` takes it)."""
        index = self.index
        if totals is None:
            totals = warband.totals()
        if index.keys() >= totals.keys():  # (no unknown combatant: made in C)
            hired = dict(zip(map(index.__getitem__, totals), totals.values(), strict=True))
        else:  # an unknown combatant counts toward nothing
            hired = {index[cid]: n for cid, n in totals.items() if cid in index}
        return _ListAt(hired, points_limit, self._entries(warband) if self._per_entry else {},
                       self._extras(warband, points_limit))

    def _entries(self, warband: Warband) -> dict[int, int]:
        """Entries per combatant index (a unit, like any entry, counts once)."""
        index, out = self.index, dict[int, int]()
        for e in warband.entries:
            i = index.get(e.combatant)
            if i is not None:
                out[i] = out.get(i, 0) + 1
        return out

    def _extras(self, warband: Warband, limit: int | None) -> dict[int, int | float]:
        """What the list adds beyond its combatants to each term that can count it (the
        entries' options, the picks: SPEC §9), by the term's id; nothing for a list without
        options or picks."""
        if not self._of_list or not warband.has_options:
            return {}
        ev = evaluate(warband, self.faction, limit, self._cache)
        return {id(t): list_part(t.quantity, ev) for t in self._of_list}

    def _caps(self, at: _ListAt) -> list[int | None]:
        bounds: list[list[int | None] | None] = []
        for rule in self._capping:
            values = [t.now(at)[0] for t in rule.terms]
            bounds.append(values if rule.on(values) else None)  # a rule switched off caps none
        by_key = []
        for key in self._cap_keys:
            caps = []
            for k, own in key:
                found = bounds[k]
                if found is not None:
                    caps += [own if own is not None else bound for kind, bound
                             in zip(self._capping[k].kinds, found, strict=False)
                             if kind is AT_MOST]
            by_key.append(min((c for c in caps if c is not None), default=None))
        return list(map(by_key.__getitem__, self._cap_key))


@dataclass(frozen=True)
class Rooms:
    """The answer of :meth:`Headroom.measure`, indexed like the faction's combatants."""

    combatants: list[Combatant]
    index: dict[str, int]
    hired_at: dict[int, int]
    """Models hired per combatant index (only those hired)."""
    caps: list[int | None]
    breaks_at: dict[int, tuple[Rule, ...]]
    """The rules one more model breaks, per combatant index (only those that break one)."""

    def room(self, combatant_id: str) -> Room:
        i = self.index[combatant_id]
        return Room(self.hired_at.get(i, 0), self.caps[i], self.breaks_at.get(i, ()))


class PickRooms(Mapping[str, tuple[Rule, ...]]):
    """The answer of :meth:`Headroom.picks`: pick id -> the rules taking it would break, for
    the picks the list does not hold that break one. Each pick is looked up when asked."""

    def __init__(self, rules: list[Rule], breaking: list[frozenset[int]],
                 of_pick: dict[str, tuple[int, ...]], taken: frozenset[str]) -> None:
        self._rules = rules
        self._breaking = breaking
        self._of_pick = of_pick
        self._taken = taken

    def __getitem__(self, pick_id: str) -> tuple[Rule, ...]:
        signature = self._of_pick.get(pick_id) if pick_id not in self._taken else None
        if signature is None:
            raise KeyError(pick_id)
        found = tuple(rule for rule, k, breaking in zip(self._rules, signature, self._breaking,
                                                         strict=True) if k in breaking)
        if not found:
            raise KeyError(pick_id)
        return found

    def __iter__(self) -> Iterator[str]:
        return (pid for pid in self._of_pick if pid in self)

    def __len__(self) -> int:
        return sum(1 for _pid in self)


def headroom(warband: Warband, faction: Faction, points_override: int | None = None,
             extra_rules: Iterable[Rule] = ()) -> Rooms:
    """:meth:`Headroom.measure` for one list, with :func:`builder.rules.validate`'s
    arguments."""
    limit = warband.points_limit if points_override is None else points_override
    return Headroom(faction, extra_rules).measure(warband, limit)
