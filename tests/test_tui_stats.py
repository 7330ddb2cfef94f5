"""`mahjong-tui stats` and the statistics screen: text and JSON output, the ruleset
filter, exit 2 on bad flags and on a locked or corrupt history, the app recording a
finished game once, and the screen opened from the launch screen (Pilot, snapshot)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest
from test_tui_pilot import press, screen_text, settle

from ai.baseline import TsumogiriPlayer
from engine.actions import Ron
from engine.game import Start
from engine.scripted import autopilot, scripted_game
from engine.storage.history import db as history_db
from engine.storage.history.db import HistoryDB, history_path, record_game
from engine.storage.history.stats import GameRecord, HandFacts, SeatResult
from engine.storage.history_recorder import HistoryRecorder
from engine.table_host import TableHost, hosted_game
from tui.app import MahjongApp
from tui.cli import main
from tui.screens.launch import LaunchScreen
from tui.screens.stats import StatsScreen

ROOT = Path(__file__).resolve().parent.parent
ROOMY = (120, 40)


def hand(**facts) -> HandFacts:
    base = dict(round_wind=0, hand_number=0, honba=0, dealer=False, won=False, tsumo=False,
                dealt_in=False, riichi=False, called=False, win_value=0, deal_in_value=0,
                delta=0, yaku=())
    base.update(facts)
    return HandFacts(**base)


def record(ruleset: str, rank: int, hands: list[HandFacts], seed: int = 1) -> GameRecord:
    ranks = [rank, *[r for r in (1, 2, 3, 4) if r != rank]]
    seats = tuple(SeatResult(s, 40000 - 10000 * ranks[s], ranks[s], 0.0, 0.0) for s in range(4))
    return GameRecord(ruleset, {}, seed, 1.7e9, 1.7e9 + 1800, 0, seats, tuple(hands))


WIN = hand(won=True, riichi=True, tsumo=True, win_value=8000,
           yaku=("riichi", "menzen_tsumo", "pinfu"))
SMALL = hand(won=True, called=True, win_value=1000, yaku=("tanyao",))
DEAL = hand(dealt_in=True, deal_in_value=3900, riichi=True)
QUIET = hand()
FIXED = [
    record("wrc", 1, [WIN, QUIET, DEAL, QUIET], 1),
    record("wrc", 3, [SMALL, QUIET], 2),
    record("jpml", 2, [DEAL, WIN, QUIET, QUIET], 3),
]


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    """A data directory (MAHJONG_TUI_DATA) holding the three fixed games."""
    monkeypatch.setenv("MAHJONG_TUI_DATA", str(tmp_path))
    with HistoryDB(history_path(tmp_path)) as db:
        for r in FIXED:
            db.record(r)
    return tmp_path


# ---------------------------------------------------------------------- the command


def test_stats_prints_a_table_overall_and_per_ruleset(data, capsys):
    assert main(["stats"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == f"3 finished games in {history_path(data)}"
    assert lines[2].split()[:3] == ["ruleset", "games", "avg"]
    assert lines[3].split() == ["all", "3", "2.00", "30.0%", "20.0%", "40.0%",
                                "10.0%", "5,667", "3,900"]
    assert lines[4].split()[:4] == ["jpml", "1", "2.00", "25.0%"]
    assert lines[5].split()[:4] == ["wrc", "2", "2.00", "33.3%"]
    assert "Yaku won with most" in out
    assert "menzen_tsumo" not in out and "menzen tsumo" in out  # yaku by name
    assert "riichi 立直 (2)" in out


def test_stats_json_has_every_figure(data, capsys):
    assert main(["stats", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["database"] == str(history_path(data))
    assert report["schema_version"] == history_db.SCHEMA_VERSION
    overall = report["overall"]
    assert set(overall) >= {"games", "avg_placement", "win_rate", "deal_in_rate", "riichi_rate",
                            "call_rate", "avg_win", "avg_deal_in", "top_yaku"}
    assert overall["games"] == 3 and overall["win_rate"] == 0.3 and overall["avg_win"] == 5667
    assert overall["top_yaku"][0] == {"yaku": "menzen_tsumo", "wins": 2}
    assert sorted(report["rulesets"]) == ["jpml", "wrc"]
    assert report["rulesets"]["wrc"]["games"] == 2


def test_stats_ruleset_filter(data, capsys):
    assert main(["stats", "--json", "--ruleset", "jpml"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report["rulesets"]) == ["jpml"] and report["overall"]["games"] == 1
    assert main(["stats", "--ruleset", "teiai"]) == 0
    assert "No finished games" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["stats", "--ruleset", "nope"], "unknown ruleset 'nope'"),
        (["stats", "--bogus"], "unrecognized arguments: --bogus"),
        (["stats", "--ruleset"], "expected one argument"),
    ],
)
def test_stats_bad_flags_exit_2_with_one_line(data, capsys, argv, message):
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_stats_without_a_history_creates_nothing(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("MAHJONG_TUI_DATA", str(tmp_path / "empty"))
    assert main(["stats"]) == 0
    assert "No finished games recorded yet" in capsys.readouterr().out
    assert not (tmp_path / "empty").exists()


def test_stats_on_a_corrupt_history_is_one_line_exit_2_and_the_file_kept(
    tmp_path, monkeypatch, capsys
):
    monkeypatch.setenv("MAHJONG_TUI_DATA", str(tmp_path))
    path = history_path(tmp_path)
    path.write_bytes(b"garbage" * 500)
    with pytest.raises(SystemExit) as exit_:
        main(["stats"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "could not be read" in err and "kept as" in err
    [kept] = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert kept.read_bytes() == b"garbage" * 500
    assert main(["stats"]) == 0  # a fresh history from now on
    assert "No finished games" in capsys.readouterr().out


def test_stats_on_a_locked_history_is_one_line_exit_2(data, monkeypatch, capsys):
    monkeypatch.setattr(history_db, "DEFAULT_TIMEOUT", 0.2)
    other = sqlite3.connect(history_path(data), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(SystemExit) as exit_:
            main(["stats"])
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "locked by another program" in err
    assert not [p for p in data.iterdir() if ".corrupt-" in p.name]


def test_stats_command_does_not_load_textual(data):
    code = (
        "import sys; from tui.cli import main; main(['stats', '--json']);"
        " sys.stderr.write(str(any(m.startswith('textual') for m in sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert json.loads(out.stdout)["overall"]["games"] == 3
    assert out.stderr == "False"


# ---------------------------------------------------------------------- recording


class Spy:
    def __init__(self) -> None:
        self.calls: list[tuple[str, dict]] = []

    def __call__(self, message: str, **kw) -> None:
        self.calls.append((message, kw))


def last_hand_app(tmp_path: Path) -> MahjongApp:
    """South 4, seat 3 deals; seat 1 discards the 5s the human (seat 0) rons: game over."""
    bots = ("258m147p369s1234z", "258m147p369s1234z", "369m258p147s5567z")
    game = scripted_game("wrc", ["234m456m678p2345s", *bots], draws="2z1z5s4z7z",
                         start=Start(round_wind=1, hand_number=3))
    return MahjongApp(host=TableHost(game),
                      opponents=[TsumogiriPlayer(s) for s in (1, 2, 3)], delay=0,
                      tiles="text", data_dir=tmp_path)


async def test_a_finished_game_in_the_app_is_recorded_once(tmp_path):
    app = last_hand_app(tmp_path)
    async with app.run_test(size=ROOMY) as pilot:
        table = await press(pilot, "enter")
        assert Ron in {type(a) for a in table.decision.legal}
        await press(pilot, "o")
        await pilot.press("enter")  # the hand result
        await settle(pilot)
        assert hosted_game(table.app.table_host).is_over
        app.save_game(table.app.table_host)  # seen again: not recorded twice
    with HistoryDB(history_path(tmp_path)) as db:
        [game] = db.games()
    assert game.ruleset == "wrc" and game.human_seat == 0 and game.human.rank == 1
    [facts] = game.hands
    assert facts.won and facts.yaku == ("tanyao",) and facts.win_value == 1300
    assert game.started_at <= game.ended_at


async def test_the_app_holds_no_game_only_its_host(tmp_path):
    """Issue 21: the app asks the game's host to save, record and count it; neither
    the app nor any of its screens keeps the `Game` itself, during or after the game."""
    from engine.game import Game

    def held(app: MahjongApp) -> list[tuple[str, str]]:
        return [(type(h).__name__, name) for h in (app, *app.screen_stack)
                for name, value in vars(h).items() if isinstance(value, Game)]

    app = last_hand_app(tmp_path)
    async with app.run_test(size=ROOMY) as pilot:
        await press(pilot, "enter")
        assert held(app) == []
        await press(pilot, "o")
        await pilot.press("enter")  # the hand result
        await settle(pilot)
        assert app.table_host.over and held(app) == []


def test_recorder_reports_a_locked_history_and_never_raises(tmp_path):
    path = history_path(tmp_path)
    record_game(path, FIXED[0])
    game = scripted_game("wrc", ["234m456m678p2345s", "258m147p369s1234z",
                                 "258m147p369s1234z", "369m258p147s5567z"],
                         start=Start(round_wind=1, hand_number=3))
    recorder = HistoryRecorder(tmp_path, timeout=0.1)
    spy = Spy()
    recorder.update(game, spy)
    while not game.is_over:
        game.apply(autopilot(game, game.pending_seats()[0]))
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    assert recorder.update(game, spy) is None
    other.execute("ROLLBACK")
    other.close()
    [(message, kw)] = spy.calls
    assert "locked" in message and kw["severity"] == "error"
    assert recorder.update(game, spy) is None  # reported once, not retried every save


def test_recorder_notes_a_corrupt_history_moved_aside(tmp_path):
    history_path(tmp_path).write_bytes(b"garbage" * 100)
    game = scripted_game("wrc", ["234m456m678p2345s", "258m147p369s1234z",
                                 "258m147p369s1234z", "369m258p147s5567z"],
                         start=Start(round_wind=1, hand_number=3))
    while not game.is_over:
        game.apply(autopilot(game, game.pending_seats()[0]))
    spy = Spy()
    assert HistoryRecorder(tmp_path).update(game, spy) == 1
    [(message, kw)] = spy.calls
    assert "kept as" in message and kw["severity"] == "warning"
    with HistoryDB(history_path(tmp_path)) as db:
        assert len(db.games()) == 1


# ---------------------------------------------------------------------- the screen


async def test_launch_h_opens_the_statistics_and_escape_returns(data):
    app = MahjongApp(seed=123456, data_dir=data, delay=0)
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        await pilot.press("h")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert screen.problem is None and screen.summaries.overall.games == 3
        text = screen_text(app)
        assert "3 finished games" in text and "Yaku won with most" in text
        assert "wrc " in text and "jpml " in text and "5,667" in text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)


async def test_the_statistics_screen_says_when_the_history_is_corrupt(tmp_path):
    history_path(tmp_path).write_bytes(b"garbage" * 100)
    app = MahjongApp(seed=123456, data_dir=tmp_path, delay=0)
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen)
        assert screen.problem is not None and "kept as" in screen.problem
        assert screen.query("#stats-problem")
        assert any("kept as" in str(n.message) for n in app._notifications)


def test_statistics_screen_snapshot(snap_compare, data):
    app = MahjongApp(seed=123456, data_dir=data, delay=0)
    assert snap_compare(app, terminal_size=ROOMY, press=["h"])


def test_the_recorder_writes_the_history_file_the_database_reads():
    from engine.storage.history.db import HISTORY_NAME
    from engine.storage.history_recorder import HISTORY_FILE

    assert HISTORY_FILE == HISTORY_NAME


# ---------------------------------------------------------------------- Japanese


def test_the_statistics_speak_japanese_with_lang_ja(data):
    from rich.console import Console

    from tui.commands.stats import load_summaries
    from tui.screens.stats import heading, stats_sections

    summaries, _, _ = load_summaries(data)
    console = Console(width=110, record=True)
    console.print(stats_sections(summaries, "ja"))
    text = console.export_text()
    assert "終局した対局 3回" in text and "よく和了った役" in text
    for title in ("ルール", "対局", "平均", "順位", "1位/2位/", "3位/4位", "和了率", "放銃率",
                  "立直率", "副露率", "和了", "放銃"):
        assert title in text, title
    assert heading("stats.avg_place", "ja") == "平均\n順位"
    assert heading("stats.avg_place") == "avg\nplace"
    assert heading("stats.places") == "1st/2nd/\n3rd/4th"
    assert "全体" in text and "立直 riichi" in text
    assert "率は参加した局あたり" in text
    assert "finished" not in text and "Yaku won" not in text
    empty = Console(width=110, record=True)
    empty.print(stats_sections(load_summaries(data / "none")[0], "ja"))
    assert "終局した対局はまだない" in empty.export_text()


async def test_the_statistics_screen_follows_the_app_language(data):
    app = MahjongApp(seed=123456, data_dir=data, delay=0, lang="ja")
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        await pilot.press("h")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, StatsScreen) and screen.lang == "ja"
        text = screen_text(app)
        assert "成績統計" in text and "よく和了った役" in text and "閉じる" in text


def test_the_stats_command_and_the_screen_share_their_english_words(data):
    """The command's text takes its words from tui/words.py, as the screen does."""
    from tui.commands.stats import load_summaries, text_report
    from tui.words import first_name, message

    summaries, path, _ = load_summaries(data)
    text = text_report(summaries, path)
    assert text.startswith(f"3 finished games in {path}\n")
    assert message("stats_top_yaku") in text
    head = text.splitlines()[2]
    for key in ("stats.ruleset", "stats.games", "stats.avg_place", "stats.deal_in",
                "stats.avg_deal_in"):
        assert first_name(key) in head
