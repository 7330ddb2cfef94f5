"""What every level shares: the per-decision `Context`, memoised hand shape, and
the player skeleton that turns a seat's view into one action. A level is told
only its `SeatView` (`decide(view)`, a host seat's protocol); it reads that as a
`PlayerView` on its own side (`engine.player_view`) and chooses from the view's legal
actions.

A level is a `Policy` subclass that overrides a few hooks (`claim`, `turn`, ...);
`BasePlayer.decide` wins whenever a win is legal, shows tenpai at a draw and
otherwise asks the hooks. Everything a level decides comes from the view it is
given and from `legal`, so the engine's rules (kuikae, furiten, riichi
conditions) are obeyed by construction.

Speed. The expensive fact about a hand is its shape: shanten and the kinds whose
draw improves it. That depends only on the concealed counts and the number of
melds, so it is memoised here (`shape`) keyed by the packed counts; the visible
tiles change every turn and are applied afterwards, as a cheap sum over the
improving kinds. `rules.shanten` memoises per suit underneath.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import compress
from operator import add, mul, sub

from engine.actions import (
    Action,
    Discard,
    Kita,
    Pass,
    Ron,
    ShowTenpai,
    Tsumo,
)
from engine.player_view import PlayerView, reading
from engine.seat_view import SeatView
from rules.shanten import shanten, shanten_by_draw
from rules.tiles import DRAGONS, KIND_COUNT, NORTH, dora_from_indicator, dora_skipping, is_honor

from .reasons import Reason

__all__ = [
    "BasePlayer",
    "Context",
    "Option",
    "preferences",
    "shape",
    "tile_preference",
]

_FOURS = (4,) * KIND_COUNT  # copies of each kind
_KINDS = range(KIND_COUNT)

# --- memoised shape ----------------------------------------------------------------

_SHAPES: dict[bytes, tuple[int, tuple[int, ...]]] = {}
_SHAPES_MAX = 400_000


def shape(packed: bytes, melds: int, chiitoitsu: bool) -> tuple[int, tuple[int, ...]]:
    """(shanten, improving kinds) of a 3n+1 hand given as packed counts. Memoised."""
    key = packed + bytes((melds, chiitoitsu))
    hit = _SHAPES.get(key)
    if hit is not None:
        return hit
    return _new_shape(key, packed, melds, chiitoitsu, shanten(packed, melds, chiitoitsu=chiitoitsu))


def _new_shape(
    key: bytes, packed: bytes, melds: int, chiitoitsu: bool, now: int
) -> tuple[int, tuple[int, ...]]:
    """Work out and memoise a shape whose shanten `now` is already known."""
    after = shanten_by_draw(packed, melds, chiitoitsu=chiitoitsu)
    improving = tuple(compress(_KINDS, map(now.__gt__, after)))
    if len(_SHAPES) >= _SHAPES_MAX:
        _SHAPES.clear()
    hit = _SHAPES[key] = (now, improving)
    return hit


def tile_preference(kind: int, yakuhai: frozenset[int]) -> int:
    """Order of discard among otherwise equal tiles (lower goes first): guest winds,
    then value honors, terminals, then number tiles from the edge inward."""
    return preferences(yakuhai)[kind]


_PREFERENCES: dict[frozenset[int], tuple[int, ...]] = {}


def preferences(yakuhai: frozenset[int]) -> tuple[int, ...]:
    """`tile_preference` of every kind for one set of value honors (a handful of
    such sets exist, so each table is built once)."""
    table = _PREFERENCES.get(yakuhai)
    if table is None:
        table = _PREFERENCES[yakuhai] = tuple(
            _preference(kind, yakuhai) for kind in range(KIND_COUNT)
        )
    return table


def _preference(kind: int, yakuhai: frozenset[int]) -> int:
    if is_honor(kind):
        return 0 if kind not in yakuhai else 1
    n = kind % 9
    return 2 + min(n, 8 - n)  # 1/9 -> 2, 2/8 -> 3, ..., 5 -> 6


# --- per decision context ----------------------------------------------------------


@dataclass(slots=True)
class Context:
    """Facts about one decision, computed once from the view."""

    view: PlayerView
    counts: list[int]
    melds: int
    visible: list[int]
    unseen: list[int]  # copies not in own hand nor visible anywhere
    chiitoitsu: bool
    yakuhai: frozenset[int]
    dora: list[int]  # dora value of each kind (0 when the ruleset has no dora)
    needs_yaku: bool
    opened: bool
    riichi_possible: bool  # the ruleset has riichi and the hand is closed
    # `dora_in_hand`, once asked (every candidate discard's rough value asks it)
    _dora_held: int | None = None

    @classmethod
    def of(cls, view: PlayerView) -> Context:
        r = view.ruleset
        counts = view.counts()
        visible = view.visible_counts()
        unseen = [n if n > 0 else 0 for n in map(sub, _FOURS, map(add, counts, visible))]
        for kind in r.removed_kinds:  # a three-player set has none of these (§9)
            unseen[kind] = 0
        own = view.melds[view.seat]
        opened = any(m.opened for m in own)
        dora = [0] * KIND_COUNT
        if r.dora:
            removed = r.removed_kinds
            for t in view.dora_indicators:
                kind = t.kind
                dora[dora_skipping(kind, removed) if removed else dora_from_indicator(kind)] += 1
        return cls(
            view=view,
            counts=counts,
            melds=len(own),
            visible=visible,
            unseen=unseen,
            chiitoitsu=r.seven_pairs,
            yakuhai=frozenset({*DRAGONS, view.seat_wind, view.round_wind_kind}),
            dora=dora,
            needs_yaku=r.min_yaku_han > 0,
            opened=opened,
            riichi_possible=r.riichi and not opened,
        )

    @property
    def closed(self) -> bool:
        return not self.opened

    def packed(self) -> bytes:
        return bytes(self.counts)

    def ukeire(self, improving: Sequence[int]) -> int:
        unseen = self.unseen
        return sum(map(unseen.__getitem__, improving))

    def red_count(self) -> int:
        v = self.view
        if not v.ruleset.dora:
            return 0
        n = sum(t.red for t in v.hand)
        n += sum(t.red for m in v.melds[v.seat] for t in m.tiles)
        return n

    def dora_in_hand(self) -> int:
        """Dora (indicated and red) in the hand and own melds (the same for every
        candidate of the decision, so worked out once)."""
        n = self._dora_held
        if n is None:
            dora = self.dora
            n = sum(map(mul, dora, self.counts))
            for m in self.view.melds[self.view.seat]:
                n += sum(dora[t.kind] for t in m.tiles)
            n = self._dora_held = n + self.red_count() + self.kita_dora()
        return n

    def kita_dora(self) -> int:
        """Dora of the Norths this seat set aside (three players): one each, and one
        more each under every indicator that points to North, as the scorer counts them
        (rules/scoring.py). A kita cannot be thrown, so every plan keeps it."""
        v = self.view
        k = v.kita[v.seat]
        return k * (1 + self.dora[NORTH]) if k else 0


@dataclass(slots=True)
class Option:
    """One discard kind and where it leaves the hand."""

    kind: int
    shanten: int  # standard shanten (all forms) after the discard
    improving: tuple[int, ...]
    ukeire: int
    eff_shanten: int = 0  # shanten towards a hand that can win (yaku-aware)
    plan: str = ""
    score: float = 0.0  # the level's own ranking among equal eff_shanten (higher better)
    notes: list[str] = field(default_factory=list)


def discards_by_kind(
    legal: Sequence[Action],
) -> tuple[dict[int, list[Discard]], dict[int, list[Discard]]]:
    """Legal discards grouped by kind, plain copy before a red five: (the plain
    discards, the riichi declarations)."""
    plain: dict[int, list[Discard]] = {}
    riichi: dict[int, list[Discard]] = {}
    for a in legal:
        if isinstance(a, Discard):
            out = riichi if a.riichi else plain
            group = out.get(a.tile.kind)
            if group is None:
                out[a.tile.kind] = [a]
            else:
                group.append(a)
                group.sort(key=_red)
    return plain, riichi


def _red(d: Discard) -> bool:
    return d.tile.red


def efficiency_options(ctx: Context, kinds: Sequence[int], slack: int = 0) -> list[Option]:
    """Shanten and ukeire (unseen improving tiles) after discarding each kind.

    Shanten first (a few dict look-ups); the improving kinds (a draw scan) only for
    discards within `slack` of the best shanten: the others keep `improving=()`.
    """
    melds = ctx.melds
    chiitoitsu = ctx.chiitoitsu and melds == 0
    # The memo key is the packed counts plus (melds, chiitoitsu): build it in place.
    packed = bytearray(ctx.counts)
    packed += bytes((melds, chiitoitsu))
    shapes = _SHAPES
    after: list[tuple[int, bytes, tuple[int, tuple[int, ...]] | None]] = []
    for kind in kinds:
        packed[kind] -= 1
        key = bytes(packed)
        packed[kind] += 1
        hit = shapes.get(key)
        now = hit[0] if hit is not None else shanten(key[:KIND_COUNT], melds, chiitoitsu=chiitoitsu)
        after.append((now, key, hit))
    limit = min(s for s, _, _ in after) + slack
    unseen = ctx.unseen
    out = []
    for kind, (sh, key, hit) in zip(kinds, after, strict=True):
        if sh <= limit:
            if hit is None:
                hit = _new_shape(key, key[:KIND_COUNT], melds, chiitoitsu, sh)
            improving = hit[1]
            ukeire = sum(map(unseen.__getitem__, improving))
            out.append(Option(kind, sh, improving, ukeire, eff_shanten=sh))
        else:
            out.append(Option(kind, sh, (), 0, eff_shanten=sh))
    return out


def win_action(legal: Sequence[Action]) -> Action | None:
    for a in legal:
        if isinstance(a, Tsumo | Ron):
            return a
    return None


class BasePlayer:
    """The Player protocol around a synchronous `choose`.

    Subclasses implement `claim(ctx, legal)` (a discard or kan tile is on offer,
    `Pass` is legal) and `turn(ctx, legal)` (own turn). `notes`, when a list, gets
    human-readable reasons (used by `ai.suggest`).
    """

    level = "base"

    def __init__(self, seat: int = 0, seed: int = 0):
        self.seat = seat
        self.seed = seed
        self.notes: list[str] | None = None

    sees_seat_view = True  # decides from its `SeatView` alone (`engine.driver.ViewPlayer`)

    async def decide(
        self, view: SeatView | PlayerView, legal: list[Action] | None = None
    ) -> Action:
        """A host seat's answer: the seat view in, one of its legal actions out.

        Given a `PlayerView` and its legal list instead (a caller that built one
        itself, as the unit tests do), it decides from those."""
        return self.choose(*reading(view, legal))

    def choose(self, view: PlayerView, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        win = win_action(legal)
        if win is not None and self.take_win(view, legal, win):
            self.note(Reason("win", "win: the hand is complete and the win is legal"))
            return win
        if isinstance(legal[0], ShowTenpai):
            return self.declare(view, legal)
        kita = kita_of(legal)
        if kita is not None and kita_pays(view):
            self.note(Reason("kita", "kita: a North set aside is a dora and a free draw"))
            return kita
        if any(isinstance(a, Pass) for a in legal) and not any(
            isinstance(a, Discard) for a in legal
        ):
            return self.claim(Context.of(view), legal)
        return self.turn(Context.of(view), legal)

    def choose_with_reasons(
        self, view: PlayerView, legal: list[Action]
    ) -> tuple[Action, list[str]]:
        self.notes = []
        try:
            action = self.choose(view, legal)
            return action, self.notes
        finally:
            self.notes = None

    def note(self, text: str) -> None:
        if self.notes is not None:
            self.notes.append(text)

    # hooks ----------------------------------------------------------------------
    def take_win(self, view: PlayerView, legal: list[Action], win: Action) -> bool:
        return True

    def declare(self, view: PlayerView, legal: list[Action]) -> Action:
        """Exhaustive draw: show a tenpai hand (noten payments favour it)."""
        self.note(Reason("show_tenpai",
                         "show tenpai at the exhaustive draw: noten players pay the tenpai ones"))
        return next(a for a in legal if isinstance(a, ShowTenpai))

    def claim(self, ctx: Context, legal: list[Action]) -> Action:
        return pass_of(legal)

    def turn(self, ctx: Context, legal: list[Action]) -> Action:  # pragma: no cover
        raise NotImplementedError


def kita_of(legal: Sequence[Action]) -> Action | None:
    """The kita on offer, if any (three-player): every level takes it, as a set-aside
    North is a dora and the replacement draw costs nothing."""
    for a in legal:
        if isinstance(a, Kita):
            return a
    return None


def kita_pays(view: PlayerView) -> bool:
    """Whether setting a North aside costs the hand nothing: without it the hand is as
    close to winning as after its best discard. A lone North always goes aside; a North
    pair or set the hand is built on (a tenpai on a North pair, say) stays."""
    counts = view.counts()
    melds = len(view.melds[view.seat])
    chiitoitsu = view.ruleset.seven_pairs
    north = 30
    counts[north] -= 1
    without = shanten(counts, melds, chiitoitsu=chiitoitsu)
    counts[north] += 1
    best = without
    for kind, held in enumerate(counts):
        if held and kind != north:
            counts[kind] -= 1
            best = min(best, shanten(counts, melds, chiitoitsu=chiitoitsu))
            counts[kind] += 1
    return without <= best


def pass_of(legal: Sequence[Action]) -> Action:
    return next(a for a in legal if isinstance(a, Pass))
