"""One seat's view of the table (`engine.seat_view.build_seat_view`).

The view is a value: it crosses JSON and back unchanged, it never holds what
the seat may not see (two games that differ only in hidden tiles give equal
views), and every mark a table draws is the engine's: the sideways river tile
(000 第32条ニ), the turned tile of each meld, the wall's stacks.
"""

from __future__ import annotations

import asyncio
import json

import pytest

from ai import LEVELS
from engine import codec
from engine.actions import Ankan, Discard, Kakan, Pass, Pon
from engine.game import Game
from engine.player_view_of_game import event_for
from engine.scripted import advance, autopilot, do, scripted_game, t
from engine.seat_view import MeldTile, SeatView, build_seat_view
from engine.table_layout import meld_entry
from rules.hand import Meld, MeldKind, Source
from rules.presets import PRESET_IDS
from rules.ruleset import load_preset
from rules.tiles import parse_tiles

# --------------------------------------------------------------------------- helpers


def round_trip(view: SeatView) -> None:
    data = codec.encode(SeatView, view)
    text = json.dumps(data, ensure_ascii=False)
    assert codec.decode(SeatView, json.loads(text)) == view


def tiles_on_table(view: SeatView) -> int:
    """Every physical tile the view accounts for: the wall's stacks, the hands, the
    rivers (tiles not called away) and the melds (a quad is four)."""
    wall = sum(stack.tiles for side in view.wall.sides for stack in side)
    hands = sum(info.hand_size for info in view.seats)
    rivers = sum(1 for info in view.seats for entry in info.river if not entry.called)
    melds = sum(
        len(m.tiles) + sum(x.stacked is not None for x in m.tiles)
        for info in view.seats
        for m in info.melds
    )
    return wall + hands + rivers + melds


def play_one_hand(game: Game, seed: int, check) -> int:
    """Seeded easy bots play the first hand; `check(game)` runs before every step."""
    bots = [LEVELS["easy"](seat, seed + seat) for seat in range(4)]
    steps = 0
    while not game.is_over and game.hands_played == 0:
        check(game)
        seat = game.pending_seats()[0]
        bot = bots[game.seating[seat]]
        action = asyncio.run(bot.decide(game.view(seat), game.legal_actions(seat)))
        game.apply(action)
        steps += 1
    check(game)
    return steps


# --------------------------------------------------------------------------- JSON, counts


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_views_round_trip_through_json_and_count_every_tile(preset):
    game = Game.new(load_preset(preset), 7)

    def check(g: Game) -> None:
        pending = g.pending_seats()
        for seat in range(4):
            view = build_seat_view(g, seat)
            round_trip(view)
            assert view.seat == seat and view.ruleset == preset
            assert tiles_on_table(view) == 136
            assert (seat in pending) == bool(view.legal)
            assert set(view.legal) <= set(g.legal_actions(seat))
            own = len(view.own.tiles) + (view.own.drawn is not None)
            assert own == view.seats[seat].hand_size
            assert len(view.wall.sides) == 4 and all(len(s) == 17 for s in view.wall.sides)
            assert view.wall.tiles_left == g.hand.wall.remaining

    assert play_one_hand(game, 3, check) > 20


def test_a_replayed_game_gives_the_same_view_at_every_step():
    from engine.storage.game_log import game_from_setup, log_lines, replay

    game = Game.new(load_preset("wrc"), 11)
    live: list[SeatView] = []
    play_one_hand(game, 5, lambda g: live.append(build_seat_view(g, 2)))
    again = game_from_setup(game.setup)
    for step, action in enumerate(game.actions):
        assert build_seat_view(again, 2) == live[step]
        again.apply(action)
    assert build_seat_view(again, 2) == live[-1]
    assert build_seat_view(replay(list(log_lines(game))), 2) == live[-1]


# --------------------------------------------------------------------------- hidden information

# Hands with no pair and no two tiles within two of each other in a suit: nobody can
# call, ron or win, so the public history depends only on the draws.
SPACED = ("147m147p147s1234z", "258m258p258s1234z", "369m369p369s1234z")
DEALER = "555666777z1m1p1s1z"
DRAWS = "9m8m7m6m5m4m3m2m9p8p7p6p5p4p3p2p9s8s7s6s5s4s3s2s"


def _spaced_game(order: tuple[int, int, int], ura: str) -> Game:
    hands = [DEALER, *(SPACED[i] for i in order)]
    return scripted_game("wrc", hands, draws=DRAWS, indicators="2z", ura=ura)


def test_games_differing_only_in_hidden_tiles_give_equal_views():
    a = _spaced_game((0, 1, 2), ura="8s")
    b = _spaced_game((2, 0, 1), ura="5z")
    assert a.hand.seats[1].hand != b.hand.seats[1].hand
    steps = 0
    while len(a.hand.seats[3].river) < 5:
        assert a.pending_seats() == b.pending_seats()
        assert build_seat_view(a, 0) == build_seat_view(b, 0)
        seat = a.pending_seats()[0]
        ea = a.apply(autopilot(a, seat))
        eb = b.apply(autopilot(b, seat))
        assert [event_for(e, 0) for e in ea] == [event_for(e, 0) for e in eb]
        steps += 1
    assert steps >= 20
    assert a.hand.seats[2].hand != b.hand.seats[2].hand
    assert a.hand.wall.tiles != b.hand.wall.tiles


def test_the_view_json_names_no_concealed_tile_of_another_seat():
    game = _spaced_game((0, 1, 2), ura="8s")
    data = codec.encode(SeatView, build_seat_view(game, 0))
    text = json.dumps(data)
    assert "hand" not in json.dumps(data["seats"][1]).replace("hand_size", "")
    assert data["own"]["tiles"] == "1m1p1s1555666777z"
    assert "8s" not in text  # the ura indicator under the omote one


# --------------------------------------------------------------------------- rivers

RIICHI_HANDS = [
    "1z1z1z3z3z3z4z4z4z5z5z5z9s",
    "123m456m789m67p11s",  # tenpai: riichi with the 6z it draws
    "1s2s3s4s5s6s7s8s1p2p3p6z6z",  # pons the riichi tile
    "2z2z4p5p6p7p8p9p2s3s4s6s7z",
]


def test_the_riichi_tile_called_away_turns_the_next_discard_instead():
    # 000 第32条ニ: the pon takes the sideways tile; the riichi player's next discard
    # is laid sideways in its place.
    game = scripted_game("wrc", RIICHI_HANDS, draws="7z6z8m9m9m")
    do(game, Discard(1, t("6z"), riichi=True))
    view = build_seat_view(game, 0)
    [riichi_tile] = view.seats[1].river
    assert riichi_tile.sideways and not riichi_tile.called and riichi_tile.last
    do(game, Pon(2, (t("6z"), t("6z"))))
    do(game, Discard(2, t("1s")))
    view = build_seat_view(game, 0)
    [called] = view.seats[1].river
    assert called.called and not called.sideways and not called.last
    assert view.seats[2].river[-1].last
    advance(game, lambda g: len(g.hand.seats[1].river) == 2)
    river = build_seat_view(game, 3).seats[1].river
    assert [e.sideways for e in river] == [False, True]
    assert river[1].tsumogiri and river[1].tile == t("9m")
    assert build_seat_view(game, 3).seats[1].riichi


# --------------------------------------------------------------------------- melds


def _faces(entry) -> list[tuple[str | None, bool]]:
    return [(str(x.tile) if x.tile else None, x.sideways) for x in entry.tiles]


@pytest.mark.parametrize(
    ("source", "from_seat", "layout"),
    [
        (Source.KAMICHA, 1, [("5p", True), ("5p", False), ("5p", False)]),
        (Source.TOIMEN, 0, [("5p", False), ("5p", True), ("5p", False)]),
        (Source.SHIMOCHA, 3, [("5p", False), ("5p", False), ("5p", True)]),
    ],
)
def test_a_pon_turns_the_called_tile_towards_its_source(source, from_seat, layout):
    meld = Meld(MeldKind.PON, tuple(parse_tiles("555p")), source, t("5p"))
    entry = meld_entry(meld, owner=2)
    assert entry.from_seat == from_seat
    assert _faces(entry) == layout


def test_a_chi_lays_the_called_tile_leftmost():
    meld = Meld(MeldKind.CHI, tuple(parse_tiles("345m")), Source.KAMICHA, t("4m"))
    entry = meld_entry(meld, owner=0)
    assert entry.from_seat == 3
    assert _faces(entry) == [("4m", True), ("3m", False), ("5m", False)]


@pytest.mark.parametrize(
    ("source", "turned"), [(Source.KAMICHA, 0), (Source.TOIMEN, 1), (Source.SHIMOCHA, 3)]
)
def test_a_daiminkan_turns_the_called_tile_towards_its_source(source, turned):
    meld = Meld(MeldKind.MINKAN, tuple(parse_tiles("7777s")), source, t("7s"))
    entry = meld_entry(meld, owner=1)
    assert [x.sideways for x in entry.tiles] == [i == turned for i in range(4)]
    assert all(x.tile == t("7s") and x.stacked is None for x in entry.tiles)


def test_a_shouminkan_keeps_the_pon_and_stacks_the_added_tile_on_the_turned_one():
    meld = Meld(MeldKind.KAKAN, tuple(parse_tiles("5550p")), Source.TOIMEN, t("5p"))
    entry = meld_entry(meld, owner=0)
    assert entry.kind is MeldKind.KAKAN and entry.from_seat == 2
    assert entry.tiles[1] == MeldTile(t("5p"), True, t("0p"))
    assert [x.stacked for x in (entry.tiles[0], entry.tiles[2])] == [None, None]


def test_an_ankan_shows_two_backs_at_the_ends_and_a_red_five_face_up():
    meld = Meld(MeldKind.ANKAN, tuple(parse_tiles("5550m")))
    entry = meld_entry(meld, owner=0)
    assert entry.from_seat is None
    assert [x.tile for x in entry.tiles] == [None, t("0m"), t("5m"), None]
    assert not any(x.sideways for x in entry.tiles)


def test_meld_kinds_survive_json_as_their_enum():
    game = scripted_game("wrc", RIICHI_HANDS, draws="7z6z8m9m9m")
    do(game, Discard(1, t("6z"), riichi=True))
    do(game, Pon(2, (t("6z"), t("6z"))))
    view = build_seat_view(game, 0)
    back = codec.decode(SeatView, json.loads(json.dumps(codec.encode(SeatView, view))))
    [meld] = back.seats[2].melds
    assert meld.kind is MeldKind.PON and meld.from_seat == 1
    assert [x.sideways for x in meld.tiles] == [True, False, False]


# --------------------------------------------------------------------------- the wall


def test_the_wall_starts_full_but_for_the_deal_with_the_indicator_face_up():
    game = scripted_game("wrc", RIICHI_HANDS, draws="7z6z8m9m9m", indicators="3p")
    wall = build_seat_view(game, 0).wall
    stacks = [s for side in wall.sides for s in side]
    assert sum(s.tiles for s in stacks) == 136 - 53
    assert sum(s.tiles for s in stacks if s.dead) == 14
    assert sum(1 for s in stacks if s.rinshan) == 2
    assert [s.indicator for s in stacks if s.indicator] == [t("3p")]
    assert wall.dora_indicators == (t("3p"),) and wall.dora == (t("4p"),)
    assert wall.tiles_left == 69 and wall.rinshan_left == 4
    assert wall.dice == ((3, 4),) and wall.ura_indicators == ()
    # Dice 7 from dealer 0: the wall of seat 2 (toimen) is broken, 7 stacks from its
    # right end: those 7 are the dead wall, the 10 on their left went in the deal.
    assert (wall.break_side, wall.break_stacks) == (2, 7)
    assert [s.tiles for s in wall.sides[2]] == [0] * 10 + [2] * 7
    assert [s.dead for s in wall.sides[2]] == [False] * 10 + [True] * 7


RINSHAN_HANDS = [
    "111m234p567p789s5s",
    "2m3m4m5m6m7m8m9m1z1z2z2z3z",
    "2m3m4m5m6m7m8m9m3z4z4z5z5z",
    "2s3s4s6s7s8s1p1p1p9p9p9p6z",
]


def test_after_an_ankan_the_rinshan_tile_is_gone_and_the_kan_indicator_face_up():
    game = scripted_game("wrc", RINSHAN_HANDS, draws="1m", rinshan="5s", indicators="7p3s")
    do(game, Ankan(0, 0))
    view = build_seat_view(game, 1)
    wall = view.wall
    assert wall.rinshan_left == 3 and wall.tiles_left == 68
    assert wall.dora_indicators == (t("7p"), t("3s")) and wall.dora == (t("8p"), t("4s"))
    stacks = [s for side in wall.sides for s in side]
    assert sorted(s.indicator for s in stacks if s.indicator) == sorted((t("7p"), t("3s")))
    assert sum(s.tiles for s in stacks if s.rinshan) == 3
    # The dead wall stays 14 (000 第5条): the kan moved the last live tile (the lower one
    # of the boundary stack, whose top is still live) into it.
    assert sum(s.tiles for s in stacks if s.dead) + 1 == 14
    assert tiles_on_table(view) == 136
    [ankan] = view.seats[0].melds
    assert [x.tile for x in ankan.tiles] == [None, t("1m"), t("1m"), None]
    assert view.own.tiles == () or view.seats[0].hand_size == 11
    own = build_seat_view(game, 0)
    assert own.rinshan_draw and own.own.drawn == t("5s")
    assert not view.rinshan_draw and view.own.drawn is None


CHANKAN_HANDS = [
    "5p1z1z1z2z2z2z3z3z3z4z4z4z",
    "55p234m678m1s1s5z6z7z",
    "234m567m789s46p11s",
    "123p789p234s678s5s",
]


def test_a_shouminkan_from_a_real_game_stacks_the_added_tile_on_the_turned_one():
    game = scripted_game("wrc", CHANKAN_HANDS, draws="6z1m1m1m5p", rinshan="9m")
    do(game, Discard(0, t("5p")))
    do(game, Pon(1, (t("5p"), t("5p"))))
    do(game, Discard(1, t("5z")))
    do(game, Kakan(1, t("5p")))
    do(game, Pass(2))
    view = build_seat_view(game, 3)
    [meld] = view.seats[1].melds
    assert meld.kind is MeldKind.KAKAN and meld.from_seat == 0
    assert meld.tiles[0] == MeldTile(t("5p"), True, t("5p"))  # from kamicha: leftmost
    assert tiles_on_table(view) == 136
    round_trip(view)


def test_house_rules_and_the_minutes_left_of_a_time_limit():
    now = [0.0]
    ruleset = load_preset("gifu").with_overrides({"kuikae": "forbidden"})
    game = Game.new(ruleset, 1, clock=lambda: now[0])
    view = build_seat_view(game, 0)
    assert view.house_rules == (("kuikae", "forbidden"),)
    assert view.minutes_left == ruleset.time_limit_minutes == 50
    now[0] = 20 * 60 + 1  # 20 minutes and a second: 30 minutes left, rounded up
    assert build_seat_view(game, 0).minutes_left == 30
    assert build_seat_view(Game.new(load_preset("wrc"), 1), 0).minutes_left is None


# --------------------------------------------------------------------------- three players

# Three players (RULESETS.md §9): seat 0 holds 11m and a North, seat 2 a 1m to discard.
THREE = ["123p456p789s11m9m4z", "555z666z123s789s4z", "567s111p222p1z2z3z1m", ""]


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_three_player_seat_winds_are_the_engines(dealer):
    # East, South, West round the three seats that play (the engine's `Round.seat_wind`,
    # tests/test_sanma_engine.py); the empty seat 3 is the North nobody sits in.
    from engine.game import Start

    game = Game.new(load_preset("tenhou3"), 4, start=Start(round_wind=0, hand_number=dealer))
    view = build_seat_view(game, 0)
    rnd = game.counters
    assert game.dealer == dealer
    assert [s.wind for s in view.seats] == [*(rnd.seat_wind(s) for s in range(3)), 30]
    assert view.seats[dealer].wind == 27


def test_three_player_pon_from_the_kamicha_points_at_it_not_at_the_empty_seat():
    game = scripted_game("tenhou3", THREE, "9m1s2s")
    do(game, Discard(2, t("1m")))
    pon = next(a for a in game.legal_actions(0) if isinstance(a, Pon))
    do(game, pon)
    (entry,) = build_seat_view(game, 1).seats[0].melds
    assert entry.from_seat == 2  # seat 0's kamicha with three players
    assert entry.tiles[0].sideways  # the called tile turned to the left, towards it


def test_three_player_dora_skip_the_removed_tiles():
    # A 1m indicator makes 9m the dora when 2m-8m are out of the set (RULESETS.md §9).
    game = scripted_game("tenhou3", THREE, "9m", indicators="1m")
    view = build_seat_view(game, 0)
    assert view.wall.dora_indicators == (t("1m"),) and view.wall.dora == (t("9m"),)
    four = scripted_game("tenhou", [*THREE[:3], "2223334445556m"], "9m", indicators="1m")
    assert build_seat_view(four, 0).wall.dora == (t("2m"),)
