"""tenhou.net/6 export: read back by an independent parser and engine (jansou).

Simulated games of every preset are exported, parsed with `jansou.io.tenhou_json`
and compared hand by hand with our log (deal, every draw, discard, call, riichi
and kan, dora and ura, winners, deltas, scores), then replayed through jansou's
own engine (`jansou.io.replay`) under rules matched to the preset, which checks
that every action is legal where it stands. Golden files pin the exact text for
a few scripted hands. The helpers here serve `test_export_mjai.py` too.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import os
from functools import cache
from pathlib import Path

import pytest
from jansou.core.hand import MeldType
from jansou.core.rules import preset as jansou_preset
from jansou.core.tiles import Wind
from jansou.io import paifu as jp
from jansou.io.replay import ReplayError, replay_round_decisions
from jansou.io.tenhou_json import parse_tenhou_json

from ai import LEVELS
from engine.actions import Ankan, Discard, Kakan, Pon, Ron, Tsumo
from engine.driver import play_game
from engine.events import Called, Discarded, DoraRevealed, Drew, HandEnded, KanDeclared
from engine.game import Game
from engine.scripted import advance, do, scripted_game, t
from engine.storage.game_log import log_lines
from engine.storage.records import GameRecord, HandRecord, export, load, warnings
from engine.storage.records.tenhou6 import meld_string, tile_code, to_tenhou6
from rules.hand import Meld, MeldKind, Source
from rules.ruleset import PRESET_IDS, Ruleset, load_preset
from rules.tiles import Tile, parse_tiles

GOLDEN = Path(__file__).resolve().parent / "golden"
FAST_SEEDS = range(2)
SLOW_SEEDS = range(2, 22)

# Named exception (a jansou limitation, not a format one): jansou's engine plays
# Tenhou-family rules. It offers no win without a yaku (renmei_classic has
# min_yaku_han = 0), none on classic-only yaku (open pinfu), and applies furiten
# over every wait (renmei_classic: furiten_scope = same_tile). Such wins cannot be
# replayed by it, so under classic scoring a hand that ended in a win may fail
# jansou's *replay*; every other check (parse, events, deltas, scores) still holds,
# and hands that ended in a draw must replay.
JANSOU_NO_CLASSIC_WINS = "classic"

# Named exception (a jansou limitation): jansou's engine offers riichi only to a
# player with at least 1,000 points (Tenhou's rule); ours allow riichi whatever
# the points (riichi_points = "any", RULESETS.md A45). A hand with such a
# declaration cannot be replayed by it; the other checks still hold.
JANSOU_RIICHI_MIN_POINTS = 1000


# Named exception (a jansou limitation, mjai only): the original mjai protocol names
# the exhaustive draw's reason "fanpai" (荒牌平局, as gimite/mjai writes it); jansou
# does not know that spelling and keeps it verbatim instead of "exhaustive".
JANSOU_KEEPS_FANPAI = "fanpai"

# Named exception (the tenhou.net/6 format): a hand has one list of ura indicators,
# not one per winner, and jansou gives it to every winner of a double ron (a house
# rule: multiple_ron = "double_ron"), riichi or not. A winner without riichi scores
# no ura either way, so only the list a riichi winner saw is compared.
TENHOU6_URA_PER_HAND = "one ura list per hand"


def riichi_under_1000(hand: HandRecord) -> bool:
    return any(
        isinstance(e, Discarded) and e.riichi
        and hand.start.scores[e.seat] < JANSOU_RIICHI_MIN_POINTS
        for e in hand.events
    )


# ----------------------------------------------------------------------------- helpers


@cache
def played(preset: str, seed: int) -> GameRecord:
    """A game of `preset` by the `normal` bots (they call, riichi and kan), logged,
    replayed from its log and split into hands."""
    game = Game.new(load_preset(preset), seed)
    asyncio.run(play_game(game, [LEVELS["normal"](s, seed) for s in range(4)]))
    return load(list(log_lines(game)))


def jansou_rules(r: Ruleset):
    """jansou's rules set to match ours wherever jansou has the switch."""
    return dataclasses.replace(
        jansou_preset("tenhou"),
        starting_points=r.starting_points,
        game_length=Wind.SOUTH if r.game_length == "hanchan" else Wind.NORTH,
        honba_value=r.honba_value // 3,
        aka_dora=r.red_fives > 0,
        ura_dora=r.ura_dora,
        kan_dora=r.kan_dora,
        closed_kan_indicator_immediate=True,
        open_kan_indicator_immediate=True,
        riichi_without_draw=r.riichi_no_draw,
        closed_kan_after_riichi=r.riichi_ankan != "none",
        kuitan=r.kuitan,
        kuikae_ban=r.kuikae == "forbidden",
        multiple_ron=False,
        kokushi_ankan_chankan=r.kokushi_ankan,
        abort_kyuushu_kyuuhai=False,
        abort_suufon_renda=False,
        abort_suucha_riichi=False,
        abort_suukaikan=False,
        abort_sanchahou=False,
        noten_penalty_pool=r.noten_payment,
        formal_tenpai=r.formal_tenpai,
        tenpai_declaration=r.tenpai_declaration == "optional",
        nagashi_mangan=False,
        ippatsu=r.ippatsu,
        dealer_repeat_on_tenpai=r.renchan == "win_or_tenpai",
        pao_daisangen="daisangen" in r.pao,
        pao_daisuushi="daisuushii" in r.pao,
        pao_suukantsu="suukantsu" in r.pao,
        allow_negative_scores=True,
        agari_yame=r.agari_yame,
        sudden_death=False,
        leftover_deposits_to_first=False,
    )


def ours(tile) -> Tile:
    """A jansou tile as ours (both number the 34 kinds man, pin, sou, E S W N haku hatsu chun)."""
    return Tile(int(tile.kind), red=tile.red)


def _sorted(tiles) -> tuple[Tile, ...]:
    return tuple(sorted(tiles, key=lambda x: (x.kind, x.red)))


KIND_OF = {
    MeldType.CHII: "chi",
    MeldType.PON: "pon",
    MeldType.DAIMINKAN: "minkan",
    MeldType.ANKAN: "ankan",
    MeldType.SHOUMINKAN: "kakan",
}
STEPS = {"KAMICHA": 3, "TOIMEN": 2, "SHIMOCHA": 1}


def their_events(round_log: jp.RoundLog) -> list[tuple]:
    out: list[tuple] = []
    for e in round_log.events:
        if isinstance(e, jp.Draw):
            out.append(("draw", e.seat, ours(e.tile)))
        elif isinstance(e, jp.Discard):
            out.append(("discard", e.seat, ours(e.tile), e.riichi, e.tsumogiri))
        elif isinstance(e, jp.Call):
            m = e.meld
            kind = KIND_OF[m.type]
            called = source = None
            if kind in ("chi", "pon", "minkan"):
                called = ours(m.called)
                source = (e.seat + STEPS[m.source.name]) % 4
            out.append(("call", e.seat, kind, _sorted(map(ours, m.tiles)), called, source))
        elif isinstance(e, jp.DoraReveal):
            out.append(("dora", ours(e.indicator)))
    return out


def our_events(hand: HandRecord) -> list[tuple]:
    out: list[tuple] = []
    for e in hand.events:
        if isinstance(e, Drew):
            out.append(("draw", e.seat, e.tile))
        elif isinstance(e, Discarded):
            out.append(("discard", e.seat, e.tile, e.riichi, e.tsumogiri))
        elif isinstance(e, Called):
            m = e.meld
            out.append(("call", e.seat, str(m.kind), _sorted(m.tiles), m.called, e.from_seat))
        elif isinstance(e, KanDeclared):
            out.append(("call", e.seat, str(e.meld.kind), _sorted(e.meld.tiles), None, None))
        elif isinstance(e, DoraRevealed):
            out.append(("dora", e.indicator))
    return out


def tally(events: list[tuple]) -> dict[str, int]:
    """Per hand: calls (chi/pon/daiminkan), riichi declarations, kans, dora reveals."""
    return {
        "calls": sum(1 for e in events if e[0] == "call" and e[2] in ("chi", "pon", "minkan")),
        "riichi": sum(1 for e in events if e[0] == "discard" and e[3]),
        "kans": sum(1 for e in events if e[0] == "call" and e[2] in ("minkan", "ankan", "kakan")),
        "dora": sum(1 for e in events if e[0] == "dora"),
    }


def win_deltas(won) -> list[int]:
    deltas = [0] * 4
    for p in won.payments:
        deltas[p.payee] += p.amount
        if p.payer >= 0:
            deltas[p.payer] -= p.amount
    return deltas


def assert_same_game(paifu: jp.Paifu, record: GameRecord, *, dora_in_place: bool) -> None:
    """jansou's reading of an export says exactly what our log says, hand by hand."""
    assert paifu.player_count == 4
    assert len(paifu.rounds) == len(record.hands)
    for n, (rl, hand) in enumerate(zip(paifu.rounds, record.hands, strict=True)):
        where = f"hand {n}"
        start, end = hand.start, hand.end
        assert end is not None
        assert (int(rl.round_wind), rl.dealer, rl.honba, rl.riichi_sticks) == (
            start.round_wind, start.dealer, start.honba, start.sticks
        ), where
        assert rl.scores == start.scores, where
        assert [_sorted(map(ours, h)) for h in rl.hands] == [_sorted(h) for h in hand.dealt]
        assert ours(rl.initial_dora) == hand.dora[0], where
        theirs, mine = their_events(rl), our_events(hand)
        if not dora_in_place:  # tenhou.net/6 keeps only the list of indicators
            assert [e for e in theirs if e[0] == "dora"] == [e for e in mine if e[0] == "dora"]
            theirs = [e for e in theirs if e[0] != "dora"]
            mine = [e for e in mine if e[0] != "dora"]
        assert theirs == mine, where
        assert tally(theirs) == tally(mine), where
        if hand.wins:
            assert not isinstance(rl.outcome, jp.Ryuukyoku), where
            got = [
                (a.winner, a.from_seat, list(a.deltas), a.liable_seat,
                 tuple(map(ours, a.ura_indicators)))
                for a in rl.outcome
            ]
            # TENHOU6_URA_PER_HAND: in tenhou.net/6 a double ron's winners share one list.
            shown = next((w.ura_indicators for w in hand.wins if w.ura_indicators), ())
            shared = () if dora_in_place else shown
            want = [
                (w.winner, w.winner if w.from_seat is None else w.from_seat, win_deltas(w),
                 w.liable, w.ura_indicators or shared)
                for w in hand.wins
            ]
            assert got == want, where
        else:
            assert isinstance(rl.outcome, jp.Ryuukyoku), where
            kind = jp.canonical_kind(rl.outcome.kind)
            assert kind in ("exhaustive", JANSOU_KEEPS_FANPAI), where
            assert list(rl.outcome.deltas) == list(end.deltas), where
        assert jp.settled_scores(rl) == end.scores, where
        assert jp.leftover_deposits(rl) == end.sticks, where


def assert_jansou_replays(paifu: jp.Paifu, record: GameRecord) -> int:
    """jansou's engine replays every hand (legal actions only, events as recorded) under
    rules matched to ours; returns how many hands fell under a named exception."""
    paifu = dataclasses.replace(paifu, rules=jansou_rules(record.ruleset))
    excused = 0
    for n, hand in enumerate(record.hands):
        try:
            for _ in replay_round_decisions(paifu, n):
                pass
        except ReplayError:
            classic_win = record.ruleset.scoring_model == JANSOU_NO_CLASSIC_WINS and hand.wins
            if classic_win or riichi_under_1000(hand):
                excused += 1
                continue
            raise
    return excused


def check_tenhou6(record: GameRecord) -> int:
    data = json.loads(json.dumps(to_tenhou6(record), ensure_ascii=False))
    paifu = parse_tenhou_json(data)
    assert_same_game(paifu, record, dora_in_place=False)
    assert record.ended is not None
    assert jp.settled_scores(paifu.rounds[-1]) == record.ended.scores
    assert data["sc"][0::2] == [s / 100 for s in record.ended.scores]
    return assert_jansou_replays(paifu, record)


# ----------------------------------------------------------------------------- simulated games


@pytest.mark.parametrize("preset", PRESET_IDS)
def test_tenhou6_export_of_simulated_games_reads_back_the_same_in_jansou(preset):
    for seed in FAST_SEEDS:
        check_tenhou6(played(preset, seed))


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_IDS)
def test_tenhou6_export_reads_back_the_same_over_many_seeds(preset, request):
    if "slow" not in (request.config.option.markexpr or ""):
        pytest.skip("soak test: run with -m slow")
    for seed in SLOW_SEEDS:
        check_tenhou6(played(preset, seed))


@cache
def double_ron_game(seed: int) -> GameRecord:
    """A wrc game under the house rule multiple_ron = "double_ron" (greedy bots, whose
    games at these seeds hold a double ron, one of them with a riichi winner)."""
    ruleset = load_preset("wrc").with_overrides({"multiple_ron": "double_ron"})
    game = Game.new(ruleset, seed)
    asyncio.run(play_game(game, [LEVELS["greedy"](s, seed) for s in range(4)]))
    return load(list(log_lines(game)))


DOUBLE_RON_SEEDS = (1, 8)


def test_tenhou6_export_of_a_double_ron_reads_back_the_same_in_jansou():
    for seed in DOUBLE_RON_SEEDS:
        record = double_ron_game(seed)
        assert any(len(hand.wins) == 2 for hand in record.hands)
        check_tenhou6(record)


def test_tenhou6_sweep_covers_calls_riichi_kans_wins_and_draws():
    seen = {"calls": 0, "riichi": 0, "kans": 0, "tsumo": 0, "ron": 0, "draws": 0}
    for preset in PRESET_IDS:
        for seed in FAST_SEEDS:
            for hand in played(preset, seed).hands:
                counts = tally(our_events(hand))
                for key in ("calls", "riichi", "kans"):
                    seen[key] += counts[key]
                for w in hand.wins:
                    seen["tsumo" if w.from_seat is None else "ron"] += 1
                seen["draws"] += not hand.wins
    assert all(seen.values()), seen


# ----------------------------------------------------------------------------- format details


def test_tile_codes_follow_tenhou():
    codes = [tile_code(x) for x in parse_tiles("19m19p19s1234567z0m0p0s")]
    assert codes == [11, 19, 21, 29, 31, 39, 41, 42, 43, 44, 45, 46, 47, 51, 52, 53]


@pytest.mark.parametrize(
    ("meld", "text"),
    [
        (Meld(MeldKind.CHI, tuple(parse_tiles("345p")), Source.KAMICHA, t("4p")), "c242325"),
        (Meld(MeldKind.PON, tuple(parse_tiles("777z")), Source.KAMICHA, t("7z")), "p474747"),
        (Meld(MeldKind.PON, tuple(parse_tiles("222m")), Source.TOIMEN, t("2m")), "12p1212"),
        (Meld(MeldKind.PON, tuple(parse_tiles("777s")), Source.SHIMOCHA, t("7s")), "3737p37"),
        (Meld(MeldKind.MINKAN, tuple(parse_tiles("9999s")), Source.KAMICHA, t("9s")), "m39393939"),
        (Meld(MeldKind.MINKAN, tuple(parse_tiles("6666p")), Source.TOIMEN, t("6p")), "26m262626"),
        (Meld(MeldKind.MINKAN, tuple(parse_tiles("3333m")), Source.SHIMOCHA, t("3m")), "131313m13"),
        (Meld(MeldKind.ANKAN, tuple(parse_tiles("2222z"))), "424242a42"),
        (Meld(MeldKind.KAKAN, tuple(parse_tiles("6666m")), Source.KAMICHA, t("6m")), "k16161616"),
        (Meld(MeldKind.KAKAN, tuple(parse_tiles("1111z")), Source.TOIMEN, t("1z")), "41k414141"),
        (Meld(MeldKind.KAKAN, tuple(parse_tiles("6666z")), Source.SHIMOCHA, t("6z")), "4646k4646"),
    ],
)
def test_call_strings_put_the_letter_where_the_tile_came_from(meld, text):
    assert meld_string(meld) == text


def test_every_ruleset_gap_is_one_warning_line_and_faithful_presets_have_none_for_mjai():
    for preset in PRESET_IDS:
        for fmt in ("tenhou6", "mjai"):
            for line in warnings(load_preset(preset), fmt):
                assert "\n" not in line and line.startswith(preset + ":")
    classic = " ".join(warnings(load_preset("renmei_classic"), "tenhou6"))
    assert "classic scoring" in classic and "without dora" in classic and "North" in classic
    assert any("time limit" in w for w in warnings(load_preset("gifu"), "tenhou6"))
    assert any("kuikae" in w for w in warnings(load_preset("gifu"), "mjai"))
    assert any("uma" in w for w in warnings(load_preset("jpm"), "mjai"))
    assert not any("uma" in w for w in warnings(load_preset("jpm"), "tenhou6"))


# ----------------------------------------------------------------------------- golden hands

HONORS_0 = "1z1z1z2z2z2z3z3z3z4z4z4z"


def _riichi_ron() -> Game:
    """Seat 1 declares double riichi on 6z; seat 2 draws 5p and lets it go: ron, ippatsu, ura."""
    game = scripted_game(
        "wrc",
        [
            "1z1z1z3z3z3z4z4z4z5z5z5z9s",
            "123m456m789m67p11s",
            "1s2s3s4s5s6s7s8s1p2p3p9p9p",
            "2z2z4p5p6p7p8p9p2s3s4s6s7z",
        ],
        draws="7z6z5p",
        indicators="2z",
        ura="7m",
    )
    do(game, Discard(1, t("6z"), riichi=True))
    do(game, Ron(1))
    return game


def _ankan_rinshan() -> Game:
    """Seat 0 (dealer) makes an ankan of 1m, a kan dora is turned, rinshan tsumo."""
    game = scripted_game(
        "wrc",
        [
            "111m234p567p789s5s",
            "2m3m4m5m6m7m8m9m1z1z2z2z3z",
            "2m3m4m5m6m7m8m9m3z4z4z5z5z",
            "2s3s4s6s7s8s1p1p1p9p9p9p6z",
        ],
        draws="1m",
        rinshan="5s",
        indicators="7p3s",
    )
    do(game, Ankan(0, 0))
    do(game, Tsumo(0))
    return game


def _pon_kakan_chankan() -> Game:
    """Seat 1 pons 5p from the dealer, adds the fourth 5p; seat 2 robs it (chankan)."""
    game = scripted_game(
        "wrc",
        ["5p" + HONORS_0, "55p234m678m1s1s5z6z7z", "234m567m789s46p11s", "123p789p234s678s5s"],
        draws="6z1m1m1m5p",
        indicators="9m",
    )
    do(game, Discard(0, t("5p")))
    do(game, Pon(1, (t("5p"), t("5p"))))
    do(game, Discard(1, t("5z")))
    do(game, Kakan(1, t("5p")))
    do(game, Ron(2))
    return game


def _exhaustive_draw() -> Game:
    """Nobody wins (the autopilot never does): seats 1, 2 and 3 show tenpai at the draw
    and the dealer, noten, pays them 1,000 each."""
    game = scripted_game(
        "wrc",
        [
            "1z1z1z2z2z2z3z3z3z4z4z9m1p",
            "123m456m789m67p11s",
            "234m567m789s46p11s",
            "555p9s9s6z6z6z7z7z7z5z5z",
        ],
        indicators="8m",
    )
    advance(game, lambda g: any(isinstance(e, HandEnded) for e in g.events), same_hand=False)
    return game


GOLDEN_GAMES = {
    "riichi_ron": _riichi_ron,
    "ankan_rinshan": _ankan_rinshan,
    "pon_kakan_chankan": _pon_kakan_chankan,
    "exhaustive_draw": _exhaustive_draw,
}


def golden_record(name: str) -> GameRecord:
    """The scripted hand's log up to the next hand's start (left out as unfinished)."""
    return load(list(log_lines(GOLDEN_GAMES[name]())))


def check_golden(name: str, fmt: str, suffix: str) -> str:
    text, notes = export(golden_record(name), fmt)
    assert "the log ends inside a hand: that hand is left out" in notes
    path = GOLDEN / f"{name}.{suffix}"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    assert text == path.read_text(encoding="utf-8"), f"{path.name} differs"
    return text


@pytest.mark.parametrize("name", GOLDEN_GAMES)
def test_tenhou6_golden_hands(name):
    text = check_golden(name, "tenhou6", "tenhou6.json")
    record = golden_record(name)
    paifu = parse_tenhou_json(text)
    assert_same_game(paifu, record, dora_in_place=False)
    assert assert_jansou_replays(paifu, record) == 0


def test_tenhou6_golden_riichi_ron_result_line():
    # Worked by hand: 123m456m789m67p11s + 5p, double riichi (tsumogiri 6z), ippatsu,
    # pinfu, ittsu and one ura (7m -> 8m): 7 han, haneman 12,000 from seat 2, plus
    # seat 1's own riichi stick back from the table.
    [hand] = json.loads(check_golden("riichi_ron", "tenhou6", "tenhou6.json"))["log"]
    assert hand[0] == [0, 0, 0] and hand[1] == [30000] * 4
    assert hand[2] == [42] and hand[3] == [17]
    assert (hand[5], hand[6]) == ([47], [60])  # the dealer: draws 7z, lets it go
    assert (hand[8], hand[9]) == ([46], ["r60"])  # seat 1: draws 6z, riichi with it
    assert (hand[11], hand[12]) == ([25], [60])  # seat 2: draws 5p, lets it go
    tag, deltas, (who, source, pao, points, *yaku) = hand[-1]
    assert (tag, deltas) == ("和了", [0, 13000, -12000, 0])
    assert (who, source, pao, points) == (1, 2, 1, "跳満12000点")
    assert sorted(yaku) == sorted(
        ["両立直(2飜)", "一発(1飜)", "平和(1飜)", "一気通貫(2飜)", "裏ドラ(1飜)"]
    )


def test_tenhou6_golden_draw_and_kan_result_lines():
    draw = json.loads(check_golden("exhaustive_draw", "tenhou6", "tenhou6.json"))["log"][0]
    assert draw[-1] == ["流局", [-3000, 1000, 1000, 1000]]
    assert len(draw[5]) == 18 and len(draw[8]) == 18 and len(draw[11]) == 17  # 70 draws
    kan = json.loads(check_golden("ankan_rinshan", "tenhou6", "tenhou6.json"))["log"][0]
    assert kan[2] == [27, 33]  # omote 7p, kan dora 3s
    assert (kan[5], kan[6]) == ([11, 35], ["111111a11"])  # draw 1m, ankan, rinshan 5s
    assert kan[-1] == ["和了", [6000, -2000, -2000, -2000],
                       [0, 0, 0, "60符2飜2000点∀", "門前清自摸和(1飜)", "嶺上開花(1飜)"]]
    chankan = json.loads(check_golden("pon_kakan_chankan", "tenhou6", "tenhou6.json"))["log"][0]
    assert (chankan[8], chankan[9]) == (["p252525", 25], [45, "k25252525"])
    assert chankan[-1] == ["和了", [0, -1300, 1300, 0], [2, 1, 2, "40符1飜1300点", "槍槓(1飜)"]]
