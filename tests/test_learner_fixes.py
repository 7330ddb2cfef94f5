"""The fixes a learner met (issue #15) and the abortive draw's result screen (#14)."""

from __future__ import annotations

import pytest

from tui.table_text import input_reason_text


def test_suji_kuikae_reason_names_the_tile_and_the_other_end() -> None:
    """After chi 8p with 6p7p, 5p is barred as suji kuikae: the words must not claim
    5p is a tile of the called set."""
    text = input_reason_text("kuikae", (("tile", "5p"),), True, "en", "discard")
    assert "5p" in text
    assert "suji kuikae" in text
    assert "of the set you just called" not in text
    ja = input_reason_text("kuikae", (("tile", "5p"),), True, "ja", "discard")
    assert "筋" in ja


def test_honba_rows_state_what_each_payer_paid() -> None:
    """On a tsumo each payer pays 100 a honba: the label says 1 x 100, not 1 x 300."""
    from engine.events import Pay
    from tests.test_tui_results import ron_game
    from tui import result_text as X

    game, won = ron_game()
    ctx = X.hand_context(won, game)
    shares = tuple(Pay(payer, 1, 100, "honba") for payer in (0, 2, 3))
    assert [row[3] for row in X.payment_rows(shares, ctx)] == ["honba 本場 (1 x 100)"] * 3
    assert X.payment_rows(won.payments, ctx)[1][3] == "honba 本場 (1 x 300)"  # a ron


def test_result_title_counts_the_sticks_paid_out() -> None:
    """The hand began with one stick and South's riichi put down a second: the title
    says two, as the payment row does."""
    from tests.test_tui_results import ron_game
    from tui import result_text as X
    from tui.screens.hand_result import HandResultScreen

    game, won = ron_game()
    ctx = X.hand_context(won, game)
    title = HandResultScreen(won, ctx).title_text()
    assert "2 riichi sticks" in title
    assert any("2 riichi sticks" in row[3] for row in X.payment_rows(won.payments, ctx))


def test_ai_reasons_read_as_english() -> None:
    """A danger reason with a 'why' that is not an adjective ("no copies left") and a
    seat whose place is in brackets still reads as a sentence."""
    from ai.reasons import ENGLISH, Reason, Seat, Term, Tiles

    seat = Seat(3, 0, 3)  # East, on the left of seat 0
    old = "{tile} is {why} against {who}'s riichi: about {chance} to deal in"
    text = Reason("danger_riichi", old, tile=Tiles((32,)), why=Term("no copies left"),
                  who=seat, chance="0%")
    assert text == (
        "Hatsu against the riichi of East (kamicha, on your left) — no copies left:"
        " about 0% to deal in"
    )
    assert " is no copies" not in text and "(left))" not in text
    import string

    from tui.words import AI_REASONS

    def names(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    for key, template in ENGLISH.items():  # a rewording uses the fields the key has
        assert names(template) == names(AI_REASONS[key]), key


def test_a_win_without_yaku_says_so_not_empty_brackets() -> None:
    """renmei_classic needs no yaku: 111m456p789s23s99m ron 1s has none, and its
    value lines must not read "160 ()" or ":  = 160"."""
    from rules.scoring import ScoreResult
    from rules.tiles import parse_tile, parse_tiles
    from tests.test_ai_units import make_view
    from tui.table_text import _priced, price, result_summary

    view = make_view("111m456p789s23s99m", preset="renmei_classic", dealer=1)
    result = price(view, parse_tiles("111m456p789s23s99m"), parse_tile("1s"), tsumo=False)
    assert isinstance(result, ScoreResult) and not result.yaku
    summary = result_summary(result, False)
    assert summary.startswith("no yaku (fu only) = ") and not summary.startswith(" =")
    priced = _priced(result, False, "en")
    assert priced.endswith("(no yaku (fu only))") and "()" not in priced
    assert "()" not in _priced(result, False, "ja")


def test_the_result_screen_lists_no_yaku_for_a_win_without_one() -> None:
    from dataclasses import replace

    from tests.test_tui_results import ron_game
    from tui import result_text as X

    game, won = ron_game()
    bare = replace(won, result={**won.result, "yaku": []})
    rows = X.yaku_rows(bare, X.hand_context(won, game))
    assert rows[0].label == "no yaku (fu only) 役なし (符のみ)"


def test_the_footer_lists_riichi_only_where_the_ruleset_has_riichi() -> None:
    """renmei_classic has no riichi: `r riichi` is not among its footer keys; wrc keeps it."""
    from rules.ruleset import load_preset
    from tui.keys import footer_bindings

    classic = [b.action for b in footer_bindings(load_preset("renmei_classic"))]
    wrc = [b.action for b in footer_bindings(load_preset("wrc"))]
    assert "riichi" not in classic and "riichi" in wrc
    assert classic[0] == "help" and "ron" in classic  # the other keys stay, help first
    assert [a for a in wrc if a != "riichi"] == classic


def test_nine_terminals_is_named_in_words_by_the_review_and_the_table() -> None:
    from ai.review import action_words
    from engine.actions import NineTerminals
    from tests.test_ai_units import make_view
    from tui.table_text import action_text

    assert "NineTerminals" not in action_words(NineTerminals(0))
    assert "nine terminals" in action_words(NineTerminals(0))
    view = make_view("19m19p19s1234z467m", drawn="7z", preset="tenhou")
    assert action_text(NineTerminals(0), view) == (
        "Abortive draw: nine terminals and honors 九種九牌"
    )
    assert "九種九牌" in action_text(NineTerminals(0), view, "ja")
    from tui.screens.review import action_words as review_words

    assert review_words(NineTerminals(0), None) == "call the hand off: nine terminals and honors"
    assert review_words(NineTerminals(0), None, "ja") == "九種九牌で流局"


def test_the_compact_aids_keep_the_hints_reasons():
    """#15: at 80x24 the hint kept only its first line; its reasons are its point."""
    from tui.table_text import Aids
    from tui.widgets.aids import AidsData, aids_text

    hint = "discard 1m\nbest by efficiency and value\nkeeps 18 tiles that improve"
    text = aids_text(AidsData(Aids(hint=hint, shanten="1-shanten"), compact=True)).plain
    assert "best by efficiency and value" in text and "keeps 18 tiles" in text


async def test_the_table_footer_has_no_riichi_key_where_the_ruleset_has_no_riichi(tmp_path):
    """#15: renmei_classic has no riichi, so its footer does not offer r."""
    from test_tui_pilot import game_app, settle, table_of

    from tui.widgets.prompt import KeyBar

    for ruleset, shown in (("renmei_classic", False), ("wrc", True)):
        app = game_app(tmp_path / ruleset, ruleset=ruleset)
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            hints = table_of(app).query_one("#keys", KeyBar).data.keys
            assert any(h.key == "r" for h in hints) is shown, ruleset


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (200, 60)])
async def test_the_aids_are_on_screen_at_every_size(tmp_path, size):
    """#15: below 160 columns the side bar (log and aids) is hidden, and the aids went
    with it: a learner at 80x24 or 120x40 saw no shanten, no waits and only the hint's
    first line. They now sit under the board there; the side bar has them from 160."""
    from test_tui_pilot import game_app, screen_text, settle

    app = game_app(tmp_path, ai="easy", seed=3)
    async with app.run_test(size=size) as pilot:
        table = await settle(pilot)
        await pilot.press("i")
        await pilot.pause()
        shown = screen_text(app)
        assert "shanten" in shown
        hint_lines = table.hint.split("\n")
        assert hint_lines[0] in shown
        assert hint_lines[1][:30] in shown, (hint_lines, shown)  # the first reason
        compact = table.query_one("#aids-compact")
        assert compact.display == (size[0] < 160)
        await pilot.press("a")  # aids off: the rows go back to the board
        await pilot.pause()
        assert not table.query_one("#aids-compact").display
