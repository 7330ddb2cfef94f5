"""tenhou.net/6 JSON: the game record the Tenhou viewer and mjai-reviewer read.

    {"title": [...], "name": [4 names], "rule": {"disp": ..., "aka": 0, ...},
     "log": [hand, ...], "sc": [points/100, result, ...]}

Each hand is one array: `[round, honba, sticks]` (round = wind * 4 + hand
number), the scores at its start, the dora indicators, the ura indicators, then
per seat the deal, the takes and the discards, and last the result. Tiles are
two-digit codes: 11-19 man, 21-29 pin, 31-39 sou, 41-47 E S W N haku hatsu
chun, 51-53 red 5m/5p/5s. Takes hold draws and the strings of chi ("c" + called
+ own two), pon ("p" before the called tile, at position 0/1/2 for
kamicha/toimen/shimocha) and daiminkan ("m", at 0/1/3); discards hold tiles, 60
for tsumogiri, "r" + code for the riichi tile, 0 after a daiminkan, and the
ankan ("a" before the fourth tile) and kakan (the pon string with "k" + the
added tile in place of "p") strings. The result is `["和了", deltas, [who,
from, pao, "30符2飜2000点", "立直(1飜)", ...]]` (from = who for tsumo, pao = who
when nobody is liable) or `["流局" | "全員聴牌" | "全員不聴", deltas]` (or the kind
of an abortive draw or nagashi mangan, `DRAW_TAGS`); deltas
include honba and the sticks the winner takes but not the riichi sticks paid
during the hand (those show as the next hand's starting scores).

Three players (RULESETS.md §9) keep the four-seat shape, as Tenhou's own three-player
records do: the empty North seat has an empty deal, takes and discards, a 0 score, 0
deltas, an empty name and `0, 0` in `sc`; the seats sit in the four-seat frame, so a pon
string places the called tile by where its giver sits around a table of four with the
North chair empty (East calling West's tile writes it at toimen, as Tenhou's mjlog
meld codes do); a North set aside (kita) is `f44` in the discards, its replacement draw
the next take; `rule.disp` carries 三 (Tenhou's own "三鳳南喰赤").

What this format cannot say is listed in `engine.storage.records` (module doc).
"""

from __future__ import annotations

import json
from typing import Any

from rules.hand import Meld, MeldKind, Source
from rules.tiles import Tile, tile_key

from ...events import Called, Discarded, Drew, KanDeclared, KitaDeclared, Won
from ...wall import MAN5, PIN5, SOU5, red_kinds
from . import GameRecord, HandRecord

TSUMOGIRI = 60
KITA = "f44"  # a North set aside (抜きドラ) in the discards
DAIMINKAN_SLOT = 0
WIN_TAG = "和了"
RED_CODES = {MAN5: 51, PIN5: 52, SOU5: 53}
# The `流局` kinds tenhou.net/6 writes for the endings other than an exhaustive draw
# (ExhaustiveDraw.kind, the CONTRACT.md `end` names).
DRAW_TAGS = {
    "nine_terminals": "九種九牌",
    "four_winds": "四風連打",
    "four_riichi": "四家立直",
    "four_kans": "四槓散了",
    "triple_ron": "三家和了",
    "nagashi_mangan": "流し満貫",
}
GAME_LENGTH_TAGS = {"hanchan": "南", "tonpuu": "東", "isshou": "一荘"}

# Our yaku ids -> the names Tenhou writes (its yaku list, e.g. "立直(1飜)").
YAKU_NAMES = {
    "menzen_tsumo": "門前清自摸和",
    "riichi": "立直",
    "ippatsu": "一発",
    "chankan": "槍槓",
    "rinshan": "嶺上開花",
    "haitei": "海底摸月",
    "houtei": "河底撈魚",
    "pinfu": "平和",
    "tanyao": "断幺九",
    "iipeikou": "一盃口",
    "yakuhai_haku": "役牌 白",
    "yakuhai_hatsu": "役牌 發",
    "yakuhai_chun": "役牌 中",
    "double_riichi": "両立直",
    "chiitoitsu": "七対子",
    "chanta": "混全帯幺九",
    "ittsu": "一気通貫",
    "sanshoku": "三色同順",
    "sanshoku_doukou": "三色同刻",
    "sankantsu": "三槓子",
    "toitoi": "対々和",
    "sanankou": "三暗刻",
    "shousangen": "小三元",
    "honroutou": "混老頭",
    "ryanpeikou": "二盃口",
    "junchan": "純全帯幺九",
    "honitsu": "混一色",
    "chinitsu": "清一色",
    "renhou": "人和",
    "tenhou": "天和",
    "chiihou": "地和",
    "daisangen": "大三元",
    "suuankou": "四暗刻",
    "tsuuiisou": "字一色",
    "ryuuiisou": "緑一色",
    "chinroutou": "清老頭",
    "chuuren": "九蓮宝燈",
    "kokushi": "国士無双",
    "daisuushii": "大四喜",
    "shousuushii": "小四喜",
    "suukantsu": "四槓子",
}
WIND_NAMES = "東南西北"
LIMIT_NAMES = {
    "mangan": "満貫",
    "haneman": "跳満",
    "baiman": "倍満",
    "sanbaiman": "三倍満",
    "yakuman": "役満",
    "kazoe_yakuman": "数え役満",
}
# Letter position (in tiles) of the called tile in pon / daiminkan strings.
PON_AT = {Source.KAMICHA: 0, Source.TOIMEN: 1, Source.SHIMOCHA: 2}
MINKAN_AT = {Source.KAMICHA: 0, Source.TOIMEN: 1, Source.SHIMOCHA: 3}
# Where the giver sits in the four-seat frame, by (giver - caller) % 4.
FRAME = {3: Source.KAMICHA, 2: Source.TOIMEN, 1: Source.SHIMOCHA}


def table_source(seat: int, source: Source, players: int) -> Source:
    """`source` (ours: with three players the seat before is kamicha, the one after
    shimocha) as tenhou.net/6 places it, around four chairs with the North one empty
    (module doc): with four players the same."""
    if players == 4:
        return source
    giver = (seat - 1) % players if source is Source.KAMICHA else (seat + 1) % players
    return FRAME[(giver - seat) % 4]


def tile_code(tile: Tile) -> int:
    """11-19 man, 21-29 pin, 31-39 sou, 41-47 honors, 51-53 red fives."""
    if tile.red:
        return RED_CODES[tile.kind]
    if tile.kind >= 27:
        return 41 + tile.kind - 27
    return 10 * (tile.kind // 9 + 1) + tile.kind % 9 + 1



def _string(codes: list[int], letter: str, at: int) -> str:
    """Two-digit codes with `letter` before the code at index `at`."""
    parts = [f"{c:02d}" for c in codes]
    parts.insert(at, letter)
    return "".join(parts)


def _without(tiles: tuple[Tile, ...], tile: Tile | None) -> list[Tile]:
    rest = sorted(tiles, key=tile_key)
    if tile is not None:
        rest.remove(tile)
    return rest


def meld_string(meld: Meld, seat: int = 0, players: int = 4) -> str:
    """The Tenhou string of `seat`'s meld (see the module doc; `seat` and `players`
    place a three-player call in the four-seat frame)."""
    kind = meld.kind
    if kind is MeldKind.ANKAN:
        codes = [tile_code(t) for t in sorted(meld.tiles, key=tile_key)]
        return _string(codes, "a", 3)
    if kind is MeldKind.KAKAN:
        pon = Meld(MeldKind.PON, meld.tiles[:3], meld.source, meld.called)
        added = f"k{tile_code(meld.tiles[3]):02d}"
        return meld_string(pon, seat, players).replace("p", added)
    assert meld.called is not None and meld.source is not None
    own = [tile_code(t) for t in _without(meld.tiles, meld.called)]
    called = tile_code(meld.called)
    if kind is MeldKind.CHI:
        return _string([called, *own], "c", 0)
    source = table_source(seat, meld.source, players)
    at = (PON_AT if kind is MeldKind.PON else MINKAN_AT)[source]
    own.insert(at, called)
    return _string(own, "p" if kind is MeldKind.PON else "m", at)


def score_string(won: Won, dealer: int) -> str:
    """"30符2飜2000点", "満貫2000-4000点", "40符2飜1300点∀" (each pays, dealer tsumo)."""
    r = won.result
    p = r["points"]
    if won.from_seat is not None:
        amount = f"{p['ron']}"
    elif won.winner == dealer:
        amount = f"{p['tsumo_non_dealer']}点∀"
    else:
        amount = f"{p['tsumo_non_dealer']}-{p['tsumo_dealer']}"
    if not amount.endswith("∀"):
        amount += "点"
    limit = r.get("limit")
    head = LIMIT_NAMES.get(limit, "") if limit else f"{r['fu']}符{r['han']}飜"
    return head + amount


def yaku_strings(won: Won, dealer: int, round_wind: int, players: int = 4) -> list[str]:
    """"立直(1飜)", "自風 東(1飜)", "ドラ(2飜)" (set-aside Norths counted in, as Tenhou's
    three-player records count them), "大三元(役満)"."""
    r = won.result
    seat_wind = (won.winner - dealer) % players
    out = []
    for y in r["yaku"]:
        name = YAKU_NAMES.get(y["id"], y["id"])
        if y["id"] == "yakuhai_seat_wind":
            name = f"自風 {WIND_NAMES[seat_wind]}"
        elif y["id"] == "yakuhai_round_wind":
            name = f"場風 {WIND_NAMES[round_wind]}"
        han = "役満" if r.get("yakuman") else f"{y['han']}飜"
        out.append(f"{name}({han})")
    if not r.get("yakuman"):
        dora = r["dora"]
        for key, name in (("dora", "ドラ"), ("aka", "赤ドラ"), ("ura", "裏ドラ")):
            if dora[key]:
                out.append(f"{name}({dora[key]}飜)")
    return out


def hand_array(hand: HandRecord, players: int = 4) -> list[Any]:
    start = hand.start
    takes: list[list[Any]] = [[] for _ in range(4)]
    discards: list[list[Any]] = [[] for _ in range(4)]
    for event in hand.events:
        if isinstance(event, Drew):
            assert event.tile is not None
            takes[event.seat].append(tile_code(event.tile))
        elif isinstance(event, Discarded):
            code = TSUMOGIRI if event.tsumogiri else tile_code(event.tile)
            discards[event.seat].append(f"r{code}" if event.riichi else code)
        elif isinstance(event, Called):
            takes[event.seat].append(meld_string(event.meld, event.seat, players))
            if event.meld.kind is MeldKind.MINKAN:
                discards[event.seat].append(DAIMINKAN_SLOT)
        elif isinstance(event, KanDeclared):
            discards[event.seat].append(meld_string(event.meld, event.seat, players))
        elif isinstance(event, KitaDeclared):
            discards[event.seat].append(KITA)
    wins = hand.wins
    ura = next((w.ura_indicators for w in wins if w.ura_indicators), ())
    out: list[Any] = [
        [start.round_wind * 4 + start.hand_number, start.honba, start.sticks],
        list(start.scores),
        [tile_code(t) for t in hand.dora],
        [tile_code(t) for t in ura],
    ]
    for seat in range(4):
        deal = [tile_code(t) for t in sorted(hand.dealt[seat], key=tile_key)]
        out += [deal, takes[seat], discards[seat]]
    out.append(_result(hand, players))
    return out


def _result(hand: HandRecord, players: int) -> list[Any]:
    assert hand.end is not None
    wins = hand.wins
    if not wins:
        draw = hand.draw
        tenpai = (draw.tenpai if draw is not None else (False,) * 4)[:players]
        tag = "全員聴牌" if all(tenpai) else "全員不聴" if not any(tenpai) else "流局"
        if draw is not None and draw.kind in DRAW_TAGS:
            tag = DRAW_TAGS[draw.kind]
        return [tag, list(hand.end.deltas)]
    out: list[Any] = [WIN_TAG]
    dealer = hand.start.dealer
    for won in wins:
        deltas = [0] * 4
        for pay in won.payments:
            deltas[pay.payee] += pay.amount
            if pay.payer >= 0:
                deltas[pay.payer] -= pay.amount
        who = won.winner
        source = who if won.from_seat is None else won.from_seat
        pao = who if won.liable is None else won.liable
        detail = [who, source, pao, score_string(won, dealer)]
        out.append(deltas)
        out.append(detail + yaku_strings(won, dealer, hand.start.round_wind, players))
    return out


def _hundreds(points: int) -> int | float:
    return points // 100 if points % 100 == 0 else points / 100


def to_tenhou6(record: GameRecord) -> dict[str, Any]:
    """The game as a tenhou.net/6 JSON object."""
    game = record.game
    r = record.ruleset
    red = red_kinds(r.red_fives)
    three = "三" if r.players == 3 else ""  # as Tenhou's "三鳳南喰赤" says three players
    rule: dict[str, Any] = {
        "disp": f"mahjong-tui {r.id} {three}" + GAME_LENGTH_TAGS[r.game_length],
        "aka": 1 if red else 0,
        "aka51": red.count(MAN5),
        "aka52": red.count(PIN5),
        "aka53": red.count(SOU5),
        # Our extension (other readers ignore it): the house rules, seed and seating,
        # which `disp` cannot say, so `engine.storage.records.tenhou6_read` rebuilds the same
        # game under the same rules.
        "mahjong_tui": {
            "ruleset": r.id,
            "overrides": dict(game.setup["overrides"]),
            "seed": game.seed,
            "seating": list(game.seating),
        },
    }
    out: dict[str, Any] = {
        "title": [f"mahjong-tui {r.id}", f"seed {game.seed}"],
        "name": [
            f"seat {s} (player {game.seating[s]})" if s < r.players else "" for s in range(4)
        ],
        "rule": rule,
        "log": [hand_array(h, r.players) for h in record.hands],
    }
    if record.ended is not None:
        by_seat = {row["seat"]: row for row in record.ended.results}
        sc: list[int | float] = []
        for seat in range(4):
            if seat not in by_seat:  # the empty North seat (three players)
                sc += [0, 0]
                continue
            sc += [_hundreds(record.ended.scores[seat]), by_seat[seat]["result"]]
        out["sc"] = sc
    return out


def to_tenhou6_text(record: GameRecord) -> str:
    return json.dumps(to_tenhou6(record), ensure_ascii=False, separators=(",", ":")) + "\n"
