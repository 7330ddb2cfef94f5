"""The online rules on screen (issue #14): the rules reference shows every new parameter
and preset without a raw key, an abortive draw or nagashi mangan explains itself on the
result screen, and the 九種九牌 key answers with the engine's action."""

from __future__ import annotations

import pytest
from test_engine_online_rules import NINE, NOTEN, RON3, _nagashi_wall

from engine.actions import Discard, NineTerminals, Ron
from engine.events import ExhaustiveDraw
from engine.scripted import advance, do, of_type, scripted_game, t
from rules.presets import preset_infos
from rules.ruleset import ALL_PRESET_IDS, ONLINE_PRESET_IDS, load_preset
from tui import result_text as X
from tui.input import TableInput
from tui.keys import BINDINGS_TABLE, help_rows
from tui.words import WORDS


@pytest.mark.parametrize("preset", ONLINE_PRESET_IDS)
def test_rules_reference_words_every_value_of_the_online_presets(preset):
    ruleset = load_preset(preset)
    for _, rows in X.parameter_groups(ruleset):
        for label, value in rows:
            assert value and "_" not in value, (label, value)
            assert "_" not in label, label


def test_every_preset_has_a_name_and_summary():
    assert [p.id for p in preset_infos()] == list(ALL_PRESET_IDS)
    assert X.preset_title(load_preset("tenhou")).startswith("tenhou - 天鳳")


def test_the_new_values_read_as_words():
    tenhou = load_preset("tenhou")
    value = dict((k, X.parameter_value(k, tenhou)) for k in X.grouped_keys())
    assert value["bust"] == "the game ends when a player falls below zero"
    assert value["riichi_min_tiles"] == "4 tiles left to draw"
    assert value["extension_target"] == "the return points (30,000)"
    assert value["result_rounding"].startswith("to thousands")
    assert X.parameter_value("extension_target", load_preset("wrc")) == "n/a"
    assert value["tenpai_declaration"] == "automatic: every tenpai hand is shown"
    assert X.parameter_value("tenpai_declaration", load_preset("renmei_classic")) == "n/a"
    assert X.parameter_value("abort_sanchahou", load_preset("wrc")) == "none"


def _ctx(game, event):
    return X.hand_context(event, game)


def test_an_abortive_draw_explains_itself():
    game = scripted_game("tenhou", [NINE, *NOTEN[1:]], draws="7z", rules={"red_fives": 0})
    [draw] = of_type(game.apply(NineTerminals(0)), ExhaustiveDraw)
    notes = X.draw_notes(draw, _ctx(game, draw))
    assert notes[0].startswith("abortive draw: nine terminals and honors")
    assert "called the hand off" in notes[0]
    assert "the dealer stays" in notes[1] and len(notes) == 2
    assert "九種九牌" in " ".join(X.draw_notes(draw, _ctx(game, draw), "ja"))


def test_triple_ron_and_nagashi_explain_themselves():
    game = scripted_game("tenhou", list(RON3), draws="7z", rules={"red_fives": 0})
    do(game, Discard(0, t("3z")))
    [draw] = of_type(do(game, Ron(1), Ron(2), Ron(3), same_hand=False), ExhaustiveDraw)
    assert "Three players called ron" in X.draw_notes(draw, _ctx(game, draw))[0]
    hands, draws = _nagashi_wall()
    game = scripted_game("tenhou", hands, draws=draws, rules={"red_fives": 0})
    events = advance(game, lambda g: g.hands_played > 0, same_hand=False)
    [draw] = of_type(events, ExhaustiveDraw)
    note = X.draw_notes(draw, _ctx(game, draw))[0]
    assert note.startswith("nagashi mangan") and "paid a mangan" in note


def test_the_nine_terminals_key_answers_with_the_engines_action():
    keys = TableInput()
    keys.ask([Discard(0, t("7z")), NineTerminals(0)])
    assert keys.enabled("nine_terminals")
    assert keys.press("nine_terminals").action == NineTerminals(0)
    keys.ask([Discard(0, t("7z"))])
    assert not keys.enabled("nine_terminals")
    assert keys.press("nine_terminals").action is None


def test_the_nine_terminals_key_is_bound_and_described():
    [binding] = [b for b in BINDINGS_TABLE if b.action == "nine_terminals"]
    assert binding.keys == ("y",)
    assert dict(help_rows())["y"].startswith("nine terminals")
    assert {"key.nine_terminals", "footer.nine_terminals", "end.four_kans"} <= set(WORDS)
