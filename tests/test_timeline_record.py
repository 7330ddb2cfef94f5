"""A record read from a file reaches a client as a `Timeline` (`load_timeline`), never as
the `Game` it was rebuilt into: what `replay` prints and shows is read off it."""

from __future__ import annotations

from engine.game import Game
from engine.scripted import autopilot
from engine.storage.game_log import log_lines
from engine.storage.records.reading import load_timeline
from engine.timeline import Timeline
from rules.ruleset import load_preset
from tui.commands.replay import load_log


def _write(tmp_path, actions: int | None):
    game = Game.new(load_preset("tenhou"), 11)
    while not game.is_over and (actions is None or len(game.actions) < actions):
        game.apply(autopilot(game, game.pending_seats()[0]))
    path = tmp_path / "game.jsonl"
    path.write_text("".join(line + "\n" for line in log_lines(game)), encoding="utf-8")
    return game, path


def test_a_whole_record_is_over_and_names_its_rules_and_seed(tmp_path) -> None:
    game, path = _write(tmp_path, None)
    timeline = load_timeline(path)
    assert isinstance(timeline, Timeline)
    assert timeline.is_over and timeline.seed == 11 and timeline.ruleset.id == "tenhou"
    assert timeline.events == game.events and len(timeline) == len(game.actions)
    assert timeline.game_at(0).is_over is False  # going back still rebuilds from the setup
    assert timeline.is_over


def test_a_cut_record_is_not_over_and_the_command_gets_no_game(tmp_path) -> None:
    _, path = _write(tmp_path, 30)
    errors: list[str] = []
    loaded = load_log(str(path), errors.append)
    assert errors == [] and isinstance(loaded, Timeline) and not isinstance(loaded, Game)
    assert not loaded.is_over and len(loaded) == 30
