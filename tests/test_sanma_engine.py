"""The engine playing three (RULESETS.md §9, issue 25): 108 tiles accounted for, the
empty North seat, no chi, kita with its replacement draw, a ron on a kita without the
chankan yaku, kita breaking ippatsu and the first-turn yaku, the dead wall's eight
replacement tiles, and the end of the game for three. One scenario per rule."""

from __future__ import annotations

import asyncio

import pytest

from ai import LEVELS
from engine.actions import Chi, Discard, Kita, Pass, Ron, Tsumo
from engine.driver import play_game
from engine.ending import next_hand
from engine.events import Drew, KitaDeclared, RiichiAccepted, Won
from engine.game import Game
from engine.invariants import Checker
from engine.scripted import autopilot, do, of_type, scripted_game, t
from engine.state import Round
from engine.wall import shape_for
from engine.win_facts import win_facts
from rules.ruleset import load_preset, resolve

T3 = "tenhou3"
# Seat 0 (dealer) draws 9m first: 123p 456p 789s 11m 99m and a North to set aside; a 1m
# after it wins. Seat 1 waits on the North alone with haku and hatsu; seat 2 is idle.
DEALER = "123p456p789s11m9m4z"
NORTH_WAIT = "555z666z123s789s4z"
IDLE = "567s111p222p1z2z3z7z"


def _game(preset=T3, hands=(DEALER, NORTH_WAIT, IDLE), draws="9m", **kw):
    return scripted_game(preset, [*hands, ""], draws, **kw)


def test_108_tiles_accounted_for_and_the_north_seat_empty():
    game = Game(load_preset(T3), 5)
    wall = game.hand.wall
    assert len(wall.tiles) == 108
    assert not {tile.kind for tile in wall.tiles} & {1, 2, 3, 4, 5, 6, 7}
    assert [len(s.hand) for s in game.hand.seats] == [14, 13, 13, 0]
    assert game.scores == [35000, 35000, 35000, 0]
    assert wall.remaining == 108 - 39 - 14 - 1
    assert Checker()(game) == []


def test_turn_order_skips_the_empty_seat():
    game = _game()
    do(game, Discard(0, t("9m")))
    assert game.pending_seats() == [1]
    for _ in range(12):
        game.apply(autopilot(game, game.pending_seats()[0]))
    drawn = [d.seat for d in of_type(game.events, Drew) if not d.rinshan]
    assert drawn[:7] == [0, 1, 2, 0, 1, 2, 0]


def test_no_chi():
    # Seat 1 holds 23s next to seat 0's discard of 1s: four players could chi it.
    hands = ("123p456p789s11m1s4z", "23s555z666z789s44z", IDLE)
    four = scripted_game("tenhou", [*hands, "2223334445556m"], "9m")
    do(four, Discard(0, t("1s")))
    assert any(isinstance(a, Chi) for a in four.legal_actions(1))
    game = _game(hands=hands)
    do(game, Discard(0, t("1s")))
    assert not any(isinstance(a, Chi) for a in game.legal_actions(1))


def test_kita_sets_a_north_aside_with_a_replacement_draw():
    game = _game(hands=(DEALER, "567p888p99p1z2z3z7z6z", IDLE), rinshan="3p")
    assert Kita(0) in game.legal_actions(0)
    remaining = game.hand.wall.remaining
    events = do(game, Kita(0))
    (kita,) = of_type(events, KitaDeclared)
    assert kita.tile.kind == 30
    drew = of_type(events, Drew)[-1]
    assert drew.seat == 0 and drew.rinshan and drew.tile == t("3p")
    assert game.hand.seats[0].kita == [kita.tile]
    assert game.hand.wall.remaining == remaining - 1  # the dead wall took a live tile
    assert len(game.hand.wall.dead_tiles()) == 14
    assert Checker()(game) == []


def test_kita_is_a_dora_and_its_replacement_tile_is_rinshan_kaihou():
    game = _game(hands=(DEALER, "567p888p99p1z2z3z7z6z", IDLE), rinshan="1m")
    do(game, Kita(0))
    (won,) = of_type(do(game, Tsumo(0)), Won)
    ids = {y["id"] for y in won.result["yaku"]}
    assert "rinshan" in ids and won.facts.kita == 1
    assert win_facts(game.events, won, game.ruleset) == won.facts
    assert won.result["dora"]["dora"] >= 1
    # tsumo loss: the dealer's tsumo is paid by the two other seats only
    payers = {p.payer for p in won.payments if p.reason == "hand"}
    assert payers == {1, 2}


def test_kita_rinshan_off_is_no_rinshan_kaihou():
    game = _game(hands=(DEALER, "567p888p99p1z2z3z7z6z", IDLE), rinshan="1m",
                 rules={"kita_rinshan": False})
    do(game, Kita(0))
    (won,) = of_type(do(game, Tsumo(0)), Won)
    assert "rinshan" not in {y["id"] for y in won.result["yaku"]}
    assert win_facts(game.events, won, game.ruleset) == won.facts


def test_ron_on_a_kita_without_the_chankan_yaku():
    game = _game()
    events = do(game, Kita(0))
    assert of_type(events, KitaDeclared)
    assert Ron(1) in game.legal_actions(1)
    assert game.hand.seats[0].kita  # set aside while the window is open
    assert Checker()(game) == []
    (won,) = of_type(do(game, Ron(1)), Won)
    assert won.from_seat == 0 and won.win_tile.kind == 30
    assert "chankan" not in {y["id"] for y in won.result["yaku"]}
    assert not won.facts.chankan


@pytest.mark.parametrize("preset, ippatsu", [("tenhou3", False), ("mahjongsoul3", True)])
def test_kita_breaks_ippatsu_except_a_ron_on_it_where_the_site_keeps_it(preset, ippatsu):
    game = _game(preset, draws="9m3p2s4z")
    do(game, Discard(1, t("3p"), riichi=True))
    do(game, Discard(2, t("2s")))
    assert of_type(game.events, RiichiAccepted)
    do(game, Kita(0))
    (won,) = of_type(do(game, Ron(1)), Won)
    assert won.facts.ippatsu is ippatsu
    assert win_facts(game.events, won, game.ruleset) == won.facts


def test_kita_breaks_double_riichi_and_the_first_turn():
    game = _game(draws="9m3p")
    do(game, Kita(0))
    game.apply(Pass(1))  # seat 1 may ron the North; it passes
    do(game, Discard(0, game.hand.seats[0].drawn))
    do(game, Discard(1, t("3p"), riichi=True))
    assert game.hand.seats[1].riichi and not game.hand.seats[1].double_riichi


def test_dead_wall_has_eight_replacement_tiles_apart_from_the_indicators():
    shape = shape_for(108, 3)
    assert len(shape.rinshan) == 8 and len(set(shape.rinshan)) == 8
    assert not set(shape.rinshan) & {i for n in shape.indicators for i in (n, n + 1)}
    assert all(i >= shape.live_end - 4 for i in shape.rinshan)
    assert (shape.deal_end, shape.live_end) == (39, 94)
    # four players: 000 第5, 8, 9条's layout
    four = shape_for(136, 4)
    assert (four.deal_end, four.live_end) == (52, 122)
    assert (four.rinshan, four.indicators) == ((134, 135, 132, 133), (130, 128, 126, 124, 122))


def test_the_game_ends_after_south_3_or_goes_to_the_west_round():
    r = load_preset(T3)
    last = Round(1, 2, 0, 0, 3)  # South 3: the last dealer of three
    assert next_hand(r, last, "draw", False, False, [45000, 30000, 30000, 0]).over
    west = next_hand(r, last, "draw", False, False, [39000, 33000, 33000, 0])
    assert not west.over and (west.round_wind, west.dealer) == (2, 0)
    assert next_hand(r, Round(0, 1, 0, 0, 3), "draw", False, False,
                     [50000, 56000, -1000, 0]).over  # bust below zero
    mid = next_hand(r, Round(0, 2, 0, 0, 3), "win", False, False, [35000] * 3 + [0])
    assert (mid.round_wind, mid.dealer, mid.over) == (1, 0, False)


def test_noten_payments_with_three():
    from engine.settlement import net_deltas, noten_payments

    r = load_preset(T3)
    assert net_deltas(noten_payments([True, False, False, False], r)) == [2000, -1000, -1000, 0]
    assert net_deltas(noten_payments([True, True, False, False], r)) == [1000, 1000, -2000, 0]


def test_seat_winds_are_east_south_west():
    r = Round(0, 1, 0, 0, 3)
    assert [r.seat_wind(s) for s in range(3)] == [29, 27, 28]


def test_abortive_draws_for_three():
    r = load_preset(T3)
    assert r.abort_kyuushu and r.abort_suukaikan
    assert not r.abort_suufon and not r.abort_suucha_riichi


@pytest.mark.parametrize("preset", ["tenhou3", "mahjongsoul3"])
def test_ai_games_for_three_are_clean(preset):
    kitas = 0
    for seed in range(6):
        game = Game(resolve(preset), seed, shuffle_seats=True)
        check = Checker()
        problems: list[str] = []

        def after(g, action, events, check=check, problems=problems):
            problems.extend(check(g))

        players = [LEVELS["normal"](s, seed) for s in range(4)]
        asyncio.run(play_game(game, players, after_apply=after, yield_every=0,
                              concurrent=False))
        assert not problems
        assert game.is_over and game.scores[3] == 0 and len(game.results) == 3
        assert sum(game.scores) + 1000 * game.sticks == 3 * 35000
        kitas += len(of_type(game.events, KitaDeclared))
        # The facts a hand's public events give again are the engine's own, kita included.
        for won in of_type(game.events, Won):
            assert win_facts(game.events, won, game.ruleset) == won.facts
    assert kitas > 0


def test_kita_in_riichi_only_with_the_north_just_drawn():
    # Seat 1 waits on the North alone in riichi; a North drawn later may go aside.
    game = _game(hands=(DEALER, "555z666z123s789s4z", IDLE), draws="9m3p2s1s4z")
    do(game, Discard(1, t("3p"), riichi=True))
    do(game, Discard(2, t("2s")))
    do(game, Discard(0, t("1s")))
    # seat 1 drew the last North: kita is legal (the hand's shape is the same)
    assert game.hand.seats[1].drawn.kind == 30
    assert Kita(1) in game.legal_actions(1)
    # the same with another tile drawn: the North held is the wait, it stays
    game = _game(hands=(DEALER, "555z666z123s789s4z", IDLE), draws="9m3p2s1s5s")
    do(game, Discard(1, t("3p"), riichi=True))
    do(game, Discard(2, t("2s")))
    do(game, Discard(0, t("1s")))
    assert game.hand.seats[1].counts[30] == 1 and game.hand.seats[1].drawn == t("5s")
    assert Kita(1) not in game.legal_actions(1)


def test_no_kita_right_after_a_pon():
    hands = ("123p456p789s11m9m4z", "555z123s789s444z9p", IDLE)
    game = _game(hands=hands, draws="9m")
    do(game, Discard(0, t("4z")))
    pon = next(a for a in game.legal_actions(1) if type(a).__name__ == "Pon")
    game.apply(pon)
    assert game.hand.seats[1].counts[30] == 1  # a North still in hand
    assert Kita(1) not in game.legal_actions(1)


@pytest.mark.parametrize("preset, tenpai_stops", [("tenhou3", False), ("mahjongsoul3", True)])
def test_all_last_dealer_stop_with_three(preset, tenpai_stops):
    r = load_preset(preset)
    all_last = Round(1, 2, 0, 0, 3)  # South 3: the dealer is seat 2
    first = [30000, 30000, 45000, 0]
    assert next_hand(r, all_last, "win", True, False, first).over
    assert next_hand(r, all_last, "draw", True, False, first).over is tenpai_stops
    behind = [50000, 25000, 30000, 0]
    assert not next_hand(r, all_last, "win", True, False, behind).over


@pytest.mark.parametrize("level", ["greedy", "easy", "normal", "hard"])
def test_ai_sets_a_lone_north_aside_and_keeps_the_north_it_waits_on(level):
    # seat 1 is tenpai on a North pair (shanpon with 9s): setting one aside breaks it
    game = _game(hands=(DEALER, "555z666z123s44z99s", IDLE), draws="9m3p")
    player = LEVELS[level](0, 0)
    choice = asyncio.run(player.decide(game.view(0), game.legal_actions(0)))
    assert choice == Kita(0)  # the dealer's North is a lone tile: aside, a dora
    do(game, Discard(0, t("9m")))
    # seat 1 waits on its North pair: kita is legal, but it would break the tenpai
    assert Kita(1) in game.legal_actions(1)
    player = LEVELS[level](1, 0)
    choice = asyncio.run(player.decide(game.view(1), game.legal_actions(1)))
    assert choice != Kita(1)
