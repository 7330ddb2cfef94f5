"""What one seat knows, as a bot and the screen's aids read it: `PlayerView`.

Every seat is a client of its own view: the engine gives a seat only its
`engine.seat_view.SeatView` (a JSON-ready value, folded by engine code), and
`player_view_of` reads the flatter structure the AI levels, the hint and the
review think in off that view alone — the own hand with the drawn tile in it,
each seat's `Meld`s, each river, the live `Ruleset` — consulting nothing of the
referee. This is the one builder: the host's `Game.view` is
`player_view_of(build_seat_view(game, seat))` (`engine.player_view_of_game`), so
a level, the hint and a test that looks at the game all read the same value.

Rivers stay the seat view's own `RiverEntry` values (tile, tsumogiri, riichi
tile, the seat that called it away): readers use just those fields, so nothing
needs copying. `PlayerView` is a plain frozen value; tests build one directly
to pose a situation. This module imports no referee module itself (the measure
of `tests/test_architecture_seats.py`), so ai/ and tui/ can import it.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from rules.hand import Meld
from rules.ruleset import Ruleset
from rules.tiles import KIND_COUNT, NORTH, Tile, tile_key

from .actions import Action
from .fold import ruleset_of
from .frozen_build import builder
from .seat_view import MeldEntry, RiverEntry, SeatView

__all__ = ["PlayerView", "player_view_of", "reading"]


@dataclass(frozen=True, slots=True)
class PlayerView:
    """One seat's situation as the levels read it (every seat absolute, 0 = first dealer)."""

    seat: int
    ruleset: Ruleset
    round_wind: int  # 0 East .. 3 North
    hand_number: int
    dealer: int
    honba: int
    sticks: int
    scores: tuple[int, ...]
    hand: tuple[Tile, ...]  # own concealed tiles, the drawn one included, sorted
    drawn: Tile | None  # the tile just drawn (None after a call or outside one's turn)
    melds: tuple[tuple[Meld, ...], ...]  # by seat
    rivers: tuple[tuple[RiverEntry, ...], ...]  # by seat, in discard order
    dora_indicators: tuple[Tile, ...]
    riichi: tuple[bool, ...]  # riichi established, by seat
    turn: int  # whose turn it is (the discarder while a claim window is open)
    phase: str  # turn | claim | declare | over
    tiles_left: int  # normal draws left in the live wall
    last_discard: tuple[int, Tile] | None
    offered: Tile | None  # the tile a claim window is open on (a discard or kan tile)
    waits: tuple[int, ...]  # own waits (kinds) when the hand has 3n+1 tiles
    furiten: str | None  # why one cannot ron now: discard | temporary | riichi
    kuikae: frozenset[int]  # kinds one may not discard right now after a call
    # Public situational facts the scorer needs to price a win exactly (§3.2, §4.1):
    ippatsu: tuple[bool, ...] = (False,) * 4  # by seat: riichi with ippatsu still live
    double_riichi: tuple[bool, ...] = (False,) * 4  # by seat
    first_draw: bool = False  # own first draw, no call of any kind before it (tenhou/chiihou)
    rinshan_draw: bool = False  # own drawn tile came from the dead wall after a kan
    kita: tuple[int, ...] = (0,) * 4  # by seat: Norths set aside as dora (three players)

    @property
    def players(self) -> int:
        """Seats in play (3 or 4): with three, seat 3 is empty (RULESETS.md §9)."""
        return self.ruleset.players

    @property
    def seat_wind(self) -> int:
        """Own seat wind as a tile kind (27 East .. 30 North): the dealer order goes
        round the seats in play only, so with three players nobody is North."""
        return 27 + (self.seat - self.dealer) % self.ruleset.players

    @property
    def round_wind_kind(self) -> int:
        return 27 + self.round_wind

    def counts(self) -> list[int]:
        """Own concealed tiles as a 34-count vector."""
        out = [0] * KIND_COUNT
        for t in self.hand:
            out[t.kind] += 1
        return out

    def visible_counts(self) -> list[int]:
        """Copies of each kind seen outside one's own hand: rivers (tiles not called
        away), every meld, dora indicators, the Norths set aside (kita). With
        `counts()`, 4 minus both is the number still unseen."""
        out = [0] * KIND_COUNT
        for river in self.rivers:
            for entry in river:
                if entry.called_by is None:
                    out[entry.tile.kind] += 1
        for melds in self.melds:
            for meld in melds:
                for t in meld.tiles:
                    out[t.kind] += 1
        for t in self.dora_indicators:
            out[t.kind] += 1
        for n in self.kita:
            out[NORTH] += n
        return out


_NO_KITA = (0, 0, 0, 0)
_NO_MELDS: tuple[Meld, ...] = ()
_NO_KINDS: frozenset[int] = frozenset()
_new_player_view = builder(PlayerView)  # the same value, built quickly (once a decision)


_melds_read: dict[int, tuple[tuple[MeldEntry, ...], tuple[Meld, ...]]] = {}


def _melds(entries: tuple[MeldEntry, ...]) -> tuple[Meld, ...]:
    """A seat's melds, kept by the laid-out tuple they were read from (the host hands
    on the same tuple until the seat calls again)."""
    if not entries:
        return _NO_MELDS
    hit = _melds_read.get(id(entries))
    if hit is not None and hit[0] is entries:
        return hit[1]
    row = []
    for entry in entries:
        if entry.meld is None:
            raise ValueError("a meld entry without its meld: not a view the engine built")
        row.append(entry.meld)
    if len(_melds_read) >= 64:
        _melds_read.clear()
    out = _melds_read[id(entries)] = (entries, tuple(row))
    return out[1]


def player_view_of(view: SeatView) -> PlayerView:
    """The `PlayerView` of the seat whose `view` this is, read off the view alone."""
    own = view.own
    drawn = own.drawn
    if drawn is None:
        hand = own.tiles
    else:  # `own.tiles` is sorted: the drawn tile goes after its equals, as `sorted` puts it
        at = bisect_right(own.tiles, tile_key(drawn), key=tile_key)
        hand = (*own.tiles[:at], drawn, *own.tiles[at:])
    a, b, c, d = view.seats
    last = None
    for info in view.seats:
        river = info.river
        if river and river[-1].last:
            last = (info.seat, river[-1].tile)
            break
    wall = view.wall
    return _new_player_view(
        view.seat,
        ruleset_of(view),
        view.round_wind,
        view.hand_number,
        view.dealer,
        view.honba,
        view.sticks,
        (a.score, b.score, c.score, d.score),
        hand,
        drawn,
        (_melds(a.melds), _melds(b.melds), _melds(c.melds), _melds(d.melds)),
        (a.river, b.river, c.river, d.river),
        wall.dora_indicators,
        (a.riichi, b.riichi, c.riichi, d.riichi),
        view.turn,
        view.phase,
        wall.tiles_left,
        last,
        view.offered,
        own.waits,
        own.furiten,
        frozenset(own.kuikae) if own.kuikae else _NO_KINDS,
        view.ippatsu,
        view.double_riichi,
        view.first_draw,
        view.rinshan_draw,
        (len(a.kita), len(b.kita), len(c.kita), len(d.kita))
        if a.kita or b.kita or c.kita or d.kita else _NO_KITA,
    )


def reading(
    view: SeatView | PlayerView, legal: list[Action] | None = None
) -> tuple[PlayerView, list[Action]]:
    """What a level (and the hint) decides from: the `PlayerView` and the legal actions.

    A `SeatView` carries its legal actions (`legal`, if given, overrides them); a
    `PlayerView` someone read already comes with the `legal` given."""
    if isinstance(view, SeatView):
        return player_view_of(view), list(view.legal) if legal is None else legal
    if legal is None:
        raise ValueError("a PlayerView comes with its legal actions")
    return view, legal
