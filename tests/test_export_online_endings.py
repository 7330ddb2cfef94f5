"""The exports write every hand of the online rules: abortive draws and nagashi mangan
as tenhou.net/6 `流局` kinds and mjai `ryukyoku` reasons, read back by an independent
parser (jansou) with the kind each one names."""

from __future__ import annotations

import json

import pytest
from jansou.io import paifu as jp
from jansou.io.mjai import parse_mjai
from jansou.io.tenhou_json import parse_tenhou_json
from test_engine_online_rules import KANS, NINE, NOTEN, RON3, TENPAI4, WINDS, _nagashi_wall

from engine.actions import Ankan, Discard, NineTerminals, Ron
from engine.game import Game
from engine.scripted import advance, do, scripted_game, t
from engine.storage.records import split_hands
from engine.storage.records.mjai import to_mjai_text
from engine.storage.records.tenhou6 import to_tenhou6

RED0 = {"red_fives": 0}


def _finish_first_hand(game: Game) -> Game:
    advance(game, lambda g: g.hands_played > 0, same_hand=False)
    return game


def nine_terminals() -> Game:
    game = scripted_game("tenhou", [NINE, *NOTEN[1:]], draws="7z", rules=RED0)
    game.apply(NineTerminals(0))
    return game


def four_winds() -> Game:
    game = scripted_game("tenhou", list(WINDS), draws="5z6z7z5z", rules=RED0)
    for seat in range(4):
        do(game, Discard(seat, t("1z")), same_hand=seat < 3)
    return game


def four_riichi() -> Game:
    game = scripted_game("tenhou", list(TENPAI4), draws="8p8p8p8s", rules=RED0)
    for seat, tile in enumerate(("8p", "8p", "8p", "8s")):
        do(game, Discard(seat, t(tile), riichi=True), same_hand=seat < 3)
    return game


def four_kans() -> Game:
    game = scripted_game("tenhou", list(KANS), draws="9m9p", rinshan="5z5z6z6z", rules=RED0)
    do(game, Ankan(0, 27))
    do(game, Ankan(0, 28))
    do(game, Discard(0, t("5z")))
    do(game, Ankan(1, 29))
    do(game, Ankan(1, 30))
    do(game, Discard(1, t("6z")), same_hand=False)
    return game


def triple_ron() -> Game:
    game = scripted_game("tenhou", list(RON3), draws="7z", rules=RED0)
    do(game, Discard(0, t("3z")))
    do(game, Ron(1), Ron(2), Ron(3), same_hand=False)
    return game


def nagashi() -> Game:
    hands, draws = _nagashi_wall()
    game = scripted_game("tenhou", hands, draws=draws, rules={**RED0, "abort_suufon": False})
    return _finish_first_hand(game)


GAMES = {
    "yao9": nine_terminals,
    "kaze4": four_winds,
    "reach4": four_riichi,
    "ron3": triple_ron,
    "kan4": four_kans,
    "nm": nagashi,
}
TENHOU6_TAGS = {"yao9": "九種九牌", "kaze4": "四風連打", "reach4": "四家立直", "ron3": "三家和了",
                "kan4": "四槓散了", "nm": "流し満貫"}
MJAI_REASONS = {"yao9": "kyushukyuhai", "kaze4": "sufonrenta", "reach4": "suchareach",
                "ron3": "sanchaho", "kan4": "sukaikan", "nm": "nagashimangan"}


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_tenhou6_writes_the_kind_and_jansou_reads_it(kind):
    record = split_hands(GAMES[kind]())
    first = to_tenhou6(record)["log"][0]
    assert first[-1][0] == TENHOU6_TAGS[kind]
    assert first[-1][1] == list(record.hands[0].end.deltas)
    paifu = parse_tenhou_json(json.dumps(to_tenhou6(record), ensure_ascii=False))
    outcome = paifu.rounds[0].outcome
    assert isinstance(outcome, jp.Ryuukyoku)
    assert outcome.deltas == tuple(record.hands[0].end.deltas)
    if kind != "kan4":  # jansou knows only 四開槓, and reads Tenhou's 四槓散了 as a 流局
        assert jp.canonical_kind(outcome.kind) == kind


@pytest.mark.parametrize("kind", sorted(GAMES))
def test_mjai_writes_the_reason_and_jansou_reads_it(kind):
    record = split_hands(GAMES[kind]())
    text = to_mjai_text(record)
    lines = [json.loads(line) for line in text.splitlines()]
    [first] = [x for x in lines if x["type"] == "ryukyoku"][:1]
    assert first["reason"] == MJAI_REASONS[kind]
    assert first["deltas"] == list(record.hands[0].end.deltas)
    paifu = parse_mjai(text)
    outcome = paifu.rounds[0].outcome
    assert isinstance(outcome, jp.Ryuukyoku)
    # jansou keeps a spelling it has no canonical name for: gimite's "sufonrenta" and
    # "suchareach" (lib/mjai/active_game.rb, the reference) come back verbatim.
    assert jp.canonical_kind(outcome.kind) == kind or outcome.kind == MJAI_REASONS[kind]
