"""History and statistics per mode (issue 25): a three-player game is kept and counted
apart from four-player ones: its places run 1st-3rd, each mode has its own figures,
the history knows a three-seat game is whole, and `stats`/`games` take the
three-player presets."""

from __future__ import annotations

import json
from pathlib import Path

from engine.storage.history.db import HistoryDB, history_path
from engine.storage.history.stats import (
    GameRecord,
    HandFacts,
    SeatResult,
    game_record,
    summarize,
)
from engine.storage.records.tenhou_import import game_from_mjlog
from tui.commands.stats import rows

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records" / "tenhou3p"


def _hand(**facts) -> HandFacts:
    base = dict(round_wind=0, hand_number=0, honba=0, dealer=False, won=False, tsumo=False,
                dealt_in=False, riichi=False, called=False, win_value=0, deal_in_value=0,
                delta=0, yaku=())
    base.update(facts)
    return HandFacts(**base)


def _record(ruleset: str, rank: int, hands: list[HandFacts], players: int = 4) -> GameRecord:
    seats = tuple(SeatResult(s, 25000, rank if s == 0 else 1, 0.0, 0.0) for s in range(players))
    return GameRecord(ruleset, {}, 1, 0.0, 1.0, 0, seats, tuple(hands))


WIN = _hand(won=True, win_value=8000, yaku=("riichi",))
DEAL = _hand(dealt_in=True, deal_in_value=3900)
QUIET = _hand()


def test_three_player_places_run_first_to_third_apart_from_four_player_ones():
    records = [
        _record("tenhou", 4, [WIN, QUIET]),
        _record("wrc", 2, [QUIET, QUIET]),
        _record("tenhou3", 3, [DEAL, WIN, QUIET], players=3),
        _record("mahjongsoul3", 1, [WIN], players=3),
    ]
    s = summarize(records)
    assert list(s.modes) == [4, 3]
    four, three = s.modes[4].as_dict(), s.modes[3].as_dict()
    assert four["placements"] == [0, 1, 0, 1] and four["avg_placement"] == 3.0
    assert three["placements"] == [1, 0, 1] and three["avg_placement"] == 2.0
    assert four["win_rate"] == 0.25 and three["win_rate"] == 0.5
    assert three["deal_in_rate"] == 0.25 and four["deal_in_rate"] == 0.0
    assert s.rulesets["tenhou3"].as_dict()["placements"] == [0, 0, 1]
    assert s.rulesets["tenhou"].as_dict()["placements"] == [0, 0, 0, 1]
    data = s.as_dict()
    assert set(data["modes"]) == {"4p", "3p"} and data["modes"]["3p"]["games"] == 2


def test_the_figures_table_never_mixes_the_modes():
    both = summarize([
        _record("tenhou", 4, [WIN]), _record("wrc", 2, [QUIET]),
        _record("tenhou3", 3, [DEAL], players=3),
    ])
    names = [name for name, _ in rows(both)]
    # four-player: its own "all" over its two rulesets; three-player: one ruleset alone
    assert names == ["all 4-player", "tenhou", "wrc", "tenhou3"]
    assert [s.players for _, s in rows(both)] == [4, 4, 4, 3]
    assert next(name for name, _ in rows(both, "ja")) == "四人打ち全体"
    one_mode = summarize([_record("tenhou", 4, [WIN]), _record("wrc", 2, [QUIET])])
    assert [name for name, _ in rows(one_mode)] == ["all", "tenhou", "wrc"]


def _real_record(n: int = 0) -> GameRecord:
    path = sorted(RECORDS.glob("*.mjlog"))[n]
    return game_record(game_from_mjlog(path.read_bytes()).events, human_seat=1)


def test_a_three_player_game_is_whole_in_the_history(tmp_path):
    record = _real_record()
    assert record.players == 3 and len(record.seats) == 3
    with HistoryDB(history_path(tmp_path)) as db:
        db.record(record)
        assert db.incomplete_games() == []  # three seats are all a three-player game has
        (again,) = db.games()
        assert again.players == 3 and again.ruleset == "tenhou3"
        s = db.summaries()
    assert list(s.modes) == [3]
    assert len(s.rulesets["tenhou3"].places) == 3


def test_stats_and_games_take_the_three_player_presets(tmp_path, monkeypatch, capsys):
    from engine.storage.game_log import log_lines
    from tui.cli import main

    monkeypatch.setenv("MAHJONG_TUI_DATA", str(tmp_path))
    game = game_from_mjlog(sorted(RECORDS.glob("*.mjlog"))[0].read_bytes())
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "sanma.jsonl").write_text("\n".join(log_lines(game)) + "\n")
    with HistoryDB(history_path(tmp_path)) as db:
        db.record(game_record(game.events, human_seat=1), key="sanma",
                  log="games/sanma.jsonl")
        db.record(_record("tenhou", 2, [WIN, QUIET]))
    for args in (["stats", "--json", "--ruleset", "tenhou3"], ["stats", "--json"]):
        assert main(args) == 0
        data = json.loads(capsys.readouterr().out)
        assert len(data["rulesets"]["tenhou3"]["placements"]) == 3
    assert data["modes"]["4p"]["games"] == 1 and data["modes"]["3p"]["games"] == 1
    assert main(["stats"]) == 0
    text = capsys.readouterr().out
    assert "all" not in text.split()  # no row mixes the modes
    assert main(["games", "--json", "--ruleset", "tenhou3"]) == 0
    (game,) = json.loads(capsys.readouterr().out)["games"]
    assert game["ruleset"] == "tenhou3" and game["players"] == 3
    assert main(["games"]) == 0
    assert "/3" in capsys.readouterr().out  # a three-player place: 2nd/3


def test_the_stats_screen_shows_three_places_for_three_player_games():
    from rich.console import Console

    from tui.screens.stats import figures_table

    s = summarize([
        _record("tenhou", 4, [WIN]), _record("wrc", 2, [QUIET]),
        _record("tenhou3", 3, [DEAL], players=3), _record("tenhou3", 1, [WIN], players=3),
    ])
    console = Console(width=120, record=True)
    console.print(figures_table(s))
    lines = [line.strip() for line in console.export_text().splitlines()]
    (three,) = [line for line in lines if line.startswith("tenhou3")]
    assert "1/0/1" in three.split()  # 1st, 2nd, 3rd: no fourth place
    (four,) = [line for line in lines if line.startswith("all 4-player")]
    assert "0/1/0/1" in four.split()
    assert not [line for line in lines if line.startswith("all ") and "4-player" not in line]
