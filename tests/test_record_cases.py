"""The five cases real Tenhou records hold that ../shared/records/tenhou/ does not (issue 22).

Each is a scenario named after its case, from a scripted deal (`engine.scripted`) or a
record built from a shared one; the engine plays the actions under the rules and must
arrive at the scores the rules give (never the record's numbers taken on trust).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.events import ExhaustiveDraw, GameEnded, HandEnded, HandStarted
from engine.game import Start
from engine.invariants import validate
from engine.scripted import advance, of_type, scripted_game
from engine.storage.records.mjlog import parse_mjlog, record_summary
from engine.storage.records.summary import hand_summaries
from engine.storage.records.tenhou_import import game_from_mjlog
from engine.wall import scripted_wall
from rules.ruleset import ALL_PRESET_IDS, load_preset

RECORDS = Path(__file__).resolve().parents[1].parent / "shared" / "records" / "tenhou"
FILES = sorted(RECORDS.glob("*.mjlog"))

# Four hands that stay noten however the autopilot draws and discards (tsumogiri).
NOTEN = (
    "1m3m6m8m2p4p7p9p1s3s6s8s1z",
    "2m4m7m9m1p3p6p8p2s4s7s9s2z",
    "1m3m6m8m2p4p7p9p1s3s6s8s3z",
    "2m4m7m9m1p3p6p8p2s4s7s9s4z",
)
TENPAI = "123m456m789m123p4p"  # a 4p tanki the autopilot never wins
QUIET = {"red_fives": 0, "nagashi_mangan": False, "abort_suufon": False}


def _quiet(preset: str) -> dict[str, object]:
    """The house rules that keep a scripted hand to an exhaustive draw, where they exist."""
    rules = load_preset(preset)
    return {k: v for k, v in QUIET.items() if getattr(rules, k) != v}


def _to_the_end_of_the_hand(game):
    return advance(game, lambda g: g.hands_played > 0 or g.is_over, same_hand=False)


# --------------------------------------------------------------------------- case 2


def _without_dice(data: bytes) -> bytes:
    """A shared record with every INIT's dice left out, as simulators write them."""
    return re.sub(rb'seed="(\d+),(\d+),(\d+),\d+,\d+,(\d+)"', rb'seed="\1,\2,\3,,,\4"', data)


def test_case_2_a_record_without_dice_replays_with_the_break_unknown():
    data = _without_dice(FILES[0].read_bytes())
    assert b'seed="0,0,0,,,' in data
    record = parse_mjlog(data)
    assert all(hand.dice is None for hand in record.hands)
    game = game_from_mjlog(data)
    assert hand_summaries(game.events) == record_summary(record)
    starts = of_type(game.events, HandStarted)
    assert starts and all(start.dice == () for start in starts)
    # A record with dice keeps them.
    with_dice = game_from_mjlog(FILES[0].read_bytes())
    assert all(len(s.dice) == 1 for s in of_type(with_dice.events, HandStarted))


def test_case_2_dice_out_of_range_are_still_refused():
    data = re.sub(
        rb'seed="(\d+),(\d+),(\d+),\d+,\d+,', rb'seed="\1,\2,\3,9,0,', FILES[0].read_bytes()
    )
    with pytest.raises(ValueError, match="dice"):
        parse_mjlog(data)


# --------------------------------------------------------------------------- cases 3 and 4


def _west1_dealer_tenpai(preset: str, **rules):
    """West 1 (tenhou's sudden death): the dealer (seat 0) tenpai at the draw, the others
    noten, seat 1 past 30,000 at the end and the dealer not first. The next hand (if
    played) has the dealer noten and seat 1 the only tenpai player."""
    second = scripted_wall([NOTEN[0], TENPAI, NOTEN[2], NOTEN[3]])
    return scripted_game(
        preset, [TENPAI, *NOTEN[1:]],
        rules={**_quiet(preset), **rules},
        start=Start(round_wind=2, hand_number=0, scores=(17000, 31900, 26000, 25100)),
        more_walls=[second],
    )


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
def test_case_4_a_west_round_draw_with_the_dealer_tenpai_goes_on(preset):
    game = _west1_dealer_tenpai(preset)
    events = _to_the_end_of_the_hand(game)
    [end] = of_type(events, HandEnded)
    assert end.renchan and end.scores == (20000, 30900, 25000, 24100)
    assert not game.is_over  # seat 1 has 30,900, but the dealer keeps the deal
    [nxt] = of_type(events, HandStarted)
    assert (nxt.round_wind, nxt.hand_number, nxt.honba) == (2, 0, 1)
    assert validate(game) == []  # the invariant checker agrees


@pytest.mark.parametrize(("preset", "over"), [("mahjongsoul", True), ("tenhou", False)])
def test_case_4_a_first_placed_tenpai_dealer_stops_the_west_round_where_the_rules_say(
    preset, over
):
    game = scripted_game(
        preset, [TENPAI, *NOTEN[1:]], rules=_quiet(preset),
        start=Start(round_wind=2, hand_number=0, scores=(28000, 30500, 21000, 20500)),
    )
    _to_the_end_of_the_hand(game)
    # 31,000 and first: Mahjong Soul's tenpai stop ends the game; Tenhou stops only on
    # a dealer win (last_dealer_stop = "win_when_first"), so its dealer plays on.
    assert game.is_over is over
    assert validate(game) == []


def test_case_4_the_checker_still_flags_a_west_hand_after_the_target_without_renchan():
    game = scripted_game(
        "tenhou", list(NOTEN), rules=QUIET,
        start=Start(round_wind=2, hand_number=1, scores=(30000, 25000, 25000, 20000)),
    )
    assert validate(game)  # started past the target with no dealer repeat: a violation


@pytest.mark.parametrize("preset", ["tenhou", "mahjongsoul"])
def test_case_3_the_all_last_draw_with_the_dealer_noten_pays_then_ends(preset):
    game = _west1_dealer_tenpai(preset)
    _to_the_end_of_the_hand(game)
    events = advance(game, lambda g: g.is_over, same_hand=False)
    [draw] = of_type(events, ExhaustiveDraw)
    assert draw.tenpai == (False, True, False, False)
    [end] = of_type(events, HandEnded)
    assert end.deltas == (-1000, 3000, -1000, -1000)
    [over] = of_type(events, GameEnded)
    assert over.scores == (19000, 33900, 24000, 23100)  # seat 1 is paid before the end


@pytest.mark.parametrize("preset", ALL_PRESET_IDS)
def test_case_3_every_presets_last_draw_settles_before_the_game_ends(preset):
    """South 4 (North 4 for a four-wind game), the dealer noten, seat 1 the only tenpai
    player: the draw is settled as the preset's noten payments say, then the game ends
    (no preset lets a noten dealer keep the deal)."""
    rules = load_preset(preset)
    last = {"tonpuu": 0, "hanchan": 1, "isshou": 3}[rules.game_length]
    scores = (19000, 34400, 9200, 37400)
    game = scripted_game(
        preset, [NOTEN[0], TENPAI, NOTEN[2], NOTEN[3]], rules=_quiet(preset),
        start=Start(round_wind=last, hand_number=3, scores=scores),
    )
    events = _to_the_end_of_the_hand(game)
    assert game.is_over
    [end] = of_type(events, HandEnded)
    paid = rules.noten_payment
    want = (-paid // 3, paid, -paid // 3, -paid // 3) if paid else (0, 0, 0, 0)
    assert end.deltas == want
    [over] = of_type(events, GameEnded)
    assert over.scores == tuple(s + d for s, d in zip(scores, want, strict=True))


# --------------------------------------------------------------------------- case 5

COMPOSITE = [
    "5z1m1m1m9m9m9m1p1p1p9p9p9p",
    "5z5z6z6z7z7z1z1z1z2z1s5s9s",  # pons the three dragons: daisangen + tsuuiisou on 2z
    "2s3s4s6s7s8s2p3p6p7p8s3z4z",
    "2s3s4s6s7s8s5p6p7p3z4z4z8m",
]


def _composite_pao(preset: str, draws: str, **rules):
    """Seat 1 pons 5z (from the dealer), 6z (seat 2) and, last, 7z from seat 3, who is
    liable for the daisangen; three honba on the table."""
    from engine.actions import Discard, Pon
    from engine.scripted import do, t

    game = scripted_game(
        preset, COMPOSITE, draws=draws, indicators="9s",
        rules={"red_fives": 0, **rules}, start=Start(honba=3),
    )
    do(game, Discard(0, t("5z")))
    do(game, Pon(1, (t("5z"), t("5z"))))
    do(game, Discard(1, t("1s")))
    do(game, Pon(1, (t("6z"), t("6z"))))  # from seat 2
    do(game, Discard(1, t("5s")))
    do(game, Pon(1, (t("7z"), t("7z"))))  # from seat 3: the third dragon set
    do(game, Discard(1, t("9s")))
    return game


def _net(won):
    out = [0] * 4
    for pay in won.payments:
        if pay.payer >= 0:
            out[pay.payer] -= pay.amount
        out[pay.payee] += pay.amount
    return out


def test_case_5_pao_on_the_tsumo_of_a_composite_yakuman():
    from engine.actions import Tsumo
    from engine.events import Won
    from engine.scripted import do

    game = _composite_pao("tenhou", "3p6z8p7z9m9p8m2z")
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert won.liable == 3 and won.result["yakuman"] == 2
    # Tenhou (§8.1): the liable player pays the whole 64,000 and the 900 honba.
    assert _net(won) == [0, 64900, 0, -64900]
    # The seed presets keep §4.6.1: his yakuman (32,000) plus his share of the other.
    game = _composite_pao("wrc", "3p6z8p7z9m9p8m2z")
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert _net(won) == [-16000, 64900, -8000, -40900]
    # The parameter, not the preset, decides.
    game = _composite_pao("tenhou", "3p6z8p7z9m9p8m2z", pao_stacked="separate")
    [won] = of_type(do(game, Tsumo(1)), Won)
    assert _net(won) == [-16000, 64900, -8000, -40900]


def test_case_5_pao_on_a_ron_of_a_composite_yakuman_splits_the_whole_hand():
    from engine.actions import Ron
    from engine.events import Won
    from engine.scripted import do

    game = _composite_pao("tenhou", "3p6z8p7z9m9p2z")
    advance(game, lambda g: Ron(1) in g.legal_actions(1))
    [won] = of_type(do(game, Ron(1)), Won)
    # Seat 0 deals in: half the whole 64,000 each, the honba with the discarder.
    assert _net(won) == [-32900, 64900, 0, -32000]


# --------------------------------------------------------------------------- case 1

# A real chip lobby's record (tests/records/SOURCES.md).
CHIP_FIXTURE = Path(__file__).resolve().parent / "records" / "tenhou-chips-dnovikoff.mjlog"
ISSUE_AGARI = (
    b'<AGARI ba="0,1" hai="16,21,24,36,39,44,48,52,56,60,64,68,72,76" machi="76" '
    b'ten="30,12000,1" yaku="0,1,54,1" doraHai="107" who="0" fromWho="0" chip="54,1" '
    b'sc="240,130,250,-40,250,-40,250,-40,0,3,0,-1,0,-1,0,-1" />'
)


def test_case_1_the_issues_chip_agari_is_read():
    from engine.storage.records.mjlog import _Reader

    reader = _Reader()
    reader.init = {}  # inside a hand
    import defusedxml.ElementTree as safe_xml

    element = safe_xml.fromstring(ISSUE_AGARI)
    reader.element(element.tag, element.attrib)
    [win] = reader.ends
    assert win.deltas == (13000, -4000, -4000, -4000)
    assert win.chips == (3, -1, -1, -1) and win.chips_before == (0, 0, 0, 0)
    assert win.chip_items == ((54, 1),)


def _chip_games():
    from chip_records import chip_record

    pending = ("330ddeeb",)  # its lobby's results are not `tenhou`'s (test_import_tenhou)
    return [f for f in FILES if not f.name.startswith(pending)], chip_record


def test_case_1_a_real_chip_lobby_record_replays_points_chips_and_results_exactly():
    data = CHIP_FIXTURE.read_bytes()
    record = parse_mjlog(data)
    assert record.chips and record.go_type & 0x200
    game = game_from_mjlog(data)
    # The chip lobby's rules, read from the GO type: chips, kiriage, uma 30-10.
    assert dict(game.ruleset.chips)["ura_dora"] == 1 and game.ruleset.kiriage_30_4
    assert game.ruleset.uma == (30, 10, -10, -30)
    rows = hand_summaries(game.events, chips=True)
    assert rows == record_summary(record)
    assert rows[-1] == {
        "final_scores": [30000, 44800, 4500, 20700],
        "results": [10.0, 64.0, -55.0, -19.0],
        "chips": [-1, 12, -8, -3],
    }


def test_case_1_chips_counted_on_nineteen_more_games():
    """The shared games with chips written from Tenhou's own yaku list
    (tests/chip_records.py), played under their own rules plus the chip lobby's chips:
    the engine's chips must match that independent count, win by win."""
    from engine.storage.records.tenhou_import import ruleset_for
    from rules.ruleset import chip_lobby

    files, chip_record = _chip_games()
    assert len(files) == 19
    moved = 0
    for path in files:
        data = chip_record(path.read_bytes())
        record = parse_mjlog(data)
        assert record.chips
        rules = ruleset_for(parse_mjlog(path.read_bytes()))
        game = game_from_mjlog(data, rules.with_overrides({"chips": chip_lobby("tenhou")["chips"]}))
        rows = hand_summaries(game.events, chips=True)
        assert rows == record_summary(record), path.name
        # The points are the plain record's, hand by hand: chips never move points.
        plain = record_summary(parse_mjlog(path.read_bytes()))
        assert [{k: v for k, v in r.items() if k != "chips"} for r in rows] == plain
        moved += sum(abs(c) for row in rows[:-1] for c in row["chips"])
    assert moved > 50  # red fives, ura dora, ippatsu and a yakuman among them


def test_case_1_a_chip_record_whose_chips_are_wrong_is_refused_naming_the_hand():
    data = CHIP_FIXTURE.read_bytes()
    at = data.index(b'chip="54,1,53,3"')
    tag_end = data.index(b"/>", at)
    tag = data[at:tag_end]
    sc = re.search(rb'sc="([^"]*)"', tag).group(1)
    parts = sc.split(b",")
    parts[11] = str(int(parts[11]) + 1).encode()  # seat 1 got one chip more
    parts[13] = str(int(parts[13]) - 1).encode()
    bad = data[:at] + tag.replace(sc, b",".join(parts)) + data[tag_end:]
    with pytest.raises(ValueError, match=r"hand [ESW]\d-\d.*hora"):
        game_from_mjlog(bad)


def test_case_1_replay_summary_json_has_chips_per_hand_and_at_the_end(tmp_path):
    import json
    import os
    import subprocess
    import sys

    env = {**os.environ, "MAHJONG_TUI_DATA": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config")}
    run = subprocess.run(
        [sys.executable, "-m", "tui.cli", "replay", str(CHIP_FIXTURE), "--summary", "--json"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )
    assert run.returncode == 0, run.stderr
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    assert all(len(row["chips"]) == 4 for row in rows)
    assert rows == record_summary(parse_mjlog(CHIP_FIXTURE.read_bytes()))
    assert rows[-1]["chips"] == [sum(r["chips"][s] for r in rows[:-1]) for s in range(4)]
    # A game without chips keeps the contract's rows as they were.
    plain = subprocess.run(
        [sys.executable, "-m", "tui.cli", "replay", str(FILES[0]), "--summary", "--json"],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )
    assert plain.returncode == 0 and '"chips"' not in plain.stdout


RIICHI_RED = "1m2m3m4m0m6m7p8p9p2s3s4s9s"  # 456m with the red 5m, 9s tanki


def test_case_1_chips_as_a_house_rule_in_our_own_games():
    from engine.actions import Discard, Tsumo
    from engine.events import Won
    from engine.scripted import do, t

    chips = {"red_five": 1, "ippatsu": 1, "ura_dora": 1, "yakuman": 5}
    game = scripted_game(
        "wrc", [RIICHI_RED, *NOTEN[1:]], draws="1z2z3z4z9s", indicators="1z", ura="1z",
        rules={"red_fives": 3, "chips": chips},
    )
    do(game, Discard(0, t("1z"), riichi=True))
    advance(game, lambda g: Tsumo(0) in g.legal_actions(0))
    [won] = of_type(do(game, Tsumo(0)), Won)
    assert dict(won.chip_items) == {"red_five": 1, "ippatsu": 1}
    assert won.chips == (6, -2, -2, -2)  # two chips from each of the three payers
    # The same win without the house rule moves no chips; points are the same.
    plain = scripted_game(
        "wrc", [RIICHI_RED, *NOTEN[1:]], draws="1z2z3z4z9s", indicators="1z", ura="1z",
        rules={"red_fives": 3},
    )
    do(plain, Discard(0, t("1z"), riichi=True))
    advance(plain, lambda g: Tsumo(0) in g.legal_actions(0))
    [same] = of_type(do(plain, Tsumo(0)), Won)
    assert same.chips == () and same.payments == won.payments


def test_case_1_chips_are_summed_at_the_game_end():
    from engine.chips import chip_totals

    data = CHIP_FIXTURE.read_bytes()
    game = game_from_mjlog(data)
    [over] = of_type(game.events, GameEnded)
    assert over.chips == chip_totals(game.events) and sum(over.chips) == 0
    assert any(over.chips)


def _plain(renderable) -> str:
    from rich.console import Console

    console = Console(width=160, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def test_case_1_the_result_screens_show_the_chips():
    """The replay viewer's hand result (a win) and the game end show the chips."""
    from engine.events import Won
    from tui import result_text as X
    from tui.screens.game_end import game_end_sections
    from tui.screens.hand_result import win_sections

    game = game_from_mjlog(CHIP_FIXTURE.read_bytes())
    won = next(e for e in game.events if isinstance(e, Won) and dict(e.chip_items).get("red_five"))
    ctx = X.hand_context(won, game)
    text = _plain(win_sections(won, ctx, "text", "en")["payments"])
    assert "Chips for red five 1" in text and "+3" in text
    assert "祝儀 (赤 1)" in _plain(win_sections(won, ctx, "text", "ja")["payments"])
    [over] = of_type(game.events, GameEnded)
    end = _plain(game_end_sections(over, game.ruleset, None, "en"))
    assert "Chips over the game:" in end
    assert all(f"{n:+d}" in end.split("Chips over the game:")[1] for n in over.chips)
    # The replay viewer's event log says them on the win's line.
    from tui.table_text import event_text

    assert "(Chips for red five 1: " in event_text(won, 0, 0, "en")
    # The board names the chip lobby's rules in force, hashable (views are cached).
    from engine.seat_view import build_seat_view

    view = build_seat_view(game, 0)
    hash(view.house_rules)
    assert ("chips", "{red_five=1, red_five_open=1, ura_dora=1, ippatsu=1, yakuman=5}") in (
        view.house_rules
    )
    # Without chips, no chip line.
    plain = game_from_mjlog(FILES[0].read_bytes())
    [over] = of_type(plain.events, GameEnded)
    assert "Chips" not in _plain(game_end_sections(over, plain.ruleset, None, "en"))


BUG1 = Path(__file__).resolve().parent / "records" / "tenhou-bug1-dnovikoff.mjlog"


def test_case_3_the_real_record_all_last_draw_after_a_tenpai_dealer_plays_on():
    """The issue's game (dnovikoff/tenhou bug1): South 4-1 ends in a draw with the dealer
    tenpai and first; Tenhou plays on (no tenpai stop), and South 4-2 ends in a draw
    with the dealer noten, whose 3,000 to the only tenpai player makes him first."""
    data = BUG1.read_bytes()
    record = parse_mjlog(data)
    game = game_from_mjlog(data)
    rows = hand_summaries(game.events)
    assert rows == record_summary(record)
    *_, s41, s42, end = rows
    assert (s41["hand"], s41["deltas"]) == ("S4-1", [-1000, -1000, -1000, 3000])
    assert (s42["hand"], s42["deltas"]) == ("S4-2", [-1000, 3000, -1000, -1000])
    assert end["final_scores"] == [18000, 37400, 8200, 36400]


def test_case_2_the_board_says_the_break_is_unknown():
    from dataclasses import replace

    from seat_views import dense_view

    from tui.layout import board_layout
    from tui.widgets.board import canvas, paint_board

    def text(view, lang="en"):
        painted = paint_board(view, board_layout(120, 39, "text"), lang=lang)
        return "\n".join(line.plain for line in canvas(painted))

    view = dense_view(seat=0)
    unknown = replace(view, wall=replace(view.wall, dice=()))
    assert "break unknown" in text(unknown) and "broken at" not in text(unknown)
    assert "開門 不明" in text(unknown, "ja")
    assert view.wall.dice and "broken at" in text(view)
