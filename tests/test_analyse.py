"""`mahjong-tui analyse` (CONTRACT.md) and `rules.analysis`, checked against independent work.

- The acceptance is checked against a brute force written here from the
  definition: a 13-tile hand's shanten is the fewest tiles it lacks from a real
  complete hand, minus one, and a drawn kind is accepted exactly when some complete
  hand at that least distance needs it. So we add every multiset of D kinds
  (D = 1, 2, 3, ...) and look for a complete hand inside: the first D that works
  is shanten + 1, and the kinds of the multisets that work are the accepted ones.
- Shanten is compared with the `mahjong` package on a few hundred seeded hands.
- The command is run as a subprocess: the contract's example, visible tiles, red
  fives, and bad input (one line on stderr, exit 2).
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from functools import cache
from itertools import combinations_with_replacement
from pathlib import Path

import pytest
from mahjong.shanten import Shanten

from rules.analysis import AnalysisError, analyse, parse_meld
from rules.ruleset import load_preset
from rules.tiles import KIND_COUNT, format_tiles, kind_to_str, parse_kinds, to_counts

ROOT = Path(__file__).resolve().parent.parent
WRC = load_preset("wrc")
YAOCHUU = [k for k in range(KIND_COUNT) if k >= 27 or k % 9 in (0, 8)]
SEQUENCE_STARTS = [k for k in range(27) if k % 9 <= 6]


# --- the independent brute force ------------------------------------------------------


def _has_sets(counts: list[int], sets: int, start: int) -> bool:
    """Whether `sets` sets can be taken out of `counts` (a sub-multiset), kinds >= start."""
    if sets == 0:
        return True
    for kind in range(start, KIND_COUNT):
        if counts[kind] >= 3:
            counts[kind] -= 3
            found = _has_sets(counts, sets - 1, kind)
            counts[kind] += 3
            if found:
                return True
        if kind in SEQUENCE_STARTS and counts[kind] and counts[kind + 1] and counts[kind + 2]:
            for k in (kind, kind + 1, kind + 2):
                counts[k] -= 1
            found = _has_sets(counts, sets - 1, kind)
            for k in (kind, kind + 1, kind + 2):
                counts[k] += 1
            if found:
                return True
    return False


def contains_complete(counts: list[int], melds: int, chiitoitsu: bool) -> bool:
    """Whether some complete hand (every form) sits inside `counts`."""
    for pair in range(KIND_COUNT):
        if counts[pair] >= 2:
            counts[pair] -= 2
            found = _has_sets(counts, 4 - melds, 0)
            counts[pair] += 2
            if found:
                return True
    if melds:
        return False
    if chiitoitsu and sum(c >= 2 for c in counts) >= 7:
        return True
    return all(counts[k] for k in YAOCHUU) and any(counts[k] >= 2 for k in YAOCHUU)


@cache
def brute_acceptance(
    counts: tuple[int, ...], melds: int = 0, chiitoitsu: bool = True, most: int = 4
) -> tuple[int, frozenset[int]] | None:
    """(shanten, accepted kinds) of a 13 - 3 × melds tile hand, from the definition;
    None if the hand lacks more than `most` tiles (shanten `most` or more)."""
    for needed in range(1, most + 1):
        accepted: set[int] = set()
        for added in combinations_with_replacement(range(KIND_COUNT), needed):
            trial = list(counts)
            for kind in added:
                trial[kind] += 1
            if max(trial) > 4:
                continue  # a complete hand never holds a fifth copy
            if contains_complete(trial, melds, chiitoitsu):
                accepted.update(added)
        if accepted:
            return needed - 1, frozenset(accepted)
    return None


def test_the_brute_force_knows_simple_hands():
    tenpai = tuple(to_counts(parse_kinds("123m456p789s1122z")))
    assert brute_acceptance(tenpai) == (0, frozenset({27, 28}))
    # A fifth 1m does not exist: the shape waiting on it is 1-shanten.
    assert brute_acceptance(tuple(to_counts(parse_kinds("1111m234567p789s"))))[0] == 1


# --- seeded hands near tenpai ---------------------------------------------------------


def near_tenpai_hands(seed: str, count: int, size: int = 14) -> list[str]:
    """Complete hands with a few tiles swapped for random ones: 0- to 2-shanten."""
    rng = random.Random(seed)
    hands: list[str] = []
    while len(hands) < count:
        wall = [k for k in range(KIND_COUNT) for _ in range(4)]
        rng.shuffle(wall)
        counts = [0] * KIND_COUNT
        tiles: list[int] = []
        for _ in range(4):
            if rng.random() < 0.6:
                start = rng.choice(SEQUENCE_STARTS)
                group = [start, start + 1, start + 2]
            else:
                group = [rng.randrange(KIND_COUNT)] * 3
            tiles += group
        tiles += [rng.randrange(KIND_COUNT)] * 2
        for _ in range(rng.randint(1, 2)):
            tiles[rng.randrange(len(tiles))] = rng.randrange(KIND_COUNT)
        tiles = tiles[: size]
        counts = to_counts(tiles)
        if max(counts) <= 4 and counts[0] < 4 and counts[17] < 4:  # room for --visible 1m9p
            hands.append(format_tiles(sorted(tiles)))
    return hands


@pytest.mark.parametrize("mpsz", near_tenpai_hands("analyse brute", 8))
def test_each_discard_matches_the_brute_force_acceptance(mpsz):
    result = analyse(mpsz, WRC, visible="1m9p", improving=False)
    hand = to_counts(parse_kinds(mpsz))
    seen = [h + v for h, v in zip(hand, to_counts(parse_kinds("1m9p")), strict=True)]
    assert sorted(o.discard for o in result.options) == [k for k in range(KIND_COUNT) if hand[k]]
    for option in result.options:
        kept = list(hand)
        kept[option.discard] -= 1
        found = brute_acceptance(tuple(kept), most=2)  # three added tiles would be slow
        if found is None:
            assert option.shanten >= 2, (mpsz, kind_to_str(option.discard))
            continue
        shanten, accepted = found
        assert option.shanten == shanten, (mpsz, kind_to_str(option.discard))
        assert [k for k, _ in option.accepted] == sorted(accepted), (mpsz, option.discard)
        assert option.accepted_count == sum(max(0, 4 - seen[k]) for k in accepted)
    assert result.shanten == min(o.shanten for o in result.options) or result.shanten == -1


@pytest.mark.parametrize(
    ("mpsz", "melds"),
    [("23m456p789s6s6z", ["pon:555z"]), ("34567m66p", ["chi:123s", "ankan:9999p"]),
     ("1m", ["pon:111p", "pon:222s", "chi:789m", "minkan:7777z"])],
)
def test_melds_reduce_the_sets_needed_as_the_brute_force_says(mpsz, melds):
    result = analyse(mpsz, WRC, melds=melds)
    found = brute_acceptance(tuple(to_counts(parse_kinds(mpsz))), len(melds))
    assert found is not None
    shanten, accepted = found
    assert result.shanten == result.best.shanten == shanten
    assert {k for k, _ in result.best.accepted} == accepted


def test_a_ruleset_without_seven_pairs_analyses_the_standard_form_only():
    hand = "112233m5566p77s1z"  # six pairs: tenpai on 1z for seven pairs
    counts = tuple(to_counts(parse_kinds(hand)))
    assert analyse(hand, load_preset("jpml")).shanten == 0
    classic = analyse(hand, load_preset("renmei_classic"))
    assert brute_acceptance(counts, 0, chiitoitsu=False) == (
        classic.shanten, frozenset(k for k, _ in classic.best.accepted)
    )
    assert classic.shanten == 1


def test_thirteen_orphans_count_in_every_preset():
    for preset in ("wrc", "renmei_classic"):
        result = analyse("19m19p19s1234567z5m", load_preset(preset))
        assert result.best.discard == parse_kinds("5m")[0]
        assert [k for k, _ in result.best.accepted] == YAOCHUU


# --- the reference package ------------------------------------------------------------


@pytest.mark.parametrize("size", [13, 14])
def test_shanten_matches_the_mahjong_package_on_seeded_random_hands(size):
    rng = random.Random(f"analyse mahjong {size}")
    reference = Shanten().calculate_shanten
    for _ in range(150):
        kinds = sorted(rng.sample([k for k in range(KIND_COUNT) for _ in range(4)], size))
        counts = to_counts(kinds)
        result = analyse(format_tiles(kinds), WRC, improving=False)
        assert result.shanten == reference(counts), format_tiles(kinds)
        for option in result.options:
            kept = list(counts)
            if option.discard is not None:
                kept[option.discard] -= 1
            assert option.shanten == reference(kept), (format_tiles(kinds), option.discard)


# --- what the learner sees ------------------------------------------------------------


def test_options_are_ranked_by_shanten_then_acceptance():
    for mpsz in near_tenpai_hands("analyse ranking", 10):
        options = analyse(mpsz, WRC, improving=False).options
        keys = [(o.shanten, -o.accepted_count) for o in options]
        assert keys == sorted(keys), mpsz


def test_improving_tiles_keep_the_shanten_and_widen_the_waits():
    # Kanchan 4p (4 left). A 2p (23p) or a 6p (56p) makes a two-sided wait; a 5p
    # (55567p: 5p 8p 1z) or a 1z (5567p + 111z: 5p 8p) widens it too; a 7p (57p: 6p,
    # 3 left) does not, nor does anything that cannot reach a better tenpai.
    result = analyse("234m35p567p345s11z", WRC)
    assert result.best.shanten == 0
    assert [kind_to_str(k) for k, _ in result.best.improving] == ["2p", "5p", "6p", "1z"]
    assert result.best.improving_count == 4 + 2 + 3 + 2


def test_a_tenpai_discard_carries_its_waits_values_and_the_better_wait_wins_ties():
    result = analyse("123456m789p2344s5s", WRC, dora="3s")
    best, runner = result.options[0], result.options[1]
    assert kind_to_str(best.discard) == "5s" and kind_to_str(runner.discard) == "4s"
    assert best.accepted_count == runner.accepted_count == 6
    # 1s or 4s: riichi, pinfu and two dora (4s) is a mangan; 2s5s has no pinfu (kanchan).
    assert [(kind_to_str(w.kind), w.ron) for w in best.waits] == [("1s", 8000), ("4s", 8000)]
    assert best.expected_value == 8000
    assert "worth more" in result.reason


def test_the_discard_that_is_its_own_wait_is_furiten():
    result = analyse("123456m789p12s55z3s", WRC)  # discarding 3s waits on 3s
    option = next(o for o in result.options if kind_to_str(o.discard) == "3s")
    assert option.furiten
    assert "furiten" in result.reason or result.best is not option
    # With a 4s drawn instead, 12s or 24s wait on 3s, which neither discard is.
    other = analyse("123456m789p12s55z4s", WRC)
    tenpai = [kind_to_str(o.discard) for o in other.options if o.shanten == 0]
    assert tenpai == ["1s", "4s"]
    assert not any(o.furiten for o in other.options)


def test_red_fives_count_as_their_kind_and_stay_in_the_hand():
    plain = analyse("1234566m35p234s66s", WRC, visible="5p")
    red = analyse("1234066m35p234s66s", WRC, visible="0p")
    assert [(o.discard, o.accepted, o.accepted_count) for o in plain.options] == [
        (o.discard, o.accepted, o.accepted_count) for o in red.options
    ]
    # With red fives in play the red 5m kept in the hand is one more han on every wait.
    aka = analyse("1234066m35p234s66s", WRC.with_overrides({"red_fives": 3}))
    assert aka.best.waits[0].han == plain.best.waits[0].han + 1


def test_thirteen_tiles_give_the_hand_itself():
    result = analyse("123456m789p234s5s", WRC)
    assert not result.discarding and len(result.options) == 1
    assert [kind_to_str(k) for k, _ in result.best.accepted] == ["2s", "5s"]
    assert result.best.accepted_count == 6 and result.reason.startswith("The hand is tenpai")


@pytest.mark.parametrize(
    ("hand", "melds", "visible", "message"),
    [
        ("123m", [], "", "HAND has 3 tiles: 13 or 14 expected"),
        ("11111m23456789p", [], "", "5 copies of 1m"),
        ("1234566m35p234s66x", [], "", "'x' is not a suit letter"),
        ("1234566m35p234s66s", [], "666m", "--visible: 6m would be copy number 5"),
        ("23m456p789s", ["pon:555z"], "", "HAND has 8 tiles: 10 or 11 expected with 1 meld"),
        ("23m456p789s66z", ["pon:123m"], "", "a pon needs three identical tiles"),
        ("23m456p789s66z", ["peng:555z"], "", "is not chi, pon, minkan, ankan or kakan"),
    ],
)
def test_bad_input_is_refused_in_words(hand, melds, visible, message):
    with pytest.raises(AnalysisError, match=message.replace("(", r"\(")):
        analyse(hand, WRC, melds=melds, visible=visible)


def test_meld_notation_defaults_the_source():
    assert parse_meld("chi:123m").source == "kamicha"
    assert parse_meld("pon:555z").source == "toimen"
    assert parse_meld("minkan:2222s:shimocha").source == "shimocha"
    assert parse_meld("ankan:9999p").source is None


# --- the command ----------------------------------------------------------------------


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tui.cli", "analyse", *args],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )


def test_the_contract_example_as_json():
    done = run("1234566m35p234s66s", "--json")
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert answer["hand"] == "1234566m35p234s66s"
    entry = next(d for d in answer["discards"] if d["discard"] == "1m")
    assert entry["shanten"] == 1
    assert entry["accepted"] == ["1m", "4m", "6m", "7m", "4p", "6s"]
    assert entry["accepted_count"] == 18
    # Discarding 6m leaves 123456m 35p 234s 66s: tenpai on the 4p kanchan.
    assert answer["shanten"] == 0 and answer["best"] == "6m"
    assert answer["discards"][0]["discard"] == "6m"
    assert sorted(d["discard"] for d in answer["discards"]) == sorted(
        {"1m", "2m", "3m", "4m", "5m", "6m", "3p", "5p", "2s", "3s", "4s", "6s"}
    )


def test_visible_tiles_and_red_fives_lower_the_count_on_the_command_line():
    done = run("1234566m35p234s66s", "--json", "--visible", "0p4p7m", "--ruleset", "jpml")
    answer = json.loads(done.stdout)
    entry = next(d for d in answer["discards"] if d["discard"] == "1m")
    assert entry["accepted_count"] == 18 - 2  # one 4p and one 7m gone; 0p is a 5p, not accepted
    assert entry["accepted_left"] == {"1m": 3, "4m": 3, "6m": 2, "7m": 3, "4p": 3, "6s": 2}


def test_the_text_is_one_line_per_discard_best_first_then_why():
    done = run("1234566m35p234s66s")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    rows = [line for line in lines if line.startswith("  ")]
    assert len(rows) == 12
    assert rows[0].split()[:2] == ["6m", "tenpai"]
    assert any(line.startswith("Discard 6m: it is the only discard") for line in lines)


@pytest.mark.parametrize(
    "args",
    [
        ["123m"],
        ["11111m23456789p"],
        ["1234566m35p234s66q"],
        ["1234566m35p234s66s", "--visible", "8z"],
        ["1234566m35p234s66s", "--ruleset", "nope"],
        ["1234566m35p234s66s", "--vis", "1m"],  # no abbreviations
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(args):
    done = run(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert "Traceback" not in done.stderr


def test_a_complete_hand_says_so_and_still_ranks_the_discards():
    result = analyse("123m456p789s11122z", WRC)
    assert result.shanten == -1
    assert result.reason.startswith("The hand is already complete")
    assert result.best.shanten == 0


def test_thirteen_tiles_as_json_have_no_discards_and_no_best():
    from tui.commands.analyse import to_json

    answer = to_json(analyse("123456m789p234s5s", WRC, dora="1s"), dora="1s")
    assert answer["discards"] == [] and answer["best"] is None
    assert answer["accepted"] == ["2s", "5s"] and answer["accepted_count"] == 6
    # 2345s is a double tanki (no pinfu); 2s is the dora (indicator 1s): on a 2s the hand
    # holds two of them, on a 5s one.
    values = {w["tile"]: w for w in answer["waits"]}
    assert values["2s"]["yaku"] == ["riichi"] and values["2s"]["han"] == 1 + 2
    assert values["5s"]["yaku"] == ["riichi"] and values["5s"]["han"] == 1 + 1
    assert answer["accepted_left"] == {"2s": 3, "5s": 3}
