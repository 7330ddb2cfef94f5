"""The result screens' teaching text (`tui.result_text`), keys as data, and the screens
themselves on real events from scripted games.

Every scenario is a scripted game (`engine.scripted`): a fixed wall, the other
seats on autopilot, so the events are the engine's own and never depend on the AI.
The snapshot tests (`test_tui_result_snapshots.py`) reuse these scenarios.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest
from textual.app import App
from textual.binding import Binding

from engine.actions import Ankan, Discard, Pon, Ron, Tsumo
from engine.events import ExhaustiveDraw, GameEnded, Pay, Won
from engine.game import Game, Start
from engine.scripted import advance, autopilot, do, of_type, scripted_game, t
from engine.timeline import Timeline
from rules.request import answer
from rules.ruleset import PRESET_IDS, RULE_KEYS, load_preset
from rules.tiles import parse_tiles
from tui import result_text as X
from tui.keys import BINDINGS_TABLE, help_rows, textual_bindings
from tui.screens.game_end import GameEndScreen, game_ending
from tui.screens.hand_result import HandResultScreen
from tui.screens.help import HelpScreen
from tui.screens.rules_reference import RulesReferenceScreen
from tui.words import WORDS

# Noten hands that never call or win on autopilot (engine flow tests use the same).
N1 = "1z1z2z2z3z4z5z2p4p6s9s3p8p"
N2 = "1z3z3z4z4z5z7z2p5p9s5s6m8m"
N3 = "2z6z7z7z1m9m3p6p8p2s7s9s4s"
A = "123m456m789m67p11s"  # tenpai, waits 5p 8p
B = "111p999p234m34s77m"  # tenpai, waits 2s 5s


# --------------------------------------------------------------------------- scenarios


def ron_game() -> tuple[Game, Won]:
    """wrc, East 1, 1 honba, 1 stick: South riichi on 234m67m345p678s55p (second turn),
    North deals in 8m a go-around later; dora 8s (indicator 7s), ura 3m (indicator 2m)."""
    game = scripted_game(
        "wrc",
        [N1, "234m67m345p678s55p", N2, N3],
        draws="9m1s9p7z1s1p1s9m9p2s6m8m",
        indicators="7s",
        ura="2m",
        start=Start(honba=1, sticks=1, scores=(31000, 29000, 30000, 29000)),
    )
    do(game, Discard(1, t("1s")))
    do(game, Discard(1, t("1p"), riichi=True))
    [won] = of_type(do(game, Ron(1)), Won)
    return game, won


def tsumo_game() -> tuple[Game, Won]:
    """jpm, RULESETS.md E2: West riichi on 222m456p88p34s678s, tsumo 5s two go-arounds
    later (no ippatsu); dora 6p (indicator 5p); ura indicator 9m hits nothing."""
    game = scripted_game(
        "jpm",
        [N1, N2, "222m456p88p34s678s", N3],
        draws="9m1s9p7z1s9m1p9p1s3z6m1p2z7m5s",
        indicators="5p",
        ura="9m",
    )
    do(game, Discard(2, t("9p")))
    do(game, Discard(2, t("1p"), riichi=True))
    [won] = of_type(do(game, Tsumo(2)), Won)
    return game, won


def draw_game() -> tuple[Game, ExhaustiveDraw]:
    """wrc, East 2, 1 honba, 1 stick: South (the dealer) and West tenpai, the others pay."""
    game = scripted_game("wrc", [N1, A, B, N2], start=Start(hand_number=1, honba=1, sticks=1))
    events = _to_end_of_hand(game)
    [draw] = of_type(events, ExhaustiveDraw)
    return game, draw


def classic_game() -> tuple[Game, Won]:
    """renmei_classic, RULESETS.md C3: the dealer rons 8p with a closed haku triplet."""
    game = scripted_game(
        "renmei_classic",
        [
            "555z123m79p456s11s",
            "1z1z2z2z3z4z6z2p4p6s9s3p8p",
            "1z3z3z4z4z6z7z2p5p9s5s6m8m",
            N3,
        ],
        draws="9m1s8p",
    )
    [won] = of_type(do(game, Ron(0)), Won)
    return game, won


def classic_draw_game() -> tuple[Game, ExhaustiveDraw]:
    game = scripted_game("renmei_classic", [A, N1, N2, N3])
    [draw] = of_type(_to_end_of_hand(game), ExhaustiveDraw)
    return game, draw


def end_game(preset: str, scores: tuple[int, ...]) -> tuple[Game, GameEnded]:
    """The last hand (North deals) ends on a draw where only West is tenpai; the
    modern presets pay noten (+3,000 / -1,000 each), renmei_classic nothing."""
    last_round = 3 if load_preset(preset).game_length == "isshou" else 1
    start = Start(round_wind=last_round, hand_number=3, scores=scores)
    game = scripted_game(preset, [N1, N2, A, N3], start=start)
    [end] = of_type(_to_end_of_hand(game), GameEnded)
    return game, end


def wrc_end() -> tuple[Game, GameEnded]:
    return end_game("wrc", (46000, 35000, 22000, 17000))  # 45,000 / 34,000 / 25,000 / 16,000


def jpml_tie_end() -> tuple[Game, GameEnded]:
    return end_game("jpml", (41000, 36000, 32000, 11000))  # 40,000 / 35,000 / 35,000 / 10,000


def pao_game(preset: str, draws: str) -> Game:
    """Seat 1 pons all three dragons; the third from North (seat 3), who is liable."""
    hands = [
        "5z1m1m1m9m9m9m1p1p1p9p9p9p",
        "5z5z6z6z7z7z2m3m4p4p1s5s9s",
        "2s3s4s6s7s8s2p3p6p7p8s3z4z",
        "2s3s4s6s7s8s5p6p7p1z1z4z4z",
    ]
    game = scripted_game(preset, hands, draws=draws, indicators="9s")
    do(game, Discard(0, t("5z")))
    do(game, Pon(1, (t("5z"), t("5z"))))
    do(game, Discard(1, t("1s")))
    do(game, Pon(1, (t("6z"), t("6z"))))
    do(game, Discard(1, t("5s")))
    do(game, Pon(1, (t("7z"), t("7z"))))
    do(game, Discard(1, t("9s")))
    return game


def _to_end_of_hand(game: Game) -> list:
    events: list = []
    hands = game.hands_played
    while game.hands_played == hands and not game.is_over:
        seat = game.pending_seats()[0]
        events.extend(game.apply(autopilot(game, seat)))
    return events


# --------------------------------------------------------------------------- hand context


def test_context_reads_the_hand_as_it_was_not_the_next_one():
    game, won = ron_game()
    ctx = X.hand_context(won, game)
    assert game.honba == 0  # the engine has moved on to East 2
    assert (ctx.round_wind, ctx.hand_number, ctx.dealer, ctx.honba, ctx.sticks) == (0, 0, 0, 1, 1)
    assert ctx.scores_before == (31000, 29000, 30000, 29000)
    assert ctx.deltas == (0, 10300, 0, -8300)
    assert ctx.scores_after == (31000, 38300, 30000, 20700)  # South put down a stick
    assert [str(t) for t in ctx.dora_indicators] == ["7s"] and ctx.riichi == {1}
    assert ctx.renchan is False
    assert X.round_label(ctx) == "East 1 東1局 · 1 honba 本場 · 1 riichi stick 供託"


def test_an_event_outside_the_log_uses_the_latest_hand_and_its_payments():
    _, won = ron_game()
    copy = replace(won)  # an equal event, in another game's log
    other = Game.new(load_preset("wrc"), 1)
    ctx = X.hand_context(copy, other)
    assert ctx.deltas == (0, 10300, 0, -8300) and ctx.renchan is None


def test_names_label_each_seat_with_its_wind():
    game, won = ron_game()
    ctx = X.hand_context(won, game, names=("Bot A", "You", "Bot B", "Bot C"))
    assert ctx.names[1] == "You (South 南)"
    assert X.hand_context(won, game, lang="ja").names[3] == "北 North"


# --------------------------------------------------------------------------- a win explained


def test_ron_explained_yaku_dora_ura_fu_and_value():
    game, won = ron_game()
    ctx = X.hand_context(won, game)
    assert X.win_headline(won, ctx) == "South 南 wins by ron on 8m from North 北"
    rows = [(r.label, r.value, "".join(map(str, r.tiles))) for r in X.yaku_rows(won, ctx)]
    assert rows == [
        ("riichi 立直", "1 han 翻", ""),
        ("pinfu 平和", "1 han 翻", ""),
        ("tanyao 断幺九", "1 han 翻", ""),
        ("dora ドラ", "1 han 翻", "7s"),
        ("ura dora 裏ドラ", "1 han 翻", "2m"),
    ]
    assert X.total_line(won, ctx) == "5 han 翻 30 fu 符 -> mangan 満貫: 8,000"
    assert X.base_line(won, ctx) is None  # 5 han is a mangan whatever the fu
    assert [(r.label, r.value) for r in X.fu_rows(won)] == [
        ("fuutei (base) 副底", "20"),
        ("menzen ron 門前加符", "10"),
    ]
    assert X.fu_notes(won, ctx) == ["total 合計 30 = 30 fu 符"]


def test_payments_name_hand_honba_and_sticks():
    game, won = ron_game()
    ctx = X.hand_context(won, game)
    assert X.payment_rows(won.payments, ctx) == [
        ("North 北", "South 南", "8,000", "hand 和了点"),
        ("North 北", "South 南", "300", "honba 本場 (1 x 300)"),
        ("table 卓", "South 南", "2,000", "2 riichi sticks 供託"),
    ]
    assert X.score_rows(ctx)[1] == ("South 南", "29,000", "-1,000", "+10,300", "38,300")
    assert X.score_rows(ctx)[3] == ("North 北", "29,000", "", "-8,300", "20,700")
    assert X.next_hand_line(ctx) == "The deal passes to the next player"


def test_tsumo_explained_with_the_concealed_triplet_rounding_and_kiriage():
    game, won = tsumo_game()
    ctx = X.hand_context(won, game)
    assert X.win_headline(won, ctx) == "West 西 wins by tsumo on 5s"
    fu = [(r.label, r.value, "".join(map(str, r.tiles))) for r in X.fu_rows(won)]
    assert fu == [
        ("fuutei (base) 副底", "20", ""),
        ("tsumo ツモ符", "2", ""),
        ("concealed triplet (ankou) 暗刻", "4", "2m2m2m"),
    ]
    notes = X.fu_notes(won, ctx)
    assert notes[0] == "total 合計 26 -> rounded up 切り上げ: 30 fu 符"
    assert "30 fu 4 han is rounded up to mangan (kiriage)" in notes
    assert X.total_line(won, ctx) == (
        "4 han 翻 30 fu 符 -> kiriage mangan 切り上げ満貫: 2,000-4,000 (8,000)"
    )
    assert (
        X.base_line(won, ctx) == "base points 基本点: 30 x 2^(4+2) = 1,920 -> 2,000 (mangan 満貫)"
    )
    ura = X.yaku_rows(won, ctx)[-1]
    assert (ura.label, ura.value, [str(t) for t in ura.tiles]) == (
        "ura dora 裏ドラ",
        "0 han 翻",
        ["9m"],
    )


def test_pao_is_named_and_its_payment_marked():
    game = pao_game("wrc", "2z6z3z7z2z2z4m")
    advance(game, lambda g: Ron(1) in g.legal_actions(1))
    [won] = of_type(do(game, Ron(1)), Won)
    ctx = X.hand_context(won, game)
    assert X.liability_line(won, ctx) == "North 北 is liable (pao) for daisangen 大三元"
    rows = X.payment_rows(won.payments, ctx)
    assert ("North 北", "South 南", "16,000", "pao 包") in rows
    assert [r.value for r in X.yaku_rows(won, ctx)] == ["yakuman 役満"]
    assert X.total_line(won, ctx) == "yakuman 役満: 32,000"
    assert X.fu_notes(won, ctx) == ["A yakuman ignores every other yaku and all dora"]


def test_classic_win_has_no_dora_rows_and_names_the_missing_dora():
    game, won = classic_game()
    ctx = X.hand_context(won, game)
    assert X.win_headline(won, ctx) == "East 東 wins by ron on 8p from West 西"
    assert [(r.label, r.value) for r in X.yaku_rows(won, ctx)] == [
        ("yakuhai haku 役牌 白", "1 han 翻")
    ]
    assert X.total_line(won, ctx) == "1 han 翻 40 fu 符: 480"
    assert X.base_line(won, ctx) == "base points 基本点: 40 x 2^1 = 80"
    assert X.other_preset_notes(won, ctx) == [
        "This preset has no dora, so no indicator was revealed to compare"
    ]
    assert X.next_hand_line(ctx) == "The dealer keeps the deal (renchan)"


# --------------------------------------------------------------------------- other presets


def _e1(preset: str = "jpm") -> tuple[Won, X.HandContext]:
    """RULESETS.md E1 as a Won event built by hand: South, riichi, 234m67m345p678s55p,
    ron 8m from East, dora indicator 7s, ura indicator 1z (no hit), scored by `answer`."""
    ruleset = load_preset(preset)
    request = {
        "concealed": "234m67m345p678s55p",
        "win": "8m",
        "seat_wind": "S",
        "round_wind": "E",
        "riichi": True,
        "dora_indicators": "7s",
        "ura_indicators": "1z",
    }
    result = answer(request, ruleset)
    concealed = tuple(parse_tiles("234m67m345p678s55p"))
    payments = (Pay(0, 1, result["points"]["ron"], "hand"),)
    won = Won(1, 0, t("8m"), concealed, (), (t("1z"),), result, payments, None)
    table = SimpleNamespace(ruleset=ruleset, events=[], scores=(25000,) * 4)
    ctx = X.hand_context(won, table)
    return won, replace(ctx, dora_indicators=(t("7s"),), riichi=frozenset({1}))


def test_other_presets_for_e1_show_kiriage_differences():
    won, ctx = _e1("jpm")
    lines = {line.preset: line for line in X.other_presets(won, ctx)}
    assert set(lines) == set(PRESET_IDS) - {"jpm"}
    assert lines["jpml"].value == "7,700" and lines["teiai"].value == "7,700"
    assert lines["wrc"].value == "8,000" and lines["gifu"].value == "8,000"
    assert lines["wrc"].detail == "4 han 翻 30 fu 符 kiriage mangan 切り上げ満貫"
    assert lines["jpml"].detail == "4 han 翻 30 fu 符"
    # No riichi in renmei_classic: pinfu and tanyao at 30 fu, B 120, ron 480.
    assert lines["renmei_classic"].value == "480"
    assert "-riichi 立直" in lines["renmei_classic"].detail
    assert "jpml" in lines["jpml"].text() and "7,700" in lines["jpml"].text()


def test_other_presets_count_what_this_preset_does_not_show():
    # The ron scenario in wrc: ura 1 in wrc, jpm and gifu; none in jpml and teiai.
    game, won = ron_game()
    ctx = X.hand_context(won, game)
    lines = {line.preset: line for line in X.other_presets(won, ctx)}
    assert lines["jpml"].value == "7,700" and lines["jpml"].detail.endswith("ura dora 裏ドラ -1")
    assert lines["jpm"].value == "8,000" and lines["gifu"].value == "8,000"
    request = X.win_request(won, ctx)
    assert request["riichi"] and not request["ippatsu"] and not request["double_riichi"]


def test_ippatsu_reaches_presets_that_have_it_from_a_preset_that_does_not():
    # jpml has no ippatsu: ron on the first go-around after riichi still tells wrc.
    game = scripted_game(
        "jpml",
        [N1, "234m67m345p678s55p", N2, N3],
        draws="9m1s9p7z1s1p1s8m",
        indicators="7s",
        ura="2m",
    )
    do(game, Discard(1, t("1s")))
    do(game, Discard(1, t("1p"), riichi=True))
    [won] = of_type(do(game, Ron(1)), Won)
    ctx = X.hand_context(won, game)
    assert "ippatsu" not in {y["id"] for y in won.result["yaku"]}
    assert X.win_request(won, ctx)["ippatsu"]
    lines = {line.preset: line for line in X.other_presets(won, ctx)}
    assert "+ippatsu 一発" in lines["wrc"].detail
    assert X.other_preset_notes(won, ctx) == [
        "Ura dora were not revealed here, so presets with ura cannot count them"
    ]


def test_a_hand_that_is_no_win_elsewhere_says_why():
    # Chiitoitsu in wrc is not a winning form in renmei_classic.
    game = scripted_game(
        "wrc", [N1, "11m55m22p88p44s66s6z", N2, N3], draws="9m1s6z", indicators="1s"
    )
    [won] = of_type(do(game, Ron(1)), Won)
    ctx = X.hand_context(won, game)
    [classic] = [x for x in X.other_presets(won, ctx) if x.preset == "renmei_classic"]
    assert not classic.ok and classic.value == "-"
    assert "not a win" in classic.detail and "chiitoitsu" in classic.detail


# --------------------------------------------------------------------------- draws


def test_draw_shows_tenpai_hands_noten_payments_and_renchan():
    game, draw = draw_game()
    ctx = X.hand_context(draw, game)
    rows = X.tenpai_rows(draw, ctx)
    assert [(r.name, r.tenpai) for r in rows] == [
        ("North 北", False),
        ("East 東", True),
        ("South 南", True),
        ("West 西", False),
    ]
    assert "".join(map(str, rows[1].hand)) == "1m2m3m4m5m6m7m8m9m6p7p1s1s"
    assert rows[0].hand == ()
    payments = X.payment_rows(draw.payments, ctx)
    assert ("North 北", "East 東", "750", "noten payments ノーテン罰符") in payments
    assert len(payments) == 4
    assert X.draw_notes(draw, ctx) == ["Riichi sticks staying on the table: 1"]
    assert X.next_hand_line(ctx) == "The dealer keeps the deal (renchan)"
    assert [r[3] for r in X.score_rows(ctx)] == ["-1,500", "+1,500", "+1,500", "-1,500"]


def test_classic_draw_pays_nothing():
    game, draw = classic_draw_game()
    ctx = X.hand_context(draw, game)
    assert draw.payments == ()
    assert X.draw_notes(draw, ctx) == ["Nothing is paid at a draw under this preset"]
    assert X.next_hand_line(ctx) == "The deal passes to the next player"


# --------------------------------------------------------------------------- game end


def test_wrc_final_results_in_pt_with_uma():
    game, end = wrc_end()
    rows = X.final_rows(end, game.ruleset)
    assert [(r.place, r.points, r.vs_return, r.uma, r.result) for r in rows] == [
        ("1", "45,000", "+15.0", "+15.0", "+30.0"),
        ("2", "34,000", "+4.0", "+5.0", "+9.0"),
        ("3", "25,000", "-5.0", "-5.0", "-10.0"),
        ("4", "16,000", "-14.0", "-15.0", "-29.0"),
    ]
    assert [c for c, _ in X.final_columns(game.ruleset)] == [
        "place",
        "name",
        "points",
        "vs_return",
        "uma",
        "result",
    ]
    assert X.final_notes(end, game.ruleset) == ["Uma +15 / +5 / -5 / -15 pt by place"]


def test_jpml_float_table_and_a_shared_place():
    game, end = jpml_tie_end()
    rows = X.final_rows(end, game.ruleset)
    assert [(r.place, r.points, r.result) for r in rows] == [
        ("1", "40,000", "+18.0"),
        ("2=", "35,000", "+7.0"),
        ("2=", "35,000", "+7.0"),
        ("4", "10,000", "-32.0"),
    ]
    notes = X.final_notes(end, game.ruleset)
    assert notes[0] == "Float table: 3 player(s) at or above 30,000: +8 / +3 / +1 / -12 pt"
    assert "Tied players share the rank points of the places they occupy" in notes


def test_jpm_oka_is_its_own_column_and_goes_to_first():
    game, end = end_game("jpm", (42200, 34100, 13900, 9800))
    rows = X.final_rows(end, game.ruleset)
    assert [(r.oka, r.uma, r.result) for r in rows] == [
        ("+20.0", "+30.0", "+61.2"),
        ("", "+10.0", "+13.1"),
        ("", "-10.0", "-23.1"),
        ("", "-30.0", "-51.2"),
    ]


def test_gifu_writes_points_with_a_triangle_and_renmei_raw_points():
    game, end = end_game("gifu", (46000, 35000, 22000, 17000))
    assert [r.result for r in X.final_rows(end, game.ruleset)] == [
        "+15,000",
        "+4,000",
        "▲5,000",
        "▲14,000",
    ]
    assert [c for c, _ in X.final_columns(game.ruleset)] == ["place", "name", "points", "result"]
    game, end = end_game("renmei_classic", (3000, 2500, 1500, 1000))
    ruleset = game.ruleset
    assert [c for c, _ in X.final_columns(ruleset)] == ["place", "name", "points"]
    assert X.result_mode(ruleset) == "raw"
    assert X.format_result(2480.0, ruleset) == "2,480"


# --------------------------------------------------------------------------- rules reference


def test_every_rule_key_is_in_exactly_one_group_with_a_label():
    keys = X.grouped_keys()
    assert sorted(keys) == sorted(RULE_KEYS) and len(keys) == len(set(keys))
    assert {k.removeprefix("param.") for k in WORDS if k.startswith("param.")} == set(RULE_KEYS)
    assert [letter for letter, _, _ in X.PARAMETER_GROUPS] == list("ABCDEFGHIJK")


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_every_parameter_has_a_readable_value(preset):
    ruleset = load_preset(preset)
    for _, rows in X.parameter_groups(ruleset):
        for label, value in rows:
            assert value and "_" not in value and "True" not in value, (label, value)


def test_parameter_values_read_like_the_rulebook():
    jpml, wrc, classic = (load_preset(p) for p in ("jpml", "wrc", "renmei_classic"))
    assert X.parameter_value("kiriage_30_4", jpml) == "7,700 / 11,600"
    assert X.parameter_value("kiriage_30_4", wrc) == "rounded up to mangan"
    assert X.parameter_value("uma", wrc) == "+15 / +5 / -5 / -15 pt"
    assert X.parameter_value("uma_float", jpml).startswith("1 float: +12 / -1 / -3 / -8")
    assert X.parameter_value("noten_payment", classic) == "none"
    assert X.parameter_value("pao", wrc) == "daisangen 大三元, daisuushii 大四喜, suukantsu 四槓子"


def test_yaku_table_from_the_ruleset():
    jpml = dict((n, (c, o)) for n, c, o in X.yaku_table_rows(load_preset("jpml")))
    assert "ippatsu 一発" not in jpml
    assert jpml["sanshoku 三色同順"] == ("2 han 翻", "1 han 翻")
    assert jpml["pinfu 平和"] == ("1 han 翻", "-")
    assert jpml["daisangen 大三元"] == ("yakuman 役満", "yakuman 役満")
    assert jpml["kokushi musou 国士無双"] == ("yakuman 役満", "-")
    classic = dict((n, (c, o)) for n, c, o in X.yaku_table_rows(load_preset("renmei_classic")))
    assert "riichi 立直" not in classic and "chiitoitsu 七対子" not in classic
    assert classic["daisangen 大三元"] == ("mangan 満貫", "mangan 満貫")
    assert classic["pinfu 平和"] == ("1 han 翻", "1 han 翻")


# --------------------------------------------------------------------------- keys


def test_bindings_table_covers_issue_5_keys_and_matches_textual_bindings():
    keys = {k for b in BINDINGS_TABLE for k in b.keys}
    wanted = {
        "left",
        "right",
        "h",
        "l",
        "enter",
        "space",
        "t",
        "r",
        "c",
        "p",
        "k",
        "o",
        "escape",
        "n",
        "question_mark",
        "i",
        "a",
        "g",
        "q",
        *map(str, range(1, 10)),
    }
    assert wanted <= keys
    bindings = textual_bindings()
    assert all(isinstance(b, Binding) for b in bindings)
    assert [(b.key, b.action, b.show) for b in bindings] == [
        (b.key, b.action, b.show) for b in BINDINGS_TABLE
    ]
    assert len({b.key for b in bindings}) == len(bindings)
    assert textual_bindings("ja")[5].description == "ツモ"


def test_every_binding_is_described_and_help_groups_the_number_keys():
    rows = dict(help_rows())
    assert rows["1-9"].startswith("pick one of several options")
    assert rows["Left / h"] == "move the cursor left"
    assert dict(help_rows("ja"))["Left / h"] == "カーソルを左へ"
    assert rows["?"] == "this help"
    assert len(rows) == len({b.description for b in BINDINGS_TABLE})
    assert all(X.say(b.description) for b in BINDINGS_TABLE)


# --------------------------------------------------------------------------- screens


class Host(App):
    """Pushes one screen; records what it was dismissed with."""

    def __init__(self, screen: Any) -> None:
        super().__init__()
        self.to_push = screen
        self.dismissed = False

    def on_mount(self) -> None:
        self.push_screen(self.to_push, lambda _: setattr(self, "dismissed", True))


def screen_text(app: App) -> str:
    return "\n".join(strip.text.rstrip() for strip in app.screen._compositor.render_strips())


@pytest.mark.parametrize("key", ["enter", "space", "escape"])
async def test_hand_result_is_dismissed_by_enter_space_and_escape(key):
    game, won = ron_game()
    app = Host(HandResultScreen(won, X.hand_context(won, game)))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert "South 南 wins by ron on 8m from North 北" in text
        assert "under the other presets" in text
        await pilot.press(key)
        await pilot.pause()
        assert app.dismissed


async def test_hand_result_scrolls_at_80x24_and_accepts_positional_options():
    game, won = tsumo_game()
    app = Host(HandResultScreen(won, X.hand_context(won, game, None, "ja"), "ja", "kanji"))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        body = app.screen.query_one("#result-body")
        assert app.screen.has_class("-narrow") and body.max_scroll_y > 0
        await pilot.press("pagedown")
        await pilot.pause()
        assert body.scroll_y > 0
        assert "和了 win" in body.border_title
        assert not app.dismissed


async def test_game_end_rules_and_help_screens_close_with_escape():
    game, end = wrc_end()
    for screen, expected in (
        (GameEndScreen(end, game_ending(game.events, game.ruleset, Timeline.of(game))), "+30.0"),
        (RulesReferenceScreen(load_preset("jpml")), "30 fu 4 han"),
        (HelpScreen(), "pick one of several options"),
    ):
        app = Host(screen)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert expected in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert app.dismissed


async def test_rules_reference_scrolls_to_the_last_group():
    app = Host(RulesReferenceScreen(load_preset("wrc")))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "K  Rounding and table" not in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        assert "K  Rounding and table" in screen_text(app)


def test_result_screens_reject_the_wrong_event():
    game, end = wrc_end()
    with pytest.raises(TypeError):
        HandResultScreen(end, X.hand_context(end, game))  # type: ignore[arg-type]
    _, won = ron_game()
    with pytest.raises(TypeError):
        GameEndScreen(won, game_ending(game.events, game.ruleset))  # type: ignore[arg-type]
    with pytest.raises(TypeError):  # the screens take the typed context, never the game
        HandResultScreen(won, game)
    with pytest.raises(TypeError):
        GameEndScreen(end, game)


def test_rinshan_win_after_ankan_with_kan_dora():
    # RULESETS.md E9 in wrc: riichi, ankan 5555p, the kan indicator 5s makes 6s dora x2,
    # rinshan 8s completes 234m 99m 5555p 678s 678s.
    game = scripted_game(
        "wrc",
        [N1, "234m99m555p67s678s", "1z3z3z4z4z5z7z2p6p9s5s6m8m", N3],
        draws="9p1s7z1s9p1p1s2z1p5p",
        rinshan="8s",
        indicators="1m5s",
    )
    do(game, Discard(1, t("1s")))
    do(game, Discard(1, t("1p"), riichi=True))
    do(game, Ankan(1, t("5p").kind))
    [won] = of_type(do(game, Tsumo(1)), Won)
    ctx = X.hand_context(won, game)
    assert X.win_headline(won, ctx) == "South 南 wins by tsumo on the rinshan tile 8s"
    assert [str(x) for x in ctx.dora_indicators] == ["1m", "5s"]
    request = X.win_request(won, ctx)
    assert request["rinshan"] and not request["ippatsu"] and not request["haitei"]
    assert request["melds"] == [{"type": "ankan", "tiles": "5555p"}]
    lines = {line.preset: line for line in X.other_presets(won, ctx)}
    assert "dora ドラ -2" in lines["jpml"].detail  # no kan dora in jpml
    fu = [(r.label, r.value) for r in X.fu_rows(won)]
    assert ("concealed quad (ankan) 暗槓", "16") in fu and ("tsumo ツモ符", "2") in fu


def test_classic_liability_for_a_mangan_class_hand():
    game = pao_game("renmei_classic", "2z6z3z7z2z2z4m")
    advance(game, lambda g: Ron(1) in g.legal_actions(1))
    [won] = of_type(do(game, Ron(1)), Won)
    ctx = X.hand_context(won, game)
    assert X.total_line(won, ctx) == "mangan-class 満貫役 -> mangan 満貫: 2,000"
    assert X.liability_line(won, ctx).startswith("North 北 is liable (pao)")
    assert X.payment_rows(won.payments, ctx) == [
        ("North 北", "South 南", "1,000", "pao 包"),
        ("East 東", "South 南", "1,000", "hand 和了点"),
    ]
    lines = {line.preset: line for line in X.other_presets(won, ctx)}
    assert lines["wrc"].value == "32,000" and lines["wrc"].detail == "yakuman 役満"


# ---------------------------------------------------------------- a time limit (gifu)


def _gifu_ended_by_the_clock() -> Game:
    """A gifu game whose first hand ends after the 50 minutes (gifu 第2条)."""
    import asyncio

    from ai import LEVELS
    from engine.driver import play_game

    now = [0.0]
    game = Game.new(load_preset("gifu"), 4, clock=lambda: now[0])
    now[0] = 50 * 60 + 1.0  # the first hand runs past the limit
    asyncio.run(play_game(game, [LEVELS["greedy"](s, 4) for s in range(4)]))
    return game


def render_text(renderable) -> str:
    from rich.console import Console

    console = Console(width=100, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_the_log_and_the_game_end_say_the_time_limit_ended_the_game():
    from engine.events import HandEnded
    from tui.screens.game_end import game_end_sections
    from tui.table_text import event_text

    game = _gifu_ended_by_the_clock()
    (ended,) = [e for e in game.events if isinstance(e, HandEnded)]
    assert ended.time_up and game.is_over
    assert event_text(ended, 0, 0).endswith("Time is up: the game ends with this hand")
    final = game.events[-1]
    text = render_text(game_end_sections(final, game.ruleset, None, "en", True))
    assert "The 50-minute time limit ended the game" in text


def test_the_centre_shows_the_minutes_a_time_limit_leaves():
    from dataclasses import replace

    from seat_views import dense_view

    from tui.layout import board_layout
    from tui.widgets.board import canvas, paint_board

    def centre(view) -> str:
        painted = paint_board(view, board_layout(120, 39, "text"))
        return "\n".join(line.plain for line in canvas(painted))

    assert "37 min left" in centre(replace(dense_view(), minutes_left=37))
    assert "min left" not in centre(replace(dense_view(), minutes_left=None))
