"""One `PlayerView`: what a seat knows, read off its seat view by one builder.

The AI levels, the hint, the review's timeline, an older `Player` at the host and
`Game.view` all read `engine.player_view.PlayerView` from the seat's own
`SeatView` (`engine.player_view.player_view_of`). These tests check that they
are one type and one value, and that the value says what the game holds: the
reading of the game's state below is the test's own oracle (the host's facts
seat by seat), so a seat view that lost or bent a fact fails here.
"""

from __future__ import annotations

import asyncio

import pytest

from ai import LEVELS
from ai.suggest import suggest
from engine.actions import Action
from engine.driver import play_game
from engine.game import Game, Start
from engine.player_seat import PlayerSeat
from engine.player_view import PlayerView, player_view_of, reading
from engine.seat_view import build_seat_view
from rules.presets import PRESET_IDS
from rules.ruleset import SANMA_PRESET_IDS, load_preset
from rules.tiles import tile_key


def _what_the_game_holds(game: Game, seat: int) -> dict[str, object]:
    """Each fact of `seat`'s view read straight off the host's state (the oracle)."""
    h = game.hand
    seats = h.seats
    s = seats[seat]
    claim = h.claim if h.phase == "claim" else None
    own_turn = h.turn == seat and h.phase == "turn"
    riichi = tuple(x.riichi for x in seats)
    return {
        "seat": seat,
        "ruleset": game.ruleset,
        "round_wind": game.round_wind,
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "honba": game.honba,
        "sticks": game.sticks,
        "scores": tuple(game.scores),
        "hand": tuple(sorted(s.hand, key=tile_key)),
        "drawn": s.drawn if own_turn else None,
        "melds": tuple(tuple(x.melds) for x in seats),
        "rivers": tuple(
            tuple((r.tile, r.tsumogiri, r.riichi, r.called_by) for r in x.river) for x in seats
        ),
        "dora_indicators": h.dora_indicators,
        "riichi": riichi,
        "turn": h.turn if claim is None else claim.seat,
        "phase": h.phase,
        "tiles_left": h.wall.remaining,
        "last_discard": h.last_discard,
        "offered": claim.tile if claim is not None else None,
        "waits": s.waits if len(s.hand) % 3 == 1 else (),
        "furiten": game.furiten(seat) if s.waits else None,
        "kuikae": s.kuikae,
        "ippatsu": tuple(bool(game.ruleset.ippatsu and x.riichi and x.ippatsu) for x in seats),
        "double_riichi": tuple(x.riichi and x.double_riichi for x in seats),
        "first_draw": not h.calls_made and not s.first_discard_done,
        "rinshan_draw": own_turn and h.turn_kind == "rinshan",
        "kita": tuple(len(x.kita) for x in seats),
    }


def _read(view: PlayerView) -> dict[str, object]:
    out = {name: getattr(view, name) for name in PlayerView.__dataclass_fields__}
    out["rivers"] = tuple(
        tuple((r.tile, r.tsumogiri, r.riichi, r.called_by) for r in river)
        for river in view.rivers
    )
    return out


def _start(preset: str) -> Start:
    """The last hands of the game: every preset's endgame in a few hands."""
    last = 1 if load_preset(preset).game_length == "hanchan" else 3
    return Start(round_wind=last, hand_number=2)


@pytest.mark.parametrize("preset", PRESET_IDS + SANMA_PRESET_IDS)
def test_the_view_a_seat_reads_is_what_the_game_holds(preset):
    game = Game.new(load_preset(preset), 23, start=_start(preset))
    players = [LEVELS["normal"](s, 23) for s in range(4)]
    checked = 0
    while not game.is_over and checked < 600:
        for seat in game.ruleset.seats:  # the seats asked and the seats waiting
            view = player_view_of(build_seat_view(game, seat))
            assert _read(view) == _what_the_game_holds(game, seat)
            checked += 1
        seat = game.pending_seats()[0]
        game.apply(players[game.seating[seat]].choose(*reading(build_seat_view(game, seat))))
    assert checked > 100


class _Seen:
    """An older `Player` (a `PlayerView` and a legal list) that keeps what it was given."""

    def __init__(self, bot) -> None:
        self.bot = bot
        self.views: list[PlayerView] = []

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action:
        self.views.append(view)
        return await self.bot.decide(view, legal)


def test_the_ai_the_hint_the_host_and_an_older_player_read_one_type():
    game = Game.new(load_preset("tenhou3"), 5, start=_start("tenhou3"))
    seen = [_Seen(LEVELS["easy"](s, 5)) for s in range(4)]
    asyncio.run(play_game(game, seen, yield_every=0, concurrent=False))
    given = [v for s in seen for v in s.views]
    assert given and all(type(v) is PlayerView for v in given)

    game = Game.new(load_preset("wrc"), 5)
    seat = game.pending_seats()[0]
    seat_view = build_seat_view(game, seat)
    ai_view, legal = reading(seat_view)
    assert type(ai_view) is PlayerView and legal == list(seat_view.legal)
    assert game.view(seat) == ai_view  # the host's `Game.view` is the seat's reading
    # The hint decides the same from the seat view as from the view read off it.
    assert suggest(seat_view) == suggest(ai_view, legal)
    # An older player seated at a host is handed the same reading.
    older = _Seen(LEVELS["easy"](seat, 5))
    asyncio.run(PlayerSeat(older).decide(seat_view))
    assert older.views == [ai_view]
