"""Who sits where, in words, at a three-player table (RULESETS.md §9: three seats in
turn order, the North seat empty): the seat after yours is your shimocha and the one
before it your kamicha; there is no toimen. The result screen, the event log, the
claim prompt and the AI's reasons in Japanese name the seats round the ruleset's
seats in play, as the engine (`engine.claims.source_of`) and the AI's English do."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pytest
from test_tui_geometry import board_size

from ai.option_reasons import seat_words
from ai.reasons import Reason, Term, Tiles
from engine.actions import Kita, Tsumo
from engine.events import Discarded, Won
from engine.game import Game, Start
from engine.scripted import do, of_type, scripted_game
from engine.seat_view import build_seat_view
from engine.table_host import hosted_game, new_table_host
from rules.ruleset import load_preset
from rules.tiles import Tile
from tui import result_text as X
from tui.layout import board_layout
from tui.screens.table import TableScreen
from tui.table_text import event_text, reason_text
from tui.widgets.board import canvas, paint_board
from tui.words import message, seat_word, wind_word

# Seat 0 (dealer) sets a North aside and wins on the replacement tile, a tsumo paid by
# seats 1 and 2 (tests/test_sanma_table.py's position).
HANDS = ["123p456p789s11m9m4z", "555z666z123s789s4z", "567s111p222p1z2z3z7z", ""]


def _names(ruleset, human: int, lang: str) -> tuple[str, ...]:
    """The names the table screen gives the result screens (`TableScreen.seat_names`)."""
    table = SimpleNamespace(human_seat=human, lang=lang, session=SimpleNamespace(ruleset=ruleset))
    return TableScreen.seat_names(table)  # type: ignore[arg-type]


def _said(relative: str, lang: str) -> str:
    return seat_word(relative).part(lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_hand_result_names_the_other_two_seats_kamicha_and_shimocha(lang):
    # You sit West (seat 2). Round three seats East, South, West: East (seat 0) plays
    # after you (your shimocha), South (seat 1) before you (your kamicha).
    game = scripted_game("tenhou3", HANDS, "9m", rinshan="1m")
    do(game, Kita(0))
    (won,) = of_type(do(game, Tsumo(0)), Won)
    names = _names(game.ruleset, 2, lang)
    assert names[0] == _said("shimocha", lang) and names[1] == _said("kamicha", lang)
    ctx = X.hand_context(won, game, names, lang)
    headline = X.win_headline(won, ctx, lang)
    assert headline.startswith(_said("shimocha", lang)), headline
    said = [headline, *(" ".join(row) for row in X.payment_rows(won.payments, ctx, lang))]
    said += [row[0] for row in X.score_rows(ctx)]
    assert any(_said("kamicha", lang) in line for line in said)
    assert not any(_said("toimen", lang) in line for line in said), said


def test_four_players_keep_the_toimen():
    assert _names(load_preset("wrc"), 0, "en") == ("You", "shimocha", "toimen", "kamicha")
    assert _names(load_preset("wrc"), 2, "en")[0] == "toimen"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_log_and_the_ai_name_each_seat_by_its_wind_round_three(lang):
    # Seat 1 deals: seat 2 is South and seat 0 West (never North: the empty seat 3 is).
    seats = load_preset("tenhou3").seats
    line = event_text(Discarded(0, Tile(0), False, False, False), 2, 1, lang, seats)
    west = wind_word(2).part(lang)
    assert line is not None and line.startswith(west), line
    assert wind_word(3).part(lang) not in line
    # The AI's reason names seat 0 as the deciding seat 2 sees it: West, the shimocha.
    reason = Reason("danger_riichi", "", tile=Tiles((0,)), why=Term("genbutsu"),
                    who=seat_words(0, 2, 1, 3), chance="0%")
    shown = reason_text(reason, lang)
    assert west in shown and wind_word(3).part(lang) not in shown, shown


SIZES = ((80, 24), (120, 40), (200, 60))


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_break_on_the_empty_side_is_said_to_be_the_empty_seats_wall(size, lang):
    # The wall lies on four sides, the empty North seat's too, and the throw counts the
    # sides from the dealer (RULESETS.md §5.2), so the break may fall there (§9: nobody
    # sits North). Seat 1 deals; you are seat 2 (South). A break on seat 0's side is
    # West's wall, on seat 3's the empty seat's: never "North's wall".
    game = scripted_game("tenhou3", HANDS, "9m", start=Start(hand_number=1))
    view = build_seat_view(game, 2)
    lay = board_layout(*board_size(*size), "text")
    west = message("board_break", lang, owner=wind_word(2).part(lang))
    north = message("board_break", lang, owner=wind_word(3).part(lang))
    for side, said in ((3, message("board_break_empty", lang)), (0, west)):
        wall = replace(view.wall, break_side=side, dice=((2, 2),))
        text = "\n".join(line.plain for line in canvas(paint_board(
            replace(view, wall=wall), lay, lang=lang)))
        assert said in text and north not in text, (side, text)


def test_you_sit_at_a_seat_in_play_at_a_three_player_table():
    # RULESETS.md §9: seat 3 is empty with three players. The table seated you (line-up
    # entry 0) by a shuffle of all four seats, at the empty one in about one game of
    # four (seeds 2, 6 and 10 among the first eleven): no hand, the AIs playing on.
    ruleset = load_preset("tenhou3")
    seats = {new_table_host(ruleset, seed).seat for seed in range(40)}
    assert seats == set(ruleset.seats)
    game = hosted_game(new_table_host(ruleset, 2))
    assert game.setup["seating"] == list(game.seating)  # the log replays the seating
    assert _names(ruleset, 3, "en")  # a view from the empty seat still names every seat


def test_four_player_tables_are_seated_as_before():
    ruleset = load_preset("wrc")
    for seed in range(10):
        game = hosted_game(new_table_host(ruleset, seed))
        assert game.seating == Game.new(ruleset, seed, shuffle_seats=True).seating
        assert game.setup["seating"] is None and game.setup["shuffle_seats"]
