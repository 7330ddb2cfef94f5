"""Why a kind of action is not available (`SeatView.unavailable`), decided by the engine.

Each test sets up a scripted position and reads the reason key (and its fields)
that the table words; the reasons follow the engine's own rule checks, so a key
never says one thing while the engine did another.
"""

from __future__ import annotations

from engine.actions import Chi, Discard, Pon
from engine.availability import KINDS, REASONS, action_kind
from engine.game import Start
from engine.scripted import advance, do, scripted_game, t
from engine.seat_view import SeatView, build_seat_view

HONORS_0 = "1z1z1z2z2z2z3z3z3z4z4z4z"
HAITEI_HANDS = [
    "1z1z1z2z2z2z3z3z3z4z4z4z9m",
    "123m456m789m67p11s",  # waits 5p 8p, ittsu
    "234m567m789s46p11s",  # waits 5p, no yaku
    "555p9s9s6z6z6z7z7z7z5z5z",
]
FURITEN_HANDS = [
    "1z1z1z2z2z2z3z3z3z4z4z4z5z",
    "123m456m789m67p11s",  # waits 5p 8p
    "1s2s3s4s5s6s7s8s9s1p1p6z6z",
    "2p3p4p2s3s4s6s7s8s9p9p9p5z",
]
KUIKAE_HANDS = [
    "3m" + HONORS_0,
    "4m5m3m6m1p2p3p7p8p9p1s2s3s",
    "1m2m7m8m9m1p2p3p7p8p9p5s6s",
    "1m2m7m8m9m4p5p6p4s5s6s7s8s",
]
SCATTERED = "1m3m5m7m9m2p4p6p8p1s3s5s7s"  # far from tenpai


def reasons(view: SeatView) -> dict[str, tuple[str, dict[str, str]]]:
    """kind -> (key, fields) for the kind-wide entries (not the per-tile ones)."""
    assert {u.key for u in view.unavailable} <= set(REASONS)  # the table words them all
    return {u.kind: (u.key, dict(u.fields)) for u in view.unavailable if u.kind != "discard_tile"}


def test_every_kind_is_either_legal_or_has_a_reason():
    game = scripted_game("wrc", HAITEI_HANDS)
    for seat in range(4):
        view = build_seat_view(game, seat)
        legal = {action_kind(a) for a in view.legal}
        why = {
            u.kind for u in view.unavailable if u.kind != "discard" or "tile" not in dict(u.fields)
        }
        assert legal | why == set(KINDS) and not legal & why


def test_not_your_turn_and_nothing_to_call_while_another_seat_draws():
    game = scripted_game("wrc", HAITEI_HANDS)
    why = reasons(build_seat_view(game, 2))
    assert why["discard"][0] == "not_your_turn"
    assert why["tsumo"][0] == "not_your_turn"
    assert why["kan"][0] == "not_your_turn"
    assert why["ron"][0] == "nothing_to_ron"
    assert why["chi"][0] == why["pon"][0] == "nothing_to_call"
    assert why["pass"][0] == "nothing_to_pass"
    assert why["tenpai"][0] == "nothing_to_declare"


def test_on_ones_own_turn_a_hand_far_from_tenpai_can_neither_tsumo_nor_riichi():
    hands = [SCATTERED, HAITEI_HANDS[1], "2z2z4p5p6p7p8p9p2s3s4s6s7z", "1z3z4z5z6z7z9s9s9p9p8s8s7m"]
    game = scripted_game("wrc", hands, draws="9s")
    why = reasons(build_seat_view(game, 0))
    assert why["tsumo"] == ("no_tsumo", {"tile": "9s"})
    assert why["riichi"][0] == "not_tenpai"
    assert "discard" not in why


def test_riichi_needs_points_where_the_ruleset_says():
    start = Start(scores=(25000, 500, 25000, 25000))
    game = scripted_game(
        "wrc", HAITEI_HANDS, draws="9s7z", rules={"riichi_points": "none"}, start=start
    )
    advance(game, lambda g: g.pending_seats() == [1] and g.hand.phase == "turn")
    assert reasons(build_seat_view(game, 1))["riichi"] == (
        "no_points",
        {"score": "500", "need": "1000"},
    )
    game = scripted_game("wrc", HAITEI_HANDS, draws="9s7z", start=start)
    advance(game, lambda g: g.pending_seats() == [1] and g.hand.phase == "turn")
    assert "riichi" not in reasons(build_seat_view(game, 1))  # "any": riichi is legal


def test_riichi_needs_a_draw_left_where_the_ruleset_says():
    game = scripted_game("wrc", HAITEI_HANDS, tail="5p", rules={"riichi_no_draw": False})
    advance(game, lambda g: g.hand.wall.remaining == 3 and g.pending_seats() == [2])
    assert reasons(build_seat_view(game, 2))["riichi"] == ("too_few_tiles", {"tiles_left": "3"})


def test_no_riichi_in_a_ruleset_without_it():
    game = scripted_game("renmei_classic", HAITEI_HANDS, draws="9s7z")
    advance(game, lambda g: g.pending_seats() == [1] and g.hand.phase == "turn")
    assert reasons(build_seat_view(game, 1))["riichi"][0] == "riichi_not_in_ruleset"


def test_discard_furiten_names_the_discarded_wait():
    game = scripted_game("wrc", FURITEN_HANDS, draws="7z8p5p")
    do(game, Discard(1, t("8p")))
    advance(game, lambda g: g.hand.last_discard == (2, t("5p")))
    assert game.hand.phase == "claim"  # seat 3 may chi the 5p
    view = build_seat_view(game, 1)
    assert view.offered == t("5p") and not view.legal
    why = reasons(view)
    assert why["ron"] == ("furiten", {"reason": "discard", "wait": "8p"})
    assert why["chi"] == ("chi_only_from_kamicha", {"tile": "5p"})
    assert why["pon"] == ("no_pon", {"tile": "5p"})
    assert why["discard"] == ("waiting_for_claims", {"tile": "5p"})
    assert reasons(build_seat_view(game, 3))["discard"] == ("claim_open", {"tile": "5p"})
    # Who may answer the window is not shown to the others.
    assert not view.seats[3].on_turn and build_seat_view(game, 3).seats[3].on_turn


def test_a_winning_tile_without_yaku_is_no_yaku():
    # Seat 2 has not drawn yet: in wrc this ron would be 人和 (A18), a yaku; off here.
    game = scripted_game("wrc", HAITEI_HANDS, draws="9s5p", rules={"renhou": False})
    advance(game, lambda g: g.pending_seats() == [1] and g.hand.phase == "turn")
    do(game, Discard(1, t("5p")))
    view = build_seat_view(game, 2)
    assert Chi(2, (t("4p"), t("6p"))) in view.legal
    why = reasons(view)
    assert why["ron"] == ("no_yaku", {"tile": "5p"})
    assert why["discard"] == ("claim_open", {"tile": "5p"})
    assert reasons(build_seat_view(game, 1))["discard"] == ("waiting_for_claims", {"tile": "5p"})


def test_kuikae_bars_each_tile_by_name_after_a_chi():
    game = scripted_game("jpml", KUIKAE_HANDS, draws="5z")
    do(game, Discard(0, t("3m")))
    do(game, Chi(1, (t("4m"), t("5m"))))
    view = build_seat_view(game, 1)
    barred = [(u.key, dict(u.fields)["tile"]) for u in view.unavailable if u.kind == "discard_tile"]
    assert barred == [("kuikae", "3m"), ("kuikae", "6m")]
    assert view.own.kuikae == (2, 5)
    why = reasons(view)
    assert why["tsumo"][0] == "tsumo_after_call"
    assert why["riichi"][0] == "riichi_needs_closed"


def test_after_riichi_every_tile_but_the_drawn_one_is_locked_and_no_call():
    hands = [
        "1z1z1z3z3z3z4z4z4z5z5z5z9s",
        "123m456m789m67p11s",
        "1s2s3s4s5s6s7s8s1p2p3p6z6z",
        "2z2z4p5p6p7p8p9p2s3s4s6s7z",
    ]
    game = scripted_game("wrc", hands, draws="7z6z8m9m9m2z")
    do(game, Discard(1, t("6z"), riichi=True))
    do(game, Pon(2, (t("6z"), t("6z"))))
    advance(game, lambda g: g.pending_seats() == [1] and g.hand.phase == "turn")
    view = build_seat_view(game, 1)
    locked = {dict(u.fields)["tile"] for u in view.unavailable if u.key == "riichi_locked"}
    assert locked == {"1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "6p", "7p", "1s"}
    assert reasons(view)["riichi"][0] == "riichi_already"


def test_at_an_exhaustive_draw_only_the_seat_asked_may_show_tenpai():
    game = scripted_game("wrc", HAITEI_HANDS, tail="9s")
    advance(game, lambda g: g.hand.phase == "declare")
    [asked] = game.pending_seats()
    view = build_seat_view(game, asked)
    assert {action_kind(a) for a in view.legal} == {"tenpai", "pass"}
    assert reasons(view)["discard"][0] == "declaring"
    waiting = next(s for s in game.hand.declare_queue if s != asked)
    assert reasons(build_seat_view(game, waiting))["tenpai"][0] == "not_your_turn"
    assert build_seat_view(game, waiting).phase == "declare"


def test_every_reason_given_in_seeded_games_is_a_listed_key():
    import asyncio

    from ai import LEVELS
    from engine.game import Game
    from rules.ruleset import load_preset

    seen: set[str] = set()
    for preset in ("jpml", "gifu"):
        game = Game.new(load_preset(preset), 4, start=Start(round_wind=1, hand_number=3))
        bots = [LEVELS["easy"](seat, 40 + seat) for seat in range(4)]
        while not game.is_over:
            for seat in range(4):
                for u in build_seat_view(game, seat).unavailable:
                    seen.add(u.key)
            seat = game.pending_seats()[0]
            action = asyncio.run(bots[seat].decide(game.view(seat), game.legal_actions(seat)))
            game.apply(action)
        seen.update(u.key for u in build_seat_view(game, 0).unavailable)
    assert seen <= set(REASONS)
    assert {"not_your_turn", "nothing_to_call", "game_over"} <= seen


def test_chi_in_a_three_player_game_is_not_in_the_ruleset():
    # seat 0 discards 1s, seat 2 may pon it; seat 1 holds 23s but three players play no chi
    hands = ["123p456p789s11m1s4z", "23s555z666z789s44z", "11s222p333p777p9p1z", ""]
    game = scripted_game("tenhou3", hands, "9m")
    do(game, Discard(0, t("1s")))
    assert game.hand.phase == "claim"
    assert reasons(build_seat_view(game, 1))["chi"] == ("chi_not_in_ruleset", {})
    # four players: the same seat is the discarder's shimocha and may chi
    four = scripted_game("tenhou", [*hands[:3], "2223334445556m"], "9m")
    do(four, Discard(0, t("1s")))
    assert any(isinstance(a, Chi) for a in four.legal_actions(1))
