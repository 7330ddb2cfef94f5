"""The AI's reading of a three-player table (RULESETS.md §9, issue 25): threats come from
the seats in play only, seat winds go round three seats, and a North set aside (kita) is
a dora to the seat that set it aside and a seen tile and a richer threat to the others."""

from __future__ import annotations

from dataclasses import replace

from ai.common import Context
from ai.danger import assess, seen_counts, tile_danger
from ai.reasons import Seat
from ai.value import wait_value
from engine.actions import Kita
from engine.player_view import PlayerView, player_view_of
from engine.scripted import do, scripted_game
from engine.seat_view import build_seat_view
from engine.state import RiverTile
from rules.hand import Meld, MeldKind, Source
from rules.ruleset import load_preset
from rules.tiles import NORTH, Tile, parse_tile, parse_tiles

T3 = "tenhou3"


def _river(text: str, riichi_at: int | None = None) -> tuple[RiverTile, ...]:
    return tuple(
        RiverTile(t, tsumogiri=False, riichi=i == riichi_at)
        for i, t in enumerate(parse_tiles(text))
    )


def _view(hand: str, *, preset: str = T3, seat: int = 0, dealer: int = 0, **kw) -> PlayerView:
    tiles = sorted(parse_tiles(hand), key=lambda t: (t.kind, t.red))
    fields = dict(
        seat=seat, ruleset=load_preset(preset), round_wind=0, hand_number=0, dealer=dealer,
        honba=0, sticks=0, scores=(35000, 35000, 35000, 0), hand=tuple(tiles), drawn=None,
        melds=((), (), (), ()), rivers=((), (), (), ()), dora_indicators=(),
        riichi=(False,) * 4, turn=seat, phase="turn", tiles_left=50, last_discard=None,
        offered=None, waits=(), furiten=None, kuikae=frozenset(),
    )
    fields.update(kw)
    return PlayerView(**fields)


def test_threats_come_from_the_three_seats_in_play_only():
    view = _view("19m19p19s1234567z", rivers=((), _river("1z2z"), _river("3z5z"), ()))
    assert {t.seat for t in assess(Context.of(view))} == {1, 2}
    # four players: the fourth seat is a threat as well
    four = _view("19m19p19s1234567z", preset="tenhou", scores=(25000,) * 4)
    assert {t.seat for t in assess(Context.of(four))} == {1, 2, 3}


def test_seat_winds_go_round_three_seats():
    # seat 0 after the dealer seat 1 and seat 2: West with three (North with four)
    assert _view("19m", seat=0, dealer=1).seat_wind == 29
    assert _view("19m", preset="tenhou", seat=0, dealer=1).seat_wind == 30
    # the words for a seat: with three, the seat before is kamicha, no toimen
    assert str(Seat(2, 0, 1, 3)).startswith("South (kamicha")
    assert str(Seat(1, 0, 1, 3)).startswith("East (shimocha")


def _pon(text: str) -> Meld:
    tiles = tuple(parse_tiles(text))
    return Meld(MeldKind.PON, tiles, Source.SHIMOCHA, tiles[0])


def test_an_opponents_west_pon_is_a_value_pon_when_it_sits_west_of_three():
    # dealer seat 1: seat 0 is West with three; its pon of West is yakuhai like haku
    def threat(meld: str):
        view = _view("19m19p19s123z", seat=2, dealer=1, melds=((_pon(meld),), (), (), ()))
        return next(t for t in assess(Context.of(view)) if t.seat == 0)

    assert threat("333z").value == threat("555z").value > threat("222s").value


def test_own_kita_counts_as_dora_and_twice_under_a_west_indicator():
    # with three players a West indicator makes the North the dora
    view = _view("123p456p789s11m9m", dora_indicators=(parse_tile("3z"),))
    assert Context.of(view).dora_in_hand() == 0
    two = replace(view, kita=(2, 0, 0, 0))
    assert Context.of(two).dora_in_hand() == 4
    other = replace(view, dora_indicators=(parse_tile("1s"),), kita=(2, 0, 0, 0))
    assert Context.of(other).dora_in_hand() == 2
    # someone else's kita is no dora of ours
    assert Context.of(replace(view, kita=(0, 2, 0, 0))).dora_in_hand() == 0


def test_own_kita_raises_the_value_of_a_wait():
    view = _view("123p456p789s11m9m9m")
    hand13 = list(view.hand)[:13]
    plain = wait_value(Context.of(view), hand13, parse_tile("1m").kind, True)
    kita = wait_value(Context.of(replace(view, kita=(2, 0, 0, 0))), hand13,
                      parse_tile("1m").kind, True)
    assert kita[0] > plain[0] and kita[1] > plain[1]


def test_others_kita_is_seen_and_makes_their_riichi_worth_more():
    rivers = ((), _river("1z2z4s9p", riichi_at=3), (), ())
    view = _view("3467p268s55z4z", rivers=rivers, riichi=(False, True, False, False))
    base = next(t for t in assess(Context.of(view)) if t.riichi)
    nuki = replace(view, kita=(0, 3, 0, 0))
    ctx = Context.of(nuki)
    rich = next(t for t in assess(ctx) if t.riichi)
    assert rich.value > base.value
    # three Norths set aside and one in the hand: every North is in sight
    assert nuki.visible_counts()[NORTH] == 3
    assert tile_danger(NORTH, rich, seen_counts(ctx)) == (0.0, "no copies left")
    assert tile_danger(NORTH, base, seen_counts(Context.of(view)))[0] > 0


def test_the_view_of_a_seat_reads_every_seats_kita():
    hands = ("123p456p789s11m9m4z", "567p888p99p1z2z3z7z6z", "567s111p222p1z2z3z7z")
    game = scripted_game(T3, [*hands, ""], "9m", rinshan="3p")
    do(game, Kita(0))
    assert player_view_of(build_seat_view(game, 1)).kita == (1, 0, 0, 0)
    own = player_view_of(build_seat_view(game, 0))
    assert own.kita == (1, 0, 0, 0)
    assert game.view(0).kita == (1, 0, 0, 0)  # the host's own reading, for the aids
    assert Context.of(own).dora_in_hand() >= 1
    assert Tile(NORTH) not in own.hand


def test_an_open_pon_of_9m_under_a_1m_indicator_is_priced_as_dora():
    # with three players a 1m indicator makes 9m the dora (§9), so the seat that called
    # 999m holds three dora: its threat is worth more than under a 3p indicator
    def threat(indicator: str) -> float:
        view = _view("19m19p19s1234567z", seat=0, melds=((), (_pon("999m"),), (), ()),
                     rivers=((), _river("1z2z3z4z5z"), (), ()),
                     dora_indicators=(parse_tile(indicator),))
        return next(t for t in assess(Context.of(view)) if t.seat == 1).value

    assert threat("1m") > threat("3p")
