"""The drill generators and their answers, checked against independent computations:
brute force for waits and accepted tiles (the `mahjong` package's shanten), the
`mahjong` package's scorer for fu, payments and yaku, and the danger model's own
definitions (genbutsu, suji) for defence."""

from __future__ import annotations

import pytest
from mahjong.shanten import Shanten
from test_differential_mahjong import lib_double_wind_pair_departure, lib_outcome, lib_score

from engine.storage.history.drills import DrillLog
from rules.ruleset import load_preset
from rules.tiles import KIND_COUNT, kind_to_str, parse_kinds, parse_tiles, to_counts
from tui.learn.drill_run import REVISIT, DrillSession
from tui.learn.drills import DRILLS, make_question, parse_key, payment_text

WRC = load_preset("wrc")
SEEDS = range(40)


def _complete(counts: list[int]) -> bool:
    """Brute force: four sets and a pair, or seven distinct pairs."""
    if sorted(n for n in counts if n) == [2] * 7:
        return True
    return any(counts[p] >= 2 and _sets(_minus(counts, [p, p])) for p in range(KIND_COUNT))


def _minus(counts: list[int], kinds: list[int]) -> list[int]:
    out = counts[:]
    for k in kinds:
        out[k] -= 1
    return out


def _sets(counts: list[int]) -> bool:
    first = next((k for k in range(KIND_COUNT) if counts[k]), None)
    if first is None:
        return True
    if counts[first] >= 3 and _sets(_minus(counts, [first] * 3)):
        return True
    run = [first, first + 1, first + 2]
    return (first < 27 and first % 9 <= 6 and counts[first + 1] > 0 and counts[first + 2] > 0
            and _sets(_minus(counts, run)))


@pytest.mark.parametrize("seed", SEEDS)
def test_waits_answer_is_every_completing_tile(seed):
    q = make_question("waits", seed, WRC)
    counts = to_counts(parse_tiles(q.hand))
    assert sum(counts) == 13
    brute = {kind_to_str(k) for k in range(KIND_COUNT)
             if counts[k] < 4 and _complete([n + (i == k) for i, n in enumerate(counts)])}
    assert q.answer == brute
    assert q.multi and q.answer <= {c.value for c in q.choices}
    assert q.check(set(brute)) and not q.check(set(brute) - {next(iter(brute))})


def _lib_shanten(counts: list[int]) -> int:
    return Shanten().calculate_shanten(counts)


@pytest.mark.parametrize("seed", range(12))
def test_discard_answer_has_the_lowest_shanten_and_most_accepted_tiles(seed):
    q = make_question("discard", seed, WRC)
    hand = to_counts(parse_tiles(q.hand))
    seen_line = q.facts[0].split(": ", 1)[1]
    visible = to_counts(parse_tiles(seen_line))
    ranked = {}
    for kind in {k for k in range(KIND_COUNT) if hand[k]}:
        kept = _minus(hand, [kind])
        now = _lib_shanten(kept)
        accepted = [d for d in range(KIND_COUNT) if kept[d] < 4
                    and _lib_shanten([n + (i == d) for i, n in enumerate(kept)]) < now]
        count = sum(max(0, 4 - hand[d] - visible[d]) for d in accepted)
        ranked[kind_to_str(kind)] = (now, -count)
        line = next(x for x in q.explanation if x.strip().startswith(f"{kind_to_str(kind)}:"))
        assert f": {'tenpai' if now == 0 else f'{now}-shanten'}, {count} (" in line
        assert line.split("(", 1)[1].split(")")[0].split() == [kind_to_str(d) for d in accepted]
    best = min(ranked.values())
    assert q.answer == {k for k, v in ranked.items() if v == best}


def _comparable(request) -> bool:
    """Hands the library scores under the same rules: no red fives (it has none here),
    no double-wind pair (its documented 4-fu departure)."""
    text = request["concealed"] + request["win"] + "".join(
        m["tiles"] for m in request.get("melds", []))
    return "0" not in text and not lib_double_wind_pair_departure(request)


@pytest.mark.parametrize("kind", ["fu", "points", "yaku"])
def test_win_questions_agree_with_the_mahjong_library(kind):
    checked = 0
    for seed in range(60):
        q = make_question(kind, seed, WRC)
        assert q.request is not None and q.answer <= {c.value for c in q.choices}
        if not _comparable(q.request):
            continue
        lib = lib_outcome(lib_score(q.request, "wrc"), q.request)
        assert lib["ok"], q.request
        if kind == "fu":
            assert q.answer == {str(lib["fu"])}, q.request
        elif kind == "points":
            assert q.answer == {payment_text(q.request, lib)}, q.request
        else:
            names = {_LIB_YAKU.get(y, y) for y in lib["yaku"]
                     if not y.startswith(("Dora", "Ura Dora", "Aka Dora"))}
            assert q.answer == names, (q.request, lib["yaku"])
        checked += 1
    assert checked >= 40


_LIB_YAKU = {
    "Riichi": "riichi", "Menzen Tsumo": "menzen_tsumo", "Tanyao": "tanyao", "Pinfu": "pinfu",
    "Iipeiko": "iipeikou", "San Ankou": "sanankou", "Chiitoitsu": "chiitoitsu",
    "Chinitsu": "chinitsu", "Ittsu": "ittsu", "Sanshoku Doujun": "sanshoku",
    "Honitsu": "honitsu", "Ippatsu": "ippatsu", "Shou Sangen": "shousangen",
    "Double Riichi": "double_riichi", "Houtei Raoyui": "houtei", "Haitei Raoyue": "haitei",
    "Ryanpeikou": "ryanpeikou", "Toitoi": "toitoi", "Chantai": "chanta", "Junchan": "junchan",
    "Rinshan Kaihou": "rinshan", "Chankan": "chankan", "Honroutou": "honroutou",
    "San Kantsu": "sankantsu", "Sanshoku Doukou": "sanshoku_doukou",
    "Yakuhai (haku)": "yakuhai_haku", "Yakuhai (hatsu)": "yakuhai_hatsu",
    "Yakuhai (chun)": "yakuhai_chun",
    **{f"Yakuhai (seat wind {w})": "yakuhai_seat_wind" for w in ("east", "south", "west",
                                                                  "north")},
    **{f"Yakuhai (round wind {w})": "yakuhai_round_wind" for w in ("east", "south", "west",
                                                                    "north")},
}


@pytest.mark.parametrize("seed", SEEDS)
def test_defence_answer_is_genbutsu_when_one_is_held_else_a_safer_class(seed):
    q = make_question("defence", seed, WRC)
    river = set(parse_kinds(q.facts[0].split(": ", 1)[1].replace(" ", "")))
    hand = set(parse_kinds(q.hand))
    held_genbutsu = {kind_to_str(k) for k in hand & river}
    if held_genbutsu:
        assert q.answer <= held_genbutsu
    else:
        first = q.explanation[2]
        assert "no suji" not in first.split(":")[1], q.explanation
    assert not q.multi and len(q.answer) <= 2


@pytest.mark.parametrize("kind", DRILLS)
def test_questions_are_seeded(kind):
    a, b = make_question(kind, 7, WRC), make_question(kind, 7, WRC)
    assert a == b and a.key == f"{kind}:7" and parse_key(a.key) == (kind, 7)
    assert make_question(kind, 8, WRC) != a


def test_unknown_kind_and_key_are_one_line_errors():
    with pytest.raises(ValueError, match="unknown drill"):
        make_question("nope", 1, WRC)
    with pytest.raises(ValueError, match="not a drill question"):
        parse_key("waits:x")


def test_a_missed_question_comes_back_until_answered_right(tmp_path):
    log = DrillLog(tmp_path / "history.sqlite3")
    s = DrillSession("waits", WRC, 10, log=log)
    first = s.next_question()
    assert not s.answer(set(), 3.0)
    keys = [first.key]
    for _ in range(REVISIT - 1):
        q = s.next_question()
        keys.append(q.key)
        s.answer(set(q.answer), 1.0)
    assert keys[-1] == first.key  # the third question is the missed one
    assert log.missed("waits") == []  # answered right the second time
    summary = log.summary()["waits"]
    assert (summary.asked, summary.correct, summary.seconds) == (3, 2, 5.0)
    again = DrillSession("waits", WRC, 50, log=log)
    assert list(again.missed) == []


def test_missed_questions_survive_the_session(tmp_path):
    log = DrillLog(tmp_path / "history.sqlite3")
    s = DrillSession("fu", WRC, 1, log=log)
    q = s.next_question()
    s.answer({"nothing"}, 2.0)
    later = DrillSession("fu", WRC, 99, log=log)
    assert list(later.missed) == [q.key]
    for _ in range(REVISIT - 1):
        assert later.next_question().key != q.key
        later.answer({"x"}, 1)
    assert later.next_question().key == q.key  # every third question


def test_an_unwritable_history_loses_no_answer_and_says_why(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    s = DrillSession("waits", WRC, 1, log=DrillLog(blocker / "history.sqlite3"))
    assert s.problem and "not kept" in s.problem and s.log is None
    q = s.next_question()
    assert s.answer(set(q.answer), 1.0) and s.asked == 1


def test_a_drill_answer_in_an_older_history_migrates_it_and_keeps_its_games(tmp_path):
    """The drill tables are the history's schema now (version 6, issue #19): a drill
    answered over a version-3 history takes it to the current version, games kept
    (it used to add its table and leave the version alone)."""
    import sqlite3

    from engine.storage.history.db import SCHEMA_VERSION, HistoryDB, migrate

    path = tmp_path / "history.sqlite3"
    conn = sqlite3.connect(path, isolation_level=None)
    migrate(conn, to=3)
    conn.execute("INSERT INTO games (ruleset, seed, started_at, ended_at, human_seat,"
                 " hand_count, game_key) VALUES ('wrc', 5, 1.0, 2.0, 0, 0, 'g-5')")
    conn.close()
    DrillLog(path).record("yaku", "yaku:1", correct=True, seconds=1)
    with HistoryDB(path) as db:
        assert db.conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
        assert db.recorded("g-5") == 1
    assert DrillLog(path).summary()["yaku"].asked == 1
