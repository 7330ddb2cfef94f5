"""Saving the game in progress: atomic writes after every event, resume after an
abrupt stop with the identical state, corrupt saves reported, kept aside, never
overwritten."""

from __future__ import annotations

import asyncio
import json
import os
from pathlib import Path

import pytest

from ai import LEVELS
from engine.actions import Discard
from engine.driver import play_game
from engine.events import event_to_dict
from engine.game import Game
from engine.scripted import do, scripted_game, t
from engine.storage import save_store as save_module
from engine.storage.game_log import log_lines
from engine.storage.kept_games import kept_games
from engine.storage.save_store import SAVE_NAME, CorruptSave, SaveError, SaveStore
from rules.ruleset import load_preset
from tui.data_dirs import default_data_dir

FIXED_TIME = 1_700_000_000.0  # 2023-11-14, so the names of kept files are predictable


class Crash(Exception):
    """An abrupt stop in the middle of a game."""


def bots(seed: int) -> list:
    return [LEVELS["greedy"](seat, seed) for seat in range(4)]


def play(game: Game, seed: int, after=None) -> None:
    asyncio.run(play_game(game, bots(seed), after_apply=after))


def crash_after(store: SaveStore, actions: int):
    """An `after_apply` hook that saves, and stops the game hard after `actions` actions."""

    def hook(game: Game, action, events) -> None:
        store.save(game)
        if len(game.actions) == actions:
            raise Crash

    return hook


def log_text(game: Game) -> str:
    return "\n".join(log_lines(game)) + "\n"


def store_at(path: Path, **kwargs) -> SaveStore:
    return SaveStore(path, durable=False, clock=lambda: FIXED_TIME, **kwargs)


def saved_game(tmp_path: Path, actions: int = 40, seed: int = 5) -> tuple[Game, SaveStore]:
    store = store_at(tmp_path)
    game = Game.new(load_preset("wrc"), seed)
    with pytest.raises(Crash):
        play(game, seed, crash_after(store, actions))
    return game, store


# --------------------------------------------------------------------------- writing


def test_the_save_is_the_game_log_after_every_event(tmp_path):
    store = store_at(tmp_path)
    game = Game.new(load_preset("jpml"), 11)
    checked = []

    def hook(game: Game, action, events) -> None:
        store.save(game)
        if len(game.actions) % 97 == 1:  # spot checks along the game
            assert store.path.read_text(encoding="utf-8") == log_text(game)
            checked.append(len(game.actions))

    play(game, 11, hook)
    assert store.path.read_text(encoding="utf-8") == log_text(game)
    assert len(checked) >= 3


def test_saving_from_an_observer_per_event_gives_the_same_log(tmp_path):
    store = store_at(tmp_path)
    game = Game.new(load_preset("wrc"), 2)

    class Saver:
        def on_event(self, event, game):
            store.save(game)

    asyncio.run(play_game(game, bots(2), [Saver()]))
    assert store.path.read_text(encoding="utf-8") == log_text(game)


def test_every_write_replaces_the_file_from_a_temporary_one(tmp_path, monkeypatch):
    store = store_at(tmp_path)
    game = Game.new(load_preset("wrc"), 1)
    calls: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src, dst):
        calls.append((str(src), str(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(save_module.os, "replace", spy)
    store.save(game)
    [(src, dst)] = calls
    assert Path(src).parent == tmp_path and Path(src).name.startswith(".save-")
    assert dst == str(store.path)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".save-")]


def test_a_failed_write_keeps_the_previous_save_whole(tmp_path, monkeypatch):
    game, store = saved_game(tmp_path, actions=30)
    before = store.path.read_bytes()
    game.apply(game.legal_actions(game.pending_seats()[0])[0])

    def broken(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(save_module.os, "replace", broken)
    with pytest.raises(SaveError, match="disk full"):
        store.save(game)
    assert store.path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == [SAVE_NAME]  # no temp file left


def test_durable_saves_fsync(tmp_path, monkeypatch):
    synced = []
    real = os.fsync
    monkeypatch.setattr(save_module.os, "fsync", lambda fd: (synced.append(fd), real(fd)))
    store = SaveStore(tmp_path)  # durable by default
    store.save(Game.new(load_preset("wrc"), 1))
    assert synced  # the file (and, on POSIX, the directory)


def test_saving_log_lines(tmp_path):
    game = Game.new(load_preset("gifu"), 4)
    store = store_at(tmp_path)
    store.save(list(log_lines(game)))
    assert store.path.read_text(encoding="utf-8") == log_text(game)
    assert store.load().game.events == game.events


# --------------------------------------------------------------------------- resuming


@pytest.mark.parametrize("actions", [1, 57, 333])
def test_resume_after_an_abrupt_stop_restores_the_identical_state(tmp_path, actions):
    game, _ = saved_game(tmp_path, actions=actions, seed=8)
    resumed = store_at(tmp_path).resume()  # a new store, as after a restart
    assert [event_to_dict(e) for e in resumed.events] == [event_to_dict(e) for e in game.events]
    assert resumed.actions == game.actions
    for seat in range(4):
        assert resumed.view(seat) == game.view(seat)
        assert resumed.legal_actions(seat) == game.legal_actions(seat)
    assert resumed.pending_seats() == game.pending_seats()
    assert (resumed.scores, resumed.honba, resumed.sticks) == (game.scores, game.honba, game.sticks)


def test_a_resumed_game_plays_on_exactly_as_the_original_would_have(tmp_path):
    game, _ = saved_game(tmp_path, actions=120, seed=9)
    store = store_at(tmp_path)
    resumed = store.resume()
    play(game, 9)  # the original, uninterrupted
    play(resumed, 9, lambda g, a, e: store.save(g))
    assert [event_to_dict(e) for e in resumed.events] == [event_to_dict(e) for e in game.events]
    assert resumed.results == game.results
    assert store.path.read_text(encoding="utf-8") == log_text(resumed)


def test_load_describes_the_saved_game(tmp_path):
    game, _ = saved_game(tmp_path, actions=80, seed=3)
    saved = store_at(tmp_path).load()
    assert saved is not None and not saved.finished
    assert (saved.ruleset, saved.seed) == ("wrc", 3)
    assert saved.scores == tuple(game.scores) and saved.events == len(game.events)
    assert (saved.round_wind, saved.hand_number, saved.honba) == (
        game.round_wind,
        game.hand_number,
        game.honba,
    )
    assert saved.lines[0].startswith('{"format": "mahjong-tui-log"')


def test_a_save_missing_the_tail_of_its_last_action_still_resumes(tmp_path):
    game = scripted_game(
        "wrc",
        [
            "1z1z2z2z3z4z5z2p4p6s9s3p8p",
            "123m456m789m67p11s",
            "1z3z3z4z4z5z7z2p5p9s5s6m8m",
            "2z6z7z7z1m9m3p6p8p2s7s9s4s",
        ],
        draws="7z5p",
    )
    do(game, Discard(1, t("5p")))  # a discard: several events follow the action
    lines = list(log_lines(game))
    assert json.loads(lines[-1]).get("event")
    store = store_at(tmp_path)
    store.save(lines[:-1])  # saved while the last event was still arriving
    resumed = store.resume()
    assert resumed.events == game.events
    store.save(resumed)
    assert store.path.read_text(encoding="utf-8") == log_text(game)


def test_no_save_means_nothing_to_resume(tmp_path):
    store = store_at(tmp_path / "new")
    assert store.load() is None and store.problem is None
    with pytest.raises(SaveError, match="no saved game"):
        store.resume()


def test_clear_removes_the_save_of_a_finished_game(tmp_path):
    store = store_at(tmp_path)
    game = Game.new(load_preset("wrc"), 6)
    play(game, 6, lambda g, a, e: store.save(g))
    assert store.load().finished
    store.clear()
    assert not store.path.exists() and store.load() is None


# --------------------------------------------------------------------------- corrupt saves


def _truncated(text: str) -> str:
    return text[: len(text) - 37]  # cut in the middle of the last line


def _wrong_version(text: str) -> str:
    header, rest = text.split("\n", 1)
    data = json.loads(header)
    # A version no mahjong-tui wrote is corrupt; a higher one is a newer version's save,
    # kept as it is (issue #20: tests/test_storage_files.py).
    data["version"] = 0
    return json.dumps(data) + "\n" + rest


def _tampered(text: str) -> str:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        record = json.loads(line)
        if record.get("event", {}).get("type") == "hand_ended":
            record["event"]["scores"] = [99999, 0, 0, 1]
            lines[i] = json.dumps(record)
            break
    return "\n".join(lines) + "\n"


CORRUPTIONS = {
    "truncated": _truncated,
    "wrong-version": _wrong_version,
    "garbage": lambda text: "\x00\x13 not a log at all {[",
    "not-a-log": lambda text: '{"hello": "world"}\n',
    "empty": lambda text: "",
    "tampered": _tampered,
    "unknown-ruleset": lambda text: text.replace('"ruleset": "wrc"', '"ruleset": "nope"', 1),
}


@pytest.mark.parametrize("kind", CORRUPTIONS)
def test_a_corrupt_save_is_reported_kept_aside_and_never_overwritten(tmp_path, kind):
    _, first = saved_game(tmp_path, actions=150, seed=4)
    text = CORRUPTIONS[kind](first.path.read_text(encoding="utf-8"))
    first.path.write_text(text, encoding="utf-8")
    original = first.path.read_bytes()

    store = store_at(tmp_path)
    assert store.load() is None
    assert store.problem is not None and "could not be read" in store.problem
    kept = tmp_path / f"{SAVE_NAME}.corrupt-20231114-{_hms()}"
    assert store.kept_as == kept and kept.name in store.problem
    assert kept.read_bytes() == original
    assert not store.path.exists()

    store.save(Game.new(load_preset("wrc"), 1))  # a new game starts a new save
    assert store.path.exists() and kept.read_bytes() == original
    store.clear()
    assert kept.read_bytes() == original  # clear() never touches a kept save


def _hms() -> str:
    import time

    return time.strftime("%H%M%S", time.localtime(FIXED_TIME))


@pytest.mark.parametrize(
    ("kind", "reason"),
    [
        ("truncated", "is not valid JSON"),
        ("wrong-version", "log has format version 0"),
        ("not-a-log", "not a mahjong-tui game log"),
        ("empty", "the file is empty"),
        ("tampered", "does not replay as saved"),
        ("unknown-ruleset", "game setup is not valid"),
    ],
)
def test_resume_names_what_is_wrong(tmp_path, kind, reason):
    _, first = saved_game(tmp_path, actions=150, seed=4)
    first.path.write_text(
        CORRUPTIONS[kind](first.path.read_text(encoding="utf-8")), encoding="utf-8"
    )
    with pytest.raises(CorruptSave, match=reason) as caught:
        store_at(tmp_path).resume()
    assert caught.value.kept_as is not None and caught.value.kept_as.exists()


def test_binary_garbage_is_corrupt_too(tmp_path):
    path = tmp_path / SAVE_NAME
    path.write_bytes(b"\xff\xfe\x00garbage\x9c")
    store = store_at(tmp_path)
    assert store.load() is None and "not text" in store.problem
    assert store.kept_as.read_bytes() == b"\xff\xfe\x00garbage\x9c"


def test_a_corrupt_save_is_not_overwritten_even_without_loading_first(tmp_path):
    path = tmp_path / SAVE_NAME
    path.write_text("garbage\n", encoding="utf-8")
    store = store_at(tmp_path)
    store.save(Game.new(load_preset("wrc"), 1))
    assert store.problem is not None and store.kept_as.read_text() == "garbage\n"
    assert store.load() is not None


def test_two_corrupt_saves_in_the_same_second_get_two_names(tmp_path):
    store = store_at(tmp_path)
    for n in range(2):
        (tmp_path / SAVE_NAME).write_text(f"garbage {n}\n", encoding="utf-8")
        assert store.load() is None
    kept = store.kept_aside()
    assert [p.read_text() for p in kept] == ["garbage 0\n", "garbage 1\n"]
    assert kept[1].name.endswith("-2")


def test_an_unloaded_readable_save_of_another_game_is_kept_too(tmp_path):
    _, first = saved_game(tmp_path, actions=20, seed=4)
    text = first.path.read_text(encoding="utf-8")
    other = store_at(tmp_path)  # never loaded: a second app started a new game
    other.save(Game.new(load_preset("jpm"), 2))
    # Kept in games/ under the game's id (issue #10), no longer as save.jsonl.previous-*.
    [kept] = kept_games(tmp_path)
    game_id = json.loads(text.split("\n", 1)[0])["setup"]["game_id"]
    assert kept.name == f"{game_id}.jsonl" and kept.read_text() == text
    assert other.kept_aside() == []


# --------------------------------------------------------------------------- where


def test_default_data_dir_per_platform():
    home = {"HOME": "/home/ann"}
    assert default_data_dir(home, "linux") == Path("/home/ann/.local/share/mahjong-tui")
    assert default_data_dir({**home, "XDG_DATA_HOME": "/x"}, "linux") == Path("/x/mahjong-tui")
    assert default_data_dir(home, "darwin") == Path(
        "/home/ann/Library/Application Support/mahjong-tui"
    )
    assert default_data_dir({**home, "APPDATA": "C:/A"}, "win32") == Path("C:/A/mahjong-tui")
    assert default_data_dir({"MAHJONG_TUI_DATA": "/d"}, "linux") == Path("/d")


# --------------------------------------------------------------------------- time limit


class FakeClock:
    """A clock the test moves by hand (seconds)."""

    def __init__(self, now: float = 1000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now


def test_a_time_limit_save_carries_the_playing_time_and_the_clock_goes_on(tmp_path):
    """gifu 第2条: a 50-minute game. The save notes the playing time; a resumed game's
    clock counts on from it, so quitting for the night neither ends nor restarts it."""
    clock = FakeClock()
    store = store_at(tmp_path)
    game = Game.new(load_preset("gifu"), 3, clock=clock)
    seen: list[int] = []

    def hook(game: Game, action, events) -> None:
        clock.now += 10  # ten seconds an action
        store.save(game)
        seen.append(len(game.actions))
        if len(game.actions) == 30:
            raise Crash

    with pytest.raises(Crash):
        play(game, 3, hook)
    assert json.loads(store.path.read_text().splitlines()[-1]) == {"played_seconds": 300.0}

    saved = store_at(tmp_path).load()
    assert saved is not None and saved.played_seconds == 300.0
    assert saved.game.events == game.events
    later = FakeClock(now=9_999_999.0)  # days later
    saved.game.resume_clock(later, saved.played_seconds)
    assert saved.game.played_seconds() == 300.0
    later.now += 60
    assert saved.game.played_seconds() == 360.0


def test_a_resumed_time_limit_game_ends_when_its_time_is_up(tmp_path):
    clock = FakeClock()
    game = Game.new(load_preset("gifu"), 4, clock=clock)
    store = store_at(tmp_path)
    with pytest.raises(Crash):
        play(game, 4, crash_after(store, 5))
    saved = store_at(tmp_path).load()
    assert saved is not None
    # Resumed with 49:59 already played; the hand in progress takes more than a second.
    resumed_clock = FakeClock(now=50.0)
    saved.game.resume_clock(resumed_clock, 50 * 60 - 1)

    def tick(game: Game, action, events) -> None:
        resumed_clock.now += 1

    play(saved.game, 4, tick)
    ended = [e for e in saved.game.events if type(e).__name__ == "HandEnded"]
    assert saved.game.is_over
    assert len(ended) == 1 and ended[0].time_up


def test_a_save_with_its_clock_note_replays_as_a_log(tmp_path):
    from engine.storage.game_log import replay

    clock = FakeClock()
    store = store_at(tmp_path)
    game = Game.new(load_preset("gifu"), 3, clock=clock)
    with pytest.raises(Crash):
        play(game, 3, crash_after(store, 12))
    assert "played_seconds" in store.path.read_text().splitlines()[-1]
    assert replay(store.path).events == game.events


def test_a_clock_note_that_is_not_a_number_is_a_corrupt_save(tmp_path):
    store = store_at(tmp_path)
    game = Game.new(load_preset("gifu"), 3, clock=FakeClock())
    with pytest.raises(Crash):
        play(game, 3, crash_after(store, 8))
    text = store.path.read_text().replace('"played_seconds": 0.0', '"played_seconds": "soon"')
    text = text.replace('"played_seconds":0.0', '"played_seconds":"soon"')
    store.path.write_text(text)
    fresh = store_at(tmp_path)
    assert fresh.load() is None
    assert "playing time" in fresh.problem
