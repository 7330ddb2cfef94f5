"""Every game kept (issue #14): a finished or abandoned game keeps its whole log in
``games/<id>.jsonl``, the history row names it (schema v5), `mahjong-tui games`
lists them newest first, and `replay` / `export` take a game by its id or `last`."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from test_game_end_consistency import last_hand
from test_tui_pilot import settle

from ai.baseline import TsumogiriPlayer
from engine.game import Start
from engine.game_finish import finish_game, settle_pending
from engine.scripted import autopilot, scripted_game
from engine.storage.history.db import SCHEMA_VERSION, HistoryDB, history_path, migrate
from engine.storage.history_recorder import HistoryRecorder
from engine.storage.kept_games import games_dir, migrate_leftovers, pending_games
from engine.storage.save_store import SAVE_NAME, SaveStore
from engine.table_host import TableHost
from tui.app import MahjongApp
from tui.cli import main
from tui.game_list import ABANDONED, FINISHED, IN_PLAY, resolve

HANDS = ["234m456m678p2345s", "258m147p369s1234z", "258m147p369s1234z", "369m258p147s5567z"]


def logs_in_history(data: Path) -> list[tuple[str, str | None]]:
    with HistoryDB(history_path(data)) as db:
        return [(k, log) for k, log in db.conn.execute("SELECT game_key, log FROM games")]


def cli_json(capsys, *args: str) -> dict:
    assert main(["games", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


@pytest.fixture
def data(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("MAHJONG_TUI_DATA", str(tmp_path))
    return tmp_path


async def play_app_game(data: Path) -> str:
    """A real game in the app (Pilot) that one tsumo ends; its id."""
    from test_tui_session import short_game

    from tui.settings import GameConfig

    game = short_game(GameConfig("wrc", seed=3))
    app = MahjongApp(host=TableHost(game),
                     opponents=[TsumogiriPlayer(s) for s in (1, 2, 3)], delay=0,
                     data_dir=data)
    async with app.run_test(size=(120, 40)) as pilot:
        assert await settle(pilot) is not None
        await pilot.press("t")
        for _ in range(10):
            await pilot.pause()
            if not app.is_running:
                break
            await pilot.press("enter")
    assert game.is_over
    return str(game.setup["game_id"])


# ---------------------------------------------------------------- a real app game


async def test_a_finished_app_game_is_kept_listed_and_replayed_by_id(data, capsys):
    game_id = await play_app_game(data)
    kept = games_dir(data) / f"{game_id}.jsonl"
    assert kept.is_file() and not (data / SAVE_NAME).exists()
    assert logs_in_history(data) == [(game_id, f"games/{game_id}.jsonl")]

    [listed] = cli_json(capsys)["games"]
    assert listed["id"] == game_id and listed["state"] == FINISHED
    assert (listed["ruleset"], listed["seed"], listed["hands"]) == ("wrc", 3, 1)
    assert listed["place"] in (1, 2, 3, 4) and listed["log"] == str(kept)
    assert main(["games"]) == 0
    table = capsys.readouterr().out
    assert game_id in table and "wrc" in table and "1 game kept" in table

    assert main(["replay", "--summary", str(kept)]) == 0
    by_path = capsys.readouterr().out
    assert "wins by tsumo" in by_path
    for name in (game_id, "last", game_id[:18]):
        assert main(["replay", "--summary", name]) == 0
        assert capsys.readouterr().out == by_path
    assert main(["export", "--format", "mjai", "last"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert json.loads(lines[0])["type"] == "start_game"


async def test_the_review_opens_from_the_viewer_of_a_game_taken_by_id(data):
    from tui.commands.replay import load_log
    from tui.replay_app import ReplayApp
    from tui.screens.review import ReviewScreen

    game_id = await play_app_game(data)
    errors: list[str] = []
    game = load_log(game_id, errors.append)
    assert errors == [] and game is not None and game.is_over
    app = ReplayApp(game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)


# ---------------------------------------------------------------- finished, abandoned, resumed


def test_an_abandoned_game_is_kept_listed_as_such_and_never_last(data, capsys):
    store = SaveStore(data, durable=False)
    finished = last_hand(store)
    assert finish_game(store, HistoryRecorder(data), finished).recorded
    store = SaveStore(data, durable=False)
    unfinished = scripted_game("wrc", HANDS, start=Start(round_wind=1, hand_number=3), seed=9)
    unfinished.apply(autopilot(unfinished, unfinished.pending_seats()[0]))
    store.save(unfinished)
    listed = cli_json(capsys)["games"]
    assert [g["state"] for g in listed] == [IN_PLAY, FINISHED]  # the save is the newest
    assert store.archive() is not None  # what the app does when a new game replaces it
    listed = cli_json(capsys)["games"]
    assert {g["id"]: g["state"] for g in listed} == {
        unfinished.setup["game_id"]: ABANDONED, finished.setup["game_id"]: FINISHED}
    abandoned = next(g for g in listed if g["state"] == ABANDONED)
    assert abandoned["place"] is None and abandoned["hands"] == 1
    assert resolve("last", data).endswith(f"{finished.setup['game_id']}.jsonl")
    assert resolve(unfinished.setup["game_id"], data) == abandoned["log"]
    assert main(["games"]) == 0
    assert "abandoned" in capsys.readouterr().out


def test_a_resumed_game_stays_one_game(data):
    store = SaveStore(data, durable=False)
    game = scripted_game("wrc", HANDS, start=Start(round_wind=1, hand_number=3))
    game.apply(autopilot(game, game.pending_seats()[0]))
    store.save(game)
    again = SaveStore(data, durable=False)  # the next launch resumes it
    resumed = again.resume()
    while not resumed.is_over:
        resumed.apply(autopilot(resumed, resumed.pending_seats()[0]))
        again.save(resumed)
    done = finish_game(again, HistoryRecorder(data), resumed)
    assert done.recorded and done.kept is not None
    assert [p.name for p in games_dir(data).iterdir()] == [f"{game.setup['game_id']}.jsonl"]
    assert logs_in_history(data) == [(game.setup["game_id"], f"games/{done.kept.name}")]


def test_a_taken_name_is_not_overwritten_and_the_row_follows_the_file(data):
    store = SaveStore(data, durable=False)
    game = last_hand(store)
    game_id = game.setup["game_id"]
    squatter = games_dir(data) / f"{game_id}.jsonl"
    squatter.parent.mkdir()
    squatter.write_text("someone else's file\n", encoding="utf-8")
    done = finish_game(store, HistoryRecorder(data), game)
    assert done.kept is not None and done.kept.name == f"{game_id}-2.jsonl"
    assert squatter.read_text(encoding="utf-8") == "someone else's file\n"
    assert logs_in_history(data) == [(game_id, f"games/{game_id}-2.jsonl")]


def test_a_pending_game_is_kept_once_recorded(data):
    store = SaveStore(data, durable=False)
    game = last_hand(store)
    store.keep_pending()  # as when the history was locked at the end
    notes = settle_pending(SaveStore(data, durable=False), HistoryRecorder(data))
    assert notes and "added now" in notes[0]
    game_id = game.setup["game_id"]
    assert pending_games(data) == [] and (games_dir(data) / f"{game_id}.jsonl").is_file()
    assert logs_in_history(data) == [(game_id, f"games/{game_id}.jsonl")]


def test_a_finished_save_left_by_a_kill_is_kept_at_the_next_launch(data):
    store = SaveStore(data, durable=False)
    game = last_hand(store)  # finished and saved, the process killed before its end step
    settle_pending(SaveStore(data, durable=False), HistoryRecorder(data))
    game_id = game.setup["game_id"]
    assert not store.path.exists() and (games_dir(data) / f"{game_id}.jsonl").is_file()
    assert logs_in_history(data) == [(game_id, f"games/{game_id}.jsonl")]


# ---------------------------------------------------------------- ids and paths


def test_an_unknown_id_is_one_line_naming_games(data, capsys):
    for command in (["replay", "--summary", "nosuchgame"],
                    ["export", "--format", "tenhou6", "nosuchgame"], ["replay", "last"]):
        with pytest.raises(SystemExit) as exit_:
            main(command)
        assert exit_.value.code == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "mahjong-tui games" in err[0], err


def test_a_path_still_works_and_a_missing_path_keeps_its_own_message(data, tmp_path, capsys):
    assert main(["sim", "--games", "1", "--seed", "5", "--log", str(tmp_path / "logs")]) == 0
    capsys.readouterr()
    [log] = (tmp_path / "logs").glob("*.jsonl")
    assert main(["replay", "--summary", str(log)]) == 0
    assert "wrc seed 5" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["replay", "--summary", str(tmp_path / "missing.jsonl")])
    err = capsys.readouterr().err
    assert "no such log" in err and "mahjong-tui games" not in err


def test_a_start_of_two_ids_is_ambiguous(data, capsys):
    folder = games_dir(data)
    folder.mkdir()
    for stem in ("20260101-000000-wrc-1-aaaaaa", "20260101-000000-wrc-1-bbbbbb"):
        (folder / f"{stem}.jsonl").write_text(
            json.dumps({"format": "mahjong-tui-log", "version": 1,
                        "setup": {"seed": 1, "ruleset": "wrc", "game_id": stem}}) + "\n")
    with pytest.raises(SystemExit):
        main(["replay", "--summary", "20260101-000000-wrc"])
    assert "start of 2 game ids" in capsys.readouterr().err
    assert resolve("20260101-000000-wrc-1-b", data).endswith("bbbbbb.jsonl")


def test_games_filters_by_ruleset_and_refuses_an_unknown_one(data, capsys):
    store = SaveStore(data, durable=False)
    finish_game(store, HistoryRecorder(data), last_hand(store))
    assert len(cli_json(capsys, "--ruleset", "wrc")["games"]) == 1
    assert cli_json(capsys, "--ruleset", "jpml")["games"] == []
    with pytest.raises(SystemExit) as exit_:
        main(["games", "--ruleset", "nope"])
    assert exit_.value.code == 2


def test_a_locked_history_is_one_line_and_exit_2(data, capsys, monkeypatch):
    store = SaveStore(data, durable=False)
    finish_game(store, HistoryRecorder(data), last_hand(store))
    import engine.storage.history.db as db

    monkeypatch.setattr(db, "DEFAULT_TIMEOUT", 0.1)
    other = sqlite3.connect(history_path(data), isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(SystemExit) as exit_:
            main(["games"])
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert exit_.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


# ---------------------------------------------------------------- schema v5, leftovers


def test_version_4_rows_are_migrated_and_session_games_get_their_log(tmp_path):
    path = history_path(tmp_path)
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, to=4)
    for key, session in (("single-1", None), ("20260101-000000-teiai-1-abcdef", "s-1")):
        conn.execute("INSERT INTO games (ruleset, seed, started_at, ended_at, human_seat,"
                     " hand_count, game_key, session_key, session_game)"
                     " VALUES ('wrc', 1, 1.0, 2.0, 0, 0, ?, ?, ?)",
                     (key, session, 1 if session else None))
    conn.close()
    with HistoryDB(path) as db:
        assert db.conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 6
        logs = dict(db.conn.execute("SELECT game_key, log FROM games"))
    assert logs == {"single-1": None,
                    "20260101-000000-teiai-1-abcdef": "games/20260101-000000-teiai-1-abcdef.jsonl"}


def test_temporary_files_of_a_killed_write_are_cleaned_at_launch(tmp_path):
    for name in (".save-abc123.tmp", ".session-x.tmp"):
        (tmp_path / name).write_text("half a save")
    keep = tmp_path / "notes.tmp"
    keep.write_text("not ours")
    migrate_leftovers(tmp_path, SAVE_NAME)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.tmp"]


async def test_the_app_cleans_temporary_leftovers_at_launch(tmp_path):
    (tmp_path / ".save-zz.tmp").write_text("half a save")
    await play_app_game(tmp_path)
    assert not (tmp_path / ".save-zz.tmp").exists()
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(".save-")) == []
