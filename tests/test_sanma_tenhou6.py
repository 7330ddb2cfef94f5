"""tenhou.net/6 JSON for three players (RULESETS.md §9, issue 25): export and import.

Every one of the 20 real Tenhou three-player games (../shared/records/tenhou3p) is
written as tenhou.net/6 and read back: the rebuilt game has the mjlog's hand scores,
final scores and results, with and without our `rule.mahjong_tui` extension (a record
as Tenhou writes it names only its lobby, "三鳳南喰赤"). Our own three-player games
(both presets, north-bisection too) make the same trip, and the shape is Tenhou's: four
seats with the North one empty, `f44` for a North set aside, 三 in `rule.disp`, pon
strings placed around four chairs."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ai import LEVELS
from engine.actions import Kita, Ron, Tsumo
from engine.driver import play_game
from engine.events import Called, GameEnded, HandEnded, KitaDeclared, Won
from engine.game import Game
from engine.scripted import do, of_type, scripted_game
from engine.storage.records import split_hands
from engine.storage.records.tenhou6 import KITA, meld_string, to_tenhou6, to_tenhou6_text
from engine.storage.records.tenhou6_read import Tenhou6Error, game_from_tenhou6
from engine.storage.records.tenhou_import import game_from_mjlog
from rules.hand import Meld, MeldKind, Source
from rules.ruleset import resolve
from rules.tiles import parse_tiles

RECORDS = Path(__file__).resolve().parents[2] / "shared" / "records" / "tenhou3p"
FILES = sorted(RECORDS.glob("*.mjlog"))
TENHOU_RULE = {"disp": "三鳳南喰赤", "aka53": 1, "aka52": 1, "aka51": 0}


def _outcome(game: Game) -> tuple[list, tuple, list]:
    hands = [(e.deltas, e.scores) for e in game.events if isinstance(e, HandEnded)]
    ended = [e for e in game.events if isinstance(e, GameEnded)]
    final = ended[-1].scores if ended else ()
    results = [row["result"] for row in ended[-1].results] if ended else []
    return hands, final, results


def _as_tenhou_writes_it(record: dict) -> dict:
    """Our export without our extension: the rules are only the lobby's name."""
    return {**record, "title": ["", ""], "rule": dict(TENHOU_RULE)}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name[:8])
def test_every_shared_game_through_tenhou6_keeps_its_scores(path):
    game = game_from_mjlog(path.read_bytes())
    record = to_tenhou6(split_hands(game))
    for text in (json.dumps(record), json.dumps(_as_tenhou_writes_it(record))):
        again = game_from_tenhou6(text)
        assert again.ruleset == game.ruleset and again.ruleset.id == "tenhou3"
        assert _outcome(again) == _outcome(game)
        assert _outcome(again)[1][3] == 0 and len(_outcome(again)[2]) == 3


def test_the_shape_is_tenhous_for_three():
    game = game_from_mjlog(FILES[0].read_bytes())
    record = to_tenhou6(split_hands(game))
    assert "三" in record["rule"]["disp"]
    assert record["name"][3] == "" and all(record["name"][:3])
    assert record["sc"][6:] == [0, 0] and len(record["sc"]) == 8
    for hand in record["log"]:
        assert len(hand) == 17
        assert hand[1][3] == 0
        assert hand[13:16] == [[], [], []]  # the North seat: no deal, takes or discards
        assert all(len(hand[4 + 3 * s]) == 13 for s in range(3))
        assert not {c for s in range(3) for c in hand[4 + 3 * s]} & set(range(12, 19))
        assert len(hand[16][1]) == 4 and hand[16][1][3] == 0
    kitas = [d for hand in record["log"] for s in range(3) for d in hand[6 + 3 * s] if d == KITA]
    assert len(kitas) == sum(isinstance(e, KitaDeclared) for e in game.events) > 0


def test_a_pon_across_the_empty_seat_is_written_at_toimen():
    # East (seat 0) pons West's (seat 2) tile: ours says kamicha (the seat before him),
    # Tenhou's four chairs put West opposite East (the mjlog meld code's relative 2).
    pon = Meld(MeldKind.PON, tuple(parse_tiles("111z")), Source.KAMICHA, parse_tiles("1z")[0])
    assert meld_string(pon, 0, 3) == "41p4141"
    assert meld_string(pon, 0, 4) == "p414141"  # four players: kamicha
    # South (seat 1) pons East's (seat 0) tile: kamicha in either frame
    assert meld_string(pon, 1, 3) == "p414141"
    # West (seat 2) pons East's tile: shimocha of ours, toimen of Tenhou's
    shimo = Meld(MeldKind.PON, pon.tiles, Source.SHIMOCHA, pon.called)
    assert meld_string(shimo, 2, 3) == "41p4141"
    assert meld_string(shimo, 1, 3) == "4141p41"  # South from West: shimocha


def _ai_game(preset: str, seed: int, overrides: dict | None = None) -> Game:
    game = Game(resolve(preset, [f"{k}={v}" for k, v in (overrides or {}).items()]), seed,
                shuffle_seats=True)
    players = [LEVELS["normal"](s, seed) for s in range(4)]
    asyncio.run(play_game(game, players, yield_every=0, concurrent=False))
    return game


@pytest.mark.parametrize(
    "preset, overrides",
    [("tenhou3", None), ("mahjongsoul3", None),
     ("mahjongsoul3", {"tsumo_loss": "north_bisection"})],
)
def test_our_three_player_games_make_the_round_trip(preset, overrides):
    calls = kitas = tsumos = 0
    for seed in range(2):
        game = _ai_game(preset, seed, overrides)
        text = to_tenhou6_text(split_hands(game))
        again = game_from_tenhou6(text)
        assert again.ruleset == game.ruleset
        assert _outcome(again) == _outcome(game)
        assert again.seating == game.seating and again.seed == game.seed
        calls += len(of_type(game.events, Called))
        kitas += len(of_type(game.events, KitaDeclared))
        tsumos += sum(w.from_seat is None for w in of_type(game.events, Won))
    assert calls and kitas and tsumos  # the trip carried pons, kita and tsumo loss


def _north_hands():
    # From tests/test_sanma_engine.py: the dealer sets a North aside; seat 1 waits on it.
    return ("123p456p789s11m9m4z", "555z666z123s789s4z", "567s111p222p1z2z3z7z", "")


def test_a_ron_on_a_set_aside_north_makes_the_round_trip():
    game = scripted_game("tenhou3", list(_north_hands()), "9m")
    do(game, Kita(0))
    (won,) = of_type(do(game, Ron(1)), Won)
    assert won.from_seat == 0 and won.win_tile.kind == 30
    record = to_tenhou6(split_hands(game))
    (hand,) = record["log"]
    assert hand[6][-1] == KITA  # the dealer's last discard: the North set aside
    assert hand[16][2][:2] == [1, 0]  # seat 1 won off seat 0
    again = game_from_tenhou6(json.dumps(record))
    assert _outcome(again)[0] == _outcome(game)[0]
    assert of_type(again.events, Won)[0].win_tile.kind == 30


def test_a_tsumo_on_the_kita_replacement_tile_makes_the_round_trip():
    hands = ("123p456p789s11m9m4z", "567p888p99p1z2z3z7z6z", "567s111p222p1z2z3z7z", "")
    game = scripted_game("tenhou3", list(hands), "9m", rinshan="1m")
    do(game, Kita(0))
    (won,) = of_type(do(game, Tsumo(0)), Won)
    record = to_tenhou6(split_hands(game))
    (hand,) = record["log"]
    assert hand[5][-1] == 11 and hand[6] == [KITA]  # the replacement 1m, then the win
    assert "嶺上開花(1飜)" in hand[16][2]
    deltas = hand[16][1]
    assert deltas[0] > 0 and deltas[1] < 0 and deltas[2] < 0 and deltas[3] == 0
    assert won.winner == 0
    again = game_from_tenhou6(json.dumps(record))
    assert _outcome(again)[0] == _outcome(game)[0]


def test_a_record_seating_three_without_saying_so_is_read_as_three():
    game = game_from_mjlog(FILES[1].read_bytes())
    record = to_tenhou6(split_hands(game))
    bare = {**record, "title": ["", ""], "rule": {"aka": 1}}  # no 三 in a disp
    assert _outcome(game_from_tenhou6(json.dumps(bare))) == _outcome(game)
    # three names, and hands written with three seats only (14 parts)
    three = {**bare, "name": record["name"][:3],
             "log": [[*h[:13], h[16]] for h in record["log"]], "sc": record["sc"][:6]}
    assert _outcome(game_from_tenhou6(json.dumps(three))) == _outcome(game)


def test_bad_three_player_records_are_one_line():
    game = game_from_mjlog(FILES[0].read_bytes())
    record = to_tenhou6(split_hands(game))
    four = {**record, "title": ["", ""], "rule": {"disp": "四鳳南喰赤"}}
    four["log"] = [[*h[:13], [11] * 13, *h[14:]] for h in record["log"]]
    with pytest.raises(ValueError) as error:
        game_from_tenhou6(json.dumps(four))
    assert "\n" not in str(error.value)
    record["log"][0][4] = record["log"][0][4][:12]
    with pytest.raises(Tenhou6Error, match="seat 0 is dealt 12 tiles, not 13"):
        game_from_tenhou6(json.dumps(record))


def test_a_pon_from_the_empty_seat_is_refused_in_one_line():
    # Seat 0's kamicha around four chairs is seat 3, the empty one: nobody to pon from.
    for path in FILES:
        record = to_tenhou6(split_hands(game_from_mjlog(path.read_bytes())))
        for hand in record["log"]:
            takes = hand[5]  # seat 0's takes
            pons = [i for i, take in enumerate(takes) if isinstance(take, str) and "p" in take]
            if pons:
                takes[pons[0]] = "p" + takes[pons[0]].replace("p", "")
                with pytest.raises(Tenhou6Error, match="calls from the empty seat"):
                    game_from_tenhou6(json.dumps(record))
                return
    raise AssertionError("no pon by East in the shared records")


def test_export_and_replay_from_the_command_line(tmp_path):
    out = tmp_path / "game.json"
    done = subprocess.run(
        [sys.executable, "-m", "tui.cli", "export", "--format", "tenhou6", str(FILES[2]),
         "-o", str(out)],
        capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    rows = []
    for source in (FILES[2], out):
        replay = subprocess.run(
            [sys.executable, "-m", "tui.cli", "replay", str(source), "--summary", "--json"],
            capture_output=True, text=True, timeout=300,
        )
        assert replay.returncode == 0, replay.stderr
        rows.append([json.loads(line) for line in replay.stdout.splitlines()])
    assert rows[0] == rows[1]
    assert len(rows[1][-1]["results"]) == 3


def test_an_mjai_export_of_three_players_imports_again():
    # mjai import had refused tenhou3 in start_game and knew no `kita` line.
    from engine.storage.records.importer import game_from_mjai
    from engine.storage.records.mjai import to_mjai_text

    game = game_from_mjlog(FILES[0].read_bytes())
    text = to_mjai_text(split_hands(game))
    assert '"type":"kita"' in text
    again = game_from_mjai(text)
    assert again.ruleset == game.ruleset
    assert _outcome(again) == _outcome(game)
