"""The player's statistics from a game's events (engine.storage.history.stats): scripted hands
whose facts are known, seeded bot games checked against `mahjong-tui sim`'s figures,
and hand-built records whose summary is worked out by hand."""

from __future__ import annotations

import asyncio

import pytest

from ai import LEVELS
from engine.actions import Discard, Pon, Ron
from engine.driver import play_game
from engine.game import Game, Start
from engine.scripted import autopilot, do, scripted_game, t
from engine.sim import run_sim
from engine.storage.history.stats import (
    GameRecord,
    HandFacts,
    IncompleteGame,
    SeatResult,
    game_record,
    hand_facts,
    summarize,
)
from rules.ruleset import load_preset

BOT = "258m147p369s1234z"
BOT3 = "369m258p147s5567z"
SOUTH_4 = Start(round_wind=1, hand_number=3)  # seat 3 deals the last hand: one hand, one game


def play_out(game: Game) -> Game:
    while not game.is_over:
        game.apply(autopilot(game, game.pending_seats()[0]))
    return game


def bot_game(preset: str, seed: int, level: str = "greedy") -> Game:
    game = Game.new(load_preset(preset), seed)
    players = [LEVELS[level](seat, seed) for seat in range(4)]
    asyncio.run(play_game(game, players, yield_every=0, concurrent=False))
    return game


# ---------------------------------------------------------------------- one hand


def test_a_ron_win_counts_as_a_win_with_its_yaku_and_value():
    game = scripted_game("wrc", ["234m456m678p2345s", BOT, BOT, BOT3], draws="2z1z5s4z7z",
                         start=SOUTH_4)
    do(game, Ron(0))  # seat 1 draws and discards 5s
    record = game_record(play_out(game).events, 0, started_at=10.0, ended_at=20.0)
    [hand] = record.hands
    assert hand.won and not hand.tsumo and not hand.dealt_in
    assert hand.win_value == 1300 and hand.yaku == ("tanyao",)
    assert hand.delta == 1300 and (hand.round_wind, hand.hand_number) == (1, 3)
    assert not hand.dealer
    assert record.human.rank == 1 and record.human.points == 31300
    assert [s.seat for s in record.seats] == [0, 1, 2, 3]
    assert (record.ruleset, record.seed, record.started_at, record.ended_at) == ("wrc", 0, 10, 20)


def test_a_discard_ronned_counts_as_a_deal_in_with_its_value():
    # Seat 1 rons before its first draw: 人和 in wrc (A18), off here so the hand pays 1,300.
    game = scripted_game("wrc", ["5s258m147p369s123z", "234m456m678p2345s", BOT, BOT3],
                         draws="2z6z", start=SOUTH_4, rules={"renhou": False})
    do(game, Discard(0, t("5s")))
    do(game, Ron(1))
    record = game_record(play_out(game).events, 0)
    [hand] = record.hands
    assert hand.dealt_in and hand.deal_in_value == 1300 and not hand.won
    assert hand.win_value == 0 and hand.yaku == () and hand.delta == -1300
    assert record.human.rank == 4
    # The winner's view of the same hand.
    [winner] = game_record(game.events, 1).hands
    assert winner.won and winner.win_value == 1300 and not winner.dealt_in


def test_riichi_counts_once_accepted():
    game = scripted_game("wrc", ["123m456m789p1122s", BOT, BOT, BOT3], draws="2z5z3z6z7z",
                         start=SOUTH_4)
    do(game, Discard(0, t("5z"), riichi=True))
    [hand] = game_record(play_out(game).events, 0).hands
    assert hand.riichi and not hand.called and not hand.won


def test_a_pon_counts_as_a_call():
    game = scripted_game("wrc", ["123m456m789p11s66z", BOT, BOT, BOT3], draws="2z1z6z4z7z",
                         start=SOUTH_4)
    do(game, Discard(0, t("1z")))
    do(game, Pon(0, (t("6z"), t("6z"))))  # seat 1 draws and discards 6z
    [hand] = game_record(play_out(game).events, 0).hands
    assert hand.called and not hand.riichi


def test_the_human_seat_defaults_to_line_up_entry_0():
    seed = next(s for s in range(50)
                if Game.new(load_preset("wrc"), s, shuffle_seats=True).seating[0] != 0)
    game = Game.new(load_preset("wrc"), seed, shuffle_seats=True)
    players = [LEVELS["greedy"](seat, seed) for seat in range(4)]
    asyncio.run(play_game(game, players, yield_every=0, concurrent=False))
    record = game_record(game.events)
    assert record.human_seat == game.seating.index(0) != 0
    assert record.hands == tuple(hand_facts(game.events, record.human_seat))


def test_an_unfinished_game_is_not_a_record():
    game = Game.new(load_preset("wrc"), 1)
    with pytest.raises(IncompleteGame):
        game_record(game.events, 0)
    with pytest.raises(ValueError, match="human_seat"):
        game_record(play_out(game).events, 4)


# ---------------------------------------------------------------------- many games


@pytest.mark.parametrize(("preset", "seed"), [("wrc", 11), ("jpml", 12), ("renmei_classic", 13)])
def test_figures_match_the_sim_for_every_seat(preset, seed):
    """Seat by seat, the history's figures are the `sim` summary's (same definitions)."""
    sim = run_sim(load_preset(preset), 1, seed, ["greedy"] * 4, LEVELS)
    game = bot_game(preset, seed)
    for seat in range(4):
        ours = summarize([game_record(game.events, seat)]).overall.as_dict()
        theirs = sim["stats"][str(seat)]
        for key in ("avg_placement", "win_rate", "riichi_rate", "call_rate", "avg_win"):
            assert ours[key] == theirs[key], (seat, key)
        # A double ron off one player is one deal-in hand here, two wins in the sim.
        assert ours["deal_in_rate"] <= theirs["deal_in_rate"]


def _hand(**facts) -> HandFacts:
    base = dict(round_wind=0, hand_number=0, honba=0, dealer=False, won=False, tsumo=False,
                dealt_in=False, riichi=False, called=False, win_value=0, deal_in_value=0,
                delta=0, yaku=())
    base.update(facts)
    return HandFacts(**base)


def _record(ruleset: str, rank: int, hands: list[HandFacts]) -> GameRecord:
    seats = tuple(SeatResult(s, 25000, rank if s == 0 else 1, 0.0, 0.0) for s in range(4))
    return GameRecord(ruleset, {}, 1, 0.0, 1.0, 0, seats, tuple(hands))


def test_summary_overall_and_per_ruleset_worked_by_hand():
    win = _hand(won=True, riichi=True, win_value=8000, yaku=("riichi", "pinfu"))
    small = _hand(won=True, called=True, win_value=1000, yaku=("tanyao",))
    deal = _hand(dealt_in=True, deal_in_value=3900, riichi=True)
    quiet = _hand()
    records = [
        _record("wrc", 1, [win, quiet, deal, quiet]),
        _record("wrc", 3, [small, quiet]),
        _record("jpml", 2, [deal, win, quiet, quiet]),
    ]
    s = summarize(records)
    assert list(s.rulesets) == ["jpml", "wrc"]
    wrc = s.rulesets["wrc"].as_dict()
    assert wrc["games"] == 2 and wrc["hands"] == 6
    assert wrc["avg_placement"] == 2.0 and wrc["placements"] == [1, 0, 1, 0]
    assert wrc["win_rate"] == round(2 / 6, 4) and wrc["deal_in_rate"] == round(1 / 6, 4)
    assert wrc["riichi_rate"] == round(2 / 6, 4) and wrc["call_rate"] == round(1 / 6, 4)
    assert wrc["avg_win"] == 4500 and wrc["avg_deal_in"] == 3900
    overall = s.overall.as_dict()
    assert overall["games"] == 3 and overall["hands"] == 10
    assert overall["avg_placement"] == 2.0 and overall["placements"] == [1, 1, 1, 0]
    assert overall["win_rate"] == 0.3 and overall["deal_in_rate"] == 0.2
    assert overall["avg_win"] == round(17000 / 3) and overall["avg_deal_in"] == 3900
    # Most won first; ties in id order, so the list is stable.
    assert overall["top_yaku"] == [
        {"yaku": "pinfu", "wins": 2}, {"yaku": "riichi", "wins": 2}, {"yaku": "tanyao", "wins": 1},
    ]


def test_an_empty_history_has_zero_figures_not_errors():
    s = summarize([]).as_dict()
    assert s["rulesets"] == {}
    assert s["overall"]["games"] == 0 and s["overall"]["win_rate"] == 0.0
    assert s["overall"]["avg_win"] == 0 and s["overall"]["top_yaku"] == []


def test_stats_on_damaged_pages_is_one_line_exit_2_and_the_file_kept(
    tmp_path, monkeypatch, capsys
):
    """SQLite's own report of damaged pages runs over several lines; `stats` says it
    on one (CONTRACT), and the damaged file is kept aside byte for byte."""
    from test_history_db import big_record

    from engine.storage.history.db import HistoryDB, history_path
    from tui.cli import main

    monkeypatch.setenv("MAHJONG_TUI_DATA", str(tmp_path))
    path = history_path(tmp_path)
    with HistoryDB(path) as db:
        for n in range(30):
            db.record(big_record(n))
    data = bytearray(path.read_bytes())
    data[3 * 4096 + 8 : 5 * 4096] = b"\xa5" * (2 * 4096 - 8)
    path.write_bytes(bytes(data))
    with pytest.raises(SystemExit) as exit_:
        main(["stats"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "could not be read" in err and "kept as" in err
    [kept] = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert kept.read_bytes() == bytes(data)
    assert main(["stats"]) == 0 and "No finished games" in capsys.readouterr().out


def test_a_crash_in_stats_is_one_line_and_status_1(tmp_path, monkeypatch, capsys):
    from tui.cli import main
    from tui.commands import stats

    def broken(*args, **kwargs):
        raise KeyError("games")

    monkeypatch.setenv("MAHJONG_TUI_DATA", str(tmp_path))
    monkeypatch.setattr(stats, "load_summaries", broken)
    assert main(["stats"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "internal error in stats: KeyError" in err
