"""One scenario per rule of RULESETS.md §8 (the online presets), each on a scripted wall.

As tests/test_engine_rules.py: seat 0 deals unless `start` says otherwise, hands are
per absolute seat, seats a test does not drive play on autopilot (tsumogiri, pass,
show tenpai). Each rule is checked both ways: on where a preset (or a house rule)
turns it on, off under a seed preset, so the test fails if the parameter is ignored.
"""

from __future__ import annotations

import pytest

from engine.actions import Ankan, Daiminkan, Discard, NineTerminals, Ron
from engine.events import (
    Discarded,
    DoraRevealed,
    ExhaustiveDraw,
    GameEnded,
    HandEnded,
    HandStarted,
    RiichiAccepted,
    Won,
)
from engine.game import Start
from engine.invariants import validate
from engine.scripted import advance, do, of_type, scripted_game, t

# Four hands that stay noten however the autopilot draws and discards (tsumogiri).
NOTEN = (
    "1m3m6m8m2p4p7p9p1s3s6s8s1z",
    "2m4m7m9m1p3p6p8p2s4s7s9s2z",
    "1m3m6m8m2p4p7p9p1s3s6s8s3z",
    "2m4m7m9m1p3p6p8p2s4s7s9s4z",
)
QUIET = {"nagashi_mangan": False, "abort_suufon": False}  # random walls end exhaustively


def ended(events):
    [end] = of_type(events, HandEnded)
    return end


# --------------------------------------------------------------------------- 九種九牌


NINE = "19m19p19s1234z467m"  # ten different terminals and honors


def test_nine_terminals_is_the_players_choice_on_the_first_draw():
    game = scripted_game("tenhou", [NINE, *NOTEN[1:]], draws="7z", rules={"red_fives": 0})
    assert NineTerminals(0) in game.legal_actions(0)
    assert game.legal_actions(0)[-1] == NineTerminals(0)  # never the default choice
    events = game.apply(NineTerminals(0))
    [draw] = of_type(events, ExhaustiveDraw)
    assert (draw.kind, draw.seat, draw.payments) == ("nine_terminals", 0, ())
    assert len(draw.hand) == 14
    end = ended(events)
    assert end.renchan and end.honba == 1 and end.deltas == (0, 0, 0, 0)
    [nxt] = of_type(events, HandStarted)
    assert (nxt.dealer, nxt.honba) == (0, 1)
    assert not validate(game)


def test_nine_terminals_is_not_offered_without_the_rule_or_after_the_first_go_around():
    game = scripted_game("wrc", [NINE, *NOTEN[1:]], draws="7z")
    assert NineTerminals(0) not in game.legal_actions(0)
    game = scripted_game("tenhou", [NINE, *NOTEN[1:]], draws="7z", rules={"red_fives": 0})
    do(game, Discard(0, t("7z")))
    advance(game, lambda g: g.pending_seats() == [0] and g.hand.phase == "turn")
    assert NineTerminals(0) not in game.legal_actions(0)


def test_nine_terminals_needs_nine_kinds():
    eight = "19m19p19s12z467m78p"
    game = scripted_game("tenhou", [eight, *NOTEN[1:]], draws="8p", rules={"red_fives": 0})
    assert NineTerminals(0) not in game.legal_actions(0)


# --------------------------------------------------------------------------- 四風連打


WINDS = ("1z2m3m6m8m2p4p7p9p1s3s6s8s", "1z2m4m7m9m1p3p6p8p2s4s7s9s",
         "1z1m3m6m8m2p4p7p9p1s3s6s8s", "1z2m4m7m9m1p3p6p8p2s4s7s9s")


@pytest.mark.parametrize(("preset", "aborts"), [("tenhou", True), ("wrc", False)])
def test_four_winds_on_the_first_go_around(preset, aborts):
    game = scripted_game(preset, list(WINDS), draws="5z6z7z5z", rules={"red_fives": 0})
    events = []
    for seat in range(4):
        events += do(game, Discard(seat, t("1z")))
    draws = of_type(events, ExhaustiveDraw)
    if aborts:
        assert [d.kind for d in draws] == ["four_winds"]
        assert ended(events).renchan
    else:
        assert not draws and not game.is_over and game.hand.phase == "turn"


# --------------------------------------------------------------------------- 四家立直


TENPAI4 = ("123m456m789m123p4p", "123s456s789s123p7p", "234m678m234s678s9p",
           "111z222z333z444z6p")


@pytest.mark.parametrize(("preset", "aborts"), [("tenhou", True), ("wrc", False)])
def test_four_riichi_aborts_when_the_fourth_is_accepted(preset, aborts):
    game = scripted_game(preset, list(TENPAI4), draws="8p8p8p8s", rules={"red_fives": 0})
    events = []
    for seat, tile in enumerate(("8p", "8p", "8p", "8s")):
        events += do(game, Discard(seat, t(tile), riichi=True))
    assert len(of_type(events, RiichiAccepted)) == 4
    draws = of_type(events, ExhaustiveDraw)
    if aborts:
        assert [d.kind for d in draws] == ["four_riichi"]
        assert not validate(game)
        end = ended(events)
        assert end.sticks == 4 and end.honba == 1 and end.renchan
        assert end.scores == (preset_start(game) - 1000,) * 4
        [nxt] = of_type(events, HandStarted)
        assert nxt.sticks == 4
    else:
        assert not draws and not game.is_over


def preset_start(game):
    return game.ruleset.starting_points


# --------------------------------------------------------------------------- 四槓散了


KANS = ("1111z2222z123m46m", "3333z4444z123p46p", NOTEN[2][:-2] + "7z", NOTEN[3][:-2] + "7z")


@pytest.mark.parametrize(("preset", "aborts"), [("tenhou", True), ("wrc", False)])
def test_four_kans_by_two_players_abort_after_the_next_discard(preset, aborts):
    game = scripted_game(
        preset, list(KANS), draws="9m9p", rinshan="5z5z6z6z", rules={"red_fives": 0}
    )
    do(game, Ankan(0, 27))
    do(game, Ankan(0, 28))
    do(game, Discard(0, t("5z")))
    do(game, Ankan(1, 29))
    events = do(game, Ankan(1, 30))
    assert game.hand.wall.kans == 4 and not of_type(events, ExhaustiveDraw)
    events = do(game, Discard(1, t("6z")))  # nobody can call or ron a 6z
    draws = of_type(events, ExhaustiveDraw)
    if aborts:
        assert [d.kind for d in draws] == ["four_kans"]
        assert not validate(game)
    else:
        assert not draws and not game.is_over


# --------------------------------------------------------------------------- 三家和了 / double ron

RON3 = ("1z1z1z2z2z2z4z4z4z6z6z6z3z", "123m456m789m111s3z", "123p456p789p222s3z",
        "123s456s789s444m3z")


def _ron3(preset, **rules):
    game = scripted_game(
        preset, list(RON3), draws="7z", rules={"red_fives": 0, **rules},
        start=Start(honba=1, sticks=1, scores=(25000, 25000, 25000, 24000)),
    )
    do(game, Discard(0, t("3z")))
    return game


def test_triple_ron_aborts_under_tenhou():
    game = _ron3("tenhou")
    events = do(game, Ron(1), Ron(2), Ron(3))
    assert not of_type(events, Won)
    [draw] = of_type(events, ExhaustiveDraw)
    assert draw.kind == "triple_ron"
    end = ended(events)
    assert end.deltas == (0, 0, 0, 0) and end.sticks == 1 and end.honba == 2
    assert not validate(game)


def test_triple_ron_is_paid_to_all_three_under_mahjongsoul():
    game = _ron3("mahjongsoul")
    events = do(game, Ron(1), Ron(2), Ron(3))
    wins = of_type(events, Won)
    assert [w.winner for w in wins] == [1, 2, 3]
    # Honba and the stick go to the winner nearest the discarder only.
    assert [sum(p.amount for p in w.payments if p.reason in ("honba", "sticks")) for w in wins] == [
        1300, 0, 0,
    ]
    assert sum(ended(events).deltas) == 1000  # the stick came off the table


def test_double_ron_pays_two_and_a_third_is_head_bumped_without_the_abort():
    game = _ron3("tenhou", abort_sanchahou=False)
    events = do(game, Ron(1), Ron(2), Ron(3))
    assert [w.winner for w in of_type(events, Won)] == [1, 2]
    game = _ron3("tenhou")
    events = do(game, Ron(2), Ron(3))
    assert [w.winner for w in of_type(events, Won)] == [2, 3]


def test_head_bump_under_a_seed_preset():
    game = _ron3("wrc")
    events = do(game, Ron(1), Ron(2), Ron(3))
    assert [w.winner for w in of_type(events, Won)] == [1]


# --------------------------------------------------------------------------- nagashi mangan


def _nagashi_wall() -> tuple[list[str], str]:
    """Seat 1 draws only terminals and honors (and discards them, autopilot), the
    others draw the rest; every hand stays noten-ish middle tiles."""
    yaochuu = [f"{n}{s}" for s in "mps" for n in "19"] + [f"{n}z" for n in range(1, 8)]
    middles = [f"{n}{s}" for s in "mps" for n in "234678"]  # no fives: no red questions
    hands = [
        "2m3m4m6m7m8m2p3p4p6p7p8p9s",
        "2s3s4s6s7s8s2m2p4s8m8p6s9s",
        "3m4m6m7m3p4p6p7p2s3s7s8s9s",
        "2m3m6m7m2p3p6p7p3s4s6s7s9s",
    ]
    used: dict[str, int] = {}
    for hand in hands:
        for i in range(0, len(hand), 2):
            used[hand[i : i + 2]] = used.get(hand[i : i + 2], 0) + 1
    pool_y = [y for y in yaochuu for _ in range(4 - used.get(y, 0))]
    pool_m = [m for m in middles for _ in range(4 - used.get(m, 0))]
    draws = []
    for i in range(70):
        if i % 4 == 1:
            draws.append(pool_y.pop(0))
        else:
            draws.append(pool_m.pop(0) if pool_m else pool_y.pop())
    return hands, "".join(draws)


@pytest.mark.parametrize(
    ("preset", "rules", "paid"),
    [("tenhou", {"red_fives": 0, "abort_suufon": False}, True),
     ("wrc", {"nagashi_mangan": True}, True),
     ("wrc", {}, False)],
)
def test_nagashi_mangan_is_paid_as_a_tsumo_mangan_instead_of_noten_payments(
    preset, rules, paid
):
    hands, draws = _nagashi_wall()
    game = scripted_game(preset, hands, draws=draws, rules=rules)
    events = advance(game, lambda g: g.hands_played > 0 or g.is_over, same_hand=False)
    [draw] = of_type(events, ExhaustiveDraw)
    river = [e.tile for e in of_type(events, Discarded) if e.seat == 1]
    assert len(river) >= 17 and all(k.kind in (0, 8, 9, 17, 18, 26) or k.kind >= 27 for k in river)
    if paid:
        assert (draw.kind, draw.nagashi) == ("nagashi_mangan", (1,))
        assert ended(events).deltas == (-4000, 8000, -2000, -2000)
        assert not validate(game)
    else:
        assert draw.kind == "exhaustive" and not draw.nagashi
        assert all(p.reason == "noten" for p in draw.payments)


# --------------------------------------------------------------------------- bust


def test_bust_below_zero_ends_the_game_and_exactly_zero_plays_on():
    # Seat 1's ittsu tanki on 3z off the dealer: price it, then start the dealer there.
    probe = _ron3("tenhou", abort_sanchahou=False)
    [won] = of_type(do(probe, Ron(1)), Won)
    value = sum(p.amount for p in won.payments if p.payer == 0)
    for start_points, over in ((value, False), (value - 100, True)):
        scores = (start_points, 25000, 25000, 100000 - 25000 * 2 - start_points - 1000)
        game = scripted_game(
            "tenhou", list(RON3), draws="7z", rules={"red_fives": 0},
            start=Start(honba=1, sticks=1, scores=scores),
        )
        do(game, Discard(0, t("3z")))
        do(game, Ron(1), same_hand=False)
        assert game.is_over is over, (start_points, game.scores)
        if not over:
            assert game.scores[0] == 0
    game = scripted_game(
        "wrc", list(RON3), draws="7z", start=Start(honba=1, sticks=1, scores=scores)
    )
    do(game, Discard(0, t("3z")))
    do(game, Ron(1), same_hand=False)
    assert not game.is_over and game.scores[0] < 0  # no bust in the seed presets


# --------------------------------------------------------------------------- the last hands


def _south4(preset, scores, dealer_hand=NOTEN[3], **rules):
    hands = [*NOTEN[:3], dealer_hand]
    game = scripted_game(
        preset, hands, rules={"red_fives": 0, **QUIET, **rules},
        start=Start(round_wind=1, hand_number=3, scores=scores),
    )
    events = advance(game, lambda g: g.hands_played > 0 or g.is_over, same_hand=False)
    return game, events


def test_west_round_when_nobody_has_30000_after_south_4():
    game, events = _south4("tenhou", (26000, 25000, 25000, 24000))
    assert not game.is_over
    [west1] = of_type(events, HandStarted)
    assert (west1.round_wind, west1.hand_number) == (2, 0)
    game, events = _south4("tenhou", (31000, 25000, 20000, 24000))
    assert game.is_over  # someone has the return points: the game ends as usual
    game, events = _south4("mleague", (26000, 25000, 25000, 24000))
    assert game.is_over  # no extension in M-League


def test_mahjongsoul_extends_to_its_own_30000_target():
    game, _ = _south4("mahjongsoul", (29000, 29000, 21000, 21000))
    assert not game.is_over  # 29,000 is above its 25,000 return but below the target


def test_west_round_is_sudden_death():
    game = scripted_game(
        "tenhou", list(NOTEN), rules={"red_fives": 0, **QUIET},
        start=Start(round_wind=2, hand_number=0, scores=(29000, 25000, 25000, 21000)),
    )
    events = advance(game, lambda g: g.hands_played > 0 or g.is_over, same_hand=False)
    assert not game.is_over and of_type(events, HandStarted)  # nobody reached 30,000
    # Seat 0 noten at every draw: nobody pays; force a 30,000 from a nagashi-free draw
    # by starting the next hand at it instead (the target is checked at each hand's end).
    game = scripted_game(
        "tenhou", list(NOTEN), rules={"red_fives": 0, **QUIET},
        start=Start(round_wind=2, hand_number=1, scores=(30000, 25000, 25000, 20000)),
    )
    advance(game, lambda g: g.hands_played > 0 or g.is_over, same_hand=False)
    assert game.is_over


def test_all_last_dealer_stop_when_tenpai_and_first():
    # The tenpai stop is the parameter's value `win_or_tenpai_when_first` (Mahjong Soul);
    # Tenhou stops only on a win (issue 22: a real record plays on after a tenpai draw,
    # tests/test_record_cases.py).
    tenpai = "123m456m789m123p4p"
    stop = "win_or_tenpai_when_first"
    game, events = _south4(
        "tenhou", (24000, 25000, 15000, 36000), dealer_hand=tenpai, last_dealer_stop=stop
    )
    [draw] = of_type(events, ExhaustiveDraw)
    assert draw.tenpai[3] and game.is_over
    game, _ = _south4(
        "tenhou", (24000, 25000, 15000, 36000), dealer_hand=tenpai, last_dealer_stop="none"
    )
    assert not game.is_over  # the dealer plays on
    game, _ = _south4(
        "tenhou", (40000, 25000, 15000, 20000), dealer_hand=tenpai, last_dealer_stop=stop
    )
    assert not game.is_over  # tenpai but not first: renchan
    game, _ = _south4("mahjongsoul", (24000, 25000, 15000, 36000), dealer_hand=tenpai)
    assert game.is_over  # Mahjong Soul's preset keeps the tenpai stop


def test_leftover_sticks_go_to_the_first_place():
    scores = (40000, 29000, 25000, 25000)
    game = scripted_game(
        "wrc", list(NOTEN), rules={"final_deposits": "to_first"},
        start=Start(round_wind=1, hand_number=3, sticks=1, scores=scores),
    )
    events = advance(game, lambda g: g.is_over, same_hand=False)
    [end] = of_type(events, GameEnded)
    assert end.sticks == 0 and game.scores[0] == 41000 and sum(game.scores) == 120000
    assert not validate(game)
    game = scripted_game(
        "wrc", list(NOTEN), start=Start(round_wind=1, hand_number=3, sticks=1, scores=scores)
    )
    events = advance(game, lambda g: g.is_over, same_hand=False)
    assert of_type(events, GameEnded)[0].sticks == 1 and game.scores[0] == 40000


# --------------------------------------------------------------------------- riichi


RIICHI_HAND = "123m456m789m123p4p"


def test_riichi_needs_1000_points_under_tenhou_and_not_in_mleague():
    for preset, points, offered in (("tenhou", 900, False), ("tenhou", 1000, True),
                                    ("mleague", 900, True)):
        scores = (points, 30000, 30000, 40000 - points)
        game = scripted_game(
            preset, [RIICHI_HAND, *NOTEN[1:]], draws="9s", rules={"red_fives": 0},
            start=Start(scores=scores),
        )
        assert (Discard(0, t("9s"), riichi=True) in game.legal_actions(0)) is offered


@pytest.mark.parametrize(("preset", "offered"), [("tenhou", False), ("wrc", True)])
def test_riichi_needs_four_tiles_left_to_draw(preset, offered):
    game = scripted_game(preset, [RIICHI_HAND, *NOTEN[1:]], rules={"red_fives": 0, **QUIET})
    advance(
        game,
        lambda g: g.hand.phase == "turn" and g.hand.turn == 0 and g.hand.wall.remaining < 4,
    )
    drawn = game.hand.seats[0].drawn
    assert (Discard(0, drawn, riichi=True) in game.legal_actions(0)) is offered


# --------------------------------------------------------------------------- kan dora timing


DAIMINKAN = ("5z" + NOTEN[0][2:], "5z5z5z" + NOTEN[1][6:], NOTEN[2], NOTEN[3])


@pytest.mark.parametrize(("preset", "after_discard"), [("tenhou", True), ("wrc", False)])
def test_an_open_kans_dora_is_turned_after_the_kan_players_discard(preset, after_discard):
    game = scripted_game(preset, list(DAIMINKAN), draws="6z", rinshan="7z",
                         rules={"red_fives": 0})
    do(game, Discard(0, t("5z")))
    events = do(game, Daiminkan(1))
    kan_dora = [e for e in events if isinstance(e, DoraRevealed) and e.kan]
    assert bool(kan_dora) is not after_discard
    events = do(game, Discard(1, t("7z")))
    if after_discard:
        assert [type(e) for e in events[:2]] == [Discarded, DoraRevealed]
    assert game.hand.indicators == 2


def test_a_closed_kans_dora_is_turned_at_once_under_tenhou():
    game = scripted_game("tenhou", list(KANS), draws="9m", rinshan="8m",
                         rules={"red_fives": 0})
    events = do(game, Ankan(0, 27))
    assert [e for e in events if isinstance(e, DoraRevealed) and e.kan]


# --------------------------------------------------------------------------- invariants


def test_the_invariants_catch_a_hand_played_against_the_game_end_rules():
    from engine.game import Game
    from rules.ruleset import load_preset

    tenhou = load_preset("tenhou")
    west = Game.new(tenhou, 1, start=Start(round_wind=2, scores=(31000, 25000, 25000, 19000)))
    assert any("extension" in p for p in validate(west))
    bust = Game.new(tenhou, 1, start=Start(scores=(-100, 25100, 25000, 50000)))
    assert any("below zero" in p for p in validate(bust))
    for game in (west, bust):  # the same starts are fine where the rules are off
        wrc = Game.new(load_preset("wrc"), 1, start=Start(
            round_wind=game.round_wind, scores=tuple(game.scores)))
        assert not validate(wrc)


def test_four_kans_by_one_player_play_on():
    hands = ["1111z2222z3333z5z", NOTEN[1][:-2] + "6z", KANS[2], KANS[3]]
    game = scripted_game(
        "tenhou", hands, draws="9s", rinshan="5z5z5z9p", rules={"red_fives": 0}
    )
    for kind in (27, 28, 29, 31):
        do(game, Ankan(0, kind))
    events = do(game, Discard(0, t("9p")))
    assert game.hand.wall.kans == 4 and not of_type(events, ExhaustiveDraw)
    assert not game.is_over and game.hands_played == 0  # a suukantsu chance, no abort


def test_an_abortive_draw_in_the_last_hand_never_stops_the_game():
    # The dealer is first with 40,000 in South 4: a win or tenpai would stop the game,
    # but an abortive draw replays the hand.
    hands = [*NOTEN[:3], NINE]
    hands[0] = NOTEN[0][:-2] + "7z"
    game = scripted_game(
        "tenhou", hands, draws="7z", rules={"red_fives": 0},
        start=Start(round_wind=1, hand_number=3, scores=(20000, 20000, 20000, 40000)),
    )
    events = do(game, NineTerminals(3))
    assert not game.is_over
    [nxt] = of_type(events, HandStarted)
    assert (nxt.round_wind, nxt.hand_number, nxt.honba) == (1, 3, 1)
