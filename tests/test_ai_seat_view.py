"""The AI decides from its seat view alone (issue 21, the ai/ half).

- `engine.player_view.player_view_of` reads the levels' `PlayerView` off a `SeatView`
  and gets, at every decision of a seeded game on every preset, exactly what the
  engine's own `PlayerView` of the game says (the rivers compared by the fields a
  level reads), so a level decides the same either way.
- The driver gives an AI level its `SeatView` and nothing else; a level sits at
  the host directly (no adapter) and plays the very game it plays through the
  driver.
- The review gets the reviewed seat's views from `engine.replay_views`, one per
  action the seat took, each with the played action among its legal ones.
"""

from __future__ import annotations

import asyncio
from dataclasses import fields

import pytest

from ai import LEVELS
from ai.easy import EasyPlayer
from ai.review import review
from engine.actions import Action
from engine.driver import play_game
from engine.game import Game
from engine.host import Host
from engine.player_view import PlayerView, player_view_of
from engine.replay_views import seat_decisions
from engine.seat_view import Observer, SeatView, build_view
from rules.presets import PRESET_IDS
from rules.ruleset import load_preset


def _river(river) -> tuple:
    return tuple((e.tile, e.tsumogiri, e.riichi, e.called_by) for e in river)


def _same_reading(ours: PlayerView, engine_view) -> None:
    for f in fields(PlayerView):
        a, b = getattr(ours, f.name), getattr(engine_view, f.name)
        if f.name == "rivers":
            a, b = tuple(map(_river, a)), tuple(map(_river, b))
        assert a == b, f"{f.name}: {a!r} != {b!r}"


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_the_ai_reading_of_a_seat_view_is_the_engines_player_view(preset):
    game = Game.new(load_preset(preset), 17)
    players = [LEVELS["hard"](s, 17) for s in range(4)]
    decisions = 0
    while not game.is_over and decisions < 400:
        for seat in game.pending_seats():
            view = build_view(game, Observer(seat))
            ours = player_view_of(view)
            _same_reading(ours, game.view(seat))
            decisions += 1
        seat = game.pending_seats()[0]
        game.apply(players[seat].choose(game.view(seat), game.legal_actions(seat)))
    assert decisions > 50


class _Recording(EasyPlayer):
    seen: list[object]

    async def decide(self, view, legal=None) -> Action:
        self.seen.append(view)
        assert legal is None
        return await super().decide(view)


def test_the_driver_gives_an_ai_level_only_its_seat_view():
    game = Game.new(load_preset("wrc"), 3)
    players = [_Recording(s, 3) for s in range(4)]
    for p in players:
        p.seen = []
    asyncio.run(play_game(game, players, yield_every=0, concurrent=False))
    views = [v for p in players for v in p.seen]
    assert views and all(type(v) is SeatView for v in views)
    assert all(v.sight == "seat" and v.legal for v in views)


@pytest.mark.parametrize("level", ["easy", "normal", "hard", "greedy", "tsumogiri"])
def test_a_level_sits_at_the_host_itself_and_plays_the_drivers_game(level):
    ruleset = load_preset("tenhou")
    driven = Game.new(ruleset, 8)
    asyncio.run(play_game(driven, [LEVELS[level](s, 8) for s in range(4)], yield_every=0))
    hosted = Game.new(ruleset, 8)
    host = Host(hosted, [LEVELS[level](s, 8) for s in range(4)], yield_every=0)
    asyncio.run(host.play())
    assert hosted.actions == driven.actions
    assert hosted.scores == driven.scores


def test_the_review_is_told_the_seats_views_one_per_action_it_took():
    game = Game.new(load_preset("wrc"), 5)
    asyncio.run(play_game(game, [LEVELS["normal"](s, 5) for s in range(4)], yield_every=0))
    seat = game.seating.index(0)
    decisions = list(seat_decisions(game, seat))
    assert [d.step for d in decisions] == [
        k for k, a in enumerate(game.actions) if a.seat == seat
    ]
    for d in decisions:
        assert d.view.seat == seat and d.view.sight == "seat"
        assert d.played in d.view.legal
    result = review(game, seat, "hard")
    assert result.seat == seat
    assert result.decisions == sum(1 for d in decisions if len(d.view.legal) > 1)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_the_hint_from_the_seat_view_is_the_hint_from_the_old_view(level):
    from ai.suggest import suggest

    game = Game.new(load_preset("mleague"), 21)
    players = [LEVELS["normal"](s, 21) for s in range(4)]
    asked = 0
    while not game.is_over and asked < 150:
        seat = game.pending_seats()[0]
        legal = game.legal_actions(seat)
        if len(legal) > 1:
            view = build_view(game, Observer(seat))
            assert suggest(view, level=level) == suggest(game.view(seat), list(legal), level)
            asked += 1
        game.apply(players[seat].choose(game.view(seat), legal))
    assert asked > 30
