"""Sessions in the app (issue #12): several games in a row, the session table, resume.

The games are short on purpose: each game of the session starts at South 4 on a
scripted wall where the human (not the dealer) draws a winning tile at once, so
one tsumo ends the game; the flow around the games is the real app's (the
factory only replaces `table_session.new_game`). The opponents discard what
they draw.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from test_tui_pilot import screen_text, settle

from ai.baseline import TsumogiriPlayer
from engine.actions import Tsumo
from engine.game import Start
from engine.scripted import do, scripted_game
from engine.session import GameOutcome, SessionError
from engine.storage.history.db import HistoryDB, history_path, migrate
from engine.storage.history.stats import GameRecord, SeatResult
from engine.storage.kept_games import games_dir
from engine.storage.save_store import SAVE_NAME, SaveStore
from engine.table_host import TableHost, hosted_game
from rules.ruleset import parse_override
from tui.app import MahjongApp
from tui.screens.session_table import SessionTableScreen, session_sections
from tui.session_file import SESSION_NAME, PlayedSession, SessionFile
from tui.settings import GameConfig

HUMAN = "123m456m789p2345s"  # + 5s: tsumo
BOTS = ("258m147p369s1234z", "258m147p369s1234z", "369m258p147s5567z")
SESSION_RULE = "games_per_session=2"


def short_game(config: GameConfig):
    """A game of `config` that one tsumo ends (South 4, the human is not the dealer)."""
    rules = dict(parse_override(r) for r in config.rules)
    return scripted_game(config.ruleset, [HUMAN, *BOTS], "1z5s", start=Start(1, 3),
                         rules=rules, seed=config.seed)


def session_app(tmp_path: Path, **kwargs) -> MahjongApp:
    app = MahjongApp(delay=0, data_dir=tmp_path, tiles="text",
                     opponents=[TsumogiriPlayer(s) for s in (1, 2, 3)], **kwargs)
    app.game_factory = lambda config: TableHost(short_game(config))
    return app


async def win_the_game(pilot) -> None:
    """Tsumo at once, then close the hand result and the game end screens."""
    table = await settle(pilot)
    assert table is not None and Tsumo in {type(a) for a in table.decision.legal}
    await pilot.press("t")
    for _ in range(40):
        await pilot.pause()
        if isinstance(pilot.app.screen, SessionTableScreen):
            return
        await pilot.press("enter")
    raise AssertionError(f"no session table (top: {type(pilot.app.screen).__name__})")


def history_rows(tmp_path: Path) -> list[GameRecord]:
    with HistoryDB(history_path(tmp_path)) as db:
        return db.games()


# ---------------------------------------------------------------- a whole session


async def test_a_two_game_session_plays_both_games_and_sums_them(tmp_path):
    app = session_app(tmp_path, ruleset_id="wrc", seed=11, rules=(SESSION_RULE,))
    async with app.run_test(size=(120, 40)) as pilot:
        await win_the_game(pilot)
        text = screen_text(app)
        assert "Game 1 of 2 is over" in text and "Next: game 2 of 2 (seed 12)" in text
        first = app.play_session
        assert first is not None and first.session.games_played == 1
        on_disk = SessionFile(tmp_path).load()
        assert on_disk == first  # saved before the first game's save went
        # 1 replays the first game move by move, from its log kept in games/.
        from tui.screens.replay import ReplayScreen

        await pilot.press("1")
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        assert app.screen.timeline.setup["seed"] == 11  # the first game, finished
        assert type(app.screen.timeline.events[-1]).__name__ == "GameEnded"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SessionTableScreen)
        await pilot.press("2")  # not played yet: said, nothing opens
        await pilot.pause()
        assert isinstance(app.screen, SessionTableScreen)
        await pilot.press("enter")
        await win_the_game(pilot)
        text = screen_text(app)
        assert "The session is over: 2 games" in text and "Total" in text
        played = app.play_session
        assert played is not None and played.finished
        await pilot.press("enter")
        await pilot.pause()
    assert not app.is_running  # the flags chose the game: the end of the session ends the app
    # Both games summed by player; each game from the starting points (same table twice).
    per_game = [[row.result for row in game] for game in played.session.results]
    assert per_game[0] == per_game[1]
    assert played.session.totals() == [2 * x for x in per_game[0]]
    assert played.session.seeds == (11, 12)
    # The history has both games under the session's id; the session file is gone.
    rows = history_rows(tmp_path)
    assert [(r.session_key, r.session_game, r.seed) for r in rows] == [
        (played.key, 1, 11), (played.key, 2, 12)]
    assert all(r.overrides == {"games_per_session": 2} for r in rows)
    assert not (tmp_path / SESSION_NAME).exists() and not (tmp_path / SAVE_NAME).exists()
    # Each game is kept in games/ by its id, a whole log that replays game by game.
    kept = sorted(games_dir(tmp_path).glob("*.jsonl"))
    assert [p.stem for p in kept] == sorted(played.game_ids)
    from engine.storage.game_log import replay

    for path in kept:
        header = json.loads(path.read_text().splitlines()[0])
        assert header["setup"]["session"]["id"] == played.key
        assert replay(path).is_over


async def test_a_session_resumes_between_two_games(tmp_path):
    app = session_app(tmp_path, ruleset_id="wrc", seed=21, rules=(SESSION_RULE,))
    async with app.run_test(size=(120, 40)) as pilot:
        await win_the_game(pilot)
        first = app.play_session
    # The app stopped on the session table: no save, the session knows game 2 is next.
    assert not (tmp_path / SAVE_NAME).exists()
    again = session_app(tmp_path)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(again)
        assert "A session is under way: wrc, game 2 of 2 next" in text
        await pilot.press("r")
        table = await settle(pilot)
        assert table is not None
        hosted = hosted_game(table.app.table_host)
        assert hosted.seed == 22 and hosted.setup["session"]["game"] == 2
        assert hosted.ruleset.games_per_session == 2  # its house rules came back
        assert again.play_session == first
        await win_the_game(pilot)
        assert again.play_session.finished
        assert again.play_session.session.results[0] == first.session.results[0]
    keys = {r.session_key for r in history_rows(tmp_path)}
    assert keys == {first.key}


async def test_a_new_game_over_an_unfinished_session_keeps_it_in_games(tmp_path):
    app = session_app(tmp_path, ruleset_id="wrc", seed=31, rules=(SESSION_RULE,))
    async with app.run_test(size=(120, 40)) as pilot:
        await win_the_game(pilot)
        key = app.play_session.key
    again = session_app(tmp_path, ruleset_id="jpm", seed=5)
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert again.play_session is None
    kept = list(games_dir(tmp_path).glob("*.session.json"))
    assert [p.name for p in kept] == [f"{key}.session.json"]
    assert PlayedSession.from_json(json.loads(kept[0].read_text())).key == key


async def test_the_session_table_screen(tmp_path):
    """The table between games: each game's results, the running total, the places."""
    played = finished_session(tmp_path, games=3, played=2)
    app = MahjongApp(delay=0, data_dir=tmp_path, seed=1)
    ruleset = short_game(GameConfig("wrc", rules=("games_per_session=3",))).ruleset
    async with app.run_test(size=(100, 30)) as pilot:
        await app.push_screen(SessionTableScreen(played, ruleset))
        await pilot.pause()
        text = screen_text(app)
        svg = app.export_screenshot()
    (tmp_path / "session.svg").write_text(svg, encoding="utf-8")
    for words in ("Session - 3 games", "You", "Opponent 3", "+47.0 (1)", "-31.0 (4)",
                  "Total", "+94.0", "-62.0", "Place", "Game 2 of 3 is over",
                  "Next: game 3 of 3 (seed 42)"):
        assert words in text, words


def test_session_sections_at_the_end_of_a_session(tmp_path):
    from rich.console import Console

    played = finished_session(tmp_path, games=2, played=2)
    ruleset = short_game(GameConfig("wrc", rules=("games_per_session=2",))).ruleset
    console = Console(width=100, record=True)
    console.print(session_sections(played, ruleset))
    text = console.export_text()
    assert "The session is over: 2 games" in text and "2=" in text  # two share 2nd


def finished_session(tmp_path: Path, *, games: int, played: int) -> PlayedSession:
    """A session of `games` with `played` of the short games finished."""
    session = PlayedSession.start("wrc", (f"games_per_session={games}",), "easy", 40, games)
    for n in range(played):
        game = short_game(GameConfig("wrc", seed=40 + n, rules=session.rules))
        game.setup["session"] = session.tag()
        game.setup["game_id"] = f"g{n}"
        do(game, Tsumo(0))
        session = session.add_game(GameOutcome.of(game))
    return session


# ---------------------------------------------------------------- the session record


def test_played_session_round_trip_and_each_game_once(tmp_path):
    session = finished_session(tmp_path, games=3, played=1)
    assert PlayedSession.from_json(json.loads(json.dumps(session.to_json()))) == session
    game = short_game(GameConfig("wrc", seed=41, rules=session.rules))
    game.setup["session"] = session.tag()
    game.setup["game_id"] = "g0"  # the first game again (a retried end): not added
    do(game, Tsumo(0))
    assert session.add_game(GameOutcome.of(game)) is session
    other = short_game(GameConfig("wrc", seed=41, rules=session.rules))
    other.setup["session"] = {"id": "another", "game": 2, "of": 3}
    other.setup["game_id"] = "x"
    do(other, Tsumo(0))
    assert session.add_game(GameOutcome.of(other)) is session
    with pytest.raises(SessionError):
        PlayedSession.from_json({**session.to_json(), "game_ids": []})


def test_an_unreadable_session_file_is_kept_aside_and_said(tmp_path):
    (tmp_path / SESSION_NAME).write_text("{not json", encoding="utf-8")
    store = SessionFile(tmp_path)
    assert store.load() is None
    assert store.problem and "could not be read" in store.problem
    assert [p.name.startswith(f"{SESSION_NAME}.corrupt-") for p in tmp_path.iterdir()] == [True]


def test_a_finished_game_left_by_a_kill_joins_its_session_at_the_next_launch(tmp_path):
    """Killed after the game ended but before the session file was updated."""
    session = finished_session(tmp_path, games=2, played=0)
    SessionFile(tmp_path).save(session)
    game = short_game(GameConfig("wrc", seed=40, rules=session.rules))
    game.setup["session"] = session.tag()
    do(game, Tsumo(0))
    SaveStore(tmp_path, durable=False).save(game)
    app = MahjongApp(delay=0, data_dir=tmp_path, seed=1)
    app._settle()
    assert app.session_found is not None and app.session_found.session.games_played == 1
    assert SessionFile(tmp_path).load() == app.session_found
    [row] = history_rows(tmp_path)
    assert row.session_key == session.key and row.session_game == 1
    assert not (tmp_path / SAVE_NAME).exists()
    assert len(list(games_dir(tmp_path).glob("*.jsonl"))) == 1  # kept, for the replay


# ---------------------------------------------------------------- history schema 4


def test_a_version_3_history_gains_the_session_columns(tmp_path):
    path = history_path(tmp_path)
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, to=3)
    conn.execute("INSERT INTO games (id, ruleset, overrides, seed, started_at, ended_at,"
                 " human_seat, hand_count, sticks, game_key) VALUES"
                 " (1, 'wrc', '{\"kuitan\": false}', 7, 1.0, 2.0, 0, 0, 0, 'old')")
    conn.executemany("INSERT INTO seats VALUES (1, ?, 25000, ?, 0.0, 0.0)",
                     [(s, s + 1) for s in range(4)])
    conn.close()
    seats = tuple(SeatResult(s, 25000, s + 1, 0.0, 0.0) for s in range(4))
    with HistoryDB(path) as db:
        [old] = db.games()
        assert old.session_key is None and old.overrides == {"kuitan": False}
        for n in (2, 1):
            db.record(GameRecord("teiai", {}, n, 3.0 + n, 4.0 + n, 0, seats, (),
                                 session_key="s1", session_game=n), key=f"k{n}")
        assert [g.session_game for g in db.session_games("s1")] == [1, 2]
        assert db.session_games("none") == []


# ---------------------------------------------------------------- a real kill mid-session


def _kill_in_the_second_game(data_dir: Path) -> None:
    """`mahjong-tui` in a pty resumes the session (r), plays some turns of its second
    game by keystrokes, and is killed with SIGKILL (no quit handler, no flush)."""
    import fcntl
    import os
    import signal
    import struct
    import subprocess
    import sys
    import termios
    import time

    pty = pytest.importorskip("pty")
    from test_tui_kill_resume import _drain, _save_events

    env = {**os.environ, "MAHJONG_TUI_DATA": str(data_dir), "XDG_CONFIG_HOME": str(data_dir),
           "COLUMNS": "120", "LINES": "40", "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    master, slave = pty.openpty()
    os.set_blocking(master, False)
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    process = subprocess.Popen(
        [sys.executable, "-m", "tui.cli", "--delay", "0"],
        stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    os.close(slave)
    try:
        screen = b""
        deadline = time.monotonic() + 60
        while b"session is under way" not in screen and time.monotonic() < deadline:
            screen += _drain(master, 0.2)
        os.write(master, b"r")
        while _save_events(data_dir) == 0 and time.monotonic() < deadline:
            _drain(master, 0.2)
        assert _save_events(data_dir) > 0, "the session's next game never saved its start"
        before = _save_events(data_dir)
        for _ in range(6):
            os.write(master, b"\r")
            _drain(master, 0.4)
            os.write(master, b"n")
            _drain(master, 0.3)
        deadline = time.monotonic() + 20
        while _save_events(data_dir) <= before and time.monotonic() < deadline:
            _drain(master, 0.2)
        assert _save_events(data_dir) > before, "the keystrokes played nothing"
    finally:
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        os.close(master)
    assert process.returncode == -signal.SIGKILL


@pytest.mark.skipif(__import__("sys").platform == "win32", reason="needs a POSIX pty")
async def test_a_session_killed_in_the_middle_of_a_game_resumes_exactly(tmp_path):
    session = finished_session(tmp_path, games=2, played=1)
    session = PlayedSession(session.key, "wrc", session.rules, "easy", session.session,
                            session.game_ids)
    SessionFile(tmp_path).save(session)
    _kill_in_the_second_game(tmp_path)
    saved = SaveStore(tmp_path).load()
    assert saved is not None and not saved.finished
    assert saved.game.setup["session"] == {"id": session.key, "game": 2, "of": 2}
    assert saved.seed == 41 and saved.game.ruleset.games_per_session == 2
    events = list(saved.game.events)
    assert SessionFile(tmp_path).load() == session  # unchanged by the unfinished game

    again = MahjongApp(delay=0, data_dir=tmp_path, seed=99)
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert "A game was saved: game 2 of 2 of a session, wrc" in screen_text(again)
        await pilot.press("r")
        table = await settle(pilot)
        assert table is not None
        assert hosted_game(table.app.table_host).events[: len(events)] == events
        assert again.play_session == session and again.config.ai == "easy"


async def test_teiai_is_a_session_of_four_games_by_itself(tmp_path):
    app = session_app(tmp_path, ruleset_id="teiai", seed=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await win_the_game(pilot)
        assert "Game 1 of 4 is over. Next: game 2 of 4 (seed 9)" in screen_text(app)
        assert app.play_session.rules == () and app.play_session.ruleset == "teiai"


def test_a_resumed_games_house_rules_read_back_as_rule_items():
    from rules.ruleset import resolve
    from tui.settings import rules_of

    ruleset = resolve("wrc", ["multiple_ron=double_ron", "red_fives=4", "kuitan=false"])
    items = rules_of(ruleset)
    assert set(items) == {'multiple_ron="double_ron"', "red_fives=4", "kuitan=false"}
    assert resolve("wrc", items).as_dict() == ruleset.as_dict()


def test_a_session_game_waiting_for_the_history_stays_kept_once_recorded(tmp_path):
    from engine.game_finish import settle_pending
    from engine.storage.history_recorder import HistoryRecorder

    session = finished_session(tmp_path, games=2, played=0)
    game = short_game(GameConfig("wrc", seed=40, rules=session.rules))
    game.setup["session"] = session.tag()
    game.setup["game_id"] = "g-pending"
    do(game, Tsumo(0))
    store = SaveStore(tmp_path, durable=False)
    store.save(game)
    store.keep_pending()  # as when the history could not be written at the game's end
    notes = settle_pending(store, HistoryRecorder(tmp_path))
    assert notes and "added now" in notes[0]
    assert [p.name for p in games_dir(tmp_path).iterdir()] == ["g-pending.jsonl"]
    [row] = history_rows(tmp_path)
    assert (row.session_key, row.session_game) == (session.key, 1)
