"""Corrupt saves at launch: truncated, mutated and deeply nested files never stop
the game from launching; whatever cannot be read is moved aside (a unique name,
the bytes kept) and reported, so the next launch is clean too."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_tui_pilot import screen_text

from engine.game import Game
from engine.storage.save_store import SAVE_NAME, SaveStore
from rules.ruleset import load_preset
from tui.app import MahjongApp
from tui.screens.launch import LaunchScreen

NESTED = "[" * 50_000 + "]" * 50_000


def a_save(data: Path, actions: int = 30) -> bytes:
    store = SaveStore(data, durable=False)
    game = Game.new(load_preset("wrc"), 8)
    for _ in range(actions):
        game.apply(game.legal_actions(game.pending_seats()[0])[0])
    store.save(game)
    return store.path.read_bytes()


def corruptions(good: bytes, rng: random.Random) -> list[tuple[str, bytes]]:
    """Truncations, byte mutations and nestings of one good save."""
    cases: list[tuple[str, bytes]] = []
    for cut in sorted({0, 1, 10, len(good) - 1, *rng.sample(range(len(good)), 40)}):
        cases.append(("truncate", good[:cut]))
    for _ in range(120):
        data = bytearray(good)
        for _ in range(rng.choice((1, 1, 2, 5))):
            data[rng.randrange(len(data))] = rng.randrange(256)
        cases.append(("mutate", bytes(data)))
    header, rest = good.split(b"\n", 1)
    cases += [
        ("nest", NESTED.encode()),
        ("nest", header + b"\n" + NESTED.encode() + b"\n" + rest),
        ("nest", header + b"\n" + ('{"event": ' * 30_000 + "1" + "}" * 30_000).encode()),
        ("nest", good + ('{"action": ' + NESTED + "}").encode()),
    ]
    return cases


def test_fuzzed_saves_never_stop_a_load_and_are_kept_aside(tmp_path):
    rng = random.Random(10)
    good = a_save(tmp_path / "good")
    tried = {"truncate": 0, "mutate": 0, "nest": 0}
    aside = 0
    data = tmp_path / "data"
    data.mkdir()
    for kind, blob in corruptions(good, rng):
        tried[kind] += 1
        (data / SAVE_NAME).write_bytes(blob)
        store = SaveStore(data, durable=False)
        saved = store.load()  # never raises
        if saved is None:
            aside += 1
            assert store.problem and store.kept_as is not None
            assert store.kept_as.read_bytes() == blob and not (data / SAVE_NAME).exists()
        else:  # a harmless change (a space, a key order): still the same game log
            assert saved.game.events
            (data / SAVE_NAME).unlink()
    assert tried["truncate"] >= 40 and tried["mutate"] == 120 and tried["nest"] == 4
    kept = [p for p in data.iterdir() if ".corrupt-" in p.name]
    assert len(kept) == aside >= 150  # every bad file kept, under its own name
    print(f"tried {tried}, moved aside {aside}")


@pytest.mark.parametrize(
    "blob",
    [NESTED.encode(), b"\xff\xfe garbage", b'{"format": "mahjong-tui-log"', b""],
    ids=["nested-50000", "binary", "truncated-header", "empty"],
)
async def test_the_app_launches_over_a_corrupt_save_every_time(tmp_path, blob):
    (tmp_path / SAVE_NAME).write_bytes(blob)
    for launch in range(2):  # and the next launch is clean
        app = MahjongApp(seed=1, delay=0, data_dir=tmp_path)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause(0.2)
            assert isinstance(app.screen, LaunchScreen)
            if launch == 0:
                # words, not lines: a long data path (xdist's) wraps the sentence
                assert "could not be read" in " ".join(screen_text(app).split())
        assert app.return_code in (None, 0)
    [kept] = [p for p in tmp_path.iterdir() if ".corrupt-" in p.name]
    assert kept.read_bytes() == blob and not (tmp_path / SAVE_NAME).exists()
