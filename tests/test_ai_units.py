"""AI levels on hand-built views: the situations issue 4 names, one test each.

Views are built directly (`PlayerView` is a plain frozen value) with the legal
list the engine would offer; `turn_legal` derives it like the engine does
(every distinct tile, riichi variants where the discard leaves a closed hand
tenpai and the ruleset has riichi).
"""

from __future__ import annotations

import pytest

from ai.common import Context
from ai.danger import after_riichi_kinds, assess, tile_danger
from ai.easy import EasyPlayer
from ai.hard import HardPlayer, p_win
from ai.normal import NormalPlayer
from engine.actions import Action, Chi, Discard, Pass, Pon, Ron, ShowTenpai, Tsumo
from engine.player_view import PlayerView
from engine.state import RiverTile
from rules.hand import Meld, MeldKind, Source
from rules.ruleset import load_preset
from rules.shanten import shanten
from rules.tiles import KIND_COUNT, Tile, parse_tile, parse_tiles
from rules.waits import discard_options, waits

LEVELS = (EasyPlayer, NormalPlayer, HardPlayer)


def river(text: str, riichi_at: int | None = None) -> tuple[RiverTile, ...]:
    tiles = parse_tiles(text)
    return tuple(RiverTile(t, tsumogiri=False, riichi=i == riichi_at) for i, t in enumerate(tiles))


def make_view(
    hand: str,
    *,
    drawn: str | None = None,
    preset: str = "wrc",
    seat: int = 0,
    dealer: int = 0,
    melds: tuple[tuple[Meld, ...], ...] = ((), (), (), ()),
    rivers: tuple[tuple[RiverTile, ...], ...] = ((), (), (), ()),
    riichi: tuple[bool, ...] = (False,) * 4,
    offered: str | None = None,
    turn: int | None = None,
    tiles_left: int = 50,
    indicators: str = "",
    scores: tuple[int, ...] = (30000,) * 4,
    round_wind: int = 0,
    hand_number: int = 0,
) -> PlayerView:
    tiles = parse_tiles(hand)
    if drawn:
        tiles.append(parse_tile(drawn))
    ruleset = load_preset(preset)
    offered_tile = parse_tile(offered) if offered else None
    return PlayerView(
        seat=seat,
        ruleset=ruleset,
        round_wind=round_wind,
        hand_number=hand_number,
        dealer=dealer,
        honba=0,
        sticks=0,
        scores=scores,
        hand=tuple(sorted(tiles, key=lambda t: (t.kind, t.red))),
        drawn=parse_tile(drawn) if drawn else None,
        melds=melds,
        rivers=rivers,
        dora_indicators=tuple(parse_tiles(indicators)),
        riichi=riichi,
        turn=seat if turn is None else turn,
        phase="claim" if offered else "turn",
        tiles_left=tiles_left,
        last_discard=None,
        offered=offered_tile,
        waits=(),
        furiten=None,
        kuikae=frozenset(),
    )


def turn_legal(view: PlayerView) -> list[Action]:
    """Discards of every distinct tile, and riichi variants as the engine offers them."""
    seat = view.seat
    distinct = sorted(set(view.hand), key=lambda t: (t.kind, t.red))
    legal: list[Action] = [Discard(seat, t) for t in distinct]
    own = view.melds[seat]
    if view.ruleset.riichi and not any(m.opened for m in own) and not view.riichi[seat]:
        counts = view.counts()
        for t in distinct:
            counts[t.kind] -= 1
            if waits(counts, len(own), chiitoitsu=view.ruleset.chiitoitsu != "none"):
                legal.append(Discard(seat, t, riichi=True))
            counts[t.kind] += 1
    return legal


def choose(level, view: PlayerView, legal: list[Action]) -> Action:
    action = level(view.seat, 0).choose(view, legal)
    assert action in legal
    return action


# --- efficiency ----------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_the_efficient_discard_is_chosen(level):
    # 123m 456p 789s 11z 24s + 9p: only 9p leaves the hand tenpai (kanchan 3s)
    view = make_view("123m456p789s11z24s", drawn="9p", tiles_left=60)
    action = choose(level, view, turn_legal(view))
    assert isinstance(action, Discard) and action.tile == parse_tile("9p")


def test_easy_maximises_ukeire_among_equal_shanten():
    # 1-shanten either way; discarding 1m keeps more live tiles than breaking a shape
    view = make_view("1m2356m3467p59s11z", drawn="8s")
    action = choose(EasyPlayer, view, turn_legal(view))
    options = discard_options(view.counts(), 0, view.visible_counts())
    best = options[0]
    top = (best.shanten, best.ukeire_total)
    ties = [o.kind for o in options if (o.shanten, o.ukeire_total) == top]
    assert isinstance(action, Discard) and action.tile.kind in ties


def test_easy_keeps_a_red_five_when_a_plain_copy_can_go():
    view = make_view("123m456p789s11z5p9m", drawn="0p")
    legal = turn_legal(view)
    action = choose(EasyPlayer, view, legal)
    if isinstance(action, Discard) and action.tile.kind == parse_tile("5p").kind:
        assert not action.tile.red


# --- value -----------------------------------------------------------------------


def test_normal_keeps_a_yakuhai_pair_that_efficiency_alone_would_break():
    # Three pairs and a partial beside two sets: one pair must go. Efficiency sees
    # 99s, 77z and 33z (West, a guest wind for South) much alike; normal keeps
    # the Chun pair (a pon of it is a yaku).
    view = make_view("234m678p23s99s77z3z", drawn="3z", dealer=3)
    legal = turn_legal(view)
    action = choose(NormalPlayer, view, legal)
    assert isinstance(action, Discard)
    assert action.tile.kind != parse_tile("7z").kind


def test_normal_pons_a_yakuhai_pair():
    view = make_view("23m567p2389s77z14z", offered="7z", seat=1, turn=0)
    legal = [Pon(1, (parse_tile("7z"), parse_tile("7z"))), Pass(1)]
    assert choose(NormalPlayer, view, legal) == legal[0]
    assert choose(HardPlayer, view, legal) == legal[0]


@pytest.mark.parametrize("level", LEVELS)
def test_no_call_leaves_a_hand_without_yaku(level):
    # Terminals and honors everywhere, no value pair, three suits: a chi of 6m
    # would lower the shanten but leave no reachable yaku (wrc needs one).
    view = make_view("19m45m19p19s1234z", offered="6m", seat=1, turn=0)
    chi = Chi(1, (parse_tile("4m"), parse_tile("5m")))
    assert choose(level, view, [chi, Pass(1)]) == Pass(1)


def test_renmei_classic_needs_no_yaku_to_call():
    # min_yaku_han = 0: the same chi is fine there when it lowers the shanten.
    view = make_view("23m567p23789s1z4z", offered="4m", seat=1, turn=0, preset="renmei_classic")
    chi = Chi(1, (parse_tile("2m"), parse_tile("3m")))
    assert choose(NormalPlayer, view, [chi, Pass(1)]) == chi


@pytest.mark.parametrize("level", (NormalPlayer, HardPlayer))
def test_riichi_with_a_good_wait(level):
    # 123m 456p 789s 23s 55z + 9m: discard 9m, riichi on 1s-4s (8 tiles live)
    view = make_view("123m456p789s23s55z", drawn="9m", tiles_left=55)
    action = choose(level, view, turn_legal(view))
    assert action == Discard(0, parse_tile("9m"), riichi=True)


def test_no_riichi_where_the_ruleset_has_none():
    view = make_view("123m456p789s23s55z", drawn="9m", preset="renmei_classic")
    legal = turn_legal(view)
    assert not any(isinstance(a, Discard) and a.riichi for a in legal)
    for level in LEVELS:
        action = choose(level, view, legal)
        assert action == Discard(0, parse_tile("9m"))


def test_dora_counts_only_where_the_ruleset_has_dora():
    assert Context.of(make_view("123m456p789s23s55z", indicators="1m")).dora[1] == 1
    classic = make_view("123m456p789s23s55z", indicators="1m", preset="renmei_classic")
    assert sum(Context.of(classic).dora) == 0


# --- wins and draws ------------------------------------------------------------------


@pytest.mark.parametrize("level", LEVELS)
def test_wins_whenever_legal(level):
    view = make_view("123m456p789s23s55z", drawn="4s")
    legal = [Tsumo(0), *turn_legal(view)]
    assert choose(level, view, legal) == Tsumo(0)
    claim = make_view("123m456p789s23s55z", offered="1s", seat=0, turn=3)
    assert choose(level, claim, [Ron(0), Pass(0)]) == Ron(0)


@pytest.mark.parametrize("level", LEVELS)
def test_shows_tenpai_at_a_draw(level):
    view = make_view("123m456p789s23s55z", tiles_left=0)
    assert choose(level, view, [ShowTenpai(0), Pass(0)]) == ShowTenpai(0)


# --- defence -----------------------------------------------------------------------


def _riichi_table(hand: str, drawn: str, riichi_river: str, **kw) -> PlayerView:
    rivers = ((), river(riichi_river, riichi_at=len(parse_tiles(riichi_river)) - 1), (), ())
    return make_view(
        hand, drawn=drawn, rivers=rivers, riichi=(False, True, False, False), **kw
    )


def test_hard_folds_with_genbutsu_against_a_riichi_when_far():
    # A ragged 4-shanten hand; 5p is the riichi player's own discard.
    view = _riichi_table("1379m1379p1379s5m", "5p", "1z2z3z4z5p", tiles_left=45)
    assert shanten(bytes(view.counts()), 0) >= 3
    action = choose(HardPlayer, view, turn_legal(view))
    assert action == Discard(0, parse_tile("5p"))
    # normal does not look at the riichi: it plays for the hand
    assert choose(NormalPlayer, view, turn_legal(view)) != action


def test_hard_prefers_suji_and_honors_in_sight_without_genbutsu():
    # No genbutsu in hand: 1s is suji (4s was discarded), the rest are live middle tiles.
    view = _riichi_table("3467m3467p268s55z", "1s", "1z2z4s9p", tiles_left=40)
    action = choose(HardPlayer, view, turn_legal(view))
    assert isinstance(action, Discard)
    assert action.tile.kind in (parse_tile("1s").kind, parse_tile("5z").kind)


def test_hard_pushes_a_good_tenpai():
    # Tenpai with a ryanmen and riichi value: keep attacking with the wait intact.
    view = _riichi_table("123m456p789s23s55z", "9m", "1z2z3z9s5p", tiles_left=50)
    action = choose(HardPlayer, view, turn_legal(view))
    assert isinstance(action, Discard) and action.tile == parse_tile("9m")


def test_danger_reasoning_words():
    view = _riichi_table("3467m3467p268s55z", "1s", "1z2z4s9p")
    ctx = Context.of(view)
    threats = assess(ctx)
    riichi = next(t for t in threats if t.riichi)
    seen = [ctx.counts[k] + ctx.visible[k] for k in range(KIND_COUNT)]
    assert tile_danger(parse_tile("4s").kind, riichi, seen) == (0.0, "genbutsu")
    p, why = tile_danger(parse_tile("1s").kind, riichi, seen)
    assert why == "suji" and p < 0.03
    p5, why5 = tile_danger(parse_tile("5m").kind, riichi, seen)
    assert why5 == "no suji" and p5 > 0.08


def test_kabe_and_one_chance():
    # All four 8p in sight (three in hand, one in a river): no 8-9 ryanmen shape exists,
    # so 7p is kabe on the upper side and 9p cannot be a ryanmen wait at all.
    view = _riichi_table("888p1234m", "5s", "1z2z3z8p")
    ctx = Context.of(view)
    riichi = next(t for t in assess(ctx) if t.riichi)
    seen = [ctx.counts[k] + ctx.visible[k] for k in range(KIND_COUNT)]
    p9, why9 = tile_danger(parse_tile("9p").kind, riichi, seen)
    assert why9 == "kabe" and p9 < 0.03


def test_genbutsu_after_riichi_follows_turn_order():
    # Seat 1 declared with its 3rd discard; seat 2 (after it) discarded 6p afterwards,
    # seat 0 (before it, dealer) discarded 9m before the declaration and 7s after.
    rivers = (river("1z2z9m7s"), river("1m2m3z", riichi_at=2), river("4z4z6p"), river("5z5z"))
    view = make_view("123m456p789s23s55z", rivers=rivers, riichi=(False, True, False, False))
    after = after_riichi_kinds(view, 1)
    assert parse_tile("6p").kind in after and parse_tile("7s").kind in after
    assert parse_tile("9m").kind not in after and parse_tile("4z").kind not in after


def test_push_chances_are_ordered():
    assert p_win(0, 8, 10, 90) > p_win(1, 20, 10, 90) > p_win(2, 20, 10, 90) > p_win(3, 20, 10, 90)
    assert p_win(0, 8, 10, 90) > p_win(0, 2, 10, 90)
    assert p_win(0, 8, 2, 90) < p_win(0, 8, 12, 90)


def test_hard_at_all_last_as_leading_dealer_stays_silent_at_a_draw():
    view = make_view(
        "123m456p789s23s55z", tiles_left=0, round_wind=1, hand_number=3, dealer=3, seat=3,
        scores=(20000, 25000, 30000, 45000),
    )
    assert choose(HardPlayer, view, [ShowTenpai(3), Pass(3)]) == Pass(3)
    assert choose(NormalPlayer, view, [ShowTenpai(3), Pass(3)]) == ShowTenpai(3)


def test_melds_in_views_are_read():
    pon = Meld(MeldKind.PON, tuple(parse_tiles("777z")), Source.TOIMEN, Tile(33))
    view = make_view(
        "23m567p2389s", drawn="4m", melds=((pon,), (), (), ()),
    )
    action = choose(NormalPlayer, view, turn_legal(view))
    assert isinstance(action, Discard)


def test_a_riichi_threat_is_worth_less_where_riichi_brings_no_ura_or_ippatsu():
    from ai.danger import riichi_value

    assert riichi_value(load_preset("wrc")) == 5200
    assert riichi_value(load_preset("jpml")) == 3900
    assert riichi_value(load_preset("jpml")) < riichi_value(load_preset("jpm"))
