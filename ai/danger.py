"""Defence: who threatens, and how dangerous each tile is against each of them.

Threats (`assess`). A riichi is a certain threat. An open hand threatens more
with every call (three calls: likely tenpai), more when its calls show value
(value-tile pons, dora) or a flush (every call in one suit, that suit missing
from its river), and late in the hand. A closed hand that has not declared
riichi is a small threat that grows as the wall runs out (dama-ten).

Danger (`tile_danger`): the chance that a tile deals in against one tenpai
opponent, from the shapes that could wait on it, cut down by what the player can
see:
- genbutsu: the opponent's own discards (furiten) and, against a riichi, every
  tile discarded after the declaration that the riichi player let pass;
- suji: a ryanmen wait on 4 also waits on 1 and 7, so 1/7 are safe from that
  shape when 4 is genbutsu (each side of a tile is cleared separately);
- kabe / one-chance: with all four (three) copies of 5 in sight, nobody holds the
  5-6 or 4-5 shapes that would wait on 4 or 7 through it;
- honors: only tanki and shanpon wait on them; with three in sight, none can.
The figures are in line with the published deal-in rates against riichi
(non-suji middle tiles ~12%, suji terminals ~2%).

Genbutsu after riichi. The view has each river in order, and which discards
came *after* a riichi follows from turn order and the called tiles
(`discard_order`): exact, from the view alone, so a fresh player (the hint, the
review) sees the same genbutsu as one that sat through the hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.player_view import PlayerView
from rules.hand import MeldKind
from rules.tiles import KIND_COUNT, dora_skipping

from .common import Context
from .option_reasons import seat_words
from .reasons import Reason, Term, Tiles
from .value import han_points, scale_of


@dataclass(slots=True)
class Threat:
    seat: int
    level: float  # chance the seat is tenpai (or as good as) now
    value: float  # points it would take from a deal-in
    why: str  # "riichi", "three calls", "flush calls", "dama"
    flush: int | None = None  # suit of an apparent honitsu/chinitsu
    toitoi: bool = False
    safe: frozenset[int] = field(default_factory=frozenset)  # genbutsu kinds
    riichi: bool = False
    suji: bool = True  # suji reasoning holds (furiten covers every wait, not one kind)


def riichi_index(view: PlayerView, seat: int) -> int | None:
    for i, e in enumerate(view.rivers[seat]):
        if e.riichi:
            return i
    return None


def discard_order(view: PlayerView) -> list[tuple[int, int]]:
    """Every discard of the hand as (seat, index in its river), in the order made.

    Turn order is fixed by the rivers alone: the dealer discards first, and after
    each discard the next seat plays, unless the tile was called (`called_by`),
    when the caller discards next (a kan adds a replacement draw, not a turn). So
    the order is exact whatever calls were made, from the view alone: a player
    that has seen nothing before (the hint, the review) reads it as the player
    that sat through the hand. A view the rivers cannot explain (built by hand)
    has its remaining discards taken round the table from where the order stopped.
    """
    rivers = view.rivers
    seats = len(rivers)
    taken = [0] * seats
    total = sum(map(len, rivers))
    order: list[tuple[int, int]] = []
    seat = view.dealer
    while len(order) < total:
        river = rivers[seat]
        i = taken[seat]
        if i >= len(river):
            break
        order.append((seat, i))
        taken[seat] = i + 1
        called = river[i].called_by
        seat = called if called is not None else (seat + 1) % seats
    while len(order) < total:  # rivers no game could leave: round the table
        if taken[seat] < len(rivers[seat]):
            order.append((seat, taken[seat]))
            taken[seat] += 1
        seat = (seat + 1) % seats
    return order


def after_riichi_kinds(view: PlayerView, seat: int) -> set[int]:
    """Kinds discarded by anyone else after `seat`'s riichi declaration tile (each
    one the riichi player let pass, so it cannot win on: genbutsu)."""
    r_idx = riichi_index(view, seat)
    if r_idx is None:
        return set()
    rivers = view.rivers
    out: set[int] = set()
    after = False
    for s, i in discard_order(view):
        if after:
            if s != seat:
                out.add(rivers[s][i].tile.kind)
        elif s == seat and i == r_idx:
            after = True
    return out


def riichi_value(ruleset) -> float:
    """What a non-dealer riichi typically takes from a deal-in before dora: about 3,900
    where riichi brings nothing more (jpml, teiai), 5,200 with ura dora and ippatsu."""
    return 3900 + (1000 if ruleset.ura_dora else 0) + (300 if ruleset.ippatsu else 0)


def assess(ctx: Context) -> list[Threat]:
    view = ctx.view
    me = view.seat
    scale = scale_of(ctx)
    left = view.tiles_left
    dora_kinds = set()
    if view.ruleset.dora:
        removed = view.ruleset.removed_kinds  # three players: a 1m indicator makes 9m (§9)
        dora_kinds = {dora_skipping(t.kind, removed) for t in view.dora_indicators}
    suji = view.ruleset.furiten_scope == "all_waits"
    players = view.ruleset.players  # with three, seat 3 is empty: no threat there
    kita = view.kita
    out: list[Threat] = []
    for o in range(players):
        if o == me:
            continue
        dealer = 1.5 if o == view.dealer else 1.0
        nuki = kita[o]  # its Norths set aside: a dora each, whatever it wins with
        river = view.rivers[o]
        safe = {e.tile.kind for e in river}
        melds = view.melds[o]
        opened = [m for m in melds if m.opened]
        if view.riichi[o]:
            safe |= after_riichi_kinds(view, o)
            value = (
                (riichi_value(view.ruleset) + 1000 * len(dora_kinds) + 1000 * nuki) * dealer * scale
            )
            out.append(
                Threat(o, 1.0, value, "riichi", safe=frozenset(safe), riichi=True, suji=suji)
            )
            continue
        if opened:
            n = len(melds)
            level = (0.0, 0.05, 0.15, 0.45, 0.8)[min(n, 4)]
            if left < 24 and n >= 3:
                level += 0.1
            han = 1.0 + nuki
            yakuhai = {31, 32, 33, 27 + view.round_wind, 27 + (o - view.dealer) % players}
            for m in melds:
                han += sum(t.kind in dora_kinds or t.red for t in m.tiles)
                if m.kind is not MeldKind.CHI and m.base_kind in yakuhai:
                    han += 1
            suits = {m.base_kind // 9 for m in melds if m.base_kind < 27}
            flush = None
            if len(suits) == 1 and len(river) >= 5:
                suit = next(iter(suits))
                in_suit = sum(1 for e in river if e.tile.kind // 9 == suit and e.tile.kind < 27)
                if in_suit <= len(river) // 6:
                    flush = suit
                    han += 2
                    level += 0.1
            toitoi = n >= 2 and all(m.kind is not MeldKind.CHI for m in melds)
            if toitoi:
                han += 2
            why = "flush calls" if flush is not None else f"{n} call{'s' if n > 1 else ''}"
            value = han_points(han + 0.5, False, scale) * dealer
            out.append(
                Threat(o, min(level, 1.0), value, why, flush, toitoi, frozenset(safe), suji=suji)
            )
            continue
        level = 0.04 if left > 40 else 0.08 if left > 25 else 0.14 if left > 10 else 0.2
        value = (4500 + 1300 * nuki) * dealer * scale
        out.append(Threat(o, level, value, "dama", safe=frozenset(safe), suji=suji))
    return out


_RYANMEN = 0.038
_KANCHAN = 0.012
_PENCHAN = 0.009
_PER_COPY = 0.006  # shanpon / tanki, per unseen copy


def tile_danger(kind: int, threat: Threat, seen: list[int]) -> tuple[float, str]:
    """(chance of dealing in if the threat is tenpai, why): `seen` counts every copy
    in sight, own hand included."""
    if kind in threat.safe:
        return 0.0, "genbutsu"
    copies_left = max(0, 4 - seen[kind])
    if kind >= 27:
        if copies_left == 0:
            return 0.0, "no copies left"
        p = (0.0, 0.007, 0.022, 0.05, 0.06)[copies_left]
        if threat.flush is not None or threat.toitoi:
            p *= 1.6
        return p, f"honor, {4 - copies_left} seen"
    n = kind % 9
    safe = threat.safe if threat.suji else frozenset()
    if threat.flush is not None and kind // 9 != threat.flush:
        return 0.004, "outside the flush suit"
    paths = 0.0
    sides = 0
    cleared = blocked = 0
    one_chance = False
    for lo_ok, partner, a, b in (
        (n <= 5, kind + 3, kind + 1, kind + 2),  # shape (n+1, n+2) waits on n and n+3
        (n >= 3, kind - 3, kind - 1, kind - 2),  # shape (n-2, n-1) waits on n-3 and n
    ):
        if not lo_ok:
            continue
        sides += 1
        if partner in safe:
            cleared += 1
            continue
        w = _wall_factor(seen, a, b)
        if w < 1:
            blocked += 1
            one_chance = one_chance or w > 0
        paths += w
    p = 0.0 if threat.toitoi else _RYANMEN * paths
    if 1 <= n <= 7:
        p += _KANCHAN * _wall_factor(seen, kind - 1, kind + 1)
    if n == 2:
        p += _PENCHAN * _wall_factor(seen, kind - 1, kind - 2)
    elif n == 6:
        p += _PENCHAN * _wall_factor(seen, kind + 1, kind + 2)
    p += _PER_COPY * copies_left * (3 if threat.toitoi else 1)
    if cleared == sides:
        why = "suji"
    elif cleared + blocked == sides:
        why = "one-chance" if one_chance else "kabe" if not cleared else "suji and kabe"
    elif cleared:
        why = "half-suji"
    elif blocked:
        why = "one-chance on one side" if one_chance else "kabe on one side"
    else:
        why = "no suji"
    return p, why


def _wall_factor(seen: list[int], a: int, b: int) -> float:
    """How possible a shape holding kinds a and b is: 0 when either is all in
    sight (kabe), 0.35 with three in sight (one-chance)."""
    worst = max(seen[a], seen[b])
    if worst >= 4:
        return 0.0
    if worst == 3:
        return 0.35
    return 1.0


def seen_counts(ctx: Context) -> list[int]:
    return [ctx.counts[k] + ctx.visible[k] for k in range(KIND_COUNT)]


def danger_table(ctx: Context, threats: list[Threat], kinds: list[int]) -> dict[int, float]:
    """Expected loss (points) of discarding each kind now."""
    seen = seen_counts(ctx)
    out = {}
    for k in kinds:
        total = 0.0
        for t in threats:
            p, _ = tile_danger(k, t, seen)
            total += t.level * p * t.value
        out[k] = total
    return out


def danger_words(ctx: Context, threats: list[Threat], kind: int) -> list[Reason]:
    """'7p is genbutsu against East (kamicha (left))'s riichi', one per real threat."""
    view = ctx.view
    seen = seen_counts(ctx)
    out = []
    for t in threats:
        if t.level < 0.4:
            continue
        p, why = tile_danger(kind, t, seen)
        who = seat_words(t.seat, view.seat, view.dealer, view.ruleset.players)
        fields = dict(tile=Tiles((kind,)), why=Term(why), who=who, chance=f"{p:.0%}")
        if t.riichi:
            out.append(Reason("danger_riichi", "{tile} is {why} against {who}'s riichi: about"
                              " {chance} to deal in", **fields))
        else:
            out.append(Reason("danger", "{tile} is {why} against {who} ({threat}): about"
                              " {chance} to deal in", threat=Term(t.why), **fields))
    return out
