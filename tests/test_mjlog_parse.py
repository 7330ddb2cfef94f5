"""Tenhou mjlog reading (`engine.storage.records.mjlog`) on the 20 real games of ../shared.

The records are the outside truth: what the parser reads must add up the way a
real game does (every tile id dealt or drawn once, every call taking the tile
just discarded by the seat the code names, the points of each hand's end
leading to the next hand's start, the last one to the record's `owari`).
"""

from __future__ import annotations

import gzip
from pathlib import Path

import pytest

from engine.storage.records.mjlog import (
    Call,
    Discard,
    Draw,
    MjlogError,
    NewDora,
    Riichi,
    Ryuukyoku,
    Win,
    decode_meld,
    looks_like_mjlog,
    parse_mjlog,
)

RECORDS = Path(__file__).resolve().parents[1].parent / "shared" / "records" / "tenhou"
FILES = sorted(RECORDS.glob("*.mjlog"))


def test_the_shared_records_are_there():
    assert len(FILES) == 20


@pytest.fixture(scope="module")
def games():
    return {f.name: parse_mjlog(f.read_bytes()) for f in FILES}


def test_every_record_is_a_four_player_game_with_named_players(games):
    for game in games.values():
        assert len(game.names) == 4 and all(game.names)
        assert all(len(d) == 13 for hand in game.hands for d in hand.deals)


def test_each_hand_starts_where_the_last_one_ended(games):
    for name, game in games.items():
        for before, after in zip(game.hands, game.hands[1:], strict=False):
            assert before.scores_after == after.scores, name


def test_the_game_ends_with_the_owari_scores_up_to_sticks_left_to_the_first(games):
    for name, game in games.items():
        last = game.hands[-1].scores_after
        gap = [f - s for f, s in zip(game.final_scores, last, strict=True)]
        top = max(range(4), key=lambda i: (game.final_scores[i], -i))
        assert all(g == 0 for i, g in enumerate(gap) if i != top), name
        assert gap[top] % 1000 == 0 and gap[top] >= 0, name


def test_every_tile_is_dealt_or_drawn_once_and_every_call_takes_the_last_discard(games):
    for name, game in games.items():
        for number, hand in enumerate(game.hands):
            where = f"{name} hand {number + 1}"
            held = [set(d) for d in hand.deals]
            seen = set().union(*held)
            assert len(seen) == 52, where
            last_discard: tuple[int, int] | None = None
            for move in hand.moves:
                if isinstance(move, Draw):
                    assert move.tile not in seen, where
                    seen.add(move.tile)
                    held[move.seat].add(move.tile)
                elif isinstance(move, Discard):
                    assert move.tile in held[move.seat], where
                    held[move.seat].remove(move.tile)
                    last_discard = (move.seat, move.tile)
                elif isinstance(move, Call):
                    meld = move.meld
                    own = set(meld.tiles) - {meld.called} if meld.called is not None else set(
                        meld.tiles
                    )
                    if meld.kind in ("chi", "pon", "daiminkan"):
                        assert last_discard == (meld.from_seat, meld.called), where
                        if meld.kind == "chi":
                            assert meld.from_seat == (meld.seat + 3) % 4, where
                    if meld.kind == "kakan":
                        own = {meld.called}
                    assert own <= held[meld.seat], (where, meld)
                    held[meld.seat] -= own
                    last_discard = None
                elif isinstance(move, NewDora):
                    assert 0 <= move.indicator < 136
            for end in hand.ends:
                if isinstance(end, Win):
                    assert end.win_tile in end.hand, where
                    assert set(end.hand) - {end.win_tile} <= held[end.seat] | {end.win_tile}


def test_the_record_set_covers_the_endings_it_promises(games):
    kinds = {end.kind for g in games.values() for h in g.hands for end in h.ends
             if isinstance(end, Ryuukyoku)}
    assert {"yao9", "kaze4", "reach4", "kan4", "nm"} <= kinds
    double_ron = [h for g in games.values() for h in g.hands if len(h.ends) == 2]
    assert double_ron and all(isinstance(e, Win) for h in double_ron for e in h.ends)
    assert any(e.liable is not None for g in games.values() for h in g.hands for e in h.ends
               if isinstance(e, Win))
    assert any(h.round_wind == 2 for g in games.values() for h in g.hands)  # a West round


def test_riichi_steps_come_in_pairs_with_the_stick_down(games):
    for game in games.values():
        for hand in game.hands:
            steps = [m for m in hand.moves if isinstance(m, Riichi)]
            for first, second in zip(steps[0::2], steps[1::2], strict=False):
                assert (first.step, second.step, first.seat) == (1, 2, second.seat)
                assert second.scores is not None


# --- meld codes (bit layout checked against hand-made codes) ------------------------------------


def test_decode_a_chi_from_kamicha():
    # 234m chi, the 3m called (index 1): base 1 (2m), t = base*3 + 1 = 4; offsets 0.
    meld = decode_meld(1, (4 << 10) | 0x4 | 3)
    assert (meld.kind, meld.tiles, meld.called, meld.from_seat) == ("chi", (4, 8, 12), 8, 0)


def test_decode_a_pon_from_toimen_and_its_kakan():
    kind, unused = 31, 2  # hatsu; copy 2 not used in the pon
    pon = decode_meld(0, ((kind * 3 + 0) << 9) | (unused << 5) | 0x8 | 2)
    assert (pon.kind, pon.tiles, pon.called, pon.from_seat) == ("pon", (124, 125, 127), 124, 2)
    kakan = decode_meld(0, ((kind * 3 + 0) << 9) | (unused << 5) | 0x10 | 2)
    assert (kakan.kind, kakan.called) == ("kakan", 126) and len(kakan.tiles) == 4


def test_decode_ankan_and_daiminkan():
    assert decode_meld(2, (4 * 4) << 8).kind == "ankan"
    dmk = decode_meld(2, ((4 * 4 + 1) << 8) | 1)
    assert (dmk.kind, dmk.called, dmk.from_seat) == ("daiminkan", 17, 3)


# --- bad input: one line each --------------------------------------------------------------------


def test_gzip_reads_the_same():
    data = FILES[0].read_bytes()
    assert parse_mjlog(gzip.compress(data)) == parse_mjlog(data)
    assert looks_like_mjlog(gzip.compress(data)) and looks_like_mjlog(data)


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"", "does not start"),
        (b"hello", "does not start"),
        (b'<mjloggm ver="2.3"><GO type="169"/>', "no hands"),
        (b'<mjloggm ver="2.3"><GO type="185"/>', "no hands"),  # three players: read
        (b'<mjloggm ver="2.3"><T12/>', "before the first"),
        (b"\x1f\x8bnot gzip", "gzip"),
        (b"\xff\xfe<mjloggm", "UTF-8"),
    ],
)
def test_bad_records_are_one_clear_line(data, says):
    with pytest.raises(MjlogError, match=says) as caught:
        parse_mjlog(data)
    assert "\n" not in str(caught.value)


def test_a_record_cut_before_the_end_is_refused():
    data = FILES[0].read_bytes()
    for cut in (data[: data.rindex(b"owari")], data[: len(data) // 2], data[:200]):
        with pytest.raises(MjlogError):
            parse_mjlog(cut)


def test_a_gzip_bomb_fails_fast():
    bomb = gzip.compress(b"<mjloggm " + b" " * (64 * 1024 * 1024))
    with pytest.raises(MjlogError, match="larger"):
        parse_mjlog(bomb)


def test_the_record_summary_chains_its_scores_and_names_every_ending(games):
    from engine.storage.records.mjlog import record_summary

    ends = set()
    for name, game in games.items():
        rows = record_summary(game)
        *hands, final = rows
        assert final["final_scores"] == list(game.final_scores)
        score = list(game.hands[0].scores)
        for row, hand in zip(hands, game.hands, strict=True):
            # The deltas move the hand's points; riichi sticks put down are in `scores`.
            sticks_down = sum(isinstance(m, Riichi) and m.step == 2 for m in hand.moves)
            taken = 1000 * (sticks_down + hand.sticks) if row["winners"] else 0
            assert sum(row["deltas"]) == taken, (name, row)
            score = row["scores"]
            ends.add(row["end"])
        assert score == list(game.hands[-1].scores_after)
    assert {"ron", "tsumo", "exhaustive", "nine_terminals", "four_winds", "four_riichi",
            "four_kans", "nagashi_mangan"} <= ends
