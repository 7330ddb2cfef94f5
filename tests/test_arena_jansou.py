"""jansou agents at our table through the seat view (engine.jansou_seat, issue 24).

The agents rebuild their own hand and the tiles they have seen from the events
they are told; the translator reads those events off the seat's successive views.
Here every decision checks that what the agent rebuilt is what the view shows
(its hand, its meld count, every discard and indicator seen once), and whole
games of every preset are played without an error or an answer out of the
legal ones.
"""

from __future__ import annotations

import asyncio

import pytest
from jansou.core.tiles import NUM_KINDS
from jansou.game.agents import SmartEfficiencyAgent
from jansou.game.events import DealStart, Discard, Draw
from jansou.game.flow import DecisionKind

from engine.game import Game
from engine.host import Host
from engine.jansou_seat import JansouSeat, ViewTranslator, agent_classes, jansou_actions, jtile
from engine.seat_view import build_seat_view
from rules.ruleset import ALL_PRESET_IDS, resolve
from rules.tiles import tile_key


class Checked(SmartEfficiencyAgent):
    """The strongest reference agent, checking its rebuilt view at every decision."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed=seed)
        self.seat_ref: JansouSeat | None = None
        self.decisions = 0
        self.stand_in = None  # the deal's indicator where the ruleset turns none up

    def observe(self, event):
        if isinstance(event, DealStart):
            self.stand_in = event.dora_indicator
        super().observe(event)

    def act(self, seat, kind, actions):
        assert self.seat_ref is not None and self.seat_ref.translator is not None
        view = self.seat_ref.translator.last
        assert view is not None
        own = [*view.own.tiles, *([view.own.drawn] if view.own.drawn is not None else [])]
        rebuilt = self._view
        assert sorted(rebuilt._pool()) == sorted(jtile(t) for t in own)
        assert rebuilt.drawn == (jtile(view.own.drawn) if view.own.drawn is not None else None)
        assert rebuilt.meld_count == len(view.seats[view.seat].melds)
        seen = [0] * NUM_KINDS
        for info in view.seats:
            for entry in info.river:
                seen[entry.tile.kind] += 1
        for tile in view.wall.dora_indicators:
            seen[tile.kind] += 1
        if not view.wall.dora_indicators:  # no dora: the seat's first tile stood in
            seen[self.stand_in.kind] += 1
        assert rebuilt.visible == seen
        assert rebuilt.seat == view.seat and rebuilt.dealer == view.dealer
        assert set(actions) == set(jansou_actions(view))
        if kind is DecisionKind.DISCARD_REACTION:  # the discard on offer is the last seen
            assert rebuilt.last_discard == jtile(view.offered)
        self.decisions += 1
        return super().act(seat, kind, actions)


def _play(preset: str, seed: int) -> tuple[Game, list[JansouSeat], list[Checked]]:
    game = Game.new(resolve(preset), seed)
    agents = [Checked(seed * 4 + s) for s in range(4)]
    seats = [JansouSeat(agent) for agent in agents]
    for agent, seat in zip(agents, seats, strict=True):
        agent.seat_ref = seat
    asyncio.run(Host(game, seats, concurrent=False, yield_every=0).play())
    return game, seats, agents


@pytest.mark.parametrize("preset", ALL_PRESET_IDS)
def test_a_jansou_agent_plays_whole_games_of_every_preset(preset):
    game, seats, agents = _play(preset, 20261128)
    assert game.is_over and game.results is not None
    assert [seat.defaults for seat in seats] == [0, 0, 0, 0]  # every answer was legal
    assert all(agent.decisions > 20 for agent in agents)


def test_the_agents_call_and_riichi_through_the_adapter():
    """Over a few games the agents call and declare riichi, so the checks above saw
    more than discards."""
    kinds: set[str] = set()
    for seed in range(3):
        game, _, _ = _play("tenhou", seed)
        kinds |= {type(e).__name__ for e in game.events}
    assert {"Called", "RiichiAccepted"} <= kinds


def test_the_first_view_of_a_deal_is_the_dealt_hand_then_the_draw():
    game = Game.new(resolve("wrc"), 5)
    dealer = game.dealer
    view = build_seat_view(game, dealer)
    events = ViewTranslator(dealer).events(view)
    deal, draw = events[0], events[-1]
    assert isinstance(deal, DealStart) and isinstance(draw, Draw)
    assert deal.hands[dealer] == tuple(jtile(t) for t in view.own.tiles)
    assert [h is None for h in deal.hands] == [s != dealer for s in range(4)]
    assert draw.tile == jtile(view.own.drawn)
    assert deal.dora_indicator == jtile(view.wall.dora_indicators[0])
    assert not any(isinstance(e, Discard) for e in events)


def test_a_view_of_another_seat_is_refused():
    game = Game.new(resolve("wrc"), 5)
    translator = ViewTranslator(1)
    with pytest.raises(ValueError, match="seat 0"):
        translator.events(build_seat_view(game, 0))


def test_the_drawn_tile_is_offered_as_jansou_offers_it():
    for seed in range(40):
        game = Game.new(resolve("tenhou"), seed)
        view = build_seat_view(game, game.dealer)
        drawn = view.own.drawn
        if drawn is not None and drawn in view.own.tiles:
            break
    else:
        pytest.skip("no deal with the drawn tile's twin in hand")
    offered = jansou_actions(view)
    twins = [a for a in offered if getattr(a, "tile", None) == jtile(drawn)
             and type(a).__name__ == "Discard"]
    assert sorted(a.tsumogiri for a in twins) == [False, True]
    assert len({offered[a] for a in twins}) == 1  # both are our one discard of that tile
    assert sorted(view.own.tiles, key=tile_key) == list(view.own.tiles)


def test_the_reference_agents_are_all_offered():
    assert {"RandomAgent", "SimpleAgent", "EfficiencyAgent", "SmartEfficiencyAgent"} <= set(
        agent_classes()
    )
