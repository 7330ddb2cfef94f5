"""Facts: everything that happened in a game, in order (never what a player chose).

The event stream is both the record (the JSON-lines log) and the feed the UI
animates from. Events carry hidden information (the deal, each drawn tile);
`engine.redaction.redact(event, observer)` redacts what an observer may not see.

Seats are absolute (0-3, seat 0 the first dealer); winds are 0-3 (East..North).
Every event is a frozen dataclass with `to_dict()` / `event_from_dict()` JSON forms.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, cast

from rules.hand import Meld
from rules.scoring import ScoreResult
from rules.tiles import Tile

from . import codec


@dataclass(frozen=True, slots=True)
class Pay:
    """One payment of a settlement (`payer` -1 = the table, i.e. riichi sticks)."""

    payer: int
    payee: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class GameStarted:
    seed: int
    ruleset: str
    overrides: dict[str, Any]
    seating: tuple[int, ...]  # seating[seat] = index of the player in the line-up
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandStarted:
    round_wind: int  # 0 East, 1 South, 2 West, 3 North
    hand_number: int  # 0-3 within the round (East 1 = 0); the dealer is this seat
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    dice: tuple[tuple[int, int], ...]
    break_side: int  # whose wall was broken (開門)
    break_stacks: int  # stacks left on the right of the break


@dataclass(frozen=True, slots=True)
class Dealt:
    hands: tuple[tuple[Tile, ...], ...]  # 13 tiles per seat (views see only their own)


@dataclass(frozen=True, slots=True)
class DoraRevealed:
    indicator: Tile
    kan: bool  # a kan indicator (not the omote one)


@dataclass(frozen=True, slots=True)
class Drew:
    seat: int
    tile: Tile | None  # None in other seats' views
    rinshan: bool
    haitei: bool  # the last live tile
    remaining: int  # normal draws left after this one


@dataclass(frozen=True, slots=True)
class Discarded:
    seat: int
    tile: Tile
    tsumogiri: bool
    riichi: bool  # the riichi declaration tile
    houtei: bool  # made with the live wall empty: cannot be called


@dataclass(frozen=True, slots=True)
class RiichiAccepted:
    """The declaration tile was not ronned: the stick is on the table (000 第32条イ)."""

    seat: int
    sticks: int
    score: int


@dataclass(frozen=True, slots=True)
class Called:
    """Chi, pon or daiminkan of `from_seat`'s last discard."""

    seat: int
    meld: Meld
    from_seat: int


@dataclass(frozen=True, slots=True)
class KanDeclared:
    """Ankan or kakan on one's own turn. A kakan may still be robbed (chankan)."""

    seat: int
    meld: Meld


@dataclass(frozen=True, slots=True)
class KitaDeclared:
    """A North set aside as a dora (三人麻雀の抜きドラ); the replacement draw follows
    unless another seat rons the North."""

    seat: int
    tile: Tile


@dataclass(frozen=True, slots=True)
class WinFacts:
    """The situation of one win, as the engine scored it (RULESETS.md §3.2, §4.1).

    Its fields are exactly the situational fields of the scorer's `rules.hand.Win`
    (everything but the tiles), by the same names, so one mapping turns either into
    the other (`engine.win_facts`) and no flag can be left out on the way."""

    tsumo: bool
    riichi: bool
    double_riichi: bool
    ippatsu: bool
    rinshan: bool
    chankan: bool
    haitei: bool
    houtei: bool
    tenhou: bool
    chiihou: bool
    renhou: bool  # a ron before one's own first draw (A18)
    seat_wind: int  # tile kind, 27 East .. 30 North
    round_wind: int  # tile kind
    dora_indicators: tuple[Tile, ...]
    ura_indicators: tuple[Tile, ...]
    honba: int
    riichi_sticks: int  # on the table when the win was scored
    kita: int = 0  # Norths the winner set aside (three-player, RULESETS.md §9)


@dataclass(frozen=True, slots=True)
class Won:
    winner: int
    from_seat: int | None  # None for tsumo
    win_tile: Tile
    concealed: tuple[Tile, ...]  # the winner's hand without the winning tile
    melds: tuple[Meld, ...]
    ura_indicators: tuple[Tile, ...]  # only for a riichi winner where ura exists
    result: dict[str, Any]  # the scorer's explanation (CONTRACT.md `score` answer)
    payments: tuple[Pay, ...]
    liable: int | None  # pao
    # The typed facts, so no screen works them out again (`engine.win_facts`): the
    # situation the win was scored in and the scorer's typed answer. Derived values:
    # not in the log (old logs load unchanged) and not compared.
    facts: WinFacts | None = field(default=None, compare=False, metadata=codec.NOT_ENCODED)
    score: ScoreResult | None = field(default=None, compare=False, metadata=codec.NOT_ENCODED)
    # Chips (RULESETS.md §8.5, `engine.chips`), where the ruleset pays them: what earned
    # them and each seat's chips moved. Derived from the win like `facts`.
    chip_items: tuple[tuple[str, int], ...] = field(
        default=(), compare=False, metadata=codec.NOT_ENCODED
    )
    chips: tuple[int, ...] = field(default=(), compare=False, metadata=codec.NOT_ENCODED)


@dataclass(frozen=True, slots=True)
class TenpaiDeclared:
    """At an exhaustive draw, in order riichi players then 東→南→西→北 (000 第17条)."""

    seat: int
    tenpai: bool
    hand: tuple[Tile, ...]  # shown when tenpai, else empty


@dataclass(frozen=True, slots=True)
class ExhaustiveDraw:
    """A hand that ends without a win. `kind` is the CONTRACT.md `end` name: an
    exhaustive draw ("exhaustive", or "nagashi_mangan" when one was paid, the payers
    in `payments` and the seats in `nagashi`), or an abortive draw ("nine_terminals"
    by `seat`, "four_winds", "four_riichi", "four_kans", "triple_ron"), which pays
    nothing and keeps the dealer. Defaults keep older logs loading unchanged."""

    tenpai: tuple[bool, ...]
    payments: tuple[Pay, ...]
    kind: str = "exhaustive"
    seat: int | None = None  # who called a nine-terminals hand off
    nagashi: tuple[int, ...] = ()  # seats paid a nagashi mangan
    hand: tuple[Tile, ...] = ()  # the nine-terminals hand, shown


@dataclass(frozen=True, slots=True)
class HandEnded:
    reason: str  # "win" | "draw"
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    renchan: bool
    honba: int  # for the next hand
    sticks: int  # on the table after this hand
    time_up: bool


@dataclass(frozen=True, slots=True)
class GameEnded:
    scores: tuple[int, ...]
    sticks: int  # unclaimed riichi sticks (final_deposits)
    results: tuple[dict[str, Any], ...]  # per seat: seat, points, rank, uma, result
    # Every seat's chips over the game (§8.5), where the ruleset pays them; derived.
    chips: tuple[int, ...] = field(default=(), compare=False, metadata=codec.NOT_ENCODED)


Event = (
    GameStarted
    | HandStarted
    | Dealt
    | DoraRevealed
    | Drew
    | Discarded
    | RiichiAccepted
    | Called
    | KanDeclared
    | KitaDeclared
    | Won
    | TenpaiDeclared
    | ExhaustiveDraw
    | HandEnded
    | GameEnded
)

EVENT_TYPES: dict[str, type] = {
    "game_started": GameStarted,
    "hand_started": HandStarted,
    "dealt": Dealt,
    "dora_revealed": DoraRevealed,
    "drew": Drew,
    "discarded": Discarded,
    "riichi_accepted": RiichiAccepted,
    "called": Called,
    "kan_declared": KanDeclared,
    "kita_declared": KitaDeclared,
    "won": Won,
    "tenpai_declared": TenpaiDeclared,
    "exhaustive_draw": ExhaustiveDraw,
    "hand_ended": HandEnded,
    "game_ended": GameEnded,
}
_REGISTRY = codec.Registry("event", EVENT_TYPES)


def event_to_dict(event: Event) -> dict[str, Any]:
    return _REGISTRY.to_dict(event)


def event_from_dict(data: dict[str, Any]) -> Event:
    return cast(Event, _REGISTRY.from_dict(data))
