"""Ends of hands and games on scripted walls: draws, renchan, honba, sticks, pao, results.

The autopilot discards what it draws, so a starting hand stays as dealt for the
whole hand: tenpai hands stay tenpai and the exhaustive draw is reached with
known hands (`engine.scripted`).
"""

from __future__ import annotations

import pytest

from engine.actions import Ankan, Daiminkan, Discard, Pass, Pon, Ron, ShowTenpai, Tsumo
from engine.events import (
    DoraRevealed,
    ExhaustiveDraw,
    GameEnded,
    HandEnded,
    HandStarted,
    RiichiAccepted,
    TenpaiDeclared,
    Won,
)
from engine.game import Game, Start
from engine.scripted import advance, autopilot, do, of_type, scripted_game, t
from rules.ruleset import load_preset

A = "123m456m789m67p11s"  # waits 5p 8p
B = "111p999p234m34s77m"  # waits 2s 5s
C = "123s567s888s55m66z"  # waits 5m 6z
N1 = "1z1z2z2z3z4z5z2p4p6s9s3p8p"  # noten
N2 = "1z3z3z4z4z5z7z2p5p9s5s6m8m"  # noten
N3 = "2z6z7z7z1m9m3p6p8p2s7s9s4s"  # noten


def play_to_end_of_hand(game: Game) -> list:
    """Autopilot until the hand is over; the events of the way."""
    events: list = []
    hands = game.hands_played
    while game.hands_played == hands and not game.is_over:
        seat = game.pending_seats()[0]
        events.extend(game.apply(autopilot(game, seat)))
    return events


def yaku_ids(won: Won) -> set[str]:
    return {y["id"] for y in won.result["yaku"]}


def net(payments) -> list[int]:
    out = [0, 0, 0, 0]
    for p in payments:
        if p.payer >= 0:
            out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return out


# --------------------------------------------------------------------------- exhaustive draw


@pytest.mark.parametrize(
    ("hands", "deltas"),
    [
        ([N1, A, N2, N3], [-1000, 3000, -1000, -1000]),
        ([A, B, N1, N2], [1500, 1500, -1500, -1500]),
        ([A, B, C, N1], [1000, 1000, 1000, -3000]),
    ],
    ids=["1-tenpai", "2-tenpai", "3-tenpai"],
)
def test_noten_payments(hands, deltas):
    game = scripted_game("wrc", hands)
    events = play_to_end_of_hand(game)
    [draw] = of_type(events, ExhaustiveDraw)
    assert net(draw.payments) == deltas  # 000 第17条ホ
    [ended] = of_type(events, HandEnded)
    assert list(ended.deltas) == deltas and ended.reason == "draw"


def test_silence_at_the_draw_counts_as_noten():
    game = scripted_game("wrc", [A, B, N1, N2])
    advance(game, lambda g: g.hand.phase == "declare")
    assert game.pending_seats() == [0]
    assert game.legal_actions(0) == [ShowTenpai(0), Pass(0)]
    events = game.apply(Pass(0))
    events += play_to_end_of_hand(game)
    [draw] = of_type(events, ExhaustiveDraw)
    assert draw.tenpai == (False, True, False, False)
    declared = of_type(events, TenpaiDeclared)
    assert [(d.seat, d.tenpai) for d in declared] == [(0, False), (1, True), (2, False), (3, False)]
    assert of_type(events, HandStarted)[0].dealer != 0  # the dealer "noten": deal passes


def test_riichi_players_show_first_and_sticks_stay_on_the_table():
    game = scripted_game("wrc", [N1, A, N2, B], draws="7z9p")
    do(game, Discard(1, t("9p"), riichi=True))
    events = play_to_end_of_hand(game)
    declared = of_type(events, TenpaiDeclared)
    assert declared[0].seat == 1  # riichi players show first (000 第17条イ)
    [ended] = of_type(events, HandEnded)
    assert ended.sticks == 1 and game.sticks == 1


def test_formal_tenpai_exception_when_every_wait_is_the_players_own():
    # Ankan 4444m, then 35m waits only on 4m: no tile left to win on (000 第17条ロ, A23).
    for rules, tenpai in (({}, False), ({"tenpai_own_waits": "none"}, True)):
        game = scripted_game("wrc", ["444m35m123p456p77s", N1, N2, N3], draws="4m", rules=rules)
        do(game, Ankan(0, 3))
        events = play_to_end_of_hand(game)
        [draw] = of_type(events, ExhaustiveDraw)
        assert draw.tenpai[0] is tenpai


@pytest.mark.parametrize(
    ("preset", "tenpai"), [("teiai", True), ("jpm", False), ("gifu", False), ("wrc", False)]
)
def test_A23_waits_held_only_in_a_meld_count_as_tenpai_in_teiai(preset, tenpai):
    """003 §14 excludes only waits all held among 「自分の門前牌」 (§6 A23): the last 4m in
    one's own kan still leaves teiai tenpai; jpm and gifu count melds too (手牌および副露牌)."""
    game = scripted_game(preset, ["444m35m123p456p77s", N1, N2, N3], draws="4m")
    do(game, Ankan(0, 3))
    events = play_to_end_of_hand(game)
    [draw] = of_type(events, ExhaustiveDraw)
    assert draw.tenpai[0] is tenpai


# --------------------------------------------------------------------------- renchan and honba


@pytest.mark.parametrize("preset", ["jpm", "jpml", "wrc", "teiai", "gifu"])
def test_dealer_tenpai_keeps_the_deal_and_adds_a_honba(preset):
    # §2 renchan = win_or_tenpai in every modern preset (000 第15条ハ, 002 連荘1, 003 §18).
    game = scripted_game(preset, [A, N1, N2, N3])
    events = play_to_end_of_hand(game)
    [ended] = of_type(events, HandEnded)
    assert ended.renchan and ended.honba == 1
    started = of_type(events, HandStarted)[0]
    assert started.dealer == 0 and started.honba == 1


@pytest.mark.parametrize("preset", ["jpm", "jpml", "wrc", "teiai", "gifu"])
def test_dealer_noten_passes_the_deal_and_still_adds_a_honba(preset):
    game = scripted_game(preset, [N1, A, N2, N3])
    events = play_to_end_of_hand(game)
    started = of_type(events, HandStarted)[0]
    assert (started.dealer, started.honba, started.hand_number) == (1, 1, 1)


def test_renmei_classic_keeps_the_deal_only_on_a_dealer_win_and_has_no_honba():
    game = scripted_game("renmei_classic", [A, N1, N2, N3])
    events = play_to_end_of_hand(game)
    [ended] = of_type(events, HandEnded)
    assert not ended.renchan and ended.honba == 0 and ended.deltas == (0, 0, 0, 0)
    assert of_type(events, HandStarted)[0].dealer == 1


HEAD_BUMP = [
    "5p1z1z1z2z2z2z3z3z3z4z4z4z",
    "234m345m678s46p88s",
    "222s567m678p345s5p",
    "1m1m1m9m9m9m1p1p1p9p9p9p7z",
]


def test_dealer_win_keeps_the_deal_non_dealer_win_resets_honba():
    game = scripted_game("wrc", HEAD_BUMP, draws="6z", start=Start(honba=2))
    do(game, Discard(0, t("5p")))
    events = do(game, Ron(1))
    [ended] = of_type(events, HandEnded)
    assert not ended.renchan and ended.honba == 0
    assert of_type(events, HandStarted)[0].dealer == 1


def test_honba_paid_by_the_discarder_on_a_ron():
    game = scripted_game("wrc", HEAD_BUMP, draws="6z", start=Start(honba=2), indicators="9s")
    do(game, Discard(0, t("5p")))
    [won] = of_type(do(game, Ron(1)), Won)
    honba = [p for p in won.payments if p.reason == "honba"]
    assert [(p.payer, p.payee, p.amount) for p in honba] == [(0, 1, 600)]  # 000 第18条ハ


def test_honba_paid_by_everyone_on_a_tsumo():
    game = scripted_game("wrc", [N1, A, N2, N3], draws="7z5p",
                         start=Start(honba=2))
    [won] = of_type(do(game, Tsumo(1)), Won)
    honba = sorted((p.payer, p.amount) for p in won.payments if p.reason == "honba")
    assert honba == [(0, 200), (2, 200), (3, 200)]


# --------------------------------------------------------------------------- game end


def test_leftover_sticks_stay_unclaimed_at_game_end():
    # South 4 (seat 3 deals), two sticks on the table, the dealer is noten: the game ends.
    start = Start(round_wind=1, hand_number=3, sticks=2, scores=(30000, 29000, 30000, 29000))
    game = scripted_game("wrc", [N1, N2, A, N3], start=start)
    events = play_to_end_of_hand(game)
    assert game.is_over
    [end] = of_type(events, GameEnded)
    assert end.sticks == 2  # 000 第32条ホ
    assert end.scores == (29000, 28000, 33000, 28000)
    assert sum(end.scores) == 118000


def test_final_uma_and_oka_from_a_real_game_end_in_jpm():
    # South 4 ends on a dealer-noten draw; final points are RULESETS.md §4.9's example.
    start = Start(round_wind=1, hand_number=3, scores=(42200, 34100, 13900, 9800))
    game = scripted_game("jpm", [N1, N2, A, N3], start=start)
    events = play_to_end_of_hand(game)
    [end] = of_type(events, GameEnded)
    assert end.scores == (41200, 33100, 16900, 8800)
    assert [round(r["result"], 1) for r in end.results] == [61.2, 13.1, -23.1, -51.2]
    assert [r["rank"] for r in end.results] == [1, 2, 3, 4]


def test_a_dealer_tenpai_in_south_4_plays_on():
    start = Start(round_wind=1, hand_number=3)
    game = scripted_game("wrc", [N1, N2, N3, A], start=start)
    play_to_end_of_hand(game)
    assert not game.is_over  # no tenpai-yame (agari_yame = false)
    assert (game.round_wind, game.hand_number, game.honba) == (1, 3, 1)


def test_time_limit_ends_the_game_after_the_hand_in_play():
    # gifu: 50 minutes; the injected clock says 51 minutes have passed at the first hand end.
    ticks = iter([0.0, 51 * 60.0])
    game = Game.new(load_preset("gifu"), 3, clock=lambda: next(ticks))
    events = play_to_end_of_hand(game)
    assert game.is_over and game.hands_played == 1
    assert of_type(events, HandEnded)[0].time_up
    assert of_type(events, GameEnded)


def test_default_clock_never_ends_a_game():
    game = Game.new(load_preset("gifu"), 3)
    play_to_end_of_hand(game)
    assert not game.is_over


def _play_out(game: Game) -> None:
    while not game.is_over:
        seat = game.pending_seats()[0]
        game.apply(autopilot(game, seat))


def test_renmei_classic_plays_four_winds_and_hanchan_presets_two():
    for preset, last_round in (("renmei_classic", 3), ("wrc", 1)):
        game = Game.new(load_preset(preset), 5)
        _play_out(game)
        rounds = {e.round_wind for e in game.events if isinstance(e, HandStarted)}
        assert max(rounds) == last_round
        last = [e for e in game.events if isinstance(e, HandStarted)][-1]
        assert (last.round_wind, last.hand_number) == (last_round, 3)


def test_renmei_classic_has_no_riichi_no_dora_no_honba():
    game = scripted_game("renmei_classic", [N1, A, N2, N3], draws="7z9p")
    advance(game, lambda g: g.pending_seats() == [1] and g.hand.phase == "turn")
    assert not [a for a in game.legal_actions(1) if isinstance(a, Discard) and a.riichi]
    _play_out(game)
    assert not [e for e in game.events if isinstance(e, DoraRevealed | RiichiAccepted)]
    assert all(e.honba == 0 for e in game.events if isinstance(e, HandStarted))


# --------------------------------------------------------------------------- pao

PAO_HANDS = [
    "5z1m1m1m9m9m9m1p1p1p9p9p9p",
    "5z5z6z6z7z7z2m3m4p4p1s5s9s",  # pons the three dragons, waits 1m-4m
    "2s3s4s6s7s8s2p3p6p7p8s3z4z",
    "2s3s4s6s7s8s5p6p7p1z1z4z4z",
]


def _three_dragon_pons(preset: str, draws: str) -> Game:
    game = scripted_game(preset, PAO_HANDS, draws=draws, indicators="9s")
    do(game, Discard(0, t("5z")))
    do(game, Pon(1, (t("5z"), t("5z"))))
    do(game, Discard(1, t("1s")))
    do(game, Pon(1, (t("6z"), t("6z"))))  # from seat 2
    do(game, Discard(1, t("5s")))
    do(game, Pon(1, (t("7z"), t("7z"))))  # from seat 3: the third dragon set
    do(game, Discard(1, t("9s")))
    return game


@pytest.mark.parametrize("preset", ["wrc", "jpml", "gifu"])
def test_pao_tsumo_the_liable_player_pays_everything(preset):
    game = _three_dragon_pons(preset, "2z6z3z7z2z2z8p4m")
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert won.liable == 3
    assert net(won.payments) == [0, 32000, 0, -32000]


@pytest.mark.parametrize("preset", ["wrc", "jpml", "gifu"])
def test_pao_ron_split_between_the_liable_player_and_the_discarder(preset):
    game = _three_dragon_pons(preset, "2z6z3z7z2z2z4m")
    advance(game, lambda g: Ron(1) in g.legal_actions(1))
    [won] = of_type(do(game, Ron(1)), Won)
    assert net(won.payments) == [-16000, 32000, 0, -16000]


def test_no_pao_in_jpm():
    game = _three_dragon_pons("jpm", "2z6z3z7z2z2z8p4m")
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert net(won.payments) == [-16000, 32000, -8000, -8000]


# --------------------------------------------------------------------------- no bust

BUST_HANDS = [
    "5p1z1z1z2z2z2z3z3z3z4z4z4z",  # deals in the 5p
    "234m345m678s46p88s",  # tanyao, kanchan 5p: 1,300
    "1m4m7m1p4p7p1s4s7s2m5m8m9s",
    "2p5p8p2s5s8s3m6m9m3p6p9p6z",
]


def test_no_bust_a_player_below_zero_plays_on_and_the_game_ends_normally():
    # §5.12, §2 bust = none in every preset (003 §1 トビ続行, §6 A45): South 3, seat 0 has
    # 1,000 points and deals in 1,300; the game goes on to South 4 and ends there.
    # The ron comes before seat 1's first draw: 人和 in wrc (A18), switched off here so the
    # hand pays its own 1,300.
    start = Start(round_wind=1, hand_number=2, scores=(1000, 39000, 40000, 40000))
    game = scripted_game(
        "wrc", BUST_HANDS, draws="6z6z7z", start=start, rules={"renhou": False}
    )
    do(game, Discard(0, t("5p")))
    events = do(game, Ron(1), same_hand=False)
    assert game.scores[0] == -300 and not game.is_over
    [started] = of_type(events, HandStarted)
    assert (started.round_wind, started.hand_number) == (1, 3)  # South 4 is played
    later = []
    while not game.is_over:
        seat = game.pending_seats()[0]
        action = autopilot(game, seat)
        later.append(action)
        game.apply(action)
    assert any(isinstance(a, Discard) and a.seat == 0 for a in later)  # he kept playing
    [end] = of_type(game.events, GameEnded)
    assert end.scores[0] < 0 and end.results[0]["rank"] == 4
    assert sum(end.scores) + 1000 * end.sticks == 120000


# --------------------------------------------------------------------------- final results


@pytest.mark.parametrize(
    ("preset", "start", "final", "results", "ranks"),
    [
        # The examples of RULESETS.md §4.9, reached by a South 4 draw (North 4 for the
        # four-wind renmei_classic) where only seat 2 is tenpai: +3,000, -1,000 each other.
        ("wrc", (46000, 35000, 22000, 17000), (45000, 34000, 25000, 16000),
         (30.0, 9.0, -10.0, -29.0), (1, 2, 3, 4)),
        ("wrc", (36000, 36000, 27000, 21000), (35000, 35000, 30000, 20000),
         (15.0, 15.0, -5.0, -25.0), (1, 1, 3, 4)),  # tie: 1st/2nd share (15 + 5) / 2
        ("jpm", (36000, 36000, 17000, 11000), (35000, 35000, 20000, 10000),
         (35.0, 35.0, -20.0, -50.0), (1, 1, 3, 4)),  # tie: share (50 + 10) / 2
        ("jpml", (46000, 35000, 22000, 17000), (45000, 34000, 25000, 16000),
         (23.0, 8.0, -9.0, -22.0), (1, 2, 3, 4)),  # two floating
        ("jpml", (41000, 36000, 32000, 11000), (40000, 35000, 35000, 10000),
         (18.0, 7.0, 7.0, -32.0), (1, 2, 2, 4)),  # three floating, 2nd/3rd tie
        ("teiai", (29000, 23000, 49000, 19000), (28000, 22000, 52000, 18000),
         (-3.0, -11.0, 34.0, -20.0), (2, 3, 1, 4)),  # one floating
        ("teiai", (31000, 31000, 27000, 31000), (30000, 30000, 30000, 30000),
         (0.0, 0.0, 0.0, 0.0), (1, 1, 1, 1)),  # A14: four at 30,000 tie at 0
        ("gifu", (46000, 35000, 22000, 17000), (45000, 34000, 25000, 16000),
         (15000.0, 4000.0, -5000.0, -14000.0), (1, 2, 3, 4)),  # raw points, no uma
        ("gifu", (36000, 36000, 27000, 21000), (35000, 35000, 30000, 20000),
         (5000.0, 5000.0, 0.0, -10000.0), (1, 1, 3, 4)),  # a shared place
        ("renmei_classic", (3000, 2500, 1500, 1000), (3000, 2500, 1500, 1000),
         (3000.0, 2500.0, 1500.0, 1000.0), (1, 2, 3, 4)),  # raw points, nothing paid
        ("renmei_classic", (2500, 2500, 2000, 1000), (2500, 2500, 2000, 1000),
         (2500.0, 2500.0, 2000.0, 1000.0), (1, 1, 3, 4)),  # a tie shares the place
    ],
)
def test_final_results_from_a_real_game_end(preset, start, final, results, ranks):
    last_round = 3 if preset == "renmei_classic" else 1
    game = scripted_game(
        preset, [N1, N2, A, N3], start=Start(round_wind=last_round, hand_number=3, scores=start)
    )
    events = play_to_end_of_hand(game)
    assert game.is_over
    [end] = of_type(events, GameEnded)
    assert end.scores == final
    assert [round(r["result"], 1) for r in end.results] == list(results)
    assert tuple(r["rank"] for r in end.results) == ranks


# --------------------------------------------------------------------------- pao: winds, kans

WINDS_HANDS = [
    "1z5m5m5m6m6m6m2p2p2p3s3s3s",
    "1z1z2z2z3z3z4z4z9m1s5s9s7p",  # pons the four winds, then waits tanki 9m
    "1m2m3m7m8m9m1p2p3p7p8p9p6z",
    "1m2m3m7m8m9m4p5p6p4s5s6s7s",
]


def _four_wind_pons(preset: str, draws: str) -> Game:
    game = scripted_game(preset, WINDS_HANDS, draws=draws, indicators="8s")
    do(game, Discard(0, t("1z")))
    do(game, Pon(1, (t("1z"), t("1z"))))
    do(game, Discard(1, t("1s")))
    do(game, Pon(1, (t("2z"), t("2z"))))  # seat 2 drew and threw 2z
    do(game, Discard(1, t("5s")))
    do(game, Pon(1, (t("3z"), t("3z"))))  # seat 3 drew and threw 3z
    do(game, Discard(1, t("9s")))
    do(game, Pon(1, (t("4z"), t("4z"))))  # seat 3 again: the fourth wind set
    do(game, Discard(1, t("7p")))
    return game


@pytest.mark.parametrize("preset", ["wrc", "jpml", "teiai", "gifu"])
def test_pao_daisuushii_tsumo_the_liable_player_pays_everything(preset):
    # §4.6.1, 002 J:パオ1, 004 ルール⑪: the fourth wind set called from seat 3.
    game = _four_wind_pons(preset, "6z2z6z3z6z4z7z7z7z9m")
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert "daisuushii" in yaku_ids(won) and won.liable == 3
    assert net(won.payments) == [0, 32000, 0, -32000]


def test_pao_daisuushii_the_liable_player_dealing_in_pays_everything():
    # §4.6.1 "ron by L: everything".
    game = _four_wind_pons("wrc", "6z2z6z3z6z4z7z9m")
    advance(game, lambda g: Ron(1) in g.legal_actions(1))
    [won] = of_type(do(game, Ron(1)), Won)
    assert won.from_seat == 3 and won.liable == 3
    assert [(p.payer, p.amount) for p in won.payments] == [(3, 32000)]  # no split


def test_no_pao_for_daisuushii_in_jpm():
    game = _four_wind_pons("jpm", "6z2z6z3z6z4z7z7z7z9m")
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert won.liable is None and net(won.payments) == [-16000, 32000, -8000, -8000]


KANS_HANDS = [
    "6z5m5m5m6m6m6m8p8p8p9s7s7s",
    "1m1m1m1m2p2p2p2p3s3s3s3s4z",  # three ankans, then a daiminkan of 5z
    "4m5m6m7m8m9m1p4p3p7p8p9p6z",
    "2m3m4m7m8m9m4p5p6p4s5s6s7s",
]


def _four_kans(preset: str) -> Game:
    # Seat 1 draws 5z and makes three ankans (rinshan 5z, 5z, 9p), then calls the last
    # 5z with a daiminkan: the fourth quad, confirmed by seat 2's discard.
    game = scripted_game(preset, KANS_HANDS, draws="7z5z5z1s2s8m4z", rinshan="5z5z9p8s")
    do(game, Ankan(1, 0))
    do(game, Ankan(1, 10))
    do(game, Ankan(1, 20))
    do(game, Discard(1, t("9p")))
    do(game, Daiminkan(1))  # seat 2 drew and threw the 5z
    do(game, Discard(1, t("8s")))
    return game


@pytest.mark.parametrize("preset", ["wrc", "jpml", "teiai"])
def test_pao_suukantsu_tsumo_the_liable_player_pays_everything(preset):
    game = _four_kans(preset)
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert "suukantsu" in yaku_ids(won) and won.liable == 2
    assert net(won.payments) == [0, 32000, -32000, 0]


def test_no_pao_for_suukantsu_in_gifu():
    # 004 ルール⑪ names daisangen and daisuushii only.
    game = _four_kans("gifu")
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert won.liable is None and net(won.payments) == [-16000, 32000, -8000, -8000]
