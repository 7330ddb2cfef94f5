"""The host keeps the game it holds (issue 21): the app hands it a store and a history
and asks; the host saves, resumes, records the end once and tells what a session
counts, and no game crosses to the app."""

from __future__ import annotations

from test_game_end_consistency import HANDS, stored

from engine.game import Start
from engine.scripted import autopilot, scripted_game
from engine.session import GameOutcome
from engine.storage.history_recorder import HistoryRecorder
from engine.storage.kept_games import kept_games
from engine.storage.save_store import SaveStore
from engine.table_host import TableHost, hosted_game


def south_four() -> TableHost:
    return TableHost(scripted_game("wrc", HANDS, start=Start(round_wind=1, hand_number=3)))


def test_the_host_saves_its_game_and_a_resumed_host_plays_the_same_game(tmp_path):
    store, history = SaveStore(tmp_path, durable=False), HistoryRecorder(tmp_path)
    host = south_four()
    game = hosted_game(host)
    game.apply(autopilot(game, game.pending_seats()[0]))
    host.save(store, history)
    saved = SaveStore(tmp_path, durable=False).load()
    assert saved is not None and not saved.finished
    assert saved.game_id == game.setup["game_id"]  # the host's save names its game
    resumed = TableHost.resumed(saved)
    assert hosted_game(resumed).events == game.events
    assert (resumed.seat, resumed.seed, resumed.ruleset_id) == (host.seat, host.seed, "wrc")
    assert saved.timeline().events == game.events and saved.played_ruleset == game.ruleset


def test_the_host_records_the_end_once_and_keeps_the_log(tmp_path):
    store, history = SaveStore(tmp_path, durable=False), HistoryRecorder(tmp_path)
    host = south_four()
    game = hosted_game(host)
    host.save(store, history)
    assert GameOutcome.of(game).by_player is None  # not over: nothing to count yet
    while not host.over:
        game.apply(autopilot(game, game.pending_seats()[0]))
    done = host.finish(store, history)
    assert done.recorded and done.problems == [] and not store.path.exists()
    assert [p.name for p in kept_games(tmp_path)] == [f"{game.setup['game_id']}.jsonl"]
    host.finish(store, history)  # again (a retried end): not a second record
    assert stored(tmp_path) == [game.setup["game_id"]]


def test_a_session_counts_the_end_by_player_as_the_host_tells_it(tmp_path):
    host = south_four()
    host.join_session({"id": "s1", "game": 1, "of": 2})
    game = hosted_game(host)
    while not host.over:
        game.apply(autopilot(game, game.pending_seats()[0]))
    outcome = host.outcome()
    assert outcome.session == {"id": "s1", "game": 1, "of": 2} == host.session_tag
    assert outcome.by_player is not None
    # Each row is under its player (line-up index): seat s's row is player seating[s]'s.
    ended = game.events[-1].results
    players = {row.seat: row for row in outcome.by_player}
    assert sorted(players) == [0, 1, 2, 3]
    for r in ended:
        row = players[game.seating[int(r["seat"])]]
        assert (row.points, row.rank) == (int(r["points"]), int(r["rank"]))
