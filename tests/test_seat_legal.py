"""`engine.seat_legal`: a seat works out its legal actions from its own view and memory,
and they are the host's, at every turn and claim decision of seeded games of every preset."""

from __future__ import annotations

import asyncio
import random

import pytest

from engine.actions import Action
from engine.game import Game
from engine.player_view_of_game import PlayerView
from engine.redaction import redact
from engine.seat_legal import Reckoner, furiten_of
from engine.seat_view import Observer
from rules.ruleset import ALL_PRESET_IDS, load_preset


class _Random:
    """Picks any legal action (calls, kans, riichi and wins included), seeded."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action:
        wins = [a for a in legal if type(a).__name__ in ("Tsumo", "Ron")]
        if wins and self.rng.random() < 0.3:
            return wins[0]
        return self.rng.choice(legal)


def _check_game(preset: str, seed: int) -> int:
    """Play one game; at every decision compare each seat's reckoning with the host's.
    Returns the number of decisions compared."""
    from ai import LEVELS

    ruleset = load_preset(preset)
    game = Game.new(ruleset, seed)
    players = [_Random(seed * 4 + s) if s % 2 else LEVELS["easy"](s, seed) for s in range(4)]
    seats = [Reckoner(s) for s in range(4)]
    told = 0
    compared = 0
    steps = 0
    while not game.is_over and steps < 5000:
        steps += 1
        for event in game.events[told:]:
            for seat in seats:
                seat.feed(redact(event, Observer(seat.view.seat)))
        told = len(game.events)
        pending = game.pending_seats()
        phase = game.hand.phase
        for seat in seats:
            s = seat.view.seat
            if phase == "declare":
                continue
            if seat.view.own.waits and len(game.hand.seats[s].hand) % 3 == 1:
                # What the seat remembers of its passed wins is the host's furiten.
                assert furiten_of(seat.view, seat.ruleset, seat.memory) == game.furiten(s), (
                    f"{preset} seed {seed} seat {s}: furiten"
                )
            claim = game.hand.claim if phase == "claim" else None
            if s in pending or (claim is not None and s != claim.seat):
                mine = seat.legal()
                # In a claim window: the options of every seat asked (answered or not),
                # and none for a seat the window was not opened to.
                theirs = claim.options.get(s, []) if claim is not None else game.legal_actions(s)
                assert sorted(map(repr, mine)) == sorted(map(repr, theirs)), (
                    f"{preset} seed {seed} seat {s}: reckoned {mine!r}, host {theirs!r}"
                )
                compared += 1
            elif phase == "turn":
                assert seat.legal() == (), f"{preset} seed {seed} seat {s} not on turn"
        seat_no = pending[0]
        legal = game.legal_actions(seat_no)
        action = asyncio.run(players[game.seating[seat_no]].decide(game.view(seat_no), legal))
        game.apply(action)
    return compared


@pytest.mark.parametrize("preset", ALL_PRESET_IDS)
def test_reckoned_legal_actions_are_the_hosts(preset: str) -> None:
    compared = sum(_check_game(preset, seed) for seed in range(2))
    assert compared > 300


@pytest.mark.slow
@pytest.mark.parametrize("preset", ALL_PRESET_IDS)
def test_reckoned_legal_actions_many_games(preset: str) -> None:
    for seed in range(2, 22):
        _check_game(preset, seed)
