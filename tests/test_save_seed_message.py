"""Issue 20, case 11: a save with a seed of 5,000 digits is said in plain words.

Python refuses to read an integer of more than 4,300 digits, and its words
("Exceeds the limit (4300 digits) for integer string conversion ... use
sys.set_int_max_str_digits()") reached the player. A seed long enough to read
but beyond the log's range was written out in full in the message.
"""

from __future__ import annotations

import pytest

from engine.game import Game
from engine.storage.game_log import log_lines
from engine.storage.record_file import LogError
from engine.storage.save_file import read_save
from engine.storage.save_store import SaveStore
from rules.ruleset import load_preset


def _save_with_seed(seed: str) -> str:
    lines = list(log_lines(Game.new(load_preset("wrc"), 5)))
    assert '"seed": 5' in lines[0]
    lines[0] = lines[0].replace('"seed": 5', f'"seed": {seed}')
    return "\n".join(lines) + "\n"


def test_a_seed_of_5000_digits_is_said_plainly():
    with pytest.raises(LogError) as caught:
        read_save(_save_with_seed("9" * 5000))
    message = str(caught.value)
    assert message == (
        "line 1 holds a number of more than 4,300 digits: "
        "no seed, score or count of a game is that long"
    )
    assert "limit" not in message and "sys." not in message


def test_a_seed_of_4000_digits_is_not_written_out():
    with pytest.raises(LogError) as caught:
        read_save(_save_with_seed("9" * 4000))
    message = str(caught.value)
    assert "a number of 4,000 digits" in message and "9999999999" * 4 not in message
    assert len(message) < 300


def test_the_app_keeps_such_a_save_aside_with_those_words(tmp_path):
    (tmp_path / "save.jsonl").write_text(_save_with_seed("9" * 5000))
    store = SaveStore(tmp_path)
    assert store.load() is None
    assert store.problem is not None
    assert "more than 4,300 digits" in store.problem and "Exceeds" not in store.problem
