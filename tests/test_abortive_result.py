"""Issue #14: an abortive draw and a nagashi mangan explain themselves on the hand
result screen as a win does: the title names the ending, the body says why it ended
(with who and what) and what happens next."""

from __future__ import annotations

import pytest
from test_engine_online_rules import KANS, NINE, NOTEN, RON3, TENPAI4, WINDS, _nagashi_wall
from test_tui_results import Host, screen_text

from engine.actions import Ankan, Discard, NineTerminals, Ron
from engine.events import ExhaustiveDraw
from engine.scripted import advance, do, of_type, scripted_game, t
from tui import result_text as X
from tui.screens.hand_result import HandResultScreen


def _nine():
    game = scripted_game("tenhou", [NINE, *NOTEN[1:]], draws="7z", rules={"red_fives": 0})
    [draw] = of_type(game.apply(NineTerminals(0)), ExhaustiveDraw)
    return game, draw


def _winds():
    game = scripted_game("tenhou", list(WINDS), draws="5z6z7z5z", rules={"red_fives": 0})
    events = []
    for seat in range(4):
        events += do(game, Discard(seat, t("1z")))
    [draw] = of_type(events, ExhaustiveDraw)
    return game, draw


def _riichi4():
    game = scripted_game("tenhou", list(TENPAI4), draws="8p8p8p8s", rules={"red_fives": 0})
    events = []
    for seat, tile in enumerate(("8p", "8p", "8p", "8s")):
        events += do(game, Discard(seat, t(tile), riichi=True))
    [draw] = of_type(events, ExhaustiveDraw)
    return game, draw


def _kans():
    game = scripted_game(
        "tenhou", list(KANS), draws="9m9p", rinshan="5z5z6z6z", rules={"red_fives": 0}
    )
    do(game, Ankan(0, 27))
    do(game, Ankan(0, 28))
    do(game, Discard(0, t("5z")))
    do(game, Ankan(1, 29))
    do(game, Ankan(1, 30))
    [draw] = of_type(do(game, Discard(1, t("6z"))), ExhaustiveDraw)
    return game, draw


def _ron3():
    game = scripted_game("tenhou", list(RON3), draws="7z", rules={"red_fives": 0})
    do(game, Discard(0, t("3z")))
    [draw] = of_type(do(game, Ron(1), Ron(2), Ron(3), same_hand=False), ExhaustiveDraw)
    return game, draw


def _nagashi():
    hands, draws = _nagashi_wall()
    game = scripted_game("tenhou", hands, draws=draws, rules={"red_fives": 0})
    [draw] = of_type(advance(game, lambda g: g.hands_played > 0, same_hand=False), ExhaustiveDraw)
    return game, draw


CASES = {
    "nine_terminals": (
        _nine, ["East 東 showed 11 different terminals", "(1m 9m 1p 9p 1s 9s East 東"]
    ),
    "four_winds": (_winds, ["All four players discarded East 東 on the first go-around"]),
    "four_riichi": (_riichi4, ["The fourth riichi (North 北) was accepted"]),
    "four_kans": (_kans, ["more than one player (East 東, South 南)"]),
    "triple_ron": (
        _ron3, ["called ron on West 西 discarded by East 東", "(South 南, West 西, North 北)"]
    ),
}


@pytest.mark.parametrize("kind", list(CASES))
def test_an_abortive_draw_says_who_and_why_and_what_comes_next(kind):
    make, said = CASES[kind]
    game, draw = make()
    assert draw.kind == kind
    ctx = X.hand_context(draw, game)
    notes = X.draw_notes(draw, ctx)
    for part in said:
        assert part in notes[0], (part, notes[0])
    assert "the dealer stays (East 東), the next hand is 1 honba" in notes[1]
    title = HandResultScreen(draw, ctx).title_text()
    assert title.startswith(X.say(f"end.{kind}")) and "exhaustive" not in title


@pytest.mark.parametrize("kind", ["nine_terminals", "four_riichi"])
async def test_the_result_screen_shows_the_abortive_draw(kind):
    game, draw = CASES[kind][0]()
    app = Host(HandResultScreen(draw, X.hand_context(draw, game)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        body = app.screen.query_one("#result-body")
        assert "exhaustive draw" not in str(body.border_title)
        assert X.say(f"end.{kind}") in str(body.border_title)
        assert "the dealer stays" in text
        assert "tenpai hands" not in text.lower()
        if kind == "nine_terminals":
            assert "1m 4m 6m 7m 9m 1p 9p 1s 9s" in text  # the hand shown
        else:
            assert "4 riichi sticks" in text


async def test_nagashi_mangan_shows_who_and_the_payments():
    game, draw = _nagashi()
    ctx = X.hand_context(draw, game)
    app = Host(HandResultScreen(draw, ctx))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        who = ", ".join(ctx.names[s] for s in draw.nagashi)
        assert f"{who} discarded only terminals and honors" in text
        assert X.say("end.nagashi_mangan") in str(app.screen.query_one("#result-body").border_title)
        rows = X.payment_rows(draw.payments, ctx)
        assert rows and all(row[2] in text for row in rows)
