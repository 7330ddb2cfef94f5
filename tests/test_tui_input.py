"""The table's keys as a pure state machine (tui.input), tested without Textual."""

from __future__ import annotations

from engine.actions import Chi, Discard, Pass, Pon, Ron, Tsumo
from engine.seat_view import Unavailable
from rules.tiles import parse_tiles
from tui.input import Reason, TableInput
from tui.table_text import input_reason_text

HAND = tuple(parse_tiles("123m456p789s1122z3z"))  # 14 tiles, 3z drawn (last)


def asked(legal, unavailable=(), kuikae=()) -> TableInput:
    keys = TableInput()
    keys.show(HAND[:-1])
    keys.show(HAND, drawn=True)
    keys.ask(legal, unavailable, kuikae)
    return keys


def test_a_draw_puts_the_cursor_on_the_drawn_tile_and_arrows_wrap() -> None:
    keys = asked([Discard(0, t) for t in HAND])
    assert keys.cursor == 13 and keys.cursor_tile() == HAND[13]
    keys.press("cursor", 1)
    assert keys.cursor == 0
    keys.press("cursor", -1)
    assert keys.cursor == 13
    keys.press("cursor_to", 0)
    assert keys.cursor == 0


def test_discard_answers_the_tile_under_the_cursor() -> None:
    keys = asked([Discard(0, t) for t in HAND])
    keys.press("cursor_to", 2)
    assert keys.press("discard").action == Discard(0, HAND[2])


def test_kuikae_tile_gives_the_kuikae_reason_not_an_action() -> None:
    legal = [Discard(0, t) for t in HAND if t.kind != HAND[0].kind]
    keys = asked(legal, kuikae=(HAND[0].kind,))
    keys.press("cursor_to", 0)
    out = keys.press("discard")
    assert out.action is None and out.reason == Reason("kuikae")
    assert 0 not in keys.discardable() and 1 in keys.discardable()


def test_riichi_mode_moves_to_a_riichi_tile_and_only_those_discard() -> None:
    legal = [Discard(0, t) for t in HAND] + [Discard(0, HAND[9], riichi=True)]
    keys = asked(legal)
    keys.press("cursor_to", 0)
    out = keys.press("riichi")
    assert keys.mode == "riichi" and keys.cursor == 9 and out.reason is not None
    assert keys.discardable() == frozenset({9, 10})  # both copies of 1z
    keys.press("cursor_to", 0)
    assert keys.press("discard").reason.key == "riichi_pick_listed"
    keys.press("cursor_to", 9)
    assert keys.press("discard").action == Discard(0, HAND[9], riichi=True)
    keys.press("riichi")  # pressing r again leaves the mode
    assert keys.mode == ""


def test_several_chi_options_open_a_numbered_choice_and_escape_goes_back() -> None:
    options = [
        Chi(0, tuple(parse_tiles("12m"))),
        Chi(0, tuple(parse_tiles("24m"))),
        Chi(0, tuple(parse_tiles("45m"))),
    ]
    keys = asked([*options, Pass(0)])
    out = keys.press("chi")
    assert out.action is None and keys.mode == "choose" and keys.choices == tuple(options)
    assert keys.enabled("choose")
    assert keys.press("choose", 4).reason == Reason("no_such_option", (("number", "4"),))
    assert keys.press("pass").action is None and keys.mode == ""  # Esc/n leaves the choice
    keys.press("chi")
    assert keys.press("choose", 3).action == options[2]


def test_a_single_option_answers_at_once() -> None:
    pon = Pon(0, tuple(parse_tiles("11z")))
    keys = asked([pon, Pass(0)])
    assert keys.press("pon").action == pon
    assert keys.press("pass").action == Pass(0)


def test_a_key_that_cannot_act_gives_the_engines_reason() -> None:
    keys = asked(
        [Pass(0)],
        [Unavailable("ron", "furiten"), Unavailable("tsumo", "not_your_turn")],
    )
    out = keys.press("ron")
    assert out == type(out)(reason=Reason("furiten", (), engine=True, kind="ron"))
    assert not keys.enabled("ron") and keys.enabled("pass")
    assert keys.press("tsumo").reason == Reason("not_your_turn", (), engine=True, kind="tsumo")
    # no reason given by the engine: not your turn
    assert keys.press("chi").reason == Reason("not_your_turn")


def test_reasons_read_in_both_languages_and_unknown_engine_keys_never_crash() -> None:
    assert "Furiten" in input_reason_text("furiten", (), True, "en")
    assert "振聴" in input_reason_text("furiten", (), True, "ja")
    assert input_reason_text("a_reason_from_the_future", (), True, "en") == "Not possible now"
    text = input_reason_text("riichi_pick_listed", (("tiles", "27 28"),), False, "en")
    assert "East" in text or "E" in text


def test_answered_closes_the_question() -> None:
    keys = asked([Tsumo(0), Ron(0)])
    keys.answered()
    assert not keys.enabled("tsumo") and keys.legal == ()
    assert keys.press("discard").reason == Reason("not_your_turn")


def test_game_over_says_so() -> None:
    keys = asked([Tsumo(0)])
    keys.over = True
    assert keys.press("tsumo").reason == Reason("game_over")


def test_the_engines_bar_on_the_tile_under_the_cursor_is_its_reason() -> None:
    legal = [Discard(0, t) for t in HAND[1:]]
    bar = Unavailable("discard_tile", "riichi_locked", (("tile", "1m"),))
    keys = asked(legal, [bar])
    keys.press("cursor_to", 0)
    out = keys.press("discard")
    assert out.reason == Reason("riichi_locked", (("tile", "1m"),), True, "discard")
    assert "riichi" in input_reason_text("riichi_locked", (("tile", "1m"),), True, "en").lower()
    assert input_reason_text("not_tenpai", (), True, "en", "riichi") == (
        "Riichi needs a closed tenpai hand"
    )
