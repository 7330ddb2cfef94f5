"""The engine's small parts: the wall and its layout, codecs, kuikae, views."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.actions import ACTION_TYPES, Ankan, Chi, Discard, Pass, action_from_dict, action_to_dict
from engine.claims import chi_options, kuikae_kinds, pon_options, resolve
from engine.events import Dealt, Drew, event_from_dict, event_to_dict
from engine.game import Game
from engine.player_view_of_game import event_for
from engine.scripted import scripted_game, t
from engine.state import SeatState
from engine.wall import (
    FOUR,
    Wall,
    break_from_dice,
    full_set,
    position,
    scripted_wall,
    shuffled_tiles,
)
from rules.ruleset import load_preset
from rules.tiles import parse_tiles


@pytest.mark.parametrize(("count", "reds"), [(0, ""), (1, "0p"), (2, "0p0s"), (3, "0m0p0s"),
                                              (4, "0m0p0p0s")])
def test_red_fives_per_ruleset(count, reds):
    tiles = full_set(count)
    assert len(tiles) == 136
    assert sorted(t for t in tiles if t.red) == sorted(parse_tiles(reds))
    assert all(n == 4 for n in Counter(t.kind for t in tiles).values())


def test_dead_wall_positions_follow_the_rulebook():
    # 000 第8条, 第9条: rinshan 134 135 132 133; indicators 130, 128, 126, 124, 122.
    assert FOUR.rinshan == (134, 135, 132, 133)
    assert FOUR.indicators == (130, 128, 126, 124, 122)
    wall = Wall(shuffled_tiles(random.Random(1), 0), [(2, 3)], dealer=0)
    assert wall.remaining == 70
    wall.add_kan()
    assert wall.remaining == 69 and wall.draw_rinshan() == wall.tiles[134]
    assert len(wall.dead_tiles()) == 14  # the dead wall stays at 14 (000 第5条)


def test_the_deal_takes_four_four_four_one():
    tiles = shuffled_tiles(random.Random(2), 0)
    hands = Wall(tiles, [(1, 1)], dealer=2).deal(2)
    assert hands[2][:4] == tiles[0:4] and hands[3][:4] == tiles[4:8]
    assert hands[2][12] == tiles[48] and hands[1][12] == tiles[51]
    assert all(len(h) == 13 for h in hands)


def test_the_break_and_the_physical_layout():
    # Dice 7 from the dealer (seat 1): 1, 5, 9 = dealer, so 7 = toimen = seat 3.
    brk = break_from_dice(1, [(3, 4)])
    assert (brk.side, brk.stacks) == (3, 7)
    first = position(0, brk)
    assert (first.side, first.stack, first.upper) == (3, 7, True)
    # Drawing runs clockwise: on along the broken wall, then to its owner's kamicha.
    assert position(2 * 10, brk).side == 2 and position(2 * 10, brk).stack == 0
    # The dead wall is the 7 stacks right of the break.
    assert {(position(i, brk).side, position(i, brk).stack) for i in range(122, 136)} == {
        (3, s) for s in range(7)
    }
    places = {(position(i, brk).side, position(i, brk).stack, position(i, brk).upper)
              for i in range(136)}
    assert len(places) == 136


def test_scripted_wall_refuses_a_fifth_tile():
    with pytest.raises(ValueError, match="too often"):
        scripted_wall(["1111m234p567p789s"], draws="1m")


def test_kuikae_scope():
    # 000 第51条: chi 3 with 45 → 3 and 6; chi 4 with 35 → 4; chi 3 with 12 → 3; pon → kind.
    assert kuikae_kinds(2, (3, 4), chi=True) == {2, 5}
    assert kuikae_kinds(3, (2, 4), chi=True) == {3}
    assert kuikae_kinds(2, (0, 1), chi=True) == {2}
    assert kuikae_kinds(6, (7, 8), chi=True) == {6}  # 7m with 89m: no 10m
    assert kuikae_kinds(31, (31, 31), chi=False) == {31}


def test_a_call_leaving_no_legal_discard_is_not_offered():
    # With three melds down and 4m 5m 3m 6m in hand, chi 3m on 45m leaves only 3m and 6m.
    seat = SeatState(parse_tiles("45m36m"))
    assert chi_options(1, seat, t("3m"), kuikae=True) == []
    assert chi_options(1, seat, t("3m"), kuikae=False) == [Chi(1, (t("4m"), t("5m")))]
    seat = SeatState(parse_tiles("555m"))
    assert pon_options(1, seat, t("5m"), kuikae=True) == []


def test_red_fives_give_distinct_call_choices():
    seat = SeatState(parse_tiles("505m9p"))
    pons = pon_options(2, seat, t("5m"), kuikae=True)
    assert {p.tiles for p in pons} == {(t("5m"), t("5m")), (t("5m"), t("0m"))}


def test_claim_priority():
    from engine.actions import Pon, Ron

    assert resolve(0, {1: Chi(1, (t("4m"), t("5m"))), 2: Pon(2, (t("3m"), t("3m")))},
                   "head_bump") == ([], Pon(2, (t("3m"), t("3m"))))
    assert resolve(2, {3: Ron(3), 1: Ron(1)}, "head_bump") == ([3], None)
    assert resolve(2, {3: Ron(3), 1: Ron(1), 0: Ron(0)}, "multiple") == ([3, 0, 1], None)


def test_actions_and_events_round_trip_as_json():
    game = Game.new(load_preset("wrc").with_overrides({"red_fives": 3}), 5)
    for event in game.events:
        assert event_from_dict(event_to_dict(event)) == event
    samples = [Discard(0, t("0p"), riichi=True), Chi(1, (t("3s"), t("4s"))), Ankan(2, 31),
               Pass(3)]
    for action in samples:
        assert action_from_dict(action_to_dict(action)) == action
    assert set(ACTION_TYPES) >= {"discard", "tsumo", "ron", "chi", "pon", "daiminkan", "ankan",
                                 "kakan", "pass", "show_tenpai"}
    assert repr(samples[0]) == "Discard(seat=0, tile=Tile(13, red=True), riichi=True)"


def test_views_hide_other_hands_and_draws():
    game = scripted_game("wrc", ["123m456m789m67p11s", "1s2s3s4s5s6s7s8s9s1p1p6z6z",
                                 "2p3p4p2s3s4s6s7s8s9p9p9p5z", "1z1z1z2z2z2z3z3z3z4z4z4z5z"],
                         draws="7z")
    dealt = next(e for e in game.events if isinstance(e, Dealt))
    assert event_for(dealt, 1).hands[0] == () and event_for(dealt, 1).hands[1]
    drew = next(e for e in game.events if isinstance(e, Drew))
    assert event_for(drew, 1).tile is None and event_for(drew, 0).tile == t("7z")
    view = game.view(0)
    assert view.drawn == t("7z") and len(view.hand) == 14 and view.tiles_left == 69
    assert game.view(1).drawn is None
    assert game.view(1).waits == (9, 32)  # 1p 6z
    assert game.view(0).waits == ()  # 14 tiles in hand: waits are for 13
    game.apply(Discard(0, t("7z")))
    assert game.view(0).waits == (13, 16)  # 5p 8p
    assert not hasattr(view, "wall")


def test_invariants_catch_a_lost_tile_and_created_points():
    from engine.invariants import InvariantViolation, check, validate

    game = Game.new(load_preset("wrc"), 1)
    assert validate(game) == []
    game.hand.seats[1].hand.pop()
    game.scores[0] += 100
    problems = validate(game)
    assert len(problems) == 4
    assert "points not conserved" in problems[0] and "missing" in problems[1]
    assert "holds 12 tiles" in problems[2] and "counts do not match" in problems[3]
    with pytest.raises(InvariantViolation):
        check(game)


def test_the_caching_checker_sees_a_change_anywhere_in_a_river():
    # The sim's Checker keeps each river's kinds between actions; a tampered entry
    # (even an old one, even with the same length) must still be seen.
    from dataclasses import replace

    from engine.invariants import Checker
    from engine.scripted import autopilot

    game = Game.new(load_preset("wrc"), 2)
    checker = Checker()
    for _ in range(30):
        game.apply(autopilot(game, game.pending_seats()[0]))
        assert checker(game) == []
    river = game.hand.seats[0].river
    first = river[0]
    other = t("1z") if first.tile != t("1z") else t("2z")
    river[0] = replace(first, tile=other)
    assert any("tiles not accounted for" in p for p in checker(game))
    river[0] = first
    assert checker(game) == []
