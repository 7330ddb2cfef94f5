"""Issue #20 cases 4, 7, 8, 9, 10 and issue #19's settings: the app's files are opened
one safe way (`engine.storage`), a lock that cannot be taken means no saving, a game
ended on a full disk is kept somewhere, "newer version" is not "corrupt", and the
settings follow the data directory."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from test_game_end_consistency import last_hand

from engine.game import Game
from engine.game_finish import finish_game, settle_pending
from engine.storage.history_recorder import HistoryRecorder
from engine.storage.kept_games import games_dir, pending_games
from engine.storage.save_store import SAVE_NAME, SaveError, SaveStore
from engine.table_host import TableHost
from rules.ruleset import load_preset
from tui.data_lock import LOCK_NAME, DataLock
from tui.session_file import SESSION_NAME, PlayedSession, SessionFile
from tui.settings import FILE_NAME, Settings, load_settings, save_settings

# The modules this issue adds are imported inside the tests that use them, so every
# other test here runs (and fails) on the code before them.

ROOT = Path(__file__).resolve().parent.parent
SPECIAL = ("fifo", "devzero", "directory")


def make_special(path: Path, kind: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "devzero":
        path.symlink_to("/dev/zero")
    else:
        path.mkdir()


def within(seconds: float, call, *args):
    """`call(*args)` in a thread; its result or exception, or a failure if it blocks."""
    box: dict[str, object] = {}

    def run() -> None:
        try:
            box["value"] = call(*args)
        except BaseException as error:
            box["error"] = error

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{call.__name__} blocked on a special file"
    return box


# ---------------------------------------------------------------- engine.storage


@pytest.mark.parametrize("kind", [*SPECIAL, "symlink"])
def test_storage_refuses_anything_but_a_regular_file_without_blocking(tmp_path, kind):
    from engine.storage import NotRegularFile, read_bytes

    path = tmp_path / "f"
    if kind == "symlink":
        (tmp_path / "real").write_text("{}")
        path.symlink_to(tmp_path / "real")
    else:
        make_special(path, kind)
    box = within(5, read_bytes, path, 1000)
    assert isinstance(box.get("error"), NotRegularFile), box


def test_storage_refuses_a_file_over_its_cap_before_reading(tmp_path):
    from engine.storage import TooLarge, read_bytes

    path = tmp_path / "big"
    path.write_bytes(b"x" * 101)
    with pytest.raises(TooLarge):
        read_bytes(path, 100)
    assert read_bytes(path, 101) == b"x" * 101


def test_a_write_replaces_a_symlink_and_never_writes_its_target(tmp_path):
    from engine.storage import write_atomic

    victim = tmp_path / "victim"
    victim.write_text("mine\n")
    link = tmp_path / "out"
    link.symlink_to(victim)
    write_atomic(link, "theirs\n")
    assert victim.read_text() == "mine\n"
    assert not link.is_symlink() and link.read_text() == "theirs\n"


def test_one_rule_for_newer_and_corrupt_versions():
    from engine.storage.file_version import NewerVersion, check_version

    check_version(1, 1, "x")
    with pytest.raises(NewerVersion, match="written by a newer version of mahjong-tui"):
        check_version(2, 1, "x")
    for bad in (0, -1, "2", 1.5, None, True):
        with pytest.raises(ValueError) as caught:
            check_version(bad, 1, "x")
        assert not isinstance(caught.value, NewerVersion)


# ---------------------------------------------------------------- case 4: launch refuses


@pytest.mark.parametrize("kind", SPECIAL)
@pytest.mark.parametrize(
    "name", [SAVE_NAME, SESSION_NAME, FILE_NAME, LOCK_NAME, "games/x.pending.jsonl"]
)
def test_the_launch_names_a_special_file_in_one_line(tmp_path, name, kind):
    from tui.launch_check import launch_problem

    make_special(tmp_path / name, kind)
    problem = launch_problem(tmp_path)
    assert problem is not None and "\n" not in problem
    assert str(tmp_path / name) in problem and "not a regular file" in problem


def test_a_plain_data_directory_is_no_problem(tmp_path):
    from tui.launch_check import launch_problem

    assert launch_problem(tmp_path) is None
    last_hand(SaveStore(tmp_path, durable=False))
    save_settings(Settings(), tmp_path)
    assert launch_problem(tmp_path) is None


@pytest.mark.parametrize("kind", SPECIAL)
def test_every_reader_refuses_a_special_file_at_once(tmp_path, kind):
    from tui.settings import SettingsFile

    data = tmp_path / "d"
    for name in (SAVE_NAME, SESSION_NAME, FILE_NAME, "games/x.pending.jsonl"):
        make_special(data / name, kind)
    store = SaveStore(data, durable=False)
    box = within(5, store.load)
    assert isinstance(box.get("error"), SaveError) and "not a regular file" in str(box["error"])
    assert within(5, store.peek)["value"] is None
    sessions = SessionFile(data, durable=False)
    assert within(5, sessions.load)["value"] is None and "not a regular file" in sessions.problem
    settings = SettingsFile(data)
    assert within(5, settings.load)["value"] == Settings()
    assert "not a regular file" in settings.problem
    within(5, settle_pending, store, HistoryRecorder(data))
    with pytest.raises(SaveError, match="not a regular file"):
        store.save(Game.new(load_preset("wrc"), 1))  # never written over either
    assert os.path.lexists(data / SAVE_NAME)


def run_in_a_terminal(argv: list[str], env: dict[str, str], timeout: float) -> tuple[int, str]:
    """Run `argv` with a pseudo-terminal as stdin, stdout and stderr; (status, output)."""
    import pty
    import select

    primary, secondary = pty.openpty()
    process = subprocess.Popen(argv, stdin=secondary, stdout=secondary, stderr=secondary,
                               env=env, close_fds=True)
    os.close(secondary)
    output = b""
    try:
        while True:
            ready, _, _ = select.select([primary], [], [], timeout)
            if not ready:
                raise AssertionError(f"the launch hung; it printed {output[-300:]!r}")
            try:
                chunk = os.read(primary, 4096)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        return process.wait(timeout), output.decode("utf-8", "replace")
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        os.close(primary)


@pytest.mark.parametrize("name", [SAVE_NAME, "games/x.pending.jsonl", SESSION_NAME, FILE_NAME])
def test_the_game_refuses_a_fifo_in_one_line_instead_of_hanging(tmp_path, name):
    data = tmp_path / "data"
    make_special(data / name, "fifo")
    env = {**os.environ, "MAHJONG_TUI_DATA": str(data), "XDG_CONFIG_HOME": str(tmp_path),
           "TERM": "xterm"}
    status, output = run_in_a_terminal([sys.executable, "-m", "tui.cli"], env, timeout=30)
    lines = [line for line in output.splitlines() if line.strip()]
    assert status == 2, output
    assert len(lines) == 1 and lines[0].startswith("mahjong-tui: error:"), output
    assert str(data / name) in lines[0] and "FIFO" in lines[0]


# ---------------------------------------------------------------- case 7: the lock


@pytest.mark.parametrize("kind", ["directory", "symlink", "hardlink"])
def test_a_lock_that_is_not_our_file_is_refused_and_its_target_untouched(tmp_path, kind):
    data = tmp_path / "d"
    data.mkdir()
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    lock = data / LOCK_NAME
    if kind == "directory":
        lock.mkdir()
    elif kind == "symlink":
        lock.symlink_to(victim)
    else:
        os.link(victim, lock)
    with pytest.raises(OSError):
        DataLock(data).acquire()
    assert victim.read_text() == "precious\n"


async def test_a_lock_that_cannot_be_taken_means_nothing_is_saved_there(tmp_path):
    from test_tui_replace_save import a_saved_game

    from tui.app import MahjongApp
    from tui.screens.launch import LaunchScreen
    from tui.screens.notice import NotSavedScreen

    data = tmp_path / "d"
    original, _ = a_saved_game(data)
    (data / LOCK_NAME).mkdir()  # as in the issue: `mkdir $D/game.lock`
    app = MahjongApp(data_dir=data, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, LaunchScreen)
        assert app.saving is False and app.resumable is None
        assert "cannot be locked" in app.screen.resume_note  # the launch screen's note
        app.save_game(TableHost(Game.new(load_preset("wrc"), 9)))  # a game played now is not saved
        await pilot.pause()
        assert isinstance(app.screen, NotSavedScreen) and "cannot be locked" in app.screen.text
    assert (data / SAVE_NAME).read_bytes() == original
    assert not games_dir(data).exists()


# ---------------------------------------------------------------- case 8: a full disk


def _disk_full(data: Path, monkeypatch) -> None:
    """Every new file under `data` fails as on a full disk (every write of the app starts
    with `tempfile.mkstemp`; a rename or a hard link still works, as on a full disk)."""
    import tempfile

    real = tempfile.mkstemp

    def refuse(*args, dir=None, **kwargs):
        if dir is not None and Path(dir).absolute().is_relative_to(data.absolute()):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(*args, dir=dir, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", refuse)


def _history_full(monkeypatch) -> None:
    monkeypatch.setattr(HistoryRecorder, "record", lambda self, *a, **k: None)


def _stale_then_finished(data: Path, monkeypatch) -> tuple[SaveStore, Game, bytes]:
    from test_game_end_consistency import HANDS

    from engine.game import Start
    from engine.scripted import autopilot, scripted_game

    store = SaveStore(data, durable=False)
    game = scripted_game("wrc", HANDS, start=Start(round_wind=1, hand_number=3))
    store.save(game)
    stale = store.path.read_bytes()
    _disk_full(data, monkeypatch)
    while not game.is_over:
        game.apply(autopilot(game, game.pending_seats()[0]))
        with pytest.raises(SaveError):
            store.save(game)
    return store, game, stale


def test_a_game_ended_on_a_full_disk_with_no_history_waits_as_pending(tmp_path, monkeypatch):
    from engine.game_finish import PARTIAL_SUFFIX

    data = tmp_path / "d"
    store, game, stale = _stale_then_finished(data, monkeypatch)
    _history_full(monkeypatch)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "elsewhere"))
    (tmp_path / "elsewhere").mkdir()
    done = finish_game(store, HistoryRecorder(data), game)
    assert not done.recorded and done.pending is None and done.outside is not None
    # Nothing fits in the data directory: the finished log went to the temporary one,
    # and the stale save was moved out of the way (a rename needs no room).
    assert done.outside.parent == tmp_path / "elsewhere"
    assert SaveStore(data).peek() is None and not (data / SAVE_NAME).exists()
    [partial] = [p for p in games_dir(data).iterdir() if p.name.endswith(PARTIAL_SUFFIX)]
    assert partial.read_bytes() == stale
    from engine.storage.save_store import read_saved

    kept = read_saved(done.outside, done.outside.read_text(), 0)
    assert kept.finished and kept.game_id == game.setup["game_id"]
    assert SaveStore(data, durable=False).load() is None  # nothing offered to resume


def test_a_game_ended_on_a_full_disk_is_kept_in_games_when_there_is_room_there(
    tmp_path, monkeypatch
):
    data = tmp_path / "d"
    store, game, _ = _stale_then_finished(data, monkeypatch)
    monkeypatch.undo()  # the save alone failed; games/ takes the finished log
    _history_full(monkeypatch)
    import engine.storage.save_store

    monkeypatch.setattr(engine.storage.save_store.SaveStore, "_write",
                        lambda self, text: (_ for _ in ()).throw(SaveError("disk full")))
    done = finish_game(store, HistoryRecorder(data), game)
    assert done.pending == games_dir(data) / f"{game.setup['game_id']}.pending.jsonl"
    assert pending_games(data) == [done.pending]
    assert not (data / SAVE_NAME).exists()
    monkeypatch.undo()
    notes = settle_pending(SaveStore(data, durable=False), HistoryRecorder(data))
    assert notes and "added now" in notes[0]


def test_a_stale_save_of_a_game_kept_finished_is_not_offered_at_launch(tmp_path, monkeypatch):
    data = tmp_path / "d"
    store, game, stale = _stale_then_finished(data, monkeypatch)
    monkeypatch.undo()
    # As an older run left it: the finished game pending in games/, the stale save beside.
    games_dir(data).mkdir(parents=True, exist_ok=True)
    pending = games_dir(data) / f"{game.setup['game_id']}.pending.jsonl"
    pending.write_text(store.log_text(game))
    assert (data / SAVE_NAME).read_bytes() == stale
    notes = settle_pending(SaveStore(data, durable=False), HistoryRecorder(data))
    assert any("had already finished" in note for note in notes)
    assert SaveStore(data, durable=False).load() is None


# ---------------------------------------------------------------- case 9: versions


def _with_version(text: str, version: object) -> str:
    header, rest = text.split("\n", 1)
    data = json.loads(header)
    data["version"] = version
    return json.dumps(data) + "\n" + rest


def test_a_save_of_a_newer_version_is_reported_as_such_and_kept(tmp_path):
    store = SaveStore(tmp_path, durable=False)
    game = Game.new(load_preset("wrc"), 4)
    store.save(game)
    newer = _with_version(store.path.read_text(), 2)
    store.path.write_text(newer)
    again = SaveStore(tmp_path, durable=False)
    assert again.load() is None
    assert "written by a newer version of mahjong-tui" in again.problem
    assert again.kept_as is None and store.path.read_text() == newer
    assert not list(tmp_path.glob(f"{SAVE_NAME}.corrupt-*"))
    with pytest.raises(SaveError, match="newer version"):
        SaveStore(tmp_path, durable=False).resume()
    again.save(Game.new(load_preset("wrc"), 5))  # a new game keeps it in games/ first
    [kept] = list(games_dir(tmp_path).iterdir())
    assert kept.read_text() == newer and kept.name == f"{game.setup['game_id']}.jsonl"


def test_a_session_of_a_newer_version_is_reported_and_kept(tmp_path):
    sessions = SessionFile(tmp_path, durable=False)
    played = PlayedSession.start("teiai", (), "normal", 1, 4)
    data = played.to_json()
    data["version"] = 7
    sessions.path.write_text(json.dumps(data))
    assert sessions.load() is None
    assert "written by a newer version of mahjong-tui" in sessions.problem
    assert json.loads(sessions.path.read_text())["version"] == 7
    sessions.save(played)  # kept in games/ before this version's session is written
    [kept] = list(games_dir(tmp_path).iterdir())
    assert json.loads(kept.read_text())["version"] == 7


def test_a_corrupt_settings_file_is_reported_and_kept_aside(tmp_path):
    path = tmp_path / FILE_NAME
    path.write_text('{"tiles": "kanji", oops')
    assert load_settings(tmp_path) == Settings()
    save_settings(Settings(ai="hard"), tmp_path)  # the player's next choice
    [kept] = list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))
    assert kept.read_text() == '{"tiles": "kanji", oops'

    from tui.settings import SettingsFile

    path.write_text("[1, 2")
    settings = SettingsFile(tmp_path)
    assert settings.load() == Settings()
    assert settings.problem is not None and "could not be read" in settings.problem
    assert len(list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))) == 2


def test_settings_of_a_newer_version_are_reported_and_not_written_over(tmp_path):
    from tui.settings import SettingsFile

    path = tmp_path / FILE_NAME
    text = json.dumps({"version": 3, "tiles": "kanji", "future": 1})
    path.write_text(text)
    settings = SettingsFile(tmp_path)
    assert settings.load() == Settings()
    assert "written by a newer version of mahjong-tui" in settings.problem
    settings.save(Settings(tiles="text"))
    save_settings(Settings(tiles="text"), tmp_path)
    assert path.read_text() == text


async def test_the_app_says_the_settings_were_kept_aside(tmp_path):
    from tui.app import MahjongApp

    (tmp_path / FILE_NAME).write_text("[not settings")
    app = MahjongApp(data_dir=tmp_path, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        notes = [n.message for n in app._notifications]
        assert any("could not be read" in note for note in notes), notes
    assert list(tmp_path.glob(f"{FILE_NAME}.corrupt-*"))


# ---------------------------------------------------------------- settings follow the data


@pytest.fixture
def homes(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "share"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.delenv("MAHJONG_TUI_DATA", raising=False)
    return tmp_path


def test_a_run_in_another_data_directory_keeps_its_settings_there(homes, monkeypatch):
    monkeypatch.setenv("MAHJONG_TUI_DATA", str(homes / "x"))
    save_settings(Settings(tiles="kanji"))  # `MAHJONG_TUI_DATA=X mahjong-tui --tiles kanji`
    assert load_settings().tiles == "kanji"
    assert (homes / "x" / FILE_NAME).is_file()
    monkeypatch.delenv("MAHJONG_TUI_DATA")
    assert load_settings().tiles == "text"  # the default data directory's runs: unchanged
    monkeypatch.setenv("MAHJONG_TUI_DATA", str(homes / "y"))
    assert load_settings().tiles == "text"


def test_the_default_data_directory_comes_from_platformdirs(homes):
    import platformdirs

    from tui.data_dirs import default_data_dir

    expected = Path(platformdirs.user_data_dir("mahjong-tui", appauthor=False))
    assert default_data_dir() == expected == homes / "share" / "mahjong-tui"
    # The spelled-out rule for another machine gives the same answer for this one.
    assert default_data_dir(dict(os.environ), sys.platform) == expected


def test_old_settings_are_taken_over_once_by_the_default_data_directory(homes, monkeypatch):
    old = homes / "config" / "mahjong-tui" / FILE_NAME
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps({"tiles": "kanji", "ruleset": "jpml"}))
    monkeypatch.setenv("MAHJONG_TUI_DATA", str(homes / "x"))
    assert load_settings() == Settings()  # another data directory starts fresh
    monkeypatch.delenv("MAHJONG_TUI_DATA")
    assert load_settings() == Settings(ruleset="jpml", tiles="kanji")
    assert (homes / "share" / "mahjong-tui" / FILE_NAME).is_file()
    save_settings(Settings(tiles="text"))
    old.write_text(json.dumps({"tiles": "kanji"}))  # changed by an older version later
    assert load_settings().tiles == "text"  # taken over once only


# ---------------------------------------------------------------- case 10: symlinks


def test_settings_never_write_through_a_symlink(tmp_path):
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    data = tmp_path / "d"
    data.mkdir()
    (data / f"{FILE_NAME}.tmp").symlink_to(victim)  # the old fixed temporary name
    save_settings(Settings(tiles="kanji"), data)
    assert victim.read_text() == "precious\n"
    assert load_settings(data).tiles == "kanji"


def test_sim_log_never_writes_through_a_symlink(tmp_path):
    from tui.cli import main

    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / "game-7.jsonl").symlink_to(victim)
    assert main(["sim", "--games", "1", "--seed", "7", "--log", str(logs)]) == 0
    assert victim.read_text() == "precious\n"
    assert not (logs / "game-7.jsonl").is_symlink()
    assert (logs / "game-7.jsonl").read_text().startswith('{"format"')


def _status(argv: list[str]) -> int:
    from tui.cli import main

    try:
        return main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


def test_export_never_overwrites_its_input_nor_writes_through_a_symlink(tmp_path, capsys):
    store = SaveStore(tmp_path, durable=False)
    last_hand(store)
    log = tmp_path / "game.jsonl"
    log.write_bytes(store.path.read_bytes())
    original = log.read_bytes()
    for output in (log, tmp_path / "." / "game.jsonl"):
        assert _status(["export", "--format", "mjai", str(log), "-o", str(output)]) == 2
        assert "is the log being exported" in capsys.readouterr().err
        assert log.read_bytes() == original
    victim = tmp_path / "victim"
    victim.write_text("precious\n")
    (tmp_path / "out.json").symlink_to(victim)
    assert _status(["export", "--format", "mjai", str(log), "-o", str(tmp_path / "out.json")]) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert victim.read_text() == "precious\n"
    assert _status(["export", "--format", "mjai", str(log), "-o", str(tmp_path / "new.json")]) == 0
    assert (tmp_path / "new.json").read_text().startswith("{")


async def test_the_app_says_where_a_game_ended_on_a_full_disk_went(tmp_path, monkeypatch):
    from tui.app import MahjongApp

    data = tmp_path / "d"
    store, game, _ = _stale_then_finished(data, monkeypatch)
    _history_full(monkeypatch)
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "elsewhere"))
    app = MahjongApp(data_dir=data, delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.store = store
        app._finish(TableHost(game))
        await pilot.pause()
        notes = [n.message for n in app._notifications]
    [kept] = list((tmp_path / "elsewhere").iterdir())
    assert any("Nothing more fits" in note and str(kept) in note for note in notes), notes
    assert SaveStore(data, durable=False).load() is None
