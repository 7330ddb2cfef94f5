"""Scenario tests per rule of RULESETS.md §9 that tests/test_sanma_engine.py and
tests/test_sanma_scoring.py do not play through the engine already: double ron by both
other seats (paid on both presets, never Tenhou's 三家和 abort), no four-riichi and no
four-winds abort with three, another seat's kita breaking ippatsu, nine terminals
counting 1m and 9m, and tsumo loss / north-bisection as the engine pays them. Each
is named after its rule and fails on the wrong behaviour."""

from __future__ import annotations

import pytest

from engine.actions import Discard, Kita, NineTerminals, Ron, Tsumo
from engine.events import ExhaustiveDraw, HandEnded, RiichiAccepted, Won
from engine.scripted import do, of_type, scripted_game, t

# Seat 0 deals and draws 9m first; the hands are 13 tiles each, seat 3 is empty.
DEALER = "123p456p789s11m9m4z"


def _game(preset, hands, draws, **kw):
    return scripted_game(preset, [*hands, ""], draws, **kw)


def _paid(won: Won) -> dict[int, int]:
    """What each seat paid for the hand's value (honba and sticks aside)."""
    out: dict[int, int] = {}
    for pay in won.payments:
        if pay.reason == "hand":
            out[pay.payer] = out.get(pay.payer, 0) + pay.amount
    return out


@pytest.mark.parametrize("preset", ["tenhou3", "mahjongsoul3"])
def test_double_ron_by_both_other_seats_is_paid_not_aborted(preset):
    # Both others wait on the North alone; the dealer discards it (no kita). With four
    # players, rons by every other seat are Tenhou's 三家和 abort; with three, the
    # records pay both (RULESETS.md §9: 107 double rons in 3,007 games).
    hands = (DEALER, "555z666z123s789s4z", "567s111p222p777z4z")
    game = _game(preset, hands, "9m")
    events = do(game, Discard(0, t("4z")))
    assert {Ron(1), Ron(2)} <= {a for s in (1, 2) for a in game.legal_actions(s)}
    events = do(game, Ron(1), Ron(2))
    wins = of_type(events, Won)
    assert sorted(w.winner for w in wins) == [1, 2]
    assert all(w.from_seat == 0 for w in wins)
    assert not of_type(events, ExhaustiveDraw)
    (ended,) = of_type(events, HandEnded)
    assert ended.reason == "win" and ended.deltas[0] < 0 < min(ended.deltas[1:3])
    assert ended.deltas[3] == 0


@pytest.mark.parametrize("preset", ["tenhou3", "mahjongsoul3"])
def test_no_four_riichi_abort_when_all_three_declare(preset):
    hands = ("123p456p789s11m9m6s", "555z666z123s789s3z", "567s111p222p777z2z")
    game = _game(preset, hands, "9m3p2s5s")
    do(game, Discard(0, t("6s"), riichi=True))
    do(game, Discard(1, t("3p"), riichi=True))
    events = do(game, Discard(2, t("2s"), riichi=True))
    assert len(of_type(game.events, RiichiAccepted)) == 3
    assert not of_type(events, ExhaustiveDraw) and not of_type(events, HandEnded)
    assert game.pending_seats() == [0] and game.hand.seats[0].drawn == t("5s")


@pytest.mark.parametrize("preset", ["tenhou3", "mahjongsoul3"])
def test_no_four_winds_abort_when_all_three_discard_the_same_wind(preset):
    hands = ("123p456p789s11m9m1z", "555z666z123s789s1z", "567s111p222p777z9s")
    game = _game(preset, hands, "9m3p1z5s")
    do(game, Discard(0, t("1z")))
    do(game, Discard(1, t("1z")))
    events = do(game, Discard(2, t("1z")))
    assert not of_type(events, ExhaustiveDraw) and not of_type(events, HandEnded)
    assert game.pending_seats() == [0] and game.hand.seats[0].drawn == t("5s")


@pytest.mark.parametrize("preset", ["tenhou3", "mahjongsoul3"])
@pytest.mark.parametrize("kita", [True, False])
def test_kita_by_another_seat_breaks_ippatsu(preset, kita):
    # Seat 1 declares riichi (waiting on 9p alone); seat 2 sets a North aside (or just
    # discards); seat 0 deals in on the next turn: ippatsu only without the kita.
    hands = (DEALER, "555z666z123s789s9p", "567s111p222p1z2z3z4z")
    game = _game(preset, hands, "9m3p2s9p", rinshan="5s")
    do(game, Discard(1, t("3p"), riichi=True))
    if kita:
        do(game, Kita(2))
        do(game, Discard(2, t("5s")))
    else:
        do(game, Discard(2, t("2s")))
    (won,) = of_type(do(game, Ron(1)), Won)
    assert won.from_seat == 0 and won.win_tile == t("9p")
    assert won.facts.ippatsu is (not kita)
    assert ("ippatsu" in {y["id"] for y in won.result["yaku"]}) is (not kita)


@pytest.mark.parametrize("preset", ["tenhou3", "mahjongsoul3"])
def test_nine_terminals_counts_1m_and_9m_and_keeps_the_dealer(preset):
    # 1m 9m 1p 9p 1s 9s E S W: nine kinds of terminals and honors on the first draw
    hands = ("19m19p19s123z5p5p6p7p", "555z666z123s789s3p", "567s111p222p777z2s")
    game = _game(preset, hands, "4p")
    assert NineTerminals(0) in game.legal_actions(0)
    events = game.apply(NineTerminals(0))
    (draw,) = of_type(events, ExhaustiveDraw)
    assert draw.kind == "nine_terminals" and draw.seat == 0
    (ended,) = of_type(events, HandEnded)
    assert ended.renchan and ended.deltas == (0, 0, 0, 0)
    # eight kinds (no 9m) is not enough
    eight = _game(preset, ("19p19s123z2p5p5p6p7p1m", *hands[1:]), "4p")
    assert NineTerminals(0) not in eight.legal_actions(0)


@pytest.mark.parametrize(
    "preset, rules, dealer_pays, other_pays",
    [
        ("tenhou3", None, 4000, 2000),  # tsumo loss: the North's 2,000 is not paid
        ("mahjongsoul3", None, 4000, 2000),
        ("mahjongsoul3", {"tsumo_loss": "north_bisection"}, 5000, 3000),  # halved
    ],
)
def test_tsumo_loss_and_north_bisection_as_the_engine_pays(
    preset, rules, dealer_pays, other_pays
):
    # Seat 1 (non-dealer) wins by tsumo on a haku tanki: riichi, tsumo and two kita
    # make 4 han, 40 fu (999m closed 8, the haku pair 2, tanki 2, tsumo 2): a mangan,
    # 4,000 from the dealer and 2,000 from the other non-dealer with four players.
    hands = (
        "123p456p789s11m3z1z",
        "999m234p678p456s5z",  # as tests/test_sanma_scoring.py's HAND
        "567s111p999p777z2s",
    )
    # live draws: seat 0 6z, 1 North, 2 1z, 0 1z, 1 North, 2 2s, 0 2z, 1 haku
    game = _game(preset, hands, "6z4z1z1z4z2s2z5z", rinshan="1s3s", indicators="8p",
                 ura="8s", rules=rules)
    do(game, Discard(0, t("6z")))
    do(game, Kita(1))
    do(game, Discard(1, t("1s"), riichi=True))
    do(game, Discard(2, t("1z")))
    do(game, Discard(0, t("1z")))
    do(game, Kita(1))
    do(game, Discard(1, t("3s")))
    do(game, Discard(2, t("2s")))
    do(game, Discard(0, t("2z")))
    (won,) = of_type(do(game, Tsumo(1)), Won)
    assert won.facts.kita == 2 and won.result["han"] == 4 and won.result["fu"] == 40
    assert _paid(won) == {0: dealer_pays, 2: other_pays}


def test_tsumo_loss_none_is_refused_for_three_players():
    # "none" would quietly play as tsumo loss: a three-player ruleset says which it is.
    from rules.ruleset import RulesetError, resolve

    with pytest.raises(RulesetError, match="three-player game needs 'loss'") as info:
        resolve("tenhou3", ["tsumo_loss=none"])
    assert "\n" not in str(info.value)
    with pytest.raises(RulesetError, match="tsumo_loss"):
        resolve("jpml", ["players=3", 'removed_tiles="2345678m"'])
