"""What one seat may see: `PlayerView`, and events redacted for that seat.

A bot or the UI never gets the `Game`; it gets a `PlayerView` — its own hand
and drawn tile, every river (with tsumogiri, riichi and called-away marks),
every meld with its source, the revealed indicators, scores, sticks, honba,
whose turn it is and how many tiles are left — and never the wall or another
hand (mjx, Mortal: hidden state kept apart from each seat's observation).
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from rules.tiles import tile_key

from .events import Event
from .player_view import PlayerView as PlayerView  # the type, kept importable from here
from .redaction import redact
from .seat_view import Observer
from .win_flags import rinshan_kaihou_draw

if TYPE_CHECKING:
    from .game import Game


_MELDS = attrgetter("melds")
_RIVER = attrgetter("river")
_RIICHI = attrgetter("riichi")
_NO_FLAGS = (False,) * 4


def player_view(game: Game, seat: int) -> PlayerView:
    h = game.hand
    seats = h.seats
    s = seats[seat]
    claim = h.claim if h.phase == "claim" else None
    riichi = tuple(map(_RIICHI, seats))
    ippatsu = (
        tuple([x.riichi and x.ippatsu for x in seats]) if game.ruleset.ippatsu else _NO_FLAGS
    )
    return PlayerView(
        seat=seat,
        ruleset=game.ruleset,
        round_wind=game.round_wind,
        hand_number=game.hand_number,
        dealer=game.dealer,
        honba=game.honba,
        sticks=game.sticks,
        scores=tuple(game.scores),
        hand=tuple(sorted(s.hand, key=tile_key)),
        drawn=s.drawn if h.turn == seat and h.phase == "turn" else None,
        melds=tuple(map(tuple, map(_MELDS, seats))),
        rivers=tuple(map(tuple, map(_RIVER, seats))),
        dora_indicators=h.dora_indicators,
        riichi=riichi,
        turn=h.turn if claim is None else claim.seat,
        phase=h.phase,
        tiles_left=h.wall.remaining,
        last_discard=h.last_discard,
        offered=claim.tile if claim is not None else None,
        waits=s.waits if (len(s.hand) % 3) == 1 else (),
        furiten=game.furiten(seat) if s.waits else None,
        kuikae=s.kuikae,
        ippatsu=ippatsu,
        double_riichi=tuple([x.riichi and x.double_riichi for x in seats]) if any(riichi)
        else _NO_FLAGS,
        first_draw=not h.calls_made and not s.first_discard_done,
        rinshan_draw=rinshan_kaihou_draw(
            h.turn == seat and h.phase == "turn" and h.turn_kind == "rinshan", h.kita_draw,
            game.ruleset,
        ),
        kita=tuple([len(x.kita) for x in seats]),
    )


def event_for(event: Event, seat: int) -> Event:
    """`event` as `seat` may see it: other hands of the deal, others' draws and the
    game's seed hidden (`engine.redaction.redact` for a player's observer, the one
    redaction function). `tests/test_seat_view.py` checks that two games differing
    only in hidden tiles give every seat the same redacted events."""
    return redact(event, Observer(seat))
