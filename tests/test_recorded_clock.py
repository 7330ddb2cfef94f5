"""One recorded clock for every rebuilt game (`engine.recorded_clock`): a log's
replay, a save's, the replay viewer's and the review's `Timeline`, the record
importer. A time limit must end the rebuilt game exactly where it ended, however
often the playing time is read on the way (a seat's view shows the minutes
left), and a deep copy of the game must step on as the original would."""

from __future__ import annotations

import copy
import random

import pytest

from engine.events import HandEnded, event_to_dict
from engine.game import Game
from engine.recorded_clock import RecordedClock
from engine.seat_view import build_seat_view
from engine.storage.game_log import log_lines, replay
from engine.storage.record_file import LogError
from engine.storage.save_file import read_save
from engine.timeline import Timeline
from rules.ruleset import load_preset


def clock_ended_game(hands_before: int = 2, seed: int = 5) -> Game:
    """A gifu game of random legal play whose clock passes the 50 minutes after
    `hands_before` hands, so the next hand to end is the last (gifu 第2条)."""
    now = [0.0]
    game = Game.new(load_preset("gifu"), seed, clock=lambda: now[0])
    rng = random.Random(seed)
    ended = 0
    while not game.is_over:
        seat = game.pending_seats()[0]
        for event in game.apply(rng.choice(game.legal_actions(seat))):
            if isinstance(event, HandEnded):
                ended += 1
                if ended == hands_before:
                    now[0] = 50 * 60 + 1.0
    return game


@pytest.fixture(scope="module")
def played() -> Game:
    game = clock_ended_game()
    ends = [e for e in game.events if isinstance(e, HandEnded)]
    assert len(ends) == 3 and ends[-1].time_up and not any(e.time_up for e in ends[:-1])
    return game


def dicts(game: Game) -> list[dict]:
    return [event_to_dict(e) for e in game.events]


def test_a_replayed_log_ends_where_the_clock_ended_it(played):
    again = replay(list(log_lines(played)))
    assert again.is_over and dicts(again) == dicts(played)
    # After the end, the playing time is all the time there is: an ordinary number.
    assert again.played_seconds() == 50 * 60


def test_reading_the_time_on_the_way_does_not_move_the_clock(played):
    # The replay viewer draws every seat's view at each step, and each reads the
    # playing time (the minutes left); a clock that counted its readings would run
    # out early, or never, and the rebuilt game would differ from the played one.
    timeline = Timeline.of(played)
    for k in range(len(timeline)):
        game = timeline.game_at(k)
        assert [build_seat_view(game, seat).minutes_left for seat in range(4)] == [50] * 4
    rebuilt = timeline.game_at(len(timeline))
    assert rebuilt.is_over and dicts(rebuilt) == dicts(played)


def test_a_deep_copy_steps_on_as_the_original_does(played):
    timeline = Timeline.of(played)
    first_end = next(i for i, e in enumerate(played.events) if isinstance(e, HandEnded))
    k = next(j for j, mark in enumerate(played.marks) if mark > first_end) + 3  # hand 2
    game = timeline.fresh()
    for action in played.actions[:k]:
        game.apply(action)
    twin = copy.deepcopy(game)
    for action in played.actions[k:]:
        twin.apply(action)
    assert twin.is_over and dicts(twin) == dicts(played)
    assert not game.is_over  # the copy's clock followed the copy, not the original
    for action in played.actions[k:]:
        game.apply(action)
    assert dicts(game) == dicts(played)


def test_the_clock_answers_from_the_game_not_from_its_readings():
    clock = RecordedClock([False, True])
    assert clock() == 0.0  # before it follows a game: the game's start
    game = clock.follow(Game.new(load_preset("gifu"), 1, clock=clock))
    assert [clock() for _ in range(5)] == [0.0] * 5
    assert RecordedClock.of_log(
        [{"event": {"type": "hand_ended", "time_up": True}}, {"action": {}}]
    ).time_ups == (True,)
    assert game.played_seconds() == 0.0


def test_a_save_reads_with_the_log_s_replay_check(played):
    lines = list(log_lines(played))
    record = read_save("\n".join(lines) + '\n{"played_seconds": 3001.5}\n')
    assert record.played_seconds == 3001.5 and dicts(record.game) == dicts(played)
    i = next(i for i, line in enumerate(lines) if '"discarded"' in line)
    tampered = lines[i].replace('"tsumogiri":false', '"tsumogiri":true')
    tampered = tampered.replace('"tsumogiri": false', '"tsumogiri": true')
    if tampered == lines[i]:
        tampered = lines[i].replace('"tsumogiri": true', '"tsumogiri": false')
    lines[i] = tampered
    with pytest.raises(LogError, match=rf"does not replay as saved: line {i + 1}: "):
        read_save("\n".join(lines) + "\n")
