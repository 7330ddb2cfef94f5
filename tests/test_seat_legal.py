"""`engine.seat_legal`: a seat works out its legal actions from its own view and memory,
and they are the host's, at every turn and claim decision of seeded games of every preset."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable

import pytest

from engine.actions import Action
from engine.game import Game
from engine.player_view import PlayerView
from engine.redaction import redact
from engine.seat_legal import Reckoner, furiten_of
from engine.seat_view import Observer
from rules.ruleset import ALL_PRESET_IDS, SANMA_PRESET_IDS, load_preset


class _Random:
    """Picks any legal action (calls, kans, riichi and wins included), seeded."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    async def decide(self, view: PlayerView, legal: list[Action]) -> Action:
        wins = [a for a in legal if type(a).__name__ in ("Tsumo", "Ron")]
        if wins and self.rng.random() < 0.3:
            return wins[0]
        return self.rng.choice(legal)


def _check_game(preset: str, seed: int, house: dict | None = None) -> int:
    """Play one game; at every decision compare each seat's reckoning with the host's.
    Returns the number of decisions compared."""
    from ai import LEVELS

    ruleset = load_preset(preset)
    if house:
        ruleset = ruleset.with_overrides(house)
    game = Game.new(ruleset, seed)
    players = [_Random(seed * 4 + s) if s % 2 else LEVELS["easy"](s, seed) for s in range(4)]

    def choose(game: Game, seat_no: int, legal: list[Action]) -> Action:
        return asyncio.run(players[game.seating[seat_no]].decide(game.view(seat_no), legal))

    return _check(game, choose, f"{preset} seed {seed}")


def _check(
    game: Game,
    choose: Callable[[Game, int, list[Action]], Action],
    label: str,
    hands: int | None = None,
) -> int:
    """Play `game` with `choose` (to its end, or `hands` hands); at every decision compare
    each seat's reckoning with the host's. Returns the number of decisions compared."""
    seats = [Reckoner(s) for s in range(4)]
    told = 0
    compared = 0
    steps = 0
    while not game.is_over and steps < 5000 and (hands is None or game.hands_played < hands):
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
                    f"{label} seat {s}: furiten"
                )
            claim = game.hand.claim if phase == "claim" else None
            if s in pending or (claim is not None and s != claim.seat):
                mine = seat.legal()
                # In a claim window: the options of every seat asked (answered or not),
                # and none for a seat the window was not opened to.
                theirs = claim.options.get(s, []) if claim is not None else game.legal_actions(s)
                assert sorted(map(repr, mine)) == sorted(map(repr, theirs)), (
                    f"{label} seat {s}: reckoned {mine!r}, host {theirs!r}"
                )
                compared += 1
            elif phase == "turn":
                assert seat.legal() == (), f"{label} seat {s} not on turn"
        seat_no = pending[0]
        game.apply(choose(game, seat_no, game.legal_actions(seat_no)))
    return compared


@pytest.mark.parametrize("preset", ALL_PRESET_IDS)
def test_reckoned_legal_actions_are_the_hosts(preset: str) -> None:
    compared = sum(_check_game(preset, seed) for seed in range(2))
    assert compared > 300


@pytest.mark.parametrize("preset", SANMA_PRESET_IDS)
def test_reckoned_legal_actions_are_the_hosts_for_three_players(preset: str) -> None:
    # Three players (RULESETS.md §9): kita on one's turn and the ron on a set-aside
    # North, no chi, the turn order skipping the empty seat, the dead wall's eight
    # replacement tiles shared by kans and kita. The random seats take any legal
    # action, kita and rons on it included.
    compared = sum(_check_game(preset, seed) for seed in range(3))
    assert compared > 500


# Seat 0 (dealer) holds a North; seat 1 waits on the North alone; seat 2 is idle.
KITA_HANDS = ["123p456p789s11m9m4z", "555z666z123s789s4z", "567s111p222p1z2z3z7z", ""]


@pytest.mark.parametrize("preset", SANMA_PRESET_IDS)
@pytest.mark.parametrize("answer", ["Ron", "Pass"])
def test_reckoned_answers_to_a_window_on_a_kita(preset: str, answer: str) -> None:
    # Seat 1 (in riichi) is asked whether to ron the North seat 0 sets aside; passing it
    # leaves seat 1 furiten for good. Every seat's reckoning is the host's at every
    # decision of the hand, the window and what follows it included.
    from engine.actions import Discard, Kita, Pass, Ron
    from engine.scripted import autopilot, scripted_game, t

    game = scripted_game(preset, KITA_HANDS, "9m3p2s4z")
    script: list[Action] = [Discard(1, t("3p"), riichi=True), Kita(0)]
    script.append(Ron(1) if answer == "Ron" else Pass(1))
    windows = []

    def choose(game: Game, seat: int, legal: list[Action]) -> Action:
        claim = game.hand.claim
        if game.hand.phase == "claim" and claim is not None and claim.source == "kita":
            windows.append(claim.options)
        if script and script[0].seat == seat and script[0] in legal:
            return script.pop(0)
        return autopilot(game, seat)

    _check(game, choose, f"{preset} kita window", hands=1)
    assert not script and windows and 1 in windows[0]
    if answer == "Pass":
        assert game.hands_played == 1  # the hand played on to its end


@pytest.mark.parametrize("kita_rinshan", [True, False])
def test_reckoned_tsumo_on_a_kita_replacement_tile(kita_rinshan: bool) -> None:
    # An open hand with no yaku (pon of 7s, 123p 456p, 11m 99m) sets a North aside and
    # draws 1m: rinshan kaihou is its only yaku, so the tsumo is legal only where
    # `kita_rinshan` says (RULESETS.md §9). The seat remembers its own kita.
    from engine.actions import Discard, Kita, Pon, Tsumo
    from engine.scripted import do, scripted_game, t

    hands = ["123p456p11m99m77s2z", "567s111p222p1z3z6z7z", "789p333p1z3z5z6z7z5s8s", ""]
    game = scripted_game(
        "tenhou3", hands, "9s7s8p9p4z", rinshan="1m", rules={"kita_rinshan": kita_rinshan}
    )
    do(game, Discard(0, t("9s")))
    do(game, Discard(1, t("7s")))
    do(game, next(a for a in game.legal_actions(0) if isinstance(a, Pon)))
    do(game, Discard(0, t("2z")))
    do(game, Kita(0))
    seat = Reckoner(0)
    for event in game.events:
        seat.feed(redact(event, Observer(0)))
    assert game.hand.seats[0].drawn == t("1m")
    assert (Tsumo(0) in game.legal_actions(0)) is kita_rinshan
    assert sorted(map(repr, seat.legal())) == sorted(map(repr, game.legal_actions(0)))


@pytest.mark.slow
@pytest.mark.parametrize("preset", ALL_PRESET_IDS + SANMA_PRESET_IDS)
def test_reckoned_legal_actions_many_games(preset: str) -> None:
    for seed in range(2, 22):
        _check_game(preset, seed)
