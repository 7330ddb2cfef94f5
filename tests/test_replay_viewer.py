"""The replay viewer (`mahjong-tui replay LOG` in a terminal) and the review screen.

Pilot tests step through a seeded greedy game's log and compare the table with
the record; snapshots (pytest-textual-snapshot) show the viewer and the review at
fixed seeds and sizes. The review snapshots use a scripted hand (fixed wall,
autopilot opponents) so only the hard AI's answer at one decision can move them.
Regenerate with `pytest tests/test_replay_viewer.py --snapshot-update` and read
the SVGs before accepting.
"""

from __future__ import annotations

import asyncio
import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest
from textual.app import App

from ai import GreedyPlayer
from ai.review import review
from ai.suggest import suggest
from engine.actions import Discard
from engine.driver import play_game
from engine.events import GameEnded, HandStarted
from engine.game import Game
from engine.scripted import advance, scripted_game, t
from engine.seat_view import SeatView, build_seat_view
from engine.storage.game_log import log_lines, replay, write_log
from engine.timeline import Timeline
from rules.ruleset import load_preset
from tui.commands import replay as replay_command
from tui.navigation import Navigator
from tui.replay_app import ReplayApp
from tui.screens.game_end import GameEndScreen, game_ending
from tui.screens.replay import ReplayScreen, positions
from tui.screens.review import ReviewScreen
from tui.words import round_name

ROOT = Path(__file__).resolve().parent.parent
ROOMY = (120, 40)
COMPACT = (80, 24)


def _greedy_game(seed: int = 7) -> Game:
    game = Game.new(load_preset("wrc"), seed, shuffle_seats=True)
    asyncio.run(play_game(game, [GreedyPlayer(s, seed) for s in range(4)]))
    return game


def _scripted_game() -> Game:
    """Seat 0 is tenpai after discarding the 5z it draws, but discards 1m; at its next
    turn it plays the hard AI's suggestion. The others discard what they draw."""
    game = scripted_game(
        "wrc",
        ["123m456m789p1122s", "258m147p369s1234z", "258m147p369s1234z", "369m258p147s5567z"],
        "5z2z3z6z7z",
    )
    game.apply(Discard(0, t("1m")))
    advance(game, lambda g: 0 in g.pending_seats() and g.hand.phase == "turn")
    game.apply(suggest(game.view(0), game.legal_actions(0))[0])
    advance(game, lambda g: len(g.actions) >= 12)
    return game


@pytest.fixture(scope="module")
def log_path(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("replay") / "game-7.jsonl"
    write_log(_greedy_game(7), path)
    return path


@pytest.fixture(scope="module")
def scripted_log(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("scripted") / "scripted.jsonl"
    write_log(_scripted_game(), path)
    return path


def viewer(path: Path, **kwargs) -> ReplayApp:
    return ReplayApp(Timeline.of(replay(path)), **kwargs)


def table_state(screen: ReplayScreen) -> tuple:
    """Everything the table shows: the view, what the board paints, the log; the
    status line last (a key that does nothing says so there)."""
    from dataclasses import replace

    return (
        copy.deepcopy(screen.view),
        screen.index,
        screen.header,
        screen.board.view,
        replace(screen.board.ui, status=""),
        screen.query_one("#log").data,
        screen.board.ui.status,
    )


def views_after(game: Game) -> list[SeatView]:
    """Each seat's view of the game once the whole record is played."""
    return [build_seat_view(game, seat) for seat in range(4)]


def shown_view(screen: ReplayScreen) -> SeatView:
    """The screen's view without the hands it laid open (as the engine gives it)."""
    from dataclasses import replace

    view = screen.view
    seats = tuple(replace(s, shown=()) if s.seat != view.seat else s for s in view.seats)
    return replace(view, seats=seats)


# ---------------------------------------------------------------- positions


def test_positions_cover_every_action_and_stop_at_each_hand_end(log_path):
    game = replay(log_path)
    timeline = Timeline.of(game)
    pos = positions(timeline)
    assert pos[0].actions == 0 and pos[-1].actions == len(game.actions)
    assert pos[-1].events == len(game.events)
    assert [p.actions for p in pos] == sorted(p.actions for p in pos)
    assert {p.actions for p in pos} == set(range(len(game.actions) + 1))
    # one extra position per hand that ended inside an action: the finished hand
    assert len(pos) == len(game.actions) + 1 + game.hands_played - 1
    assert pos[-1].hand == game.hands_played


# ---------------------------------------------------------------- Pilot


async def test_stepping_forward_and_back_returns_the_identical_table(log_path):
    app = viewer(log_path)
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        start = table_state(screen)
        for _ in range(30):
            await pilot.press("right")
        await pilot.pause()
        middle = table_state(screen)
        assert middle[1] == 30 and "step 30/" in screen.header
        for _ in range(12):
            await pilot.press("l")
        for _ in range(12):
            await pilot.press("left")
        await pilot.pause()
        assert table_state(screen) == middle
        for _ in range(30):
            await pilot.press("h")
        await pilot.pause()
        assert table_state(screen) == start
        await pilot.press("left")  # before the first step: nothing changes
        await pilot.pause()
        assert table_state(screen)[:-1] == start[:-1]
        # Far ahead and back again: the copies made at each hand start are exact.
        await pilot.press("end")
        await pilot.press("home")
        for _ in range(30):
            await pilot.press("right")
        await pilot.pause()
        assert table_state(screen) == middle


async def test_jump_by_hand(log_path):
    game = replay(log_path)
    app = viewer(log_path)
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("down")
        await pilot.pause()
        assert screen.position.hand == 2
        assert screen.positions[screen.index - 1].hand == 1  # the first position of hand 2
        started = [e for e in game.events if isinstance(e, HandStarted)][1]
        model = screen.view
        assert (model.round_wind, model.hand_number, model.honba) == (
            started.round_wind, started.hand_number, started.honba)
        name = round_name(started.round_wind, started.hand_number + 1)
        assert f"{name}, {started.honba} honba" in screen.header
        second = screen.index
        await pilot.press("right_square_bracket", "n")
        await pilot.pause()
        assert screen.position.hand == 4
        await pilot.press("p")
        await pilot.pause()
        assert screen.position.hand == 3 and screen.positions[screen.index - 1].hand == 2
        await pilot.press("right", "right", "up")  # inside a hand: back to its start
        await pilot.pause()
        assert screen.position.hand == 3 and screen.positions[screen.index - 1].hand == 2
        await pilot.press("left_square_bracket")
        await pilot.pause()
        assert screen.index == second
        await pilot.press("up", "up")
        await pilot.pause()
        assert screen.index == 0
        await pilot.press("end", "down")  # no later hand: stays, says so
        await pilot.pause()
        assert screen.position.hand == game.hands_played and "No later hand" in screen.status


async def test_end_shows_the_final_state_of_replaying_the_whole_log(log_path):
    game = replay(log_path)
    app = viewer(log_path)
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        screen = app.screen
        want = views_after(game)
        assert screen.view == want[screen.view_seat]
        assert screen.view.phase == "over" and "game over" in screen.header
        final = next(e for e in game.events if isinstance(e, GameEnded))
        assert [s.score for s in screen.view.seats] == list(final.scores)
        assert f"step {len(screen.positions) - 1}/{len(screen.positions) - 1}" in screen.header


async def test_seat_keys_put_another_seat_at_the_bottom_and_a_opens_every_hand(log_path):
    app = viewer(log_path)
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        screen = app.screen
        you = screen.you
        assert screen.view_seat == you
        await pilot.press("3")
        await pilot.pause()
        assert screen.view_seat == 2 and screen.view.seat == 2
        game = screen.timeline.game_at(screen.position.actions)
        own = build_seat_view(game, 2).own
        assert screen.hand_tiles() == [*own.tiles, *([own.drawn] if own.drawn else [])]
        await pilot.press("tab")
        await pilot.pause()
        assert screen.view_seat == 3
        assert screen.board.view.seats[1].shown == ()  # toimen's hand face down
        await pilot.press("a")
        await pilot.pause()
        across = screen.board.view.seats[1].shown
        theirs = build_seat_view(game, 1).own
        assert list(across) == [*theirs.tiles, *([theirs.drawn] if theirs.drawn else [])]


async def test_the_suggestion_is_shown_for_the_seat_that_acted(scripted_log):
    game = replay(scripted_log)
    app = viewer(scripted_log)
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        screen = app.screen
        await pilot.press("s")  # at the deal nothing was decided yet
        await pilot.pause()
        assert "Nothing has been decided yet" in screen.status or not screen.hint
        await pilot.press("right")
        await pilot.pause()
        assert game.actions[0] == Discard(0, t("1m"))
        first = screen.board.ui.prompt.title
        assert first.startswith("Hard AI: ") and "(played: Discard 1m)" in first
        assert "5z" in first or "Haku" in first
        assert screen.board.ui.prompt.urgent  # it differs
        assert screen.query_one("#aids").data.aids.hint.startswith("Hard AI")
        # The hand at the bottom marks the tile the AI would have discarded.
        cursor = screen.board.ui.cursor
        assert cursor is not None and screen.hand_tiles()[cursor] == t("5z")
        await pilot.press("s")
        await pilot.pause()
        assert not screen.board.ui.prompt.title
        assert screen.board.ui.cursor is None


async def test_review_from_the_viewer_jumps_to_the_decision(scripted_log):
    app = viewer(scripted_log)
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        viewer_screen = app.screen
        await pilot.press("v")
        await pilot.pause()
        review_screen = app.screen
        assert isinstance(review_screen, ReviewScreen)
        [item] = review_screen.shown
        assert item.step == 0 and item.verdict == "shanten"
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is viewer_screen
        assert viewer_screen.position.actions == item.step + 1 and viewer_screen.suggesting
        assert viewer_screen.hint.startswith("Hard AI")
        await pilot.press("q")
        await pilot.pause()
    assert app.return_code == 0


async def test_game_end_v_opens_the_review_and_enter_the_viewer():
    game = Game.new(load_preset("wrc"), 11, shuffle_seats=True)
    await play_game(game, [GreedyPlayer(s, 11) for s in range(4)])
    end = game.events[-1]
    assert isinstance(end, GameEnded)

    class EndApp(Navigator, App):  # the app opens the review the screen asks for
        def on_mount(self) -> None:
            ending = game_ending(game.events, game.ruleset, Timeline.of(game))
            self.push_screen(GameEndScreen(end, ending))

    app = EndApp()
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        items = app.screen.shown
        assert items == review(game).notable
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        assert screen.position.actions == items[0].step + 1
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameEndScreen)


# ---------------------------------------------------------------- the command


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", "replay", *args],
        capture_output=True, text=True, cwd=ROOT,
    )


def test_bad_logs_are_one_line_on_stderr_and_exit_2(tmp_path, log_path):
    garbage = tmp_path / "garbage.jsonl"
    garbage.write_text("not json\n")
    headless = tmp_path / "headless.jsonl"
    headless.write_text(json.dumps({"event": {"type": "dealt"}}) + "\n")
    tampered = tmp_path / "tampered.jsonl"
    lines = log_path.read_text().splitlines()
    i = next(i for i, line in enumerate(lines) if '"discarded"' in line)
    record = json.loads(lines[i])
    record["event"]["tsumogiri"] = not record["event"]["tsumogiri"]
    lines[i] = json.dumps(record)
    tampered.write_text("\n".join(lines) + "\n")
    cases = {
        tmp_path / "missing.jsonl": "no such log",
        tmp_path: "not a game log",
        garbage: "not a readable game log",
        headless: "not a readable game log",
        tampered: "does not replay",
    }
    for path, words in cases.items():
        for flags in ((), ("--summary",)):
            out = _cli(*flags, str(path))
            assert out.returncode == 2, (path, out.stderr)
            assert out.stdout == ""
            assert len(out.stderr.splitlines()) == 1 and words in out.stderr, out.stderr


def test_summary_flag_and_piped_output_print_the_text_summary(log_path):
    piped = _cli(str(log_path))
    flagged = _cli("--summary", str(log_path))
    assert piped.returncode == flagged.returncode == 0
    assert piped.stdout == flagged.stdout and piped.stdout.startswith("wrc seed 7")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_opens_the_viewer_with_the_flags(monkeypatch, log_path):
    opened = {}

    def fake_run(self) -> None:
        opened.update(seat=self.seat, tiles=self.tiles, actions=len(self.timeline.actions))

    monkeypatch.setattr(ReplayApp, "run", fake_run)
    errors: list[str] = []
    args = SimpleNamespace(log=str(log_path), summary=False, seat=2, tiles="kanji")
    assert replay_command.run_replay_command(args, _Terminal(), errors.append) == 0
    assert opened == {"seat": 2, "tiles": "kanji", "actions": len(replay(log_path).actions)}
    bad = SimpleNamespace(log=str(log_path), summary=False, seat=4, tiles="text")
    assert replay_command.run_replay_command(bad, _Terminal(), errors.append) == 2
    assert errors == ["--seat must be 0, 1, 2 or 3"]
    summary = SimpleNamespace(log=str(log_path), summary=True, seat=None, tiles="text")
    out = _Terminal()
    assert replay_command.run_replay_command(summary, out, errors.append) == 0
    assert out.getvalue().startswith("wrc seed 7")


def test_an_unfinished_log_opens_at_its_last_action(tmp_path):
    game = Game.new(load_preset("jpm"), 4)
    advance(game, lambda g: len(g.actions) >= 9)
    path = tmp_path / "partial.jsonl"
    path.write_text("\n".join(log_lines(game)) + "\n")

    async def run() -> None:
        app = viewer(path)
        async with app.run_test(size=ROOMY) as pilot:
            await pilot.pause()
            await pilot.press("end")
            await pilot.pause()
            screen = app.screen
            assert screen.position.actions == 9 and screen.view.phase != "over"
            assert shown_view(screen) == views_after(game)[screen.view_seat]

    asyncio.run(run())


# ---------------------------------------------------------------- snapshots


def test_snapshot_replay_mid_hand_every_hand_open(snap_compare, log_path):
    app = viewer(log_path)
    assert snap_compare(app, terminal_size=ROOMY, press=["right"] * 25 + ["a"])


def test_snapshot_replay_hand_over(snap_compare, log_path):
    app = viewer(log_path)
    assert snap_compare(app, terminal_size=ROOMY, press=["down", "left"])


def test_snapshot_replay_suggestion(snap_compare, scripted_log):
    app = viewer(scripted_log, step=0)
    assert snap_compare(app, terminal_size=ROOMY, press=["s"])


def test_snapshot_replay_compact_80x24(snap_compare, log_path):
    app = viewer(log_path)
    assert snap_compare(app, terminal_size=COMPACT, press=["right"] * 12)


def test_snapshot_review_screen(snap_compare, scripted_log):
    app = viewer(scripted_log)
    assert snap_compare(app, terminal_size=ROOMY, press=["v"])


# ---------------------------------------------------------------- Japanese (--lang ja)


async def test_the_viewer_speaks_japanese_with_lang_ja(scripted_log):
    """Header, footer, status lines and the AI's hint come from tui/words.py."""
    from tui.widgets.prompt import KeyBar

    app = viewer(scripted_log, lang="ja")
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.header.startswith("牌譜 · 東1局 East 1、0本場 · ステップ 0/")
        assert screen.header.endswith(" · 配牌") and "Replay" not in screen.header
        labels = [h.label for h in screen.query_one("#keys", KeyBar).data.keys]
        assert labels[:3] == ["1手", "1局", "最初・最後"]
        assert "全員の手牌" in labels and "上級AI" in labels and "終了" in labels
        await pilot.press("s")
        await pilot.pause()
        assert screen.status == "上級AIの推奨 オン (s で隠す)"
        await pilot.press("right")
        await pilot.pause()
        assert "ステップ 1/" in screen.header and screen.header.endswith(" · 東: 打 1m")
        first = screen.board.ui.prompt.title
        assert first.startswith("上級AI: ") and "(実際: 打 1m)" in first
        await pilot.press("a")
        await pilot.pause()
        assert "全員の手牌を表向きに" in screen.status
        await pilot.press("2")
        await pilot.pause()
        assert "席 1 (開始時の南家) を手前に" in screen.status
        await pilot.press("home", "left")
        await pilot.pause()
        assert screen.status == "最初のステップ"


async def test_the_viewer_english_words_are_unchanged(scripted_log):
    app = viewer(scripted_log)
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.header.startswith("Replay · East 1 東1局, 0 honba · step 0/")
        assert screen.header.endswith(" · the deal")
        await pilot.press("2")
        await pilot.pause()
        assert "Seat 1 (South at the start) at the bottom" in screen.status
        await pilot.press("up")
        await pilot.pause()
        assert screen.status in ("No earlier hand", "")


async def test_the_review_screen_speaks_japanese_with_lang_ja(scripted_log):
    app = viewer(scripted_log, lang="ja")
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        review_screen = app.screen
        assert isinstance(review_screen, ReviewScreen)
        title = str(review_screen.query_one("#review-title").render())
        assert title == "自分の選択の検討 (席 0、開始時の東家)"
        summary = str(review_screen.query_one("#review-summary").render())
        assert summary.startswith("上級: ") and "回の選択のうち1回が異なる" in summary
        keys = str(review_screen.query_one("#review-keys").render())
        assert "選択" in keys and "牌譜で見る" in keys and "同等の打牌" in keys
        assert "戻る" in keys


async def test_a_finished_hand_is_shown_as_the_hand_that_ended(log_path):
    """The position after a hand ends, before the next deal, names that hand: its
    round and dealer, the seat winds of that hand (not the next hand's counters)."""
    app = viewer(log_path)
    async with app.run_test(size=ROOMY) as pilot:
        await pilot.pause()
        await pilot.press("down", "left")
        await pilot.pause()
        screen = app.screen
        assert not screen.full()
        ended = [e for e in screen.timeline.events[: screen.position.events]
                 if isinstance(e, HandStarted)][-1]
        view = screen.view
        assert (view.round_wind, view.hand_number, view.dealer) == (
            ended.round_wind, ended.hand_number, ended.dealer)
        assert view.seats[ended.dealer].dealer
        assert round_name(ended.round_wind, ended.hand_number + 1) in screen.header
