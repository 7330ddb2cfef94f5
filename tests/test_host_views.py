"""The host's views at full speed and still values (issue 21's performance clause).

- A seat that lets its view go never makes the host work out the reasons (the bots
  of a sim never read them); one that keeps its views finds in each, at the end of
  the game, exactly the reasons the engine gave at that decision (the host worked
  them out before it changed the game).
- A deferred `Reasons` equals, hashes, encodes and pickles as its tuple; read after
  its game moved on it says so instead of answering from the wrong state.
- The sim's driver is the host: `play_game` plays through `engine.host.Host`.
"""

from __future__ import annotations

import asyncio
import pickle
import weakref

import pytest

from ai import LEVELS
from engine import availability, codec, host
from engine.actions import Action
from engine.driver import play_game
from engine.game import Game
from engine.host import Host
from engine.seat_view import (
    Observer,
    Reasons,
    SeatView,
    build_view,
    force_all,
)
from rules.ruleset import load_preset


class Keeper:
    """An easy bot that keeps every view it is given, with the reasons the engine gave
    at that moment (read from the game: a test may)."""

    def __init__(self, seat: int, game: Game, kept: list[tuple[SeatView, object]]) -> None:
        self.bot = LEVELS["easy"](seat, 3)
        self.game = game
        self.kept = kept

    async def decide(self, view: SeatView) -> Action:
        now = availability.unavailable(self.game, view.seat, view.legal)
        self.kept.append((view, now))
        return await self.bot.decide(view)


def test_a_view_let_go_never_has_its_reasons_worked_out(monkeypatch):
    calls = []
    real = availability.unavailable

    def counted(*args):
        calls.append(args[1])
        return real(*args)

    monkeypatch.setattr(availability, "unavailable", counted)
    game = Game.new(load_preset("wrc"), 4)
    seats = [LEVELS["easy"](i, 4) for i in range(4)]
    asyncio.run(Host(game, seats, concurrent=False, yield_every=0).play())
    assert game.is_over and len(game.actions) > 100
    assert calls == []


@pytest.mark.parametrize("preset", ["tenhou", "jpml"])
def test_kept_views_hold_the_reasons_of_their_decision(preset):
    game = Game.new(load_preset(preset), 9)
    kept: list[tuple[SeatView, object]] = []
    seats = [Keeper(i, game, kept) for i in range(4)]
    asyncio.run(Host(game, seats, concurrent=True, yield_every=0).play())
    assert len(kept) > 100
    for view, then in kept:
        assert isinstance(view.unavailable, Reasons)
        assert view.unavailable == then and tuple(view.unavailable) == then


def test_reasons_are_their_tuple_and_refuse_a_moved_on_game():
    game = Game.new(load_preset("tenhou"), 2)
    deferred: list[weakref.ref[Reasons]] = []
    seat = game.pending_seats()[0]
    lazy = build_view(game, Observer(seat), deferred=deferred)
    eager = build_view(game, Observer(seat))
    assert isinstance(lazy.unavailable, Reasons) and isinstance(eager.unavailable, tuple)
    assert lazy == eager and eager == lazy and hash(lazy) == hash(eager)
    assert codec.encode(SeatView, lazy) == codec.encode(SeatView, eager)
    assert codec.decode(SeatView, codec.encode(SeatView, lazy)) == lazy
    assert pickle.loads(pickle.dumps(lazy.unavailable)) == eager.unavailable
    assert repr(lazy.unavailable) == repr(eager.unavailable)
    assert len(lazy.unavailable) == len(eager.unavailable)
    assert lazy.unavailable[0] == eager.unavailable[0]

    late = build_view(game, Observer(seat), deferred=deferred)
    game.apply(game.legal_actions(seat)[0])
    with pytest.raises(RuntimeError, match="moved on"):
        tuple(late.unavailable)
    deferred.clear()

    fresh = build_view(game, Observer(game.pending_seats()[0]), deferred=deferred)
    force_all(deferred)
    assert deferred == []
    before = tuple(fresh.unavailable)
    game.apply(game.legal_actions(game.pending_seats()[0])[0])
    assert tuple(fresh.unavailable) == before  # worked out before the game changed


def test_the_driver_plays_through_the_host(monkeypatch):
    hosts = []
    real = host.Host.play

    async def spy(self):
        hosts.append(self)
        return await real(self)

    monkeypatch.setattr(host.Host, "play", spy)
    game = Game.new(load_preset("wrc"), 6)
    asyncio.run(play_game(game, [LEVELS["easy"](i, 6) for i in range(4)], yield_every=0))
    assert game.is_over and len(hosts) == 1 and hosts[0].game is game


def test_wall_stacks_are_laid_out_only_when_read_and_then_as_wall_view_lays_them(monkeypatch):
    from engine import table_layout
    from engine.seat_view import build_seat_view
    from engine.table_layout import Sides, wall_view

    relaid = []
    real = table_layout._sides_after_draws
    monkeypatch.setattr(
        table_layout, "_sides_after_draws", lambda *a: relaid.append(1) or real(*a)
    )
    game = Game.new(load_preset("wrc"), 8)
    asyncio.run(Host(game, [LEVELS["easy"](i, 8) for i in range(4)], yield_every=0).play())
    assert game.is_over and relaid == []  # nobody read a wall's stacks

    game = Game.new(load_preset("tenhou"), 5)
    read = 0
    while not game.is_over and read < 150:
        seat = game.pending_seats()[0]
        view = build_seat_view(game, seat)
        h = game.hand
        eager = wall_view(h.wall, h.indicators, view.wall.ura_indicators)
        if read % 3:  # some read at once (the next lays out from them), some never
            assert view.wall == eager and tuple(view.wall.sides) == eager.sides
            assert hash(view.wall) == hash(eager)
            assert pickle.loads(pickle.dumps(view.wall.sides)) == eager.sides
        read += 1
        game.apply(LEVELS["easy"](seat, 5).choose(*_reading(view)))
    assert relaid, "a read view's successor is laid out from it"
    assert any(isinstance(v, Sides) for v in [view.wall.sides])


def _reading(view):
    from engine.player_view import reading

    return reading(view)


def test_an_ai_level_at_a_player_seat_reads_its_seat_view_itself():
    from engine.player_seat import PlayerSeat

    seen = []

    class Level:
        sees_seat_view = True

        async def decide(self, view):
            seen.append(view)
            return view.legal[0]

    game = Game.new(load_preset("wrc"), 1)
    view = build_view(game, Observer(game.pending_seats()[0]))
    action = asyncio.run(PlayerSeat(Level()).decide(view))
    assert seen == [view] and seen[0] is view and action == view.legal[0]
