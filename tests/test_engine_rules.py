"""One scenario per rule of RULESETS.md §5, each on a scripted wall.

Seat 0 deals unless a test says otherwise. Hands are written per absolute seat;
`draws` are the live draws in order (the dealer's first draw is the first
tile). Seats a test does not name play on autopilot: they discard what they
draw and pass on everything (`engine.scripted`).
"""

from __future__ import annotations

import pytest

from engine.actions import Ankan, Chi, Discard, Kakan, Pass, Pon, Ron, Tsumo
from engine.events import (
    DoraRevealed,
    KanDeclared,
    RiichiAccepted,
    Won,
)
from engine.scripted import advance, do, of_type, scripted_game, t

HONORS_0 = "1z1z1z2z2z2z3z3z3z4z4z4z"  # twelve honor tiles for a dealer who only discards


def yaku_ids(won: Won) -> set[str]:
    return {y["id"] for y in won.result["yaku"]}


def riichi_discards(game, seat):
    return [a for a in game.legal_actions(seat) if isinstance(a, Discard) and a.riichi]


# --------------------------------------------------------------------------- kans


def test_chankan_robs_a_kakan_and_no_kan_dora_is_revealed():
    # 000 第33条ロ②, 第9条ロ: seat 2 (kanchan 46p, no other yaku) robs the 5p added to
    # seat 1's pon.
    game = scripted_game(
        "wrc",
        [
            "5p" + HONORS_0,
            "55p234m678m1s1s5z6z7z",
            "234m567m789s46p11s",
            "123p789p234s678s5s",
        ],
        draws="6z1m1m1m5p",
    )
    do(game, Discard(0, t("5p")))
    do(game, Pon(1, (t("5p"), t("5p"))))
    do(game, Discard(1, t("5z")))
    events = do(game, Kakan(1, t("5p")))
    assert of_type(events, KanDeclared)
    assert game.pending_seats() == [2]
    assert game.legal_actions(2) == [Ron(2), Pass(2)]
    events = do(game, Ron(2))
    [won] = of_type(events, Won)
    assert won.winner == 2 and won.from_seat == 1
    assert "chankan" in yaku_ids(won)
    assert all(p.payer in (1, -1) for p in won.payments)
    assert not [e for e in events if isinstance(e, DoraRevealed) and e.kan]


def test_passing_a_chankan_lets_the_kan_stand_with_rinshan_draw():
    game = scripted_game(
        "wrc",
        [
            "5p" + HONORS_0,
            "55p234m678m1s1s5z6z7z",
            "234m567m789s46p11s",
            "123p789p234s678s5s",
        ],
        draws="6z1m1m1m5p",
        rinshan="9m",
    )
    do(game, Discard(0, t("5p")))
    do(game, Pon(1, (t("5p"), t("5p"))))
    do(game, Discard(1, t("5z")))
    do(game, Kakan(1, t("5p")))
    events = do(game, Pass(2))
    kinds = [type(e).__name__ for e in events]
    assert kinds[-2:] == ["DoraRevealed", "Drew"]
    assert events[-1].rinshan and events[-1].tile == t("9m")
    # The passed kan tile makes seat 2 temporarily furiten (§5.8).
    assert game.furiten(2) == "temporary"


RINSHAN_HANDS = [
    "111m234p567p789s5s",
    "2m3m4m5m6m7m8m9m1z1z2z2z3z",
    "2m3m4m5m6m7m8m9m3z4z4z5z5z",
    "2s3s4s6s7s8s1p1p1p9p9p9p6z",
]


def test_rinshan_kaihou_and_kan_dora_revealed_before_the_rinshan_draw():
    game = scripted_game("wrc", RINSHAN_HANDS, draws="1m", rinshan="5s", indicators="7p3s")
    assert Ankan(0, 0) in game.legal_actions(0)
    events = do(game, Ankan(0, 0))
    assert [type(e).__name__ for e in events] == ["KanDeclared", "DoraRevealed", "Drew"]
    assert events[1].kan and events[1].indicator == t("3s")
    assert events[2].rinshan and not events[2].haitei
    [won] = of_type(do(game, Tsumo(0)), Won)
    assert {"rinshan", "menzen_tsumo"} <= yaku_ids(won)
    assert "tenhou" not in yaku_ids(won)  # a kan came first (A43)


def test_no_kan_dora_in_jpml():
    game = scripted_game("jpml", RINSHAN_HANDS, draws="1m", rinshan="5s", indicators="7p3s")
    events = do(game, Ankan(0, 0))
    assert [type(e).__name__ for e in events] == ["KanDeclared", "Drew"]
    [won] = of_type(do(game, Tsumo(0)), Won)
    assert "rinshan" in yaku_ids(won)


def test_max_kans_caps_the_kans_of_a_hand():
    game = scripted_game("wrc", RINSHAN_HANDS, draws="1m", rules={"max_kans": 0})
    assert not [a for a in game.legal_actions(0) if isinstance(a, Ankan)]


# --------------------------------------------------------------------------- haitei / houtei

HAITEI_HANDS = [
    "1z1z1z2z2z2z3z3z3z4z4z4z9m",
    "123m456m789m67p11s",  # waits 5p 8p, ittsu
    "234m567m789s46p11s",  # waits 5p, no yaku
    "555p9s9s6z6z6z7z7z7z5z5z",  # holds the other three 5p
]


def test_haitei_tsumo():
    game = scripted_game("wrc", HAITEI_HANDS, tail="5p")
    # The 70th draw (wall[121]) falls to seat 1 when nobody calls.
    advance(game, lambda g: g.hand.wall.remaining == 0 and g.pending_seats() == [1])
    assert Tsumo(1) in game.legal_actions(1)
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert "haitei" in yaku_ids(won)


def test_houtei_ron_and_no_call_on_the_houtei_discard():
    game = scripted_game("wrc", HAITEI_HANDS, tail="5p")
    advance(game, lambda g: g.hand.wall.remaining == 0 and g.pending_seats() == [1])
    do(game, Discard(1, t("5p")))
    # Seat 2 could chi 46p and seat 3 pon 55p on any other discard (000 第7条).
    assert game.pending_seats() == [2]
    assert game.legal_actions(2) == [Ron(2), Pass(2)]
    [won] = of_type(do(game, Ron(2)), Won)
    assert yaku_ids(won) == {"houtei"}


def test_no_kan_on_the_haitei_draw():
    hands = list(HAITEI_HANDS)
    hands[1] = "555p123m456m789m1s"
    hands[3] = "1s9s9s6z6z6z7z7z7z5z5z8p8p"
    game = scripted_game("wrc", hands, tail="5p")
    advance(game, lambda g: g.hand.wall.remaining == 0 and g.pending_seats() == [1])
    assert game.hand.seats[1].counts[13] == 4
    assert not [a for a in game.legal_actions(1) if isinstance(a, Ankan)]


# --------------------------------------------------------------------------- riichi conditions


def test_riichi_offered_only_for_discards_that_keep_a_closed_tenpai():
    game = scripted_game("wrc", HAITEI_HANDS, draws="9s7z")
    advance(game, lambda g: g.pending_seats() == [1] and g.hand.phase == "turn")
    riichi = riichi_discards(game, 1)
    # 123m456m789m67p11s + 7z: only the 7z keeps the 5p-8p wait.
    assert [a.tile for a in riichi] == [t("7z")]


def test_no_riichi_with_the_houtei_discard_unless_the_ruleset_allows_it():
    for rules, allowed in (({}, False), ({"riichi_last_tile": True}, True)):
        game = scripted_game("wrc", HAITEI_HANDS, tail="9s", rules=rules)
        advance(game, lambda g: g.hand.wall.remaining == 0 and g.pending_seats() == [1])
        assert bool(riichi_discards(game, 1)) is allowed


def test_riichi_with_no_draw_left_is_allowed_where_the_ruleset_says():
    for rules, allowed in (({}, True), ({"riichi_no_draw": False}, False)):
        game = scripted_game("wrc", HAITEI_HANDS, tail="5p", rules=rules)
        # Seat 2's last draw is the 67th: 3 tiles remain and he will not draw again.
        advance(game, lambda g: g.hand.wall.remaining == 3 and g.pending_seats() == [2])
        assert bool(riichi_discards(game, 2)) is allowed


def test_no_riichi_for_an_open_hand():
    game = scripted_game(
        "wrc",
        [
            "5z" + HONORS_0,
            "5z5z123m456m789m6p7p",
            "1s2s3s4s5s6s7s8s9s1p2p6z6z",
            "3p3p4p4p7z7z8s8s9s9s2p8p8p",
        ],
        draws="6z9p9p9p1m",
    )
    do(game, Discard(0, t("5z")))
    do(game, Pon(1, (t("5z"), t("5z"))))
    assert not riichi_discards(game, 1)
    do(game, Discard(1, t("1m")))
    advance(game, lambda g: g.pending_seats() == [1] and g.hand.phase == "turn")
    assert not riichi_discards(game, 1)


def test_riichi_stick_is_paid_when_the_declaration_tile_passes():
    game = scripted_game("wrc", HAITEI_HANDS, draws="9s9p")
    events = do(game, Discard(1, t("9p"), riichi=True))
    [accepted] = of_type(events, RiichiAccepted)
    assert accepted.seat == 1 and game.sticks == 1 and game.scores[1] == 29000
    # After riichi only the drawn tile may go (§5.7).
    advance(game, lambda g: g.pending_seats() == [1] and g.hand.phase == "turn")
    discards = [a for a in game.legal_actions(1) if isinstance(a, Discard)]
    assert discards == [Discard(1, game.hand.seats[1].drawn)]


# --------------------------------------------------------------------------- ankan after riichi

ANKAN_OTHERS = [
    "2m3m4m5m6m7m8m9m1z1z2z2z3z",
    "2m3m4m5m6m7m8m9m3z4z4z5z5z",
    "2s3s4s6s7s8s1p1p1p9p9p9p6z",
]


@pytest.mark.parametrize("preset", ["jpm", "wrc", "teiai", "gifu"])
def test_ankan_after_riichi_when_the_triplet_is_independent(preset):
    game = scripted_game(
        preset, ["111m234p567p789s5s", *ANKAN_OTHERS], draws="7z6z6z6z1m", rinshan="9s"
    )
    do(game, Discard(0, t("7z"), riichi=True))
    advance(game, lambda g: g.pending_seats() == [0] and g.hand.phase == "turn")
    assert Ankan(0, 0) in game.legal_actions(0)


@pytest.mark.parametrize("preset", ["jpm", "wrc", "gifu"])
def test_ankan_after_riichi_refused_when_a_reading_disappears(preset):
    # 004 リーチ⑤: 1113444m + sets drawing 1m: the reading 11 + 123 + 444 would vanish.
    hand = "1113444m234p567p"
    game = scripted_game(preset, [hand, *ANKAN_OTHERS[:1], "4z5z5z6z7z7z8p8p9s9s1s2s3s",
                                  ANKAN_OTHERS[2]], draws="7z8m8m8m1m")
    do(game, Discard(0, t("7z"), riichi=True))
    advance(game, lambda g: g.pending_seats() == [0] and g.hand.phase == "turn")
    assert game.hand.seats[0].drawn == t("1m")
    assert not [a for a in game.legal_actions(0) if isinstance(a, Ankan)]
    # Without riichi the same kan is an ordinary ankan.
    game = scripted_game(preset, [hand, *ANKAN_OTHERS[:1], "4z5z5z6z7z7z8p8p9s9s1s2s3s",
                                  ANKAN_OTHERS[2]], draws="1m")
    assert Ankan(0, 0) in game.legal_actions(0)


def test_no_ankan_after_riichi_in_a_ruleset_without_it():
    game = scripted_game(
        "wrc",
        ["111m234p567p789s5s", *ANKAN_OTHERS],
        draws="7z6z6z6z1m",
        rules={"riichi_ankan": "none"},
    )
    do(game, Discard(0, t("7z"), riichi=True))
    advance(game, lambda g: g.pending_seats() == [0] and g.hand.phase == "turn")
    assert not [a for a in game.legal_actions(0) if isinstance(a, Ankan)]


# --------------------------------------------------------------------------- ippatsu, double riichi

IPPATSU_HANDS = [
    "1z1z1z3z3z3z4z4z4z5z5z5z9s",
    "123m456m789m67p11s",
    "1s2s3s4s5s6s7s8s1p2p3p9p9p",
    "2z2z4p5p6p7p8p9p2s3s4s6s7z",
]


def test_ippatsu_and_double_riichi_without_any_call():
    game = scripted_game("wrc", IPPATSU_HANDS, draws="7z6z7z7z1z5p")
    do(game, Discard(1, t("6z"), riichi=True))
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert {"double_riichi", "ippatsu", "menzen_tsumo"} <= yaku_ids(won)
    assert "riichi" not in yaku_ids(won)


def test_ippatsu_broken_by_a_call():
    game = scripted_game("wrc", IPPATSU_HANDS, draws="7z6z2z1z5p")
    do(game, Discard(1, t("6z"), riichi=True))
    do(game, Pon(3, (t("2z"), t("2z"))))
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert "ippatsu" not in yaku_ids(won)
    assert "double_riichi" in yaku_ids(won)  # declared before the call


def test_a_call_before_the_first_discard_makes_it_a_plain_riichi():
    game = scripted_game("wrc", IPPATSU_HANDS, draws="2z7z6z7z8s9s5p")
    do(game, Pon(3, (t("2z"), t("2z"))))
    do(game, Discard(1, t("6z"), riichi=True))
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert "riichi" in yaku_ids(won) and "double_riichi" not in yaku_ids(won)
    assert "ippatsu" in yaku_ids(won)


def test_no_ippatsu_where_the_ruleset_has_none():
    game = scripted_game("jpml", IPPATSU_HANDS, draws="7z6z7z7z1z5p")
    do(game, Discard(1, t("6z"), riichi=True))
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert "ippatsu" not in yaku_ids(won)


# --------------------------------------------------------------------------- kuikae

KUIKAE_HANDS = [
    "3m" + HONORS_0,
    "4m5m3m6m1p2p3p7p8p9p1s2s3s",
    "1m2m7m8m9m1p2p3p7p8p9p5s6s",
    "1m2m7m8m9m4p5p6p4s5s6s7s8s",
]


def test_kuikae_refused_in_jpml():
    # 000 第51条 / §6 A42: chi 3m with 45m → neither 3m nor 6m may go.
    game = scripted_game("jpml", KUIKAE_HANDS, draws="5z")
    do(game, Discard(0, t("3m")))
    do(game, Chi(1, (t("4m"), t("5m"))))
    kinds = {a.tile for a in game.legal_actions(1) if isinstance(a, Discard)}
    assert t("3m") not in kinds and t("6m") not in kinds
    assert t("1p") in kinds


def test_kuikae_allowed_in_gifu():
    game = scripted_game("gifu", KUIKAE_HANDS, draws="5z")
    do(game, Discard(0, t("3m")))
    do(game, Chi(1, (t("4m"), t("5m"))))
    kinds = {a.tile for a in game.legal_actions(1) if isinstance(a, Discard)}
    assert {t("3m"), t("6m")} <= kinds


def test_after_a_pon_the_called_kind_may_not_go_in_jpml():
    hands = list(KUIKAE_HANDS)
    hands[2] = "3m3m7m8m9m1p2p3p7p8p9p5s5s"
    game = scripted_game("jpml", hands, draws="5z")
    do(game, Discard(0, t("3m")))
    assert Pon(2, (t("3m"), t("3m"))) in game.legal_actions(2)
    do(game, Pon(2, (t("3m"), t("3m"))))
    assert Discard(2, t("3m")) not in game.legal_actions(2)


# --------------------------------------------------------------------------- multiple ron

HEAD_BUMP_HANDS = [
    "5p" + HONORS_0,
    "234m345m678s46p88s",  # tanyao, waits 5p
    "222s567m678p345s5p",  # tanyao, tanki 5p
    "1m1m1m9m9m9m1p1p1p9p9p9p7z",
]


def test_head_bump_only_the_first_claimant_after_the_discarder_wins():
    game = scripted_game("wrc", HEAD_BUMP_HANDS, draws="6z")
    do(game, Discard(0, t("5p")))
    assert game.pending_seats() == [1, 2]
    events = do(game, Ron(2), Ron(1))
    assert [w.winner for w in of_type(events, Won)] == [1]


def test_double_ron_house_rule_pays_both_and_the_sticks_to_the_first():
    game = scripted_game(
        "wrc",
        HEAD_BUMP_HANDS,
        draws="6z",
        rules={"multiple_ron": "double_ron"},
        start=_start(sticks=1, scores=(29000, 30000, 30000, 30000)),
    )
    do(game, Discard(0, t("5p")))
    events = do(game, Ron(2), Ron(1))
    won = of_type(events, Won)
    assert [w.winner for w in won] == [1, 2]
    assert [p.payee for p in won[0].payments if p.reason == "sticks"] == [1]
    assert not [p for p in won[1].payments if p.reason == "sticks"]


def _start(**kwargs):
    from engine.game import Start

    return Start(**kwargs)


# --------------------------------------------------------------------------- furiten

FURITEN_HANDS = [
    "1z1z1z2z2z2z3z3z3z4z4z4z5z",
    "123m456m789m67p11s",  # waits 5p 8p
    "1s2s3s4s5s6s7s8s9s1p1p6z6z",
    "2p3p4p2s3s4s6s7s8s9p9p9p5z",
]


def test_discard_furiten_blocks_every_wait():
    game = scripted_game("wrc", FURITEN_HANDS, draws="7z8p5p")
    do(game, Discard(1, t("8p")))  # declines the 8p tsumo and discards it
    advance(game, lambda g: g.hand.last_discard == (2, t("5p")))
    assert Ron(1) not in game.legal_actions(1)
    assert game.furiten(1) == "discard"


def test_same_tile_furiten_blocks_only_that_kind_in_renmei_classic():
    # 001 第6章1④ (§6 A9): 8p in his river blocks 8p only; 5p may still be ronned.
    game = scripted_game("renmei_classic", FURITEN_HANDS, draws="7z8p5p")
    do(game, Discard(1, t("8p")))
    advance(game, lambda g: g.hand.last_discard == (2, t("5p")))
    assert Ron(1) in game.legal_actions(1)


def test_temporary_furiten_until_the_next_draw():
    game = scripted_game("wrc", FURITEN_HANDS, draws="7z7z5p8p6z1z5p")
    advance(game, lambda g: g.hand.last_discard == (2, t("5p")))
    assert Ron(1) in game.legal_actions(1)
    do(game, Pass(1))
    advance(game, lambda g: g.hand.last_discard == (3, t("8p")))
    assert Ron(1) not in game.legal_actions(1)  # 000 第33条ニ
    assert game.furiten(1) == "temporary"
    advance(game, lambda g: g.hand.last_discard == (2, t("5p")) and len(g.hand.seats[2].river) == 2)
    assert Ron(1) in game.legal_actions(1)  # he drew in between


def test_temporary_furiten_is_per_tile_in_renmei_classic():
    game = scripted_game("renmei_classic", FURITEN_HANDS, draws="7z7z5p8p")
    advance(game, lambda g: g.hand.last_discard == (2, t("5p")))
    do(game, Pass(1))
    advance(game, lambda g: g.hand.last_discard == (3, t("8p")))
    assert Ron(1) in game.legal_actions(1)  # 001 第6章5: only the passed kind


def test_passing_a_winning_tile_without_yaku_is_temporary_furiten():
    # §6 A39: seat 2 (234m567m789s46p11s) has no yaku on 5p and is never offered the
    # ron, yet the 5p going by still makes him furiten until his next draw.
    hands = [*HAITEI_HANDS[:3], "9s9s9p6z6z6z7z7z7z5z5z8p8p"]
    game = scripted_game("wrc", hands, draws="3s3s3s5p")
    advance(game, lambda g: g.hand.last_discard == (3, t("5p")))
    assert game.pending_seats() == [1]  # seat 1 may ron (ittsu); seat 2 is not asked
    do(game, Pass(1))
    assert game.furiten(2) == "temporary"


def test_riichi_furiten_after_passing_a_win():
    game = scripted_game("wrc", FURITEN_HANDS, draws="7z6z5p7z7z1z8p")
    do(game, Discard(1, t("6z"), riichi=True))
    advance(game, lambda g: g.hand.last_discard == (2, t("5p")))
    do(game, Pass(1))
    assert game.furiten(1) == "riichi"
    advance(game, lambda g: g.hand.last_discard == (2, t("8p")))
    assert Ron(1) not in game.legal_actions(1)  # 000 第32条ト: to the end of the hand


# --------------------------------------------------------------------------- chankan on an ankan

KOKUSHI_ANKAN = [
    "9m" + HONORS_0,
    "1111m234p567p78s9p",  # ankan 1m on his first draw
    "9m1p9p1s9s1z2z3z4z5z6z7z7z",  # kokushi waiting on 1m only
    "2m3m4m5m6m7m8m2p3p4p5s6s2s",
]


@pytest.mark.parametrize("preset", ["jpm", "wrc", "gifu"])
def test_kokushi_does_not_rob_an_ankan_where_kokushi_ankan_is_false(preset):
    # §2 kokushi_ankan = false in every preset (§6 A31, A44): the kan stands.
    game = scripted_game(preset, KOKUSHI_ANKAN, draws="5z6z", rinshan="8m")
    events = do(game, Ankan(1, 0))
    assert [type(e).__name__ for e in events][-1] == "Drew" and events[-1].rinshan
    assert game.pending_seats() == [1]
    assert game.furiten(2) is None  # an ankan tile he could never take is no passed win


def test_kokushi_robs_an_ankan_where_a_house_rule_allows_it():
    # 000 第33条ロ② as a house rule (kokushi_ankan = true): only kokushi may rob it.
    game = scripted_game("wrc", KOKUSHI_ANKAN, draws="5z6z", rinshan="8m",
                         rules={"kokushi_ankan": True})
    do(game, Ankan(1, 0))
    assert game.pending_seats() == [2]
    assert game.legal_actions(2) == [Ron(2), Pass(2)]
    hand = game.hand
    events = do(game, Ron(2))
    [won] = of_type(events, Won)
    assert won.winner == 2 and won.from_seat == 1 and "kokushi" in yaku_ids(won)
    assert not [e for e in events if isinstance(e, DoraRevealed) and e.kan]  # no kan happened
    # The kan never happened: seat 1's four 1m are back in his hand (every tile in one place).
    assert not hand.seats[1].melds and hand.seats[1].counts[0] == 4


def test_a_standard_wait_is_never_offered_an_ankan_tile():
    hands = list(KOKUSHI_ANKAN)
    hands[2] = "2m3m4p5p6p7p8p9p1s2s3s7z7z"  # ryanmen 1m-4m
    game = scripted_game("wrc", hands, draws="5z6z", rinshan="8m", rules={"kokushi_ankan": True})
    events = do(game, Ankan(1, 0))
    assert events[-1].rinshan and game.pending_seats() == [1]
    assert game.furiten(2) is None


def test_a_chankan_on_the_last_hand_keeps_every_tile_in_one_place():
    # The robbed kakan tile goes back to the kan maker (the kan never happened), so the
    # final state of the game still accounts for all 136 tiles.
    from engine.game import Start
    from engine.invariants import validate

    roles = ["5p" + HONORS_0, "55p234m678m1s1s5z6z7z", "234m567m789s46p11s",
             "123p789p234s678s5s"]
    game = scripted_game("wrc", [roles[1], roles[2], roles[3], roles[0]], draws="6z1m1m1m5p",
                         start=Start(round_wind=1, hand_number=3))  # South 4, seat 3 deals
    do(game, Discard(3, t("5p")))
    do(game, Pon(0, (t("5p"), t("5p"))))
    do(game, Discard(0, t("5z")))
    do(game, Kakan(0, t("5p")))
    [won] = of_type(do(game, Ron(1)), Won)
    assert "chankan" in yaku_ids(won) and game.is_over
    assert validate(game) == []
    assert game.hand.seats[0].melds[0].kind == "pon" and game.hand.seats[0].counts[13] == 1


# --------------------------------------------------------------------------- claim priority


def test_a_chi_overridden_by_a_pon_is_void():
    # 000 第26条, 第27条ハ: seat 1 (shimocha) chis, seat 2 pons the same 3m: the pon stands.
    hands = list(KUIKAE_HANDS)
    hands[2] = "3m3m7m8m9m1p2p3p7p8p9p5s5s"
    game = scripted_game("wrc", hands, draws="5z")
    do(game, Discard(0, t("3m")))
    assert game.pending_seats() == [1, 2]
    events = do(game, Chi(1, (t("4m"), t("5m"))), Pon(2, (t("3m"), t("3m"))))
    [called] = [e for e in events if type(e).__name__ == "Called"]
    assert called.seat == 2 and called.from_seat == 0
    assert not game.hand.seats[1].melds and game.hand.seats[1].counts[3] == 1  # 4m kept
    assert game.pending_seats() == [2] and game.hand.turn_kind == "call"


# --------------------------------------------------------------------------- riichi declaration

RIICHI_RON_HANDS = [
    "9m" + HONORS_0,
    "123m456m789m67p11s",  # tenpai; declares riichi with the 7z he draws
    "7z7z5z5z234m567p789s",  # shanpon 7z-5z: chun ronned is yakuhai
    "2p3p4p2s3s4s6s7s8s9p9p9p8m",
]


def test_a_ronned_riichi_declaration_tile_voids_the_riichi_and_no_stick_is_paid():
    # 000 第32条イ, 002 役2: the riichi stands only once the declaration tile is not ronned.
    game = scripted_game("wrc", RIICHI_RON_HANDS, draws="9s7z")
    do(game, Discard(1, t("7z"), riichi=True))
    assert game.pending_seats() == [2]
    events = do(game, Ron(2))
    assert not of_type(events, RiichiAccepted)
    [won] = of_type(events, Won)
    assert won.winner == 2 and won.from_seat == 1
    assert not [p for p in won.payments if p.reason == "sticks"]
    value = won.result["points"]["total"]
    assert game.sticks == 0 and game.scores[1] == 30000 - value  # no 1,000 stick on top


def test_double_riichi_needs_no_call_before_it_by_anyone_an_ankan_included():
    # 000 第55条①, §6 A43: the dealer's ankan before seat 1's first discard is a call, so
    # seat 1's riichi with his first discard is a plain riichi (ippatsu still counts).
    hands = list(IPPATSU_HANDS)
    game = scripted_game("wrc", hands, draws="1z6z7z7z8s5p", rinshan="8p")
    do(game, Ankan(0, 27))
    do(game, Discard(1, t("6z"), riichi=True))
    [won] = of_type(do(game, Tsumo(1)), Won)
    ids = yaku_ids(won)
    assert "riichi" in ids and "double_riichi" not in ids and "ippatsu" in ids


# --------------------------------------------------------------------------- tenhou, chiihou


def test_tenhou_reaches_the_scorer():
    game = scripted_game("wrc", ["123m456m789m123p5p", *IPPATSU_HANDS[1:]], draws="5p")
    assert Tsumo(0) in game.legal_actions(0)
    [won] = of_type(do(game, Tsumo(0)), Won)
    assert "tenhou" in yaku_ids(won) and won.result["yakuman"] >= 1
    assert [p.amount for p in won.payments if p.reason == "hand"] == [16000] * 3


def test_chiihou_reaches_the_scorer_and_a_call_before_it_stops_it():
    game = scripted_game("wrc", IPPATSU_HANDS, draws="7z5p")
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert "chiihou" in yaku_ids(won)
    # A pon by anyone before his first draw: no chiihou (§6 A43), a plain tsumo.
    hands = list(IPPATSU_HANDS)
    hands[0] = "2z" + hands[0][2:]
    hands[3] = "2z2z4p5p6p7p8p9p2s3s4s6s1z"
    game = scripted_game("wrc", hands, draws="7z8s5p")
    do(game, Discard(0, t("2z")))
    do(game, Pon(3, (t("2z"), t("2z"))))
    do(game, Discard(3, t("1z")))
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert "chiihou" not in yaku_ids(won) and "menzen_tsumo" in yaku_ids(won)


# --------------------------------------------------------------------------- §6 A24

A24_HAND = "1111m2222p999s45s"  # two ankans, then riichi on 999s 45s 77p (waits 3s 6s)


def _riichi_after_two_ankans(preset: str):
    game = scripted_game(
        preset, [A24_HAND, *ANKAN_OTHERS], draws="7p6z6z6z9s", rinshan="7p1z"
    )
    do(game, Ankan(0, 0))
    do(game, Ankan(0, 10))
    do(game, Discard(0, t("1z"), riichi=True))
    advance(game, lambda g: g.pending_seats() == [0] and g.hand.phase == "turn")
    assert game.hand.seats[0].drawn == t("9s")
    return game


def test_A24_teiai_refuses_a_riichi_ankan_that_gains_sankantsu():
    """003 §11: a kan that changes 手役 is forbidden, a yaku gained included (§6 A24)."""
    game = _riichi_after_two_ankans("teiai")
    assert not [a for a in game.legal_actions(0) if isinstance(a, Ankan)]


@pytest.mark.parametrize("preset", ["jpml", "wrc"])
def test_A24_no_yaku_loss_allows_the_same_kan(preset):
    """002 J:槓5 / W:槓4 forbid only a lost yaku: the third kan's sankantsu is fine."""
    game = _riichi_after_two_ankans(preset)
    assert Ankan(0, 26) in game.legal_actions(0)


# --------------------------------------------------------------------------- §6 A18 人和

RENHOU_HANDS = [
    HONORS_0 + "9m",
    "234m4556p345678s",  # tanyao, waiting on 5p (and 3p 6p...)
    "1m1m5m6m7m8m9m9p9p7z7z7z6z",
    "1s1s2s2s9s9s1p1p2p2p3p3p6z",
]


@pytest.mark.parametrize(("preset", "paid"), [("jpml", 8000), ("wrc", 8000), ("teiai", 1300)])
def test_A18_ron_before_ones_first_draw_is_renhou_where_the_rulebook_has_it(preset, paid):
    """002 【その他】 人和 満貫 (jpml, wrc); teiai has no 人和 (003 §22): plain tanyao."""
    game = scripted_game(preset, RENHOU_HANDS, draws="5p")
    events = do(game, Discard(0, t("5p")))
    assert Ron(1) in game.legal_actions(1)
    events = do(game, Ron(1))
    [won] = of_type(events, Won)
    assert ("renhou" in yaku_ids(won)) is (preset != "teiai")
    assert won.result["points"]["ron"] == paid


def test_A18_no_renhou_after_ones_own_first_draw():
    game = scripted_game("jpml", RENHOU_HANDS, draws="1z9p6z6z5p")
    do(game, Discard(0, t("1z")))
    advance(game, lambda g: g.pending_seats() == [0] and g.hand.phase == "turn")
    do(game, Discard(0, t("5p")))
    events = do(game, Ron(1))
    [won] = of_type(events, Won)
    assert "renhou" not in yaku_ids(won)
