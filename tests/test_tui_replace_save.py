"""A saved game is replaced only after the player confirms, and is then kept in
``games/<game id>.jsonl`` (replay/export read it); old ``save.jsonl.previous-*``
leftovers move there once; a second process on the same data directory is told,
saves nothing, and may watch the other's save read only."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_tui_pilot import screen_text, settle

from engine.game import Game
from engine.storage.game_log import replay
from engine.storage.kept_games import kept_games
from engine.storage.save_store import SAVE_NAME, SaveStore
from engine.table_host import hosted_game
from rules.ruleset import load_preset
from tui.app import MahjongApp
from tui.data_lock import DataLock
from tui.screens.launch import LaunchScreen
from tui.screens.notice import OtherGameScreen, ReplaceSaveScreen
from tui.screens.table import TableScreen

ROOMY = (120, 40)
ROOT = Path(__file__).resolve().parent.parent


def a_saved_game(data: Path, seed: int = 5) -> tuple[bytes, str]:
    """A game saved after a few actions; its bytes and its id."""
    store = SaveStore(data, durable=False)
    game = Game.new(load_preset("wrc"), seed)
    for _ in range(6):
        game.apply(game.legal_actions(game.pending_seats()[0])[0])
    store.save(game)
    return store.path.read_bytes(), game.setup["game_id"]


async def wait_for(pilot, kind: type, timeout: float = 10.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if isinstance(pilot.app.screen, kind):
            return pilot.app.screen
        await pilot.pause(0.02)
    raise AssertionError(f"no {kind.__name__}; top is {type(pilot.app.screen).__name__}")


async def test_enter_on_the_launch_screen_asks_before_replacing_the_save(tmp_path):
    before, game_id = a_saved_game(tmp_path)
    app = MahjongApp(seed=42, delay=0, data_dir=tmp_path)
    async with app.run_test(size=ROOMY) as pilot:
        await wait_for(pilot, LaunchScreen)
        await pilot.press("enter")
        await wait_for(pilot, ReplaceSaveScreen)
        assert "seed 42) instead?" in screen_text(app)
        assert f"{game_id}.jsonl" in app.screen.text  # the full path (wrapped on screen)
        await pilot.press("n")  # back: nothing changed
        await wait_for(pilot, LaunchScreen)
        assert (tmp_path / SAVE_NAME).read_bytes() == before
        await pilot.press("enter")
        await wait_for(pilot, ReplaceSaveScreen)
        await pilot.press("y")
        table = await settle(pilot)
        assert isinstance(table, TableScreen) and hosted_game(table.app.table_host).seed == 42
    [kept] = kept_games(tmp_path)
    assert kept.name == f"{game_id}.jsonl" and kept.read_bytes() == before
    assert replay(kept).seed == 5  # a whole log: replay and export read it


async def test_flags_with_a_saved_game_wait_for_the_answer(tmp_path):
    before, game_id = a_saved_game(tmp_path)
    app = MahjongApp(ruleset_id="wrc", seed=3, delay=0, data_dir=tmp_path)
    async with app.run_test(size=ROOMY) as pilot:
        await wait_for(pilot, ReplaceSaveScreen)
        assert not any(isinstance(s, TableScreen) for s in app.screen_stack)
        await pilot.press("n")  # quit: nothing changed
        await pilot.pause()
    assert (tmp_path / SAVE_NAME).read_bytes() == before and kept_games(tmp_path) == []

    app = MahjongApp(ruleset_id="wrc", seed=3, delay=0, data_dir=tmp_path)
    async with app.run_test(size=ROOMY) as pilot:
        await wait_for(pilot, ReplaceSaveScreen)
        await pilot.press("r")  # resume the saved game instead of the flags' one
        table = await settle(pilot)
        hosted = hosted_game(table.app.table_host)
        assert hosted.seed == 5 and hosted.setup["game_id"] == game_id

    app = MahjongApp(ruleset_id="wrc", seed=3, delay=0, data_dir=tmp_path)
    async with app.run_test(size=ROOMY) as pilot:
        await wait_for(pilot, ReplaceSaveScreen)
        await pilot.press("y")
        table = await settle(pilot)
        assert hosted_game(table.app.table_host).seed == 3
    [kept] = kept_games(tmp_path)
    assert kept.name == f"{game_id}.jsonl"
    assert replay(kept).setup["seed"] == 5


def test_old_previous_leftovers_move_into_games_once(tmp_path):
    text, game_id = a_saved_game(tmp_path / "x")
    (tmp_path / f"{SAVE_NAME}.previous-20240101-000000").write_bytes(text)
    (tmp_path / f"{SAVE_NAME}.previous-20240101-000001").write_bytes(b"garbage\n")
    store = SaveStore(tmp_path, durable=False)
    moved = store.migrate_leftovers()
    names = sorted(p.name for p in moved)
    assert names == sorted([f"{game_id}.jsonl", "previous-20240101-000001.jsonl"])
    assert not [p for p in tmp_path.iterdir() if ".previous-" in p.name]
    assert store.migrate_leftovers() == []  # once: nothing left to move
    assert (tmp_path / "games" / f"{game_id}.jsonl").read_bytes() == text


def test_a_kept_game_never_overwrites_another(tmp_path):
    text, game_id = a_saved_game(tmp_path)
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / f"{game_id}.jsonl").write_text("older\n")
    kept = SaveStore(tmp_path, durable=False).archive()
    assert kept.name == f"{game_id}-2.jsonl" and kept.read_bytes() == text
    assert (tmp_path / "games" / f"{game_id}.jsonl").read_text() == "older\n"


# ---------------------------------------------------------------- one process per directory

HOLDER = (
    "import sys, time; from tui.data_lock import DataLock; "
    "lock = DataLock(sys.argv[1]); assert lock.acquire() is None; "
    "print('held', flush=True); time.sleep(60)"
)


def hold_lock(data: Path) -> subprocess.Popen:
    process = subprocess.Popen([sys.executable, "-c", HOLDER, str(data)], cwd=ROOT,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdout.readline().strip() == "held"
    return process


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes")
def test_the_lock_names_its_owner_and_a_dead_owner_is_taken_over(tmp_path):
    holder = hold_lock(tmp_path)
    try:
        assert DataLock(tmp_path).acquire() == holder.pid
    finally:
        holder.kill()
        holder.wait()
    assert (tmp_path / "game.lock").read_text().strip() == str(holder.pid)  # stale
    lock = DataLock(tmp_path)
    assert lock.acquire() is None  # taken over
    assert (tmp_path / "game.lock").read_text().strip() != str(holder.pid)
    lock.release()
    assert not (tmp_path / "game.lock").exists()


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX processes")
async def test_a_second_game_on_the_same_directory_saves_nothing_and_offers_a_replay(tmp_path):
    before, _ = a_saved_game(tmp_path)
    holder = hold_lock(tmp_path)
    try:
        app = MahjongApp(ruleset_id="jpml", seed=9, delay=0, data_dir=tmp_path)
        async with app.run_test(size=ROOMY) as pilot:
            await wait_for(pilot, OtherGameScreen)
            text = screen_text(app)
            assert f"process {holder.pid}" in text and "MAHJONG_TUI_DATA" in text
            await pilot.press("v")
            await pilot.pause(0.3)
            from tui.screens.replay import ReplayScreen

            assert isinstance(app.screen, ReplayScreen)
            await pilot.press("q")
            await wait_for(pilot, OtherGameScreen)
            await pilot.press("q")
            await pilot.pause()
        assert (tmp_path / SAVE_NAME).read_bytes() == before
        assert kept_games(tmp_path) == [] and not (tmp_path / "history.sqlite3").exists()
    finally:
        holder.kill()
        holder.wait()


def test_the_saved_game_header_carries_its_id(tmp_path):
    before, game_id = a_saved_game(tmp_path)
    header = json.loads(before.split(b"\n", 1)[0])
    assert header["setup"]["game_id"] == game_id
    assert SaveStore(tmp_path).load().game_id == game_id
