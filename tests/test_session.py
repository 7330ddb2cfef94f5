"""`engine.session`: a session of several games (teiai's four hanchan, 003 §1, §28)."""

from __future__ import annotations

import json

import pytest

from engine.results import final_results
from engine.session import Session, SessionError
from rules.ruleset import load_preset

TEIAI = load_preset("teiai")
GAMES = [  # final points of four hanchan (sum 120,000 each)
    (45000, 34000, 25000, 16000),
    (16000, 25000, 34000, 45000),
    (52000, 28000, 22000, 18000),
    (33000, 32000, 31000, 24000),
]


def test_a_teiai_session_sums_each_games_own_rank_points():
    session = Session.start(7, TEIAI.games_per_session)
    assert session.seeds == (7, 8, 9, 10) and not session.finished
    for points in GAMES:
        session = session.with_game(final_results(points, TEIAI))
    assert session.finished
    # jpml float table per game (RULESETS.md §4.9 examples): +23 +8 -9 -22, then mirrored,
    # +34 -3 -11 -20, +11 +5 +2 -18.
    assert session.totals() == pytest.approx([23 - 22 + 34 + 11, 8 - 9 - 3 + 5,
                                              -9 + 8 - 11 + 2, -22 + 23 - 20 - 18])
    assert sum(session.totals()) == pytest.approx(0)


def test_the_next_seed_follows_the_games_played_and_a_finished_session_refuses_more():
    session = Session.start(100, 2)
    assert session.next_seed == 100
    session = session.with_game(final_results(GAMES[0], TEIAI))
    assert session.next_seed == 101 and session.games_played == 1
    session = session.with_game(final_results(GAMES[1], TEIAI))
    with pytest.raises(SessionError):
        session.next_seed  # noqa: B018
    with pytest.raises(SessionError):
        session.with_game(final_results(GAMES[2], TEIAI))


def test_a_session_round_trips_through_json_between_games():
    session = Session.start(3, 4).with_game(final_results(GAMES[0], TEIAI))
    again = Session.from_json(json.loads(json.dumps(session.to_json())))
    assert again == session and again.totals() == session.totals()


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"games_per_session": 4, "seeds": [1, 2], "results": []},
        {"games_per_session": True, "seeds": [1], "results": []},
        {"games_per_session": 1, "seeds": [1], "results": [[[0, 1, 1, 0.0]]]},
        {"games_per_session": 1, "seeds": [1], "results": [[[9, 1, 1, 0, 0]] * 4]},
        {"games_per_session": 1, "seeds": ["x"], "results": []},
    ],
)
def test_a_broken_session_record_is_one_error(data):
    with pytest.raises(SessionError):
        Session.from_json(data)


def test_a_game_table_needs_every_seat_once():
    with pytest.raises(SessionError, match="one line per seat"):
        Session.start(1, 4).with_game(final_results(GAMES[0], TEIAI)[:3])
